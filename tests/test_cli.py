"""The CLI end to end, through ``main(argv)`` and once through a real process."""

import json
import subprocess
import sys

import numpy as np
import pytest

from worldgen import registry
from worldgen.cli import main
from worldgen.tiles import GLYPHS


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
    (["island", "--seed", "a", "--width", "5", "--out", "x.png"], "size must be"),
    (["island", "--seed", "a", "--width", "big", "--out", "x.png"], "expected a whole number"),
    (["island", "--seed", "a", "--out", "x.gif"], "--out must end in .png, .txt or .npz"),
    (["island", "--seed", "a", "--out", "/nonexistent-dir/x.png"], "cannot write"),
    (["island", "--seed", "a" * 500, "--out", "x.png"], "seed longer than 200"),
    (["island", "--seed", "a", "--stage", "noise", "--param", "octaves", "--out", "x.png"], "NAME=VALUE"),
    (["island", "--out", "x.png"], "required: --seed"),
    ([], "required: command"),
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
    assert [(r["width"], r["height"]) for r in rows] == list(registry.get("island").bench_sizes)
    assert all(r["median_ms"] > 0 for r in rows)
