"""Touch through the real loop: SDL finger events (positions normalized to
0..1 of the window), as a phone's browser sends them.  A whole session plays
from the overworld into a site and down its first stairs with taps alone."""

import numpy as np
import pygame
import pytest
from gameloop import make_app, run, run_until
from test_bugs import in_dungeon, loaded
from test_comforts import calm

import game.shell.app as app_module
from game.scenes.play import PlayScene
from game.view import ui
from game.view.touch import HOLD_SECONDS

SIZE = (960, 540)


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def finger(kind, pos, finger_id=1):
    return pygame.event.Event(kind, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1], dx=0.0, dy=0.0,
                              finger_id=finger_id, touch_id=1, pressure=1.0)


def tap(app, pos, frames=2):
    """A finger down and up again on ``pos`` in one frame (a tap, whatever the clock says: a slow frame
    between the two would make it a hold); ``frames`` frames in all."""
    run(app, max(2, frames), {0: [finger(pygame.FINGERDOWN, pos), finger(pygame.FINGERUP, pos)]})


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
    tap(app, button(app, "descend"))  # "Enter" on the overworld: go down into the site
    assert run_until(app, lambda: loaded(app) and g.mode == "dungeon")
    level = g.level
    for _ in range(300):  # bounded: explore, fight what comes (not a sentinel: 999 HP), walk to the stairs, take them
        if g.depth == 2:
            break
        adjacent = [m for m in level.monsters if level.visible[m.y, m.x] and m.kind.behaviour != "statue"
                    and max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1]  # a vault's sentinel is walked past
        if adjacent:
            tap(app, cell_centre(app, (adjacent[0].x, adjacent[0].y)))
        elif level.seen[level.down[1], level.down[0]]:
            tap(app, button(app, "descend"))  # walk there, or take them when standing on them
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


# -- a whole first descent with taps only, from the title ----------------------------------------------------
def tap_button(app, name):
    """A tap on thumb button ``name`` (the play scene's)."""
    tap(app, button(app, name))


def tap_descent(app, limit=600):
    """From the play scene's first frame, taps only: the *Goal* button to the
    relic site and into it, then each level: a tap on a foe beside the hero,
    else *Goal* (explore for the stairs, walk to them, go down; walk to the
    relic); a perk card when a level is gained.  Returns the taps made."""
    play = app.top
    g = play.game
    taps = 0
    for _ in range(limit):
        if g.carrying_relic or g.dead:
            break
        scene = app.top
        if type(scene).__name__ == "PerksScene":
            tap(app, scene.cards[0].center)
        elif g.busy:
            run_until(app, lambda: loaded(app), 3000)
            continue
        elif g.ongoing:
            run_until(app, lambda: not g.ongoing or g.busy or app.top is not play, 4000)
            continue
        else:
            foe = next((m for m in g.foes_in_view() if max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 1), None)
            if foe is not None:
                tap(app, cell_centre(app, (foe.x, foe.y)))
            else:
                tap_button(app, "goal")
        taps += 1
    return taps


def test_a_whole_first_descent_with_taps_alone_from_the_title(tmp_path):
    app = make_app("", tmp_path)
    title = app.top
    start = next(b for b in title.buttons if b.label.startswith("Start"))
    small = next(b for b in title.buttons if b.label == "small")
    tap(app, small.rect.center)  # the title takes taps as clicks: a small world, then Start
    tap(app, start.rect.center)
    assert run_until(app, lambda: loaded(app), 3000)
    play = app.top
    g = play.game
    g.player.hp = g.player.max_hp = 500  # sturdy: the session is about input, not luck
    g.player.base_attack = 30
    tap(app, (360, 300))  # the first touch shows the thumb buttons (and walks a step or two)
    run_until(app, lambda: not g.ongoing, 2000)
    assert play.touch.shown
    relic = g.relic_site()
    taps = tap_descent(app)
    assert g.carrying_relic and g.depth == g.size.levels and not g.dead, (taps, g.log[-3:])
    assert g.visited_sites() == {relic.index}  # the goal led straight to the relic site and down it
    assert any(line == "You stop: the stairs down are in sight." for line, _, _ in g.log)  # Goal explored for them


# -- the buttons say what they will do; the stairs one each way ------------------------------------------------
def drawn_texts(app):
    """Every line drawn in one frame of the app."""
    ui.drawn = []
    try:
        app.draw()
        return [text for _, _, text in ui.drawn]
    finally:
        ui.drawn = None


def touch_dungeon(tmp_path, world="Thumbdeep", level=None):
    """A dungeon level with no monsters (``level``: a hand-made one, the hero at (1, 1)), the thumb buttons shown."""
    if level is None:
        app, g = in_dungeon(tmp_path, world)
    else:
        from test_tactics import in_dungeon as in_arena
        app, g = in_arena(tmp_path, level)
    calm(g)
    tap(app, (700, 20))  # a first touch: the buttons show (and the camera keeps their row clear)
    run_until(app, lambda: not g.ongoing, 500)
    run(app, 2)
    assert app.top.touch.shown and app.top.view.map.reserve > 0
    return app, g


