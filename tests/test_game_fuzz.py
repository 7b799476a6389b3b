"""Fuzzing the game: a monkey through the real loop, hostile saves, a long bot run.

* The monkey drives the real async loop (SDL dummy driver) with thousands of
  seeded random events per dungeon size: every game key, typed text, clicks
  and wheel turns anywhere on the window.  A few helpers move the player onto
  a site or the stairs now and then so the run reaches deep levels and
  treasure rooms, and a deadly monster is set next to the player late in each
  run so the death screen is exercised.  Nothing may raise, no scene may hold
  a failed build, the player is always on a walkable tile and never shares it
  with a monster.  The worst frame is recorded (printed with ``-s``), not
  asserted beyond a loose sanity bound.
* Hostile saves (hypothesis): random bytes, truncated saves, valid JSON with
  wrong types, huge or negative numbers, out-of-range positions, unknown
  sites, missing keys, another version, a bad checksum.  Loading never raises,
  the player is told, the good backup survives; a storage that refuses or
  throws on ``set`` keeps the last good save and the player is told.
* A bot plays many turns on the model (enter sites, descend, fight, take the
  treasure), checking invariants every turn and a save/load round trip now
  and then.
"""

import copy
import json
from collections import Counter

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, run, run_until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.shell.app as app_module
from game.shell.browser import Storage
from game.rules.play import build
from game.rules.persistence import codec, digest, save
from game.rules.persistence.codec import usable
from game.rules.content import ITEM_BY_ID, RECIPES
from game.rules.creatures.pack import slots_used
from game.rules.creatures.entities import MAX_INVENTORY
from game.rules.world.location import WorldMap
from game.rules.run import Game
from game.rules.state import LocationRequest
from game.scenes.end import EndScene
from game.scenes.play import MOVE_KEYS, PlayScene
from game.scenes.title import TitleScene
from game.shell.work import Work
from worldgen.core.tiles import WALKABLE, T
from worldgen.toolkit import grid

SIZES = ("small", "medium", "large")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)  # no frame cap: tests count frames, not seconds


def playing(app):
    return isinstance(app.top, PlayScene) and not app.top.game.busy and app.top.game.loc is not None


def scene_errors(app):
    """Failed builds a scene holds or told the player about."""
    out = []
    for scene in app.scenes:
        for attr in ("work", "preview_work"):
            work = getattr(scene, attr, None)
            if work is not None and work.error is not None:
                out.append(f"{type(scene).__name__}.{attr}: {work.error!r}")
        toasts = getattr(scene, "toasts", None)
        for message, _, _ in (toasts.items if toasts is not None else ()):
            if "failed" in message or "could not be built" in message or "Could not save" in message:
                out.append(f"{type(scene).__name__}: {message}")
    return out


def check_dungeon(g):
    """Where things stand in a dungeon: the invariants of a level in play."""
    level = g.level
    h, w = level.shape
    x, y = g.pos
    # on ground, swimming in deep water (a chasm is fallen through at once), or floating over either
    floats = "levitating" in g.player.statuses
    assert 0 <= x < w and 0 <= y < h and (level.walkable[y, x] or level.tiles[y, x] == T.deep_water
                                          or (floats and level.flyable[y, x])), (g.pos, level.tiles[y, x])
    cells = set()
    for m in level.monsters:
        # where its way of moving lets it stand (flyers also over deep water and chasms, swimmers in it, ghosts
        # anywhere; fire or not)
        assert 0 <= m.x < w and 0 <= m.y < h and level.ground(m.moves)[m.y, m.x], (m, level.tiles[m.y, m.x])
        assert (m.x, m.y) != g.pos, f"{m.name} stands on the player"
        assert (m.x, m.y) not in cells, f"two monsters at {(m.x, m.y)}"
        cells.add((m.x, m.y))
        assert 0 < m.hp <= m.max_hp
    for it in level.items:
        assert 0 <= it.x < w and 0 <= it.y < h
        # on ground, under deep water (a flooded vault's, or dropped while swimming), or caged
        assert WALKABLE[level.tiles[it.y, it.x]] or level.secret[it.y, it.x] or \
            level.tiles[it.y, it.x] in (T.deep_water, T.cage)


