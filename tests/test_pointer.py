"""The pointer and the dialogs: a click on a cell no walk reaches says what
is there (one not explored yet is explored towards), the hover label follows the cell under the mouse when the camera
moves, and no dialog's title runs into its other text."""

import pygame
import pytest
from gameloop import key, press, run
from test_bugs import in_dungeon
from test_comforts import calm
from test_rules import put_monster

import game.shell.app as app_module
from game.rules.creatures.entities import FloorItem
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.pack import clamp_pack
from game.view import ui
from worldgen.core.tiles import T

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: The game draws one window size (the page scales it to fit): every size it supports.
WINDOW_SIZES = (app_module.WINDOW_SIZE,)


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def click_cell(app, cell, button=1):
    rect = app.top.view.map.cell_rect(*cell)
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=rect.center), frames=1)


def in_view_cells(app, g, want):
    """Cells shown on screen (inside the camera) for which ``want(x, y)`` holds."""
    cx, cy, vw, vh, _, _ = app.top.view.camera()
    return [(x, y) for y in range(cy, cy + vh) for x in range(cx, cx + vw) if want(x, y)]


# -- a click no walk can follow says why ------------------------------------------------------------------
def test_clicking_a_wall_an_unexplored_cell_or_a_feature_says_what_it_is(tmp_path):
    app, g = in_dungeon(tmp_path, "Pointland")
    calm(g)
    lv = g.level
    wall = in_view_cells(app, g, lambda x, y: lv.seen[y, x] and lv.tiles[y, x] == T.wall
                         and max(abs(x - g.pos[0]), abs(y - g.pos[1])) > 1)[0]
    click_cell(app, wall)
    assert g.log[-1].text == "You see no way there (wall)." and not g.path
    dark = in_view_cells(app, g, lambda x, y: not lv.seen[y, x])[0]
    click_cell(app, dark)  # a cell not explored yet: the walk explores towards it
    assert g.log[-1].text == "You head into the unexplored." and g.path and g.activity.target == dark
    g.interrupt()
    # An altar in plain sight two cells off: walking into it uses it, a walk cannot end on it.
    x, y = next((g.pos[0] + dx, g.pos[1] + dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                if lv.inside(g.pos[0] + dx, g.pos[1] + dy))
    lv.tiles[y, x] = T.altar
    lv._refresh_masks()
    lv.seen[y, x] = True
    click_cell(app, (x, y))
    assert g.log[-1].text.startswith("You see no way there (an altar: walk into it") and not g.path
    turn = g.turn
    click_cell(app, g.pos)  # the player's own cell: enter, stairs or pick up (nothing here): no "no way"
    assert not g.log[-1].text.startswith("You see no way") and g.turn == turn


def test_a_reachable_click_still_walks_there(tmp_path):
    app, g = in_dungeon(tmp_path, "Pointland")
    calm(g)
    lv = g.level
    floor = [c for c in in_view_cells(app, g, lambda x, y: lv.visible[y, x] and lv.walkable[y, x])
             if max(abs(c[0] - g.pos[0]), abs(c[1] - g.pos[1])) >= 3]
    click_cell(app, floor[0])
    assert g.path and g.path[-1] == floor[0]


# -- the hover label follows the camera --------------------------------------------------------------------
def test_the_hover_label_names_the_cell_under_the_mouse_after_the_camera_moves(tmp_path, monkeypatch):
    app, g = in_dungeon(tmp_path, "Hoverwell")
    calm(g)
    g.level.seen[:] = True
    drawn = []
    import game.view.hud as play  # (the hud draws the hover box for the play screen)

    real = play.describe_box
    monkeypatch.setattr(play, "describe_box", lambda s, lines, *a: drawn.append(lines) or real(s, lines, *a))
    scene = app.top
    pos = scene.view.map.cell_rect(*g.pos).center
    press(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    assert drawn[-1][0] == "You"
    # The player walks on; the camera follows; the mouse has not moved: the label names what is under it now.
    camera = scene.view.camera()
    for _ in range(60):
        if scene.view.camera()[:2] != camera[:2]:
            break
        step = next(((dx, dy) for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1))
                     if g.level.walkable[g.pos[1] + dy, g.pos[0] + dx]), None)
        g.pos = (g.pos[0] + step[0], g.pos[1] + step[1])
        g.touch()
        run(app, 1)
    assert scene.view.camera()[:2] != camera[:2], "the camera never moved"
    run(app, 1)
    under = scene.view.map.screen_to_tile(pos)
    assert drawn[-1] == g.describe(*under)


