"""The turn engine's one cascade (game/rules/engine.py: resolve): the
player's actions and the monsters' are performed the same way, with
alternatives, reactions, one message path and the view told of changes."""

import numpy as np
import pytest

from game.rules import engine
from game.rules.actions.base import MAX_REACTION_DEPTH, Action, alternate, fail, succeed
from game.rules.state import Activity, LocationRequest
from game.rules.actions.walk import Rest, Step, Walk
from game.rules.behaviours import BEHAVIOURS, Behaviour
from game.rules.creatures.energy import ACTION_COST, MAX_TURNS
from game.rules.engine import resolve
from game.rules.world.geometry import STEPS
from game.rules.text.log import NOTE
from game.rules.world import hazards

from creatures import context, level_of, put, run_on
from test_rules import dungeon_run, put_monster


class Say(Action):
    def __init__(self, text, then=(), ok=True):
        self.text, self.then_, self.ok = text, then, ok

    def perform(self, run):
        return succeed((self.text, NOTE), then=self.then_) if self.ok else fail((self.text, NOTE))


def texts(g):
    return [m.text for m in g.log]


def test_reactions_follow_a_success_in_order_after_its_own_lines():
    g = dungeon_run()
    resolve(g, Say("first", then=(Say("second", then=(Say("third"),)), Say("fourth"))))
    assert texts(g)[-4:] == ["first", "second", "third", "fourth"]


def test_a_failure_has_no_reactions():
    g = dungeon_run()
    result, _ = resolve(g, Say("no", then=(Say("never"),), ok=False))
    assert not result.succeeded and "never" not in texts(g)


def test_reactions_are_bounded_in_depth():
    g = dungeon_run()

    class Forever(Action):
        def __init__(self, n):
            self.n = n

        def perform(self, run):
            return succeed((f"level {self.n}", NOTE), then=(Forever(self.n + 1),))
    resolve(g, Forever(0))
    assert texts(g)[-1] == f"level {MAX_REACTION_DEPTH}"


def test_no_reaction_is_performed_after_the_player_dies():
    g = dungeon_run()

    class Die(Action):
        def perform(self, run):
            run.dead = True
            return succeed()
    resolve(g, Say("a", then=(Die(), Say("after death"))))
    assert "after death" not in texts(g)


def test_the_view_is_told_only_when_something_happened():
    g = dungeon_run()
    version = g.version
    resolve(g, Walk(-1, 0))  # into the wall: nothing happens, nothing is said
    assert g.version == version
    resolve(g, Say("something"))
    assert g.version > version


def test_a_monsters_action_goes_through_the_same_cascade_alternatives_and_all():
    g = dungeon_run()
    m = put_monster(g.level, 4, 4, energy=0)
    done = []

    class Feint(Action):
        def perform(self, run):
            return alternate(Strike(), ("The rat feints.", NOTE))

    class Strike(Action):
        def perform(self, run):
            done.append("strike")
            return succeed(("The rat strikes.", NOTE), then=(Say("A reaction to the rat."),))

    class Feinter(Behaviour):
        def act(self, ctx, monster):
            return Feint() if monster is m else None
    BEHAVIOURS["feinter"] = Feinter()
    object.__setattr__(m, "kind", type(m.kind)(**{**m.kind.__dict__, "behaviour": "feinter"}))
    try:
        version = g.version
        assert g.wait()
    finally:
        BEHAVIOURS.pop("feinter")
    assert done == ["strike"]
    assert texts(g)[-3:] == ["The rat feints.", "The rat strikes.", "A reaction to the rat."]
    assert g.version > version


def test_the_step_table_holds_each_of_the_eight_neighbours_once_straight_first():
    assert len(set(STEPS)) == 8 and (0, 0) not in STEPS
    assert all(max(abs(dx), abs(dy)) == 1 for dx, dy in STEPS)
    assert all(0 in s for s in STEPS[:4]) and not any(0 in s for s in STEPS[4:])


def test_a_confused_step_goes_astray_along_the_step_table(monkeypatch):
    g = dungeon_run()
    g.pos = (4, 2)
    g.player.statuses["confused"] = 5

    class Rolls:
        def random(self):
            return 0.0  # always astray

        def integers(self, lo, hi):
            return 3  # STEPS[3]: right
    monkeypatch.setattr(type(g.run), "rng", lambda self, *labels: Rolls())
    assert engine.perform(g, Walk(-1, 0))
    assert g.pos == (4 + STEPS[3][0], 2 + STEPS[3][1])


