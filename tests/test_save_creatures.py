"""What the creatures added to a save, field by field: each one written, read
back equal, and clamped when the saved value is hostile (game/rules/persistence/snapshot.py
for monsters and levels, game/rules/persistence/codec.py for the player and the run)."""

import json

import pytest

from game.rules.persistence.codec import MAX_COMPANIONS, player_from_json, player_to_json, run_from_json, run_to_json
from game.rules.world.level import MAX_CORPSES, SPAWNED_INDEX
from game.rules.world.location import WorldMap
from game.rules.run import Game
from game.rules.persistence.snapshot import apply_snapshot, level_snapshot, monster_from_json, monster_to_json

from creatures import level_of, put, run_on


def _reloaded(g):
    """The level of ``g`` saved and put back on a freshly built one."""
    snap = json.loads(json.dumps(level_snapshot(g.level)))
    fresh = level_of()
    assert apply_snapshot(fresh, snap)
    return fresh


def _same(a, b):
    return monster_to_json(a) == monster_to_json(b)


@pytest.mark.parametrize("state", [
    dict(captive=True, awake=False), dict(ally=True, order="wait", level=4, xp=11), dict(hidden=True),
    dict(stolen=("potion", 3)), dict(summoned=3), dict(ally=True, order="follow", level=2, xp=0), dict(risen=True),
])
def test_reload_keeps_a_monsters_side_and_state(state):
    g = run_on(pos=(2, 2))
    kind = "mimic" if state.get("hidden") else "conjurer" if state.get("summoned") else "orc"
    m = put(g, kind, 8, 3, **state)
    back = _reloaded(g).monster_at(8, 3)
    assert back is not None and _same(back, m)
    for name, value in state.items():
        assert getattr(back, name) == value


def test_reload_keeps_where_the_dead_fell_and_the_count_of_creatures_brought():
    g = run_on(pos=(2, 2))
    g.level.corpses = [(5, 2, "orc"), (6, 3, "rat")]
    g.level.new_index()
    g.level.new_index()
    fresh = _reloaded(g)
    assert fresh.corpses == [(5, 2, "orc"), (6, 3, "rat")] and fresh.new_index() == SPAWNED_INDEX + 3


@pytest.mark.parametrize("entry, expect", [
    ({"ally": True, "order": "dance"}, {"order": "follow"}),
    ({"ally": True, "level": 10**9, "xp": -5}, {"level": 1000, "xp": 0}),
    ({"ally": "yes"}, {"ally": False}),
    ({"captive": True, "ally": True}, {"captive": False, "ally": True}),
    ({"stolen": ["relic", 1]}, {"stolen": None}),
    ({"stolen": ["nope", 1]}, {"stolen": None}),
    ({"stolen": ["potion", 500]}, {"stolen": ("potion", 99)}),
    ({"stolen": "potion"}, {"stolen": None}),
    ({"summoned": 10**12}, {"summoned": 1000}),
    ({"hidden": 1}, {"hidden": False}),
])
def test_a_hostile_monster_state_is_clamped(entry, expect):
    base = {"i": 3, "kind": "orc", "x": 4, "y": 2, "hp": 5, "max_hp": 9, "atk": 3, "def": 1, "energy": 0,
            "awake": True}
    m = monster_from_json({**base, **entry})
    for name, value in expect.items():
        assert getattr(m, name) == value


def test_hostile_corpses_are_left_out_and_only_the_last_ones_kept():
    g = run_on(pos=(2, 2))
    snap = json.loads(json.dumps(level_snapshot(g.level)))
    snap["corpses"] = [[1, 1, "nope"], [500, 1, "orc"], ["x", 1, "orc"], [2, 2, "orc", 1]] + \
        [[3, 3, "rat"]] * (MAX_CORPSES + 5)
    snap["spawned"] = -4
    fresh = level_of()
    assert apply_snapshot(fresh, snap)
    assert fresh.corpses == [(3, 3, "rat")] * MAX_CORPSES and fresh._spawned == 0


def test_the_spawned_count_never_falls_below_a_creature_it_numbered():
    g = run_on(pos=(2, 2))
    m = put(g, "imp", 6, 2)
    m.index = SPAWNED_INDEX + 9
    snap = json.loads(json.dumps(level_snapshot(g.level)))
    snap["spawned"] = 2
    fresh = level_of()
    apply_snapshot(fresh, snap)
    assert fresh.new_index() == SPAWNED_INDEX + 10


