"""The ways in: `python main.py`, the installed `deepisle` and `worldgen` commands.

A bad option is one line in all (stdout and stderr together), status 2: no
pygame banner before it.  Run in subprocesses with the environment a player
has (the suite's own PYGAME_HIDE_SUPPORT_PROMPT is removed).
"""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # the venv's scripts: `make test` installs the project there


def player_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    return dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def speak(argv: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run ``argv``; stdout and stderr in one stream, as a terminal shows them."""
    return subprocess.run(argv, cwd=cwd, env=player_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def command(name: str) -> str:
    path = BIN / name
    assert path.is_file(), f"{name} is not installed beside {sys.executable}: make setup installs it"
    return str(path)


@pytest.mark.parametrize("argv", [[sys.executable, "main.py"], ["deepisle"]], ids=["main.py", "deepisle"])
def test_a_bad_game_option_is_one_line_and_status_2(argv, tmp_path):
    argv = [command(argv[0]) if argv[0] == "deepisle" else argv[0], *[str(ROOT / a) for a in argv[1:]]]
    proc = speak([*argv, "--bogus"], cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout.splitlines() == ["deepisle: error: unrecognized arguments: --bogus"]


def test_game_help_is_the_usage_alone(tmp_path):
    proc = speak([command("deepisle"), "--help"], cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.startswith("usage:") and "pygame" not in proc.stdout.splitlines()[0]


def test_worldgen_command_is_installed_and_speaks_json(tmp_path):
    proc = speak([command("worldgen"), "rooms", "--seed", "cmd", "--out", "r.txt"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.startswith('{"generator": "rooms"') and len(proc.stdout.splitlines()) == 1
    assert (tmp_path / "r.txt").read_text(encoding="utf-8").startswith("#")


def test_worldgen_bad_value_is_one_line_and_status_2(tmp_path):
    proc = speak([command("worldgen"), "rooms", "--seed", "cmd", "--width", "5", "--out", "r.txt"], cwd=tmp_path)
    assert proc.returncode == 2
    assert len(proc.stdout.splitlines()) == 1 and proc.stdout.startswith("worldgen: error:")


# A fresh interpreter where pygame is not installed: importing it fails as a missing module does.
NO_PYGAME = """
import importlib.abc, sys

class NoPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NoPygame())
"""


def installed_entry(name: str) -> tuple[str, str]:
    """``(module, function)`` of a command as pyproject.toml installs it."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    module, _, function = scripts[name].partition(":")
    return module, function


def run_entry(name: str, args: list[str], prelude: str = "") -> subprocess.CompletedProcess:
    module, function = installed_entry(name)
    code = f"{prelude}\nimport sys\nsys.argv = [{name!r}, *{args!r}]\nfrom {module} import {function}\n{function}()"
    return speak([sys.executable, "-c", code])


def test_deepisle_without_the_game_extra_says_how_to_install_it_in_one_line():
    proc = run_entry("deepisle", [], NO_PYGAME)
    assert proc.returncode == 2
    assert proc.stdout.splitlines() == [
        "deepisle: error: the game needs pygame-ce, which is not installed: "
        "pip install -e '.[game]' in the project (make setup does it)"]


def test_deepisle_as_installed_still_starts_the_game_when_pygame_is_there():
    proc = run_entry("deepisle", ["--bogus"])  # reaches the game's own argument check, which needs pygame loaded
    assert proc.returncode == 2 and proc.stdout.splitlines() == ["deepisle: error: unrecognized arguments: --bogus"]


def test_another_missing_module_is_not_blamed_on_pygame():
    proc = run_entry("deepisle", [], NO_PYGAME.replace("pygame", "numpy"))
    assert proc.returncode == 1 and "No module named 'numpy'" in proc.stdout and "pygame-ce" not in proc.stdout
