"""When a site is cleared: the rule in one place.

A site's treasure is taken (and carried); the site is cleared when the
player carries it out of the site, or when the site's guardian is dead.
Taking the treasure past a sleeping guardian and dying on the way out clears
nothing.  Enough cleared sites open the next location (so does its relic,
see ``actions.places``).
"""

from __future__ import annotations

from ..content.keys import hint
from ..text.log import loot, note
from ..state import RunState

__all__ = ["settle_site", "clear_site"]


def settle_site(run: RunState, leaving: bool = False) -> list[tuple[str, str]]:
    """The rule that clears a site, in one place: its treasure has been taken,
    and either the player carries it out of the site (``leaving``) or the
    site's guardian is dead.  Taking the treasure past a sleeping guardian and
    dying on the way out clears nothing.  Called when the treasure is taken,
    when a guardian dies and when the player leaves a site."""
    if run.carrying is None or run.carrying != run.site:
        return []
    level = run.level
    guarded = level is None or not level.last or any(m.boss for m in level.monsters)
    if guarded and not leaving:
        return []
    run.carrying = None
    return clear_site(run)


def clear_site(run: RunState) -> list[tuple[str, str]]:
    """The current site's treasure is claimed: the site is cleared, and enough
    cleared sites open the next location."""
    xp = 10 * (run.level.tier + 1)
    cleared = run.cleared.setdefault(run.location, set())
    cleared.add(run.site)
    out = [loot(f"You claim the site's treasure! Site cleared. (+{xp} xp)")]
    out += [loot(line) for line in run.player.gain_xp(xp)]
    need = run.world.sites_to_unlock(len(run.loc.sites))
    frontier = run.location + 1 == run.unlocked and run.unlocked < run.world.n_locations
    if frontier and len(cleared) >= need:
        run.unlocked += 1
        out.append(loot(f"The way to {run.world.location_name(run.location + 1)} is open! ({hint('world_map')})"))
    elif frontier:
        out.append(note(f"{len(cleared)}/{need} sites cleared (or the relic) to open the next location."))
    run.dirty = True
    return out
