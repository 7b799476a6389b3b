"""Mutation testing of one module: ``make mutate MODULE=worldgen/seeding.py``.

Runs mutmut over ``MODULE`` (a package folder such as ``game/rules`` or one
``.py`` file) with the tests that cover it, then prints the score and every
surviving mutant as a diff.  See ``docs/TESTING.md`` for how to read them.

The repository is never written: the run happens in
``build/mutate/<module>/``, a folder of links to the sources and tests with a
``pyproject.toml`` of its own (the repository's, plus mutmut's settings for
this module), and mutmut writes its ``mutants/`` copy there.  The folder is
made afresh each run, so the score always reflects the tests as they are;
it stays afterwards for ``mutmut show NAME`` or ``mutmut browse`` run inside it.

Which tests run: :data:`TESTS` for the folders listed there, else the
test files named after the module (``tests/test_<name>*.py``) and the
module's own doctests; ``--tests`` overrides both.

>>> covering_tests("worldgen/seeding.py")
['tests/test_seeding.py', 'worldgen/seeding.py']
>>> covering_tests("game/rules/score.py")[:2]
['tests/test_rules.py', 'tests/test_rules_behaviours.py']
>>> score_line({"killed": 90, "survived": 8, "no tests": 2})
'score: 90.0% (90 killed of 100; 2 no tests, 8 survived)'
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutate"
#: The packages mutmut copies (and may mutate), and what else the tests read.
SOURCES = ("game", "worldgen")
ALSO_COPY = ("main.py", "docs", "web")

#: Tests for a module under a folder listed here (the longest match wins);
#: globs relative to the repository.  The focused rule tests only: a mutant
#: runs every listed test that reaches the function it changed, and the
#: scenario suites (``test_tactics``, ``test_features``, ``test_comforts``,
#: ``test_bugs``: whole games through the app) reach nearly every rule, which
#: would make a run of ``game/rules`` take an hour instead of minutes.  Name
#: them with ``--tests`` for a fuller, slower run.
TESTS: dict[str, list[str]] = {
    "game/rules": ["tests/test_rules.py", "tests/test_rules_*.py", "tests/test_game_model.py",
                   "tests/test_fov.py", "tests/test_browser_storage.py", "game/rules"],
}

#: mutmut's verdicts that count as the tests noticing the mutant.
CAUGHT = ("killed", "timeout", "caught by type check")


def covering_tests(module: str) -> list[str]:
    """The test files (and doctest modules) that run against ``module``'s mutants."""
    module = module.rstrip("/")
    owners = [k for k in TESTS if module == k or module.startswith(k + "/")]
    if owners:
        patterns = TESTS[max(owners, key=len)]
    else:
        stem = Path(module).stem
        patterns = [f"tests/test_{stem}.py", f"tests/test_{stem}_*.py", module]
    found: list[str] = []
    for pattern in patterns:
        matches = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern)) if "*" in pattern else \
            [pattern] if (ROOT / pattern).exists() else []
        found += [m for m in matches if m not in found]
    return found


def score_line(counts: dict[str, int]) -> str:
    """One line: the share of mutants the tests caught, and what the rest were."""
    total = sum(n for status, n in counts.items() if status != "skipped")
    caught = sum(counts.get(status, 0) for status in CAUGHT)
    rest = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()) if status not in CAUGHT and n)
    share = 100.0 * caught / total if total else 0.0
    return f"score: {share:.1f}% ({caught} killed of {total}{'; ' + rest if rest else ''})"


def _mutmut_settings(module: str, tests: list[str]) -> str:
    """The ``[tool.mutmut]`` table for ``module``: mutate it alone, run ``tests``."""
    pattern = f"{module.rstrip('/')}/*" if (ROOT / module).is_dir() else module
    quoted = lambda items: "[" + ", ".join(f'"{i}"' for i in items) + "]"  # noqa: E731
    return ("\n[tool.mutmut]\n"
            f"source_paths = {quoted(SOURCES)}\n"
            f"only_mutate = {quoted([pattern])}\n"
            f"also_copy = {quoted(ALSO_COPY)}\n"
            f"pytest_add_cli_args_test_selection = {quoted(tests)}\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
            "use_git_change_detection = false\n")


def prepare(module: str, tests: list[str]) -> Path:
    """A fresh work folder for ``module``: links to the repository, a pyproject with mutmut's settings."""
    work = WORK / re.sub(r"[^A-Za-z0-9_.-]+", "_", module.strip("/"))
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in (*SOURCES, "tests", *ALSO_COPY):
        if (ROOT / name).exists():
            (work / name).symlink_to(ROOT / name)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = re.sub(r"\n\[tool\.mutmut\][^\[]*", "\n", project)  # a table of the repository's own is replaced
    (work / "pyproject.toml").write_text(project + _mutmut_settings(module, tests), encoding="utf-8")
    return work


def _mutmut(work: Path, *args: str, show: bool = False) -> str:
    exe = Path(sys.executable).parent / "mutmut"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    if show:
        subprocess.run([str(exe), *args], cwd=work, env=env, check=True)
        return ""
    return subprocess.run([str(exe), *args], cwd=work, env=env, check=True, capture_output=True, text=True).stdout


def results(work: Path) -> dict[str, str]:
    """``{mutant name: verdict}`` from ``mutmut results``."""
    out = _mutmut(work, "results", "--all", "true")
    return dict(line.strip().rsplit(": ", 1) for line in out.splitlines() if ": " in line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("module", nargs="?", default="game/rules", help="a package folder or a .py file (default game/rules)")
    ap.add_argument("--tests", default="", help="space-separated test files or globs instead of the usual ones")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    args = ap.parse_args(argv)
    module = args.module.rstrip("/")
    if not (ROOT / module).exists() or not (module.endswith(".py") or (ROOT / module).is_dir()):
        ap.error(f"no module {module!r}: give a folder or a .py file of the repository")
    if args.tests:
        saved = dict(TESTS)
        TESTS.clear()
        TESTS[module] = args.tests.split()
        tests = covering_tests(module)
        TESTS.update(saved)
    else:
        tests = covering_tests(module)
    if not tests:
        ap.error(f"no tests found for {module}: name some with --tests")
    work = prepare(module, tests)
    print(f"mutate {module} with: {' '.join(tests)}", flush=True)
    started = time.monotonic()
    _mutmut(work, "run", "--max-children", str(args.jobs), show=True)
    minutes = (time.monotonic() - started) / 60
    verdicts = results(work)
    survivors = sorted(name for name, status in verdicts.items() if status not in CAUGHT)
    for name in survivors:
        print(f"\n# {name}: {verdicts[name]}")
        diff = _mutmut(work, "show", name)
        print("\n".join(line for line in diff.splitlines()[1:] if line.startswith(("-", "+"))
                        and not line.startswith(("---", "+++"))))
    print(f"\n{module}: {score_line(Counter(verdicts.values()))} in {minutes:.1f} min")
    print(f"(inspect: cd {work.relative_to(ROOT)} && {Path(sys.executable).parent / 'mutmut'} show NAME)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