def check_player(g):
    p = g.player
    assert p.hp <= p.max_hp and p.max_hp >= 1 and p.level >= 1 and p.xp >= 0
    assert slots_used(p.inventory) <= MAX_INVENTORY  # pack rows; a stack of arrows is one
    assert all(i in ITEM_BY_ID and ITEM_BY_ID[i].kind not in ("treasure", "relic") for i in p.inventory)
    assert p.weapon is None or ITEM_BY_ID[p.weapon].kind == "weapon"
    assert p.armour is None or ITEM_BY_ID[p.armour].kind == "armour"


# -- the monkey ----------------------------------------------------------------------------------
# (key, unicode, weight): every key the game reads, and a few it does not.
MONKEY_KEYS = (
    [(k, "", 3) for k in MOVE_KEYS]
    + [(pygame.K_PERIOD, ".", 4), (pygame.K_KP5, "", 1), (pygame.K_RETURN, "\r", 4), (pygame.K_SPACE, " ", 2),
       (pygame.K_KP_ENTER, "\r", 1), (pygame.K_PERIOD, ">", 5), (pygame.K_COMMA, "<", 3),
       (pygame.K_g, "g", 2), (pygame.K_COMMA, ",", 1), (pygame.K_i, "i", 2), (pygame.K_TAB, "\t", 2),
       (pygame.K_m, "m", 2), (pygame.K_SLASH, "?", 1), (pygame.K_ESCAPE, "\x1b", 1), (pygame.K_q, "q", 1),
       (pygame.K_x, "x", 1), (pygame.K_F1, "", 1), (pygame.K_BACKSPACE, "\b", 1), (pygame.K_n, "n", 1),
       (pygame.K_s, "s", 1), (pygame.K_UP, "", 2), (pygame.K_DOWN, "", 2), (pygame.K_F5, "", 1),
       (pygame.K_LSHIFT, "", 1), (pygame.K_2, "\u00b2", 1)]
    + [(pygame.K_0 + d, str(d), 1) for d in range(10)]
    + [(pygame.K_a + i, chr(ord("a") + i), 1) for i in range(26)]
)
_KEY_P = np.array([w for _, _, w in MONKEY_KEYS], dtype=float)
_KEY_P /= _KEY_P.sum()
TEXTS = ("a", "Zed", "  ", "ß", "名前", "\U0001f409", "x" * 60, "\u0301", "Ω mere", "\t", "7")


def monkey_event(rng):
    r = rng.random()
    if r < 0.78:
        k, u, _ = MONKEY_KEYS[int(rng.choice(len(MONKEY_KEYS), p=_KEY_P))]
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=int(rng.choice([0, 0, 0, pygame.KMOD_CTRL])),
                                  unicode=u, scancode=0)
    if r < 0.84:
        return pygame.event.Event(pygame.TEXTINPUT, text=TEXTS[int(rng.integers(len(TEXTS)))])
    if r < 0.97:
        pos = (int(rng.integers(-5, 965)), int(rng.integers(-5, 545)))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=int(rng.choice([1, 1, 1, 2, 3, 4, 5])), pos=pos)
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=int(rng.integers(-3, 4)), flipped=False)


def _deadly_neighbour(g):
    """Set an awake, deadly monster next to the player (the death screen)."""
    level = g.level
    for dx, dy in sorted(MOVE_KEYS.values()):
        x, y = g.pos[0] + dx, g.pos[1] + dy
        h, w = level.shape
        if 0 <= x < w and 0 <= y < h and level.walkable[y, x] and level.monster_at(x, y) is None:
            if level.monsters:
                m = level.monsters[0]
                m.x, m.y, m.attack, m.awake, m.energy.value = x, y, 500, True, 100
                return True
    return False


