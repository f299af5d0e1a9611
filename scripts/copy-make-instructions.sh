#!/usr/bin/env bash
# Instructions per node made of the copy-make walks (crates/quadboard-bench/walks/copy_make.rs,
# what `cargo bench -p quadboard-bench --bench copy_make` times), counted by valgrind's
# cachegrind: quadboard, cozy-chess and shakmaty, plain and ordered, per position, with the
# cost of starting the process subtracted. Deterministic, unlike timings on a shared machine.
#
# The program (walks/count.rs) is built in a crate of its own under $TMPDIR, so that
# `cargo test` never builds the peers. Built with `-C target-cpu=x86-64-v3` (BMI2 for
# cozy-chess's pext sliders; Debian's valgrind 3.19 stops at the first AVX-512 instruction)
# and run on quadboard's `bmi2` path. With BUILD_ONLY=native it builds a native binary
# instead, prints its path and stops: `<bin> <library> <walk> all - 150` prints each
# position's fastest of 150 walks in ns per node, for alternating timed rounds. With TEST=1
# it runs the walks' tests instead (`cargo test --release` in that crate: the XOR
# make/unmake walk's tallies against the copy-make walk's, walks/xor_unmake.rs).
#
#   scripts/copy-make-instructions.sh [LIBRARIES="quadboard cozy"] [MODES="plain ordered"]
#   (libraries: quadboard, cozy, shakmaty, xor, quadcopy; see walks/count.rs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libraries=${1:-quadboard cozy}
modes=${2:-plain ordered}
cpu=${BUILD_ONLY:-x86-64-v3}
work=${TMPDIR:-/tmp}/quadboard-copy-make-$cpu
mkdir -p "$work/src"
cp "$root/crates/quadboard-bench/walks/count.rs" "$work/src/main.rs"
cp "$root/crates/quadboard-bench/walks/copy_make.rs" "$work/src/copy_make.rs"
cp "$root/crates/quadboard-bench/walks/xor_unmake.rs" "$work/src/xor_unmake.rs"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "copy-make-count"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
quadboard-chess = { path = "$root/crates/quadboard-chess" }
cozy-chess = { version = "0.3.4", features = ["pext"] }
shakmaty = "=0.30.1"
arrayvec = "0.7"

[profile.release]
lto = "fat"
codegen-units = 1
panic = "abort"
TOML
if [ -n "${TEST:-}" ]; then
  cd "$work" && RUSTFLAGS="-C target-cpu=$cpu" exec cargo test --release -q
fi
( cd "$work" && RUSTFLAGS="-C target-cpu=$cpu" cargo build --release -q ) >&2
bin=$work/target/release/copy-make-count
if [ -n "${BUILD_ONLY:-}" ]; then
  echo "$bin"
  exit 0
fi
command -v valgrind > /dev/null || { echo "error: valgrind not found" >&2; exit 2; }
export QUADBOARD_CPU=${QUADBOARD_CPU:-bmi2}
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$bin" "$@" 2>&1 |
    awk '/I *refs/ {gsub(",", "", $NF); print $NF}'
}
positions=$("$bin" none plain | awk '{print $1}')
startup=$(instructions none plain start)
printf "%-10s %-8s" library walk
for p in $positions; do printf " %9s" "$p"; done
echo "   (instructions per node made)"
for lib in $libraries; do
  for mode in $modes; do
    printf "%-10s %-8s" "$lib" "$mode"
    for p in $positions; do
      nodes=$("$bin" "$lib" "$mode" "$p" | awk '{print $2}')
      total=$(instructions "$lib" "$mode" "$p")
      awk -v t="$total" -v s="$startup" -v n="$nodes" 'BEGIN { printf " %9.1f", (t - s) / n }'
    done
    echo
  done
done
