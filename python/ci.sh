#!/usr/bin/env bash
# The Python package end to end, as a user gets it: one release build of
# the wheel (maturin, from PyPI), installed into a fresh virtual
# environment with pytest, numpy, dask.distributed (and Ray where it
# installs), and python/tests run against that installed wheel (not the
# source tree), so a file missing from the wheel fails here. The tests compare with the `dlx` binary, built here if it is
# not already (`.ci/run` built it for the tasks section).
#
# Needs Python 3.9 or later with venv, a Rust toolchain, and PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A fresh environment; Debian's python3 needs python3-venv for it.
make_venv() {
    if ! "$python" -m venv "$1" 2>/dev/null; then
        if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
            apt-get update -q
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-venv
            rm -rf "$1"
            "$python" -m venv "$1"
        else
            echo "python/ci.sh: $python cannot make a virtual environment (install python3-venv)" >&2
            exit 2
        fi
    fi
}

echo "-- building the wheel (maturin build --release) (at ${SECONDS} s)"
make_venv "$work/build"
"$work/build/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.9.4,<2"
(cd "$here" && "$work/build/bin/maturin" build --release --out "$work/wheels")

echo "-- installing it into a fresh virtual environment (at ${SECONDS} s)"
make_venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "$work"/wheels/dancing-*.whl pytest numpy
# Dask's distributed scheduler, for count_on's test on a cluster that loses
# a worker (the test is skipped without it).
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check dask distributed
# Ray, for count_on's test on Ray (skipped without it): it installs in
# seconds where it has a wheel, and where it has none the test is skipped.
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check ray ||
    echo "python/ci.sh: ray does not install here; its test is skipped"

echo "-- the dlx binary the tests compare with (at ${SECONDS} s)"
# $DLX when the caller built one (.ci/run: the static build), else the
# release build.
if [[ -z ${DLX:-} ]]; then
    (cd "$repo" && cargo build --release -q -p dancing-cli)
    DLX="$repo/target/release/dlx"
fi
DLX=$(realpath "$DLX")

echo "-- pytest against the installed wheel (at ${SECONDS} s)"
# From an empty directory, so that `import dancing` cannot find python/dancing.
cd "$work"
DLX="$DLX" DANCING_TEST_INSTALLED=1 \
    "$work/venv/bin/python" -m pytest -p no:cacheprovider -q "$here/tests"
echo "-- python/ci.sh done in ${SECONDS} s"
