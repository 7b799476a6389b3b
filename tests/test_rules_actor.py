"""One Actor (``game.rules.creatures.entities.Actor``): the player and every monster
keep their cell, health, energy, statuses, experience and resistances in the
same fields, read by the same rules; what differs is data (a name, a speed,
what resists, how a level is earned).  The actions every actor takes are the
same actions: a step is a ``Step``, a blow an ``Attack``."""

import ast
from pathlib import Path

import numpy as np
import pytest

from worldgen.core.tiles import T

from game.rules.actions.melee import Attack, blow_roll
from game.rules.actions.travel import start_walk
from game.rules.actions.walk import Step
from game.rules.content import MONSTER_BY_ID, PERKS, ally_xp_to_next, xp_to_next
from game.rules.engine import resolve
from game.rules.creatures.entities import MAX_LEVELS_AT_ONCE, Actor, Monster, Player

from creatures import level_of, put, run_on

ROOT = Path(__file__).resolve().parent.parent


def test_the_players_cell_is_the_players_own_and_the_run_only_names_it():
    g = run_on(pos=(2, 3))
    assert g.player.pos == g.pos == (2, 3) and (g.player.x, g.player.y) == (2, 3)
    g.pos = (4, 1)
    assert g.player.pos == (4, 1)
    g.player.pos = (5, 2)
    assert g.pos == (5, 2)


def test_every_actor_is_one_kind_of_thing():
    assert issubclass(Player, Actor) and issubclass(Monster, Actor)
    rat = Monster(1, MONSTER_BY_ID["rat"], x=3, y=4, hp=5, max_hp=5)
    for a in (Player(x=1, y=2), rat):
        assert a.alive and a.pos == (a.x, a.y) and a.speed == a.base_speed and a.level == 1
        a.hp = 0
        assert not a.alive
    assert Player().is_hero and not rat.is_hero and Player().speak("feel", "looks") == "feel"
    assert rat.speak("feel", "looks") == "looks" and Player().name == "you" and rat.name == "the giant rat"


@pytest.mark.parametrize("who", ["player", "monster"])
def test_a_status_is_resisted_by_one_rule_whole_or_by_half(who):
    immune_perk = next(p for p in PERKS if p.immune)
    halving_perk = next(p for p in PERKS if p.halves)
    if who == "player":
        immune = Player(perks=[immune_perk.id])
        status = next(iter(immune_perk.immune))
        halved, steady = Player(perks=[halving_perk.id]), next(iter(halving_perk.halves))
        assert halved.resisted(steady, 9) == 4 and halved.resisted(steady, 1) == 1  # half, at least a turn
    else:
        kind = next(k for k in MONSTER_BY_ID.values() if k.immune)
        immune, status = Monster(1, kind, hp=5, max_hp=5), next(iter(kind.immune))
    assert immune.resisted(status, 7) == 0
    assert immune.resisted("poisoned" if status != "poisoned" else "slowed", 7) == 7


@pytest.mark.parametrize("who", ["player", "ally"])
def test_experience_is_one_loop_for_every_actor_each_with_its_own_curve(who):
    a = Player() if who == "player" else Monster(1, MONSTER_BY_ID["orc"], hp=10, max_hp=10, attack=3, ally=True)
    need = xp_to_next(1) if who == "player" else ally_xp_to_next(1)
    assert a.gain_xp(need - 1) == [] and a.level == 1
    lines = a.gain_xp(1)
    assert a.level == 2 and a.xp == 0 and len(lines) == 1 and "level 2" in lines[0]
    before = a.max_hp
    assert len(a.gain_xp(10**12)) == MAX_LEVELS_AT_ONCE and a.max_hp > before  # bounded


def test_a_lasting_gain_goes_where_each_actor_keeps_its_strength():
    p, orc = Player(), Monster(1, MONSTER_BY_ID["orc"], hp=10, max_hp=10, attack=3, defence=1)
    p.strengthen(2, 1)
    orc.strengthen(2, 1)
    assert (p.base_attack, p.base_defence) == (Player().base_attack + 2, 1) and (orc.attack, orc.defence) == (5, 2)


def test_a_monster_steps_by_the_same_step_as_the_player_and_opens_doors_on_its_way():
    g = run_on(level_of("#######\n#.....#\n#..+..#\n#######"), pos=(1, 1))
    rat = put(g, "rat", 2, 2)
    occupied = np.zeros(g.level.shape, dtype=bool)
    occupied[2, 2] = True
    r = resolve(g, Step(rat, 3, 2, occupied))[0]
    assert r.succeeded and rat.pos == (3, 2) and occupied[2, 3] and not occupied[2, 2]
    assert g.level.tiles[2, 3] == T.open_door  # it opened the door it stepped through
    assert g.noise == 0 and g.pos == (1, 1)  # a monster's step is not the player's: no noise, no landing
    r = resolve(g, Step(g.player, 2, 1))[0]
    assert r.succeeded and g.pos == (2, 1) and g.noise > 0


def test_a_blow_is_one_rule_whoever_strikes_whom():
    g = run_on(pos=(2, 2))
    orc = put(g, "orc", 3, 2, hp=50)
    wolf = put(g, "wolf", 2, 3, hp=50, ally=True)
    for attacker, victim in ((g.player, orc), (orc, g.player), (wolf, orc)):
        before = victim.hp
        r = Attack(attacker, victim, np.random.default_rng(5)).perform(g)
        assert r.succeeded and victim.hp <= before and victim.awake
        twin = blow_roll(g, attacker, victim, attacker.blow_power, np.random.default_rng(5))
        assert before - victim.hp == twin  # the damage is the shared roll's, for everyone
    assert Attack(g.player, orc).cost(g) == g.player.attack_cost and Attack(orc, g.player).cost(g) == orc.attack_cost


def test_force_or_magic_places_an_actor_and_the_view_follows_only_the_player():
    g = run_on(pos=(1, 1))
    rat = put(g, "rat", 4, 2)
    start_walk(g, [(2, 1)], "explore")
    g.place(rat, (5, 2))
    assert rat.pos == (5, 2) and g.path == [(2, 1)]  # a monster moved: nothing of the player's stops
    g.place(g.player, (3, 2))
    assert g.pos == (3, 2) and not g.ongoing and g.level.visible[2, 3]


def test_no_rule_branches_on_whether_an_actor_is_a_player_or_a_monster():
    """Differences are data on the actor (or, where a rule is the hero's own, ``is_hero``), never a class test."""
    found = []
    for path in sorted((ROOT / "game" / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                if names & {"Player", "Monster", "Actor"}:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
