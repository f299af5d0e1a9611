#!/usr/bin/env bash
# What a crate that depends on quadboard-chess pays to build, beside one that depends on
# the two peers (cozy-chess 0.3 and shakmaty 0.30.0, default features both).
#
# Makes two small binary crates under target/build-cost/ (each its own workspace, with
# cargo's default profiles: release is opt-level 3, 16 codegen units, no LTO; our
# workspace's fat-LTO profile does not apply to a dependent), each with a main that
# generates moves and runs perft through its libraries so that their code is compiled and
# used. The dependencies are fetched first; then each crate is built cold (an empty target
# directory) in the dev and the release profile, alternating the crates, and the wall time
# and the CPU time (user + sys of cargo and every rustc it ran) of each build are printed,
# with the medians and quadboard-chess / peers ratios.
#
#   scripts/build-cost.sh [-n ROUNDS] [-j JOBS] [--no-dispatch] [--timings] [--profile dev|release|both]
#
#   -n ROUNDS      cold builds of each crate and profile (default 1); medians are printed
#   -j JOBS        cargo's jobs (default 2: the issue's target is for 2 cores; on a larger
#                  machine also run `taskset -c 0,1 scripts/build-cost.sh` for the figure)
#   --no-dispatch  also build a crate on quadboard-chess without `dispatch` (one engine)
#   --timings      keep cargo's --timings report of each build (the path is printed)
#   --profile P    only the dev or the release build (default both)
#
# Wall times mean something only on an otherwise idle machine: the load average is printed
# before and after. CPU times hold up better under load but grow with it too (shared
# caches, frequency), so compare crates measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

rounds=1
jobs=2
nodispatch=0
timings=0
profiles="dev release"
while [ $# -gt 0 ]; do
  case $1 in
    -n) rounds=${2:?-n needs a number}; shift 2 ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    --no-dispatch) nodispatch=1; shift ;;
    --timings) timings=1; shift ;;
    --profile)
      case ${2:-} in
        dev | release) profiles=$2 ;;
        both) profiles="dev release" ;;
        *) echo "error: --profile takes dev, release or both, not '${2:-}'" >&2; exit 2 ;;
      esac
      shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $rounds$jobs in *[!0-9]*) echo "error: -n and -j take positive numbers" >&2; exit 2 ;; esac
[ "$rounds" -ge 1 ] && [ "$jobs" -ge 1 ] || { echo "error: -n and -j take positive numbers" >&2; exit 2; }

work=$root/target/build-cost
mkdir -p "$work"

# One crate: its name, its [dependencies] lines, its main.
make_crate() {
  local name=$1 deps=$2 main=$3
  mkdir -p "$work/$name/src"
  cat > "$work/$name/Cargo.toml" << EOF
[package]
name = "$name"
version = "0.1.0"
edition = "2021"
publish = false

# A workspace of its own: the quadboard workspace (and its release profile) must not apply.
[workspace]

[dependencies]
$deps
EOF
  printf '%s\n' "$main" > "$work/$name/src/main.rs"
}

# The depth comes from the command line so that nothing is evaluated at compile time.
make_crate dep-quadboard "quadboard-chess = { path = \"$root/crates/quadboard-chess\" }" '
use quadboard_chess::{perft, Position};

fn main() {
    let depth = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(3);
    let start = Position::new();
    let kiwipete: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .expect("Kiwipete is a legal position");
    println!("{} {}", start.legal_moves().len(), kiwipete.legal_moves().len());
    println!("{} {}", perft(&start, depth), perft(&kiwipete, depth));
}'

if [ "$nodispatch" = 1 ]; then
  make_crate dep-quadboard-nodispatch \
    "quadboard-chess = { path = \"$root/crates/quadboard-chess\", default-features = false, features = [\"std\"] }" \
    "$(cat "$work/dep-quadboard/src/main.rs")"
fi

make_crate dep-peers 'cozy-chess = "0.3"
shakmaty = "=0.30.0"' '
use shakmaty::{Chess, Position as _};

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            if depth <= 1 {
                nodes += 1;
            } else {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

fn shakmaty_perft(position: &Chess, depth: u32) -> u64 {
    let moves = position.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = position.clone();
            child.play_unchecked(*m);
            shakmaty_perft(&child, depth - 1)
        })
        .sum()
}

fn main() {
    let depth = std::env::args().nth(1).and_then(|arg| arg.parse().ok()).unwrap_or(3);
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let cozy: cozy_chess::Board = fen.parse().expect("Kiwipete is a legal position");
    let shak: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .expect("Kiwipete is valid FEN")
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("Kiwipete is a legal position");
    println!("{} {}", cozy_perft(&cozy, depth), shakmaty_perft(&shak, depth));
}'

