"""Markers that tell the truth: every test that starts Chromium is marked ``browser``, and no
other is, so ``make test-fast`` (``-m "not browser"``) runs everything but the browser tests and
``make flake`` runs exactly them.

Three guards, checked here: Chromium is started in one place (``webtools.chromium``), which fails
a running test that is not marked; ``tests/conftest.py`` marks every test whose fixtures reach a
fixture in ``BROWSER_FIXTURES``; and every fixture that starts a browser is one of those (a
fixture of another name, or one reached through ``request.getfixturevalue``, which the mark
cannot see, fails here first)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import conftest
import webtools

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
#: Calls that start a browser: Playwright's entry points, and a browser type's launchers
#: (``pw.chromium.launch(...)``: a method of a name that says which browser).
PLAYWRIGHT = {"sync_playwright", "async_playwright"}
LAUNCHERS = {"launch", "launch_persistent_context", "connect_over_cdp"}
BROWSERS = ("chromium", "firefox", "webkit")


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _python_files() -> list[Path]:
    folders = [ROOT / name for name in ("tests", "game", "worldgen", "web", "docs")]
    return sorted([p for folder in folders for p in folder.rglob("*.py")] + [ROOT / "main.py"])


def _called_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _starts_a_browser(call: ast.Call) -> bool:
    f = call.func
    return _called_name(call) in PLAYWRIGHT or (isinstance(f, ast.Attribute) and f.attr in LAUNCHERS
                                                and any(b in ast.unparse(f.value).lower() for b in BROWSERS))


def _functions(tree: ast.AST):
    """Every function of a module with the names it calls."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node, {_called_name(c) for c in ast.walk(node) if isinstance(c, ast.Call)}


def _decorator_names(fn: ast.FunctionDef) -> set[str]:
    return {ast.unparse(d.func if isinstance(d, ast.Call) else d) for d in fn.decorator_list}


def _is_fixture(fn: ast.FunctionDef) -> bool:
    return any(name in ("pytest.fixture", "fixture") for name in _decorator_names(fn))


def _fixture_graph() -> dict[str, tuple[set[str], bool, set[str]]]:
    """``{fixture: (the fixtures it takes, whether it calls chromium() itself, what it asks
    request.getfixturevalue for)}`` for every fixture in tests/."""
    out = {}
    for path in TESTS.glob("*.py"):
        if "fixture" not in path.read_text(encoding="utf-8"):
            continue
        for fn, calls in _functions(_tree(path)):
            if _is_fixture(fn):
                asked = {c.args[0].value for c in ast.walk(fn) if isinstance(c, ast.Call)
                         and _called_name(c) == "getfixturevalue" and c.args and isinstance(c.args[0], ast.Constant)}
                out[fn.name] = ({a.arg for a in fn.args.args}, "chromium" in calls, asked)
    return out


def _starting(graph) -> set[str]:
    """The fixtures that start a browser, however indirectly (through arguments or getfixturevalue)."""
    found = {name for name, (_, starts, _) in graph.items() if starts}
    for _ in range(len(graph)):  # bounded: each pass adds a fixture or ends
        more = {name for name, (args, _, asked) in graph.items() if (args | asked) & found} - found
        if not more:
            break
        found |= more
    return found


def test_a_test_that_starts_chromium_unmarked_fails_in_one_line_naming_itself():
    unmarked = SimpleNamespace(nodeid="tests/test_x.py::test_y", get_closest_marker=lambda name: None)
    webtools.RUNNING.append(unmarked)
    try:
        with pytest.raises(pytest.fail.Exception, match=r"^tests/test_x.py::test_y starts Chromium but is not "
                                                        r"marked browser"):
            webtools.require_browser_mark()
    finally:
        webtools.RUNNING.pop()


def test_a_test_marked_browser_passes_the_guard():
    marked = SimpleNamespace(nodeid="tests/test_x.py::test_y", get_closest_marker=lambda name: name == "browser")
    webtools.RUNNING.append(marked)
    try:
        webtools.require_browser_mark()
    finally:
        webtools.RUNNING.pop()