# -- a monster's action ------------------------------------------------------------------------------
class Rolls:
    """The rolls of a turn, fixed: ``random()`` gives ``chance``, ``integers`` the step ``step``."""

    def __init__(self, chance: float, step: int = 3):
        self.chance, self.step = chance, step

    def random(self):
        return self.chance

    def integers(self, lo, hi):
        return self.step


def _confused_rat_action(chance):
    g = run_on(pos=(2, 2))
    rat = put(g, "rat", 10, 3, statuses={"confused": 5})
    ctx = context(g)
    ctx.rng = Rolls(chance)
    return rat, engine._monster_action(ctx, rat)


def test_a_confused_monster_stumbles_along_the_step_table_below_an_even_chance():
    rat, action = _confused_rat_action(0.49)
    assert isinstance(action, Step) and (action.x, action.y) == (10 + STEPS[3][0], 3 + STEPS[3][1])
    assert action.actor is rat


def test_a_confused_monsters_stumble_moves_it_and_its_mark_on_the_turns_mask():
    g = run_on(pos=(2, 2))
    rat = put(g, "rat", 10, 3, statuses={"confused": 5})
    ctx = context(g)
    ctx.rng = Rolls(0.1, STEPS.index((1, 0)))
    resolve(g, engine._monster_action(ctx, rat))
    assert rat.pos == (11, 3) and ctx.occupied[3, 11] and not ctx.occupied[3, 10]


def test_a_confused_monster_stumbling_into_a_wall_does_nothing():
    g = run_on(pos=(2, 2))
    rat = put(g, "rat", 10, 1, statuses={"confused": 5})
    ctx = context(g)
    ctx.rng = Rolls(0.1, STEPS.index((0, -1)))
    assert engine._monster_action(ctx, rat) is None


def test_a_confused_monster_acts_as_its_kind_from_an_even_chance_up():
    for chance in (0.5, 0.9):
        rat, action = _confused_rat_action(chance)
        assert not (isinstance(action, Step) and (action.x, action.y) == (11, 3))


def test_a_paralysed_monster_does_nothing():
    g = run_on(pos=(2, 2))
    assert engine._monster_action(context(g), put(g, "rat", 3, 2, statuses={"paralysed": 2})) is None


# -- statuses ticking in the engine's turn ----------------------------------------------------------
def test_a_status_ending_on_the_player_is_said():
    g = dungeon_run()
    g.player.statuses["hasted"] = 1
    g.wait()
    assert ("You are no longer hasted.", NOTE) in [(m.text, m.kind) for m in g.log]


def test_poison_hurts_the_player_each_turn_without_counting_as_a_blow_and_can_kill():
    g = dungeon_run()
    g.player.statuses["poisoned"] = 20
    hp = g.player.hp
    g.wait()
    assert g.player.hp == hp - 1 and g.blows == 0
    g.player.hp = 1
    g.wait()
    assert g.dead and g.killer == "poison" and texts(g)[-1] == "You die of poison."


def test_water_puts_out_the_player_burning_in_it():
    g = run_on(level_of("#####\n#...#\n#.~.#\n#...#\n#####"), pos=(2, 2))
    g.player.statuses["burning"] = 5
    hp = g.player.hp
    engine.end_player_turn(g)
    assert "burning" not in g.player.statuses and g.player.hp == hp


def test_a_levitating_player_over_deep_water_is_told_they_swim_when_it_ends():
    g = run_on(level_of("#####\n#...#\n#.~.#\n#...#\n#####"), pos=(2, 2))
    g.player.statuses["levitating"] = 1
    engine.end_player_turn(g)
    assert [(m.text, m.kind) for m in g.log][-1] == ("You drop into the deep water: you swim.", "bad")


def test_a_levitating_player_over_a_chasm_drifts_to_the_nearest_floor_shoving_a_monster_aside():
    g = run_on(level_of("#######\n#.....#\n#.:::.#\n#.:::.#\n#.....#\n#######"), pos=(2, 2))
    rat = put(g, "rat", 1, 1, awake=False)
    g.player.statuses["levitating"] = 1
    engine.end_player_turn(g)
    assert g.pos == (1, 1) and rat.pos != (1, 1)
    assert ("You sink, and drift down to the chasm's edge.", "bad") in [(m.text, m.kind) for m in g.log]