def monkey(tmp_path, name, size, frames, seed):
    rng = np.random.default_rng(seed)
    app = make_app(f"world={name}&size={size}", Storage(tmp_path))
    state = {"scenes": {}, "deaths": 0, "deepest": 0, "treasures": 0, "events": 0, "dungeon_frames": 0,
             "worlds": set()}
    mortal_from = int(frames * 0.6)
    dead = [None]  # the game whose death screen was counted

    def script(a):
        scene = a.top
        state["scenes"][type(scene).__name__] = state["scenes"].get(type(scene).__name__, 0) + 1
        if isinstance(scene, EndScene):
            if dead[0] is not scene.game:
                dead[0] = scene.game
                state["deaths"] += 1
        game = getattr(scene, "game", None)
        if isinstance(scene, PlayScene) and not game.busy and game.loc is not None:
            state["worlds"].add(game.name)
            p = game.player
            if a.frame < mortal_from:
                p.max_hp = max(p.max_hp, 2000)
                p.hp = p.max_hp
                p.base_attack = max(p.base_attack, 30)
            if game.mode == "dungeon":
                state["dungeon_frames"] += 1
                state["deepest"] = max(state["deepest"], game.depth)
                check_dungeon(game)
                r = rng.random()
                if r < 0.03 and game.level.down is not None:
                    if game.level.monster_at(*game.level.down) is None:
                        game.pos = game.level.down  # onto the stairs; the monkey may press '>'
                        game.version += 1
                elif r < 0.05 and game.level.down is None:
                    t = [it for it in game.level.items if it.kind.kind == "treasure"]
                    if t and game.level.monster_at(t[0].x, t[0].y) is None:
                        game.pos = (t[0].x, t[0].y)
                        game.version += 1
                        pygame.event.post(key(pygame.K_g, "g"))
                if a.frame >= mortal_from and a.frame % 40 == 0 and state["deaths"] == 0:
                    p.hp = 1
                    _deadly_neighbour(game)
            elif game.mode == "overworld" and rng.random() < 0.02:
                site = game.loc.sites[int(rng.integers(len(game.loc.sites)))]
                game.pos = (site.x, site.y)  # onto a site, and in
                game.version += 1
                pygame.event.post(key(pygame.K_RETURN, "\r"))
            check_player(game)
            state["treasures"] = max(state["treasures"], sum(len(v) for v in game.cleared.values()))
        for _ in range(int(rng.integers(0, 4))):
            pygame.event.post(monkey_event(rng))
            state["events"] += 1
        errors = scene_errors(a)
        assert not errors, errors
        assert a.running

    run(app, frames, script=script)
    assert app.running and app.scenes and app.frame == frames
    assert not scene_errors(app)
    return app, state


@pytest.mark.parametrize("size,name,seed", [("small", "Monkeyland", 1), ("medium", "Brindlewick", 2),
                                            ("large", "Qz", 3), ("small", "Ω mere 7", 4),
                                            ("medium", "Ravenholm", 5), ("large", "\u540d\u524d", 6)])
def test_monkey_through_the_real_loop(tmp_path, record_property, size, name, seed):
    app, state = monkey(tmp_path, name, size, 3000, seed)
    record_property("worst_frame_ms", round(app.stats.worst_ms, 1))
    print(f"\n{size} {name!r}: worst frame {app.stats.worst_ms:.1f} ms (frame {app.stats.worst_frame}), "
          f"mean {app.stats.total_ms / max(1, app.stats.count):.2f} ms, {state}")
    assert state["events"] > 2000
    assert state["dungeon_frames"] > 200, "the monkey reached the dungeons"
    assert state["deaths"] >= 1, "the death screen was exercised"
    assert app.stats.worst_ms < 10_000  # a hang guard only, not a timing test


# -- hostile saves ---------------------------------------------------------------------------------
class FlakyStorage(Storage):
    """A real Storage whose ``set`` can be told to fail (False) or to raise."""

    mode = "ok"

    def set(self, key, value):
        if self.mode == "false":
            return False
        if self.mode == "raise":
            raise OSError("quota exceeded")
        return super().set(key, value)


_BODY_CACHE = {}


def good_body(tmp_path_factory):
    """A real save body from a short game (cached for the session)."""
    if "body" not in _BODY_CACHE:
        app = make_app("world=Savefuzz&size=small", Storage(tmp_path_factory.mktemp("good")))
        assert run_until(app, lambda: playing(app))
        g = app.top.game
        site = g.loc.sites[0]
        g.pos = (site.x, site.y)
        app.top.handle_event(key(pygame.K_RETURN, "\r"))
        assert run_until(app, lambda: playing(app) and g.mode == "dungeon")
        g.player.inventory += ["potion", "iron_ore", "dagger"]
        g.cleared = {0: {3}}
        _BODY_CACHE["dungeon"] = g.to_json()
        g.leave_site()
        _BODY_CACHE["body"] = g.to_json()
    return copy.deepcopy(_BODY_CACHE["body"]), copy.deepcopy(_BODY_CACHE["dungeon"])


def title_with(storage):
    app = make_app("", storage)
    title = app.top
    assert isinstance(title, TitleScene)
    return app, title


def toasts(scene):
    return [m for m, _, _ in scene.toasts.items]


