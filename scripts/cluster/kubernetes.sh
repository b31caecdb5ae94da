#!/usr/bin/env bash
# The tasks of `dlx split` on Kubernetes, end to end, with the manifests of
# scripts/cluster/kubernetes/ (see docs/src/clusters.md, "Kubernetes"):
#
#   DLX_IMAGE=registry.example/dlx:1 scripts/cluster/kubernetes.sh run p.dlx tasks.txt [RESULTS]
#
# runs round 0, an Indexed Job of every task of tasks.txt, waits until it
# is Complete or Failed (an index that failed for good), copies its results
# out of the volume into RESULTS/round-0/ (default `results`), and merges;
# while `dlx merge` exits 3 (incomplete), the tasks `dlx merge --rerun`
# lists run as round 1, 2, ... It prints the exact count (and the figures,
# with --stats, on standard error) when merge exits 0, and exits 2 when the
# results are inconsistent (merge names the lines). Needs `kubectl` (its
# current context and namespace), `dlx` on PATH (for merge), and the image
# built from the repository's Dockerfile, pushed where the cluster pulls.
# Settings: DLX_MAX_ROUNDS (10), DLX_POLL (seconds between looks at the
# Job, 10), DLX_CONFIGMAP_LIMIT (bytes of problem and task file passed in
# a ConfigMap, beyond which they go on the volume; 1000000),
# DLX_MAX_INDEXES (indexes per Job, 100000, Kubernetes' limit for an
# Indexed Job: a larger round runs DLX_CHUNK tasks per index).
#
#   scripts/cluster/kubernetes.sh --check
#
# is CI's test, with no cluster: every manifest validated against
# Kubernetes' schema (kubernetes-validate from PyPI, strict), and `run` and
# the book's snippet driven through scripts/cluster/kubectl-sim, which runs
# each index's command text from the manifest under sh -c, with indexes
# lost on purpose. (DLX=path/to/dlx to choose the binary.)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
manifests=$here/kubernetes

# render FILE: a manifest with the image set.
render() {
    sed "s|registry.example/dlx:1|$DLX_IMAGE|" "$manifests/$1"
}

# wait_job NAME: until the Job is Complete, or Failed (an index failed
# for good, or the Job's own limits); prints which.
wait_job() {
    local job=$1 conditions
    while :; do
        # (A failed look, the API server busy, is only a look missed.)
        conditions=$(kubectl get job "$job" -o jsonpath='{.status.conditions[?(@.status=="True")].type}') \
            || conditions=""
        case " $conditions " in
            *" Complete "*) echo Complete; return ;;
            *" Failed "*) echo Failed; return ;;
        esac
        sleep "${DLX_POLL:-10}"
    done
}

