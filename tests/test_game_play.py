"""The game through the real async loop with scripted input (SDL dummy driver).

A run: name a world on the title screen, walk, click to travel, enter a site,
descend, fight, pick up and drink a potion, save, reload and continue, die,
play the same world again; plus a corrupt save, a foreign save and the
``world=`` link.  A few steps move things into place directly (the player
onto the stairs, a monster next to the player) so the test does not depend on
where a seed puts them; every action itself goes through events.
"""

import json

import numpy as np
import pygame
import pytest
from gameloop import click, key, make_app, press, run, run_until, text

import game.shell.app as app_module
from game.shell.browser import Storage
from game.rules.persistence import codec, save
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.pack import stacks
from game.rules.state import LevelRequest
from game.scenes.end import EndScene
from game.scenes.play import TRAVEL_FRAMES, PlayScene
from game.scenes.title import TitleScene

STEP_KEYS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP,
             (1, 1): pygame.K_n, (-1, -1): pygame.K_y, (1, -1): pygame.K_u, (-1, 1): pygame.K_b}


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)  # no frame cap: tests count frames, not seconds


def loaded(app):
    return isinstance(app.top, PlayScene) and not app.top.game.busy and app.top.game.loc is not None


def free_neighbour(game, passable):
    x, y = game.pos
    h, w = passable.shape
    for (dx, dy), k in STEP_KEYS.items():
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h and passable[ny, nx]:
            if game.level is None or game.level.monster_at(nx, ny) is None:
                if game.level is None or not game.level.items_at(nx, ny):
                    return (dx, dy), k
    raise AssertionError("boxed in")


