"""The two commands of the README: `make serve` installs only what serving needs (the project,
the game extra, pygbag), `make test` adds the test tools; checked with make's own dry run."""

import shutil
import tomllib
from pathlib import Path

import pytest

from webtools import run_make

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def dry_run(tmp_path: Path, target: str, stamps: tuple[str, ...] = ()) -> list[str]:
    """The commands ``make -n TARGET`` would run in a fresh checkout (no .venv yet), or with ``stamps`` made."""
    if shutil.which("make") is None:
        pytest.skip("no make")
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    for stamp in stamps:
        (tmp_path / ".venv").mkdir(exist_ok=True)
        (tmp_path / ".venv" / stamp).touch()
    done = run_make("-n", target, "PYTHON=python3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def installs(lines: list[str]) -> list[str]:
    """The extras of each ``pip install -e '.[...]'`` a run makes."""
    return [line.split("-e '.[", 1)[1].split("]", 1)[0] for line in lines if "pip install" in line]


def test_serve_installs_the_project_the_game_and_pygbag_and_nothing_of_the_tests(tmp_path):
    lines = dry_run(tmp_path, "serve")
    assert installs(lines) == ["game,web"]
    assert lines[-1].endswith("web/build.py --serve --port 8000 ")
    extras = PROJECT["optional-dependencies"]
    assert extras["web"] == ["pygbag==0.9.3"] and [d.split(">")[0] for d in extras["game"]] == ["pygame-ce"]
    assert [d.split(">")[0] for d in PROJECT["dependencies"]] == ["numpy"]


def test_test_adds_the_test_tools_to_what_serve_installs(tmp_path):
    assert installs(dry_run(tmp_path, "test")) == ["game,web", "game,web,test"]
    after_serve = dry_run(tmp_path, "test", stamps=(".installed-serve",))
    assert installs(after_serve) == ["game,web,test"] and after_serve[-1].endswith("-m pytest")
    tools = {d.split(">")[0].split("=")[0] for d in PROJECT["optional-dependencies"]["test"]}
    assert {"pytest", "playwright", "scipy", "tcod", "mutmut", "pytmx"} <= tools


@pytest.mark.parametrize("target", ["setup", "build", "archive", "embed", "runtime", "bench"])
def test_the_other_serving_steps_install_no_test_tools(tmp_path, target):
    assert installs(dry_run(tmp_path, target)) == ["game,web"]


@pytest.mark.parametrize("target", ["online", "flake", "soak", "mutate"])
def test_the_test_steps_install_the_test_tools(tmp_path, target):
    assert installs(dry_run(tmp_path, target))[-1] == "game,web,test"


def test_the_readme_keeps_its_two_commands_and_ci_runs_exactly_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make serve" in readme and "make test" in readme
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert [line for line in ci if line.startswith("make")] == ["make test"]