def try_to_continue(app, title):
    """Press Continue (F1) and run until playing or back at the title; never raises."""
    pygame.event.post(key(pygame.K_F1))
    run_until(app, lambda: playing(app) or (isinstance(app.top, TitleScene) and app.frame > 4), 300)
    run(app, 3)
    if isinstance(app.top, PlayScene):
        g = app.top.game
        assert run_until(app, lambda: not g.busy, 300)
        if g.mode == "dungeon":
            check_dungeon(g)
        else:
            assert g.loc.passable[g.pos[1], g.pos[0]]
        check_player(g)
        # A few turns of play with the clamped values must not raise either.
        for k in (pygame.K_PERIOD, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_i, pygame.K_ESCAPE, pygame.K_m,
                  pygame.K_ESCAPE):
            pygame.event.post(key(k, "." if k == pygame.K_PERIOD else ""))
            run(app, 2)
    assert not [e for e in scene_errors(app) if "Could not save" in e]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300).map(lambda b: b.decode("latin-1")), st.text(max_size=200),
                 st.sampled_from(["", "null", "[]", "{}", "1e999", '{"game":"deepisle"}', "[" * 5000,
                                  '{"game":"deepisle","version":1,"body":[]}'])))
def test_garbage_saves_are_refused_with_a_message(tmp_path_factory, garbage):
    storage = Storage(tmp_path_factory.mktemp("garbage"))
    body, _ = good_body(tmp_path_factory)
    backup = save.encode(body)
    storage.set(save.KEY, garbage)
    storage.set(save.BACKUP_KEY, backup)
    app, title = title_with(storage)
    # The good backup is offered, the player is told why.
    assert title.saved == body
    assert any("Saved game:" in m for m in toasts(title))
    run(app, 3)
    assert storage.get(save.BACKUP_KEY) == backup and storage.get(save.KEY) == garbage
    # Without a backup: nothing to continue, still a message, nothing deleted.
    storage.delete(save.BACKUP_KEY)
    app, title = title_with(storage)
    assert title.saved is None
    assert any("Saved game:" in m for m in toasts(title))
    run(app, 3)
    assert storage.get(save.KEY) == garbage


