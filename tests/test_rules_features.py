"""Dungeon features in play (game/rules/actions/features.py): a fountain, an
altar, what one bumps into, each trap kind (rolled from the level's seed and
its cell) and an alarm, each result whole."""

import pytest

from worldgen.core import seeding
from worldgen.core.tiles import T

from game.rules.actions.base import fail
from game.rules.actions.effects import CLOUD, Afflict, Cloud, Damage, Relocate
from game.rules.actions.features import ALARM_REACH, TRAPS, Alarm, SpringTrap, UseFeature, blocked_by
from game.rules.creatures.identify import item_name
from game.rules.content import ITEM_BY_ID
from game.rules.text.log import bad, good, loot, note

from creatures import level_of, put, run_on

ROOM = "#########\n#.{._...#\n#.......#\n#########"


def test_a_fountain_heals_fully_cures_poison_and_runs_dry():
    g = run_on(level_of(ROOM), pos=(1, 1))
    p = g.player
    p.hp, p.statuses = p.max_hp - 7, {"poisoned": 4, "hasted": 2}
    g.dirty = False
    r = UseFeature(2, 1).perform(g)
    assert r.messages == (good("You drink from the fountain (+7 HP). It runs dry."),)
    assert p.hp == p.max_hp and p.statuses == {"hasted": 2} and g.events[-1] == "drink" and g.dirty is True
    assert g.level.tiles[1, 2] == T.dry_fountain and g.level.is_used(2, 1)
    assert UseFeature(2, 1).perform(g) == fail(note("The fountain is dry."))


def test_an_altar_names_each_unknown_kind_carried_once_then_falls_silent():
    g = run_on(level_of(ROOM), pos=(3, 1))
    unknown = [i for i in ("potion_speed", "scroll_blink") if i not in g.known]
    g.player.inventory = [unknown[0], "potion", unknown[0], unknown[1]]
    before = [item_name(g, ITEM_BY_ID[i]) for i in unknown]
    g.dirty = False
    r = UseFeature(4, 1).perform(g)
    assert r.succeeded and r.messages[0] == loot("The altar glows.") and len(r.messages) == 1 + len(unknown)
    assert all(m[1] == "loot" and m[0] for m in r.messages) and all(i in g.known for i in unknown) and g.dirty is True
    assert all(ITEM_BY_ID[i].name in text for i, (text, _) in zip(unknown, r.messages[1:]))
    assert [item_name(g, ITEM_BY_ID[i]) for i in unknown] != before
    assert UseFeature(4, 1).perform(g) == fail(note("The altar is silent."))


def test_an_altar_with_nothing_unknown_to_name_says_so():
    g = run_on(level_of(ROOM), pos=(3, 1))
    g.player.inventory = ["potion"]
    assert UseFeature(4, 1).perform(g).messages == (loot("The altar glows."), note("You carry nothing unknown."))


def test_bumping_anything_else_does_nothing_and_only_statues_and_tables_are_in_the_way():
    g = run_on(level_of(ROOM), pos=(1, 1))
    assert UseFeature(6, 1).perform(g) == fail()
    assert blocked_by(T.statue) == "A statue stands in the way." and blocked_by(T.table) == "A table stands in the way."
    assert blocked_by(T.wall) is None and blocked_by(T.floor) is None


def trap_cells(level):
    """The first floor cell of each trap kind, rolled as the level rolls them."""
    out = {}
    h, w = level.shape
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            kind = TRAPS[int(seeding.rng(level.seed, "trap", level.key.depth, y, x).integers(0, len(TRAPS)))]
            out.setdefault(kind, (x, y))
    return out


HALL = "\n".join(["#" * 20] + ["#" + "." * 18 + "#"] * 5 + ["#" * 20])