def test_a_monster_with_a_status_still_acts_and_one_that_dies_of_it_frees_its_cell():
    g = run_on(pos=(2, 2))
    dying = put(g, "rat", 6, 2, hp=1, statuses={"poisoned": 5})
    walker = put(g, "orc", 7, 2, statuses={"hasted": 5})
    engine.end_player_turn(g)
    assert dying not in g.level.monsters and walker.pos != (7, 2)


def test_a_dead_monster_left_on_the_level_is_skipped_and_the_rest_act():
    g = run_on(pos=(2, 2))
    put(g, "rat", 10, 4).hp = 0
    walker = put(g, "orc", 7, 2)
    engine.end_player_turn(g)
    assert walker.pos != (7, 2)


def test_water_puts_out_a_monster_burning_in_it_and_a_walker_that_stops_floating_over_it_drowns():
    g = run_on(level_of("#########\n#.......#\n#.~~~...#\n#.......#\n#########"), pos=(7, 3))
    burning = put(g, "orc", 2, 2, statuses={"burning": 5, "paralysed": 5})
    floater = put(g, "orc", 4, 2, statuses={"levitating": 1, "paralysed": 5})
    engine.end_player_turn(g)
    assert "burning" not in burning.statuses and burning.hp == burning.max_hp
    assert floater not in g.level.monsters and g.level.corpses == [(4, 2, "orc")]


def test_a_fast_monster_stops_acting_once_the_player_is_dead():
    g = run_on(pos=(2, 2))
    orc = put(g, "orc", 3, 2, statuses={"hasted": 5})
    orc.attack = 10_000
    g.player.hp = 1
    engine.end_player_turn(g)
    assert g.dead and sum("orc" in t and "hits" in t for t in texts(g)) == 1


# -- the player's turn --------------------------------------------------------------------------------
def _searches(monkeypatch, g):
    """Record each turn's search for secrets (searching, keen) and find a door each time."""
    calls = []

    def reveal(px, py, rng, searching=False, keen=False):
        calls.append((px, py, searching, keen))
        return ["You find a secret door!"]
    monkeypatch.setattr(g.level, "reveal_secrets_near", reveal)
    return calls


def test_waiting_searches_harder_in_its_first_turn_only_and_what_is_found_is_said(monkeypatch):
    g = dungeon_run()
    calls = _searches(monkeypatch, g)
    g.player.energy.value = ACTION_COST
    assert engine.perform(g, Rest())
    assert calls == [(*g.pos, True, False)] and ("You find a secret door!", "good") in [(m.text, m.kind) for m in g.log]
    engine.end_player_turn(g, 2 * ACTION_COST, searching=True)
    assert [c[2] for c in calls[1:]] == [True, False]
    engine.end_player_turn(g)
    assert calls[-1][2] is False


def test_keen_eyes_search_with_the_keen_eye(monkeypatch):
    g = dungeon_run()
    g.player.perks = ["keen_eyes"]
    calls = _searches(monkeypatch, g)
    engine.end_player_turn(g)
    assert calls == [(*g.pos, False, True)]


def test_an_action_costs_its_energy_in_turns():

    class Slow(Rest):
        def cost(self, run):
            return 3 * ACTION_COST
    g = dungeon_run()
    turn = g.turn
    assert engine.perform(g, Slow())
    assert g.turn == turn + 3


def test_a_very_slow_player_acts_again_after_the_most_turns():
    g = dungeon_run()
    turn = g.turn
    engine.end_player_turn(g, 100 * ACTION_COST)
    assert g.turn == turn + MAX_TURNS and g.player.energy.value == ACTION_COST


def test_the_noise_of_a_turn_is_forgotten_when_it_ends():
    g = dungeon_run()
    g.noise = 30
    engine.end_player_turn(g)
    assert g.noise == 0


def test_a_player_left_without_hp_by_a_turn_is_dead_and_the_killer_kept_or_something(monkeypatch):
    for killer in ("", "a curse"):
        g = dungeon_run()
        g.killer = killer
        monkeypatch.setattr(engine, "monsters_act", lambda run, rng: setattr(run.player, "hp", 0))
        engine.end_player_turn(g)
        assert g.dead is True and g.killer == (killer or "something")


