#!/usr/bin/env bash
# End to end on a one-node Slurm cluster (Debian packages `slurm-wlm` and
# `munge`): munged, slurmctld and slurmd are started here, without systemd,
# on loopback, with their files in a temporary directory, and stopped at
# the end. Each problem is split into tasks and run as a job array
# (`dlx solve --tasks --task-from-env`, one task per index), with one array
# task killed on purpose; `dlx merge` must name it, and once the task
# `dlx merge --rerun` lists is rerun as another array, the merged count must
# equal `dlx solve --count`. Needs root (the daemons run as root).
#
# Usage: scripts/cluster/slurm.sh   (DLX=path/to/dlx to choose the binary)
# Fewer tasks than on GNU parallel: each array task costs Slurm about a
# second to start.
TASKS=${TASKS:-12}
source "$(dirname "$0")/common.sh"
for daemon in munged slurmctld slurmd sbatch; do
    command -v "$daemon" > /dev/null \
        || { echo "$daemon is missing (apt-get install slurm-wlm munge)" >&2; exit 2; }
done

# Ports of our own, so that a Slurm already running is not disturbed.
ctld_port=${DLX_SLURMCTLD_PORT:-16817}
slurmd_port=${DLX_SLURMD_PORT:-16818}
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/munge" "$work/slurm/state" "$work/slurm/spool"
chmod 700 "$work/munge"

# munge, with a key and socket of its own.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.sock" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed"
on_exit 'kill "$(cat "$work/munge/munged.pid")"'

export SLURM_CONF=$work/slurm/slurm.conf
cat > "$SLURM_CONF" <<CONF
ClusterName=dlx-e2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/slurmctld.log
SlurmdLogFile=$work/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
InactiveLimit=0
KillWait=5
MinJobAge=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=e2e Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -D -i -f "$SLURM_CONF" > "$work/slurm/slurmctld.out" 2>&1 &
ctld=$!
on_exit "kill $ctld; wait $ctld"
slurmd -D -f "$SLURM_CONF" > "$work/slurm/slurmd.out" 2>&1 &
node=$!
on_exit "kill $node; wait $node"
for _ in $(seq 60); do
    state=$(sinfo -h -o %t 2> /dev/null || true)
    [[ $state == idle ]] && break
    sleep 0.5
done
if [[ $state != idle ]]; then
    tail -5 "$work/slurm/slurmctld.log" "$work/slurm/slurmd.log" >&2 || true
    fail "the Slurm node is not idle (state '$state')"
fi
say "Slurm up: node $host, $cpus CPUs, partition e2e"

# run_array NAME TASKS OUT SLOTS [KILL]: a job array of one `dlx solve`
# per task of TASKS, at most SLOTS at once, results in OUT/<index>.jsonl;
# with KILL, the array task of that index kills itself (SIGKILL) first, as
# a task lost with its node would be.
run_array() {
    local name=$1 tasks=$2 out=$3 slots=$4 kill=${5:--1}
    local count=$(($(wc -l < "$tasks") - 1))
    mkdir -p "$out"
    local job
    job=$(sbatch --parsable --array="0-$((count - 1))%$slots" --cpus-per-task=1 \
        --output="$out/%a.jsonl" --error="$out/%a.err" --job-name="dlx-$name" \
        --wrap "if [ \"\$SLURM_ARRAY_TASK_ID\" = $kill ]; then kill -9 \$\$; fi
                exec '$DLX' solve '$work/$name.dlx' --tasks '$tasks' --task-from-env --count -j 1")
    # Until the array has left the queue (sbatch --wait polls too seldom
    # to time it).
    while [[ -n $(squeue -h -j "$job" -o %i 2> /dev/null) ]]; do sleep 0.1; done
}

check_engine run_array "array tasks at once"

# The book's sbatch line, as written there, with one index cancelled
# (scancel) while it runs: Slurm's message must go to its .err file, and
# `dlx merge` must name the task missing (exit 3), not a corrupt line.
readme=$work/readme
mkdir -p "$readme/results"
lossy_dlx "$readme" "$KILLED" hang
cp "$work/queens14.dlx" "$readme/p.dlx"
"$DLX" split "$readme/p.dlx" --tasks "$TASKS" > "$readme/tasks.txt"
N=$(($(wc -l < "$readme/tasks.txt") - 1))
snippet=$(readme_snippet readme-slurm)
[[ -n $snippet ]] || fail "no readme-slurm snippet in docs/src/clusters.md"
job=$(cd "$readme" && PATH="$readme/bin:$PATH" N=$N bash -c "$snippet" | awk '{print $NF}')
for _ in $(seq 600); do [[ -e $readme/lost ]] && break; sleep 0.1; done
scancel "${job}_$KILLED"
while [[ -n $(squeue -h -j "$job" -o %i 2> /dev/null) ]]; do sleep 0.1; done
grep -q CANCELLED "$readme/results/$KILLED.err" || fail "no cancellation in $KILLED.err: $(cat "$readme/results/$KILLED.err")"
! grep -q slurmstepd "$readme/results/"*.jsonl || fail "Slurm's message is in a results file"
status=0
"$DLX" merge --tasks "$readme/tasks.txt" "$readme/results/"*.jsonl > /dev/null 2> "$readme/merge.err" || status=$?
id=$(sed -n "$((KILLED + 2))p" "$readme/tasks.txt" | cut -d' ' -f1)
[[ $status == 3 ]] && grep -q "task $id has no result" "$readme/merge.err" \
    || fail "merge after a cancelled index exited $status: $(cat "$readme/merge.err")"
say "the book's sbatch line: index $KILLED cancelled, its message in $KILLED.err, merge names task $id (exit 3)"
say "Slurm: all checks passed"
