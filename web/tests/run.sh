#!/usr/bin/env bash
# The page end to end in a real browser: builds web/dist (scripts/build-web)
# and the release `dlx` the answers are compared with, serves web/dist with
# `python3 -m http.server` on 127.0.0.1 (a free port), and runs
# test_page.py with Selenium (from PyPI, in a fresh virtual environment)
# driving Debian's headless Chromium through Debian's chromedriver, whose
# path is given, so that nothing is downloaded. Installs chromium,
# chromium-driver and python3-venv with apt where missing (as root).
#
# Screenshots of each view go to $WEB_SCREENSHOTS (default: a fresh
# directory under /tmp); the script prints their paths.
# `web/tests/run.sh --bench` runs bench.py (timings, not a test) instead.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

apt_install() {
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
    else
        echo "web/tests/run.sh: please install $* (Debian packages)" >&2
        exit 2
    fi
}

echo "-- chromium and chromedriver (at ${SECONDS} s)"
if ! [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
    apt_install chromium chromium-driver
fi

echo "-- selenium in a fresh virtual environment (at ${SECONDS} s)"
if ! "$python" -m venv "$work/venv" 2>/dev/null; then
    apt_install python3-venv
    rm -rf "$work/venv"
    "$python" -m venv "$work/venv"
fi
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check "selenium>=4.11,<5"

echo "-- the release dlx the page is compared with (at ${SECONDS} s)"
# $DLX when the caller built one (.ci/run: the static build), else the
# release build.
if [[ -z ${DLX:-} ]]; then
    (cd "$repo" && cargo build --release -q -p dancing-cli)
    DLX="$repo/target/release/dlx"
fi
DLX=$(realpath "$DLX")

echo "-- scripts/build-web (at ${SECONDS} s)"
"$repo/scripts/build-web"

shots="${WEB_SCREENSHOTS:-$(mktemp -d /tmp/web-screenshots.XXXXXX)}"
mkdir -p "$shots"
port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$python" -m http.server --bind 127.0.0.1 --directory "$repo/web/dist" "$port" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do
    if "$python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null; then
        break
    fi
    sleep 0.1
done

script="$here/test_page.py"
if [[ "${1:-}" == "--bench" ]]; then
    script="$here/bench.py"
fi
echo "-- $(basename "$script") against http://127.0.0.1:$port/ (at ${SECONDS} s)"
# SE_OFFLINE: Selenium Manager must not look anything up.
SE_OFFLINE=true DLX="$DLX" BASE_URL="http://127.0.0.1:$port/" \
    WEB_SCREENSHOTS="$shots" \
    "$work/venv/bin/python" "$script"
echo "-- web/tests/run.sh done in ${SECONDS} s"