def test_the_running_test_is_the_one_the_guard_asks(request):
    assert webtools.RUNNING[-1] is request.node
    with pytest.raises(pytest.fail.Exception, match="test_the_running_test_is_the_one_the_guard_asks starts"):
        webtools.require_browser_mark()


def test_chromium_is_started_only_by_webtools_chromium():
    """So the guard above sees every browser a test starts."""
    starts = []
    for path in _python_files():
        text = path.read_text(encoding="utf-8")
        if not any(word in text for word in (*PLAYWRIGHT, *BROWSERS)):
            continue  # nothing that could start one
        for fn, _ in _functions(_tree(path)):
            calls = [ast.unparse(c.func) for c in ast.walk(fn) if isinstance(c, ast.Call) and _starts_a_browser(c)]
            if calls and not (path == TESTS / "webtools.py" and fn.name == "chromium"):
                starts.append(f"{path.relative_to(ROOT)}: {fn.name} calls {calls}")
    assert starts == []
    webtools_chromium = next(fn for fn, _ in _functions(_tree(TESTS / "webtools.py")) if fn.name == "chromium")
    assert any(_starts_a_browser(c) for c in ast.walk(webtools_chromium) if isinstance(c, ast.Call))
    first = webtools_chromium.body[1]  # after its docstring: the guard, before anything starts
    assert ast.unparse(first) == "require_browser_mark()"


def test_every_fixture_that_starts_a_browser_is_one_the_marking_hook_knows():
    """A fixture that calls chromium() must be in BROWSER_FIXTURES; one that takes such a fixture as
    an argument is then marked through it; one that asks for it by getfixturevalue is not (the
    mark cannot see that), so none may."""
    graph = _fixture_graph()
    assert conftest.BROWSER_FIXTURES <= set(graph)
    calling = {name for name, (_, starts, _) in graph.items() if starts}
    assert calling <= conftest.BROWSER_FIXTURES
    starting = _starting(graph)
    hidden = {name: sorted(asked & starting) for name, (_, _, asked) in graph.items() if asked & starting}
    assert hidden == {}


def test_every_test_that_calls_chromium_itself_is_marked_browser():
    unmarked = []
    for path in TESTS.glob("test_*.py"):
        if "chromium" not in path.read_text(encoding="utf-8"):
            continue
        tree = _tree(path)
        module_marks = any(isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in n.targets)
                           and "pytest.mark.browser" in ast.unparse(n.value) for n in tree.body)
        for fn, calls in _functions(tree):
            if fn.name.startswith("test_") and "chromium" in calls and not module_marks \
                    and "pytest.mark.browser" not in _decorator_names(fn):
                unmarked.append(f"{path.name}::{fn.name}")
    assert unmarked == []


@pytest.mark.parametrize("browser", ["a parameter, not the fixture"])
def test_a_parameter_named_like_a_browser_fixture_starts_nothing_and_is_not_marked(request, browser):
    assert not conftest.starts_browser(request.node)
    assert request.node.get_closest_marker("browser") is None


def test_the_hook_marks_the_tests_whose_fixtures_start_a_browser_and_no_other():
    """Collected for real (``-m browser``), test_embeds.py and test_readme.py split exactly as
    their signatures say: a test taking a fixture that starts a browser is marked, one with a
    parameter merely named like a fixture (the docs' embed code) is not."""
    files = ["tests/test_embeds.py", "tests/test_readme.py"]
    starting = _starting(_fixture_graph())
    expected = set()
    for name in files:
        for fn, _ in _functions(_tree(ROOT / name)):
            if fn.name.startswith("test_") and {a.arg for a in fn.args.args} & starting:
                expected.add(f"{name}::{fn.name}")

    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           "-m", "browser", *files], cwd=ROOT, capture_output=True, text=True, timeout=300)
    marked = {line.split("[")[0] for line in done.stdout.splitlines() if "::" in line}
    assert marked == expected and len(expected) >= 10
