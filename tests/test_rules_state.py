"""The state of a run (``game.rules.state``): what a new run holds, where the
player stands (the site underfoot, the site entered, a position the
overworld can take), the rolls of a turn, the screen's events, and a walk
or rest stopped."""

import pytest
import numpy as np

from game.rules import content
from game.rules.world.location import LocationData, SiteData, WorldMap
from game.rules.text.log import Cue
from game.rules.state import Activity, RunState
from worldgen.core import seeding
from worldgen.core.tiles import T

from creatures import put, run_on


def test_a_new_run_has_done_nothing_yet():
    run = RunState(WorldMap("Avalon"))
    assert (run.size_name, run.run_seed, run.turn, run.location, run.unlocked) == ("medium", 0, 0, 0, 1)
    assert run.size == content.DUNGEONS["medium"]
    assert run.mode == "overworld" and run.site is None and run.depth == 0 and run.pos == (0, 0)
    assert run.loc is None and run.level is None and run.levels == {} and run.log == []
    assert run.saved_place is None and run.resume_activity is None
    assert run.path == [] and run.exploring is False and run.resting == "" and run.rest_turns == 0
    assert run.activity is None and run.blows == 0 and not run.ongoing
    assert run.dead is False and run.won is False and run.killer == "" and run.kills == 0 and run.slain == {}
    assert run.daily == "" and run.recording is None and run.deepest == 0
    assert run.version == 0 and run.dirty is False and run.repaired == []
    assert run.known == set() and run.relics == set() and run.carrying_relic is False and run.carrying is None
    assert run.noise == 0 and run.events == [] and run.companions == [] and run.freed == 0 and run.triggered == []


def test_a_run_is_of_its_size_and_an_unknown_size_is_medium():
    assert RunState(WorldMap("Avalon"), "small", 9).size_name == "small"
    assert RunState(WorldMap("Avalon"), "small", 9).run_seed == 9
    assert RunState(WorldMap("Avalon"), "huge").size_name == "medium"


def test_the_rolls_of_a_turn_come_from_the_run_seed_the_turn_and_the_roller():
    run = RunState(WorldMap("Avalon"), "small", 11)
    run.turn = 5
    rolls = run.rng("blow").random(4)
    assert np.array_equal(rolls, seeding.rng(11, "turn", 5, "blow").random(4))
    assert not np.array_equal(rolls, run.rng("reply").random(4))
    run.turn = 6
    assert not np.array_equal(rolls, run.rng("blow").random(4))


def overworld(passable_rows=("~...", "....", "..~.")) -> LocationData:
    tiles = np.array([[T.deep_water if ch == "~" else T.grass for ch in row] for row in passable_rows], np.uint8)
    return LocationData(0, "Testshire", tiles, [SiteData(0, 2, 1, int(T.grass), "Avalon:0:0")], (1, 1))


def test_a_position_on_the_overworld_is_kept_only_where_the_player_can_stand():
    run = RunState(WorldMap("Avalon"))
    data = overworld()
    assert run.valid_over((3, 0), data) == (3, 0) and run.valid_over((0, 2), data) == (0, 2)  # the edges
    assert run.valid_over([3, 1], data) == (3, 1)
    for outside in ((-1, 1), (4, 1), (1, -1), (1, 3)):
        assert run.valid_over(outside, data) == data.start
    assert run.valid_over((0, 0), data) == data.start and run.valid_over((2, 2), data) == data.start  # water
    for garbage in (None, "ab", (1,), ("x", 1), (1, None)):
        assert run.valid_over(garbage, data) == data.start
    run.loc = data
    assert run.valid_over((3, 0)) == (3, 0)


def test_the_site_underfoot_is_only_on_the_overworld():
    run = RunState(WorldMap("Avalon"))
    assert run.site_under() is None  # no location yet
    run.loc = overworld()
    run.pos = (2, 1)
    assert run.site_under() is run.loc.sites[0]
    run.pos = (1, 1)
    assert run.site_under() is None
    run.pos, run.mode = (2, 1), "dungeon"
    assert run.site_under() is None


def test_the_site_entered_is_known_only_inside_one():
    run = RunState(WorldMap("Avalon"))
    run.site = 0
    assert run.current_site() is None  # no location
    run.loc = overworld()
    assert run.current_site() is run.loc.sites[0]
    run.site = None
    assert run.current_site() is None


def test_a_site_is_cleared_in_its_own_location():
    run = RunState(WorldMap("Avalon"))
    run.cleared = {0: {1}, 2: {0}}
    assert run.is_cleared(1) and not run.is_cleared(0)
    assert run.is_cleared(0, 2) and not run.is_cleared(1, 2) and not run.is_cleared(0, 1)
    run.location = 2
    assert run.is_cleared(0)


def test_no_foes_or_allies_without_a_level():
    run = RunState(WorldMap("Avalon"))
    assert run.foes_in_view() == [] and run.allies() == []
    g = run_on()
    rat = put(g, "rat", 3, 1)
    ally = put(g, "rat", 4, 1, ally=True)
    assert g.foes_in_view() == [rat] and g.allies() == [ally]


def test_the_screen_is_told_the_last_64_cues_once():
    run = RunState(WorldMap("Avalon"))
    cues = [list(Cue)[i % len(Cue)] for i in range(70)]
    for cue in cues:
        run.emit(cue)
    assert run.take_cues() == cues[6:] and run.take_cues() == []
    run.emit("hit")  # a cue's name is read as the cue ...
    assert run.take_cues() == [Cue.HIT]
    with pytest.raises(ValueError):
        run.emit("applause")  # ... and a name that is no cue is refused


def test_stopping_a_walk_ends_the_path_exploring_and_resting():
    run = RunState(WorldMap("Avalon"))
    for activity in (Activity("explore", [(1, 1)]), Activity("rest", turns=3), Activity("walk", [(1, 1)])):
        run.activity = activity
        assert run.ongoing
        run.stop_walk()
        assert run.path == [] and run.exploring is False and run.resting == "" and run.rest_turns == 0
        assert not run.ongoing and run.activity is None


def test_a_walk_with_every_cell_walked_is_over_and_auto_explore_between_legs_is_not():
    run = RunState(WorldMap("Avalon"))
    run.activity = Activity("walk", [])
    assert not run.ongoing
    run.activity = Activity("explore", [])
    assert run.ongoing and run.exploring and run.path == []


def test_the_loudest_sound_of_a_turn_is_kept():
    run = RunState(WorldMap("Avalon"))
    run.make_noise(4)
    run.make_noise(2)
    assert run.noise == 4


def test_every_cue_the_rules_give_has_a_sound_and_every_sound_is_a_cue():
    from game.shell.audio import SOUNDS

    assert set(SOUNDS) == {cue.value for cue in Cue}
