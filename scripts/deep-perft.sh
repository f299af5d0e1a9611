#!/usr/bin/env bash
# Deep start-position perft with threads and the table, timed by /usr/bin/time (wall, user
# and system seconds: on a virtual machine the system time, the kernel clearing the table's
# fresh pages, varies from run to run, and user time is the steadier figure).
#
# With an OLD binary (say, a build of an earlier commit), perft 8 alternates between the two
# in each round, so that both see the same machine; perft 9 then runs ROUNDS times with the
# new build alone.
#
#   scripts/deep-perft.sh [ROUNDS] [OLD_BINARY]
#   environment: THREADS (2), HASH8 (1024 MiB), HASH9 (4096 MiB), NINE (1: run perft 9)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
old=${2:-}
threads=${THREADS:-2}
hash8=${HASH8:-1024}
hash9=${HASH9:-4096}
cargo build --release -q -p quadboard-cli
new=target/release/quadboard
[ -z "$old" ] || [ -x "$old" ] || { echo "error: $old is not an executable" >&2; exit 2; }
command -v /usr/bin/time > /dev/null || { echo "error: /usr/bin/time not found" >&2; exit 2; }
echo "cpu: $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo), $(nproc) cpus"
run() { # label binary depth hash
  local out
  out=$(/usr/bin/time -f "%e %U %S" "$2" perft "$3" --threads "$threads" --hash "$4" 2>&1)
  local nodes times
  nodes=$(awk '/^Nodes searched:/ {print $3}' <<< "$out")
  times=$(tail -1 <<< "$out")
  read -r wall user sys <<< "$times"
  printf '%-4s perft %s --hash %5s: %s nodes, %6.2f s wall, %6.2f s user, %5.2f s sys, load %s\n' \
    "$1" "$3" "$4" "$nodes" "$wall" "$user" "$sys" "$(cut -d' ' -f1 /proc/loadavg)"
}
for i in $(seq "$rounds"); do
  [ -z "$old" ] || run old "$old" 8 "$hash8"
  run new "$new" 8 "$hash8"
done
if [ "${NINE:-1}" = 1 ]; then
  for i in $(seq "$rounds"); do run new "$new" 9 "$hash9"; done
fi
