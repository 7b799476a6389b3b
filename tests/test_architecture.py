"""The layer table of docs/ARCHITECTURE.md, checked: which package may import
which (imports inside functions count), and the shape of the house for
``game/`` and ``worldgen/``: no import cycle, no module over 400 lines
without a paragraph saying why ("Long because ..."), no function over 80
lines.  Each check is also run on a small probe package that breaks it, so
none can pass by seeing nothing."""

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "worldgen")
LIMIT_MODULE, LIMIT_FUNCTION = 400, 80


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_statements(path: Path, name: str, modules=frozenset()) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of module ``name`` (at ``path``), anywhere in the file, as
    ``(absolute base, names imported from it)``: ``import a.b`` is
    ``("a.b", ())``, ``from .c import d`` ``("pkg.c", ("d",))``,
    ``importlib.import_module("a.b")`` ``("a.b", ())``.  A call of
    ``import_module`` with a computed name is taken to import every module of
    ``modules`` named in the file's strings (its whole name or its last part)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def absolute(base: str, level: int) -> str:
        if not level:
            return base
        up = package.split(".")[: len(package.split(".")) - level + 1]
        return ".".join(up + ([base] if base else []))

    found, strings, computed = [], set(), False
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, ()) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((absolute(node.module or "", node.level), tuple(a.name for a in node.names)))
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__"):
            target = node.args[0] if node.args else None
            if isinstance(target, ast.Constant) and isinstance(target.value, str):
                dots = len(target.value) - len(target.value.lstrip("."))
                found.append((absolute(target.value.lstrip("."), dots), ()))
            else:
                computed = True
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.add(node.value)
    if computed:
        found += [(m, ()) for m in modules if m in strings or m.rpartition(".")[2] in strings]
    return found


