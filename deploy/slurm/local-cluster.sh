#!/usr/bin/env bash
# Brings up a one-node Slurm cluster on this machine from Debian's packages, runs the
# start position's perft 8 through it as a job array of shards, and merges.
#
#   sudo deploy/slurm/local-cluster.sh [WORKDIR]
#
# For a container or VM without systemd: the daemons are started by hand, munged as the
# munge user, slurmctld and slurmd as root, with process tracking by /proc and no task
# plugin (no cgroups needed). It overwrites /etc/slurm/slurm.conf. Environment: QUADBOARD
# (default: target/release/quadboard, built if missing), SPLIT_AT (default 4), SHARDS
# (default 16), AT_ONCE (tasks at a time, default: the CPU count), HASH (MiB per task,
# default 512), CHECKPOINT (seconds, default 2), STOP (1: stop the daemons it started at
# the end, the default). While shard 3 runs, the script requeues it (Slurm kills the
# task and starts it again): its output shows it resuming from its checkpoint.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "error: run as root" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-/tmp/quadboard-slurm-perft8}
cpus=$(nproc)

say() { printf '\n== %s\n' "$*"; }

say "packages"
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge
fi
dpkg-query -W -f='${Package} ${Version}\n' slurm-wlm munge

say "munge"
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || runuser -u munge -- /usr/sbin/mungekey --verbose
if ! pgrep -u munge -x munged > /dev/null; then
    runuser -u munge -- /usr/sbin/munged
fi
munge -n | unmunge | grep STATUS

say "slurm.conf"
host=$(hostname -s)
node=$(slurmd -C | head -n 1)
install -d /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=quadboard
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$node State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
cat /etc/slurm/slurm.conf

say "daemons"
started_daemons=()
if ! pgrep -x slurmctld > /dev/null; then slurmctld && started_daemons+=(/run/slurmctld.pid); fi
if ! pgrep -x slurmd > /dev/null; then slurmd && started_daemons+=(/run/slurmd.pid); fi
for _ in $(seq 60); do
    state=$(sinfo -h -n "$host" -o %T 2> /dev/null || true)
    [ "$state" = idle ] && break
    sleep 1
done
sinfo

say "quadboard"
quadboard=${QUADBOARD:-$repo/target/release/quadboard}
if [ ! -x "$quadboard" ]; then
    cargo build --release --manifest-path "$repo/Cargo.toml" -p quadboard-cli
fi
export QUADBOARD=$quadboard HASH=${HASH:-512} CHECKPOINT=${CHECKPOINT:-2}
"$quadboard" --version
lscpu | grep -E '^(Model name|CPU\(s\)):' || true
uptime

say "split: perft 8 of the start position at ply ${SPLIT_AT:-4} into ${SHARDS:-16} shards"
rm -rf "$work"
"$quadboard" split 8 --at "${SPLIT_AT:-4}" --shards "${SHARDS:-16}" --out "$work"

say "submit"
cd "$work"
started=$(date +%s)
submitted=$("$here/submit.sh" "$work" "${AT_ONCE:-$cpus}")
echo "$submitted"
array_job=$(echo "$submitted" | awk '/^array job/ { sub(":", "", $3); print $3 }')
merge_job=$(echo "$submitted" | awk '/^merge job/ { sub(":", "", $3); print $3 }')
squeue

say "requeue shard 3 once its checkpoint holds some records"
requeued=no
for _ in $(seq 1200); do
    line=$("$quadboard" status "$work" | grep '^seed 0 running:' || true)
    if echo "$line" | grep -qE '[:,] 3 \([1-9][0-9]*/'; then
        echo "$line"
        scontrol requeue "${array_job}_3" && requeued=yes
        sleep 1
        squeue -j "${array_job}_3" -o '%.10i %.9T %r'
        break
    fi
    # Finished before a checkpoint was seen: nothing to requeue.
    [ -e "$work/results/shard-00003.seed-0.result" ] && break
    sleep 0.5
done
echo "requeued: $requeued"

say "wait for the merge job $merge_job"
last=
while squeue -h -j "$merge_job" 2> /dev/null | grep -q .; do
    sleep 5
    now=$("$quadboard" status "$work" | sed -n 2p)
    if [ "$now" != "$last" ]; then echo "$now"; last=$now; fi
done
echo "wall time: $(( $(date +%s) - started )) s"
uptime

say "tasks"
scontrol show job "$merge_job" 2> /dev/null | grep -oE 'JobState=[A-Z]+' || true
echo "$(ls "$work"/slurm-*.out | wc -l) job output files; shard 0:"
cat "$work/slurm-${array_job}_0.out"
echo "-- shard 3, killed by the requeue and run again:"
cat "$work/slurm-${array_job}_3.out"

say "merge output"
cat "$work"/slurm-*-merge.out

if [ "${STOP:-1}" = 1 ]; then
    say "stop the daemons this script started"
    for pidfile in "${started_daemons[@]}"; do
        kill "$(cat "$pidfile")" && echo "stopped $(basename "$pidfile" .pid)"
    done
fi
