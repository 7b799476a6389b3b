"""pygbag 0.9.3's own start-up code, run natively on our files.

The runtime's start-up script (``pygbag/support/cpythonrc.py`` in the
wheel) cannot be imported outside the page: it needs the runtime's ``aio``,
``embed`` and ``__EMSCRIPTEN__`` modules.  So the two functions that read
``main.py`` before it runs are taken out of the installed files as they are
(parsed, compiled with their own file name and line numbers, never edited)
and run with the module-level names they use:

* ``TopLevel_async_handler.scan_imports`` (``cpythonrc.py`` lines 1184-1239):
  the ``ast`` scan of ``main.py``'s imports, which ``preload_code`` (line 710,
  via ``list_imports``) runs on ``main.py`` before running it.  It reads
  ``node.module`` of every ``from ... import``, so a ``from . import x`` there
  (module None) raises.  Run with the class's own ``ignore`` list, pygbag's
  ``Config.mapping`` and ``HISTORY`` (``support/cross/aio/pep0723.py``), and
  an empty ``sys.modules`` (a page that has loaded nothing yet).
* ``read_dependency_block_723`` (``pep0723.py`` lines 88-118): how the
  runtime reads the PEP 723 block (``check_list`` -> ``parse_code``) to
  install packages such as numpy from its CDN.

Then what the page has to import from: :data:`NOT_IN_THE_PAGE` and
:func:`page_problems`, applied to the Python we ship (:func:`shipped_sources`).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import tomllib
import types
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path
from types import SimpleNamespace

__all__ = ["PYGBAG_VERSION", "support_dir", "scan_imports", "read_dependency_block", "DEV_ONLY",
           "shipped_sources", "module_of", "used_names", "page_problems", "NOT_IN_THE_PAGE"]

PYGBAG_VERSION = "0.9.3"
ROOT = Path(__file__).resolve().parents[1]


def support_dir() -> Path:
    """The installed wheel's ``pygbag/support`` (without importing pygbag)."""
    found = version("pygbag")
    if found != PYGBAG_VERSION:
        raise RuntimeError(f"pygbag {found} is installed; these checks read pygbag {PYGBAG_VERSION}")
    return Path(importlib.util.find_spec("pygbag").origin).parent / "support"


def _find(tree: ast.AST, kind: type, name: str):
    for node in ast.walk(tree):
        if isinstance(node, kind) and node.name == name:
            return node
    raise LookupError(f"{name} not found: is this pygbag {PYGBAG_VERSION}?")


def _compile_function(path: Path, node: ast.FunctionDef, namespace: dict):
    """The function ``node`` of ``path``, as written (decorators dropped),
    defined in ``namespace``; tracebacks point at the file's own lines."""
    node.decorator_list = []
    code = compile(ast.Module(body=[node], type_ignores=[]), str(path), "exec")
    exec(code, namespace)  # noqa: S102 - pygbag's code, from the installed wheel
    return namespace[node.name]


def _literal(tree: ast.AST, name: str, within: str | None = None):
    scope = _find(tree, ast.ClassDef, within) if within else tree
    for node in scope.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{within + '.' if within else ''}{name} not found in pygbag's pep0723.py")


def _pep0723():
    path = support_dir() / "cross" / "aio" / "pep0723.py"
    return path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _class_lists(tree: ast.AST, cls_name: str, names: tuple[str, ...]) -> SimpleNamespace:
    """Run the class body's assignments to ``names`` (``ignore = [...]``,
    ``ignore += [...]``) and return them as attributes."""
    body = [n for n in _find(tree, ast.ClassDef, cls_name).body
            if isinstance(n, (ast.Assign, ast.AugAssign))
            and all(isinstance(t, ast.Name) and t.id in names
                    for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))]
    scope: dict = {}
    exec(compile(ast.Module(body=body, type_ignores=[]), "<class body>", "exec"), {}, scope)  # noqa: S102
    return SimpleNamespace(**scope)


@contextmanager
def _aio_pep0723():
    """``import aio.pep0723`` inside scan_imports gets pygbag's own tables."""
    path, tree = _pep0723()
    pep = types.ModuleType("aio.pep0723")
    pep.Config = SimpleNamespace(mapping=_literal(tree, "mapping", within="Config"))
    pep.HISTORY = list(_literal(tree, "HISTORY"))
    aio = types.ModuleType("aio")
    aio.pep0723 = pep
    saved = {name: sys.modules.get(name) for name in ("aio", "aio.pep0723")}
    sys.modules.update({"aio": aio, "aio.pep0723": pep})
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def scan_imports(code: str, filename: str = "main.py") -> list[str]:
    """What pygbag's import scan asks its package index for, given ``code``.
    Raises what the runtime would raise (e.g. AttributeError for ``from . import``)."""
    path = support_dir() / "cpythonrc.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    handler = "TopLevel_async_handler"
    cls = _class_lists(tree, handler, ("ignore", "may_need"))
    fn_node = next(n for n in _find(tree, ast.ClassDef, handler).body
                   if isinstance(n, ast.FunctionDef) and n.name == "scan_imports")
    page_sys = SimpleNamespace(modules={}, print_exception=lambda e: None)
    scan = _compile_function(path, fn_node, {"sys": page_sys, "DBG": lambda *a: None})
    with _aio_pep0723():
        return scan(cls, code, filename)


