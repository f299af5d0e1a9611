#!/usr/bin/env bash
# Alternating single-thread perft benchmark: `quadboard bench` against cozy-chess (with its
# `pext` feature) from ../shared/bench/peers. quadboard is the default build (no target
# flags, as `cargo install` makes it; it picks its CPU path at run time); cozy-chess is
# built with -C target-cpu=native, which its `pext` feature needs.
# Prints each run's total nodes per second, the median of the rounds' ratios, and the ratio
# of each side's best round (less sensitive to a shared machine's slow phases).
#
#   scripts/bench-vs-cozy.sh [ROUNDS]     # default 3 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
peers=../shared/bench/peers
[ -d "$peers" ] || { echo "error: $peers not found" >&2; exit 2; }
peers_target=${PEERS_TARGET_DIR:-target/peers}
cargo build --release -q -p quadboard-cli
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$PWD/$peers_target" \
  cargo build --release -q --manifest-path "$peers/Cargo.toml"
ratios=()
best_ours=0
best_cozy=0
for i in $(seq "$rounds"); do
  # `total: <nodes> nodes, <seconds> s, <nps> nps`
  ours=$(target/release/quadboard bench | awk '/^total:/ {print $6}')
  # `cozy total nodes <n> seconds <s> nps <nps>`
  cozy=$("$peers_target/release/peers" bench cozy | awk '/total/ {print $NF}')
  ratio=$(awk -v a="$ours" -v b="$cozy" 'BEGIN {printf "%.2f", a / b}')
  echo "round $i: quadboard $ours nps, cozy-chess $cozy nps, ratio $ratio"
  ratios+=("$ratio")
  best_ours=$(awk -v a="$ours" -v b="$best_ours" 'BEGIN {print (a > b) ? a : b}')
  best_cozy=$(awk -v a="$cozy" -v b="$best_cozy" 'BEGIN {print (a > b) ? a : b}')
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "median ratio: %.2f\n", m}'
awk -v a="$best_ours" -v b="$best_cozy" 'BEGIN {printf "best rounds: quadboard %.0f nps, cozy-chess %.0f nps, ratio %.2f\n", a, b, a / b}'