def test_a_rest_interrupted_says_why_and_stops(monkeypatch):
    g = dungeon_run()
    g.activity = Activity("rest")
    monkeypatch.setattr(engine, "interruption", lambda run: "You stop resting: a rat comes into view.")
    assert engine.perform(g, Rest())
    assert (g.log[-1].text, g.log[-1].kind) == ("You stop resting: a rat comes into view.", NOTE) and not g.ongoing


# -- the cascade -------------------------------------------------------------------------------------
def test_a_failure_that_says_something_is_shown_and_a_silent_success_too():
    class Quiet(Action):
        def perform(self, run):
            return succeed()
    g = dungeon_run()
    version = g.version
    resolve(g, Say("no", ok=False))
    assert g.version == version + 1
    resolve(g, Quiet())
    assert g.version == version + 2


def test_what_a_failure_set_going_is_resolved_but_not_its_reactions(monkeypatch):
    g = dungeon_run()
    g.trigger(("test", None))
    monkeypatch.setattr(engine, "set_off", lambda run, event: Say(f"set going on {run.pos}"))
    resolve(g, Say("fails", then=(Say("its reaction"),), ok=False))
    assert f"set going on {g.pos}" in texts(g) and "its reaction" not in texts(g)


def test_a_death_among_the_reactions_still_gives_the_result():
    g = dungeon_run()

    class Die(Action):
        def perform(self, run):
            run.dead = True
            return succeed()
    result, action = resolve(g, Say("a", then=(Die(), Say("after"))))
    assert result.succeeded and isinstance(action, Say)


def test_a_sleeping_monster_that_sees_the_player_notices_them_and_it_is_said():
    g = run_on(pos=(2, 2))
    put(g, "orc", 5, 2, awake=False)
    engine.end_player_turn(g)
    assert ("The orc notices you.", NOTE) in [(m.text, m.kind) for m in g.log]


def test_a_sleeping_monster_out_of_sight_hears_a_loud_turn():
    g = run_on(level_of("#######\n#.....#\n###.###\n#.....#\n#######"), pos=(1, 1))
    orc = put(g, "orc", 2, 3, awake=False)
    assert not g.level.visible[3, 2]
    engine.end_player_turn(g)
    assert not orc.awake
    g.noise = 100
    engine.end_player_turn(g)
    assert orc.awake


def test_a_flyer_that_stops_levitating_over_water_does_not_drown():
    g = run_on(level_of("#######\n#.....#\n#.~~~.#\n#.....#\n#######"), pos=(5, 3))
    bat = put(g, "bat", 3, 2, statuses={"levitating": 1, "paralysed": 5})
    engine.end_player_turn(g)
    assert bat in g.level.monsters and bat.hp == bat.max_hp


def test_a_swimming_player_is_told_nothing_of_the_water_when_another_status_ends():
    g = run_on(level_of("#####\n#...#\n#.~.#\n#...#\n#####"), pos=(2, 2))
    g.player.statuses["hasted"] = 1
    engine.end_player_turn(g)
    assert "You drop into the deep water: you swim." not in texts(g)


def test_a_monster_that_dies_of_a_status_frees_its_cell_for_the_next_in_the_same_turn():
    g = run_on(level_of("#######\n#.....#\n#######"), pos=(1, 1))
    put(g, "rat", 2, 1, hp=1, statuses={"poisoned": 5})
    orc = put(g, "orc", 3, 1)
    engine.end_player_turn(g)
    assert orc.pos == (2, 1)


def test_a_monster_never_steps_where_another_blinked_earlier_in_the_turn():
    """The turn's mask of who stands where follows every action, not only deaths
    and summons: a monster that blinks away takes its new cell at once."""
    from game.rules.actions.effects import Relocate

    g = dungeon_run()
    g.pos = (2, 2)
    blinker = put_monster(g.level, 8, 5, energy=0)
    chaser = put_monster(g.level, 4, 2, energy=0)   # its best step towards the player is (3, 2)... or a neighbour
    goal = next((x, y) for x, y in ((3, 2), (3, 1), (3, 3)) if g.level.walkable[y, x])

    class Blink(Behaviour):
        def act(self, ctx, monster):
            return Relocate(monster, goal) if monster is blinker else None
    BEHAVIOURS["blink-test"] = Blink()
    object.__setattr__(blinker, "kind", type(blinker.kind)(**{**blinker.kind.__dict__, "behaviour": "blink-test"}))
    try:
        for _ in range(3):
            g.wait()
            cells = [(m.x, m.y) for m in g.level.monsters]
            assert len(cells) == len(set(cells)), cells
    finally:
        BEHAVIOURS.pop("blink-test")
    assert (blinker.x, blinker.y) == goal


