"""One seed normalization for every entry point: the CLI, a link, the title
screen and a save give the same map for the same visible text."""

import hashlib
import json
import subprocess
import sys
from urllib.parse import quote

import numpy as np
import pygame
import pytest

import game.shell.app as app_module
from game.shell.browser import Storage
from game.rules.persistence import save
from game.rules.world.location import WorldMap
from game.scenes.demo import DemoScene
from game.scenes.play import PlayScene
from game.shell.settings import parse_query
from worldgen.core import registry
from worldgen.core import seeding
from worldgen.core.seeding import clean_seed_text, seed_from_text

from gameloop import key, make_app, press, run_until, text

# The same visible text, typed four ways: padded, with a zero-width space, a
# decomposed accent, a trailing newline.
VARIANTS = ["Avalé", " Avalé ", "Ava\u200blé", "Avale\u0301\n"]


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def digest(tiles: np.ndarray) -> str:
    return hashlib.blake2b(np.ascontiguousarray(tiles).tobytes(), digest_size=12).hexdigest()


def test_the_variants_are_one_seed():
    assert len({clean_seed_text(v) for v in VARIANTS}) == 1
    assert len({seed_from_text(v) for v in VARIANTS}) == 1
    assert seed_from_text("Avalé") != seed_from_text("Avale")


def cli_digest(out, seed: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-m", "worldgen", "caverns", "--seed", seed, "--width", "48",
                           "--height", "32", "--out", str(out)], capture_output=True, text=True, check=True)
    with np.load(out) as data:
        return digest(data["tiles"]), json.loads(done.stdout)["seed"]


def test_cli_and_link_give_the_same_map(tmp_path):
    cli = {cli_digest(tmp_path / f"m{i}.npz", v) for i, v in enumerate(VARIANTS)}
    assert len(cli) == 1
    (cli_map, printed), = cli
    assert printed == "Avalé"  # the CLI reports the seed it used
    for v in VARIANTS:
        settings = parse_query(f"?mode=demo&demo=caverns&w=48&h=32&seed={quote(v)}")
        tiles = registry.generate("caverns", settings.seed, 48, 32).stages["final"].data
        assert digest(tiles) == cli_map, v


def test_a_seed_that_is_only_invisible_rolls_one_in_the_cli_as_in_a_link(tmp_path):
    """One rule (``seeding.seed_text``): text empty once cleaned is no seed, and no seed rolls one;
    the CLI prints the seed it rolled, which makes the same map again."""
    out = tmp_path / "m.npz"
    done = subprocess.run([sys.executable, "-m", "worldgen", "caverns", "--seed", " \u200b ", "--width", "48",
                           "--height", "32", "--out", str(out)], capture_output=True, text=True, check=True)
    rolled = json.loads(done.stdout)["seed"]
    assert len(rolled) == 6 and set(rolled) <= set(seeding.ROLL_LETTERS)
    with np.load(out) as data:
        assert digest(data["tiles"]) == digest(registry.generate("caverns", rolled, 48, 32).last.data)
    assert parse_query(f"?mode=demo&seed={quote(' ' + chr(0x200b) + ' ')}").seed is None  # the demo rolls one


def test_title_link_and_save_name_the_same_world(tmp_path):
    worlds = {WorldMap(v).key for v in VARIANTS}
    assert len(worlds) == 1
    world = WorldMap(VARIANTS[0])
    # The title screen: the name typed with a zero-width space and padding.
    app = make_app("", tmp_path / "a")
    press(app, *[key(pygame.K_BACKSPACE)] * 30, text(" Ava\u200bl"), text("é "))
    press(app, key(pygame.K_RETURN, "\r"))
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and app.top.game.loc is not None)
    typed = app.top.game
    assert typed.world.key == world.key
    # A link with the decomposed accent.
    link = make_app(f"world={quote(VARIANTS[3])}", tmp_path / "b")
    assert run_until(link, lambda: isinstance(link.top, PlayScene) and link.top.game.loc is not None)
    assert link.top.game.world.key == world.key
    assert (link.top.game.loc.tiles == typed.loc.tiles).all()
    # A save naming the world with a zero-width space loads the same world.
    body = typed.to_json()
    body["world"] = VARIANTS[2]
    store = Storage(tmp_path / "c")
    assert save.write(store, save.encode(body))
    again = make_app("", store)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: isinstance(again.top, PlayScene) and again.top.game.loc is not None)
    assert (again.top.game.loc.tiles == typed.loc.tiles).all()


def test_demo_scene_uses_the_cleaned_seed(tmp_path):
    app = make_app(f"?mode=demo&demo=island&seed={quote(' Ava' + chr(0x200b) + 'lé ')}", tmp_path)
    assert isinstance(app.top, DemoScene) and app.top.seed == "Avalé"


@pytest.mark.parametrize("link", ["x\ud800y", "x%ED%A0%80y", "x%EF%BF%BDy", "x%FFy"])
def test_text_lost_on_the_way_reads_the_same_from_the_cli_and_a_link(tmp_path, link):
    """A byte the command line cannot decode arrives as a lone surrogate; the
    same text in a link arrives raw, as one U+FFFD or as three (its bytes
    percent-encoded).  One function in seeding drops both, so every way gives
    the seed "xy" and the same map."""
    cli = subprocess.run([sys.executable, "-m", "worldgen", "caverns", "--seed", b"x\xffy", "--width", "48",
                          "--height", "32", "--out", str(tmp_path / "m.npz")], capture_output=True, check=True)
    assert json.loads(cli.stdout)["seed"] == "xy"
    settings = parse_query(f"?mode=demo&demo=caverns&w=48&h=32&seed={link}")
    assert settings.seed == "xy"
    with np.load(tmp_path / "m.npz") as data:
        assert digest(registry.generate("caverns", settings.seed, 48, 32).last.data) == digest(data["tiles"])