# -- dialog titles never overlap their other text --------------------------------------------------------------
def _record(scene, screen):
    """Draw ``scene`` once, freshly (its cached text layer repainted), and return
    every text rect it drew in screen coordinates: ``[(rect, text)]``, the title first."""
    boxes = []
    if hasattr(scene, "box"):
        real_box = scene.box
        scene.box = lambda surface, w, h, **kw: boxes.append(real_box(surface, w, h, **kw)) or boxes[-1]
    scene._layer_key = object()
    ui.drawn = []
    try:
        scene.draw(screen)
        drawn = ui.drawn
    finally:
        ui.drawn = None
        scene.__dict__.pop("box", None)
    out = []
    for surface, rect, text in drawn:
        offset = (0, 0) if surface is screen else boxes[-1].topleft
        out.append((rect.move(offset), text))
    return out


def _dialogs(app, g):
    """Every dialog over the play screen, opened as a player opens it: (name, scene)."""
    lv = g.level
    g.player.inventory = clamp_pack([i.id for i in ITEM_BY_ID.values() if i.kind not in ("treasure", "relic")])
    for i in range(80):
        g.say(f"A line of the history, number {i}, long enough to fill the row " + "x" * (i % 40))
    gob = next((m for m in lv.monsters), None)
    x, y = next((g.pos[0] + dx, g.pos[1]) for dx in (2, -2, 3, -3) if lv.walkable[g.pos[1], g.pos[0] + dx])
    if gob is None:  # aiming opens only with a foe to aim at
        gob = put_monster(lv, x, y, "goblin")
    gob.x, gob.y, gob.awake = x, y, False
    lv.items.append(FloorItem(950, ITEM_BY_ID["arrow"], *g.pos, 8))
    lv.update_view(*g.pos)
    g.player.weapon = "short_bow"
    g.player.inventory = clamp_pack(["arrow"] * 5 + g.player.inventory)
    opened = [("pack", key(pygame.K_i, "i")), ("throw", key(pygame.K_t, "t")), ("look", key(pygame.K_x, "x")),
              ("history", key(pygame.K_p, "p")), ("world map", key(pygame.K_m, "m")),
              ("help", key(pygame.K_SLASH, "?")), ("menu", key(pygame.K_ESCAPE)), ("target", key(pygame.K_f, "f"))]
    for name, event in opened:
        press(app, event)
        assert app.top is not app.scenes[0], name
        yield name, app.top
        press(app, key(pygame.K_ESCAPE), frames=2)
        if app.top is not app.scenes[0]:
            press(app, key(pygame.K_ESCAPE), frames=2)


@pytest.mark.parametrize("size", WINDOW_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_dialog_title_runs_into_its_other_text(tmp_path, size):
    assert size == app_module.WINDOW_SIZE  # the game draws one size; a new one would be listed above
    app, g = in_dungeon(tmp_path, "Dialogue")
    calm(g)
    seen = []
    for name, scene in _dialogs(app, g):
        texts = _record(scene, app.screen)
        assert texts, name
        (title, title_text), others = texts[0], texts[1:]
        clash = [text for rect, text in others if rect.colliderect(title)]
        assert not clash, f"{name}: the title {title_text!r} runs into {clash}"
        inside = [text for rect, text in texts if not pygame.Rect((0, 0), size).contains(rect)]
        assert not inside, f"{name}: drawn off the window: {inside}"
        seen.append(name)
    assert seen == ["pack", "throw", "look", "history", "world map", "help", "menu", "target"]


def test_the_pack_labels_and_buttons_never_overlap_in_either_mode(tmp_path):
    app, g = in_dungeon(tmp_path, "Dialogue")
    calm(g)
    g.player.inventory = clamp_pack([i.id for i in ITEM_BY_ID.values() if i.kind not in ("treasure", "relic")])
    for event in (key(pygame.K_i, "i"), key(pygame.K_t, "t")):
        press(app, event)
        texts = _record(app.top, app.screen)
        for i, (a, ta) in enumerate(texts):
            for b, tb in texts[i + 1:]:
                assert not a.colliderect(b), f"{ta!r} runs into {tb!r}"
        press(app, key(pygame.K_ESCAPE), frames=2)
