"""Monster behaviours, one rule at a time, on a hand-made level through the
turn engine (the player waits; each monster acts on its own energy)."""

import math

import pytest

from game.rules.content import MONSTERS
from test_rules import dungeon_run, put_monster

COWARDS = [k for k in MONSTERS if k.behaviour == "coward"]


def hurt_coward(kind, hp):
    """A run with an awake coward of ``kind`` beside the player, at ``hp`` of its full HP."""
    g = dungeon_run()
    g.pos = (4, 2)
    m = put_monster(g.level, 5, 2, kind=kind.id)
    m.hp = hp
    g.level.update_view(*g.pos)
    return g, m


def test_every_coward_kind_has_a_flight_threshold():
    assert COWARDS and all(0 < k.flee_below < 1 for k in COWARDS)


@pytest.mark.parametrize("kind", COWARDS, ids=lambda k: k.id)
def test_a_coward_hurt_below_its_kinds_share_of_max_hp_flees(kind):
    below = math.ceil(kind.flee_below * kind.hp) - 1  # the most HP that is still under the share
    g, m = hurt_coward(kind, below)
    g.wait()
    assert m.fleeing
    assert max(abs(m.x - g.pos[0]), abs(m.y - g.pos[1])) == 2  # stepped away, not a bite
    assert g.player.hp == g.player.max_hp


@pytest.mark.parametrize("kind", COWARDS, ids=lambda k: k.id)
def test_a_coward_at_or_above_its_share_stands_and_fights(kind):
    at = math.ceil(kind.flee_below * kind.hp)
    g, m = hurt_coward(kind, at)
    g.wait()
    assert not m.fleeing and (m.x, m.y) == (5, 2)  # it bit (or missed) instead
    assert g.player.hp < g.player.max_hp or any("misses you" in line for line, _, _ in g.log)
