#!/usr/bin/env bash
# The default build against a -C target-cpu=native build, by alternating `quadboard bench`
# runs in one process of this script: does choosing the CPU path at run time reach the speed
# of compiling for the host? The default build (no target flags: what `cargo install` and
# crates that depend on quadboard get) is also run once per CPU path it can take here,
# forced by QUADBOARD_CPU. Prints every run's total nodes per second, then the median of
# each column and the ratio of the medians, default / native.
#
#   scripts/bench-native.sh [ROUNDS]     # default 3 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
cargo build --release -q -p quadboard-cli
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native \
  cargo build --release -q -p quadboard-cli
default=target/release/quadboard
native=target/native/release/quadboard
levels=()
for level in baseline avx2 bmi2 avx512; do
  if QUADBOARD_CPU=$level "$default" perft 1 > /dev/null 2>&1; then levels+=("$level"); fi
done
echo "default build runs on: $("$default" bench 2>&1 > /dev/null | head -1 | sed 's/^cpu: //')"
# `total: <nodes> nodes, <seconds> s, <nps> nps`
nps() { "$@" bench 2> /dev/null | awk '/^total:/ {print $6}'; }
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for i in $(seq "$rounds"); do
  line="round $i:"
  d=$(nps "$default"); n=$(nps "$native")
  line+=" default $d, native $n"
  echo "default $d" >> "$results"; echo "native $n" >> "$results"
  for level in "${levels[@]}"; do
    l=$(QUADBOARD_CPU=$level nps "$default")
    line+=", $level $l"
    echo "$level $l" >> "$results"
  done
  echo "$line nps"
done
median() {
  awk -v c="$1" '$1 == c {print $2}' "$results" | sort -n |
    awk '{a[NR]=$1} END {printf "%.0f\n", (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}
for column in default native "${levels[@]}"; do
  printf 'median %-8s %5.0f M nps\n' "$column" "$(median "$column")e-6"
done
awk -v d="$(median default)" -v n="$(median native)" \
  'BEGIN {printf "default / native: %.3f (ratio of the medians)\n", d / n}'