# -- the player -------------------------------------------------------------------------------------------
def test_reload_keeps_the_background_the_perks_in_order_and_the_choices_owed():
    g = Game.new("Saveworld", "small", 4, background="adept")
    p = g.player
    p.level, p.perks, p.perks_owed = 5, ["wandlore", "vigour", "vigour", "lucky"], 2
    back = player_from_json(json.loads(json.dumps(player_to_json(p))))
    assert (back.background, back.perks, back.perks_owed) == ("adept", ["wandlore", "vigour", "vigour", "lucky"], 2)


@pytest.mark.parametrize("field, value, expect", [
    ("background", "necromancer", ""), ("background", 7, ""),
    ("perks", ["lucky", "lucky", "nope", 3, "vigour", "vigour"], ["lucky", "vigour", "vigour"]),
    ("perks", "lucky", []), ("perks_owed", 50, 2), ("perks_owed", -1, 0),
])
def test_a_hostile_player_growth_is_clamped(field, value, expect):
    body = player_to_json(Game.new("Saveworld", "small", 4).player)
    body.update(level=3, **{field: value})
    assert getattr(player_from_json(body), field) == expect


def test_a_new_player_writes_no_growth_keys_a_started_one_does():
    from game.rules.creatures.entities import Player
    assert not {"background", "perks", "perks_owed"} & set(player_to_json(Player()))
    assert {"background", "perks"} <= set(player_to_json(Game.new("Saveworld", "small", 4).player))


# -- the run ----------------------------------------------------------------------------------------------
def test_reload_keeps_the_allies_travelling_with_the_player_and_the_captives_freed():
    g = Game.new("Saveworld", "small", 4)
    g.loc = None
    ally = put(run_on(), "orc", 3, 3, ally=True, level=3, xp=7, order="follow")
    g.companions, g.freed = [ally], 2
    h = run_from_json(Game, json.loads(json.dumps(run_to_json(g))), WorldMap("Saveworld", "small"))
    assert [monster_to_json(m) for m in h.companions] == [monster_to_json(ally)] and h.freed == 2
    assert "companions" not in h.repaired


def test_hostile_companions_are_clamped_to_known_allies():
    g = Game.new("Saveworld", "small", 4)
    body = json.loads(json.dumps(run_to_json(g)))
    orc = {"i": 1, "kind": "orc", "x": 0, "y": 0, "hp": 5, "max_hp": 9, "atk": 3, "def": 1, "ally": True}
    body["companions"] = [{"kind": "nope", "ally": True}, {**orc, "ally": False}, "x"] + [orc] * (MAX_COMPANIONS + 3)
    body["stats"]["freed"] = "many"
    h = run_from_json(Game, body, WorldMap("Saveworld", "small"))
    assert len(h.companions) == MAX_COMPANIONS - 3 and all(m.ally and m.kind.id == "orc" for m in h.companions)
    assert h.freed == 0


def test_a_reload_among_allies_thieves_and_mimics_plays_on_exactly_as_straight_through():
    """The honest save with the creatures: a run in a dungeon with an ally, a
    captive, a thief carrying loot, a hidden mimic and the remembered dead;
    saved, loaded, and both played on by the same script."""
    from game.rules.persistence import digest, save
    from scripted import new_run, play, settle

    def staged():
        g = play(new_run(), 5, 0, 40)
        for k in range(40, 400, 20):
            if g.mode == "dungeon" and g.level is not None:
                break
            play(g, 5, k, 20)
        assert g.mode == "dungeon" and not g.dead
        level, (x, y) = g.level, g.pos
        free = [(x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4)
                if level.inside(x + dx, y + dy) and level.walkable[y + dy, x + dx] and (dx, dy) != (0, 0)
                and level.monster_at(x + dx, y + dy) is None]
        for (cx, cy), (kind, state) in zip(free, [("orc", dict(ally=True, level=2, xp=5)),
                                                  ("goblin", dict(captive=True, awake=False)),
                                                  ("cutpurse", dict(stolen=("potion", 2))),
                                                  ("mimic", dict(hidden=True, awake=False))]):
            g.level.monsters.append(put(run_on(), kind, cx, cy, **state))
        level.corpses.append((x, y, "rat"))
        return g

    first = staged()
    body, why = save.decode(save.encode(first.to_json()))
    assert why == ""
    again = Game.from_json(body)
    settle(again)
    assert digest.state(again) == digest.state(first)
    assert digest.state(play(again, 6, 0, 60)) == digest.state(play(staged(), 6, 0, 60))
