"""Monster behaviours (game/rules/behaviours.py), one rule at a time on a
hand-made level."""

import numpy as np

from game.rules.actions.walk import MonsterStep
from game.rules.behaviours import BEHAVIOURS, TurnContext

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
