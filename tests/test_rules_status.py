"""Statuses (``game.rules.creatures.status``): how long one lasts, what a turn does,
how they meet; and the durations the content gives them."""

import pytest

from game.rules.creatures import status
from game.rules.content import ITEM_BY_ID, MAX_STATUS_TURNS, STATUSES
from game.rules.creatures.entities import Player
from test_rules import dungeon_run


def test_a_status_lasts_exactly_the_turns_it_was_given():
    p = Player()
    assert status.add(p, "poisoned", 5)
    assert p.statuses == {"poisoned": 5}
    for turn in range(4):
        status.tick(p)
        assert p.statuses == {"poisoned": 4 - turn}
    damage, cause, ended = status.tick(p)
    assert (damage, cause, ended) == (1, "poison", ["poisoned"]) and p.statuses == {}


def test_no_status_lasts_longer_than_the_cap():
    assert MAX_STATUS_TURNS == 99
    p = Player()
    status.add(p, "regenerating", 500)
    assert p.statuses == {"regenerating": MAX_STATUS_TURNS}


def test_a_status_given_again_lasts_the_longer_of_the_two():
    p = Player()
    status.add(p, "burning", 3)
    status.add(p, "burning", 2)
    assert p.statuses == {"burning": 3}
    status.add(p, "burning", 7)
    assert p.statuses == {"burning": 7}


def test_no_turns_or_an_unknown_status_takes_no_hold():
    p = Player()
    assert not status.add(p, "poisoned", 0) and not status.add(p, "cursed", 5)
    assert p.statuses == {}


def test_a_status_given_no_turns_takes_no_hold_even_of_one_who_halves_it():
    """0 turns is nothing (a steady mind's at-least-one-turn applies only to a status given)."""
    steady = Player(perks=["steady"])
    assert "confused" in steady.halved
    assert not status.add(steady, "confused", 0) and steady.statuses == {}
    assert status.add(steady, "confused", 1) and steady.statuses == {"confused": 1}


def test_a_status_one_is_immune_to_takes_no_hold_and_leaves_no_entry():
    p = Player(perks=["antivenom"])
    assert not status.add(p, "poisoned", 5) and p.statuses == {}


@pytest.mark.parametrize("distance, seen", [(0, True), (1, True), (2, False)])
def test_an_invisible_creature_is_seen_only_within_one_step(distance, seen):
    p = Player()
    assert status.seen_at(p, distance + 5)
    status.add(p, "invisible", 5)
    assert status.seen_at(p, distance) is seen


def test_haste_and_slowness_cancel_each_other():
    p = Player()
    status.add(p, "slowed", 4)
    assert status.add(p, "hasted", 9)
    assert p.statuses == {} and p.speed == 100


def test_a_potion_gives_its_status_for_its_power_in_turns():
    g = dungeon_run()
    g.player.inventory = ["potion_speed"]
    turn = g.turn
    assert g.use_item(0)
    passed = g.turn - turn  # each game turn since counts down once
    assert g.player.statuses == {"hasted": ITEM_BY_ID["potion_speed"].power - passed}
    assert ITEM_BY_ID["potion_speed"].power < MAX_STATUS_TURNS


def test_water_puts_out_burning_and_a_turn_heals_no_past_full():
    p = Player()
    status.add(p, "burning", 3)
    status.add(p, "regenerating", 3)
    damage, cause, ended = status.tick(p, in_water=True)
    assert "burning" in ended and "burning" not in p.statuses
    assert (damage, cause) == (0, "poison") and p.hp == p.max_hp


def test_regeneration_heals_one_a_turn_and_burning_hurts_two():
    p = Player()
    p.hp = p.max_hp - 5
    status.add(p, "regenerating", 2)
    status.tick(p)
    assert p.hp == p.max_hp - 4
    status.add(p, "burning", 1)
    assert status.tick(p)[:2] == (2, "fire")
    assert [STATUSES[s].damage for s in ("poisoned", "burning")] == [1, 2]


def test_two_statuses_add_their_damage_and_healing_is_kept_past_a_harmless_one():
    p = Player()
    p.hp = p.max_hp - 10
    status.add(p, "regenerating", 3)
    status.add(p, "poisoned", 3)
    status.add(p, "burning", 3)
    damage, cause, _ = status.tick(p)
    assert (damage, cause) == (3, "fire") and p.hp == p.max_hp - 9


@pytest.mark.parametrize("left, ends", [(1, False), (0, True), (-1, True)])
def test_shaking_off_a_status_ends_it_only_when_no_turn_of_it_is_left(left, ends):
    """A web's hold of 3 shaken by 2, 3 and 4 turns: one turn left holds on; none (or less) ends
    it, leaves no entry and (a lock) leaves the creature steadfast."""
    p = Player()
    assert status.add(p, "paralysed", 3)
    assert status.shake_off(p, "paralysed", 3 - left) is ends
    if ends:
        assert "paralysed" not in p.statuses and p.statuses["steadfast"] == p.guard_turns
    else:
        assert p.statuses == {"paralysed": 1}
