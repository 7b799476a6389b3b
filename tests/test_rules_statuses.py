"""The statuses added for the creatures (content/statuses.py, their rules in
game/rules/creatures/status.py): paralysis, levitation, invisibility, weakness, fear,
and immunity; each rule, and something that gives each."""

from game.rules.creatures import status
from game.rules.actions.effects import EFFECTS, Afflict
from game.rules.actions.melee import Attack
from game.rules.actions.terrain import swimming
from game.rules.content import ITEMS, MONSTERS, STATUSES
from game.rules.engine import resolve
from game.rules.world.geometry import chebyshev
from worldgen.core.tiles import T

from creatures import act, context, level_of, put, run_on, texts

MOAT = """\
###########
#...~~~...#
#...~~~...#
###########"""


def test_ten_statuses_and_every_one_is_given_by_something():
    assert len(STATUSES) >= 10
    g = run_on()
    given = {m.on_hit for m in MONSTERS if m.on_hit}
    effects = [EFFECTS[i.effect](g, g.player, 1) for i in ITEMS if i.effect and i.aim not in ("cell", "none")]
    given |= {e.name for e in effects if isinstance(e, Afflict)}
    given |= {"burning"}  # fire: a breath, a wand, a potion (Burn gives it)
    for lock in status.LOCKS:  # steadfast: the end of any lock gives it
        m = put(g, "orc", 3, 3)
        status.add(m, lock, 1)
        status.tick(m)
        given |= set(m.statuses)
    assert set(STATUSES) <= given, set(STATUSES) - given


# -- paralysis ---------------------------------------------------------------------------------------------
def test_a_paralysed_player_can_do_nothing_but_let_the_turn_pass():
    g = run_on(pos=(5, 2))
    status.add(g.player, "paralysed", 2)
    assert g.move(1, 0) and g.pos == (5, 2) and g.turn == 1
    assert "You are paralysed and struggle to move!" in texts(g)
    g.wait()
    assert g.move(1, 0) and g.pos == (6, 2)  # it wore off


def test_a_paralysed_monster_loses_its_turns():
    g = run_on(pos=(2, 2))
    orc = put(g, "orc", 8, 2)
    status.add(orc, "paralysed", 3)
    g.wait()
    g.wait()
    assert orc.pos == (8, 2)
    for _ in range(4):
        g.wait()
    assert orc.pos != (8, 2)


# -- levitation -------------------------------------------------------------------------------------------
def test_a_levitating_player_floats_over_deep_water_and_swims_when_it_ends():
    g = run_on(level_of(MOAT), pos=(3, 1))
    status.add(g.player, "levitating", 3)
    assert g.move(1, 0) and g.pos == (4, 1) and g.level.tiles[1, 4] == T.deep_water
    assert not swimming(g)  # floating: it may still fight
    g.move(1, 0)
    g.wait()  # it ends over the water
    assert "levitating" not in g.player.statuses and swimming(g)
    assert "You drop into the deep water: you swim." in texts(g)


CHASM = """\
###########
#...:::...#
#...:::...#
###########"""


def test_a_levitating_player_floats_over_a_chasm_and_drifts_to_its_edge_when_it_ends():
    g = run_on(level_of(CHASM), pos=(3, 1))
    status.add(g.player, "levitating", 3)
    assert g.move(1, 0) and g.pos == (4, 1) and g.mode == "dungeon" and g.pending is None  # no fall
    g.move(1, 0)
    g.wait()  # it ends over the chasm
    assert "levitating" not in g.player.statuses and g.level.walkable[g.pos[1], g.pos[0]]
    assert "You sink, and drift down to the chasm's edge." in texts(g)


def test_a_levitating_walker_moves_as_a_flyer():
    g = run_on(level_of(MOAT), pos=(1, 1))
    orc = put(g, "orc", 2, 2)
    assert orc.moves == "walk"
    status.add(orc, "levitating", 5)
    assert orc.moves == "fly"


# -- invisibility -----------------------------------------------------------------------------------------
def test_an_invisible_player_is_not_noticed_beyond_the_next_cell():
    g = run_on(pos=(2, 2))
    status.add(g.player, "invisible", 20)
    orc = put(g, "orc", 6, 2, awake=False)
    g.wait()
    assert not orc.awake
    assert context(g).foe(orc) is None
    orc.x = 3
    assert context(g).foe(orc) is g.player


def test_a_hunter_that_loses_an_invisible_player_wanders():
    g = run_on(pos=(2, 2))
    status.add(g.player, "invisible", 20)
    orc = put(g, "orc", 8, 2)
    start = chebyshev(orc.pos, g.pos)
    moved_closer = 0
    for k in range(12):
        before = chebyshev(orc.pos, g.pos)
        act(g, orc, f"t{k}")
        moved_closer += chebyshev(orc.pos, g.pos) < before
        if chebyshev(orc.pos, g.pos) <= 1:
            break
    assert moved_closer < 10 and start == 6


def test_an_invisible_monster_is_unseen_beyond_arms_reach():
    g = run_on(pos=(2, 2))
    orc = put(g, "orc", 6, 2)
    assert g.sees(orc)
    status.add(orc, "invisible", 5)
    assert not g.sees(orc)
    orc.x = 3
    assert g.sees(orc)


# -- weakness, fear, immunity -----------------------------------------------------------------------------
def test_a_weakened_blow_lands_with_half_its_strength():
    assert status.strength(9, {"weakened": 2}) == 5 and status.strength(9, {}) == 9
    g = run_on(pos=(5, 2))
    g.player.hp = g.player.max_hp = 100_000
    ogre = put(g, "ogre", 6, 2)
    total = {}
    for weak in (False, True):
        ogre.statuses = {"weakened": 99} if weak else {}
        hp = g.player.hp
        for t in range(100):
            g.turn = t
            resolve(g, Attack(ogre, g.player, g.rng("w")))
        total[weak] = hp - g.player.hp
    assert total[True] < total[False] * 0.65


def test_an_afraid_monster_runs_from_its_foe_and_bites_only_when_cornered():
    g = run_on(pos=(5, 2))
    orc = put(g, "orc", 6, 2)
    status.add(orc, "afraid", 5)
    act(g, orc)
    assert chebyshev(orc.pos, g.pos) == 2
    corner = level_of("""\
####
#..#
####""")
    h = run_on(corner, pos=(1, 1))
    cornered = put(h, "orc", 2, 1)
    status.add(cornered, "afraid", 5)
    action = act(h, cornered)
    assert isinstance(action, Attack)


def test_a_kind_immune_to_a_status_never_takes_it():
    g = run_on(pos=(5, 2))
    ghost = put(g, "ghost", 6, 2)
    assert "poisoned" in ghost.kind.immune and not status.add(ghost, "poisoned", 5)
    assert status.add(ghost, "slowed", 5)
