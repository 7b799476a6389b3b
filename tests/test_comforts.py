"""The comforts of issue 15, through the real loop where a player would use
them: auto-explore, travel to the stairs, look, message history, stacking
and dropping, the ASCII map, and sprites that stand out from every terrain."""

import json

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, press, run, run_until, text
from test_bugs import in_dungeon, loaded

import game.shell.app as app_module
from game.rules.persistence import codec, save, snapshot
from game.rules.content import ITEM_BY_ID, ITEMS, MONSTERS
from game.rules.text.log import MAX_LOG
from game.rules.creatures.pack import MAX_INVENTORY, MAX_STACK, clamp_pack, stacks
from game.rules.play.pickup import wanted
from game.shell.options import OPTIONS_KEY
from worldgen.core.tiles import T

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def calm(g):
    """No monsters and no traps on the level: nothing interrupts what a test walks."""
    for m in list(g.level.monsters):
        g.level.kill(m)
    traps = g.level.tiles == T.trap
    g.level.tiles[traps] = T.floor
    g.level.hidden_traps[:] = False


# -- auto-explore and travel to the stairs ------------------------------------------------------------
def test_auto_explore_reveals_the_level_picks_up_items_and_says_when_done(tmp_path):
    app, g = in_dungeon(tmp_path, "Explorata")
    lv = g.level
    calm(g)
    treasure_free = [it for it in lv.items if it.kind.kind != "treasure"]
    reachable = lv.distance_from(*g.pos) >= 0
    press(app, key(pygame.K_o, "o"))
    assert g.exploring
    assert run_until(app, lambda: not g.exploring, 20000)
    assert any("explored everything" in line for line, _, _ in g.log)
    # Every reachable floor cell is known; every reachable item the smart pick-up wants is in the pack,
    # and what it left (copies, worse gear) it would still leave.
    assert (lv.seen | ~(reachable & lv.walkable)).all()
    left = [it for it in treasure_free if it in lv.items and reachable[it.y, it.x]]
    assert not [it for it in left if wanted(g, it.kind)]
    assert len(left) < len(treasure_free)


def test_auto_explore_stops_for_a_monster_and_the_explore_button_goes_on(tmp_path):
    app, g = in_dungeon(tmp_path, "Explorata")
    lv = g.level
    keep = lv.monsters[0]
    calm(g)
    lv.monsters.append(keep)
    keep.awake = False
    press(app, key(pygame.K_o, "o"))
    assert run_until(app, lambda: not g.exploring, 20000)
    assert lv.visible[keep.y, keep.x], "it stopped when the monster came into view"
    assert any(f"{keep.name} comes into view" in line for line, _, _ in g.log)
    # It woke and would come; sent back to sleep in the farthest corner in view, it is no danger now.
    ys, xs = np.nonzero(lv.visible & lv.walkable)
    far = int(np.argmax(np.maximum(abs(xs - g.pos[0]), abs(ys - g.pos[1]))))
    keep.x, keep.y, keep.awake = int(xs[far]), int(ys[far]), False
    button = next(b for b in app.top.buttons if b.label.startswith("Explore"))
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center), frames=1)
    assert g.exploring and keep.index in g.activity.seen  # it goes on, the monster now known


def test_greater_than_walks_to_seen_stairs_then_takes_them(tmp_path):
    app, g = in_dungeon(tmp_path, "Stairwell")
    calm(g)
    press(app, key(pygame.K_PERIOD, ">"))
    if not g.level.seen[g.level.down[1], g.level.down[0]]:
        assert "not found the stairs down" in g.log[-1].text
    g.level.seen[:] = True
    press(app, key(pygame.K_PERIOD, ">"), frames=1)
    assert g.path and g.path[-1] == g.level.down
    assert run_until(app, lambda: g.pos == g.level.down, 3000)
    press(app, key(pygame.K_PERIOD, ">"), frames=1)
    assert run_until(app, lambda: loaded(app) and g.depth == 2)
    g.level.seen[:] = True
    calm(g)
    g.pos = g.level.down
    press(app, key(pygame.K_COMMA, "<"), frames=1)  # < walks back up to the stairs up
    assert g.path and g.path[-1] == g.level.up


