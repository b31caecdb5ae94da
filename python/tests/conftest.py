"""Shared fixtures: the repository's reference files and the `dlx` binary
whose answers the package must reproduce.

The tests import the *installed* package (python/ci.sh runs them against
the wheel in a fresh virtual environment); the repository only provides
data and the CLI to compare with.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "crates" / "dancing" / "tests" / "data"


def has_costs(path: Path) -> bool:
    """Whether an option of the file carries a cost (`|n` or `$n`, Knuth's
    DLX5): those files are for the minimum-cost search (test_best.py), and
    their plain counts (10! assignments) are far too long to list here."""
    lines = [line for line in path.read_text().splitlines() if line.strip() and not line.lstrip().startswith("|")]
    return any(
        word[:1] in "|$" and word[1:2].isdigit()
        for line in lines[1:]
        for word in line.split()
    )


REFERENCE_FILES = sorted(path for path in DATA.glob("*.dlx") if not has_costs(path))


def find_dlx() -> str | None:
    """The `dlx` binary: $DLX, else the workspace's release or debug build,
    else one on PATH."""
    candidates = [os.environ.get("DLX")]
    candidates += [str(REPO / "target" / kind / "dlx") for kind in ("release", "debug")]
    candidates.append(shutil.which("dlx"))
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def dlx() -> str:
    found = find_dlx()
    if found is None:
        # Under CI the binary must be there: python/ci.sh builds it.
        if os.environ.get("CI"):
            pytest.fail("no dlx binary: set DLX or build it (cargo build --release -p dancing-cli)")
        pytest.skip("no dlx binary to compare with (set DLX)")
    return found


def run_dlx(dlx: str, *args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [dlx, *args], input=input, capture_output=True, text=True, timeout=600
    )


def dlx_summary(dlx: str, path: Path, *extra: str) -> dict:
    """The JSON summary of `dlx solve --count --json -j 1 PATH`."""
    done = run_dlx(dlx, "solve", "--count", "--json", "-j", "1", *extra, str(path))
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summaries = [r for r in records if r.get("type") == "summary"]
    assert len(summaries) == 1, done.stdout + done.stderr
    return summaries[0]


def dlx_solutions(dlx: str, path: Path) -> list[list[list[str]]]:
    """Every solution `dlx solve --json -j 1 PATH` lists, in order, each a
    list of options written as in the file."""
    done = run_dlx(dlx, "solve", "--json", "-j", "1", str(path))
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [r["options"] for r in records if r.get("type") == "solution"]

