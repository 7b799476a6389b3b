"""One blow (``game.rules.creatures.combat.attack_roll``): the hit chance, the damage
rolled between half the attack and the whole of it, and armour that softens
every blow by ``10 / (10 + defence)``, rounded up. Each roll written out
with ``tests/minds.py``'s ``Rolls``."""

from game.rules.creatures.combat import HIT_CHANCE, attack_roll

from minds import Rolls


def test_a_roll_of_the_hit_chance_or_more_misses_and_below_it_hits():
    assert attack_roll(Rolls(HIT_CHANCE), 6, 0) == 0
    assert attack_roll(Rolls(0.99), 6, 0) == 0
    assert attack_roll(Rolls(HIT_CHANCE - 1e-9, ints=[4]), 6, 0) == 4


def test_the_damage_is_rolled_from_half_the_attack_to_all_of_it():
    for attack, lo in ((6, 3), (7, 3), (3, 1), (1, 1), (0, 1)):
        rolls = Rolls(0.0, ints=[lo])
        attack_roll(rolls, attack, 0)
        assert rolls.ranges == [(lo, max(lo, attack) + 1)]


def test_armour_softens_a_blow_rounded_up_and_never_hardens_it():
    assert attack_roll(Rolls(0.0, ints=[5]), 6, 0) == 5
    assert attack_roll(Rolls(0.0, ints=[12]), 12, 0) == 12  # no armour: the whole roll, however high
    assert attack_roll(Rolls(0.0, ints=[5]), 6, 10) == 3  # 50 / 20 = 2.5, up
    assert attack_roll(Rolls(0.0, ints=[6]), 6, 5) == 4  # 60 / 15
    assert attack_roll(Rolls(0.0, ints=[5]), 6, -4) == 5  # a negative defence counts as none
