"""One seed rule in the library and the CLI (``worldgen.core.seeding.seed_text``): a seed is
text or an int, cleaned; None or text empty once cleaned rolls a fresh one, which is reported;
over 200 characters once cleaned is refused, with the same words in both."""

import json

import numpy as np
import pytest

from worldgen import ParamError, generate, run
from worldgen.core import seeding
from worldgen.core.registry import Stage
from worldgen.tools.cli import main


@pytest.mark.parametrize("nothing", [None, "", "   ", "\u200b\n"])
def test_no_seed_rolls_a_fresh_one_that_the_result_reports(nothing):
    first = generate("rooms", nothing, 40, 20)
    assert len(first.seed_text) == seeding.ROLL_LENGTH and set(first.seed_text) <= set(seeding.ROLL_LETTERS)
    again = generate("rooms", first.seed_text, 40, 20)
    assert np.array_equal(first.last.data, again.last.data)


def test_two_rolls_differ():
    seeds = {generate("rooms", None, 40, 20).seed_text for _ in range(5)}
    assert len(seeds) > 1  # 32**6 seeds: five draws are all alike once in 10**35


def test_a_seed_is_cleaned_and_reported_clean():
    result = generate("rooms", " Ava\u200blon ", 40, 20)
    assert result.seed_text == "Avalon"
    assert np.array_equal(result.last.data, generate("rooms", "Avalon", 40, 20).last.data)
    assert generate("rooms", 42, 40, 20).seed_text == "42"
    assert np.array_equal(generate("rooms", 42, 40, 20).last.data, generate("rooms", "42", 40, 20).last.data)


def test_run_follows_the_rule_too():
    stages = [item for item in run("rooms", "", 40, 20) if isinstance(item, Stage)]
    assert stages[-1].data.shape == (20, 40)
    with pytest.raises(ParamError, match="seed longer than 200"):
        run("rooms", "x" * 201)


@pytest.mark.parametrize("bad", [1.5, b"abc", True, ["a"]])
def test_a_seed_that_is_not_text_or_an_int_is_a_type_error(bad):
    with pytest.raises(TypeError, match="a seed is text or an int"):
        generate("rooms", bad, 40, 20)


def test_the_longest_seed_is_200_characters_in_the_library_and_the_cli(capsys, tmp_path):
    longest = "x" * seeding.MAX_SEED_CHARS
    assert generate("rooms", longest + "\u200b", 40, 20).seed_text == longest  # counted once cleaned
    with pytest.raises(ParamError) as library:
        generate("rooms", longest + "y", 40, 20)
    assert main(["rooms", "--seed", longest + "y", "--out", str(tmp_path / "m.txt")]) == 2
    said = capsys.readouterr().err
    assert str(library.value) == "seed longer than 200 characters once cleaned (got 201)"
    assert said == f"worldgen: error: argument --seed: {library.value}\n"
    assert main(["rooms", "--seed", longest, "--out", str(tmp_path / "m.txt")]) == 0


@pytest.mark.parametrize("argv", [[], ["--seed", ""], ["--seed", " \t "]])
def test_the_cli_rolls_when_no_seed_is_given_and_prints_it(capsys, tmp_path, argv):
    out = tmp_path / "m.txt"
    assert main(["rooms", *argv, "--width", "40", "--height", "20", "--out", str(out)]) == 0
    rolled = json.loads(capsys.readouterr().out)["seed"]
    assert len(rolled) == seeding.ROLL_LENGTH
    assert main(["rooms", "--seed", rolled, "--width", "40", "--height", "20", "--out", str(tmp_path / "n.txt")]) == 0
    assert out.read_text(encoding="utf-8") == (tmp_path / "n.txt").read_text(encoding="utf-8")


def test_the_game_rolls_seeds_the_same_way(tmp_path):
    """The demo's and gallery's new maps (``App.roll_seed``) are the library's roll, from the interface's generator."""
    from gameloop import make_app

    app = make_app("?mode=gallery", tmp_path)
    twin = np.random.Generator(np.random.PCG64())
    twin.bit_generator.state = app.ui_rng.bit_generator.state
    assert [app.roll_seed() for _ in range(3)] == [seeding.roll_seed(twin) for _ in range(3)]
