#!/usr/bin/env bash
# CI's test of the Kubernetes path (`scripts/cluster/kubernetes.sh --check`).
# No API server can run on CI's machine (none is packaged where it reaches),
# so:
#  1. every manifest that `kubernetes.sh run` applies, as rendered for each
#     round, and the raw ones, are validated against Kubernetes' OpenAPI
#     schema (kubernetes-validate from PyPI, pinned, --strict: unknown
#     fields refused too), for Kubernetes 1.29 (the first release with
#     backoffLimitPerIndex on by default) and 1.37; job.yaml with its
#     placeholders must be refused (the validator does validate);
#  2. `kubernetes.sh run`, and the book's snippet word for word, are driven
#     through scripts/cluster/kubectl-sim as kubectl: it runs each index's
#     command text from the Job's manifest under sh -c, with
#     JOB_COMPLETION_INDEX set and /input, /results replaced by directories,
#     retrying a failing index backoffLimitPerIndex times. One index fails on
#     every try (its node lost, say): the Job must end Failed, the wait end
#     there, `dlx merge` exit 3 naming the task, the rerun Job run it, and
#     the total (solutions, nodes, updates) equal `dlx solve -j 1`'s; another
#     index fails once and Kubernetes' retry alone mends it. Once with the
#     input in ConfigMaps, once on the volume (by path) with several tasks
#     per index;
#  3. where kubectl is installed (no server needed): every command the runs
#     gave the simulation must parse, and `kubectl create configmap
#     --dry-run=client` must make the ConfigMap the Job reads;
#  4. the kubectl lines the book quotes from kubernetes.sh are in it.
# Installs what it needs (python3-venv from Debian if missing; the
# validator from PyPI, into ~/.cache/dancing/, kept for the next run).
# About 45 s with the validator installed, 40 s more to install it.
# Usage: scripts/cluster/kubernetes.sh --check   (DLX=path/to/dlx)
source "$(dirname "$0")/common.sh"
cluster=$root/scripts/cluster
start=$SECONDS

# The validator, in a virtual environment of its own (it brings PyYAML,
# which kubectl-sim reads manifests with), kept between runs: it holds
# 19,000 schema files, which take a minute to delete on this machine's disk.
validator=kubernetes-validate==1.37.0
venv=${DLX_K8S_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/dancing/kubernetes-validate-1.37.0}
if [[ $("$venv/bin/kubernetes-validate" --version 2> /dev/null) != 1.37.0 ]]; then
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    if ! python3 -m venv "$venv" 2> /dev/null; then
        [[ $(id -u) == 0 ]] || { echo "python3 cannot make a virtual environment (install python3-venv)" >&2; exit 2; }
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv
        rm -rf "$venv"
        python3 -m venv "$venv"
    fi
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "$validator"
fi
say "$validator in $venv ($((SECONDS - start)) s)"

# validate FILE...: strict schema validation for both versions.
validate() {
    local version
    for version in 1.29.0 1.37.0; do
        "$venv/bin/kubernetes-validate" --strict --quiet -k "$version" "$@" > "$work/validate.out" 2>&1 \
            || fail "schema $version: $(cat "$work/validate.out")"
    done
}

