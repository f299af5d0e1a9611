#!/usr/bin/env bash
# The engine client against python-chess's chess.engine over the same Stockfish: the
# perft suites' first 150 standard and 45 Chess960 positions (../shared/data/perft) and a
# few finished games, at NODES (default 2000), multipv 1 and 3. Prints the diff of what each
# client read (best and ponder move, depth, seldepth, multipv, score, bound, nodes, tbhits,
# pv), then the count of identical lines.
#
#   scripts/engine-vs-python-chess.sh [ENGINE] [NODES]     # needs python-chess in $PYTHON
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${1:-/usr/games/stockfish}
nodes=${2:-2000}
python=${PYTHON:-python3}
data=${QUADBOARD_SHARED:-../shared}/data/perft
work=$(mktemp -d)
{
  head -150 "$data/ethereal-standard.epd"
  head -45 "$data/ethereal-fischer.epd"
  printf '%s\n' "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" \
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" "6k1/8/6K1/8/8/8/8/R6R w - - 0 1" \
    "k7/8/8/2Q5/8/8/8/7K w - - 0 1" "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1"
} | grep -v '^$' > "$work/fens.txt"
cargo build -q --release -p quadboard-engine --example analyse_fens
for multipv in 1 3; do
  target/release/examples/analyse_fens "$engine" "$nodes" "$multipv" < "$work/fens.txt" > "$work/ours.txt"
  "$python" scripts/engine-vs-python-chess.py "$engine" "$nodes" "$multipv" < "$work/fens.txt" > "$work/theirs.txt"
  echo "multipv $multipv:"
  diff "$work/ours.txt" "$work/theirs.txt" || true
  echo "$(comm -12 <(sort "$work/ours.txt") <(sort "$work/theirs.txt") | wc -l) of $(wc -l < "$work/fens.txt") positions identical"
done
rm -r "$work"