# -- look ----------------------------------------------------------------------------------------------------
def test_look_moves_a_cursor_and_names_the_monster_its_health_and_state(tmp_path):
    app, g = in_dungeon(tmp_path, "Lookout")
    lv = g.level
    calm(g)
    m = next(m for m in MONSTERS if m.id == "goblin")
    from game.rules.creatures.entities import Monster
    x, y = next((g.pos[0] + dx, g.pos[1]) for dx in (2, -2, 1, -1) if lv.walkable[g.pos[1], g.pos[0] + dx])
    gob = Monster(77, m, x=x, y=y, hp=5, max_hp=9, attack=4, defence=1)
    lv.monsters.append(gob)
    lv.update_view(*g.pos)
    press(app, key(pygame.K_x, "x"))
    look = app.top
    assert type(look).__name__ == "LookScene" and look.cursor == g.pos
    assert look.lines[0].startswith("You")
    step = pygame.K_l if x > g.pos[0] else pygame.K_h
    for _ in range(abs(x - g.pos[0])):
        press(app, key(step, "l" if step == pygame.K_l else "h"))
    assert look.cursor == (x, y) and g.pos != (x, y), "the cursor moved, not the player"
    assert look.lines[0].startswith("Goblin: 5/9 HP, hurt, asleep")
    gob.awake = True
    assert "hunting you" in look.lines[0]
    turn = g.turn
    press(app, key(pygame.K_ESCAPE))
    assert app.top.game is g and g.turn == turn  # looking takes no time


