#!/usr/bin/env bash
# Submits every shard of a quadboard work directory as a Slurm job array, at most M at
# a time, and a merge job that runs when all of them have succeeded.
#
#   deploy/slurm/submit.sh <DIR> [M]
#
# Prints the two job ids. The environment (QUADBOARD, HASH, SEED, ...) is passed on to
# the jobs; extra sbatch options can go in SBATCH_SHARD_OPTIONS, e.g. "--cpus-per-task=4
# --mem=8G --time=04:00:00".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:?usage: submit.sh <DIR> [M]}" && pwd)
at_once=${2:-8}
shards=$(awk '$1 == "shards" { print $2 }' "$dir/manifest.txt")
[ -n "$shards" ] || { echo "error: $dir/manifest.txt has no shards line" >&2; exit 2; }

# shellcheck disable=SC2086 # SBATCH_SHARD_OPTIONS is a list of options.
array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))%$at_once" \
    ${SBATCH_SHARD_OPTIONS:-} "$here/shard.sbatch" "$dir")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    "$here/merge.sbatch" "$dir")
merge=${merge%%;*}
echo "array job $array: $shards shards, $at_once at a time"
echo "merge job $merge: after every shard succeeds"
