"""Run the tests that start a browser (the page, the embeds and the online
suite on its stand-in runtime) N times and report every test that failed even
once: ``make flake N=20``.  A test that can fail by chance is a defect; this
is how one is caught before CI catches it.

    python tests/flake.py [--runs N] [PYTEST ARGS ...]

Each run is a fresh pytest session (``-m browser``, its own web build), so a
failure of one run cannot hide in the next.  Prints one line per run as it
ends, then each test that failed with how often; exits 1 when any did.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def failures(junit: Path) -> list[str]:
    """The ids of the tests that failed or erred in a junit XML report."""
    if not junit.is_file():
        return ["(the run left no report: pytest itself failed)"]
    out = []
    for case in ET.parse(junit).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            out.append(f"{case.get('classname', '')}::{case.get('name', '')}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tests/flake.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=20, help="how many times (1..500)")
    args, pytest_args = ap.parse_known_args(argv)
    if not 1 <= args.runs <= 500:
        ap.error(f"--runs must be in 1..500, not {args.runs}")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    failed: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="deepisle-flake-") as tmp:
        for i in range(1, args.runs + 1):
            junit = Path(tmp) / f"run{i}.xml"
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "browser",
                                   f"--junitxml={junit}", *pytest_args], cwd=ROOT, env=env,
                                  capture_output=True, text=True)
            these = failures(junit)
            failed.update(these)
            tail = done.stdout.strip().splitlines()[-1:] or ["(no output)"]
            print(f"run {i}/{args.runs}: {'FAILED ' + ', '.join(these) if these else 'ok'} ({tail[0]})", flush=True)
    print(f"{len(failed)} test{'s' if len(failed) != 1 else ''} failed in {args.runs} runs")
    for test, n in failed.most_common():
        print(f"  {n}/{args.runs}  {test}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
