"""Touch through the real loop: SDL finger events (positions normalized to
0..1 of the window), as a phone's browser sends them.  A whole session plays
from the overworld into a site and down its first stairs with taps alone."""

import numpy as np
import pygame
import pytest
from gameloop import make_app, run, run_until
from test_bugs import loaded

import game.shell.app as app_module
from game.scenes.play import PlayScene
from game.view.touch import HOLD_SECONDS

SIZE = (960, 540)


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def finger(kind, pos, finger_id=1):
    return pygame.event.Event(kind, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1], dx=0.0, dy=0.0,
                              finger_id=finger_id, touch_id=1, pressure=1.0)


def tap(app, pos, frames=2):
    """A finger down and, a frame later, up again on ``pos`` (a tap); ``frames`` frames in all."""
    run(app, max(2, frames), {0: [finger(pygame.FINGERDOWN, pos)], 1: [finger(pygame.FINGERUP, pos)]})


def hold(app, pos):
    """A finger held still on ``pos`` past the hold time, then lifted."""
    frames = int(HOLD_SECONDS * 60) + 3
    run(app, frames + 2, {0: [finger(pygame.FINGERDOWN, pos)], frames: [finger(pygame.FINGERUP, pos)]})


def cell_centre(app, cell):
    return app.top.view.map.cell_rect(*cell).center


def button(app, name):
    return app.top.touch.rects[name].center


def test_a_level_played_to_its_stairs_with_taps_alone(tmp_path):
    app = make_app("world=Thumbland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    play = app.top
    g = play.game
    g.player.hp = g.player.max_hp = 400  # sturdy: the session is about input, not luck
    g.player.base_attack = 20
    # The overworld: tap the minimap near a site, then walk on by tapping the map.
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    tap(app, (30, 30))  # a first touch shows the thumb buttons
    assert play.touch.shown
    for _ in range(40):  # bounded: taps on the map, each walking up to the visible edge
        if g.pos == (site.x, site.y):
            break
        rect = play.view.map.cell_rect(site.x, site.y)
        if play.view.map.screen_to_tile(rect.center) is None:  # off screen: tap the edge towards it
            cx, cy, vw, vh, _, _ = play.view.camera()
            rect = play.view.map.cell_rect(min(max(site.x, cx), cx + vw - 1), min(max(site.y, cy), cy + vh - 1))
        tap(app, rect.center)
        run_until(app, lambda: not g.path, 2000)
    assert g.pos == (site.x, site.y)
    tap(app, button(app, "stairs"))  # "Enter" on the overworld: go down into the site
    assert run_until(app, lambda: loaded(app) and g.mode == "dungeon")
    level = g.level
    for _ in range(300):  # bounded: explore, fight what comes, walk to the stairs, take them
        if g.depth == 2:
            break
        adjacent = [m for m in level.monsters if level.visible[m.y, m.x]
                    and max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1]
        if adjacent:
            tap(app, cell_centre(app, (adjacent[0].x, adjacent[0].y)))
        elif level.seen[level.down[1], level.down[0]]:
            tap(app, button(app, "stairs"))  # walk there, or take them when standing on them
            run_until(app, lambda: not g.path or g.busy, 2000)
        else:
            tap(app, button(app, "explore"))
            run_until(app, lambda: not (g.exploring or g.path), 4000)
        if g.busy:
            assert run_until(app, lambda: loaded(app))
    assert g.depth == 2 and g.mode == "dungeon" and not g.dead
    assert any("You enter" in line for line, _, _ in g.log)


def test_holding_a_finger_looks_and_a_tap_closes(tmp_path):
    app = make_app("world=Thumbland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    hold(app, cell_centre(app, g.pos))
    look = app.top
    assert type(look).__name__ == "LookScene" and look.cursor == g.pos and look.lines[0] == "You"
    assert g.path == []  # holding did not walk
    tap(app, cell_centre(app, g.pos))  # the look scene gets taps as clicks: the same cell closes it
    assert isinstance(app.top, PlayScene)


def test_thumb_buttons_open_dialogs_that_take_taps(tmp_path):
    app = make_app("world=Thumbland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    play = app.top
    g = play.game
    g.player.inventory = ["potion", "potion", "dagger"]
    g.player.weapon = None  # (a new run starts with a dagger in hand)
    g.player.hp = 5
    tap(app, button(app, "pack"))
    pack = app.top
    assert type(pack).__name__ == "PackScene"
    tap(app, (200, pack.TOP + pack.ROW + pack.ROW // 2))  # the dagger's row: selected
    assert pack.selected == 1 and g.player.weapon is None
    row = (200, pack.TOP + pack.ROW // 2)  # the first row: 2 healing potions
    tap(app, row)  # selected
    tap(app, row)  # a second tap on the selected row uses it
    assert g.player.hp == 5 + max(15, g.player.max_hp * 40 // 100) and g.player.inventory.count("potion") == 1
    tap(app, (900, 40))  # outside the box: closed
    assert app.top is play
    tap(app, button(app, "menu"))
    menu = app.top
    assert type(menu).__name__ == "MenuScene"
    tap(app, menu.buttons[0].rect.center)  # Resume
    assert app.top is play
    tap(app, button(app, "history"))
    assert type(app.top).__name__ == "HistoryScene"


def test_the_thumb_buttons_make_way_for_a_mouse(tmp_path):
    app = make_app("world=Thumbland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    play = app.top
    run(app, 1)
    before = pygame.surfarray.array3d(app.screen).copy()
    assert not play.touch.shown  # never shown to a mouse player
    tap(app, (30, 30))
    assert play.touch.shown
    shown = pygame.surfarray.array3d(app.screen)
    r = play.touch.rects["explore"]
    assert not np.array_equal(shown[r.left:r.right, r.top:r.bottom], before[r.left:r.right, r.top:r.bottom])
    run(app, 2, {0: [pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 200), rel=(1, 1), buttons=(0, 0, 0),
                                        touch=False)]})
    assert not play.touch.shown


def test_sdl_mouse_copies_of_touches_are_not_acted_on_twice(tmp_path):
    """SDL also sends a touch as mouse events marked ``touch``: the app drops them, so one
    tap is one step, not two."""
    app = make_app("world=Thumbland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    passable = g.loc.passable
    x, y = next((g.pos[0] + dx, g.pos[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if passable[g.pos[1] + dy, g.pos[0] + dx])
    pos = cell_centre(app, (x, y))
    turn = g.turn
    copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    run(app, 3, {0: [finger(pygame.FINGERDOWN, pos), copy], 1: [finger(pygame.FINGERUP, pos)]})
    assert g.pos == (x, y) and g.turn - turn == int(g.loc.cost[y, x])
