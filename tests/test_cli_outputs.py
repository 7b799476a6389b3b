"""The CLI never misleads: options that cannot apply are refused naming them, ``--out -``
writes the text map to standard output, the usage names the command as it was run,
every numeric option's error names the option, and a failed write leaves nothing behind."""

import argparse
import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from worldgen.core import files, registry
from worldgen.core.tiles import GLYPHS
from worldgen.tools import cli
from worldgen.tools.cli import main

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------ what cannot apply ----

@pytest.mark.parametrize("options, out, message", [
    (["--frame", "960x540"], "a.txt", "--frame draws a .png the size of a window: not --out a.txt (text)"),
    (["--frame", "960x540"], "a.tmx", "--frame draws a .png the size of a window: not --out a.tmx (a Tiled map)"),
    (["--legend"], "a.npz", "--legend adds a caption strip to a .png: not --out a.npz (arrays)"),
    (["--legend"], "a.tmj", "--legend adds a caption strip to a .png: not --out a.tmj (a Tiled map)"),
    (["--scale", "4"], "a.txt", "--scale sets the pixels a tile of a .png, .tmx or .tmj: not --out a.txt (text)"),
    (["--scale", "1"], "a.npz", "--scale sets the pixels a tile of a .png, .tmx or .tmj: not --out a.npz (arrays)"),
    (["--scale", "2"], "-", "--scale sets the pixels a tile of a .png, .tmx or .tmj: not --out - (text)"),
    (["--scale", "2", "--legend"], "a.txt", "--scale and --legend do not apply to --out a.txt (text)"),
    (["--frame", "96x54", "--scale", "2"], "a.png", "--frame sets the picture's size and draws no caption: drop --scale"),
    (["--frame", "96x54", "--legend"], "a.png", "--frame sets the picture's size and draws no caption: drop --legend"),
    (["--frame", "96x54", "--legend", "--scale", "3"], "a.png",
     "--frame sets the picture's size and draws no caption: drop --scale and --legend"),
])
def test_an_option_that_cannot_apply_is_refused_naming_it(capsys, tmp_path, monkeypatch, options, out, message):
    monkeypatch.chdir(tmp_path)
    code, stdout, err = run_cli(capsys, "rooms", "--seed", "x", *options, "--out", out)
    assert code == 2 and stdout == ""
    assert err.splitlines() == [f"worldgen: error: {message}"]
    assert list(tmp_path.iterdir()) == []  # refused before anything was made


@pytest.mark.parametrize("options, out", [
    (["--scale", "3"], "a.png"), (["--legend"], "a.png"), (["--frame", "96x54"], "a.png"),
    (["--scale", "3"], "a.tmx"), (["--scale", "3"], "a.tmj"), ([], "a.txt"), ([], "a.npz"), ([], "-"),
])
def test_the_options_that_apply_are_taken(capsys, tmp_path, monkeypatch, options, out):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "rooms", "--seed", "x", *options, "--out", out)
    assert code == 0, err


def test_world_refuses_a_scale_for_its_json(capsys, tmp_path):
    code, _, err = run_cli(capsys, "world", "--seed", "Avalon", "--scale", "2", "--out", str(tmp_path / "w.json"))
    assert code == 2 and "--scale sets the pixels a tile of a .png, .tmx or .tmj: not --out w.json (JSON)" in err


def test_a_float_stage_as_text_names_the_stage(capsys, tmp_path):
    for out in ("n.txt", "n.tmx", "-"):
        code, stdout, err = run_cli(capsys, "island", "--seed", "x", "--stage", "noise", "--out", str(tmp_path / out)
                                    if out != "-" else out)
        assert code == 2 and stdout == ""
        assert err.splitlines() == ["worldgen: error: --stage noise is a float layer, not tiles: write it as .png or .npz"]
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ --out - ----

def test_out_dash_writes_the_text_map_to_stdout_and_the_json_line_to_stderr(capsys):
    code, out, err = run_cli(capsys, "caverns", "--seed", "dash", "--width", "40", "--height", "20", "--out", "-")
    assert code == 0
    final = registry.generate("caverns", "dash", 40, 20).last.data
    assert out.splitlines() == ["".join(row) for row in GLYPHS[final]]
    line = json.loads(err)
    assert line["out"] == "-" and line["seed"] == "dash" and line["scale"] is None


def test_world_out_dash_writes_the_locations_text_map(capsys, tmp_path):
    code, out, err = run_cli(capsys, "world", "--seed", "Avalon", "--out", "-")
    assert code == 0 and json.loads(err)["out"] == "-"
    assert run_cli(capsys, "world", "--seed", "Avalon", "--out", str(tmp_path / "a.txt"))[0] == 0
    assert out == (tmp_path / "a.txt").read_text(encoding="utf-8")


# ------------------------------------------------------------------- usage ----

@pytest.mark.parametrize("argv0, name", [("/x/.venv/bin/worldgen", "worldgen"), ("/x/worldgen/__main__.py",
                                                                                   "python -m worldgen")])
def test_usage_names_the_command_as_it_was_run(capsys, monkeypatch, argv0, name):
    monkeypatch.setattr(sys, "argv", [argv0])
    with pytest.raises(SystemExit):
        main(["island", "--help"])
    assert capsys.readouterr().out.startswith(f"usage: {name} island ")


