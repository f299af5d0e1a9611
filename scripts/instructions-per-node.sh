#!/usr/bin/env bash
# Instructions per leaf node of `quadboard perft`, counted by valgrind's cachegrind: a
# deterministic figure, unlike timings on a shared machine. Runs the six bench positions
# two plies shallower than `quadboard bench` (so the same side moves at the leaves),
# subtracts the cost of starting the process, and weights each position by its share of
# the bench's nodes.
#
# The binary is the default build (baseline x86-64, as `cargo install` makes it) in
# target/ipn, run on its `bmi2` CPU path (AVX2, BMI2, POPCNT; QUADBOARD_CPU=bmi2): the same
# code on every machine that runs it, so that figures compare across Zen 3 and Zen 4/5, and
# code that Debian's valgrind 3.19 can decode (it stops at the first AVX-512 instruction).
#
#   scripts/instructions-per-node.sh [BINARY]    # default: target/ipn/release/quadboard
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "error: valgrind not found" >&2; exit 2; }
bin=${1:-target/ipn/release/quadboard}
if [ $# -lt 1 ]; then
  # Explicit flags: the default target CPU, whatever RUSTFLAGS the caller has set.
  RUSTFLAGS="-C target-cpu=x86-64" CARGO_TARGET_DIR=target/ipn \
    cargo build --release -q -p quadboard-cli
fi
export QUADBOARD_CPU=${QUADBOARD_CPU:-bmi2}
# The tool refuses a path the (emulated) CPU lacks rather than count another one.
if ! refused=$(valgrind -q --tool=none "$bin" perft 1 2>&1 > /dev/null); then
  echo "error: the $QUADBOARD_CPU path does not run under valgrind: $refused" >&2
  exit 2
fi
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$bin" "$@" 2>&1 |
    awk '/I *refs/ {gsub(",", "", $NF); print $NF}'
}
startup=$(instructions perft 1)
# depth | bench nodes | name | FEN
positions='4|119060324|start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
3|193690690|kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
5|178633661|position 3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
4|706045033|position 4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
3|89941194|position 5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
3|164075551|position 6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'
while IFS='|' read -r depth weight name fen; do
  leaves=$("$bin" perft "$depth" --fen "$fen" 2> /dev/null | awk '/^Nodes searched:/ {print $3}')
  total=$(instructions perft "$depth" --fen "$fen")
  echo "$name|$depth|$leaves|$(( total - startup ))|$weight"
done <<< "$positions" | awk -F'|' '{
  per = $4 / $3; printf "%-11s depth %d  %10d leaves  %6.2f instructions per leaf\n", $1, $2, $3, per
  sum += per * $5; weight += $5
} END { printf "bench-weighted: %.2f instructions per leaf\n", sum / weight }'