# -- each action says where it may be taken ------------------------------------------------------------
def _actions():
    import inspect

    from game.rules.actions import base

    found = []
    for name in ("allies", "items", "places", "ranged", "terrain", "walk", "travel", "growth", "features"):
        module = __import__(f"game.rules.actions.{name}", fromlist=["x"])
        found += [c for _, c in inspect.getmembers(module, inspect.isclass)
                  if issubclass(c, base.Action) and c.__module__ == module.__name__]
    assert found
    return found


def test_the_engine_refuses_an_action_outside_the_modes_it_declares():
    from game.rules.actions.base import ANYWHERE, DUNGEON, OVERWORLD

    declared = {c.__name__: c.modes for c in _actions()}
    assert declared["Walk"] == DUNGEON and declared["OverworldStep"] == OVERWORLD and declared["EnterSite"] == OVERWORLD
    assert declared["Throw"] == declared["Fire"] == declared["PickUp"] == declared["OrderAllies"] == DUNGEON
    assert declared["UseItem"] == declared["Craft"] == declared["Drop"] == declared["GoLocation"] == ANYWHERE

    class Anything(Action):
        modes = DUNGEON

        def perform(self, run):
            raise AssertionError("never performed outside its modes")

    g = dungeon_run()
    for mode in ("overworld", "overworld-loading", "dungeon-loading"):
        g.mode, turn = mode, g.turn
        assert engine.perform(g, Anything()) is False and g.turn == turn


def test_items_are_used_crafted_and_dropped_on_the_overworld_too_but_never_while_a_map_is_built():
    from game.rules.actions.items import Craft, Drop, UseItem

    g = dungeon_run()
    g.mode, g.level = "overworld", None
    g.player.inventory = ["potion", "timber", "timber", "stone"]
    g.player.hp = 5
    assert engine.perform(g, UseItem(0)) and g.player.hp > 5
    assert engine.perform(g, Craft(0)) and "arrow" in g.player.inventory
    assert engine.perform(g, Drop(0))
    g.pending = LocationRequest(1)
    assert not engine.perform(g, Drop(0)) and not engine.perform(g, UseItem(0))


@pytest.mark.parametrize("turns, passed", [(0, 0), (1, 1)])
def test_an_action_that_takes_no_turns_passes_no_turn_and_one_that_takes_one_passes_it(turns, passed):
    """A success of 0 turns (a drop, a landing) ends there: the clock does not move (nor does any monster)."""

    class Timed(Action):
        def perform(self, run):
            return succeed(("done", NOTE), turns=turns)
    g = dungeon_run()
    turn = g.turn
    assert engine.perform(g, Timed())
    assert g.turn == turn + passed


# ---- engine.py's mutation survivors (2026-12-07) ----


class _Scripted(Behaviour):
    """A mind for the tests below: each call of ``act`` is recorded by monster index, and what
    it does is ``script(run, monster)`` as an action (None: the monster rests)."""

    def __init__(self, script):
        self.script, self.calls = script, []

    def act(self, ctx, monster):
        self.calls.append(monster.index)
        script = self.script

        class Do(Action):
            def perform(self, run):
                script(run, monster)
                return succeed()
        return Do()


@pytest.fixture
def scripted(monkeypatch):
    """Give monsters the ``_Scripted`` mind ``script``: ``scripted(script, *monsters)``."""
    def use(script, *monsters):
        mind = _Scripted(script)
        monkeypatch.setitem(BEHAVIOURS, "scripted-test", mind)
        for m in monsters:
            object.__setattr__(m, "kind", type(m.kind)(**{**m.kind.__dict__, "behaviour": "scripted-test"}))
        return mind
    return use


def test_a_caster_beside_the_player_blinks_away_in_the_monsters_turn():
    """The turn's mask of who stands where is a bool mask: a caster's blink takes the free cells
    as ``~occupied``, never a cell another monster stands on (seeded: with rolls 2 the conjurer
    blinks to (7, 1) when it is free; with a rat there, to (8, 1))."""
    for rat, cell in ((None, (7, 1)), ((7, 1), (8, 1))):
        g = run_on(pos=(2, 2))
        conjurer = put(g, "conjurer", 3, 2)
        if rat:
            put(g, "rat", *rat)
        engine.monsters_act(g, np.random.default_rng(2))
        assert texts(g)[0] == "The goblin conjurer blinks away!" and conjurer.pos == cell