def test_the_installed_command_and_the_module_name_themselves_in_a_real_process(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this checkout's code, whichever the command was installed from
    for argv, name in (([str(BIN / "worldgen")], "worldgen"), ([sys.executable, "-m", "worldgen"], "python -m worldgen")):
        proc = subprocess.run([*argv, "rooms", "--help"], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                              env=env)
        assert proc.returncode == 0 and proc.stdout.startswith(f"usage: {name} rooms "), proc.stdout[:80]


# --------------------------------------------------------- numeric options ----

def numeric_options() -> list[tuple[str, str]]:
    """``(subcommand, option)`` for every option that takes a number (or WxH), found in the parser itself."""
    parser = cli.build_parser("worldgen")
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for name, sub in subparsers.choices.items():
        for action in sub._actions:
            kind = getattr(action.type, "__qualname__", "")
            if kind.startswith("whole.") or kind in ("frame", "map_size"):
                found.append((name, action.option_strings[-1]))
    return found


def test_the_numeric_options_are_found():
    found = numeric_options()
    assert {("island", "--width"), ("rooms", "--scale"), ("world", "--location"), ("sweep", "--seed"),
            ("bench", "--repeat"), ("bench", "--size"), ("caverns", "--frame"), ("sweep", "--maps")} <= set(found)


@pytest.mark.parametrize("command, option", numeric_options())
@pytest.mark.parametrize("value", ["-99999999999", "abc", "9" * 30])
def test_every_numeric_options_error_names_the_option(capsys, tmp_path, command, option, value):
    argv = [command, option, value]
    if command in [s.name for s in registry.all_specs()] + ["world"]:
        argv += ["--seed", "a", "--out", str(tmp_path / "x.png")]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"worldgen: error: argument {option}: "), err


# ------------------------------------------------------ a failed write ----

class FullDisk:
    """A file that takes ``room`` bytes, then fails as a full disk does (ENOSPC)."""

    def __init__(self, fh, room: int) -> None:
        self.fh, self.room = fh, room

    def write(self, data) -> int:
        data = bytes(data)
        if len(data) > self.room:
            self.fh.write(data[:self.room])
            self.fh.flush()  # the half-written bytes really are on disk
            self.room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return self.fh.write(data)

    def flush(self) -> None:
        self.fh.flush()

    def fileno(self) -> int:
        return self.fh.fileno()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()


@pytest.mark.parametrize("room", [0, 400])  # nothing written; or some (a Tiled map's 296-byte tileset whole)
@pytest.mark.parametrize("argv, out", [
    (["rooms", "--seed", "a"], "m.png"), (["rooms", "--seed", "a"], "m.txt"), (["rooms", "--seed", "a"], "m.npz"),
    (["rooms", "--seed", "a"], "m.tmx"), (["rooms", "--seed", "a"], "m.tmj"),
    (["island", "--seed", "a", "--stage", "mask"], "m.npz"), (["rooms", "--seed", "a", "--frame", "320x180"], "m.png"),
    (["world", "--seed", "a"], "m.json"), (["world", "--seed", "a"], "m.png"),
])
def test_a_full_disk_leaves_nothing_behind_and_says_so_in_one_line(capsys, tmp_path, monkeypatch, room, argv, out):
    """The write fails part-way (after ``room`` bytes): status 1, one line, and the
    folder as it was: no truncated map, no temporary file, an older map untouched."""
    keep = tmp_path / "older.png"
    keep.write_bytes(b"an older map")
    target = tmp_path / out
    if out != "m.png":
        target.write_bytes(b"the map before")  # an older file of that name stays as it was
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real_open = files._open_fd
    monkeypatch.setattr(files, "_open_fd", lambda fd: FullDisk(real_open(fd), room))
    code, stdout, err = run_cli(capsys, *argv, "--out", str(target))
    assert code == 1 and stdout == ""
    assert err.splitlines() == [f"worldgen: error: cannot write {target}: No space left on device"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_the_same_write_with_room_enough_makes_the_file(capsys, tmp_path, monkeypatch):
    """The full-disk stand-in fails only when the disk is full (the test above tests the write)."""
    real_open = files._open_fd
    monkeypatch.setattr(files, "_open_fd", lambda fd: FullDisk(real_open(fd), 10**9))
    assert run_cli(capsys, "rooms", "--seed", "a", "--out", str(tmp_path / "m.tmx"))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deepisle-tiles-16.png", "m.tmx"]


def test_a_missing_folder_is_one_line_and_status_1(capsys, tmp_path):
    code, _, err = run_cli(capsys, "rooms", "--seed", "a", "--out", str(tmp_path / "nowhere" / "m.png"))
    assert code == 1 and err.splitlines() == [
        f"worldgen: error: cannot write {tmp_path / 'nowhere' / 'm.png'}: No such file or directory"]


def test_a_written_file_has_the_usual_permissions(capsys, tmp_path):
    """A map is made through a private temporary file, but ends with the permissions any new file gets."""
    mask = os.umask(0o022)
    os.umask(mask)
    assert run_cli(capsys, "rooms", "--seed", "a", "--out", str(tmp_path / "m.txt"))[0] == 0
    assert (tmp_path / "m.txt").stat().st_mode & 0o777 == 0o666 & ~mask