# kubectl is the simulation; dlx is $DLX, except that the pod of index
# PLACE fails its first TIMES runs (exit 137, no result, as when its node
# is lost), for each PLACE:TIMES of $2.
fake_cluster() {
    local dir=$1 rules=$2
    mkdir -p "$dir/bin"
    cat > "$dir/bin/kubectl" <<SHIM
#!/bin/sh
KUBECTL_SIM_STATE='$dir/cluster' exec '$venv/bin/python' '$cluster/kubectl-sim' "\$@"
SHIM
    cat > "$dir/bin/dlx" <<SHIM
#!/usr/bin/env bash
case " \$* " in
    *" --task-from-env "*)
        for rule in $rules; do
            [[ \${JOB_COMPLETION_INDEX:-} == \${rule%:*} ]] || continue
            lost=\$(ls '$dir'/lost.\${rule%:*}.* 2> /dev/null | wc -l)
            if ((lost < \${rule#*:})); then touch "$dir/lost.\${rule%:*}.\$lost"; exit 137; fi
        done ;;
esac
exec '$DLX' "\$@"
SHIM
    chmod +x "$dir/bin/kubectl" "$dir/bin/dlx"
}

# The tries Kubernetes gives an index: 1 + backoffLimitPerIndex.
tries=$((1 + $(sed -n 's/^ *backoffLimitPerIndex: *\([0-9]*\).*/\1/p' "$cluster/kubernetes/job.yaml")))
[[ $tries -ge 2 ]] || fail "no backoffLimitPerIndex in job.yaml"

# check_run DIR NAME PLACE: after a run of problem NAME in DIR whose index
# PLACE of round 0 failed every try: round 0 Failed with that index, merge
# named its task, round 1 ran it (and only it: CHUNK tasks) and completed,
# and the figures are those of dlx solve -j 1.
check_run() {
    local dir=$1 name=$2 place=$3 chunk=$4
    local job0=$dir/cluster/objects/job.dlx-round-0.json job1=$dir/cluster/objects/job.dlx-round-1.json
    grep -q '"type": "Failed"' "$job0" && grep -q "\"failedIndexes\": \"$place\"" "$job0" \
        || fail "$name: round 0 did not end Failed with index $place: $(cat "$job0")"
    grep -q "round 0: Failed, indexes failed for good: $place " "$dir/err" || fail "$name: the wait did not report the failed index"
    grep -q '"type": "Complete"' "$job1" || fail "$name: the rerun Job did not complete"
    [[ ! -e $dir/cluster/objects/job.dlx-round-2.json ]] || fail "$name: a third round ran"
    local rerun
    rerun=$(head -1 "$dir/results/todo-1.txt" | cut -d' ' -f5)
    [[ $rerun == "$chunk" ]] || fail "$name: the rerun holds $rerun tasks, not the $chunk of the lost index"
    local id
    id=$(sed -n 2p "$dir/results/todo-1.txt" | cut -d' ' -f1)
    grep -q "task $id has no result" "$dir/err" || fail "$name: merge did not name task $id"
    local merged whole
    merged=$(grep -o '^solutions [0-9]* nodes [0-9]* updates [0-9]*' "$dir/err")
    whole=$("$DLX" solve --count -j 1 --stats "$work/$name.dlx" 2>&1 > /dev/null | grep -o '^solutions [0-9]* nodes [0-9]* updates [0-9]*')
    [[ $(cat "$dir/out") == "${expected[$name]}" && $merged == "$whole" ]] \
        || fail "$name: printed '$(cat "$dir/out")', merged '$merged', dlx solve -j 1 '$whole' (expected ${expected[$name]})"
    say "$name: round 0 Failed (index $place lost on every try), merge named task $id, the rerun Job ran it: $merged = dlx solve -j 1"
}

# The book's snippet, word for word, run where a user would (a checkout's
# scripts/ beside the problem): input in ConfigMaps; index $KILLED lost on
# every try, index 5 once (Kubernetes' own retry mends that one).
book=$work/book
mkdir -p "$book"
fake_cluster "$book" "$KILLED:$tries 5:1"
ln -s "$root/scripts" "$book/scripts"
cp "$work/queens14.dlx" "$book/p.dlx"
snippet=$(readme_snippet readme-kubernetes)
[[ -n $snippet ]] || fail "no readme-kubernetes snippet in docs/src/clusters.md"
(cd "$book" && PATH="$book/bin:$PATH" DLX_POLL=0.2 timeout 300 bash -c "$snippet") > "$book/out" 2> "$book/err" \
    || fail "the book's Kubernetes snippet failed: $(tail -5 "$book/err")"
[[ -e $book/lost.5.0 && ! -e $book/lost.5.1 ]] || fail "index 5 was not lost once"
[[ -z $(ls "$book/cluster/volumes" | grep -v '^cm-dlx-round-[01]$\|^pvc-dlx-results$') ]] || fail "unexpected volumes: $(ls "$book/cluster/volumes")"
! grep -q '^\["exec", .*"/results/input"' "$book/cluster/calls.log" || fail "small input went to the volume"
check_run "$book" queens14 "$KILLED" 1
say "the book's snippet: done ($((SECONDS - start)) s)"

# kubernetes.sh run with the input on the volume (the ConfigMap limit set
# to 0) and at most 16 indexes a Job, so several tasks an index.
volume=$work/volume
mkdir -p "$volume"
fake_cluster "$volume" "2:$tries"
"$DLX" split "$work/pentomino6x10.dlx" --tasks 64 > "$volume/tasks.txt"
count=$(($(wc -l < "$volume/tasks.txt") - 1))
chunk=$(((count + 15) / 16))
(cd "$volume" && PATH="$volume/bin:$PATH" DLX_POLL=0.2 DLX_CONFIGMAP_LIMIT=0 DLX_MAX_INDEXES=16 \
    DLX_IMAGE=registry.example/dlx:1 timeout 300 "$cluster/kubernetes.sh" run "$work/pentomino6x10.dlx" tasks.txt) \
    > "$volume/out" 2> "$volume/err" || fail "kubernetes.sh run, input on the volume: $(tail -5 "$volume/err")"
! grep -q '^\["create", "configmap"' "$volume/cluster/calls.log" || fail "a ConfigMap was made with the limit at 0"
cmp -s "$volume/cluster/volumes/pvc-dlx-results/input/round-0.txt" "$volume/tasks.txt" || fail "the task file is not on the volume"
applied_chunk=$("$venv/bin/python" -c 'import sys, yaml
env = yaml.safe_load(open(sys.argv[1]))["spec"]["template"]["spec"]["containers"][0]["env"]
print(*(e["value"] for e in env if e["name"] == "DLX_CHUNK"))' "$volume/cluster/applied/"*job-dlx-round-0.yaml)
[[ $applied_chunk == "$chunk" ]] || fail "round 0's DLX_CHUNK is '$applied_chunk', not $chunk"
say "pentomino6x10: $count tasks, $chunk per index, problem and task files on the volume"
check_run "$volume" pentomino6x10 2 "$chunk"
say "kubernetes.sh run, input on the volume: done ($((SECONDS - start)) s)"

# Every manifest applied, as rendered, and the raw ones that need no
# rendering; job.yaml's placeholders must be refused.
validate "$book/cluster/applied/"*.yaml "$volume/cluster/applied/"*.yaml \
    "$cluster/kubernetes/pvc.yaml" "$cluster/kubernetes/collect.yaml"
if "$venv/bin/kubernetes-validate" --strict --quiet "$cluster/kubernetes/job.yaml" > /dev/null 2>&1; then
    fail "job.yaml with its placeholders passed the schema: the validator checks nothing"
fi
say "schema (strict, Kubernetes 1.29 and 1.37): $(ls "$book/cluster/applied" "$volume/cluster/applied" | grep -c yaml) manifests applied, pvc.yaml, collect.yaml valid"

# Where a real kubectl is installed (it is on this project's machines, not
# on a bare Debian): every command the runs gave the simulation, given to
# it (against no server) must parse, flags and all, and the ConfigMap it
# makes offline (--dry-run=client) must hold the two files.
if command -v kubectl > /dev/null; then
    "$venv/bin/python" - "$book/cluster/calls.log" "$volume/cluster/calls.log" > "$work/kubectl.out" 2>&1 <<'PYTHON' \
        || fail "kubectl refuses a command of kubernetes.sh: $(cat "$work/kubectl.out")"
import json, subprocess, sys
calls = {tuple(json.loads(line)) for name in sys.argv[1:] for line in open(name)}
for argv in sorted(calls):
    run = subprocess.run(["kubectl", "--server=http://127.0.0.1:9", "--request-timeout=1s", *argv],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True)
    for refusal in ("unknown flag", "unknown shorthand", "unknown command", "flag needs an argument",
                    "invalid argument", "required flag", "accepts ", "error: unknown", "must specify"):
        if refusal in run.stderr:
            sys.exit(f"kubectl {' '.join(argv)}: {run.stderr.strip()}")
print(len(calls))
PYTHON
    printf 'p\n' > "$work/p.dlx"
    printf 't\n' > "$work/t.txt"
    kubectl create configmap dlx-round-0 --from-file=problem.dlx="$work/p.dlx" --from-file=tasks.txt="$work/t.txt" \
        --dry-run=client -o jsonpath='{.data}' > "$work/configmap.out" 2>&1
    [[ $(cat "$work/configmap.out") == '{"problem.dlx":"p\n","tasks.txt":"t\n"}' ]] \
        || fail "kubectl create configmap --dry-run=client: $(cat "$work/configmap.out")"
    say "kubectl $(kubectl version --client -o json | grep -o '"gitVersion": *"[^"]*"' | cut -d'"' -f4): the $(cat "$work/kubectl.out") distinct commands of the runs parse; the ConfigMap holds problem.dlx and tasks.txt"
else
    say "no kubectl on this machine: the commands' flags were not checked against it"
fi

# The kubectl lines the book quotes are the driver's.
quoted=$(readme_snippet kubernetes-steps)
[[ -n $quoted ]] || fail "no kubernetes-steps block in docs/src/clusters.md"
while IFS= read -r line; do
    line=${line#"${line%%[![:space:]]*}"}
    [[ -z $line || $line == '#'* ]] && continue
    grep -qF -- "$line" "$cluster/kubernetes.sh" || fail "the book quotes a line that kubernetes.sh does not have: $line"
done <<< "$quoted"
# The image builds dancing-cli: by name, or through the `cargo static-dlx`
# alias of .cargo/config.toml, which names it.
grep -q '^name = "dancing-cli"' "$root/crates/cli/Cargo.toml" \
    && { grep -q -- '-p dancing-cli' "$root/Dockerfile" \
        || { grep -q 'cargo static-dlx' "$root/Dockerfile" \
            && grep -q '"-p", "dancing-cli"' "$root/.cargo/config.toml"; }; } \
    || fail "the Dockerfile does not build the package dancing-cli"
say "Kubernetes: all checks passed ($((SECONDS - start)) s)"
