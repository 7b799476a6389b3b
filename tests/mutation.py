"""Mutation testing of a module: ``make mutate MODULE=worldgen/core/seeding.py``.

Runs mutmut over ``MODULE`` (a package folder such as ``game/rules``, one
``.py`` file, or several of either separated by spaces) with the tests that
cover it, then prints every surviving mutant as the lines it changed, the
functions no listed test reaches, and the score per file and in all.  See
``docs/TESTING.md`` for how to read them.

The repository is never written: the run happens in
``build/mutate/<module>/``, a folder of links to the sources and tests with a
``pyproject.toml`` of its own (the repository's, plus mutmut's settings for
this module), and mutmut writes its ``mutants/`` copy there.  The folder is
made afresh each run, so the score always reflects the tests as they are;
it stays afterwards, with ``report.txt``, for ``mutmut show NAME`` or
``mutmut browse`` run inside it.

Which tests run: :data:`TESTS` for the folders listed there, else the
test files named after the module (``tests/test_<name>*.py``) and the
module's own doctests; ``--tests`` overrides both.

>>> covering_tests(["worldgen/core/seeding.py"])
['tests/test_seeding.py', 'worldgen/core/seeding.py']
>>> tests = covering_tests(["game/rules/persistence/score.py"])
>>> tests[0], "tests/test_rules_score.py" in tests
('tests/test_rules.py', True)
>>> score_line({"killed": 90, "survived": 8, "no tests": 2})
'score: 90.0% (90 killed of 100; 2 no tests, 8 survived)'
"""

from __future__ import annotations

import argparse
import hashlib
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


def covering_tests(modules: list[str]) -> list[str]:
    """The test files (and doctest modules) that run against the mutants of ``modules``: for a
    module outside :data:`TESTS`, its focused tests (``tests/edges.py``'s table, the one
    docs/TESTING.md gives) and the test files named after it."""
    from edges import focused_tests, modules_of

    patterns: list[str] = []
    for module in modules:
        owners = [k for k in TESTS if module == k or module.startswith(k + "/")]
        if owners:
            patterns += TESTS[max(owners, key=len)]
            continue
        for each in modules_of([module]) if (ROOT / module).is_dir() else [module]:
            stem = Path(each).stem
            patterns += [*focused_tests(each), f"tests/test_{stem}.py", f"tests/test_{stem}_*.py", each]
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


def _mutmut_settings(modules: list[str], tests: list[str]) -> str:
    """The ``[tool.mutmut]`` table for ``modules``: mutate them alone, run ``tests``."""
    patterns = [f"{m}/*" if (ROOT / m).is_dir() else m for m in modules]
    quoted = lambda items: "[" + ", ".join(f'"{i}"' for i in items) + "]"  # noqa: E731
    return ("\n[tool.mutmut]\n"
            f"source_paths = {quoted(SOURCES)}\n"
            f"only_mutate = {quoted(patterns)}\n"
            f"also_copy = {quoted(ALSO_COPY)}\n"
            f"pytest_add_cli_args_test_selection = {quoted(tests)}\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
            "use_git_change_detection = false\n")


def _slug(modules: list[str]) -> str:
    """The work folder's name for ``modules``: readable, and one per list (a
    long list is cut, and a digest of the whole keeps two lists that begin
    alike apart).

    >>> _slug(["game/rules/run.py"])
    'game_rules_run.py'
    >>> long = [f"game/rules/module_{i}.py" for i in range(9)]
    >>> len(_slug(long)) <= 129, _slug(long) != _slug(long[:8] + ["game/rules/other.py"])
    (True, True)
    """
    name = re.sub(r"[^A-Za-z0-9_.+-]+", "_", "+".join(modules))
    if len(name) <= 120:
        return name
    return f"{name[:120]}-{hashlib.sha256(name.encode()).hexdigest()[:8]}"


def prepare(modules: list[str], tests: list[str]) -> Path:
    """A fresh work folder for ``modules``: links to the repository, a pyproject with mutmut's settings."""
    work = WORK / _slug(modules)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in (*SOURCES, "tests", *ALSO_COPY):
        if (ROOT / name).exists():
            (work / name).symlink_to(ROOT / name)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = re.sub(r"\n\[tool\.mutmut\][^\[]*", "\n", project)  # a table of the repository's own is replaced
    (work / "pyproject.toml").write_text(project + _mutmut_settings(modules, tests), encoding="utf-8")
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


def source_of(name: str) -> str:
    """The file a mutant lives in: ``game.rules.persistence.score.x_add__mutmut_3`` -> ``game/rules/persistence/score.py``."""
    module = name.rpartition(".")[0].replace(".", "/")
    return f"{module}.py" if (ROOT / f"{module}.py").exists() else f"{module}/__init__.py"


def function_of(name: str) -> str:
    """``game.rules.persistence.score.x_add__mutmut_3`` -> ``game.rules.persistence.score.add`` (methods as ``Class.method``)."""
    module, _, mangled = name.rpartition(".")
    return f"{module}.{mangled.rsplit('__mutmut_', 1)[0].removeprefix('x').strip('_ǁ').replace('ǁ', '.')}"


def changed_lines(work: Path, names: list[str]) -> dict[str, str]:
    """The lines each mutant changes (``-`` as written, ``+`` as mutated), by
    mutmut's own diff, read in the work folder (mutmut takes its settings
    from the folder it runs in)."""
    here = os.getcwd()
    os.chdir(work)
    try:
        from mutmut.mutation.diff_apply import get_diff_for_mutant

        out = {}
        for name in names:
            diff = get_diff_for_mutant(name, path=source_of(name)).splitlines()
            out[name] = "\n".join(line for line in diff[2:] if line.startswith(("-", "+")))
        return out
    finally:
        os.chdir(here)


