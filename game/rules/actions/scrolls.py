"""Scrolls that ask for a choice: read first, choose after (as DCSS does).

A scroll whose magic needs a choice (where a blink lands, where fire
bursts, what a scroll of enchanting enchants) is read with no
target (:class:`Read`: ``ItemKind.asks``): it leaves the pack, its kind becomes known, and the
player is *reading* it (``Player.reading``) until they choose
(:class:`Choose`) or let it go, when it crumbles unused.  So an unknown
scroll never asks anything before it is read, and how it asks tells nothing
of its kind.  While a read scroll waits, no other action may be taken (the
engine refuses it: ``Action.finishes_reading``).  A scroll already known may
still be used with its target at once (:class:`~.items.UseItem`).

Where a scroll (or a wand) acts is :func:`aim_point`'s: the first creature
on the line, or the line's end; a blink lands short of whoever is in the way.
"""

from __future__ import annotations

from ..content import ITEM_BY_ID, ItemKind
from ..creatures.identify import identify, item_name
from ..text import words
from ..text.log import Cue, note
from ..state import RunState
from ..world.geometry import chebyshev
from .base import ANYWHERE, Action, PackAction, Result, fail, succeed
from .effects import Deliver

__all__ = ["Read", "Choose", "aim_point", "choice_prompt", "GEAR", "CRUMBLES", "LANDING_AIMS"]

#: What a scroll of enchanting may enchant: the weapon in hand, the one ready to swap, the armour worn.
GEAR = ("weapon", "swap", "armour")
CRUMBLES = "crumbles to dust, unused"
#: Aims that act where they are aimed (a flight stops at its target): a burst, a blink.
LANDING_AIMS = ("burst", "cell")


def choice_prompt(kind: ItemKind) -> str:
    """The line that asks for the choice (the kind is known by then)."""
    if kind.aim == "item":
        return "Choose what to enchant: your weapon or your armour. Esc lets it crumble unused."
    return f"Choose where {words.the(kind.name)} acts. Esc lets it crumble unused."


def aim_point(run: RunState, kind: ItemKind, target: tuple[int, int]) -> tuple[tuple[int, int] | None, str]:
    """Where an aimed scroll or wand of ``kind`` acts when aimed at ``target``,
    or ``(None, why)``: the first creature on the line, or where the line
    stops; a blink lands on the last free cell before whoever is in the way."""
    level = run.level
    if level is None:
        return None, "There is nothing to aim at here."
    reach = kind.range or kind.power or 6
    if kind.aim in LANDING_AIMS:  # a burst or a blink acts where it is aimed, not past it
        reach = min(reach, chebyshev(run.pos, target))
    f = level.flight(run.pos, target, reach, lambda x, y: level.monster_at(x, y) is not None)
    if f.end is None:
        return None, level.in_the_way(run.pos, target)
    if kind.aim != "cell":
        return f.hit or f.end, ""
    stands = run.player.stands(level)
    free = [(x, y) for x, y in f.cells if (x, y) != f.hit and stands[y, x]]
    if free:
        return free[-1], ""
    in_way = level.monster_at(*f.hit) if f.hit is not None else None
    return None, (f"{words.capital(in_way.name)} is in the way: there is no room to land." if in_way is not None
                  else level.in_the_way(run.pos, target))


class Read(PackAction):
    """Read the scroll in pack ``slot`` whose magic asks for a choice: it is
    known now, and the choice comes next (no time passes until it is made).
    On the overworld a scroll that acts at a distance has nothing to act on
    and crumbles."""

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        kind = ITEM_BY_ID[pack[self.slot]]
        if not kind.asks:
            return fail()
        del pack[self.slot]
        run.dirty = True
        run.emit(Cue.READ)
        lines = [note(f"You read {item_name(run, kind, article='the')}.")]
        if (known := identify(run, kind.id)) is not None:
            lines.append(note(known))
        if kind.aim != "item" and run.level is None:
            return succeed(*lines, note(f"{words.capital(words.the(kind.name))} has nothing to act on here, and "
                                        f"{CRUMBLES}."))
        run.player.reading = kind.id
        return succeed(*lines, note(choice_prompt(kind)), turns=0)


class Choose(Action):
    """The choice a read scroll waits for: a cell (where it acts), a piece
    of :data:`GEAR` (what it enchants), or None: it crumbles unused.  The
    turn is spent here.  A choice that cannot be made says why and the
    scroll waits on."""

    modes = ANYWHERE
    finishes_reading = True

    def __init__(self, choice: tuple[int, int] | str | None) -> None:
        self.choice = choice

    def perform(self, run: RunState) -> Result:
        p = run.player
        kind = ITEM_BY_ID.get(p.reading)
        if kind is None:
            return fail()
        if self.choice is None:
            p.reading = ""
            return succeed(note(f"{words.capital(words.the(kind.name))} {CRUMBLES}."))
        if kind.aim == "item":
            if self.choice not in GEAR:
                return fail(note(choice_prompt(kind)))
            if getattr(p, self.choice) is None:
                return fail(note(f"You have no {'armour on' if self.choice == 'armour' else 'weapon there'} "
                                 "to enchant."))
            p.reading = ""
            return succeed(then=(Deliver(kind.effect, "item", kind.power, p, self.choice),))
        if not (isinstance(self.choice, tuple) and len(self.choice) == 2):
            return fail(note(choice_prompt(kind)))
        cell, why = aim_point(run, kind, self.choice)
        if cell is None:
            return fail(note(why))
        p.reading = ""
        run.make_noise(5)
        return succeed(then=(Deliver(kind.effect, kind.aim, kind.power, p, cell),))