def test_truncated_other_version_and_bad_checksum_saves(tmp_path_factory):
    body, _ = good_body(tmp_path_factory)
    text = save.encode(body)
    other = json.loads(text)
    other["version"] = save.VERSION + 1
    cases = [(text[:n], "damaged") for n in range(0, len(text), max(1, len(text) // 40))]
    cases += [(json.dumps(other), "another version"),
              (text.replace('"Savefuzz"', '"Savefuzy"'), "checksum"),
              (text.replace('"sum":"', '"sum":"0'), "checksum")]
    older = copy.deepcopy(body)
    older["turn"] = 100_000  # tells the backup apart
    good_backup = save.encode(older)
    for bad, words in cases:
        storage = Storage(tmp_path_factory.mktemp("trunc"))
        storage.set(save.KEY, bad)
        storage.set(save.BACKUP_KEY, good_backup)
        app, title = title_with(storage)
        assert title.saved == older, words
        assert any(words in m or "previous save" in m for m in toasts(title)), (words, toasts(title))
        try_to_continue(app, title)
        assert isinstance(app.top, PlayScene) and 100_000 <= app.top.game.turn < 100_100
        # The game saves over the broken main save; the good backup stays until a good save replaces it.
        app.top.save_now()
        assert save.decode(storage.get(save.KEY))[0] is not None
        assert save.decode(storage.get(save.BACKUP_KEY))[0] is not None


# Values a hand edit or another program might leave in a save.
WEIRD = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.sampled_from([10**4000, -10**4000, 2**63, -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.lists(st.integers(-5, 5), max_size=4), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(["potion", "treasure", "dagger", "leather", "dungeon", "overworld", "medium", "huge"]),
)

PATHS = (
    ("world",), ("size",), ("run",), ("turn",), ("location",), ("unlocked",), ("cleared",), ("cleared", "0"),
    ("over",), ("over", "0"), ("player",), ("player", "hp"), ("player", "max_hp"), ("player", "atk"),
    ("player", "def"), ("player", "level"), ("player", "xp"), ("player", "weapon"), ("player", "armour"),
    ("player", "inventory"), ("player", "regen"), ("where",), ("where", "mode"), ("where", "site"),
    ("where", "depth"), ("where", "pos"), ("where", "over"), ("levels",), ("stats",), ("stats", "kills"),
    ("stats", "deepest"),
)


def _mutate(body, path, value):
    cur = body
    for p in path[:-1]:
        if not isinstance(cur, dict):
            return body
        cur = cur.setdefault(p, {})
    if not isinstance(cur, dict):
        return body
    if value is KeyError:
        cur.pop(path[-1], None)
    else:
        cur[path[-1]] = value
    return body


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.booleans(), st.lists(st.tuples(st.sampled_from(PATHS), st.one_of(WEIRD, st.just(KeyError))),
                               min_size=1, max_size=4),
       st.sampled_from([None, (5, 5), (-3, 2), (10**9, 1), (0, 0)]), st.sampled_from([None, -1, 99, 10**6, 2]))
def test_hostile_save_bodies_load_or_are_refused(tmp_path_factory, in_dungeon, edits, pos, site):
    over, dungeon = good_body(tmp_path_factory)
    backup = save.encode(over)  # before the edits: body may be ``over`` itself
    body = dungeon if in_dungeon else over
    if pos is not None:
        body["where"]["pos"] = list(pos)
    if site is not None and in_dungeon:
        body["where"]["site"] = site
    for path, value in edits:
        _mutate(body, path, value)
    storage = Storage(tmp_path_factory.mktemp("hostile"))
    storage.set(save.BACKUP_KEY, backup)
    try:
        text = save.encode(body)
    except ValueError:  # an int too long to write: cannot be a save
        return
    storage.set(save.KEY, text)
    app, title = title_with(storage)
    run(app, 2)
    try_to_continue(app, title)
    if isinstance(app.top, TitleScene):
        assert any("Saved game" in m or "could not be read" in m for m in toasts(app.top)), toasts(app.top)
    elif app.top.game.repaired:  # values were clamped: the player is told which
        assert any("were reset" in m for m in toasts(app.top)), toasts(app.top)
    # Loading never deletes anything; a good backup is never replaced by a save that cannot be used.
    back = save.decode(storage.get(save.BACKUP_KEY))[0]
    assert back is not None and usable(back)
    assert save.load(storage, check=usable)[0] is not None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["shape", "seen", "killed", "taken", "found"]),
                          st.one_of(WEIRD, st.just(KeyError), st.lists(st.integers(-10, 10**6), max_size=30))),
                min_size=1, max_size=3))
def test_hostile_level_deltas_apply_or_reset(tmp_path_factory, edits):
    _, body = good_body(tmp_path_factory)
    (text_key, delta), = body["levels"].items()
    for field, value in edits:
        _mutate(delta, (field,), value)
    g = Game.from_json(body)
    _settle(g)
    assert g.mode == "dungeon" and g.level.key.text() == text_key
    check_dungeon(g)
    reset = any("did not match" in line for line, _, _ in g.log)
    if not reset:
        assert g.level.seen.shape == g.level.shape
    for _ in range(5):
        g.wait()
        check_dungeon(g)
    json.loads(save.encode(g.to_json()))  # and it saves again


def test_clamped_values_are_named_to_the_player(tmp_path_factory):
    _, body = good_body(tmp_path_factory)
    body["player"].update(hp=10**30, xp=-5, atk="sharp", weapon="potion", inventory=["treasure", "potion", [1]])
    body["where"].update(depth=10**9, pos=[-4, 10**12])
    body["run"], body["turn"], body["cleared"] = -1, 2**80, {"0": [3, 500, -1, "x"], "77": [1]}
    storage = Storage(tmp_path_factory.mktemp("clamp"))
    storage.set(save.KEY, save.encode(body))
    app, title = title_with(storage)
    try_to_continue(app, title)
    g = app.top.game
    assert isinstance(app.top, PlayScene) and g.mode == "dungeon"
    assert any("were reset" in m and "player" in m and "where" in m for m in toasts(app.top))
    assert any("saved place" in line for line, _, _ in g.log)
    p = g.player
    assert p.hp == p.max_hp and p.xp == 0 and p.base_attack == 3 and p.weapon is None
    assert p.inventory == ["potion"]
    assert g.depth == g.size.levels and g.pos == g.level.up
    assert g.run_seed == 0 and g.turn >= 2**31 - 1 and g.cleared == {0: {3}}


