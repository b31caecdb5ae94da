# Shared by the end-to-end scripts of this directory (sourced, not run):
# the dlx binary, the problems, and the checks every engine must pass.
#
# Each script splits a problem into tasks, runs them through its engine
# with one task killed on purpose, checks that `dlx merge` names the killed
# task and refuses a total, reruns what `dlx merge --rerun` lists, and
# checks that the merged count equals `dlx solve --count`.

set -euo pipefail

# The binary under test: $DLX, or the release build of this checkout.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DLX=${DLX:-$root/target/release/dlx}
if [[ ! -x $DLX ]]; then
    echo "no dlx binary at $DLX: cargo build --release -p dancing-cli, or set DLX" >&2
    exit 2
fi
DLX=$(cd "$(dirname "$DLX")" && pwd)/$(basename "$DLX")

# A fresh directory, removed at exit (the caller may add its own cleanup
# before, through `on_exit`).
work=$(mktemp -d "${TMPDIR:-/tmp}/dlx-cluster.XXXXXX")
chmod 755 "$work"
exit_hooks=()
on_exit() { exit_hooks+=("$1"); }
cleanup() {
    local hook
    for hook in "${exit_hooks[@]}"; do eval "$hook" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# The problems: raw pentominoes in 6x10 (9,356 tilings) and 14 queens
# (365,596 solutions), with the number of tasks to split each into.
"$DLX" gen pentomino 6x10 > "$work/pentomino6x10.dlx"
"$DLX" gen queens 14 > "$work/queens14.dlx"
problems=(pentomino6x10 queens14)
# ${TASKS} tasks each (a script may choose fewer: a job's start costs).
declare -A task_count=([pentomino6x10]=${TASKS:-40} [queens14]=${TASKS:-40})
declare -A expected=([pentomino6x10]=9356 [queens14]=365596)

# The place (from 0) of the task killed on purpose in every run.
KILLED=3

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

# split NAME: writes $work/NAME.tasks; prints the number of tasks.
split_problem() {
    local name=$1
    "$DLX" split "$work/$name.dlx" --tasks "${task_count[$name]}" > "$work/$name.tasks"
    echo $(($(wc -l < "$work/$name.tasks") - 1))
}

# check_killed NAME RESULTS...: `dlx merge` must refuse a total and name
# the killed task's id.
check_killed() {
    local name=$1; shift
    local id status=0
    id=$(sed -n "$((KILLED + 2))p" "$work/$name.tasks" | cut -d' ' -f1)
    "$DLX" merge --tasks "$work/$name.tasks" "$@" > "$work/merge.out" 2> "$work/merge.err" || status=$?
    [[ $status == 3 ]] || fail "$name: merge with a task killed exited $status, not 3 (incomplete): $(cat "$work/merge.err"); results: $(wc -c "$@" | tr "\n" " ")"
    grep -q "task $id has no result" "$work/merge.err" || fail "$name: merge did not name task $id: $(cat "$work/merge.err")"
    [[ ! -s $work/merge.out ]] || fail "$name: merge printed a total from incomplete results"
    say "$name: dlx merge names the killed task: $(grep "task $id" "$work/merge.err")"
    status=0
    "$DLX" merge --rerun --tasks "$work/$name.tasks" "$@" > "$work/$name.rerun" 2>/dev/null || status=$?
    [[ $status == 3 ]] || fail "$name: merge --rerun exited $status, not 3"
    [[ $(head -1 "$work/$name.rerun" | cut -d' ' -f5) == 1 ]] || fail "$name: --rerun should list one task"
}

# check_total NAME RESULTS...: the merged count equals `dlx solve --count`.
check_total() {
    local name=$1; shift
    local merged whole
    merged=$("$DLX" merge --stats --tasks "$work/$name.tasks" "$@" 2> "$work/merge.err")
    whole=$("$DLX" solve --count -q "$work/$name.dlx")
    [[ $merged == "$whole" && $merged == "${expected[$name]}" ]] \
        || fail "$name: merged $merged, dlx solve --count $whole, expected ${expected[$name]}"
    say "$name: merged $merged = dlx solve --count $whole ($(cat "$work/merge.err"))"
}

# check_engine RUN UNIT: the whole check, for one engine whose function
# RUN NAME TASKS OUT SLOTS [KILL] runs every task of TASKS, at most SLOTS
# at once, results in OUT/*.jsonl, the task at place KILL killed; UNIT
# names its slots in messages.
check_engine() {
    local run=$1 unit=$2 name count slots start end
    for name in "${problems[@]}"; do
        count=$(split_problem "$name")
        say "$name: $count tasks"
        for slots in 1 2; do
            start=$(date +%s.%N)
            "$run" "$name" "$work/$name.tasks" "$work/$name.$slots" "$slots" "$KILLED"
            end=$(date +%s.%N)
            say "$name: $count tasks, $slots $unit: $(echo "$end - $start" | bc) s wall"
            check_killed "$name" "$work/$name.$slots"/*.jsonl
        done
        "$run" "$name" "$work/$name.rerun" "$work/$name.again" 2
        check_total "$name" "$work/$name.2"/*.jsonl "$work/$name.again"/*.jsonl
    done
}

# readme_snippet NAME: the shell block of the book (docs/src/clusters.md) that follows the
# comment naming NAME, exactly as a user would copy it.
readme_snippet() {
    awk -v mark="$1" '
        index($0, "<!--") && index($0, mark) { found = 1; next }
        found && /^```sh$/ { inside = 1; next }
        inside && /^```$/ { exit }
        inside { print }
    ' "$root/docs/src/clusters.md"
}

# lossy_dlx DIR PLACE [hang]: DIR/bin/dlx runs $DLX, except that its first
# run of the task at PLACE is lost (no result, exit 137), as a killed job's
# is, or with `hang` sleeps (for the caller to cancel it), having made
# DIR/lost; a book snippet run with DIR/bin first on PATH must still end
# exact.
lossy_dlx() {
    local dir=$1 place=$2 how=${3:-exit}
    local lose="exit 137"
    [[ $how != hang ]] || lose="sleep 300"
    mkdir -p "$dir/bin"
    cat > "$dir/bin/dlx" <<SHIM
#!/usr/bin/env bash
lost() { [[ ! -e '$dir/lost' ]] && touch '$dir/lost'; }
case " \$* " in
    *" --task $place "*) lost && $lose ;;
    *" --task-from-env "*) [[ \${SLURM_ARRAY_TASK_ID:-} == $place ]] && lost && $lose ;;
esac
exec '$DLX' "\$@"
SHIM
    chmod +x "$dir/bin/dlx"
}
