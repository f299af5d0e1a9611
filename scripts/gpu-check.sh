#!/usr/bin/env bash
# The GPU check, one device call: exact counts on the card, then times.
#
#   scripts/gpu-check.sh [DIR]
#
# DIR (default .gpu, listed in .git/info/exclude so that the device tool carries it as an
# ignored path) holds what was built here:
#   cargo build --release -p quadboard-cli --features gpu
#   cargo test --release -p quadboard-gpu --test device --no-run   # prints the binary
#   mkdir -p .gpu && cp target/release/quadboard .gpu/ && cp <that binary> .gpu/device-test
# Every line goes to stdout and to $OUT/gpu-check.log when $OUT is set. BUDGET (seconds,
# default 480) bounds the whole run: the last, deepest count gets what is left of it.
# Exit 1 when any count is wrong.
set -uo pipefail
dir=${1:-.gpu}
log=${OUT:-/tmp}/gpu-check.log
budget=${BUDGET:-480}
began=$(date +%s)
: > "$log"
say() { echo "$*" | tee -a "$log"; }
wrong=0
export QUADBOARD_GPU_CACHE=${QUADBOARD_GPU_CACHE:-/tmp/quadboard-gpu-cache}

say "gpu-check $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,memory.total,memory.free,driver_version,clocks.max.sm --format=csv,noheader 2>&1 | tee -a "$log"
lscpu | grep -m1 'Model name' | tee -a "$log"

say "== exactness on the device (tests/device.rs)"
timeout 200 "$dir/device-test" --ignored --nocapture --test-threads 1 2>&1 | grep -v '^$' | tee -a "$log"
[ "${PIPESTATUS[0]}" = 0 ] || { say "device tests FAILED"; wrong=1; }

# perft NAME DEPTH EXPECTED LIMIT [ARGS...]: one count on the GPU, checked and timed.
seconds=0
perft() {
  local name=$1 depth=$2 expected=$3 limit=$4
  shift 4
  local start end got
  start=$(date +%s.%N)
  got=$(timeout "$limit" "$dir/quadboard" perft "$depth" --gpu "$@" 2>> "$log.stderr" | tail -1 | awk '{print $3}')
  end=$(date +%s.%N)
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  local shown="" skip=0 a
  for a in "$@"; do
    if [ "$skip" = 1 ]; then skip=0; elif [ "$a" = --fen ]; then skip=1; else shown="$shown $a"; fi
  done
  local verdict=ok
  if [ -z "$got" ]; then verdict="NO RESULT (limit ${limit}s or error)"; wrong=1
  elif [ "$got" != "$expected" ]; then verdict="WRONG (expected $expected)"; wrong=1; fi
  say "$(printf '%-9s %-6s depth %2s %-26s %18s %8.3f s  %s' "$name" "b${QUADBOARD_GPU_BLOCKS:-2}" "$depth" "$shown" "$got" "$seconds" "$verdict")"
}
left() { echo $((budget - ($(date +%s) - began))); }

kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
say "== no table: start 8 with each register bound, then 9 and Kiwipete 6-7 with the fastest"
best=2 best_s=1000
for blocks in 2 3 4 5; do
  export QUADBOARD_GPU_BLOCKS=$blocks
  perft start 8 84998978956 60
  if awk -v a="$seconds" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then best=$blocks best_s=$seconds; fi
done
export QUADBOARD_GPU_BLOCKS=$best
perft start 9 2439530234167 90
perft kiwipete 6 8031647685 60 --fen "$kiwi"
perft kiwipete 7 374190009323 60 --fen "$kiwi"
timeout 60 "$dir/quadboard" bench --gpu 2>&1 | tee -a "$log"

say "== tables"
perft start 9 2439530234167 60 --hash 16384
perft start 10 69352859712417 90 --hash 32768
rest=$(( $(left) - 5 ))
if [ "$rest" -gt 20 ]; then
  perft start 11 2097651003696806 "$rest" --hash 49152
fi
tail -8 "$log.stderr" 2>/dev/null | tee -a "$log"
[ "$wrong" = 0 ] && say "gpu-check: all counts exact" || say "gpu-check: WRONG OR MISSING COUNTS"
exit "$wrong"