@pytest.mark.parametrize("failure", ["false", "raise"])
def test_a_failing_storage_keeps_the_last_good_save(tmp_path, failure):
    storage = FlakyStorage(tmp_path)
    app = make_app("world=Flakyland&size=small", storage)
    assert run_until(app, lambda: playing(app))
    scene = app.top
    g = scene.game
    assert scene.save_now()
    good = storage.get(save.KEY)
    storage.mode = failure
    g.player.inventory.append("potion")
    g.dirty = True
    run(app, 3)  # the loop keeps running; the save fails
    assert app.running and app.top is scene
    assert any("Could not save" in m for m in toasts(scene))
    assert storage.get(save.KEY) == good
    assert save.load(storage)[0] == json.loads(good)["body"]
    # Quitting through the menu tries again and still keeps the good save.
    pygame.event.post(key(pygame.K_ESCAPE))
    run(app, 2)
    pygame.event.post(key(pygame.K_q, "q"))
    run(app, 2)
    assert isinstance(app.top, TitleScene) and storage.get(save.KEY) == good
    assert any("could not be saved" in m for m in toasts(app.top))  # said where it can be seen
    storage.mode = "ok"
    assert app.top.saved == json.loads(good)["body"]


def test_saves_too_large_to_load_are_not_written(tmp_path):
    storage = Storage(tmp_path)
    good = save.encode({"world": "A", "turn": 1})
    assert save.write(storage, good)
    huge = save.encode({"world": "A", "junk": "x" * save.MAX_SAVE_CHARS})
    assert not save.write(storage, huge)
    assert storage.get(save.KEY) == good


def test_mask_bombs_are_refused_unread():
    import base64
    import tracemalloc
    import zlib

    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000, 9)).decode("ascii")
    assert len(bomb) < 100_000  # fits a save many times over
    tracemalloc.start()
    try:
        assert save.unpack_mask(bomb, (32, 48)) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # the 50 MB inside were never inflated


def test_storage_gives_back_exactly_what_was_set(tmp_path):
    storage = Storage(tmp_path)
    for text in ("a\rb", "a\r\nb\n", "\u2028 x \U0001f409", ""):
        assert storage.set("k", text)
        assert storage.get("k") == text


# -- the long-run bot ------------------------------------------------------------------------------
def _drain_location(g):
    work = Work(g.build_iterator()).drain()
    assert work.error is None, work.error
    g.install_location(work.result)


def _drain_level(g):
    work = Work(g.build_iterator()).drain()
    assert work.error is None, work.error
    g.install_level(work.stages["final"])


def _settle(g):
    for _ in range(4):
        if g.pending is None:
            return
        if isinstance(g.pending, LocationRequest):
            _drain_location(g)
        else:
            _drain_level(g)
    assert g.pending is None


def _snapshot(g):
    return {
        "mode": g.mode, "location": g.location, "site": g.site, "depth": g.depth, "pos": g.pos, "carrying": g.carrying,
        "player": codec.player_to_json(g.player), "turn": g.turn, "kills": g.kills, "unlocked": g.unlocked,
        "cleared": {k: sorted(v) for k, v in g.cleared.items() if v},
        "seen": int(g.level.seen.sum()) if g.level is not None else None,
        "killed": sorted(g.level.killed) if g.level is not None else None,
        "found": sorted(g.level.found) if g.level is not None else None,
    }


def _roundtrip(g):
    """Save, reload into a fresh game, check the whole state came back (the digest)."""
    before = _snapshot(g)
    text = save.encode(g.to_json())
    body, why = save.decode(text)
    assert why == ""
    h = Game.from_json(body)
    _settle(h)
    assert _snapshot(h) == before
    assert digest.state(h) == digest.state(g)
    return h


def _step_towards(g, goal):
    """One step along the walking distance to ``goal`` (attacks what is in the way)."""
    level = g.level
    dist = grid.distance_map(level.walkable | level.secret, [(goal[1], goal[0])], 8)
    x, y = g.pos
    best = None
    for dx, dy in sorted(MOVE_KEYS.values()):
        nx, ny = x + dx, y + dy
        if 0 <= nx < level.shape[1] and 0 <= ny < level.shape[0] and 0 <= dist[ny, nx] < dist[y, x]:
            if best is None or dist[ny, nx] < dist[best[1] + y, best[0] + x]:
                best = (dx, dy)
    if best is None:
        return g.wait()
    return g.move(*best)