def in_sight(g, lv, m):
    """Put ``m`` 2-4 cells from the player where a shot reaches it (and nothing else stands)."""
    from game.rules.actions.ranged import aim_refusal
    lv.update_view(*g.pos)
    cells = [(int(x), int(y)) for x, y in zip(*reversed(lv.visible.nonzero())) if lv.walkable[y, x]
             and 2 <= max(abs(x - g.pos[0]), abs(y - g.pos[1])) <= 4 and lv.monster_at(int(x), int(y)) is None]
    others = [o for o in lv.monsters if o is not m]
    for m.x, m.y in cells:
        lv.monsters = [m]
        clear = aim_refusal(g, "fire") is None
        lv.monsters = [*others, m]
        if clear:
            return m
    raise AssertionError("no cell in sight for a shot")


def test_down_greyed_before_the_stairs_are_found_says_why_and_never_goes_up(tmp_path):
    app, g = touch_dungeon(tmp_path)
    lv = g.level
    lv.seen[:] = False
    lv.update_view(*g.pos)
    g.pos = lv.up  # on the stairs up, as one arrives
    g.touch()
    run(app, 1)
    assert not app.top.button_states()["descend"].enabled
    depth, mode = g.depth, g.mode
    tap_button(app, "descend")
    assert (g.depth, g.mode) == (depth, mode) and g.log[-1].text == "You have not found the stairs down yet."
    lv.seen[:] = True
    g.touch()
    tap_button(app, "descend")  # found: a walk to them
    assert g.path and g.path[-1] == lv.down


def test_a_finger_resting_on_a_button_shows_what_it_will_do_and_the_lift_does_it(tmp_path, monkeypatch):
    monkeypatch.setattr("game.view.touch.HOLD_SECONDS", 10**6)  # a slow machine's frame is no hold here
    app, g = touch_dungeon(tmp_path)
    pos = button(app, "ascend")
    says = app.top.button_states()["ascend"].says
    run(app, 2, {0: [finger(pygame.FINGERDOWN, pos)]})
    assert says in drawn_texts(app) and g.mode == "dungeon"  # said, not done
    run(app, 3, {0: [finger(pygame.FINGERUP, pos)]})
    assert says not in drawn_texts(app)
    assert g.mode != "dungeon" or g.path  # done on the lift: out of the site, or a walk to the stairs up


def test_a_panel_button_under_the_mouse_says_what_it_will_do(tmp_path):
    app, g = in_dungeon(tmp_path, "Thumbdeep")
    play = app.top
    explore = play.buttons[0]
    run(app, 2, {0: [pygame.event.Event(pygame.MOUSEMOTION, pos=explore.rect.center, rel=(1, 1), buttons=(0, 0, 0))]})
    assert "Walk to what you have not seen yet, picking things up." in drawn_texts(app)


def test_aiming_by_touch_prompts_for_a_tap_and_gives_buttons(tmp_path):
    from test_tactics import ARENA, hand_made, monster
    app, g = touch_dungeon(tmp_path, level=hand_made(ARENA))
    lv = g.level
    g.player.weapon, g.player.swap, g.player.inventory = "sling", "short_sword", ["stone"] * 5
    rats = [monster(lv, "rat", *g.pos, hp=60), monster(lv, "rat", *g.pos, hp=60)]
    in_sight(g, lv, rats[0])
    in_sight(g, lv, rats[1])
    tap_button(app, "fire")
    aim = app.top
    assert type(aim).__name__ == "TargetScene" and aim.touch
    assert "tap a target" in aim.describe() and "Tab" not in aim.describe()
    labels = [b.label for b in aim.buttons]
    assert labels == ["Fire", "Next target", "Cancel"]
    first = aim.cursor
    tap(app, aim.buttons[1].rect.center)  # Next target
    assert aim.cursor != first and aim.cursor in [(r.x, r.y) for r in rats]
    stones = g.player.inventory.count("stone")
    tap(app, aim.buttons[0].rect.center)  # Fire at it
    assert app.top is not aim and g.player.inventory.count("stone") == stones - 1
    tap_button(app, "fire")
    tap(app, app.top.buttons[2].rect.center)  # Cancel
    assert type(app.top).__name__ == "PlayScene"


def test_aiming_by_keys_keeps_the_key_prompt_and_no_buttons(tmp_path):
    from gameloop import key, press
    from test_tactics import ARENA, hand_made, monster
    from test_tactics import in_dungeon as in_arena
    app, g = in_arena(tmp_path, hand_made(ARENA))
    g.player.weapon, g.player.swap, g.player.inventory = "sling", "short_sword", ["stone"] * 5
    lv = g.level
    in_sight(g, lv, monster(lv, "rat", *g.pos))
    press(app, key(pygame.K_f, "f"))
    aim = app.top
    assert type(aim).__name__ == "TargetScene", g.log[-1].text
    assert not aim.buttons and "Tab: next target" in aim.describe()
