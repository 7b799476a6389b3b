"""What the screens may ask of the run: answers read from its state, and
the state itself as a read-only view (:data:`SCREEN_VIEW`).  Nothing here
changes the run or lets time pass."""

from __future__ import annotations

from ..text import words
from ..content import ITEM_BY_ID, relic_site
from ..creatures.identify import display_name
from ..actions.ranged import aim_label, aim_preview, aim_range, lands, targets
from ..play.caution import burst_caution, use_caution
from ..play.growth import perk_offer
from ..play.look import PackRow, describe_cell, pack_rows
from ..play.objective import Objective, objective, visited
from ..state import RunState
from ..world.location import SiteData
from .buttons import ButtonState, button_states
from .lifecycle import Choice

__all__ = ["Questions", "SCREEN_VIEW"]

#: The run's state a screen may read through the game (``game.turn``, ``game.level``...):
#: what the play screen, the panels and the end screen show.  Reading anything else, or
#: writing anything, is for the rules and the tools (``tests/test_architecture.py`` checks the screens).
SCREEN_VIEW = frozenset({
    "name", "size_name", "world", "daily", "mode", "turn", "pos", "player", "level", "loc", "location", "site",
    "depth", "unlocked", "cleared", "relics", "known", "kills", "killer", "dead", "won", "busy", "pending", "log",
    "ongoing", "path", "exploring", "resting", "rest_turns", "pickup", "repaired", "version", "recording",
    "carrying", "carrying_relic", "deepest", "companions", "slain", "freed", "dirty",
})


class Questions:
    """The screens' questions, for :class:`game.rules.run.Game` (which holds the ``run``)."""

    run: RunState

    def describe(self, x: int, y: int) -> list[str]:
        """What the player knows of cell ``(x, y)``, in lines (look, hover, hold)."""
        return describe_cell(self.run, x, y)

    def pack_rows(self) -> list[PackRow]:
        return pack_rows(self.run)

    def aim_range(self, purpose: str, slot: int | None = None) -> int:
        return aim_range(self.run, purpose, slot)

    def aim_label(self, purpose: str, slot: int | None = None) -> str:
        return aim_label(self.run, purpose, slot)

    def targets(self, max_range: int) -> list[tuple[int, int]]:
        """Cells of the monsters in view within ``max_range``, nearest first."""
        return targets(self.run, max_range)

    def aim_preview(self, target: tuple[int, int], max_range: int, purpose: str = "fire", slot: int | None = None):
        """How a shot at ``target`` would fly: ``(cells, cell hit or None, cells past its stop)``;
        a throw, a burst or a blink stops at the target (``purpose``, ``slot``: what is aimed)."""
        return aim_preview(self.run, target, max_range, lands(self.run, purpose, slot))

    def use_caution(self, slot: int) -> str:
        """What to ask before using the item in pack ``slot`` ("" when nothing):
        healing at full HP, a potion known to harm (:mod:`game.rules.play.caution`)."""
        pack = self.run.player.inventory
        return use_caution(self.run, ITEM_BY_ID[pack[slot]]) if 0 <= slot < len(pack) else ""

    def aim_caution(self, purpose: str, target: tuple[int, int], slot: int | None = None) -> str:
        """What to ask before letting fly at ``target`` ("" when nothing): a
        harmful burst known to reach the player."""
        p = self.run.player
        if purpose == "read":
            item = p.reading
        elif purpose in ("throw", "use") and slot is not None and 0 <= slot < len(p.inventory):
            item = p.inventory[slot]
        else:
            return ""
        return burst_caution(self.run, ITEM_BY_ID[item], target, aim_range(self.run, purpose, slot),
                             purpose == "throw")

    def reading(self) -> str:
        """What a scroll just read waits for: ``"where"`` (a cell: the target
        screen), ``"gear"`` (what to enchant: :meth:`enchant_choices`), or ""."""
        kind = ITEM_BY_ID.get(self.run.player.reading)
        return "" if kind is None else "gear" if kind.aim == "item" else "where"

    def enchant_choices(self) -> list[Choice]:
        """The gear a scroll of enchanting may enchant now: ``Choice(slot,
        name as it is now, what one more plus gives)``, for the weapon in
        hand, the one ready and the armour worn that the player has."""
        p, out = self.run.player, []
        for slot, where in (("weapon", "in hand"), ("swap", "ready"), ("armour", "worn")):
            item = getattr(p, slot)
            if item is not None:
                kind = ITEM_BY_ID[item]
                gives = "guards" if kind.kind == "armour" else "shoots" if kind.ammo else "strikes"
                out.append(Choice(slot, f"{display_name(self.run, kind)} ({where})",
                                  f"+{p.plus(item) + 1}: every {kind.name} you use {gives} 1 better"))
        return out

    def perk_offer(self) -> list[Choice]:
        """The perks offered for a level gained, empty when no choice is owed."""
        return [Choice(p.id, p.name, p.note) for p in perk_offer(self.run)]

    def ally_count(self) -> tuple[int, int]:
        """``(allies on this level, those told to wait)``."""
        allies = self.run.allies()
        return len(allies), sum(1 for m in allies if m.order == "wait")

    def location_status(self, index: int) -> str:
        """What the world map says of location ``index``: "2 sites cleared (need 3 or the relic)", "locked"."""
        run = self.run
        if index >= run.unlocked:
            return "locked"
        status = words.number("site", len(run.cleared.get(index, ()))) + " cleared"
        if index in run.relics:
            return "relic kept, " + status
        if index + 1 == run.unlocked and index + 1 < run.world.n_locations:
            status += f" (need {run.world.sites_to_unlock(len(run.loc.sites) if run.loc else 100)} or the relic)"
        return status

    def monster_name_at(self, x: int, y: int) -> str | None:
        """The name of the monster the player sees at ``(x, y)``, if any."""
        level = self.run.level
        if level is None or not level.inside(x, y) or not level.visible[y, x]:
            return None
        m = level.monster_at(x, y)
        return None if m is None or not self.run.sees(m) else m.name

    def objective(self) -> Objective:
        """The run's next goal: one line, the cell it points at, what ``T`` does
        (:func:`game.rules.play.objective.objective`)."""
        return objective(self.run)

    def visited_sites(self) -> set[int]:
        """The sites of this location the player has gone into."""
        return visited(self.run)

    def relic_site(self) -> SiteData | None:
        """The site of this location that holds its relic (None before it is built)."""
        loc = self.run.loc
        return loc.sites[relic_site(len(loc.sites))] if loc is not None else None

    def island_pos(self) -> tuple[int, int]:
        """Where the player is on this location's island (in a site: its door)."""
        run = self.run
        return run.pos if run.mode == "overworld" else run.over_pos.get(run.location, run.pos)

    def buttons(self) -> dict[str, ButtonState]:
        """What each on-screen button would do now (its label, whether it
        applies, its words): :func:`game.rules.run.buttons.button_states`."""
        return button_states(self.run)

    def take_cues(self) -> list:
        """The cues (sounds) since the screen last took them (:meth:`RunState.take_cues`)."""
        return self.run.take_cues()
