"""The two commands of the README: `make serve` installs only what serving needs (the project,
the game extra, pygbag), `make test` adds the test tools; checked with make's own dry run."""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

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
    done = run_make("-n", target, cwd=tmp_path)  # the Makefile's own Python: one named here gets a .venv of its own
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def make_with(tmp_path: Path, python: str, target: str = "test") -> subprocess.CompletedProcess:
    """``make -n TARGET PYTHON=python`` in a fresh checkout."""
    if shutil.which("make") is None:
        pytest.skip("no make")
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    return run_make("-n", target, f"PYTHON={python}", cwd=tmp_path)


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


@pytest.mark.parametrize("target", ["test-fast", "online", "flake", "soak", "mutate", "edges"])
def test_the_test_steps_install_the_test_tools(tmp_path, target):
    assert installs(dry_run(tmp_path, target))[-1] == "game,web,test"


def test_the_readme_keeps_its_two_commands_and_ci_runs_exactly_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make serve" in readme and "make test" in readme
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert [line for line in ci if line.startswith("make")] == ["make test"]


def test_test_fast_runs_every_test_but_the_browser_ones(tmp_path):
    lines = dry_run(tmp_path, "test-fast", stamps=(".installed-serve",))
    assert lines[-1].endswith('-m pytest -m "not browser"') and lines[-1].startswith("SDL_VIDEODRIVER=dummy")


def test_a_python_named_on_the_command_line_gets_a_venv_of_its_own(tmp_path):
    """``make test PYTHON=python3.11`` beside the usual .venv (here: the Python running the tests)."""
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    done = make_with(tmp_path, sys.executable)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"test -x .venv-{version}/bin/python || {sys.executable} -m venv .venv-{version}"
    assert done.stdout.splitlines()[-1].startswith(f"SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv-{version}/bin/python")


@pytest.mark.parametrize("version", ["3.10", "3.13", "2.7"])
def test_a_python_the_project_does_not_support_is_refused_in_one_line(tmp_path, version):
    fake = tmp_path / "fakepython"
    fake.write_text(f"#!/bin/sh\necho {version}\n", encoding="utf-8")
    fake.chmod(0o755)
    (tmp_path / "repo").mkdir()
    done = make_with(tmp_path / "repo", str(fake))
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert re.fullmatch(rf"Makefile:\d+: \*\*\* Python 3\.11 or 3\.12 is needed: {re.escape(str(fake))} is "
                        rf"{re.escape(version)} \(make test PYTHON=python3\.12\)\.  Stop\.", line), line


def test_a_missing_python_is_refused_in_one_line_but_clean_needs_none(tmp_path):
    done = make_with(tmp_path, "no-such-python")
    assert done.returncode == 2 and "no-such-python is not found" in done.stderr and len(done.stderr.splitlines()) == 1
    assert make_with(tmp_path, "no-such-python", "clean").returncode == 0


def test_the_supported_pythons_are_the_projects_and_the_workflows():
    """The Makefile's, pyproject's lowest, the README's words and the test job's matrix agree."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    supported = re.search(r"(?m)^SUPPORTED := (.+)$", makefile).group(1).split()
    assert supported == ["3.11", "3.12"] and PROJECT["requires-python"] == f">={supported[0]}"
    assert "Python 3.11 or 3.12" in (ROOT / "README.md").read_text(encoding="utf-8")
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    assert sorted(flow["jobs"]["test"]["strategy"]["matrix"]["python"]) == supported