def report(module: str, work: Path, verdicts: dict[str, str]) -> str:
    """The score per file, every surviving mutant with its change, and the
    functions no listed test reaches (with their mutant counts)."""
    by_file: dict[str, Counter] = {}
    for name, status in verdicts.items():
        by_file.setdefault(source_of(name), Counter())[status] += 1
    survived = sorted(n for n, s in verdicts.items() if s not in CAUGHT and s != "no tests")
    unreached = Counter(function_of(n) for n, s in verdicts.items() if s == "no tests")
    lines = [f"# {name}: {verdicts[name]}\n{diff}" for name, diff in changed_lines(work, survived).items()]
    if unreached:
        lines.append("\n# no listed test reaches these functions (mutants each):")
        lines += [f"  {fn}: {n}" for fn, n in sorted(unreached.items())]
    lines.append("\n# by file:")
    lines += [f"  {path}: {score_line(counts)}" for path, counts in sorted(by_file.items())]
    lines.append(f"\n{module}: {score_line(Counter(verdicts.values()))}")
    return "\n".join(lines)


def survivors(verdicts: dict[str, str], modules: list[str]) -> list[str]:
    """The mutants of ``modules`` (files or folders) no test caught, ``no tests`` too.

    >>> survivors({"worldgen.toolkit.noise.x_f__mutmut_1": "killed", "worldgen.toolkit.noise.x_f__mutmut_2": "survived",
    ...            "worldgen.toolkit.growth.x_g__mutmut_1": "no tests"}, ["worldgen/toolkit/noise.py"])
    ['worldgen.toolkit.noise.x_f__mutmut_2']
    >>> len(survivors({"worldgen.toolkit.grid.cells.x_h__mutmut_1": "survived"}, ["worldgen/toolkit"]))
    1
    """
    def inside(path: str) -> bool:
        return any(path == m or path.startswith(m + "/") for m in modules)

    return sorted(name for name, status in verdicts.items()
                  if status not in CAUGHT and status != "skipped" and inside(source_of(name)))


def _again(work: Path, modules: list[str], jobs: int, ap: argparse.ArgumentParser) -> str:
    """Run the survivors of ``modules`` in the last run kept in ``work`` again.
    Its ``tests`` link is pointed at this repository's (a folder copied from
    another checkout then runs this one's tests), mutmut copies the tests
    afresh, and its map of which test reaches which function is made again,
    so a new test runs against the mutants it reaches.  The sources stay the
    run's: mutmut would make a newer source's mutants afresh and forget their
    verdicts, so a change of source wants a fresh run."""
    title = " ".join(modules)
    if not (work / "mutants").is_dir():
        ap.error(f"no run of {title} to run again: make mutate MODULE='{title}' first")
    if (work / "tests").is_symlink():
        (work / "tests").unlink()
        (work / "tests").symlink_to(ROOT / "tests")
    names = survivors(results(work), modules)
    if not names:
        return " (no survivors to run again)"
    (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    print(f"run again the {len(names)} survivors of {title}", flush=True)
    started = time.monotonic()
    _mutmut(work, "run", "--max-children", str(jobs), *names, show=True)
    return f" (its {len(names)} survivors run again in {(time.monotonic() - started) / 60:.1f} min)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", default=["game/rules"], metavar="module",
                    help="package folders or .py files of the repository (default game/rules)")
    ap.add_argument("--tests", default="", help="space-separated test files or globs instead of the usual ones")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    ap.add_argument("--report", action="store_true", help="print the last run's report again, without running")
    ap.add_argument("--again", action="store_true",
                    help="run the last run's survivors again, against the tests as they are now")
    args = ap.parse_args(argv)
    modules = [m.rstrip("/") for m in args.modules]
    for module in modules:
        if not (ROOT / module).exists() or not (module.endswith(".py") or (ROOT / module).is_dir()):
            ap.error(f"no module {module!r}: give a folder or a .py file of the repository")
    saved = dict(TESTS)
    if args.tests:
        TESTS.clear()
        TESTS.update({m: args.tests.split() for m in modules})
    tests = covering_tests(modules)
    TESTS.clear()
    TESTS.update(saved)
    if not tests:
        ap.error(f"no tests found for {' '.join(modules)}: name some with --tests")
    work, title, took = WORK / _slug(modules), " ".join(modules), ""
    if args.again:
        took = _again(work, modules, args.jobs, ap)
    elif not args.report:
        work = prepare(modules, tests)
        print(f"mutate {title} with: {' '.join(tests)}", flush=True)
        started = time.monotonic()
        _mutmut(work, "run", "--max-children", str(args.jobs), show=True)
        took = f" in {(time.monotonic() - started) / 60:.1f} min"
    elif not (work / "mutants").is_dir():
        ap.error(f"no run of {title} to report: make mutate MODULE='{title}' first")
    text = report(title, work, results(work)) + took
    (work / "report.txt").write_text(text + "\n", encoding="utf-8")
    print(text)
    print(f"(saved in {(work / 'report.txt').relative_to(ROOT)}; one mutant: cd {work.relative_to(ROOT)} && "
          f"{Path(sys.executable).parent / 'mutmut'} show NAME)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
