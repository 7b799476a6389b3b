"""Cautions (issue 38): the uses a player knows would waste an item or harm
them are asked about first; what the player does not know is never pointed out."""

from __future__ import annotations

from creatures import put, run_on


def holding(g, *items):
    g.player.inventory[:] = list(items)
    return g


def test_healing_at_full_hp_is_asked_about_and_not_when_hurt():
    g = holding(run_on(pos=(3, 3)), "potion")
    assert g.use_caution(0) == "You are not hurt: drink the potion of healing anyway?"
    g.player.hp -= 1
    assert g.use_caution(0) == ""


def test_a_potion_known_to_harm_is_asked_about_and_an_unknown_one_is_not():
    g = holding(run_on(pos=(3, 3)), "potion_poison", "potion_speed")
    assert g.use_caution(0) == ""  # unknown: a risk the player takes, not one the game points out
    g.known.update({"potion_poison", "potion_speed"})
    assert g.use_caution(0) == "The potion of poison would harm you: drink it anyway?"
    assert g.use_caution(1) == ""  # a good potion
    assert g.use_caution(7) == ""  # no such row


def test_a_harmful_burst_aimed_to_reach_the_player_is_asked_about():
    g = holding(run_on(pos=(3, 3)), "potion_fire")
    g.known.add("potion_fire")
    rat = put(g, "rat", 4, 3)
    assert g.aim_caution("throw", rat.pos, 0) == "The potion of liquid fire would reach you too: throw it anyway?"
    assert g.aim_caution("throw", (3, 6), 0) == ""  # far enough, nobody in the way
    assert g.aim_caution("throw", (7, 3), 0) != ""  # the rat in the way: it bursts beside you
    g.known.discard("potion_fire")
    assert g.aim_caution("throw", rat.pos, 0) == ""  # not known to burn


def test_a_scroll_of_fire_read_at_the_feet_is_asked_about_and_a_good_burst_is_not():
    g = holding(run_on(pos=(3, 3)), "scroll_fire", "potion_speed")
    g.known.update({"scroll_fire", "potion_speed"})
    g.use_item(0)  # read: where does it burst?
    assert g.aim_caution("read", (4, 4)) == "The scroll of fire would reach you too: read it anyway?"
    assert g.aim_caution("read", (7, 3)) == ""
    assert g.aim_caution("throw", (4, 3), 0) == ""  # a potion of speed thrown close: no harm known


def test_a_caution_of_the_first_row_is_asked_and_of_a_row_past_the_last_or_before_the_first_is_nothing():
    g = holding(run_on(pos=(3, 3)), "potion", "potion_fire")
    g.known.add("potion_fire")
    rat = put(g, "rat", 4, 3)
    assert g.use_caution(0) == "You are not hurt: drink the potion of healing anyway?"
    assert g.aim_caution("throw", rat.pos, 1) == "The potion of liquid fire would reach you too: throw it anyway?"
    for row in (2, -1):  # one past the last row, and one before the first (never the last from the end)
        assert g.use_caution(row) == "" and g.aim_caution("throw", rat.pos, row) == ""
