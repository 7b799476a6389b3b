"""No knowledge leaks: an item the player has not identified is named by
its appearance everywhere (messages, stop reasons, look, the panel, the
pack), never by its true name.  One naming function serves them all
(:func:`game.rules.creatures.identify.item_name`); these tests scan what whole runs
said, turn by turn, for a true name the player could not know yet."""

import re

import pygame
import pytest
from gameloop import key, press, run, run_until
from test_bugs import in_dungeon
from test_comforts import calm

import game.shell.app as app_module
from game.rules.content import ITEM_BY_ID, ITEMS, RECIPES
from game.rules.creatures.entities import FloorItem
from game.rules.creatures.identify import display_name, is_known
from game.rules.state import RunState
from game.tools.autoplay import play_run
from game.view import ui

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: What a recipe says it makes names a kind without pointing at any item the player holds
#: ("Crafting needs 3 gems (you have 1): a wand of fire (3 charges)."): not a leak.
_RECIPE_WORDS = tuple(r.description for r in RECIPES.values())


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def leaks(run, text: str) -> list[str]:
    """The true names in ``text`` of kinds ``run`` has not identified."""
    for words in _RECIPE_WORDS:
        text = text.replace(words, "")
    return [k.name for k in ITEMS if not is_known(run, k) and re.search(rf"\b{re.escape(k.name)}\b", text)]


@pytest.fixture
def said(monkeypatch):
    """Every line any run says, checked at the moment it is said: ``(lines, leaks)``."""
    lines, found = [], []
    real = RunState.say

    def say(self, text, kind="note"):
        lines.append(text)
        found.extend(f"turn {self.turn}: {text!r} names {name}" for name in leaks(self, text))
        real(self, text, kind)
    monkeypatch.setattr(RunState, "say", say)
    return lines, found


@pytest.mark.parametrize("world, policy", [("Secrecy-1", "careful"), ("Secrecy-2", "careful"),
                                          ("Secrecy-3", "diver"), ("Secrecy-4", "careful")])
def test_no_message_of_a_whole_run_names_an_unidentified_kind(said, world, policy):
    lines, found = said
    report = play_run(world, policy, "small", max_turns=6000, run_seed=3)
    assert report.turns > 300 and len(lines) > 100
    seen_unknown = [line for line in lines if re.search(r"\b(potion|scroll labelled|wand)\b", line)
                    and not any(k.name in line for k in ITEMS if k.kind in ("potion", "scroll", "wand"))]
    assert seen_unknown, "the run met no unidentified item: the scan proved nothing"
    assert found == []


def test_the_leak_check_sees_a_true_name(said):
    """The scan itself: a line naming an unknown kind is caught (the bug this issue found)."""
    lines, found = said
    from game.rules.world.location import WorldMap
    run = RunState(WorldMap("Secrecy"))
    run.say("You stop: the scroll of confusion is here.")
    assert found and "scroll of confusion" in found[0]


def test_a_walk_over_an_unknown_scroll_with_a_full_pack_names_its_label(tmp_path, said):
    _, found = said
    app, g = in_dungeon(tmp_path, "Secrecy")
    calm(g)
    lv = g.level
    cell = next((g.pos[0] + dx, g.pos[1] + dy) for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1))
                if lv.walkable[g.pos[1] + dy, g.pos[0] + dx])
    lv.items.append(FloorItem(990, ITEM_BY_ID["scroll_confuse"], *cell))
    g.player.inventory = ["mace"] * 20  # full: maces do not stack
    label = display_name(g, ITEM_BY_ID["scroll_confuse"])
    assert label.startswith("scroll labelled")
    g.travel_to(*cell)
    assert run_until(app, lambda: not g.ongoing, 100)
    told = [m.text for m in g.log[-4:]]
    assert f"Your pack is full; you leave the {label}." in told
    # Looking, hovering and the panel say the label too.
    assert any(label in line for line in g.describe(*cell))
    ui.drawn = []
    try:
        g.touch()
        run(app, 1)
        panel = [text for _, _, text in ui.drawn]
    finally:
        ui.drawn = None
    assert any(text.startswith("Here: a scroll labelled") for text in panel), panel
    assert found == []
    # Once read it is known, and named so.
    slot = len(g.player.inventory)
    g.player.inventory.pop()
    press(app, key(pygame.K_g, "g"))
    assert g.player.inventory[slot - 1] == "scroll_confuse"
    g.use_item(slot - 1)
    assert "scroll_confuse" in g.known and "scroll of confusion" in " ".join(m.text for m in g.log[-4:])