def test_a_monster_taken_off_the_level_earlier_in_the_turn_neither_ticks_nor_gains_energy(scripted):
    g = run_on(pos=(2, 2))
    taker = put(g, "orc", 8, 2)
    gone = put(g, "orc", 12, 4, statuses={"hasted": 5})
    mind = scripted(lambda run, m: run.level.monsters.remove(gone), taker, gone)
    engine.monsters_act(g, np.random.default_rng(0))
    assert mind.calls == [taker.index] and gone not in g.level.monsters
    assert gone.statuses == {"hasted": 5} and gone.energy.value == 0


def test_a_dead_monster_still_listed_neither_notices_the_player_nor_gains_energy():
    g = run_on(pos=(2, 2))
    dead = put(g, "orc", 4, 2, awake=False)
    dead.hp = 0
    engine.monsters_act(g, np.random.default_rng(0))
    assert "The orc notices you." not in texts(g) and not dead.awake and dead.energy.value == 0


def test_a_monster_that_leaves_the_level_in_its_own_action_acts_no_more_that_turn(scripted):
    g = run_on(pos=(2, 2))
    leaver = put(g, "orc", 8, 2)
    leaver.energy.value = 2 * ACTION_COST
    mind = scripted(lambda run, m: run.level.monsters.remove(m), leaver)
    engine.monsters_act(g, np.random.default_rng(0))
    assert mind.calls == [leaver.index] and leaver.alive


def test_a_monster_that_dies_in_its_own_action_but_stays_listed_acts_no_more_that_turn(scripted):
    g = run_on(pos=(2, 2))
    doomed = put(g, "orc", 8, 2)
    doomed.energy.value = 2 * ACTION_COST
    mind = scripted(lambda run, m: setattr(m, "hp", 0), doomed)
    engine.monsters_act(g, np.random.default_rng(0))
    assert mind.calls == [doomed.index] and doomed in g.level.monsters


def test_no_monster_is_asked_for_another_action_once_the_player_is_dead(scripted):
    g = run_on(pos=(2, 2))
    killer = put(g, "orc", 8, 2)
    killer.energy.value = 2 * ACTION_COST
    other = put(g, "orc", 12, 4)
    other.energy.value = ACTION_COST
    mind = scripted(lambda run, m: setattr(run.player, "hp", 0), killer, other)
    engine.monsters_act(g, np.random.default_rng(0))
    assert mind.calls == [killer.index]


def test_a_sleeper_that_dies_of_poison_is_not_said_to_notice_the_player():
    g = run_on(pos=(2, 2))
    sleeper = put(g, "orc", 4, 2, hp=1, awake=False, statuses={"poisoned": 5})
    engine.end_player_turn(g)
    assert sleeper not in g.level.monsters and g.level.corpses == [(4, 2, "orc")]
    assert "The orc notices you." not in texts(g)


def test_the_ground_still_changes_in_the_turn_the_player_dies_and_no_later_phase_runs(monkeypatch):
    """The phases after death: the clock, the statuses and the ground happen; secrets, the view,
    the monsters, the noise do not (the death itself is the status tick's)."""
    g = run_on(pos=(2, 2))
    g.player.statuses["poisoned"] = 5
    g.player.hp, g.noise = 1, 30
    hazards.release(g.level, "smoke", 10, 4, 400)
    monkeypatch.setattr(engine, "monsters_act", lambda run, rng: pytest.fail("the monsters acted"))
    engine.end_player_turn(g)
    assert g.dead and g.killer == "poison" and g.noise == 30
    assert g.level.gas["smoke"][4, 10] < 400 and g.level.gas["smoke"][4, 11] > 0


def test_a_free_action_still_gives_the_tip_it_calls_for():
    class Free(Action):
        def perform(self, run):
            return succeed(turns=0)
    g = dungeon_run()
    g.player.inventory[:] = ["potion_speed"]
    g.known.discard("potion_speed")
    turn = g.turn
    assert engine.perform(g, Free())
    assert g.turn == turn and "unknown_potion" in g.tips_seen


def test_going_on_with_nothing_to_do_is_false_and_stops():
    g = dungeon_run()
    g.activity = None
    assert engine.go_on(g) is False
    g.activity = Activity("walk")  # a walk with no cell left to step on
    assert engine.go_on(g) is False and g.activity is None
