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

Aims: ``self`` (whoever uses it), ``view`` (every creature in view),
``bolt`` (the first creature on the line to the target), ``burst`` (every
creature in the 3x3 around the target; a thrown potion always bursts),
``cell`` (the target cell itself), ``none`` (no target: the level, the pack).

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

from worldgen.core.tiles import WALKABLE
from worldgen.toolkit import grid

from .. import hazards, status
from ..entities import Monster, Player
from ..harm import hurt, name_of
from ..identify import identify
from ..log import bad, good, loot, note
from ..state import RunState
from .base import Action, Result, fail, succeed

__all__ = ["EFFECTS", "AIMS", "BURSTS", "CLOUDS", "CLOUD", "Cloud", "Deliver", "Heal", "Afflict", "Damage", "Burn", "Relocate", "Reveal",
           "Identify", "IdentifyOne", "Improve", "landing_cell", "creatures_in_view", "position"]

Creature = Player | Monster
AIMS = ("self", "view", "bolt", "burst", "cell", "none")
_HARMFUL = ("poisoned", "burning", "slowed", "confused")  # said in red when they take the player
CLOUD = 500  # how thick a cloud is at its heart when it rises
TELEPORT_FAR = 12  # steps on foot a teleport tries to put between where you were and where you land


def position(run: RunState, who: Creature) -> tuple[int, int]:
    return run.pos if isinstance(who, Player) else who.pos


def creatures_in_view(run: RunState) -> list[Monster]:
    level = run.level
    return [m for m in level.monsters if level.visible[m.y, m.x]] if level is not None else []


def _who_at(run: RunState, x: int, y: int) -> Creature | None:
    if (x, y) == run.pos:
        return run.player
    return run.level.monster_at(x, y) if run.level is not None else None


