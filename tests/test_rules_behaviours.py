"""Monster behaviours (game/rules/behaviours.py), one rule at a time on a
hand-made level: through the behaviour itself, and through the turn engine
(the player waits; each monster acts on its own energy)."""

import math

import numpy as np
import pytest

from game.rules.actions.walk import MonsterStep
from game.rules.behaviours import BEHAVIOURS, TurnContext
from game.rules.content import MONSTERS

from test_rules import dungeon_run, make_level, put_monster

HALL = """\
####################
#..................#
#..................#
#..................#
#..................#
#..................#
####################"""


def _context(g):
    occupied = np.zeros(g.level.shape, dtype=bool)
    for m in g.level.monsters:
        occupied[m.y, m.x] = True
    return TurnContext(g, g.rng("test"), occupied)


def test_a_coward_flees_below_its_share_of_max_hp_and_fights_again_once_healed():
    g = dungeon_run(make_level(HALL))
    g.pos = (5, 2)
    rat = put_monster(g.level, 7, 2, "rat", hp=10)  # flee_below 0.5 of max HP 10
    coward = BEHAVIOURS["coward"]
    rat.hp = 4
    action = coward.act(_context(g), rat)
    assert rat.fleeing and isinstance(action, MonsterStep) and action.x > rat.x  # away from the player
    rat.hp = 6  # healed above half its maximum
    action = coward.act(_context(g), rat)
    assert not rat.fleeing and isinstance(action, MonsterStep) and action.x < rat.x  # back at the player


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