def _called(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _imports(path: Path, name: str | None = None) -> set[str]:
    """Absolute names of every module ``path`` (module ``name``) imports, anywhere in the file
    (``from a import b``: both ``a`` and ``a.b``)."""
    name = name or _module_name(path)
    return {f"{base}.{n}" for base, names in _import_statements(path, name) for n in names} | \
        {base for base, _ in _import_statements(path, name)}


def _sources(*dirs: str) -> list[Path]:
    return [p for d in dirs for p in sorted((ROOT / d).rglob("*.py")) if "__pycache__" not in p.parts]


def _offending(paths, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {m}" for p in paths for m in sorted(_imports(p))
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
STDLIB = frozenset(sys.stdlib_module_names) | {"__future__"}


def _table(header: str) -> list[list[list[str]]]:
    """The rows of the docs' table under ``header``: each cell as its backticked names."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    rows = []
    for line in text[text.index(header):].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([re.findall(r"`([^`]+)`", cell) for cell in line.strip().strip("|").split("|")])
    assert rows, f"no rows under {header!r}"
    return rows


LAYERS = [(code, may, never) for code, may, never, _ in _table("| code | may import | never imports | tested by |")]


def _files(code: list[str]) -> list[Path]:
    return [ROOT / c for c in code if c.endswith(".py")] + _sources(*[c.rstrip("/") for c in code if c.endswith("/")])


def _within(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _row_violations(paths: list[Path], may: list[str], never: list[str], root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        for module in sorted(_imports(path, _module_name(path, root))):
            if module.split(".")[0] in STDLIB:
                continue
            if not _within(module, may):
                found.append(f"{path.relative_to(root)} imports {module}, which its row does not let it")
            if _within(module, never):
                found.append(f"{path.relative_to(root)} imports {module}, which its row forbids")
    return found


@pytest.mark.parametrize("code, may, never", LAYERS, ids=[",".join(c) for c, _, _ in LAYERS])
def test_each_room_imports_only_what_the_table_says_it_may_and_nothing_it_never_may(code, may, never):
    paths = _files(code)
    assert paths and _row_violations(paths, may, never) == []


def test_a_row_catches_an_import_outside_may_and_one_it_never_may(tmp_path):
    (tmp_path / "pkg").mkdir()
    probe = tmp_path / "pkg" / "a.py"
    probe.write_text("import numpy\nimport json\nfrom pkg import b\ndef f():\n    import pygame\n", encoding="utf-8")
    assert _row_violations([probe], ["numpy", "pkg"], [], tmp_path) == [
        "pkg/a.py imports pygame, which its row does not let it"]
    assert _row_violations([probe], ["numpy", "pkg", "pygame"], ["pkg.b"], tmp_path) == [
        "pkg/a.py imports pkg.b, which its row forbids"]


def test_every_module_of_the_game_and_the_library_is_in_a_row_of_the_table():
    covered = {p for code, _, _ in LAYERS for p in _files(code)}
    missing = [str(p.relative_to(ROOT)) for p in _sources("game", "worldgen") if p not in covered]
    assert missing == []


ROOMS = [cells[0][0] for cells in _table("| room | what it holds |")]


def _room_violations(paths: list[Path], rank: dict[str, int], root: Path = ROOT, package: str = "game.rules") -> list[str]:
    depth = len(package.split("."))

    def room(module: str) -> str | None:
        parts = module.split(".")
        return parts[depth] if len(parts) > depth and parts[:depth] == package.split(".") else None

    found = []
    for path in paths:
        own = room(_module_name(path, root))
        if own is None:
            continue
        for module in sorted(_imports(path, _module_name(path, root))):
            other = room(module)
            if other is not None and other in rank and rank[other] > rank[own]:
                found.append(f"{path.relative_to(root)} ({own}) imports {module} ({other}, a room above it)")
    return found


def test_the_rules_rooms_import_only_the_rooms_above_them_in_the_table():
    """``game/rules`` room by room (docs/ARCHITECTURE.md, lowest first): a module
    imports from its own room and the rooms listed before it, never after."""
    rank = {room: i for i, room in enumerate(ROOMS)}
    assert set(rank) == {p.stem for p in (ROOT / "game" / "rules").iterdir()
                         if p.name not in ("__init__.py", "__pycache__")}
    assert _room_violations(_sources("game/rules"), rank) == []


def test_the_rooms_check_catches_a_room_that_imports_one_above_it(tmp_path):
    root = _probe(tmp_path, {"probe/__init__.py": "", "probe/low/__init__.py": "", "probe/high/__init__.py": "",
                             "probe/low/a.py": "def f():\n    from ..high import b\n", "probe/high/b.py": "from ..low import a\n"})
    paths = sorted(root.rglob("*.py"))
    assert _room_violations(paths, {"low": 0, "high": 1}, root, "probe") == \
        ["probe/low/a.py (low) imports probe.high (high, a room above it)",
         "probe/low/a.py (low) imports probe.high.b (high, a room above it)"]


def test_rules_and_the_library_do_not_touch_the_browser_or_threads():
    banned = ("threading", "multiprocessing", "subprocess", "concurrent", "ctypes", "sqlite3",
              "scipy", "PIL", "tcod", "mutmut")  # test-only references: the page has none of them
    assert _offending(_sources("worldgen", "game") + [ROOT / "main.py"], banned) == []


def test_the_checker_sees_imports_inside_functions(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from ..view import ui\n    import threading\n", encoding="utf-8")
    assert {"game.view", "game.view.ui", "threading"} <= _imports(probe, "game.rules.probe")


def test_scenes_reach_the_rules_only_through_the_facade():
    """A scene maps input to commands on ``game.rules.run`` (the ``Game`` facade
    and its module functions) and draws through ``game.view``: no other rules module."""
    facade = {"game.rules", "game.rules.run", "game.rules.run.Game"}
    found = [f"{p.relative_to(ROOT)} imports {m}" for p in _sources("game/scenes") for m in sorted(_imports(p))
             if m.startswith("game.rules") and m not in facade and not m.startswith("game.rules.run.")]
    assert found == []


# ----------------------------------------------------------------------------- the shape of the house


def _modules(root: Path, package: str) -> dict[str, Path]:
    return {_module_name(p, root): p for p in sorted((root / package).rglob("*.py")) if "__pycache__" not in p.parts}


def _graph(root: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports.  ``from a import b``
    is an edge to ``a.b`` when that is a module, else to ``a`` (a name defined
    in ``a``'s ``__init__``); a parent package run on the way (``import a.b``
    runs ``a``) is not an edge, as Python copes with a package that is still
    being initialised."""
    modules = _modules(root, package)
    graph = {}
    for name, path in modules.items():
        edges = set()
        for base, names in _import_statements(path, name, frozenset(modules)):
            for target in [f"{base}.{n}" if f"{base}.{n}" in modules else base for n in names] or [base]:
                edges.add(target)
        graph[name] = {m for m in edges if m in modules and m != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's, without recursion)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
    return out


def _long_modules(root: Path, package: str) -> list[str]:
    """Modules over :data:`LIMIT_MODULE` lines whose docstring has no paragraph beginning "Long because"."""
    out = []
    for path in _modules(root, package).values():
        text = path.read_text(encoding="utf-8")
        paragraphs = (ast.get_docstring(ast.parse(text)) or "").split("\n\n")
        if text.count("\n") > LIMIT_MODULE and not any(p.strip().startswith("Long because") for p in paragraphs):
            out.append(f"{path.relative_to(root)}: {text.count(chr(10))} lines")
    return out


def _long_functions(root: Path, package: str) -> list[str]:
    """Functions and methods over :data:`LIMIT_FUNCTION` lines (decorators not counted)."""
    out = []
    for path in _modules(root, package).values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LIMIT_FUNCTION:
                    out.append(f"{path.relative_to(root)}:{node.lineno} {node.name}: {length} lines")
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    assert _cycles(_graph(ROOT, package)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_over_400_lines_without_saying_why(package):
    assert _long_modules(ROOT, package) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_function_over_80_lines(package):
    assert _long_functions(ROOT, package) == []


def _probe(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_sees_a_cycle_through_an_import_inside_a_function(tmp_path):
    root = _probe(tmp_path, {"probe/__init__.py": "", "probe/a.py": "from . import b\n",
                             "probe/b.py": "def later():\n    from .a import thing\n"})
    assert _cycles(_graph(root, "probe")) == [["probe.a", "probe.b"]]


def test_the_checker_sees_a_cycle_through_import_module(tmp_path):
    root = _probe(tmp_path, {"probe/__init__.py": "", "probe/registry.py": (
        "from importlib import import_module\n"
        "def get():\n    import_module('probe.plugin')\n"), "probe/plugin.py": "from probe import registry\n"})
    assert _cycles(_graph(root, "probe")) == [["probe.plugin", "probe.registry"]]


def test_the_checker_sees_a_cycle_through_a_computed_import_module(tmp_path):
    """A computed name is every module of the package named in the file's
    strings: the registry's old way of loading its generators."""
    root = _probe(tmp_path, {"probe/__init__.py": "", "probe/registry.py": (
        "import importlib\nBUILT_IN = ('island', 'rooms')\n"
        "for name in BUILT_IN:\n    importlib.import_module(f'{__package__}.{name}')\n"),
        "probe/island.py": "from .registry import BUILT_IN\n", "probe/rooms.py": "x = 1\n"})
    assert _cycles(_graph(root, "probe")) == [["probe.island", "probe.registry"]]


def test_the_checker_sees_a_cycle_through_a_name_from_the_package(tmp_path):
    """``from probe import generate`` runs ``probe/__init__``: with the package
    importing the module back, that is a cycle; ``from probe import a``, a
    module, is not one."""
    root = _probe(tmp_path, {"probe/__init__.py": "from .a import generate\nfrom . import b\n",
                             "probe/a.py": "def generate():\n    pass\n",
                             "probe/b.py": "from probe import generate\nfrom probe import a\n"})
    assert _cycles(_graph(root, "probe")) == [["probe", "probe.b"]]


def test_the_checker_sees_long_functions_and_long_modules_without_a_reason(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(79))
    root = _probe(tmp_path, {
        "probe/__init__.py": "",
        "probe/fits.py": f"def fits():\n{body}",                          # 80 lines: allowed
        "probe/long.py": f"def too_long():\n{body}    return 0\n",        # 81 lines
        "probe/big.py": '"""Big."""\n' + "x = 1\n" * 401,
        "probe/said.py": '"""Big.\n\nLong because it is one table read top to bottom.\n"""\n' + "x = 1\n" * 401,
        "probe/hidden.py": '"""Big, and not Long because of anything.\n"""\n' + "x = 1\n" * 401,
    })
    assert _long_functions(root, "probe") == ["probe/long.py:1 too_long: 81 lines"]
    assert sorted(_long_modules(root, "probe")) == ["probe/big.py: 402 lines", "probe/hidden.py: 403 lines"]


def _game_attributes(path: Path) -> tuple[set[str], set[str]]:
    """The attributes a scene reads and writes on a game (``g.x``, ``game.x``, ``self.game.x``)."""
    reads, writes = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        is_game = (isinstance(base, ast.Name) and base.id in ("g", "game")) or (
            isinstance(base, ast.Attribute) and base.attr == "game" and isinstance(base.value, ast.Name)
            and base.value.id == "self")
        if is_game:
            (writes if isinstance(node.ctx, ast.Store) else reads).add(node.attr)
    return reads, writes


def test_scenes_read_the_run_only_through_the_screens_view_and_never_write_it():
    """``Game`` holds the run; a scene reads what ``SCREEN_VIEW`` names and calls the
    game's commands and questions, and sets nothing on it (every change is a command)."""
    from game.rules.run import SCREEN_VIEW, Game

    api = {name for name in dir(Game) if not name.startswith("_")}
    found = []
    for path in sorted((ROOT / "game" / "scenes").glob("*.py")):
        reads, writes = _game_attributes(path)
        found += [f"{path.name} reads game.{a}" for a in sorted(reads - api - SCREEN_VIEW)]
        found += [f"{path.name} sets game.{a}" for a in sorted(writes)]
    assert found == []
