#!/usr/bin/env bash
# Whole processes, alternated: `quadboard pgn check` (one thread, then two) against
# pgn-reader 0.29 + shakmaty validating every mainline move (`peers pgn validate` from
# ../shared/bench/peers, built as its README says, with -C target-cpu=native). quadboard is
# the default build (no target flags). The input defaults to the files of
# ../shared/data/pgn repeated 50 times (about 100 MB), made once in target/.
# Prints each round's wall-clock seconds and ratios, then the medians.
#
#   scripts/pgn-vs-peer.sh [ROUNDS] [FILE]     # default 7 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
peers=../shared/bench/peers
data=../shared/data/pgn
[ -d "$peers" ] || { echo "error: $peers not found" >&2; exit 2; }
file=${2:-target/pgn-100mb.pgn}
if [ -z "${2:-}" ] && [ ! -s "$file" ]; then
  [ -d "$data" ] || { echo "error: $data not found" >&2; exit 2; }
  mkdir -p target
  for _ in $(seq 50); do cat "$data"/*.pgn; echo; done > "$file"
fi
[ -r "$file" ] || { echo "error: $file cannot be read" >&2; exit 2; }
peers_target=${PEERS_TARGET_DIR:-target/peers}
cargo build --release -q -p quadboard-cli
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$PWD/$peers_target" \
  cargo build --release -q --manifest-path "$peers/Cargo.toml"
wall() {
  local TIMEFORMAT=%R
  { time "$@" > /dev/null 2>&1; } 2>&1
}
r1=()
r2=()
for i in $(seq "$rounds"); do
  peer=$(wall "$peers_target/release/peers" pgn validate "$file")
  one=$(wall target/release/quadboard pgn check --threads 1 "$file")
  two=$(wall target/release/quadboard pgn check --threads 2 "$file")
  a=$(awk -v p="$peer" -v q="$one" 'BEGIN {printf "%.2f", p / q}')
  b=$(awk -v p="$one" -v q="$two" 'BEGIN {printf "%.2f", p / q}')
  echo "round $i: peer $peer s, quadboard --threads 1 $one s, --threads 2 $two s; peer / one thread $a, one / two threads $b"
  r1+=("$a")
  r2+=("$b")
done
median() { sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f", m}'; }
echo "median: peer / quadboard one thread $(printf '%s\n' "${r1[@]}" | median), one / two threads $(printf '%s\n' "${r2[@]}" | median)"