crates="dep-quadboard dep-peers"
[ "$nodispatch" = 1 ] && crates="dep-quadboard dep-quadboard-nodispatch dep-peers"

# Nothing from the caller's environment that changes what is built or how.
clean_env=(env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_TARGET_DIR -u CARGO_INCREMENTAL
  -u CARGO_BUILD_JOBS -u CARGO_BUILD_RUSTFLAGS -u RUSTC_WRAPPER -u CARGO_BUILD_RUSTC_WRAPPER
  -u CARGO_PROFILE_RELEASE_LTO -u CARGO_PROFILE_RELEASE_CODEGEN_UNITS
  -u CARGO_PROFILE_RELEASE_OPT_LEVEL -u CARGO_PROFILE_DEV_OPT_LEVEL)

for crate in $crates; do
  (cd "$work/$crate" && "${clean_env[@]}" cargo fetch -q) ||
    { echo "error: cargo fetch failed for $crate (crates.io must be reachable once)" >&2; exit 1; }
done

echo "CPU: $(lscpu 2> /dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores online, cargo -j $jobs"
echo "$(rustc --version)"
echo "quadboard at $(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo '?')$(git -C "$root" diff --quiet HEAD 2> /dev/null || echo ' (with uncommitted changes)')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

results=$work/results.txt
: > "$results"
# Runs one cold build and appends "crate profile round wall cpu" to the results.
build() {
  local crate=$1 profile=$2 round=$3 flag=() dir
  [ "$profile" = release ] && flag=(--release)
  [ "$timings" = 1 ] && flag+=(--timings)
  dir=$work/$crate/target
  rm -rf "$dir"
  local log=$work/$crate-$profile-$round.log
  local TIMEFORMAT='%R %U %S'
  local times
  times=$( { time (cd "$work/$crate" && "${clean_env[@]}" cargo build -j "$jobs" --offline "${flag[@]}" > "$log" 2>&1) ; } 2>&1 ) ||
    { echo "error: cargo build ${flag[*]} failed for $crate; see $log" >&2; tail -20 "$log" >&2; exit 1; }
  read -r wall user sys <<< "$times"
  local cpu
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
  echo "$crate $profile $round $wall $cpu" >> "$results"
  printf '  %-26s %-7s round %d: %7.1f s wall %7.1f s CPU\n' "$crate" "$profile" "$round" "$wall" "$cpu"
  if [ "$timings" = 1 ]; then
    mkdir -p "$work/timings"
    cp "$dir/cargo-timings/cargo-timing.html" "$work/timings/$crate-$profile-$round.html"
  fi
  # The binary must run: the libraries' code was really compiled and linked.
  local out bin=$dir/${profile/dev/debug}/$crate
  out=$("$bin" 2 2>&1) || { echo "error: $bin failed: $out" >&2; exit 1; }
}

for round in $(seq 1 "$rounds"); do
  for profile in $profiles; do
    for crate in $crates; do
      build "$crate" "$profile" "$round"
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Medians per crate and profile, then the table with ratios to the peers.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "Medians of $rounds cold build(s) each, cargo -j $jobs:"
printf '| %-42s | %s | %s | %s | %s |\n' "crate" "profile" "wall (s)" "CPU (s)" "vs peers: wall, CPU"
printf '| %-42s | %s | %s | %s | %s |\n' "---" "---" "---:" "---:" "---:"
for profile in $profiles; do
  peer_wall=$(awk -v p="$profile" '$1 == "dep-peers" && $2 == p { print $4 }' "$results" | median)
  peer_cpu=$(awk -v p="$profile" '$1 == "dep-peers" && $2 == p { print $5 }' "$results" | median)
  for crate in $crates; do
    wall=$(awk -v c="$crate" -v p="$profile" '$1 == c && $2 == p { print $4 }' "$results" | median)
    cpu=$(awk -v c="$crate" -v p="$profile" '$1 == c && $2 == p { print $5 }' "$results" | median)
    case $crate in
      dep-quadboard) label="quadboard-chess (default features)" ;;
      dep-quadboard-nodispatch) label="quadboard-chess without dispatch" ;;
      dep-peers) label="cozy-chess 0.3 + shakmaty 0.30.0" ;;
    esac
    ratio=$(awk -v w="$wall" -v c="$cpu" -v pw="$peer_wall" -v pc="$peer_cpu" \
      'BEGIN { printf "%.2fx, %.2fx", w / pw, c / pc }')
    printf '| %-42s | %-7s | %8.1f | %7.1f | %s |\n' "$label" "$profile" "$wall" "$cpu" "$ratio"
  done
done
if [[ " $profiles " == *" release "* ]]; then
  echo
  echo "Targets (issue 44), release: quadboard-chess at most 4x the peers' CPU and 3x their wall time."
fi
[ "$timings" = 1 ] && echo "cargo --timings reports: $work/timings/"
exit 0
