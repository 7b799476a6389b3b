"""Counterplay for every lock (``game.rules.creatures.status``): a status that
takes control away (paralysis, a web, confusion, fear) leaves whoever had it
steadfast for a few turns when it ends, so no web, chant or spore re-takes
hold the turn it ended; a paralysed player struggles (a web's hold is cut
short); the steady mind perk both halves a lock and doubles the guard."""

import numpy as np
import pytest

from game.rules import engine
from game.rules.actions import walk
from game.rules.actions.melee import Attack
from game.rules.actions.walk import Walk
from game.rules.content import MONSTER_BY_ID
from game.rules.creatures import status
from game.rules.creatures.entities import Monster, Player
from game.rules.creatures.status import GUARD_TURNS, LOCKS

from creatures import level_of, put, run_on


def _tick_until_gone(actor, name: str, limit: int = 200) -> int:
    for turn in range(1, limit):
        status.tick(actor)
        if name not in actor.statuses:
            return turn
    raise AssertionError(f"{name} never ended")


@pytest.mark.parametrize("lock", LOCKS)
@pytest.mark.parametrize("who", ["player", "monster"])
def test_a_lock_that_ends_leaves_its_holder_steadfast_against_every_lock_for_the_guard(lock, who):
    actor = Player() if who == "player" else Monster(1, MONSTER_BY_ID["orc"], hp=10, max_hp=10)
    assert status.add(actor, lock, 2)
    _tick_until_gone(actor, lock)
    assert actor.statuses["steadfast"] == GUARD_TURNS
    for other in LOCKS:
        assert not status.add(actor, other, 5) and other not in actor.statuses
    assert status.add(actor, "poisoned", 3)  # it steadies against locks only
    for _ in range(GUARD_TURNS):
        status.tick(actor)
    assert "steadfast" not in actor.statuses and status.add(actor, lock, 2)  # the guard is over


def test_a_steady_mind_halves_a_lock_and_doubles_the_guard():
    steady = Player(perks=["steady"])
    assert status.add(steady, "paralysed", 10) and steady.statuses["paralysed"] == 5
    _tick_until_gone(steady, "paralysed")
    assert steady.statuses["steadfast"] == 2 * GUARD_TURNS == steady.guard_turns != Player().guard_turns


def test_a_struggling_player_shakes_a_web_off_sooner_and_is_not_webbed_again_at_once():
    g = run_on(level_of(), pos=(2, 2))
    spider = put(g, "spider", 4, 2)
    g.player.statuses["paralysed"] = 10
    turns = 0
    while "paralysed" in g.player.statuses and turns < 20:
        assert engine.perform(g.run, Walk(1, 0))  # any key: a struggle, and a turn passes
        turns += 1
    assert turns < 10 and "steadfast" in g.player.statuses  # struggling cut the web short
    assert any(m.text == "You struggle free!" for m in g.log)
    assert spider.on_hit == "paralysed" and not status.add(g.player, spider.on_hit, 4)  # no web holds yet
    for seed in range(12):  # its shots land, and none webs the player again while steadfast
        Attack(spider, g.player, np.random.default_rng(seed)).perform(g.run)
    assert "paralysed" not in g.player.statuses


def test_struggling_is_a_roll_of_its_own_stream_at_the_documented_chance():
    g = run_on(level_of(), pos=(2, 2))
    freed = 0
    for turn in range(400):
        g.turn = turn
        g.player.statuses = {"paralysed": 2}
        walk.Helpless().perform(g.run)
        freed += g.player.statuses.get("paralysed", 0) == 1
    assert abs(freed / 400 - walk.STRUGGLE) < 0.08


def test_shaking_off_a_status_not_held_does_nothing():
    p = Player()
    assert status.shake_off(p, "paralysed") is False and p.statuses == {}
    p.statuses["confused"] = 3
    assert status.shake_off(p, "confused", 2) is False and p.statuses == {"confused": 1}
    assert status.shake_off(p, "confused") is True and p.statuses == {"steadfast": GUARD_TURNS}
