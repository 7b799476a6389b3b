"""The layer table of docs/ARCHITECTURE.md, checked: which package may import
which (imports inside functions count)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str | None = None) -> set[str]:
    """Absolute names of every module ``path`` (module ``name``) imports, anywhere in the file."""
    name = name or _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            found |= {f"{base}.{a.name}" for a in node.names} | {base}
    return found


def _sources(*dirs: str) -> list[Path]:
    return [p for d in dirs for p in sorted((ROOT / d).rglob("*.py")) if "__pycache__" not in p.parts]


def _offending(paths, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{p.relative_to(ROOT)} imports {m}" for p in paths for m in sorted(_imports(p))
            if any(m == f or m.startswith(f + ".") for f in forbidden)]


RULES = [
    (("worldgen",), ("pygame", "game")),
    (("game/rules",), ("pygame", "game.app", "game.scenes", "game.view", "game.launch", "game.tools")),
    (("game/app.py", "game/work.py", "game/settings.py", "game/browser.py", "game/embed_code.py"),
     ("game.scenes", "game.view", "game.launch", "game.rules.run", "game.rules.engine")),
    (("game/view",), ("game.scenes", "game.launch", "game.tools", "game.rules.engine", "game.rules.build",
                      "game.rules.save", "game.rules.codec")),
    (("game/scenes",), ("game.launch", "game.tools")),
]


@pytest.mark.parametrize("where, forbidden", RULES, ids=[",".join(w) for w, _ in RULES])
def test_layers_import_only_downwards(where, forbidden):
    paths = [ROOT / w for w in where if w.endswith(".py")] + _sources(*[w for w in where if not w.endswith(".py")])
    assert paths
    assert _offending(paths, forbidden) == []


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