def test_a_whole_run(tmp_path):
    app = make_app("", tmp_path)
    assert isinstance(app.top, TitleScene)
    run(app, 3)
    rolled = app.top.name
    press(app, key(pygame.K_TAB))  # roll another name from the letter model
    assert app.top.name != rolled and app.top.name.isalpha()
    # Name a world: clear the rolled name, type one, start.
    press(app, key(pygame.K_BACKSPACE), *[key(pygame.K_BACKSPACE)] * 20, text("Testa"), text("mere"))
    assert app.top.name == "Testamere"
    press(app, key(pygame.K_RETURN, "\r"))
    assert run_until(app, lambda: loaded(app))
    scene = app.top
    g = scene.game
    assert g.name == "Testamere" and g.mode == "overworld"
    first_tiles = g.loc.tiles.copy()
    drew_progress = []

    # Walk one step with a key.
    (dx, dy), k = free_neighbour(g, g.loc.passable)
    x0, y0, t0 = *g.pos, g.turn
    press(app, key(k))
    assert g.pos == (x0 + dx, y0 + dy) and g.turn > t0

    # Click a tile a few steps away: the player walks there one step per few frames.
    cx, cy, vw, vh, ox, oy = scene.view.camera()
    ts = scene.view.tile_size()
    from worldgen.toolkit import grid
    dist = grid.distance_map(g.loc.passable, [(g.pos[1], g.pos[0])], 8)
    ys, xs = np.nonzero((dist >= 4) & (dist <= 8))
    inside = (xs >= cx) & (xs < cx + vw) & (ys >= cy) & (ys < cy + vh)
    tx, ty = int(xs[inside][0]), int(ys[inside][0])
    press(app, click((ox + (tx - cx) * ts + ts // 2, oy + (ty - cy) * ts + ts // 2)), frames=1)
    assert g.path, "a click plans a walk"
    assert run_until(app, lambda: g.pos == (tx, ty), 12 * TRAVEL_FRAMES * 10)
    # A key press interrupts a walk.
    far = max(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    g.travel_to(far.x, far.y)
    run(app, TRAVEL_FRAMES * 2)
    press(app, key(pygame.K_PERIOD, "."))
    assert not g.path

    # Travel to the nearest site (as a minimap click would) and enter it.
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    assert g.travel_to(site.x, site.y) or g.pos == (site.x, site.y)
    assert run_until(app, lambda: g.pos == (site.x, site.y), 3000)
    press(app, key(pygame.K_RETURN, "\r"), frames=1)
    assert isinstance(g.pending, LevelRequest)

    def watch():
        drew_progress.append(scene.job is not None)
        return g.mode == "dungeon"

    assert run_until(app, watch)
    assert any(drew_progress), "the level was built over frames behind a progress bar"
    assert g.depth == 1 and g.level.style == site.style

    # Descend: stand on the stairs and press '>'.
    g.pos = g.level.down
    press(app, key(pygame.K_PERIOD, ">"), frames=1)
    assert run_until(app, lambda: g.mode == "dungeon" and g.depth == 2)
    level = g.level

    # Fight: bring a monster next to the player and bump it until it dies.
    (dx, dy), k = free_neighbour(g, level.walkable)
    m = level.monsters[0]
    m.x, m.y = g.pos[0] + dx, g.pos[1] + dy
    g.player.hp = g.player.max_hp = 500
    g.player.base_attack = 12
    kills = g.kills
    for _ in range(30):
        if m not in level.monsters:
            break
        press(app, key(k), frames=1)
    assert g.kills == kills + 1 and m.index in level.killed
    assert any("You kill" in line for line, _, _ in g.log)

    # Pick up a potion by walking onto it, then drink it from the pack.
    (dx, dy), k = free_neighbour(g, level.walkable)
    item = next(it for it in level.items if it.kind.kind != "treasure")
    item.x, item.y, item.kind = g.pos[0] + dx, g.pos[1] + dy, ITEM_BY_ID["potion"]
    press(app, key(k))
    assert "potion" in g.player.inventory and item.index in level.taken
    g.player.hp = 10
    g.player.regen_counter = 0  # so the drinking turn cannot also regenerate a point
    slot = g.player.inventory.index("potion")
    potions = g.player.inventory.count("potion")  # (a new run starts with two)
    press(app, key(pygame.K_i, "i"))
    assert type(app.top).__name__ == "PackScene"
    row = next(r for r, st in enumerate(stacks(g.player.inventory)) if st.item == "potion")
    press(app, key(ord("a") + row, chr(ord("a") + row)), key(pygame.K_RETURN, "\r"))  # select, use
    heal = max(15, g.player.max_hp * ITEM_BY_ID["potion"].power // 100)  # a share of max HP
    assert g.player.hp == 10 + heal and g.player.inventory.count("potion") == potions - 1
    press(app, key(pygame.K_ESCAPE))
    assert app.top is scene

    # The game saved itself; a fresh app continues where we were.
    run(app, 2)
    state = (g.location, g.mode, g.site, g.depth, g.pos, codec.player_to_json(g.player), g.turn)
    scene.save_now()
    app2 = make_app("", tmp_path)
    assert isinstance(app2.top, TitleScene) and app2.top.saved is not None
    press(app2, key(pygame.K_F1))
    assert run_until(app2, lambda: loaded(app2) and app2.top.game.mode == "dungeon")
    g2 = app2.top.game
    assert (g2.location, g2.mode, g2.site, g2.depth, g2.pos, codec.player_to_json(g2.player), g2.turn) == state
    assert m.index in g2.level.killed and all(it.index != item.index for it in g2.level.items)
    assert (g2.level.seen == level.seen).all()

    # Die: a deadly monster next to a weak player; waiting is fatal.
    (dx, dy), _ = free_neighbour(g2, g2.level.walkable)
    killer = g2.level.monsters[0]
    killer.x, killer.y, killer.attack, killer.awake = g2.pos[0] + dx, g2.pos[1] + dy, 99, True
    g2.player.hp = 1
    g2.player.base_defence = 0
    g2.player.armour = None
    assert run_until(app2, lambda: (press(app2, key(pygame.K_PERIOD, "."), frames=1) or
                                    isinstance(app2.top, EndScene)), 60)
    assert app2.storage.get(save.KEY) is None, "death is permanent"
    run(app2, 2)
    # Same world again: the same overworld.
    press(app2, key(pygame.K_s, "s"))
    assert run_until(app2, lambda: loaded(app2))
    g3 = app2.top.game
    assert g3.name == "Testamere" and g3.mode == "overworld" and g3.player.level == 1
    assert (g3.loc.tiles == first_tiles).all()


def test_corrupt_and_foreign_saves_are_ignored_with_a_message(tmp_path):
    storage = Storage(tmp_path)
    for bad, words in (("{garbage", "damaged"), (json.dumps({"game": "other"}), "not a Deepisle save"),
                       (json.dumps({"game": "deepisle", "version": 0, "body": {}}), "another version")):
        storage.set(save.KEY, bad)
        app = make_app("", tmp_path)
        title = app.top
        assert isinstance(title, TitleScene) and title.saved is None
        assert any(words in m for m, _, _ in title.toasts.items)
        run(app, 3)
        press(app, key(pygame.K_RETURN, "\r"))
        assert run_until(app, lambda: loaded(app))
        assert storage.get(save.KEY) != bad or bad == storage.get(save.KEY)  # nothing crashed


def test_corrupt_main_save_falls_back_to_backup(tmp_path):
    app = make_app("world=Backupville&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    (dx, dy), k = free_neighbour(g, g.loc.passable)
    app.top.save_now()
    press(app, key(k))
    app.top.save_now()  # the first save is now the backup
    Storage(tmp_path).set(save.KEY, "{truncated")
    app2 = make_app("world=Backupville", tmp_path)
    assert run_until(app2, lambda: loaded(app2))
    assert app2.top.game.name == "Backupville"
    assert app2.top.game.pos != g.pos  # the older position, from the backup


def test_world_link_starts_that_world(tmp_path):
    app = make_app("world=Avalon&size=large", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    assert g.name == "Avalon" and g.size_name == "large" and g.size.levels == 5
    run(app, 3)
    assert app.storage.get(save.KEY) is not None or not g.dirty


def test_menu_quits_to_title_and_continue_matches(tmp_path):
    app = make_app("world=Menuland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    (dx, dy), k = free_neighbour(g, g.loc.passable)
    press(app, key(k))
    pos = g.pos
    press(app, key(pygame.K_ESCAPE))
    press(app, key(pygame.K_q, "q"))
    assert isinstance(app.top, TitleScene) and app.top.saved["world"] == "Menuland"
    press(app, key(pygame.K_RETURN, "\r"))  # same name and size: continue
    assert run_until(app, lambda: loaded(app))
    assert app.top.game.pos == pos


def test_a_failing_level_build_keeps_the_game_running(tmp_path, monkeypatch):
    app = make_app("world=Rubble&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game

    def broken(*args, **kwargs):
        raise RuntimeError("no map today")
        yield  # pragma: no cover

    monkeypatch.setattr("game.rules.play.build.level_iterator", broken)
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    press(app, key(pygame.K_RETURN, "\r"), frames=6)
    assert isinstance(app.top, PlayScene) and g.mode == "overworld" and not g.busy
    assert any("rubble" in line for line, _, _ in g.log)
    assert any("no map today" in m for m, _, _ in app.top.toasts.items)


def test_quitting_while_a_level_loads_goes_on_into_that_level(tmp_path):
    """Save-and-quit during a level build keeps the run on its way there, not
    an older autosave: continued, the level is built and the player arrives
    as the build would have had them (by the stairs up, on the same turn)."""
    app = make_app("world=Quitland&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    site = g.loc.sites[5]
    g.pos = (site.x, site.y)  # moved into place directly; the action itself goes through events
    g.turn += 7
    turn = g.turn
    # Enter starts the build and Esc opens the menu in the same frame (the build waits under
    # it); Q in the next frame quits before the build can finish.
    run(app, 2, {0: [key(pygame.K_RETURN, "\r"), key(pygame.K_ESCAPE)], 1: [key(pygame.K_q, "q")]})
    assert isinstance(app.top, TitleScene)
    again = make_app("", tmp_path)
    assert isinstance(again.top, TitleScene) and again.top.saved["world"] == "Quitland"
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again) and again.top.game.mode == "dungeon")
    resumed = again.top.game
    assert (resumed.site, resumed.depth, resumed.pos, resumed.turn) == (site.index, 1, resumed.level.up, turn)


def test_continuing_from_the_backup_tells_the_player(tmp_path):
    app = make_app("world=Backupton&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    assert app.top.save_now()
    app.top.game.turn += 3
    assert app.top.save_now()
    storage = app.storage
    storage.delete(save.KEY)  # the latest save is lost; its backup survives
    again = make_app("", storage)
    assert any("previous save" in m for m, _, _ in again.top.toasts.items)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    assert any("previous save" in m for m, _, _ in again.top.toasts.items)