@pytest.mark.parametrize("kind", TRAPS)
def test_each_trap_springs_as_its_kind_rolled_from_the_level_and_the_cell(kind):
    g = run_on(level_of(HALL), pos=(1, 1))
    cell = trap_cells(g.level).get(kind)
    assert cell is not None
    x, y = cell
    g.level.tiles[y, x] = T.trap
    g.level.hidden_traps[y, x] = True
    g.pos = cell
    p = g.player
    r = SpringTrap(x, y).perform(g)
    assert not g.level.hidden_traps[y, x] and g.events[-1] == "trap" and r.succeeded
    told = [(type(a).__name__, vars(a)) for a in r.then]
    if kind == "dart":
        assert r.messages == (bad("A poisoned dart flies from the wall!"),)
        assert [(t, v.get("name"), v.get("turns"), v.get("amount", v.get("damage"))) for t, v in told][0] == \
            ("Afflict", "poisoned", 5, None)
        assert isinstance(r.then[1], Damage) and vars(r.then[1]).get("cause") == "a poison dart"
    elif kind == "fire":
        assert r.messages == (bad("Flames burst from the floor!"),)
        a, d, burst = r.then
        assert (a.who, a.name, a.turns) == (p, "burning", 3) and isinstance(d, Damage)
        assert (burst.effect, burst.aim, burst.power, burst.user, burst.cell) == ("burn", "burst", 0, p, cell)
    elif kind == "gas":
        assert r.messages == (bad("Gas hisses from the floor!"),)
        (cloud,) = r.then
        assert isinstance(cloud, Cloud) and vars(cloud) == vars(Cloud("poison", cell, CLOUD * 2))
    elif kind == "alarm":
        assert r.messages == ()
        (alarm,) = r.then
        assert isinstance(alarm, Alarm) and (alarm.x, alarm.y) == cell
    else:
        assert r.messages == ()
        (jump,) = r.then
        assert isinstance(jump, Relocate) and jump.who is p and jump.cell is None
        assert jump.line == bad("The floor lurches: you are somewhere else.")
        assert jump.rng.random() == seeding.rng(g.level.seed, "teleport-trap", g.turn).random()


def test_a_dart_poisons_for_five_turns_and_wounds_for_two():
    g = run_on(level_of(HALL), pos=(1, 1))
    x, y = trap_cells(g.level)["dart"]
    g.pos = (x, y)
    a, d = SpringTrap(x, y).perform(g).then
    assert isinstance(a, Afflict) and (a.who, a.name, a.turns) == (g.player, "poisoned", 5)
    hp = g.player.hp
    d.perform(g)
    assert g.player.hp == hp - 2


def test_an_alarm_wakes_every_sleeper_within_its_reach_on_foot_and_is_loud():
    g = run_on(level_of(HALL), pos=(1, 1))
    near = put(g, "rat", 9, 3, awake=False)
    hidden = put(g, "mimic", 10, 3, awake=False, hidden=True)
    ally = put(g, "rat", 11, 3, awake=False, ally=True)
    r = Alarm(5, 3).perform(g)
    assert r.messages == (bad("A bell clangs through the halls! Something stirs."),) and g.noise == 20
    assert near.awake and not hidden.awake and not ally.awake
    assert Alarm(5, 3, "Boom!").perform(g).messages == (bad("Boom!"),)


def test_an_alarm_reaches_its_reach_in_steps_and_no_farther():
    width = ALARM_REACH + 4
    g = run_on(level_of("\n".join(["#" * width, "#" + "." * (width - 2) + "#", "#" * width])), pos=(1, 1))
    edge = put(g, "rat", 1 + ALARM_REACH, 1, awake=False)
    beyond = put(g, "rat", 2 + ALARM_REACH, 1, awake=False)
    Alarm(1, 1).perform(g)
    assert edge.awake and not beyond.awake
    g = run_on(level_of("#######\n#..#..#\n#######"), pos=(1, 1))
    walled = put(g, "rat", 4, 1, awake=False)
    assert Alarm(1, 1).perform(g).messages == (bad("A bell clangs through the halls!"),) and not walled.awake


def test_a_fountain_heals_one_who_is_not_poisoned_too():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.player.hp = 1
    assert UseFeature(2, 1).perform(g).succeeded and g.player.hp == g.player.max_hp


def test_an_alarm_wakes_a_sleeper_on_its_own_cell():
    g = run_on(level_of(HALL), pos=(1, 1))
    m = put(g, "rat", 5, 3, awake=False)
    Alarm(5, 3).perform(g)
    assert m.awake


def test_a_fire_trap_that_kills_names_itself():
    g = run_on(level_of(HALL), pos=(1, 1))
    x, y = trap_cells(g.level)["fire"]
    g.pos = (x, y)
    _, damage, _ = SpringTrap(x, y).perform(g).then
    g.player.hp = 1
    assert damage.perform(g).messages[-1] == bad("You are killed by a fire trap.")
