#!/usr/bin/env bash
# End to end on GNU parallel (Debian package `parallel`): each problem is
# split into tasks, one `dlx solve --tasks --task I` job per task on 2 job
# slots (and on 1, to time it), one job killed on purpose; `dlx merge`
# must name it, and once the task `dlx merge --rerun` lists is rerun, the
# merged count must equal `dlx solve --count`.
# Over ssh when
# DLX_SSHLOGIN names a login whose machine sees the same paths (see the
# book, docs/src/clusters.md), or with --local-sshd: the script then starts an sshd of its own
# on a free loopback port, with host and login keys made for the run (the
# Debian package `openssh-server`), and sends every job through it.
#
# Usage: scripts/cluster/gnu-parallel.sh [--local-sshd]
#        (DLX=path/to/dlx to choose the binary)
source "$(dirname "$0")/common.sh"
command -v parallel > /dev/null || { echo "GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

# start_local_sshd: an sshd on 127.0.0.1 for this user only, key login
# only, its keys and configuration in $work; jobs reach it as
# $DLX_SSHLOGIN through the ssh command in $PARALLEL_SSH.
start_local_sshd() {
    local sshd port
    sshd=$(command -v sshd || echo /usr/sbin/sshd)
    [[ -x $sshd ]] || { echo "--local-sshd needs sshd (apt-get install openssh-server)" >&2; exit 2; }
    mkdir -p "$work/ssh"
    chmod 700 "$work/ssh"
    ssh-keygen -q -t ed25519 -N '' -f "$work/ssh/host_key"
    ssh-keygen -q -t ed25519 -N '' -f "$work/ssh/login_key"
    cp "$work/ssh/login_key.pub" "$work/ssh/authorized_keys"
    chmod 600 "$work/ssh/authorized_keys"
    # Root's sshd needs its privilege separation directory.
    [[ $(id -u) != 0 ]] || mkdir -p /run/sshd
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat > "$work/ssh/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
Port $port
HostKey $work/ssh/host_key
AuthorizedKeysFile $work/ssh/authorized_keys
PidFile $work/ssh/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
AllowUsers $(id -un)
MaxStartups 100
MaxSessions 100
CONFIG
    "$sshd" -f "$work/ssh/sshd_config" -E "$work/ssh/sshd.log"
    on_exit "kill \$(cat '$work/ssh/sshd.pid')"
    export PARALLEL_SSH="ssh -p $port -i $work/ssh/login_key -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
    DLX_SSHLOGIN="$(id -un)@127.0.0.1"
    local tries
    for tries in $(seq 50); do
        $PARALLEL_SSH "$DLX_SSHLOGIN" true 2> /dev/null && break
        sleep 0.1
    done
    [[ $($PARALLEL_SSH "$DLX_SSHLOGIN" echo reached) == reached ]] \
        || fail "the local sshd on port $port does not answer: $(cat "$work/ssh/sshd.log")"
    say "jobs go over ssh: $DLX_SSHLOGIN, port $port (an sshd started for this run)"
}

case ${1:-} in
    --local-sshd) start_local_sshd ;;
    "") ;;
    *) echo "usage: $0 [--local-sshd]" >&2; exit 2 ;;
esac

# run_tasks NAME TASKS OUT SLOTS [KILL]: one job per task of TASKS, results
# in OUT/<place>.jsonl; with KILL, the job of that place is killed (SIGKILL)
# as soon as it starts, as a node lost mid-run would be.
run_tasks() {
    local name=$1 tasks=$2 out=$3 slots=$4 kill=${5:--1}
    local count=$(($(wc -l < "$tasks") - 1))
    mkdir -p "$out"
    seq 0 $((count - 1)) | parallel --will-cite -j "$slots" ${DLX_SSHLOGIN:+--controlmaster --sshlogin "$DLX_SSHLOGIN"} \
        "if [ {} = $kill ]; then
             '$DLX' solve '$work/$name.dlx' --tasks '$tasks' --task {} --count -j 1 > '$out/{}.jsonl' &
             kill -9 \$!; wait \$! 2> /dev/null; exit 0
         fi
         exec '$DLX' solve '$work/$name.dlx' --tasks '$tasks' --task {} --count -j 1 > '$out/{}.jsonl'"
}

check_engine run_tasks "job slots"

# The README's loop, as written there, with the first run of one task lost:
# it must rerun that task and end with the exact total.
readme=$work/readme
mkdir -p "$readme"
lossy_dlx "$readme" "$KILLED"
cp "$work/queens14.dlx" "$readme/p.dlx"
snippet=$(readme_snippet readme-gnu-parallel)
[[ -n $snippet ]] || fail "no readme-gnu-parallel snippet in docs/src/clusters.md"
(cd "$readme" && PATH="$readme/bin:$PATH" bash -c "$snippet") > "$readme/out" 2> "$readme/err" \
    || fail "the book's GNU parallel loop failed: $(tail -5 "$readme/err")"
[[ -e $readme/lost ]] || fail "the book's loop lost no task (the shim did not run)"
[[ $(cat "$readme/out") == "${expected[queens14]}" ]] \
    || fail "the book's GNU parallel loop printed '$(cat "$readme/out")', not ${expected[queens14]}: $(tail -5 "$readme/err")"
say "the book's GNU parallel loop: one task lost, rerun, $(cat "$readme/out") exact ($(grep -c . <(ls "$readme/results")) result files)"
# `dlx sudoku` batches split by lines: --pipe hands blocks of 50 puzzles
# to jobs, -k keeps the answers in input order; the same as one run.
"$DLX" gen sudoku-puzzles 400 > "$work/puzzles.txt" 2> /dev/null
"$DLX" sudoku -j 1 < "$work/puzzles.txt" > "$work/answers.one"
parallel --will-cite --pipe -k -N 50 -j 2 ${DLX_SSHLOGIN:+--controlmaster --sshlogin "$DLX_SSHLOGIN"} \
    "'$DLX' sudoku -j 1" < "$work/puzzles.txt" > "$work/answers.parallel"
cmp -s "$work/answers.one" "$work/answers.parallel" || fail "dlx sudoku through parallel --pipe differs"
[[ $(wc -l < "$work/answers.parallel") == 400 ]] || fail "dlx sudoku through parallel --pipe: not 400 answers"
say "dlx sudoku: 400 puzzles through parallel --pipe -k -N 50 = one dlx sudoku run"

say "GNU parallel${DLX_SSHLOGIN:+ over ssh to $DLX_SSHLOGIN}: all checks passed"