def _item_kinds(g, kinds):
    """Remember the kind of every item index on this level (rebuilt levels must agree)."""
    known = kinds.setdefault(g.level.key.text(), {})
    for it in g.level.items:  # (kind, how many the find holds: a bundle of arrows, a wand's charges)
        assert known.setdefault(it.index, (it.kind.id, it.count)) == (it.kind.id, it.count), \
            "a rebuilt level changed its items"
        assert it.index not in g.level.taken
    assert not {m.index for m in g.level.monsters} & set(g.level.killed)
    return known


def _things(g):
    """Every item the player and this level hold, and the loot thieves carry:
    what no step may make or lose, but for prizes and a thief's escape."""
    level = g.level
    floor = Counter()
    for it in level.items:
        if it.kind.kind not in ("treasure", "relic"):
            floor[it.kind.id] += it.count
    loot = Counter({m.stolen[0]: m.stolen[1] for m in level.monsters if m.stolen})
    return Counter(g.player.inventory) + floor + loot


def _escaped_loot(before, level):
    """The loot of thieves that left the level (not killed) during a step."""
    here = {id(m) for m in level.monsters}
    return Counter({m.stolen[0]: m.stolen[1] for m in before
                    if id(m) not in here and m.index not in level.killed and m.stolen})


def _manage_pack(g):
    """Drink when hurt, wield and wear what is better, craft what can be crafted;
    each use must change the pack exactly as the item says (a paralysed player
    does nothing)."""
    p = g.player
    if "paralysed" in p.statuses:
        return
    for slot, item_id in enumerate(p.inventory):
        kind = ITEM_BY_ID[item_id]
        before = Counter(p.inventory)
        if kind.kind == "potion" and p.hp < p.max_hp // 2:
            assert g.use_item(slot)
            assert Counter(p.inventory) == before - Counter([item_id])
            return
        current = p.weapon if kind.kind == "weapon" else p.armour if kind.kind == "armour" else None
        if kind.kind in ("weapon", "armour") and (current is None or ITEM_BY_ID[current].power < kind.power):
            assert g.use_item(slot)
            assert (p.weapon if kind.kind == "weapon" else p.armour) == item_id
            assert Counter(p.inventory) == before - Counter([item_id]) + Counter([current] if current else [])
            return
        recipe = RECIPES.get(item_id)
        if kind.kind == "resource" and recipe is not None and p.inventory.count(item_id) >= recipe.need:
            assert g.use_item(slot)
            made = Counter({recipe.makes[0]: recipe.makes[1]}) if recipe.makes else Counter()
            assert Counter(p.inventory) == before - Counter({item_id: recipe.need}) + made
            return


@pytest.mark.parametrize("size", SIZES)
def test_a_long_bot_run_keeps_every_invariant(size):
    g = Game(WorldMap("Longhaul", size), size, 42)
    _settle(g)
    g.player.max_hp = g.player.hp = 3000  # a test of invariants, not of balance: packs hunt now
    g.player.base_attack = 12
    turns, roundtrips, treasures, kinds = 0, 0, 0, {}
    sites = sorted(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))[:3]
    for site in sites:
        g.pos = (site.x, site.y)
        assert g.enter_site()
        _settle(g)
        for _ in range(3000):  # bounded: the bot's walk to the treasure
            assert g.mode == "dungeon"
            level = g.level
            known = _item_kinds(g, kinds)
            goal = level.down if level.down is not None else next(
                ((it.x, it.y) for it in level.items if it.kind.kind == "treasure"), None)
            if goal is None:
                break
            if g.pos == goal and level.down is not None:
                assert g.descend()
                _settle(g)
            else:
                things, monsters = _things(g), list(level.monsters)
                _step_towards(g, goal)
                turns += 1
                assert _things(g) + _escaped_loot(monsters, level) == things, "an item was made or lost"
                _manage_pack(g)
            assert not g.dead, (g.killer, [m.text for m in g.log[-8:]])
            check_dungeon(g)
            check_player(g)
            assert g.player.hp >= 1
            if turns % 97 == 0:
                g = _roundtrip(g)
                roundtrips += 1
        # Taken with its guardian alive, the treasure is only carried until the bot climbs out.
        assert g.is_cleared(site.index) or g.carrying == site.index, "the bot took the treasure"
        treasures += 1
        g = _roundtrip(g)
        # Climb back out.
        for _ in range(g.size.levels):
            g.pos = g.level.up
            assert g.ascend()
            _settle(g)
            if g.mode == "overworld":
                break
            check_dungeon(g)
            _item_kinds(g, kinds)
        assert g.mode == "overworld" and g.pos == (site.x, site.y)
        assert g.is_cleared(site.index) and g.carrying is None
        g = _roundtrip(g)
    print(f"\n{size}: {turns} turns, {roundtrips} mid-level round trips, level {g.player.level}, "
          f"{g.kills} kills, pack {g.player.inventory}")
    assert treasures == 3 and roundtrips > 0 and turns > 150
    assert len(g.cleared[0]) == 3 and g.deepest == g.size.levels


