#!/usr/bin/env bash
# End to end on GNU parallel (Debian package `parallel`): each problem is
# split into tasks, one `dlx solve --tasks --task I` job per task on 2 job
# slots (and on 1, to time it), one job killed on purpose; `dlx merge`
# must name it, and once the task `dlx merge --rerun` lists is rerun, the
# merged count must equal `dlx solve --count`. Over ssh too when
# DLX_SSHLOGIN names a login whose machine sees the same paths (see the
# README); skipped otherwise.
#
# Usage: scripts/cluster/gnu-parallel.sh   (DLX=path/to/dlx to choose the binary)
source "$(dirname "$0")/common.sh"
command -v parallel > /dev/null || { echo "GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

# run_tasks NAME TASKS OUT SLOTS [KILL]: one job per task of TASKS, results
# in OUT/<place>.jsonl; with KILL, the job of that place is killed (SIGKILL)
# as soon as it starts, as a node lost mid-run would be.
run_tasks() {
    local name=$1 tasks=$2 out=$3 slots=$4 kill=${5:--1}
    local count=$(($(wc -l < "$tasks") - 1))
    mkdir -p "$out"
    seq 0 $((count - 1)) | parallel --will-cite -j "$slots" ${DLX_SSHLOGIN:+--sshlogin "$DLX_SSHLOGIN"} \
        "if [ {} = $kill ]; then
             '$DLX' solve '$work/$name.dlx' --tasks '$tasks' --task {} --count -j 1 > '$out/{}.jsonl' &
             kill -9 \$!; wait \$! 2> /dev/null; exit 0
         fi
         exec '$DLX' solve '$work/$name.dlx' --tasks '$tasks' --task {} --count -j 1 > '$out/{}.jsonl'"
}

check_engine run_tasks "job slots"
# `dlx sudoku` batches split by lines: --pipe hands blocks of 50 puzzles
# to jobs, -k keeps the answers in input order; the same as one run.
"$DLX" gen sudoku-puzzles 400 > "$work/puzzles.txt" 2> /dev/null
"$DLX" sudoku -j 1 < "$work/puzzles.txt" > "$work/answers.one"
parallel --will-cite --pipe -k -N 50 -j 2 ${DLX_SSHLOGIN:+--sshlogin "$DLX_SSHLOGIN"} \
    "'$DLX' sudoku -j 1" < "$work/puzzles.txt" > "$work/answers.parallel"
cmp -s "$work/answers.one" "$work/answers.parallel" || fail "dlx sudoku through parallel --pipe differs"
[[ $(wc -l < "$work/answers.parallel") == 400 ]] || fail "dlx sudoku through parallel --pipe: not 400 answers"
say "dlx sudoku: 400 puzzles through parallel --pipe -k -N 50 = one dlx sudoku run"

say "GNU parallel: all checks passed"
