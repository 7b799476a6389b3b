"""Game time (``game.rules.play.clock``) and energy (``game.rules.creatures.energy``): the
turn counter, healing as turns pass, the autosave flag raised at least
every :data:`AUTOSAVE_TURNS`; who gains energy and what an action costs."""

from game.rules.play.clock import AUTOSAVE_TURNS, pass_turns
from game.rules.creatures.energy import ACTION_COST, Energy
from game.rules.world.location import WorldMap
from game.rules.state import RunState


def test_the_autosave_flag_is_raised_when_turns_pass_a_multiple_of_the_period():
    run = RunState(WorldMap("Avalon"))
    run.turn = AUTOSAVE_TURNS - 2
    pass_turns(run, 1)
    assert run.dirty is False and run.turn == AUTOSAVE_TURNS - 1
    pass_turns(run, 1)
    assert run.dirty is True and run.turn == AUTOSAVE_TURNS
    run.dirty = False
    pass_turns(run, 1)
    assert run.dirty is False
    run.turn = 2 * AUTOSAVE_TURNS - 2
    pass_turns(run, 3)  # passing the multiple within one call
    assert run.dirty is True and run.turn == 2 * AUTOSAVE_TURNS + 1


def test_the_autosave_flag_is_not_raised_just_after_the_period():
    run = RunState(WorldMap("Avalon"))
    run.turn = 3 * AUTOSAVE_TURNS
    pass_turns(run, 1)
    assert run.dirty is False


def test_passing_turns_heals_the_player():
    run = RunState(WorldMap("Avalon"))
    run.player.hp = 1
    pass_turns(run, 40)
    assert run.player.hp > 1 and run.turn == 40


def test_energy_is_gained_by_speed_and_never_lost_by_a_bad_one():
    e = Energy()
    e.gain(0)
    assert e.value == 0 and not e.ready
    e.gain(-50)
    assert e.value == 0
    e.gain(ACTION_COST - 1)
    assert not e.ready
    e.gain(1)
    assert e.ready and e.value == ACTION_COST
    e.spend(30)
    assert e.value == ACTION_COST - 30
