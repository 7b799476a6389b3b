"""A newcomer from a blog post, measured: from the title to the first relic
site's door, with nothing but what the screen says.

The scripted newcomer reads no docs and no game state: it presses what the
screen names (the title's Start, then the key the objective line under the
map names, "— T travels there"), or taps the button of that name, and
waits while the walk goes on.  docs/PLAYING.md quotes the count:
:data:`TO_THE_DOOR` actions to stand on the relic site's door, one more to
be inside it."""

import re

import pygame
import pytest
from gameloop import make_app, run, run_until
from test_bugs import loaded
from test_touch import drawn_texts as screen_texts
from test_touch import finger

import game.shell.app as app_module
from game.shell.controls import key_codes

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Actions (key presses or taps) from the title to standing on the first relic site's door.
TO_THE_DOOR = 2
_NAMED = re.compile(r" — (\S+) (travels there|goes in)$")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def goal_line(app) -> tuple[str, str]:
    """The key (or button) the objective line names, and what it says it does."""
    found = [m for m in (_NAMED.search(t) for t in screen_texts(app)) if m]
    assert found, "the screen names no next step"
    return found[0].group(1), found[0].group(2)


class Newcomer:
    """Presses or taps only what the screen names, counting each action."""

    def __init__(self, app, touch: bool) -> None:
        self.app, self.touch, self.actions = app, touch, 0

    def tap(self, pos) -> None:
        self.actions += 1
        run(self.app, 3, {0: [finger(pygame.FINGERDOWN, pos), finger(pygame.FINGERUP, pos)]})  # one frame: a tap

    def press(self, label: str) -> None:
        self.actions += 1
        codes = key_codes(label) or key_codes(label.lower())
        char = {"Enter": "\r"}.get(label, label if len(label) == 1 else "")
        mod = pygame.KMOD_SHIFT if char.isupper() else 0
        run(self.app, 3, {0: [pygame.event.Event(pygame.KEYDOWN, key=codes[0] if codes else 0, mod=mod, unicode=char,
                                                 scancode=0)]})

    def start(self) -> None:
        title = self.app.top
        assert "Name a world: the same name gives the same world" in screen_texts(self.app)
        if self.touch:
            self.tap(next(b for b in title.buttons if b.label.startswith("Start")).rect.center)
        else:
            self.press("Enter")  # the title's own word: "Start (Enter)"
        assert run_until(self.app, lambda: loaded(self.app), 3000)

    def follow_the_goal(self) -> str:
        """One step the objective line names; returns what it said it does."""
        name, does = goal_line(self.app)
        play = self.app.top
        if self.touch:
            assert name == "Goal" and play.touch.shown  # the line names the button while touch is the input
            self.tap(play.touch.rects["goal"].center)
        else:
            self.press(name)
        g = play.game
        assert run_until(self.app, lambda: not g.ongoing and not g.busy, 4000)
        return does


@pytest.mark.parametrize("touch", [False, True], ids=["keys", "taps"])
def test_a_newcomer_reaches_the_first_relic_sites_door_in_two_actions(tmp_path, touch):
    app = make_app("", tmp_path)
    run(app, 2)
    newcomer = Newcomer(app, touch)
    newcomer.start()
    g = app.top.game
    relic = g.relic_site()
    assert newcomer.follow_the_goal() == "travels there"
    assert g.pos == (relic.x, relic.y) and newcomer.actions == TO_THE_DOOR
    assert newcomer.follow_the_goal() == "goes in"  # one more: inside, on its first level
    assert g.mode == "dungeon" and g.site == relic.index and g.depth == 1
    assert newcomer.actions == TO_THE_DOOR + 1

