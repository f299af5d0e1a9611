#!/usr/bin/env bash
# The GPU check, one device call: exact counts and times of `quadboard perft --gpu`.
#
#   scripts/gpu-check.sh [QUADBOARD] [DATA]
#
# QUADBOARD is a release build of the tool with the GPU feature (default .gpu/quadboard:
# `cargo build --release -p quadboard-cli --features gpu && mkdir -p .gpu &&
# cp target/release/quadboard .gpu/`, with `/.gpu/` in .git/info/exclude so that the
# device tool carries it as an ignored path). DATA is a folder with ethereal-standard.epd
# and ethereal-fischer.epd from ../shared/data/perft (default .gpu; skipped when absent).
# ANCHOR, if set, is a checkout of perft_gpu_2026 to build with nvcc and time beside us.
# Every line goes to stdout and to $OUT/gpu-check.log when $OUT is set. Exit 1 when any
# count is wrong. About 4 to 6 minutes on an H100 with the untuned kernels (an estimate:
# not yet run; each deep step has its own timeout).
set -uo pipefail
tool=${1:-.gpu/quadboard}
data=${2:-.gpu}
log=${OUT:-/tmp}/gpu-check.log
: > "$log"
say() { echo "$*" | tee -a "$log"; }
wrong=0

say "gpu-check $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,memory.total,memory.free,driver_version --format=csv,noheader 2>&1 | tee -a "$log"
lscpu | grep -m1 'Model name' | tee -a "$log"
[ -x "$tool" ] || { say "error: $tool missing"; exit 2; }

# perft NAME DEPTH EXPECTED SECONDS [ARGS...]: one count on the GPU, checked and timed.
perft() {
  local name=$1 depth=$2 expected=$3 limit=$4
  shift 4
  local start end got
  start=$(date +%s.%N)
  got=$(timeout "$limit" "$tool" perft "$depth" --gpu "$@" 2>> "$log.stderr" | tail -1 | awk '{print $3}')
  end=$(date +%s.%N)
  # The arguments as shown: without the FEN, which the name stands for.
  local shown="" skip=0 a
  for a in "$@"; do
    if [ "$skip" = 1 ]; then skip=0; elif [ "$a" = --fen ]; then skip=1; else shown="$shown $a"; fi
  done
  local verdict=ok
  if [ -z "$got" ]; then verdict="NO RESULT (timeout ${limit}s or error)"; wrong=1
  elif [ "$got" != "$expected" ]; then verdict="WRONG (expected $expected)"; wrong=1; fi
  say "$(printf '%-9s depth %2s %-28s %20s %9.3f s  %s' "$name" "$depth" "${shown:-}" "$got" "$(echo "$end - $start" | bc)" "$verdict")"
}

start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwi="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
pos3="8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
start_counts=(1 20 400 8902 197281 4865609 119060324 3195901860 84998978956 2439530234167)
kiwi_counts=(1 48 2039 97862 4085603 193690690 8031647685)
pos3_counts=(1 14 191 2812 43238 674624 11030083 178633661 3009794393)

say "== exact: start 1-7, Kiwipete 1-5, position 3 1-7 (each depth also with 1 and 4 plies per thread at depth 5)"
for d in 1 2 3 4 5 6 7; do perft start "$d" "${start_counts[$d]}" 60 --fen "$start_fen"; done
for d in 1 2 3 4 5; do perft kiwipete "$d" "${kiwi_counts[$d]}" 60 --fen "$kiwi"; done
for d in 1 2 3 4 5 6 7; do perft pos3 "$d" "${pos3_counts[$d]}" 60 --fen "$pos3"; done
for plies in 1 2 4; do perft start 5 "${start_counts[5]}" 60 --gpu-plies "$plies"; done
perft kiwipete 3 "${kiwi_counts[3]}" 60 --fen "$kiwi" --divide

if [ -f "$data/ethereal-standard.epd" ] && [ -f "$data/ethereal-fischer.epd" ]; then
  say "== suites: every position at its deepest count up to 2e8 nodes"
  for file in "$data/ethereal-standard.epd" "$data/ethereal-fischer.epd"; do
    n=0
    while IFS= read -r line; do
      fen=${line%% ;*}
      best=$(echo "$line" | tr ';' '\n' | awk '$1 ~ /^D[0-9]+$/ && $2 <= 200000000 {d=substr($1,2); n=$2} END {print d, n}')
      set -- $best
      [ -n "${1:-}" ] || continue
      perft "$(basename "$file" .epd | cut -c10-)" "$1" "$2" 60 --fen "$fen"
      n=$((n + 1))
      [ "$n" -ge 60 ] && break
    done < "$file"
  done
fi

say "== times: start 8 and 9 (3 and 4 plies per thread), Kiwipete 6, position 3 8"
perft start 8 "${start_counts[8]}" 120
perft start 8 "${start_counts[8]}" 120 --gpu-plies 4
perft kiwipete 6 "${kiwi_counts[6]}" 120 --fen "$kiwi"
perft pos3 8 "${pos3_counts[8]}" 120 --fen "$pos3"
perft start 9 "${start_counts[9]}" 240 --gpu-plies 4
timeout 120 "$tool" bench --gpu 2>&1 | tee -a "$log"

if [ -n "${ANCHOR:-}" ] && command -v nvcc > /dev/null; then
  say "== the anchor ($ANCHOR), nvcc -O3 -arch=sm_90"
  (cd "$ANCHOR" && mkdir -p /tmp/anchor &&
    ls *.cu *.cpp | xargs -P 8 -I{} nvcc -O3 -std=c++17 -arch=sm_90 -I. -c {} -o /tmp/anchor/{}.o &&
    nvcc -arch=sm_90 -o /tmp/anchor/perft_gpu /tmp/anchor/*.o) >> "$log" 2>&1 &&
    say "anchor built: run /tmp/anchor/perft_gpu as its README says"
fi

tail -5 "$log.stderr" 2>/dev/null | tee -a "$log"
[ "$wrong" = 0 ] && say "gpu-check: all counts exact" || say "gpu-check: WRONG OR MISSING COUNTS"
exit "$wrong"
