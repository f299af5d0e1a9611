#!/usr/bin/env bash
# Instructions per node made of the copy-make walks (crates/quadboard-bench/walks/copy_make.rs,
# what `cargo bench -p quadboard-bench --bench copy_make` times), counted by valgrind's
# cachegrind: quadboard, cozy-chess and shakmaty, plain and ordered, per position, with the
# cost of starting the process subtracted. Deterministic, unlike timings on a shared machine.
#
# Built with `-C target-cpu=x86-64-v3` (BMI2 for cozy-chess's pext sliders; Debian's
# valgrind 3.19 stops at the first AVX-512 instruction) and run on quadboard's `bmi2` path.
#
#   scripts/copy-make-instructions.sh [LIBRARIES="quadboard cozy"] [MODES="plain ordered"]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "error: valgrind not found" >&2; exit 2; }
libraries=${1:-quadboard cozy}
modes=${2:-plain ordered}
bin=target/cm-v3/release/examples/copy_make_count
RUSTFLAGS="-C target-cpu=x86-64-v3" CARGO_TARGET_DIR=target/cm-v3 \
  cargo build --release -q -p quadboard-bench --example copy_make_count
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
