"""Thresholds at their edges: ``python tests/edges.py MODULE ... [--run]`` (``make edges``).

Lists every ordering comparison (``<``, ``<=``, ``>``, ``>=``) in the modules: an
AST scan of each file, so none is missed (HP fractions, doses, chances,
counts, margins, distances, levels, and every other threshold a rule or a
promise is held to).  With ``--run`` it moves each comparison's edge by one
(``<`` for ``<=`` and back, ``>`` for ``>=`` and back: the two differ only
when both sides are equal; a ``random()`` draw against a chance is skipped,
:func:`a_roll`) in a scratch copy of the sources, runs the
module's focused tests, and reports every comparison whose shift no test
noticed: a threshold with no test at its exact value.  Each one is then
given its test (at the value and one step either side) or shown
equivalent in docs/TESTING.md (the two sides are never equal).

The focused tests of a module are those docs/TESTING.md lists for it
(:func:`focused_tests`: ``tests/test_rules_<name>.py`` for a rule module,
the exceptions in :data:`FOCUSED`), never the scenario suites: the tests a
developer runs while changing the module are the ones that must catch.

The repository is never written: the copy lives in ``build/edges/<modules>/``
with ``report.txt`` after a run.  One shift runs at a time.

>>> [(e.line, e.op, e.text) for e in comparisons_in("x = 1\\nif a.hp * 2 < b and 0 <= c <= 9:\\n    pass\\n")]
[(2, '<', 'a.hp * 2 < b'), (2, '<=', '0 <= c'), (2, '<=', 'c <= 9')]
>>> shift("if a.hp * 2 < b:", comparisons_in("if a.hp * 2 < b:\\n    pass")[0])
'if a.hp * 2 <= b:'
>>> shift("ok = 0 <= x >= y", comparisons_in("ok = 0 <= x >= y")[1])
'ok = 0 <= x > y'
>>> focused_tests("game/rules/creatures/entities.py")
['tests/test_rules_entities.py']
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import inspect
import io
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import tokenize
import types
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "edges"
SHIFT = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
#: A shift's test run longer than this counts as caught (a hang the change made).
TIMEOUT_S = 300

#: Focused tests of the modules whose file is not ``tests/test_rules_<name>.py`` or
#: ``tests/test_<name>.py`` (docs/TESTING.md's table); a folder's entry covers its modules.
FOCUSED: dict[str, list[str]] = {
    "game/rules/world/hazards.py": ["tests/test_rules_terrain.py", "tests/test_rules_effects.py"],
    "game/rules/actions/terrain.py": ["tests/test_rules_terrain.py", "tests/test_rules_effects.py"],
    "game/rules/actions/effects.py": ["tests/test_rules_effects.py", "tests/test_rules_terrain.py"],
    "game/rules/persistence/reading.py": ["tests/test_rules_codec.py"],
    "game/rules/actions/surroundings.py": ["tests/test_rules_terrain.py", "tests/test_rules_effects.py"],
    "game/rules/world/fov.py": ["tests/test_fov.py"],
    "game/rules/behaviours/base.py": ["tests/test_rules_behaviours.py"],
    "game/rules/behaviours/__init__.py": ["tests/test_rules_behaviours.py"],
    "game/rules/creatures/energy.py": ["tests/test_rules_clock.py"],
    "game/rules/play/growth.py": ["tests/test_rules_growth.py"],
    "game/rules/actions/growth.py": ["tests/test_rules_growth.py"],
    "game/rules/actions/base.py": ["tests/test_rules_items.py"],
    "game/rules/actions/travel.py": ["tests/test_rules_travel.py", "tests/test_rules_explore.py"],
    "game/rules/run": ["tests/test_rules_run.py"],
    "game/rules/run/questions.py": ["tests/test_rules_run.py", "tests/test_rules_caution.py"],
    "game/rules/content": ["tests/test_rules_content.py"],
    "game/shell/browser.py": ["tests/test_browser.py", "tests/test_browser_storage.py"],
    "worldgen/toolkit/promises.py": ["tests/test_promises.py", "tests/test_promises_checks.py"],
    "worldgen/toolkit/particles.py": ["tests/test_island.py"],
    "worldgen/toolkit/spread.py": ["tests/test_world.py"],
    "worldgen/toolkit/grid": ["tests/test_grid.py", "tests/test_grid_dead_ends.py", "tests/test_grid_reference.py"],
    "worldgen/toolkit/vaults.py": ["tests/test_terrain.py", "tests/test_vaults.py"],
    "worldgen/core/legend.py": ["tests/test_image.py"],
    "worldgen/core/pacing.py": ["tests/test_mosaic_slices.py"],
    "worldgen/core/work.py": ["tests/test_work_budget.py"],
    "worldgen/core/drawing.py": ["tests/test_captions.py", "tests/test_image.py"],
    "worldgen/toolkit/terrain_work.py": ["tests/test_work_budget.py"],
    "worldgen/generators/island": ["tests/test_island.py"],
    "worldgen/generators/biomes": ["tests/test_biomes.py", "tests/test_growth.py"],
    "worldgen/generators/caverns": ["tests/test_caverns.py", "tests/test_cavejoin.py", "tests/test_automaton.py"],
    "worldgen/generators/mosaic": ["tests/test_mosaic.py", "tests/test_mosaic_mask.py", "tests/test_mosaic_repair.py",
                                   "tests/test_mosaic_slices.py", "tests/test_mosaic_styles.py"],
    "worldgen/generators/rooms": ["tests/test_rooms.py", "tests/test_rooms_attach.py", "tests/test_rooms_finish.py",
                                  "tests/test_rooms_shapes.py"],
    "worldgen/generators/world": ["tests/test_world.py"],
    **{f"worldgen/generators/{g}/work.py": ["tests/test_work_budget.py"]
       for g in ("biomes", "caverns", "island", "mosaic", "rooms")},
}


@dataclass(frozen=True)
class Edge:
    """One ordering comparison: where its operator is (1-based line, 0-based column in
    characters), the operator, the comparison as written, and the function it is in."""

    line: int
    col: int
    op: str
    text: str
    function: str = ""


def focused_tests(module: str) -> list[str]:
    """The focused test files of ``module`` (a ``.py`` path of the repository)."""
    owners = [k for k in FOCUSED if module == k or module.startswith(k + "/")]
    if owners:
        return FOCUSED[max(owners, key=len)]
    stem = Path(module).stem
    for name in (f"tests/test_rules_{stem}.py", f"tests/test_{stem}.py"):
        if module.startswith("game/rules/") == name.startswith("tests/test_rules_") and (ROOT / name).exists():
            return [name]
    return []


def module_name(path: str) -> str:
    """The name ``path`` is imported by: a package's ``__init__.py`` is the package itself (its
    own name would import a second copy, whose functions no test calls).

    >>> module_name("worldgen/toolkit/noise.py"), module_name("worldgen/generators/mosaic/styles/__init__.py")
    ('worldgen.toolkit.noise', 'worldgen.generators.mosaic.styles')
    """
    return path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def comparisons_in(source: str) -> list[Edge]:
    """Every ordering comparison of ``source``, in order, with its operator's exact place."""
    tree = ast.parse(source)
    lines = source.splitlines()
    owner: dict[int, str] = {}  # each line's innermost function: the widest are written first
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for node in sorted(functions, key=lambda n: n.lineno - (n.end_lineno or n.lineno)):
        owner.update(dict.fromkeys(range(node.lineno, (node.end_lineno or node.lineno) + 1), node.name))
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.OP]

    def chars(line: int, byte_col: int) -> int:  # ast columns count UTF-8 bytes, tokens count characters
        return len(lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            if type(op) not in OPS:
                continue
            left, right = sides[i], sides[i + 1]
            start = (left.end_lineno, chars(left.end_lineno, left.end_col_offset))
            end = (right.lineno, chars(right.lineno, right.col_offset))
            token = next(t for t in tokens if start <= t.start and t.end <= end and t.string == OPS[type(op)])
            text = f"{ast.unparse(left)} {OPS[type(op)]} {ast.unparse(right)}"
            found.append(Edge(token.start[0], token.start[1], OPS[type(op)], text, owner.get(token.start[0], "")))
    return sorted(found, key=lambda e: (e.line, e.col))


def shift(source: str, edge: Edge) -> str:
    """``source`` with ``edge``'s operator moved by one (``<`` for ``<=`` ...)."""
    lines = source.split("\n")
    text = lines[edge.line - 1]
    end = edge.col + len(edge.op)
    assert text[edge.col:end] == edge.op and text[end:end + 1] != "=", (edge, text)
    lines[edge.line - 1] = text[:edge.col] + SHIFT[edge.op] + text[edge.col + len(edge.op):]
    return "\n".join(lines)


def a_roll(edge: Edge) -> bool:
    """A draw of ``random()`` (or the rooms generator's ``u()``) against a chance: its ``<`` and ``<=`` differ only for a draw exactly
    equal to the chance, one of 2**53 values, so the shift is equivalent and not run."""
    return re.search(r"\.random\(|\bu\(\)", edge.text) is not None


def modules_of(paths: list[str]) -> list[str]:
    """The ``.py`` files of ``paths`` (files or folders), sorted."""
    out: list[str] = []
    for path in paths:
        p = ROOT / path
        found = sorted(p.rglob("*.py")) if p.is_dir() else [p]
        out += [str(f.relative_to(ROOT)) for f in found if "__pycache__" not in f.parts]
    return out


def _scratch(name: str) -> Path:
    """A fresh copy of the sources (links to the rest) to shift comparisons in."""
    work = WORK / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for package in ("game", "worldgen"):
        shutil.copytree(ROOT / package, work / package, ignore=shutil.ignore_patterns("__pycache__"))
    for other in ("tests", "docs", "web", "main.py", "pyproject.toml"):
        if (ROOT / other).exists():
            (work / other).symlink_to(ROOT / other)
    return work


def _holder(module, line: int):
    """The narrowest function of ``module`` (a module function, a method, a property's getter,
    unwrapped from its decorators) whose code holds ``line``: the one whose code a shift
    replaces.  None for a line outside every such function (a module or class body)."""
    found = []

    def add(obj) -> None:
        obj = inspect.unwrap(obj) if callable(obj) else obj
        if isinstance(obj, types.FunctionType) and obj.__code__.co_filename == module.__file__:
            found.append(obj)

    def walk_class(cls, depth=0) -> None:
        for attr in vars(cls).values():
            if isinstance(attr, property):
                add(attr.fget), add(attr.fset)
            elif isinstance(attr, (staticmethod, classmethod)):
                add(attr.__func__)
            elif isinstance(attr, functools.cached_property):
                add(attr.func)
            elif isinstance(attr, type) and attr.__module__ == module.__name__ and depth < 3:
                walk_class(attr, depth + 1)
            else:
                add(attr)

    for value in vars(module).values():
        if isinstance(value, type) and value.__module__ == module.__name__:
            walk_class(value)
        else:
            add(value)
    spans = [(max(_lines(f.__code__)) - f.__code__.co_firstlineno, f) for f in found
             if f.__code__.co_firstlineno <= line <= max(_lines(f.__code__))]
    return min(spans, key=lambda s: s[0])[1] if spans else None


def _lines(code) -> list[int]:
    """Every line a code object (and the code inside it) runs."""
    out = [code.co_firstlineno] + [n for _, _, n in code.co_lines() if n is not None]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out += _lines(const)
    return out


def _codes(code, out: dict | None = None) -> dict:
    """Every code object inside ``code``, by (first line, name)."""
    out = {} if out is None else out
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out[(const.co_firstlineno, const.co_name)] = const
            _codes(const, out)
    return out


class _FirstFailure:
    """A pytest plugin that keeps the first test (or collection) that failed."""

    failed = ""

    def pytest_runtest_logreport(self, report) -> None:
        if report.failed and not self.failed:
            self.failed = report.nodeid

    def pytest_collectreport(self, report) -> None:
        if report.failed and not self.failed:
            self.failed = f"collecting {report.nodeid or 'the tests'}"


def _caught_forked(module_name: str, source: str, edge: Edge, tests: list[str]) -> str | None:
    """Run ``tests`` in a forked child of this process, with ``edge`` shifted in the one function
    that holds it (its ``__code__`` replaced: every reference to the function sees the change);
    None when no function holds it (the caller then runs a copy of the sources instead).  The
    first test that failed, ``"timeout"``, or ``""``."""
    import pytest

    module = importlib.import_module(module_name)
    for test in tests:  # imported once here, not again in every child
        if test.startswith("tests/"):
            importlib.import_module(Path(test).stem)
    holder = _holder(module, edge.line)
    if holder is None:
        return None
    new = _codes(compile(shift(source, edge), module.__file__, "exec"))
    code = new.get((holder.__code__.co_firstlineno, holder.__code__.co_name))
    if code is None:
        return None
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: shift, test, report, and leave without running the parent's exit code
        status = 1
        try:
            _die_with_parent()
            os.close(read)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1), os.dup2(devnull, 2)
            holder.__code__ = code
            first = _FirstFailure()
            rc = pytest.main(["-x", "-q", "-p", "no:cacheprovider", *tests], plugins=[first])
            verdict = "" if rc == 0 else first.failed or f"pytest exit {int(rc)}"
            os.write(write, verdict.encode("utf-8") or b"-")
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    ready, _, _ = select.select([read], [], [], TIMEOUT_S)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read)
        return "timeout"
    out = os.read(read, 4096).decode("utf-8")
    os.close(read)
    os.waitpid(pid, 0)
    return "" if out == "-" else out or "the test run died"


