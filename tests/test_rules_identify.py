"""Unidentified items (``game.rules.creatures.identify``): each world's appearances,
what the player is shown, and learning a kind."""

import re

import pytest

from game.rules.creatures import identify
from game.rules.text import words
from game.rules.content import ITEM_BY_ID, ITEMS, UNIDENTIFIED_KINDS
from game.rules.creatures.identify import _POTIONS, _SYLLABLES, _WANDS, appearances
from game.rules.world.location import WorldMap
from game.rules.state import RunState

HIDDEN = [i for i in ITEMS if i.kind in UNIDENTIFIED_KINDS]


@pytest.fixture(autouse=True)
def fresh_appearances():
    """Each test works out the looks it reads (they are cached per world)."""
    appearances.cache_clear()


def a_run(name: str = "Identia") -> RunState:
    return RunState(WorldMap(name, "small"), "small", 1)


def test_every_kind_that_starts_unknown_has_a_look_of_its_own_kind():
    looks = appearances(7)
    assert set(looks) == {i.id for i in HIDDEN}
    assert len(set(looks.values())) == len(looks)
    for item in HIDDEN:
        look = looks[item.id]
        if item.kind == "potion":
            assert look.endswith(" potion") and look[:-7] in _POTIONS
        elif item.kind == "wand":
            assert look.endswith(" wand") and look[:-5] in _WANDS
        else:
            words = re.fullmatch(r"scroll labelled ([A-Z]+) ([A-Z]+)", look).groups()
            syllables = "|".join(s.upper() for s in _SYLLABLES)
            assert all(re.fullmatch(f"(?:{syllables}){{2,3}}", w) for w in words)


def test_looks_are_the_worlds_the_same_for_everyone_and_differ_between_worlds():
    assert appearances(7) == appearances(7)
    assert appearances(7) != appearances(8)
    per_world = [appearances(seed) for seed in range(20)]
    for item in HIDDEN:
        assert len({looks[item.id] for looks in per_world}) > 1  # no kind has a fixed look


def test_an_unknown_kind_shows_its_look_and_a_known_one_its_name():
    run = a_run()
    speed = ITEM_BY_ID["potion_speed"]
    look = appearances(run.world.seed)["potion_speed"]
    assert not identify.is_known(run, speed) and identify.display_name(run, speed) == look
    run.known.add("potion_speed")
    assert identify.is_known(run, speed) and identify.display_name(run, speed) == "potion of speed"


def test_kinds_known_from_the_start_show_their_name():
    run = a_run()
    for item_id in ("potion", "dagger", "leather", "arrow"):
        kind = ITEM_BY_ID[item_id]
        assert identify.is_known(run, kind) and identify.display_name(run, kind) == kind.name


def test_identifying_says_what_it_was_once():
    run = a_run()
    look = appearances(run.world.seed)["wand_fire"]
    assert identify.identify(run, "wand_fire") == f"The {look} was a wand of fire."
    assert "wand_fire" in run.known
    assert identify.identify(run, "wand_fire") is None
    assert identify.identify(run, "potion") is None  # known from the start


def test_a_or_an_by_the_first_letter():
    assert [words.a(n) for n in ("arrow", "Elixir", "potion", "umbrella", "Ogre tooth")] == [
        "an arrow", "an Elixir", "a potion", "an umbrella", "an Ogre tooth"]