def test_the_players_blow_and_the_monsters_reply_are_rolled_apart():
    """Each roller in a turn draws from its own stream: with one shared stream
    the player and the monster next to them missed (and hit) together."""
    g = Game(WorldMap("Fightclub", "small"), "small", 7)
    _settle(g)
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    g.enter_site()
    _settle(g)
    level = g.level
    m = level.monsters[0]
    level.monsters[:] = [m]
    dist = grid.distance_map(level.walkable, [(m.y, m.x)], 8)
    ys, xs = np.nonzero(dist == 1)
    g.pos = (int(xs[0]), int(ys[0]))
    m.awake, m.hp, m.max_hp = True, 10**6, 10**6
    g.player.hp = g.player.max_hp = 10**6
    said = []
    g.say = lambda text, colour=None: said.append(text)
    pairs = []
    for _ in range(300):
        said.clear()
        assert g.move(m.x - g.pos[0], m.y - g.pos[1])
        mine = [t.startswith("You miss") for t in said if t.startswith(("You miss", "You hit"))]
        theirs = [t.endswith("misses you.") for t in said if t.endswith(("misses you.", "hits you for"))
                  or " hits you for " in t]
        if mine and theirs:
            pairs.append((mine[0], theirs[0]))
    assert len(pairs) > 100
    both_miss = sum(a and b for a, b in pairs)
    one_miss = sum(a != b for a, b in pairs)
    assert one_miss > 0.1 * len(pairs), (both_miss, one_miss, len(pairs))


def test_a_monster_on_the_saved_cell_is_moved_not_the_player(monkeypatch):
    """Monsters are rebuilt at their spawn cells on load: one standing where
    the player was saved (or on the stairs they fall back to) steps aside."""
    g = Game(WorldMap("Shoveworth", "small"), "small", 3)
    _settle(g)
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    g.enter_site()
    _settle(g)
    m = g.level.monsters[0]
    spawn = (m.x, m.y)
    g.pos = spawn  # where a monster will stand again after the reload
    g.level.monsters.remove(m)
    body = json.loads(save.encode(g.to_json()))["body"]
    h = Game.from_json(body)
    _settle(h)
    assert h.pos == spawn and h.level.monster_at(*spawn) is None
    check_dungeon(h)
    # A monster on the stairs up when the saved cell is unusable.
    body["where"]["pos"] = [0, 0]
    h = Game.from_json(body)
    _drain_location(h)
    work = Work(h.build_iterator()).drain()
    level_iterator_stage = work.stages["final"]
    original = build.arrive

    def crowd_the_stairs(run, site_index, depth, arrive):
        lv = run.levels[depth]
        lv.monsters[0].x, lv.monsters[0].y = lv.up
        return original(run, site_index, depth, arrive)

    monkeypatch.setattr(build, "arrive", crowd_the_stairs)
    h.install_level(level_iterator_stage)
    assert h.pos == h.level.up
    check_dungeon(h)


def test_quitting_in_the_frame_of_death_does_not_keep_the_save(tmp_path):
    """A fatal step and Esc, Q in the same frame: the run still ends (the menu
    used to open before the death screen and its quit kept the last save)."""
    storage = Storage(tmp_path)
    app = make_app("world=Lastgasp&size=small", storage)
    assert run_until(app, lambda: playing(app))
    g = app.top.game
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    pygame.event.post(key(pygame.K_RETURN, "\r"))
    assert run_until(app, lambda: playing(app) and g.mode == "dungeon")
    app.top.save_now()
    assert storage.get(save.KEY) is not None
    assert _deadly_neighbour(g)
    g.player.hp = 1
    for event in (key(pygame.K_PERIOD, "."), key(pygame.K_ESCAPE), key(pygame.K_q, "q")):
        pygame.event.post(event)
    run(app, 3)
    assert g.dead and isinstance(app.top, EndScene)
    assert storage.get(save.KEY) is None and save.load(storage)[0] is None