def _die_with_parent() -> None:
    """Linux: the kernel kills this child when the tool that forked it goes (a run stopped
    half-way leaves no test run behind on a shared computer); elsewhere nothing."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _caught(work: Path, tests: list[str]) -> str:
    """The first test that failed (``"timeout"`` for a run past :data:`TIMEOUT_S`), or ``""``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header",
                               "-rf", *tests], cwd=work, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return "timeout"
    if done.returncode == 0:
        return ""
    failed = re.search(r"^(?:FAILED|ERROR) (\S+)", done.stdout, re.M)
    return failed.group(1) if failed else f"pytest exit {done.returncode}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tests/edges.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", metavar="module", help=".py files or folders of the repository")
    ap.add_argument("--run", action="store_true", help="shift each comparison and run the focused tests")
    ap.add_argument("--tests", default="", help="space-separated test files instead of the focused ones")
    ap.add_argument("--lines", default="", help="only these lines, as FILE:LINE,... (after a first run)")
    args = ap.parse_args(argv)
    for path in args.paths:
        if not (ROOT / path).exists():
            ap.error(f"no module {path!r}: give a folder or a .py file of the repository")
    modules = modules_of(args.paths)
    wanted = {tuple(x.rsplit(":", 1)) for x in args.lines.split(",") if x}
    plan = []
    for module in modules:
        source = (ROOT / module).read_text(encoding="utf-8")
        tests = args.tests.split() or focused_tests(module)
        for edge in comparisons_in(source):
            if not wanted or (module, str(edge.line)) in wanted:
                plan.append((module, source, tests, edge))
    if not args.run:
        for module, _, tests, edge in plan:
            print(f"{module}:{edge.line}: {edge.function or '(module)'}: {edge.text}   [{' '.join(tests) or 'no tests'}]")
        print(f"{len(plan)} comparisons in {len(modules)} modules")
        return 0
    name = re.sub(r"[^A-Za-z0-9_.+-]+", "_", "+".join(args.paths))[:120]
    work: Path | None = None  # a copy of the sources, made only for a shift no function holds
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    os.chdir(ROOT)
    sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
    lines, survived, started = [], 0, time.monotonic()
    for n, (module, source, tests, edge) in enumerate(plan, 1):
        where = f"{module}:{edge.line}: {edge.function or '(module)'}: {edge.text} -> {SHIFT[edge.op]}"
        if a_roll(edge):
            lines.append(f"{where}: a roll (equivalent)")
            continue
        if not tests:
            verdict = "no tests"
        else:
            verdict = _caught_forked(module_name(module), source, edge, [*tests, module])
        if verdict is None:
            work = work or _scratch(name)
            (work / module).write_text(shift(source, edge), encoding="utf-8")
            try:
                verdict = _caught(work, [*tests, module])
            finally:
                (work / module).write_text(source, encoding="utf-8")
        survived += not verdict or verdict == "no tests"
        line = f"{where}: {'caught by ' + verdict if verdict not in ('', 'no tests') else verdict or 'SURVIVED'}"
        lines.append(line)
        print(f"[{n}/{len(plan)}] {line}", flush=True)
    total = len(plan) - sum(a_roll(edge) for *_, edge in plan)
    summary = (f"{total - survived} of {total} edges caught ({100.0 * (total - survived) / max(1, total):.1f}%), "
               f"{survived} not, in {(time.monotonic() - started) / 60:.1f} min")
    report = WORK / name / "report.txt"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("\n".join(lines + [summary]) + "\n", encoding="utf-8")
    print(summary)
    print(f"(saved in {report.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