# -- on a creature ------------------------------------------------------------------------------
class Heal(Action):
    """``who`` heals ``percent`` of its max HP, at least 15 (a potion keeps its worth as you grow)."""

    def __init__(self, who: Creature, percent: int) -> None:
        self.who, self.percent = who, percent

    def perform(self, run: RunState) -> Result:
        who = self.who
        if not who.alive:
            return fail()
        healed = min(max(15, who.max_hp * self.percent // 100), who.max_hp - who.hp)
        who.hp += healed
        verb = "feel" if isinstance(who, Player) else "looks"
        return succeed(good(f"{name_of(who, True)} {verb} better (+{healed} HP)."))


class Afflict(Action):
    """``who`` gains status ``name`` for ``turns`` turns (see :mod:`game.rules.status`)."""

    def __init__(self, who: Creature, name: str, turns: int) -> None:
        self.who, self.name, self.turns = who, name, turns

    def perform(self, run: RunState) -> Result:
        who = self.who
        if not who.alive or not status.add(who, self.name, self.turns):
            return fail()
        player = isinstance(who, Player)
        line = f"{name_of(who, True)} {'are' if player else 'is'} {self.name}."
        return succeed(bad(line) if player and self.name in _HARMFUL else note(line))


class Damage(Action):
    """``who`` loses ``amount`` HP from ``cause`` (a death is :func:`~game.rules.harm.hurt`'s to handle);
    ``tick``: from its own statuses ticking, not a blow."""

    def __init__(self, who: Creature, amount: int, cause: str, tick: bool = False) -> None:
        self.who, self.amount, self.cause, self.tick = who, amount, cause, tick

    def perform(self, run: RunState) -> Result:
        if not self.who.alive:
            return fail()
        return succeed(*hurt(run, self.who, self.amount, self.cause, tick=self.tick))


class Burn(Action):
    """Flames engulf ``who``: it burns for 3 turns and takes ``damage`` now."""

    TURNS = 3

    def __init__(self, who: Creature, damage: int) -> None:
        self.who, self.damage = who, damage

    def perform(self, run: RunState) -> Result:
        if not self.who.alive:
            return fail()
        if run.level is not None and hazards.ignite(run.level, *position(run, self.who)):
            run.level.refresh()  # the grass underfoot catches too
        return succeed(bad(f"Flames engulf {name_of(self.who)}!"),
                       then=(Afflict(self.who, "burning", self.TURNS), Damage(self.who, self.damage, "fire")))


class Improve(Action):
    """``who`` grows stronger for good (what crafting gives): attack, max HP
    (the new points come healed), or a full heal."""

    def __init__(self, who: Creature, attack: int = 0, max_hp: int = 0, full_heal: bool = False) -> None:
        self.who, self.attack, self.max_hp, self.full_heal = who, attack, max_hp, full_heal

    def perform(self, run: RunState) -> Result:
        who = self.who
        if isinstance(who, Player):
            who.base_attack += self.attack
        else:
            who.attack += self.attack
        who.max_hp += self.max_hp
        who.hp = who.max_hp if self.full_heal else who.hp + self.max_hp
        return succeed()


# -- moving a creature: one unit, one cell picker -----------------------------------------------------
def landing_cell(run: RunState, rng: np.random.Generator, far_from: tuple[int, int] | None = None,
                 far: int = 0) -> tuple[int, int] | None:
    """A random cell magic may set a creature down on
    (:meth:`~game.rules.level.Level.landing_cells`), more than ``far`` steps
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

    def __init__(self, who: Creature, cell: tuple[int, int] | None = None, *,
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
            cell = landing_cell(run, rng, position(run, who), self.far)
        elif not (level.inside(*cell) and level.walkable[cell[1], cell[0]]) or _who_at(run, *cell) is not None:
            cell = None
        if cell is None:
            return succeed(note("You flicker, but stay where you are." if isinstance(who, Player)
                                else f"{name_of(who, True)} flickers, but stays where it is."))
        if isinstance(who, Player):
            run.pos = cell
            level.update_view(*cell)
            run.stop_walk()
        else:
            who.x, who.y = cell
        return succeed(*([self.line] if self.line else []))


class Cloud(Action):
    """A cloud of gas ``kind`` (``content.GASES``: smoke, poison, confusion)
    rises where ``who`` stands (or at a cell), ``amount`` thick at its heart
    and half that on the cells around; it drifts and fades each turn."""

    def __init__(self, kind: str, where, amount: int = CLOUD) -> None:
        self.kind, self.where, self.amount = kind, where, amount

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None:
            return fail()
        x0, y0 = self.where if isinstance(self.where, tuple) else position(run, self.where)
        for y in range(y0 - 1, y0 + 2):
            for x in range(x0 - 1, x0 + 2):
                if level.inside(x, y) and (level.transparent[y, x] or (x, y) == (x0, y0)):
                    hazards.release(level, self.kind, x, y, self.amount if (x, y) == (x0, y0) else self.amount // 2)
        level.refresh()
        run.emit("gas")
        return succeed(note(f"A cloud of {self.kind} billows out."))


# -- on the level and the pack ------------------------------------------------------------------------
class Reveal(Action):
    """Magic mapping: every floor cell of the level and the walls around it become known."""

    def perform(self, run: RunState) -> Result:
        level = run.level
        if level is None:
            return succeed(note("The scroll shows the land around you; you knew it already."))
        floor = WALKABLE[level.tiles]
        level.seen |= floor | (grid.neighbour_count(floor, 1) > 0)
        return succeed(good("The level's layout floods your mind."))


class Identify(Action):
    """The kind ``item_id`` becomes known ("The fizzy potion was a potion of speed.")."""

    def __init__(self, item_id: str) -> None:
        self.item_id = item_id

    def perform(self, run: RunState) -> Result:
        named = identify(run, self.item_id)
        return succeed(loot(named)) if named else fail()


class IdentifyOne(Action):
    """The first unknown kind in the pack becomes known."""

    def perform(self, run: RunState) -> Result:
        for item_id in run.player.inventory:
            named = identify(run, item_id)
            if named:
                return succeed(loot(named))
        return succeed(note("You have nothing left to identify."))


# -- the one table ---------------------------------------------------------------------------
#: What each effect is on one target: ``make(run, target, power) -> Action``.
#: The target is a creature, except for the ``cell`` and ``none`` aims.
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
    "burn": lambda run, who, power: Burn(who, power),
    "teleport": lambda run, who, power: Relocate(who, rng=run.rng("teleport"), far=TELEPORT_FAR,
                                                 line=note("You are torn away and set down elsewhere.")),
    "blink": lambda run, cell, power: Relocate(run.player, cell, line=note("You blink across the room.")),
    "reveal": lambda run, _, power: Reveal(),
    "smoke": lambda run, who, power: Cloud("smoke", who, CLOUD * 2),
    "poison_cloud": lambda run, who, power: Cloud("poison", who),
    "confusion_cloud": lambda run, who, power: Cloud("confusion", who),
    "identify": lambda run, _, power: IdentifyOne(),
    # crafted
    "hone": lambda run, who, power: Improve(who, attack=1),
    "padding": lambda run, who, power: Improve(who, max_hp=6),
    "elixir": lambda run, who, power: Improve(who, max_hp=3, full_heal=True),
}


#: What a burst of an effect looks like, beyond its touch on each creature: a line and a sound.
BURSTS: dict[str, tuple[tuple[str, str], str]] = {"burn": (bad("A ball of fire bursts!"), "fire")}
_MISSED = {"view": "Nothing in view is touched.", "bolt": "The bolt fizzles out."}
#: A burst of these effects also leaves a cloud where it bursts (a shattered potion of poison ...).
CLOUDS = {"poison": "poison", "confuse": "confusion"}


def _on_the_ground(run: RunState, effect: str, cell: tuple[int, int]) -> tuple[Action, ...]:
    """What a burst does to the ground: fire lights the 3x3's grass, a
    shattered cloud potion leaves its cloud."""
    level, (x0, y0) = run.level, cell
    if effect == "burn":
        lit = [(x, y) for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)
               if level.inside(x, y) and hazards.ignite(level, x, y)]
        if lit:
            level.refresh()
        return ()
    if effect in CLOUDS:
        return (Cloud(CLOUDS[effect], cell),)
    return ()


class Deliver(Action):
    """Effect ``effect`` of strength ``power``, aimed by ``aim`` (see the
    module docstring) from ``user`` at ``cell``: finds its targets now and
    performs the effect on each."""

    def __init__(self, effect: str, aim: str, power: int, user: Creature, cell: tuple[int, int] | None = None) -> None:
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
        if self.aim == "burst" and run.level is not None:
            then += _on_the_ground(run, self.effect, self.cell)
        return succeed(*lines, then=then)

    def _targets(self, run: RunState) -> list:
        aim = self.aim
        if aim == "self":
            return [self.user]
        if aim == "none":
            return [None]
        if aim == "cell":
            return [self.cell]
        if aim == "view":
            return creatures_in_view(run)
        if aim == "bolt":
            who = _who_at(run, *self.cell)
            return [] if who is None or who is self.user else [who]
        x0, y0 = self.cell  # burst: the 3x3 around the cell, row by row
        return [who for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)
                if (who := _who_at(run, x, y)) is not None and who.alive]
