"""The side panel and the message strip at the game's window size: no name or
message is cut, no line runs past the panel, the strip or into a health bar,
and every monster in view is on the panel (a row each kind, or counted in the
summing-up line under the rows)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.view import ui
from game.view.panel import FOOT_Y, PANEL_RECT, Panel, _LIST_W, _NAME_W

from creatures import level_of, put, run_on

FOOT_LINES = ("Level up", "Carrying", "Here:", "Stairs")   # the lines under the list
ROOM = "\n".join(["#" * 24] + ["#" + "." * 22 + "#"] * 8 + ["#" * 24])


@pytest.fixture(autouse=True)
def drawn():
    pygame.init()
    ui.drawn = []
    yield ui.drawn
    ui.drawn = None


def panel_texts(g) -> list[tuple[pygame.Rect, str]]:
    surf = Panel(g)._render()
    assert surf.get_size() == PANEL_RECT.size
    return [(rect, text) for target, rect, text in ui.drawn if target is surf]


def assert_nothing_clipped(texts) -> None:
    """Every line whole, inside the panel, and over no other line."""
    for i, (rect, text) in enumerate(texts):
        assert rect.left >= 0 and rect.right <= PANEL_RECT.width - 4, f"{text!r} runs past the panel: {rect}"
        assert rect.bottom <= PANEL_RECT.height, f"{text!r} runs off the panel's foot: {rect}"
        assert "…" not in text, f"{text!r} was cut"
        for other, other_text in texts[i + 1:]:
            assert not rect.inflate(0, -4).colliderect(other.inflate(0, -4)), f"{text!r} lies over {other_text!r}"


def near(i: int) -> tuple[int, int]:
    """The i-th cell of a block in sight of the hero at (2, 2)."""
    return 3 + i % 5, 3 + i // 5


def in_view_lines(texts) -> list[tuple[pygame.Rect, str]]:
    top = next(rect.bottom for rect, text in texts if text == "In view")
    return [(rect, text) for rect, text in texts if top <= rect.top < FOOT_Y + 18 and not text.startswith(FOOT_LINES)]


def test_the_panel_names_the_longest_monster_whole_beside_its_bar():
    g = run_on(level_of(ROOM), pos=(2, 2))
    put(g, "colossus", 5, 5, boss=True)
    put(g, "conjurer", 6, 5, captive=True)
    put(g, "conjurer", 7, 5, ally=True, level=12)
    texts = panel_texts(g)
    assert_nothing_clipped(texts)
    names = {text for _, text in in_view_lines(texts)}
    assert {"guardian stone colossus", "shackled goblin conjurer", "your goblin conjurer L12"} <= names
    for rect, text in in_view_lines(texts):
        assert rect.right <= 12 + 22 + _NAME_W, f"{text!r} runs into its health bar"


def test_an_eighth_monster_in_view_is_not_dropped():
    g = run_on(level_of(ROOM), pos=(2, 2))
    kinds = ["rat", "bat", "kobold", "snake", "goblin", "wolf", "orc", "imp"]
    for i, kind in enumerate(kinds):
        put(g, kind, *near(i))
    texts = panel_texts(g)
    assert_nothing_clipped(texts)
    lines = [text for _, text in in_view_lines(texts)]
    assert len(lines) == 7 and lines[-1].startswith("+ ")   # six rows and the seventh line sums up the rest
    named = " ".join(lines)
    assert all(put_name in named for put_name in ("giant rat", "cave bat", "kobold", "orc", "imp"))


def test_monsters_alike_share_a_row_with_their_count():
    g = run_on(level_of(ROOM), pos=(2, 2))
    for x in range(4, 9):
        put(g, "imp", x, 4)
    put(g, "rat", 4, 6)
    lines = [text for _, text in in_view_lines(panel_texts(g))]
    assert lines == ["5 imps", "giant rat"]


def test_too_many_kinds_to_name_are_counted_in_one_line():
    g = run_on(level_of(ROOM), pos=(2, 2))
    kinds = ["rat", "bat", "kobold", "snake", "goblin", "archer", "wolf", "skeleton", "orc", "wraith",
             "troll", "ogre", "drake", "imp", "ghoul", "salamander", "wight", "necromancer", "warlord", "hydra"]
    for i, kind in enumerate(kinds):
        put(g, kind, *near(i))
    texts = panel_texts(g)
    assert_nothing_clipped(texts)
    lines = [text for _, text in in_view_lines(texts)]
    assert len(lines) == 7
    assert re.fullmatch(r"\+ 14 more in view \(x: look\)", lines[-1]), lines[-1]   # 6 rows + 14 = 20 in view


def test_the_panel_list_sits_within_the_panel_width():
    assert _LIST_W == PANEL_RECT.width - 24 and _NAME_W > 0


@pytest.mark.parametrize("kinds, owed, stairs, rows, summed", [
    (7, 0, False, 7, False), (8, 0, False, 6, True),    # the whole list
    (6, 0, True, 6, False), (7, 0, True, 5, True),      # the stairs underfoot take a line
    (5, 1, False, 5, False), (6, 1, False, 4, True),    # a level-up line takes two
])
def test_the_rows_fill_the_slots_and_only_an_overflow_is_summed_up(kinds, owed, stairs, rows, summed):
    g = run_on(level_of(ROOM), pos=(1, 1) if stairs else (2, 2))   # the stairs up are at (1, 1)
    g.player.perks_owed = owed
    for i, kind in enumerate(["rat", "bat", "kobold", "snake", "goblin", "wolf", "orc", "imp"][:kinds]):
        put(g, kind, *near(i))
    texts = panel_texts(g)
    assert_nothing_clipped(texts)
    lines = [text for _, text in in_view_lines(texts)]
    assert len([line for line in lines if not line.startswith("+ ")]) == rows
    assert lines[-1].startswith("+ ") is summed


# -- the message strip under the map ----------------------------------------------------------------
def strip_texts(g) -> list[tuple[pygame.Rect, str]]:
    from game.view.log_view import LOG_RECT, LogView
    target = pygame.Surface((960, 540))
    LogView(g).draw(target)
    drawn = [(rect, text) for _, rect, text in ui.drawn]
    for rect, text in drawn:
        assert rect.left >= 0 and rect.right <= LOG_RECT.width - 4, f"{text!r} runs past the strip: {rect}"
        assert rect.bottom <= LOG_RECT.height, f"{text!r} runs off the strip's foot"
    return drawn


def test_the_strip_wraps_a_long_message_whole_instead_of_cutting_it():
    g = run_on(level_of(ROOM), pos=(2, 2))
    long = ("The goblin conjurer calls up 2 imps, the guardian stone colossus wakes, and a cloud of "
            "poison billows out of the floor beside the shackled goblin conjurer you meant to free.")
    g.say("You see a door.")
    g.say(long)
    rows = [text for _, text in strip_texts(g)]
    assert rows[0] == "You see a door." and len(rows) == 3
    assert " ".join(rows[1:]) == long   # every word, in two rows


def test_the_strip_shows_the_newest_rows_when_wrapped_messages_overflow_it():
    from game.view.log_view import LINES
    g = run_on(level_of(ROOM), pos=(2, 2))
    for n in range(4):
        g.say(f"Message {n}: " + "a long line of words that goes on " * 4)
    rows = [text for _, text in strip_texts(g)]
    assert len(rows) == LINES and rows[-2].startswith("Message 3:")   # the oldest rows give way


def test_the_welcome_fits_the_strip_whole():
    from game.rules.run import Game
    g = Game.new("Tollwick Reach", "small", 1, background="adept", record=False)
    rows = " ".join(text for _, text in strip_texts(g))
    assert all(m.text in rows for m in g.log[-4:])
