"""The CLI end to end, through ``main(argv)`` and once through a real process."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from worldgen.core import registry
from worldgen.core.tiles import GLYPHS
from worldgen.tools.cli import main


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_prints_every_generator_stage_and_param(capsys):
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    for spec in registry.all_specs():
        assert f"{spec.name}:" in out
        assert ", ".join(spec.stages) in out
        for p in spec.param_specs:
            assert f"--param {p.name}=" in out


@pytest.mark.parametrize("suffix", [".png", ".txt", ".npz"])
def test_generate_writes_each_format(capsys, tmp_path, suffix):
    out_file = tmp_path / f"map{suffix}"
    code, out, err = run_cli(capsys, "island", "--seed", "cli", "--width", "64", "--height", "40",
                             "--out", str(out_file))
    assert code == 0, err
    line = json.loads(out)
    assert {k: line[k] for k in ("generator", "seed", "width", "height", "stage")} == {
        "generator": "island", "seed": "cli", "width": 64, "height": 40, "stage": "terrain"}
    assert line["milliseconds"] > 0
    final = registry.generate("island", "cli", 64, 40).last.data
    if suffix == ".png":
        assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    elif suffix == ".txt":
        rows = out_file.read_text(encoding="utf-8").splitlines()
        assert rows == ["".join(r) for r in GLYPHS[final]]
    else:
        with np.load(out_file) as npz:
            assert npz["tiles"].dtype == np.uint8 and np.array_equal(npz["tiles"], final)
            legend = json.loads(str(npz["legend"]))
            assert legend[str(final[0, 0])]["name"]


def test_float_stage_npz_has_layer_and_tiles(capsys, tmp_path):
    out_file = tmp_path / "noise.npz"
    code, out, _ = run_cli(capsys, "island", "--seed", "n", "--stage", "noise", "--out", str(out_file))
    assert code == 0 and json.loads(out)["stage"] == "noise"
    with np.load(out_file) as npz:
        assert npz["layer"].dtype == np.float32 and npz["layer"].shape == (32, 88)


@pytest.mark.parametrize("argv, fragment", [
    (["nothing", "--seed", "a", "--out", "x.png"], "invalid choice: 'nothing'"),
    (["island", "--seed", "a", "--stage", "zzz", "--out", "x.png"], "island has no stage 'zzz'"),
    (["island", "--seed", "a", "--param", "zzz=1", "--out", "x.png"], "no parameter 'zzz'"),
    (["island", "--seed", "a", "--param", "octaves=99", "--out", "x.png"], "octaves must be in 1..12"),
    (["island", "--seed", "a", "--width", "5", "--out", "x.png"], "argument --width: must be 16..1024 for island"),
    (["island", "--seed", "a", "--width", "big", "--out", "x.png"], "argument --width: expected a whole number"),
    (["island", "--seed", "a", "--out", "x.gif"], "--out must end in .png, .txt, .npz, .tmx or .tmj"),
    (["island", "--seed", "a" * 500, "--out", "x.png"], "argument --seed: seed longer than 200"),
    (["island", "--seed", "a", "--stage", "noise", "--param", "octaves", "--out", "x.png"], "NAME=VALUE"),
    (["island", "--seed", "a", "--frame", "9x", "--out", "x.png"], "expected WIDTHxHEIGHT"),
    (["island", "--seed", "a", "--frame", "96x54", "--out", "x.txt"], "--frame draws a .png"),
    (["island", "--seed", "a", "--frame", "96x54", "--legend", "--out", "x.png"], "drop --legend"),
    (["island", "--seed", "a"], "required: --out"),
    ([], "required: command"),
    # A bad option is named, before any missing one.
    (["island", "--bogus"], "unrecognized arguments: --bogus"),
    (["island", "--seed", "a", "--bogus", "--out", "x.png"], "unrecognized arguments: --bogus"),
    (["rooms", "--bogus=3", "--out", "x.png"], "unrecognized arguments: --bogus=3"),
    (["world", "--bogus"], "unrecognized arguments: --bogus"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["bench", "--bogus"], "unrecognized arguments: --bogus"),
    (["bench", "--param", "room_attempts=4"], "--param needs exactly one --gen"),
    (["bench", "--gen", "rooms", "--gen", "island", "--param", "room_attempts=4"], "exactly one --gen"),
    (["bench", "--gen", "rooms", "--param", "room_attempts=1"], "room_attempts must be in 4..200"),
    (["bench", "--gen", "rooms", "--compare", "--param", "loops=0"], "drop --param"),
    (["bench", "--gen", "rooms", "--size", "79by29"], "expected WIDTHxHEIGHT such as 79x29"),
    (["bench", "--gen", "rooms", "--size", "9x9"], "rooms size must be"),
    (["bench", "--size", "4000x4000"], "size must be"),
    (["bench", "--compare", "--size", "79x29"], "drop --size"),
    (["bench", "--gen", "rooms", "--repeat", "-3"], "argument --repeat: must be 1..1000"),
    (["bench", "--gen", "rooms", "--repeat", "1001"], "argument --repeat: must be 1..1000"),
    (["bench", "--gen", "bogus"], "unknown generator 'bogus'"),
    (["bench", "--gen", "world", "--size", "79x29"], "the world's rows have fixed sizes"),
    (["bench", "--gen", "world", "--param", "width=100"], "drop --size and --param"),
    (["bench", "--clock", "sundial"], "invalid choice: 'sundial'"),
    (["sweep", "--gen", "rooms", "--maps", "-1"], "argument --maps: must be 1..100000"),
    (["sweep", "--gen", "rooms", "--maps", "0"], "argument --maps: must be 1..100000"),
    (["sweep", "--gen", "rooms", "--seed", "-1"], "argument --seed: must be 0.."),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, fragment):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err, err


def test_real_process_has_no_traceback_and_bench_runs(tmp_path):
    bad = subprocess.run([sys.executable, "-m", "worldgen", "island", "--seed", "a", "--width", "0",
                          "--out", str(tmp_path / "x.png")], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    bench = subprocess.run([sys.executable, "-m", "worldgen", "bench", "--gen", "island", "--repeat", "1",
                            "--json", "--no-memory"], capture_output=True, text=True, timeout=120)
    assert bench.returncode == 0, bench.stderr
    rows = [json.loads(line) for line in bench.stdout.splitlines()]
    spec = registry.get("island")
    assert [(r["width"], r["height"]) for r in rows] == [*spec.bench_sizes, spec.max_size]
    assert all(r["median_ms"] > 0 and 0 < r["step_ms"] <= r["max_ms"] for r in rows)
    assert all(r["step_stage"] in spec.stages for r in rows)


def test_bench_runs_one_size_with_the_parameters_given(capsys):
    args = ["bench", "--gen", "rooms", "--size", "79x29", "--repeat", "3", "--no-memory", "--json"]
    code, out, _ = run_cli(capsys, *args)
    (default,) = [json.loads(line) for line in out.splitlines()]
    code_sparse, out, _ = run_cli(capsys, *args, "--param", "room_attempts=4")
    (sparse,) = [json.loads(line) for line in out.splitlines()]
    assert code == code_sparse == 0
    assert (default["width"], default["height"]) == (sparse["width"], sparse["height"]) == (79, 29)
    # the fewest designs stop growing at a fifth of the interior; the defaults dig far more
    assert sparse["floor"] < 0.3 < default["floor"]


def test_legend_option_adds_the_caption_strip(capsys, tmp_path):
    plain, captioned = tmp_path / "plain.png", tmp_path / "legend.png"
    for out, extra in ((plain, []), (captioned, ["--legend"])):
        code, out_text, err = run_cli(capsys, "rooms", "--seed", "key", "--scale", "2", "--out", str(out), *extra)
        assert code == 0 and err == "" and json.loads(out_text)["scale"] == 2
    height = lambda path: int.from_bytes(path.read_bytes()[20:24], "big")  # noqa: E731 - IHDR height
    assert height(plain) == 29 * 2 and height(captioned) > height(plain)


def test_scale_over_the_pixel_budget_is_lowered_with_one_note(capsys, tmp_path):
    code, out, err = run_cli(capsys, "island", "--seed", "big", "--width", "1024", "--height", "1024",
                             "--scale", "16", "--out", str(tmp_path / "big.png"))
    assert code == 0 and json.loads(out)["scale"] == 8
    assert err.count("\n") == 1 and "--scale 16 lowered to 8" in err and "67,108,864-pixel budget" in err


@pytest.mark.parametrize("scale", [1, 32])
def test_scale_from_1_to_32_is_accepted_as_given_on_a_small_map(capsys, tmp_path, scale):
    out = tmp_path / "x.png"
    code, out_text, err = run_cli(capsys, "island", "--seed", "s", "--width", "16", "--height", "16",
                                  "--scale", str(scale), "--out", str(out))
    assert code == 0 and err == "" and json.loads(out_text)["scale"] == scale
    ihdr = out.read_bytes()[16:24]  # width, height
    assert (int.from_bytes(ihdr[:4], "big"), int.from_bytes(ihdr[4:], "big")) == (16 * scale, 16 * scale)


@pytest.mark.parametrize("scale", [0, 33])
def test_scale_outside_1_to_32_is_refused(capsys, tmp_path, scale):
    code, _, err = run_cli(capsys, "island", "--seed", "s", "--width", "16", "--height", "16",
                           "--scale", str(scale), "--out", str(tmp_path / "x.png"))
    assert code == 2 and f"argument --scale: must be 1..32; got {scale}" in err
    assert not (tmp_path / "x.png").exists()


def test_scale_32_over_the_pixel_budget_is_lowered_not_refused(capsys, tmp_path):
    code, out, err = run_cli(capsys, "island", "--seed", "s", "--width", "260", "--height", "260",
                             "--scale", "32", "--out", str(tmp_path / "big.png"))
    assert code == 0 and json.loads(out)["scale"] == 31  # 260 * 31 = 8060 a side: the most under budget
    assert "--scale 32 lowered to 31" in err


def test_frame_draws_the_map_centred_at_a_whole_scale(capsys, tmp_path):
    out = tmp_path / "poster.png"
    code, text, err = run_cli(capsys, "rooms", "--seed", "f", "--frame", "200x100", "--out", str(out))
    assert code == 0 and err == ""
    data = out.read_bytes()
    assert data[16:24] == (200).to_bytes(4, "big") + (100).to_bytes(4, "big")
