"""A save is the world as it was: save and reload in the middle of a run,
and the run goes on exactly as if it had never stopped (the state digest of
game/rules/persistence/digest.py is the judge), in this process or a fresh one."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.rules.persistence import codec, digest, save
from game.rules.run import Game

from scripted import new_run, play, settle

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _reload(g: Game) -> Game:
    """Save ``g`` as the game does and load it into a new run."""
    body, why = save.decode(save.encode(g.to_json()))
    assert why == ""
    h = Game.from_json(body)
    settle(h)
    return h


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 120), m=st.integers(1, 80))
def test_saving_and_loading_mid_run_changes_nothing(seed, n, m):
    first = play(new_run(), seed, 0, n)
    assume(not (first.dead or first.won))  # a finished run keeps no save
    cut = play(_reload(first), seed, n, m)
    assert digest.state(cut) == digest.state(play(new_run(), seed, 0, n + m))


def test_reload_in_a_fresh_process_plays_on_to_the_same_state():
    seed, n, m = 6, 150, 150  # a script still alive, in a dungeon, when it is cut (and after)
    first = play(new_run(), seed, 0, n)
    assert first.mode == "dungeon" and not first.dead
    text = save.encode(first.to_json())
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from game.rules.persistence import digest, save\nfrom game.rules.run import Game\n"
        "from scripted import play, settle\n"
        "g = Game.from_json(save.decode(sys.stdin.read())[0]); settle(g)\n"
        f"print(digest.state_digest(play(g, {seed}, {n}, {m})))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(TESTS)], input=text, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == digest.state_digest(play(new_run(), seed, 0, n + m))


def _fight(g: Game):
    """Stand next to an awake, hurt monster in a dungeon; the monster."""
    play(g, 7, 0, 40)
    for _ in range(50):
        if g.mode == "dungeon" and g.level.monsters:
            break
        play(g, 7, 40, 20)
    level = g.level
    m = level.monsters[0]
    m.awake, m.hp, m.fleeing = True, max(1, m.max_hp // 3), True
    m.statuses = {"slowed": 4}
    return m


def test_reload_keeps_a_monsters_place_hp_state_and_energy():
    g = new_run()
    m = _fight(g)
    h = _reload(g)
    again = next(o for o in h.level.monsters if o.index == m.index)
    assert (again.x, again.y, again.hp, again.max_hp, again.awake, again.fleeing, again.statuses, again.energy.value) \
        == (m.x, m.y, m.hp, m.max_hp, m.awake, m.fleeing, m.statuses, m.energy.value)


def test_reload_keeps_the_items_on_the_floor_in_order_and_those_left_by_choice():
    g = new_run()
    _fight(g)
    g.player.inventory.append("dagger")
    g.drop(len(g.player.inventory) - 1)
    h = _reload(g)
    assert [(it.index, it.kind.id, it.x, it.y, it.count) for it in h.level.items] == \
        [(it.index, it.kind.id, it.x, it.y, it.count) for it in g.level.items]
    assert h.level.put_down == g.level.put_down and h.level.put_down


def test_reload_keeps_the_players_energy():
    g = new_run()
    _fight(g)
    g.player.energy.value = 173  # a hasted player banks energy between turns
    assert _reload(g).player.energy.value == 173


@pytest.mark.parametrize("entry, kept", [
    ({"kind": "nope"}, False), ({"x": -1}, False), ({"x": 10**9}, False), ({"hp": 10**9}, True),
    ({"statuses": {"slowed": 500, "nope": 3}}, True), ({"energy": "lots"}, True), ("not a dict", False),
])
def test_a_hostile_monster_entry_is_clamped_or_left_out(entry, kept):
    g = new_run()
    _fight(g)
    body = json.loads(json.dumps(g.to_json()))
    snap = body["levels"][g.level.key.text()]
    first = snap["monsters"][0]
    snap["monsters"][0] = entry if isinstance(entry, str) else {**first, **entry}
    h = Game.from_json(body)
    settle(h)
    found = [m for m in h.level.monsters if m.index == first["i"]]
    assert bool(found) == kept and len(h.level.monsters) >= len(snap["monsters"]) - 1
    for m in found:
        assert 1 <= m.hp <= m.max_hp and all(1 <= t <= 99 for t in m.statuses.values()) and "nope" not in m.statuses


def test_a_second_monster_on_one_cell_is_left_out():
    g = new_run()
    _fight(g)
    body = json.loads(json.dumps(g.to_json()))
    snap = body["levels"][g.level.key.text()]
    if len(snap["monsters"]) < 2:
        pytest.skip("one monster on the level")
    snap["monsters"][1].update(x=snap["monsters"][0]["x"], y=snap["monsters"][0]["y"])
    h = Game.from_json(body)
    settle(h)
    cells = [(m.x, m.y) for m in h.level.monsters]
    assert len(cells) == len(set(cells)) == len(snap["monsters"]) - 1


def test_a_prize_the_level_never_had_is_left_out():
    g = new_run()
    _fight(g)
    body = json.loads(json.dumps(g.to_json()))
    snap = body["levels"][g.level.key.text()]
    snap["items"].append([5, "relic", g.pos[0], g.pos[1], 1])
    h = Game.from_json(body)
    settle(h)
    assert not any(it.kind.kind == "relic" for it in h.level.items) or h.level.relic


OLD_SAVE = TESTS / "data" / "save-v1-oldbury.json"


def test_an_old_save_still_loads_with_its_kills_and_drops():
    """``tests/data/save-v1-oldbury.json`` was written by the game before levels kept
    their monsters and items (turn 1501, depth 3 of a small site, 38 kills): its
    levels list the monsters killed and the items taken and dropped instead."""
    body, why = save.decode(OLD_SAVE.read_text(encoding="utf-8"))
    assert why == "" and "monsters" not in next(iter(body["levels"].values()))
    g = Game.from_json(body)
    settle(g)
    assert (g.mode, g.depth, g.turn, g.kills, g.repaired) == ("dungeon", 3, 1501, 38, [])
    snap = body["levels"][g.level.key.text()]
    assert not any(m.index in snap["killed"] for m in g.level.monsters)
    assert not any(it.index in snap["taken"] for it in g.level.items)
    assert [(it.kind.id, it.x, it.y) for it in g.level.dropped] == [tuple(d[:3]) for d in snap["dropped"]]
    h = _reload(g)  # and it saves in the new form, which reads back the same
    assert digest.state(h) == digest.state(g)


def test_save_and_quit_then_continue_keeps_a_woken_monster_awake_and_hurt(tmp_path):
    """Through the keys, as a player would: wake a monster and hurt it, Esc, Q
    (save and quit), F1 (continue): it is awake, where it was, as hurt."""
    import pygame
    from gameloop import key, make_app, press, run_until
    from test_bugs import in_dungeon, loaded

    app, g = in_dungeon(tmp_path, "Wakeful")
    m = g.level.monsters[0]
    m.awake, m.hp, m.statuses = True, max(1, m.max_hp - 2), {"poisoned": 3}
    g.dirty = True
    press(app, key(pygame.K_ESCAPE))
    press(app, key(pygame.K_q, "q"))
    again = make_app("", tmp_path)
    press(again, key(pygame.K_F1))
    assert run_until(again, lambda: loaded(again))
    back = next(o for o in again.top.game.level.monsters if o.index == m.index)
    assert (back.awake, back.hp, back.pos, back.statuses) == (True, m.hp, m.pos, {"poisoned": 3})


# -- what goes on, and what is being built, when the save is made ----------------------------------
def _in_a_dungeon_with_room_to_explore() -> Game:
    g = new_run()
    for k in range(60):
        if g.mode == "dungeon" and g.explore():
            return g
        play(g, 21, k * 10, 10)
    pytest.fail("the script never reached a dungeon with anything left to explore")


def _go_on(g: Game, turns: int) -> None:
    for _ in range(turns):
        if not g.go_on():
            break
        settle(g)


def test_reload_mid_walk_goes_on_walking_to_the_same_state():
    g = _in_a_dungeon_with_room_to_explore()
    _go_on(g, 3)
    assert g.ongoing and g.exploring
    h = _reload(g)
    assert h.activity == g.activity and h.exploring  # the walk, and all it had seen
    _go_on(g, 40)
    _go_on(h, 40)
    assert digest.state_digest(h) == digest.state_digest(g)


def test_reload_mid_rest_goes_on_resting_to_the_same_state():
    g = _in_a_dungeon_with_room_to_explore()
    g.interrupt()
    for m in g.level.monsters:
        m.hp = 0 if m.hostile else m.hp  # nothing to stop the rest
    g.level.monsters = [m for m in g.level.monsters if m.hp > 0]
    g.player.hp = max(1, g.player.max_hp // 3)
    assert g.rest()
    _go_on(g, 2)
    assert g.resting == "rest" and g.rest_turns == 2
    h = _reload(g)
    assert (h.resting, h.rest_turns) == ("rest", 2)
    _go_on(g, 300)
    _go_on(h, 300)
    assert digest.state_digest(h) == digest.state_digest(g) and not g.resting


def test_a_saved_walk_is_read_back_clamped():
    g = _in_a_dungeon_with_room_to_explore()
    _go_on(g, 2)
    body = json.loads(json.dumps(g.to_json()))
    body["activity"].update(path=[[1, 2], "x", [-3, 4]] + [[1, 1]] * 20_000, rest="nap", turns=-5, seen=["a", 3])
    h = Game.from_json(body)
    settle(h)
    assert h.path[:1] == [(1, 2)] and len(h.path) == 1 + codec.MAX_PATH - 3 and h.resting == ""
    assert h.rest_turns == 0 and h.activity.seen == {0, 3} and "activity" in h.repaired
    body["activity"] = {"path": [], "explore": False, "rest": ""}  # going nowhere: nothing goes on
    h = Game.from_json(body)
    settle(h)
    assert not h.ongoing


def test_reload_after_crafting_arrows_changes_nothing_and_repairs_nothing():
    g = new_run()
    _fight(g)
    g.player.inventory += ["timber", "timber"]
    assert g.craft(g.player.inventory.index("timber"))
    assert "arrow" in g.player.inventory and "arrow" not in g.known  # arrows were always known
    h = _reload(g)
    assert h.repaired == [] and digest.state_digest(h) == digest.state_digest(g)


def test_reload_keeps_the_pick_up_mode():
    g = new_run()
    assert g.set_pickup("none")
    h = _reload(g)
    assert h.pickup == "none" and digest.state_digest(h) == digest.state_digest(g)
    assert _reload(new_run()).pickup == "smart" and "pickup" not in new_run().to_json()  # the default is not written


def test_reload_while_a_level_is_built_arrives_as_the_build_would_have():
    g = new_run()
    _fight(g)
    g.level.monsters.clear()
    g.pos = g.level.down  # on the stairs down
    assert g.descend() and g.pending is not None
    body, why = save.decode(save.encode(g.to_json()))  # saved while the level below is being built
    assert why == "" and body["where"]["arrive"] == "up" and body["where"]["depth"] == g.pending.depth
    h = Game.from_json(body)
    settle(g)
    settle(h)
    assert (h.mode, h.depth, h.pos) == (g.mode, g.depth, g.pos) and digest.state_digest(h) == digest.state_digest(g)