def test_hovering_a_tile_describes_it(tmp_path, monkeypatch):
    app, g = in_dungeon(tmp_path, "Hovering")
    calm(g)
    drawn = []
    import game.view.hud as play  # (the hud draws the hover box for the play screen)

    real = play.describe_box
    monkeypatch.setattr(play, "describe_box", lambda s, lines, *a: drawn.append(lines) or real(s, lines, *a))
    rect = app.top.view.map.cell_rect(*g.pos)
    press(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    assert drawn and drawn[-1][0] == "You"


# -- message history -----------------------------------------------------------------------------------------
def test_history_scrolls_the_whole_run_and_repeats_merge(tmp_path):
    app, g = in_dungeon(tmp_path, "Chronicle")
    for i in range(60):
        g.say(f"line {i}")
    for _ in range(3):
        g.say("The rat misses you.", "bad")
    assert g.log[-1].text == "The rat misses you. x3" and g.log[-2].text == "line 59"
    press(app, key(pygame.K_p, "p"))
    hist = app.top
    assert type(hist).__name__ == "HistoryScene" and hist.top == hist.max_top > 0
    press(app, key(pygame.K_HOME))
    assert hist.top == 0
    press(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert hist.top == 6
    press(app, key(pygame.K_END))
    assert hist.top == hist.max_top
    press(app, key(pygame.K_p, "p"))
    assert app.top is not hist


def test_the_history_is_saved_bounded_and_old_saves_load_without_it(tmp_path):
    app, g = in_dungeon(tmp_path, "Chronicle")
    for i in range(MAX_LOG + 50):
        g.say(f"line {i}")
    assert len(g.log) == MAX_LOG
    app.top.save_now()
    body = save.decode(app.storage.get(save.KEY))[0]
    assert len(body["log"]) == MAX_LOG and body["log"][-1][0] == f"line {MAX_LOG + 49}"
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    texts, saved = [m.text for m in again.top.game.log], [m.text for m in g.log]
    last = texts.index(saved[-1])  # the saved history, then what arriving again said
    assert texts[:last + 1] == saved[-(last + 1):] and "Welcome back" in " ".join(texts[last:])
    assert not again.top.game.repaired
    del body["log"]  # a save from before the history was kept
    h = codec.run_from_json(type(g), body)
    assert h.log == [] and "log" not in h.repaired


@pytest.mark.parametrize("bad", [None, "text", 5, [["x"] * 3], [[1, "note", 2]], [["ok", "shout", 1]],
                                 [["ok", "note", "soon"]], [["y" * 5000, "bad", 3]], [[]] * 3])
def test_a_hostile_log_is_clamped_and_named(tmp_path, bad):
    app, g = in_dungeon(tmp_path, "Chronicle")
    body = g.to_json()
    body["log"] = bad
    h = codec.run_from_json(type(g), body)
    assert all(isinstance(t, str) and len(t) <= 200 and k in ("good", "bad", "note", "loot") and turn >= 0
               for t, k, turn in h.log)
    assert ("log" in h.repaired) == (codec.log_to_json(h.log) != bad)


# -- stacking and dropping ------------------------------------------------------------------------------------
def test_stacks_are_a_view_of_the_flat_pack():
    pack = ["potion", "dagger", "herbs", "potion", "dagger", "herbs", "herbs"]
    assert [(s.item, s.count, s.first) for s in stacks(pack)] == [
        ("potion", 2, 0), ("dagger", 1, 1), ("herbs", 3, 2), ("dagger", 1, 4)]
    assert {k.kind for k in ITEMS if k.stacks} == {"potion", "scroll", "wand", "ammo", "resource"}
    assert not any(k.stacks for k in ITEMS if k.kind in ("weapon", "armour", "treasure"))
    many = clamp_pack(["potion"] * (MAX_STACK + 5) + ["mace"] * 30)
    assert many.count("potion") == MAX_STACK + 5 and len(stacks(many)) == MAX_INVENTORY


def test_the_pack_lists_stacks_and_x_drops_onto_the_floor_kept_in_the_save(tmp_path):
    app, g = in_dungeon(tmp_path, "Dropton")
    calm(g)
    lv = g.level
    g.player.inventory = ["potion", "herbs", "potion", "herbs", "potion", "dagger"]
    press(app, key(pygame.K_i, "i"))
    pack = app.top
    assert [(r.item, r.count) for r in pack.rows] == [("potion", 3), ("herbs", 2), ("dagger", 1)]
    press(app, key(pygame.K_DOWN))
    press(app, key(pygame.K_x, "x"))  # one herb
    press(app, key(pygame.K_x, "X"))  # the rest of the row
    assert g.player.inventory == ["potion", "potion", "potion", "dagger"]
    assert [it.kind.id for it in lv.items_at(*g.pos)] == ["herbs", "herbs"]
    press(app, key(pygame.K_ESCAPE))
    app.top.save_now()
    delta = save.decode(app.storage.get(save.KEY))[0]["levels"][lv.key.text()]
    herbs = [e for e in delta["items"] if e[1] == "herbs" and e[2:4] == list(g.pos)]
    assert [e[4:] for e in herbs] == [[1, 1], [1, 1]]  # [index, item, x, y, how many, left by choice]
    # Walking off and on leaves them (the player put them down); g picks them up.
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    g2 = again.top.game
    assert [it.kind.id for it in g2.level.items_at(*g2.pos)] == ["herbs", "herbs"]
    assert {it.index for it in g2.level.items_at(*g2.pos)} <= g2.level.put_down
    press(again, key(pygame.K_g, "g"))
    assert g2.player.inventory.count("herbs") == 2 and not g2.level.dropped
    assert g2.level.taken == lv.taken  # picking up a dropped item is not a spawn taken


def test_dropping_on_the_overworld_discards(tmp_path):
    app = make_app("world=Wildsend&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    g.player.inventory = ["dagger"]
    press(app, key(pygame.K_i, "i"))
    press(app, key(pygame.K_x, "x"))
    assert g.player.inventory == [] and "the wilds keep nothing" in g.log[-1].text


@pytest.mark.parametrize("bad", [None, "x", [[1, 2, 3]], [["dagger", 1]], [["treasure", 2, 2]], [["nope", 2, 2]],
                                 [["dagger", -1, 5]], [["dagger", 10**9, 5]], [["dagger", "a", "b"]]])
def test_hostile_dropped_entries_are_left_out(tmp_path, bad):
    app, g = in_dungeon(tmp_path, "Dropton")
    lv = g.level
    delta = snapshot.level_snapshot(lv)
    del delta["items"]  # as an older save wrote it: the items dropped, by kind and cell
    delta["dropped"] = bad
    n = len(lv.items)
    assert snapshot.apply_snapshot(lv, delta)  # the rest of the delta still applies
    assert len(lv.items) == n and not lv.dropped


def test_a_full_pack_still_takes_what_stacks(tmp_path):
    app, g = in_dungeon(tmp_path, "Dropton")
    g.player.inventory = ["potion"] + [k.id for k in ITEMS if k.kind in ("weapon", "armour")] * 2
    g.player.inventory = clamp_pack(g.player.inventory)
    assert len(stacks(g.player.inventory)) == MAX_INVENTORY
    from game.rules.creatures.entities import FloorItem
    calm(g)
    x, y = next((g.pos[0] + dx, g.pos[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx, dy) != (0, 0) and g.level.walkable[g.pos[1] + dy, g.pos[0] + dx])
    g.level.items.append(FloorItem(500, ITEM_BY_ID["potion"], x, y))
    g.level.items.append(FloorItem(501, ITEM_BY_ID["dagger"], x, y))
    assert g.move(x - g.pos[0], y - g.pos[1])
    assert g.player.inventory.count("potion") == 2
    assert [it.kind.id for it in g.level.items_at(x, y)] == ["dagger"]


# -- the ASCII map -------------------------------------------------------------------------------------------
def test_v_toggles_the_ascii_map_and_the_choice_is_remembered(tmp_path):
    app, g = in_dungeon(tmp_path, "Glyphic")
    g.level.seen[:] = True
    g.touch()
    run(app, 1)
    tiles_view = pygame.surfarray.array3d(app.screen)[:720, :432].copy()
    press(app, key(pygame.K_v, "v"))
    assert app.top.view.map.ascii
    glyph_view = pygame.surfarray.array3d(app.screen)[:720, :432]
    # Glyphs on black: most of the map is black, unlike the tiles.
    assert (glyph_view.max(axis=2) < 20).mean() > 0.5 > (tiles_view.max(axis=2) < 20).mean()
    assert json.loads(app.storage.get(OPTIONS_KEY)) == {"ascii_map": True, "pickup": "smart", "tips": True}
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    assert again.top.view.map.ascii
    press(again, key(pygame.K_ESCAPE))  # the menu toggles it too
    menu = again.top
    button = next(b for b in menu.buttons if b.label.startswith("ASCII"))
    press(again, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert not again.top.view.map.ascii
    assert json.loads(again.storage.get(OPTIONS_KEY)) == {"ascii_map": False, "pickup": "smart", "tips": True}


def test_unreadable_options_keep_the_tiles(tmp_path):
    from game.shell.browser import Storage

    Storage(tmp_path).set(OPTIONS_KEY, "{not json")
    app = make_app("world=Glyphic&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    assert not app.top.view.map.ascii


# -- readable at a glance ----------------------------------------------------------------------------------
def _rings(surf: pygame.Surface) -> tuple[np.ndarray, np.ndarray]:
    """The median colours of a sprite's outermost ring of opaque pixels and of the ring inside it."""
    opaque = pygame.surfarray.array_alpha(surf).T > 128  # [y, x]
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)

    def shrink(m):
        p = np.pad(m, 1)
        return m & p[:-2, 1:-1] & p[2:, 1:-1] & p[1:-1, :-2] & p[1:-1, 2:]

    core = shrink(opaque)
    return np.median(rgb[opaque & ~core], axis=0), np.median(rgb[core & ~shrink(core)], axis=0)


def _ground_colours():
    """Every colour a visible tile a creature or item can stand on may take: each walkable
    terrain's palette colour at its darkest (jitter -8, torchlight at the edge of sight, the
    tile's shaded edge) and brightest (jitter +7, torchlight at the player), and in between."""
    from worldgen.core.tiles import TILES, T

    from game.view.map_view import GAME_PALETTE

    debug = {T.unreachable, T.secret_door}  # never shown as such in play
    for t in TILES:
        if t.walkable and t.id not in debug:
            base = GAME_PALETTE[t.id].astype(float)
            for colour in ((base - 8) * 0.75 * 196 / 255, base, (base + 7) * 1.08):
                yield t.name, np.clip(colour, 0, 255)


def test_the_player_and_monsters_stand_out_from_every_terrain():
    """WCAG contrast of a sprite's edge against the ground: its dark outline or the light
    ring inside it reaches 3:1 (WCAG 2.1, 1.4.11) on every terrain colour the map can show."""
    from game.view import sprites
    from game.view.colour import MIN_CONTRAST, contrast

    pygame.init()
    pygame.display.set_mode((8, 8))
    cases = [("player", sprites.player_sprite(16))]
    cases += [(m.id, sprites.sprite(m.glyph, m.colour, 16, "disc")) for m in MONSTERS]
    cases += [(f"{shape} {m.id}", sprites.sprite(m.glyph, m.colour, 16, shape)) for m in MONSTERS
              for shape in ("boss", "ally", "captive")]
    cases += [(k.id, sprites.item_sprite(k, 16)) for k in ITEMS]
    weak = []
    for name, surf in cases:
        outer, inner = _rings(surf)
        for terrain, ground in _ground_colours():
            best = max(contrast(outer, ground), contrast(inner, ground))
            if best < MIN_CONTRAST:
                weak.append((name, terrain, tuple(int(c) for c in ground), round(best, 2)))
    assert not weak, weak[:10]


def test_remembered_tiles_are_dimmed_but_legible():
    from worldgen.core.tiles import T

    from game.view.colour import contrast
    from game.view.map_view import DIM, GAME_PALETTE, UNSEEN

    floor, wall = GAME_PALETTE[T.floor].astype(float), GAME_PALETTE[T.wall].astype(float)
    assert contrast(floor, floor * DIM) >= 2.0  # clearly not in view
    assert contrast(floor * DIM, wall * DIM) >= 1.6  # rooms still read
    assert contrast(floor * DIM, UNSEEN) >= 2.5  # and stand apart from the unexplored


def test_items_on_the_floor_are_drawn_by_kind():
    from game.view import sprites

    pygame.init()
    pygame.display.set_mode((8, 8))
    shapes = {}
    for k in ITEMS:
        mask = pygame.surfarray.array_alpha(sprites.item_sprite(k, 16)) > 128
        shapes.setdefault(k.kind, set()).add(mask.tobytes())
    assert len(shapes) == len({k.kind for k in ITEMS})  # every kind of item has a shape
    kinds = [next(iter(v)) for v in shapes.values()]
    assert len(set(kinds)) == len(kinds), "every kind has its own silhouette"
