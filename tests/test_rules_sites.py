"""When a site is cleared (game/rules/play/sites.py): its treasure carried out,
or taken with its guardian dead; what clearing gives (experience by the
level's tier) and how many cleared sites open the next location."""

from dataclasses import fields

from game.rules.content.keys import hint
from game.rules.creatures.entities import Player
from game.rules.text.log import loot, note
from game.rules.play.sites import clear_site, settle_site

from creatures import level_of, put, run_on


def at_site(last=True, tier=0, guardian=False):
    """A run on the last (or another) level of site 0, carrying its treasure."""
    g = run_on(level_of(last=last, tier=tier))
    g.carrying = g.site
    g.level.monsters = [m for m in g.level.monsters if not m.boss]
    if guardian:
        put(g, "orc", 5, 3, boss=True)
    return g


def cleared_xp(tier):
    return 10 * (tier + 1)


def test_nothing_is_cleared_without_the_sites_treasure_in_hand():
    g = at_site()
    g.carrying = None
    assert settle_site(g, leaving=True) == [] and not g.is_cleared(0)
    g.carrying = g.site + 1  # another site's (a save may say so)
    assert settle_site(g, leaving=True) == [] and not g.is_cleared(0)


def test_the_treasure_carried_out_clears_the_site_guardian_or_not():
    g = at_site(guardian=True)
    assert settle_site(g, leaving=True) and g.is_cleared(0) and g.carrying is None


def test_the_treasure_taken_with_the_guardian_dead_clears_the_site_at_once():
    g = at_site()
    assert settle_site(g) and g.is_cleared(0) and g.carrying is None


def test_the_treasure_taken_past_a_living_guardian_clears_nothing_until_carried_out():
    g = at_site(guardian=True)
    assert settle_site(g) == [] and not g.is_cleared(0) and g.carrying == g.site


def test_the_treasure_in_hand_above_the_last_level_clears_nothing_until_carried_out():
    g = at_site(last=False)
    assert settle_site(g) == [] and not g.is_cleared(0) and g.carrying == g.site
    g.level = None  # out in the open, the treasure still in hand
    assert settle_site(g) == [] and g.carrying == g.site


def test_a_cleared_site_gives_experience_by_its_tier_and_says_so():
    for tier in (0, 3):
        g = at_site(tier=tier)
        g.dirty = False
        expect = Player(**{f.name: getattr(g.player, f.name) for f in fields(Player)})
        gained = expect.gain_xp(cleared_xp(tier))
        out = clear_site(g)
        assert out[0] == loot(f"You claim the site's treasure! Site cleared. (+{cleared_xp(tier)} xp)")
        assert out[1:1 + len(gained)] == [loot(line) for line in gained]
        assert (g.player.xp, g.player.level) == (expect.xp, expect.level) and g.dirty


def test_a_level_gained_by_clearing_is_said_after_the_claim():
    g = at_site(tier=30)
    level = g.player.level
    out = clear_site(g)
    assert g.player.level > level and out[0][0].startswith("You claim") and len(out) >= 2
    assert all(kind == "loot" for _, kind in out[1:-1])


def test_enough_cleared_sites_open_the_next_location():
    g = at_site()
    need = g.world.sites_to_unlock(len(g.loc.sites))
    g.location, g.unlocked = 0, 1
    g.cleared[0] = set(range(1, need))  # one short
    g.site = 0
    out = clear_site(g)
    assert g.unlocked == 2
    assert out[-1] == loot(f"The way to {g.world.location_name(1)} is open! ({hint('world_map')})")


def test_too_few_cleared_sites_say_how_many_are_needed():
    g = at_site()
    g.location, g.unlocked = 0, 1
    g.loc.sites.extend(g.loc.sites * 99)  # a hundred sites: more than one must be cleared
    need = g.world.sites_to_unlock(len(g.loc.sites))
    assert need > 1
    out = clear_site(g)
    assert g.unlocked == 1 and g.cleared[0] == {0}
    assert out[-1] == note(f"1/{need} sites cleared (or the relic) to open the next location.")


def test_a_location_behind_the_frontier_opens_nothing_and_says_nothing():
    g = at_site()
    g.location, g.unlocked = 0, 3  # the next location is open already
    g.cleared[0] = set(range(1, 100))
    out = clear_site(g)
    assert g.unlocked == 3 and out[-1][0].startswith("You claim")


def test_clearing_the_last_location_opens_nothing_beyond_it_and_says_nothing():
    g = at_site()
    n = g.world.n_locations
    g.location, g.unlocked = n - 1, n
    g.cleared[n - 1] = set(range(1, 100))
    out = clear_site(g)
    assert g.unlocked == n and out[-1][0].startswith("You claim")


def test_clearing_the_location_before_the_last_opens_the_last():
    g = at_site()
    n = g.world.n_locations
    g.location, g.unlocked = n - 2, n - 1
    g.cleared[n - 2] = set(range(1, 100))
    clear_site(g)
    assert g.unlocked == n
