"""The goal of a run, as shipped: the relic of the world's last location,
carried out of its site, wins; every earlier relic opens the way on."""

from game.rules import content
from game.rules.content import dungeons
from test_rules import dungeon_run, make_level


def carry_relic_out(before_last: int):
    """A run in the relic site of the location ``before_last`` places before
    the world's last, carrying its relic, that climbs out."""
    g = dungeon_run(make_level(last=True))
    g.location = g.world.n_locations - 1 - before_last
    g.unlocked = g.location + 1
    g.carrying_relic = True
    assert g.leave_site()
    return g


def test_the_shipped_goal_is_the_last_locations_relic():
    assert dungeons.FINAL_LOCATION is None  # tests that shorten a run set it themselves
    assert [content.final_location(n) for n in (1, 2, 10)] == [0, 1, 9]


def test_the_relic_before_the_last_opens_the_last_location_and_does_not_win():
    g = carry_relic_out(1)
    assert not g.won
    assert g.relics == {g.location} and g.unlocked == g.world.n_locations
    assert any("is open" in line for line, _, _ in g.log)


def test_the_last_locations_relic_wins_the_run():
    g = carry_relic_out(0)
    assert g.won and g.relics == {g.world.n_locations - 1}
    assert any("You have won" in line for line, _, _ in g.log)
