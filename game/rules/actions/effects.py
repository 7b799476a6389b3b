"""Effects as actions: each thing that changes a creature or the level is
one small :class:`~game.rules.actions.base.Action`, shared by potions,
scrolls, wands, traps and monsters.

An item does not carry code: its kind names an *effect* (``ItemKind.effect``)
and how the effect finds its targets (``ItemKind.aim``).  :data:`EFFECTS` is
the one table of effects: for each name, the action it is on one target (a
creature, or for a few effects a cell, or nothing).  :class:`Deliver` finds
the targets by the aim and performs the effect on each, through the same
cascade as every other action (after Hauberk's ``Action.addAction``: the
units are returned as a result's reactions, ``succeed(..., then=...)``).

Aims: ``self`` (whoever uses it), ``view`` (every foe in view: allies and
captives are spared), ``bolt`` (the first creature on the line to the
target), ``burst`` (every creature in the 3x3 around the target; a thrown
potion always bursts), ``line`` (every creature on the line from the user to
the target, and the cells it crosses: a breath), ``cell`` (the target cell
itself), ``item`` (a piece of the user's gear: what a scroll of enchanting
enchants), ``none`` (no target: the level, the pack).  Fire delivered by a
burst or a line sets alight what burns on the cells it covers
(:class:`Ignite`).

Every unit checks what it needs when it is performed (a creature killed by
an earlier reaction is left alone), says its own line, and takes no time of
its own: the action that caused it spent the turn.

To add an effect: write its unit here (or reuse one), add one line to
:data:`EFFECTS`, and name it (with an aim) on an item kind in
``game/rules/content/items.py``; ``tests/test_rules_effects.py`` checks every
name the content uses is in the table.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..world import hazards
from ..creatures import status
from ..content import ITEM_BY_ID, PADDING_HP, STATUSES
from ..creatures.entities import ALCHEMY, Actor, Monster
from ..play.harm import hurt, name_of
from ..text.log import Cue, bad, good, note
from ..world.los import line as line_cells
from ..state import RunState
from .base import Action, Result, fail, succeed
from .surroundings import CLOUD, Cloud, Identify, IdentifyOne, Ignite, Reveal

__all__ = ["EFFECTS", "AIMS", "BURSTS", "IGNITES", "CLOUDS", "CLOUD", "Cloud", "Deliver", "Heal", "Afflict", "Damage",
           "Burn", "Relocate", "Reveal", "Identify", "IdentifyOne", "Improve", "Enchant", "Ignite", "landing_cell",
           "creatures_in_view", "ALCHEMY"]

AIMS = ("self", "view", "bolt", "burst", "line", "cell", "item", "none")
TELEPORT_FAR = 12  # steps on foot a teleport tries to put between where you were and where you land


def creatures_in_view(run: RunState) -> list[Monster]:
    """The foes the player sees (what an effect aimed at ``view`` touches)."""
    return run.foes_in_view()


def _who_at(run: RunState, x: int, y: int) -> Actor | None:
    if (x, y) == run.player.pos:
        return run.player
    return run.level.monster_at(x, y) if run.level is not None else None


# -- on a creature ------------------------------------------------------------------------------
class Heal(Action):
    """``who`` heals ``percent`` of its max HP, at least 15 (a potion keeps its
    worth as you grow); an alchemist half again as much."""

    def __init__(self, who: Actor, percent: int) -> None:
        self.who, self.percent = who, percent

    def perform(self, run: RunState) -> Result:
        who = self.who
        if not who.alive:
            return fail()
        amount = max(15, who.max_hp * self.percent // 100)
        if who.heal_factor != 1.0:  # an alchemist
            amount = int(amount * who.heal_factor)
        healed = min(amount, who.max_hp - who.hp)
        who.hp += healed
        return succeed(good(f"{name_of(who, True)} {who.speak('feel', 'looks')} better (+{healed} HP)."))


class Afflict(Action):
    """``who`` gains status ``name`` for ``turns`` turns (see :mod:`game.rules.creatures.status`)."""

    def __init__(self, who: Actor, name: str, turns: int) -> None:
        self.who, self.name, self.turns = who, name, turns

    def perform(self, run: RunState) -> Result:
        who = self.who
        if not who.alive or not status.add(who, self.name, self.turns):
            return fail()
        line = f"{name_of(who, True)} {who.speak('are', 'is')} {self.name}."
        return succeed(bad(line) if who.is_hero and not STATUSES[self.name].good else note(line))


class Damage(Action):
    """``who`` loses ``amount`` HP from ``cause`` (a death is :func:`~game.rules.play.harm.hurt`'s to handle);
    ``tick``: from its own statuses ticking, not a blow."""

    def __init__(self, who: Actor, amount: int, cause: str, tick: bool = False) -> None:
        self.who, self.amount, self.cause, self.tick = who, amount, cause, tick

    def perform(self, run: RunState) -> Result:
        if not self.who.alive:
            return fail()
        return succeed(*hurt(run, self.who, self.amount, self.cause, tick=self.tick))


class Burn(Action):
    """Flames engulf ``who``: it burns for 3 turns and takes ``damage`` now."""

    TURNS = 3

    def __init__(self, who: Actor, damage: int) -> None:
        self.who, self.damage = who, damage

    def perform(self, run: RunState) -> Result:
        if not self.who.alive:
            return fail()
        if run.level is not None and hazards.ignite(run.level, *self.who.pos):
            run.level.refresh()  # the grass underfoot catches too
        return succeed(bad(f"Flames engulf {name_of(self.who)}!"),
                       then=(Afflict(self.who, "burning", self.TURNS), Damage(self.who, self.damage, "fire")))


class Improve(Action):
    """``who`` grows stronger for good (what crafting and perks give): attack,
    defence, max HP (the new points come healed)."""

    def __init__(self, who: Actor, attack: int = 0, max_hp: int = 0, defence: int = 0) -> None:
        self.who, self.attack, self.max_hp, self.defence = who, attack, max_hp, defence

    def perform(self, run: RunState) -> Result:
        who = self.who
        who.strengthen(self.attack, self.defence)
        who.max_hp += self.max_hp
        who.hp += self.max_hp
        return succeed()


class Enchant(Action):
    """A scroll of enchanting's magic on the kind of gear ``who`` holds in
    ``slot`` (the weapon in hand, the one ready, the armour worn): that kind
    is ``power`` better for them for good, every one of it they wield or
    wear (``Player.enchants``: a blade strikes, a launcher shoots, armour
    guards that much more)."""

    def __init__(self, who: Actor, slot: str, power: int = 1) -> None:
        self.who, self.slot, self.power = who, slot, power

    def perform(self, run: RunState) -> Result:
        item = getattr(self.who, self.slot, None)
        if not item or not hasattr(self.who, "enchants"):
            return fail()
        self.who.enchants[item] = self.who.enchants.get(item, 0) + self.power
        name = ITEM_BY_ID[item].name
        return succeed(good(f"Your {name} glows, and is +{self.who.enchants[item]} now."))


# -- moving a creature: one unit, one cell picker -----------------------------------------------------
def landing_cell(run: RunState, rng: np.random.Generator, far_from: tuple[int, int] | None = None,
                 far: int = 0) -> tuple[int, int] | None:
    """A random cell magic may set a creature down on
    (:meth:`~game.rules.world.level.Level.landing_cells`), more than ``far`` steps
    on foot from ``far_from`` when any such cell exists; None on a level
    with no landing cell at all."""
    level = run.level
    free = level.landing_cells()
    if far_from is not None and far > 0:
        away = free & (level.distance_from(*far_from) > far)
        free = away if away.any() else free
    ys, xs = np.nonzero(free)
    if ys.size == 0:
        return None
    k = int(rng.integers(0, ys.size))
    return int(xs[k]), int(ys[k])


class Relocate(Action):
    """Magic moves ``who``: to ``cell`` (a blink: it must be open floor with
    no one on it), or, with no cell, to a random landing cell
    (:func:`landing_cell`, rolled with ``rng``) more than ``far`` steps from
    where it stood (a teleport).  ``line`` (a log line) is said when it lands; a blink
    that cannot land says it stays.  The player's walk ends and the view
    follows them."""

    def __init__(self, who: Actor, cell: tuple[int, int] | None = None, *,
                 rng: np.random.Generator | None = None, far: int = 0, line: tuple[str, str] | None = None) -> None:
        self.who, self.cell, self.rng, self.far, self.line = who, cell, rng, far, line

    def perform(self, run: RunState) -> Result:
        level, who = run.level, self.who
        if level is None:
            return succeed(note("The world lurches, and settles."))
        if not who.alive:
            return fail()
        cell = self.cell
        if cell is None:
            rng = self.rng if self.rng is not None else run.rng("relocate")
            cell = landing_cell(run, rng, who.pos, self.far)
        elif not (level.inside(*cell) and who.stands(level)[cell[1], cell[0]]) or _who_at(run, *cell) is not None:
            cell = None
        if cell is None:
            return succeed(note(f"{name_of(who, True)} {who.speak('flicker', 'flickers')}, "
                                f"but {who.speak('stay where you are', 'stays where it is')}."))
        run.place(who, cell)
        return succeed(*([self.line] if self.line else []))


# -- the one table ---------------------------------------------------------------------------
#: What each effect is on one target: ``make(run, target, power) -> Action``.
#: The target is a creature, except for the ``cell`` (a cell), ``item`` (a
#: piece of gear: weapon, swap, armour) and ``none`` aims.
Make = Callable[[RunState, object, int], Action]


def _afflict(name: str) -> Make:
    return lambda run, who, power: Afflict(who, name, power)


EFFECTS: dict[str, Make] = {
    "heal": lambda run, who, power: Heal(who, power),
    "haste": _afflict("hasted"),
    "regenerate": _afflict("regenerating"),
    "poison": _afflict("poisoned"),
    "confuse": _afflict("confused"),
    "slow": _afflict("slowed"),
    "levitate": _afflict("levitating"),
    "invisible": _afflict("invisible"),
    "paralyse": _afflict("paralysed"),
    "fear": _afflict("afraid"),
    "burn": lambda run, who, power: Burn(who, power),
    "teleport": lambda run, who, power: Relocate(who, rng=run.rng("teleport"), far=TELEPORT_FAR,
                                                 line=note("You are torn away and set down elsewhere.")),
    "blink": lambda run, cell, power: Relocate(run.player, cell, line=note("You blink across the room.")),
    "reveal": lambda run, _, power: Reveal(),
    "smoke": lambda run, who, power: Cloud("smoke", who, CLOUD * 2),
    "poison_cloud": lambda run, who, power: Cloud("poison", who),
    "confusion_cloud": lambda run, who, power: Cloud("confusion", who),
    "identify": lambda run, _, power: IdentifyOne(),
    "enchant": lambda run, slot, power: Enchant(run.player, slot, power),
    # crafted
    "hone": lambda run, who, power: Improve(who, attack=1),
    "padding": lambda run, who, power: Improve(who, max_hp=PADDING_HP),
}


#: What a burst of an effect looks like, beyond its touch on each creature: a line and a sound.
BURSTS: dict[str, tuple[tuple[str, str], Cue]] = {"burn": (bad("A ball of fire bursts!"), Cue.FIRE),
                                                   "confuse": (bad("A cloud of spores bursts!"), Cue.SHATTER)}
#: Effects that set alight the cells a burst or a line of them covers (:class:`Ignite`).
IGNITES = frozenset({"burn"})
_MISSED = {"view": "Nothing in view is touched.", "bolt": "The bolt fizzles out."}
#: A burst of these effects also leaves a cloud where it bursts (a shattered potion of poison ...).
CLOUDS = {"poison": "poison", "confuse": "confusion"}


def _on_the_ground(effect: str, aim: str, cell: tuple[int, int], cells: list[tuple[int, int]]) -> tuple[Action, ...]:
    """What a burst or a line does to the ground: fire sets alight what
    burns on the cells it covers, a shattered cloud potion leaves its cloud."""
    if effect in IGNITES:
        return (Ignite(cells),)
    if effect in CLOUDS and aim == "burst":
        return (Cloud(CLOUDS[effect], cell),)
    return ()


class Deliver(Action):
    """Effect ``effect`` of strength ``power``, aimed by ``aim`` (see the
    module docstring) from ``user`` at ``cell``: finds its targets now and
    performs the effect on each."""

    def __init__(self, effect: str, aim: str, power: int, user: Actor, cell: tuple[int, int] | None = None) -> None:
        self.effect, self.aim, self.power, self.user, self.cell = effect, aim, power, user, cell

    def perform(self, run: RunState) -> Result:
        make = EFFECTS[self.effect]
        lines = []
        if self.aim == "burst" and self.effect in BURSTS:
            line, sound = BURSTS[self.effect]
            lines.append(line)
            run.emit(sound)
        targets = self._targets(run)
        if not targets and self.aim in _MISSED:
            lines.append(note(_MISSED[self.aim]))
        then = tuple(make(run, target, self.power) for target in targets)
        if self.aim in ("burst", "line") and run.level is not None:
            then += _on_the_ground(self.effect, self.aim, self.cell, self._cells(run))
        return succeed(*lines, then=then)

    def _cells(self, run: RunState) -> list[tuple[int, int]]:
        """The cells a burst or a line covers."""
        if self.aim == "line":
            return self._line(run)
        x0, y0 = self.cell
        return [(x, y) for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)]

    def _line(self, run: RunState) -> list[tuple[int, int]]:
        """The cells from the user to the target (the user's own not counted), up to the first wall."""
        level, out = run.level, []
        for x, y in line_cells(self.user.pos, self.cell):
            if not (level.inside(x, y) and level.transparent[y, x]):
                break
            out.append((x, y))
        return out

    def _targets(self, run: RunState) -> list:
        aim = self.aim
        if aim == "self":
            return [self.user]
        if aim == "none":
            return [None]
        if aim in ("cell", "item"):  # the cell, or (a scroll of enchanting) the piece of gear chosen
            return [self.cell]
        if aim == "view":
            return creatures_in_view(run)
        if aim == "bolt":
            who = _who_at(run, *self.cell)
            return [] if who is None or who is self.user else [who]
        if aim == "line":
            return [who for c in self._line(run) if (who := _who_at(run, *c)) is not None and who is not self.user]
        x0, y0 = self.cell  # burst: the 3x3 around the cell, row by row
        return [who for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)
                if (who := _who_at(run, x, y)) is not None and who.alive]