run() {
    [[ $# == 2 || $# == 3 ]] || { echo "usage: DLX_IMAGE=IMAGE $0 run PROBLEM TASKS [RESULTS]" >&2; exit 2; }
    local problem=$1 tasks=$2 out=${3:-results}
    : "${DLX_IMAGE:?set DLX_IMAGE to the image built from the Dockerfile (docker build -t IMAGE .)}"
    local limit=${DLX_CONFIGMAP_LIMIT:-1000000} max_rounds=${DLX_MAX_ROUNDS:-10}
    local max_indexes=${DLX_MAX_INDEXES:-100000}
    local round=0 todo=$tasks n chunk completions size state status stage
    if compgen -G "$out/round-*" > /dev/null; then
        echo "$out already holds results of a run (round-*): choose another directory" >&2
        exit 2
    fi
    mkdir -p "$out"

    # The results volume, and the pod that reaches it.
    # (kubectl's messages to standard error: standard output is the count.)
    render pvc.yaml | kubectl apply -f - >&2
    render collect.yaml | kubectl apply -f - >&2
    kubectl wait --for=condition=Ready pod/dlx-collect --timeout=10m >&2
    if kubectl exec dlx-collect -- sh -c 'ls /results | grep -q "^round-"'; then
        echo "the volume dlx-results holds results of an earlier run: save them, then" >&2
        echo "  kubectl exec dlx-collect -- sh -c 'rm -rf /results/round-* /results/input'" >&2
        exit 2
    fi

    while :; do
        n=$(($(wc -l < "$todo") - 1))
        chunk=$(((n + max_indexes - 1) / max_indexes))
        completions=$(((n + chunk - 1) / chunk))
        kubectl delete job "dlx-round-$round" --ignore-not-found >&2
        kubectl delete configmap "dlx-round-$round" --ignore-not-found >&2
        size=$(($(wc -c < "$problem") + $(wc -c < "$todo")))
        if ((size <= limit)); then
            # Small: the problem and the round's task file in a ConfigMap.
            kubectl create configmap "dlx-round-$round" \
                --from-file=problem.dlx="$problem" --from-file=tasks.txt="$todo" >&2
            render job.yaml | sed -e "s/ROUND/$round/g" -e "s/COMPLETIONS/$completions/" \
                -e "s/{name: DLX_CHUNK, value: \"1\"}/{name: DLX_CHUNK, value: \"$chunk\"}/" \
                | kubectl apply -f - >&2
        else
            # Too big for a ConfigMap: both files on the volume, by path.
            stage=$(mktemp -d)
            cp "$problem" "$stage/problem.dlx"
            cp "$todo" "$stage/round-$round.txt"
            kubectl exec dlx-collect -- mkdir -p /results/input
            tar -C "$stage" -cf - problem.dlx "round-$round.txt" \
                | kubectl exec -i dlx-collect -- tar -xf - -C /results/input
            rm -r "$stage"
            render job.yaml | sed -e "s/ROUND/$round/g" -e "s/COMPLETIONS/$completions/" \
                -e "s/{name: DLX_CHUNK, value: \"1\"}/{name: DLX_CHUNK, value: \"$chunk\"}/" \
                -e "s|/input/problem.dlx|/results/input/problem.dlx|" \
                -e "s|/input/tasks.txt|/results/input/round-$round.txt|" \
                | kubectl apply -f - >&2
        fi
        echo "round $round: $n tasks, $completions indexes ($chunk per index), input of $size bytes" >&2

        state=$(wait_job "dlx-round-$round")
        if [[ $state == Failed ]]; then
            echo "round $round: Failed, indexes failed for good: $(kubectl get job "dlx-round-$round" -o jsonpath='{.status.failedIndexes}')" \
                "(kubectl logs job/dlx-round-$round); merge will name their tasks" >&2
        else
            echo "round $round: Complete" >&2
        fi

        # Collect: this round's result files, out of the volume.
        kubectl exec dlx-collect -- sh -c "mkdir -p /results/round-$round && tar -C /results -cf - round-$round" \
            | tar -xf - -C "$out"

        status=0
        if compgen -G "$out/round-*/*.jsonl" > /dev/null; then
            dlx merge --rerun --tasks "$tasks" "$out"/round-*/*.jsonl > "$out/todo-$((round + 1)).txt" || status=$?
        else
            # No result at all (every index failed): all of it again.
            cp "$todo" "$out/todo-$((round + 1)).txt"
            status=3
        fi
        case $status in
            0) break ;;
            3) ;;
            *) echo "dlx merge: the results are inconsistent (exit $status): see the lines it names" >&2; exit 2 ;;
        esac
        round=$((round + 1))
        if ((round >= max_rounds)); then
            echo "still incomplete after $max_rounds rounds (DLX_MAX_ROUNDS): a task fails every time? kubectl logs job/dlx-round-$((round - 1))" >&2
            exit 3
        fi
        todo=$out/todo-$round.txt
    done
    kubectl delete pod dlx-collect --ignore-not-found > /dev/null
    dlx merge --stats --tasks "$tasks" "$out"/round-*/*.jsonl
}

case ${1:-} in
    run) shift; run "$@" ;;
    --check) shift; exec "$here/kubernetes-check.sh" "$@" ;;
    *) echo "usage: DLX_IMAGE=IMAGE $0 run PROBLEM TASKS [RESULTS] | $0 --check" >&2; exit 2 ;;
esac