def read_dependency_block(code: str) -> list[str]:
    """The dependencies pygbag reads from ``code``'s PEP 723 block."""
    path, tree = _pep0723()
    reader = _compile_function(path, _find(tree, ast.FunctionDef, "read_dependency_block_723"),
                               {"tomllib": tomllib, "json": json, "HISTORY": [], "hint_failed": []})
    return list(reader(code))


def _dev_only() -> tuple[str, ...]:
    """web/build.py's DEV_ONLY, the one list of what the page does not ship (read, not imported)."""
    tree = ast.parse((ROOT / "web" / "build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "DEV_ONLY" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("web/build.py defines no DEV_ONLY")


# The shipped Python: main.py, game/ and worldgen/ minus developer-only modules.
DEV_ONLY = _dev_only()


def shipped_sources() -> list[Path]:
    files = [ROOT / "main.py"] + [p for d in ("game", "worldgen") for p in sorted((ROOT / d).rglob("*.py"))]
    return [p for p in files if "__pycache__" not in p.parts
            and not any(p.relative_to(ROOT).as_posix() == d or p.relative_to(ROOT).as_posix().startswith(d + "/")
                        for d in DEV_ONLY)]


# What the pygbag 0.9.3 page has: CPython 3.12's standard library on
# wasm32-emscripten, numpy (installed from the runtime's CDN by main.py's PEP
# 723 block) and pygame-ce (built in) -- minus what that platform lacks or our
# rules forbid.  CPython's docs ("WebAssembly platforms"): modules that use
# processes, threads, networking, signals or IPC are absent or do not work,
# blocking calls like time.sleep freeze the page.  Entries name a module, a
# submodule, a module attribute, or (".name") a method on any object.
THIRD_PARTY = {"numpy", "pygame"}
OWN = {"game", "worldgen"}
NOT_IN_THE_PAGE = {
    **dict.fromkeys(["threading", "_thread", "queue", "concurrent", "asyncio.to_thread", ".run_in_executor"],
                    "threads (the page runs one thread; the module may exist, our rules forbid it)"),
    **dict.fromkeys(["subprocess", "_posixsubprocess", "multiprocessing", "_multiprocessing", "asyncio.subprocess",
                     "asyncio.create_subprocess_exec", "asyncio.create_subprocess_shell", ".subprocess_exec",
                     ".subprocess_shell", "os.fork", "os.forkpty", "os.system", "os.popen", "os.posix_spawn",
                     "os.execv", "os.execve", "signal", "pty"], "processes and signals (none in the page)"),
    **dict.fromkeys(["socket", "_socket", "ssl", "select", "selectors", "socketserver", "http.client",
                     "http.server", "urllib.request", "ftplib", "smtplib", "imaplib", "poplib", "xmlrpc",
                     "webbrowser"], "networking (no sockets in the page)"),
    **dict.fromkeys(["ctypes", "_ctypes", "sqlite3", "_sqlite3", "dbm", "shelve", "mmap"],
                    "native code and databases (not for the page)"),
    **dict.fromkeys(["curses", "_curses", "readline", "termios", "tty", "tkinter", "turtle", "turtledemo",
                     "idlelib", "getpass", "resource", "fcntl", "grp", "pwd", "syslog", "msvcrt", "winreg",
                     "winsound", "venv", "ensurepip", "unittest", "doctest", "pydoc", "test", "lib2to3"],
                    "terminal, desktop or developer modules (not in the page)"),
    "random": "the global random module (randomness comes from seeding.rng)",
    "time.sleep": "a blocking sleep freezes the page (await asyncio.sleep)",
}


def module_of(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def used_names(source: str, module: str = "main", package: bool = False) -> list[tuple[int, str]]:
    """Every module, submodule and module attribute ``source`` uses, as dotted
    names with line numbers (relative imports resolved against ``module``)."""
    here = module.split(".") if package else module.split(".")[:-1]
    aliases: dict[str, str] = {}
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for a in node.names:
                aliases[(a.asname or a.name).split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
                found.append((node.lineno, a.name))
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1] + [node.module or ""]) if node.level else node.module
            base = base.strip(".")
            found += [(node.lineno, base)] + [(node.lineno, f"{base}.{a.name}") for a in node.names]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in aliases:
                found.append((node.lineno, f"{aliases[node.value.id]}.{node.attr}"))
            found.append((node.lineno, "." + node.attr))  # a method on any object (loop.run_in_executor)
    return found


def page_problems(source: str, module: str = "main", package: bool = False) -> list[str]:
    """Lines of ``source`` that use what the pygbag page does not have."""
    problems = []
    for line, name in used_names(source, module, package):
        banned = next((b for b in NOT_IN_THE_PAGE if name == b or name.startswith(b + ".")), None)
        top = name.split(".")[0]
        if banned:
            problems.append(f"line {line}: {name}: {NOT_IN_THE_PAGE[banned]}")
        elif name.startswith("."):
            continue  # a method name: only the banned ones matter
        elif top not in OWN | THIRD_PARTY | set(sys.stdlib_module_names):
            problems.append(f"line {line}: {name}: not shipped by the pygbag 0.9.3 runtime")
    return sorted(set(problems))
