#!/usr/bin/env bash
# The search yardstick (../shared/bench/search/) with one more port: its engine written with
# quadboard's engine API (crates/quadboard-bench/search/qb_api.rs). Builds the four ports
# natively and runs them alternately, as the yardstick's run.sh does for its three.
# usage: scripts/search-yardstick.sh [DEPTH=6] [ROUNDS=5]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
yardstick=${SEARCH_YARDSTICK:-$root/../shared/bench/search}
[ -f "$yardstick/run.sh" ] || { echo "no search yardstick at $yardstick" >&2; exit 2; }
depth=${1:-6}
rounds=${2:-5}
work=${TMPDIR:-/tmp}/quadboard-search-yardstick
mkdir -p "$work"
cp -r "$yardstick/src" "$work/"
cp "$root/crates/quadboard-bench/search/qb_api.rs" "$work/src/bin/"
lib=$root/crates/quadboard-chess
sed "s|QUADBOARD_PATH|$lib|; s|QUADBOARD_PACKAGE|quadboard-chess|" "$yardstick/Cargo.toml" > "$work/Cargo.toml"
( cd "$work" && RUSTFLAGS="-C target-cpu=native" cargo build --release --quiet ) >&2
echo "CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), depth $depth"
nps() { echo "bench $depth" | "$work/target/release/$1" | sed -n 's/.* \([0-9]*\) nps$/\1/p'; }
declare -A all
for ((i = 1; i <= rounds; i++)); do
  line="round $i:"
  for port in qb qb_api cozy shak; do
    n=$(nps $port); all[$port]+="$n "; line+=" $port $n"
  done
  echo "$line nps"
done
python3 - "${all[qb]}" "${all[qb_api]}" "${all[cozy]}" "${all[shak]}" <<'PY'
import sys, statistics as st
qb, api, cozy, shak = (list(map(float, a.split())) for a in sys.argv[1:5])
med = lambda a, b: st.median(x / y for x, y in zip(a, b))
print(f"qb / cozy-chess {med(qb, cozy):.2f}, qb_api / cozy-chess {med(api, cozy):.2f}, "
      f"qb / shakmaty {med(qb, shak):.2f}, qb_api / shakmaty {med(api, shak):.2f} (median of rounds)")
PY
