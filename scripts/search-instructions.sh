#!/usr/bin/env bash
# Instructions and simulated branch misses per node of the search yardstick
# (../shared/bench/search/: the same alpha-beta engine on quadboard as a newcomer wrote it
# (qb), on quadboard's engine API (qb_api, crates/quadboard-bench/search/qb_api.rs), on
# cozy-chess and on shakmaty), counted by valgrind's cachegrind on `bench DEPTH`:
# deterministic, unlike timings on a shared machine.
#
# Built with `-C target-cpu=x86-64-v3` (BMI2 for cozy-chess's pext sliders; Debian's
# valgrind 3.19 stops at the first AVX-512 instruction) and run on quadboard's `bmi2` path.
#
#   scripts/search-instructions.sh [DEPTH=5] [PORTS="qb qb_api cozy"]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind > /dev/null || { echo "error: valgrind not found" >&2; exit 2; }
yardstick=${SEARCH_YARDSTICK:-$root/../shared/bench/search}
[ -f "$yardstick/run.sh" ] || { echo "error: no search yardstick at $yardstick" >&2; exit 2; }
depth=${1:-5}
ports=${2:-qb qb_api cozy}
work=${TMPDIR:-/tmp}/quadboard-search-instructions
mkdir -p "$work"
rm -rf "$work/src"
cp -r "$yardstick/src" "$work/"
cp "$root/crates/quadboard-bench/search/qb_api.rs" "$work/src/bin/"
lib=$root/crates/quadboard-chess
sed "s|QUADBOARD_PATH|$lib|; s|QUADBOARD_PACKAGE|quadboard-chess|" "$yardstick/Cargo.toml" > "$work/Cargo.toml"
( cd "$work" && RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --quiet ) >&2
export QUADBOARD_CPU=${QUADBOARD_CPU:-bmi2}
echo "bench $depth under cachegrind (x86-64-v3 build)"
for port in $ports; do
  bin=$work/target/release/$port
  nodes=$(echo "bench $depth" | "$bin" | sed -n 's/^bench depth [0-9]*: \([0-9]*\) nodes.*/\1/p')
  echo "bench $depth" | valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
    --cachegrind-out-file=/dev/null "$bin" 2>&1 > /dev/null |
    awk -v port="$port" -v n="$nodes" '
      /I *refs:/ {gsub(",", "", $4); i = $4}
      /Mispredicts:/ {gsub(",", "", $3); m = $3}
      END {printf "%-7s %9d nodes  %7.0f instructions/node  %5.1f branch misses/node\n", port, n, i / n, m / n}'
done
