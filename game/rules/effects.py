"""What items do: one small function per effect, named by the content tables.

Two tables:

- :data:`EFFECTS`, effects on the player: using an item (``ItemKind.use``:
  drink, read, wield, wear) and crafting (a :class:`~game.rules.content.Recipe`).
  ``effect(run, item, slot) -> log lines``; the action that called it has
  already taken the item out of the pack and spends the turn.
- :data:`AIMED`, effects at a cell: a thrown potion's splash (3x3), a wand's
  bolt (the first creature on the line), a scroll read at a target.
  ``effect(run, item, cell) -> log lines``.

To add an effect: write the function, put it in its table under a name, and
name it in ``game/rules/content/items.py`` (a test checks that every name the
tables use is here).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from worldgen.core.tiles import WALKABLE
from worldgen.toolkit import grid

from . import status
from .content import ItemKind
from .entities import Monster, Player
from .harm import hurt, name_of
from .identify import display_name, identify
from .log import bad, good, loot, note
from .state import RunState

__all__ = ["EFFECTS", "AIMED", "Effect", "AimedEffect", "splash", "creatures_in_view"]

Lines = list[tuple[str, str]]
Effect = Callable[[RunState, ItemKind, int], Lines]
AimedEffect = Callable[[RunState, ItemKind, tuple[int, int]], Lines]


# -- on whoever: a status or healing, named for the log ----------------------------------------
def _give(run: RunState, who: Player | Monster, name: str, turns: int) -> Lines:
    if not status.add(who, name, turns):
        return []
    verb = "are" if isinstance(who, Player) else "is"
    kind = bad if isinstance(who, Player) and name in ("poisoned", "burning", "slowed", "confused") else note
    return [kind(f"{name_of(who, True)} {verb} {name}.")]


def _heal(run: RunState, who: Player | Monster, power: int) -> Lines:
    """Heal ``power`` percent of max HP, at least 15 (a potion keeps its worth as you grow)."""
    amount = max(15, who.max_hp * power // 100)
    healed = min(amount, who.max_hp - who.hp)
    who.hp += healed
    return [good(f"{name_of(who, True)} {'feel' if isinstance(who, Player) else 'looks'} better (+{healed} HP).")]


def _burn(run: RunState, who: Player | Monster, damage: int) -> Lines:
    lines = _give(run, who, "burning", 3)
    return [bad(f"Flames engulf {name_of(who)}!")] + lines + hurt(run, who, damage, "fire")


# -- the player uses an item --------------------------------------------------------------------
def _drink(apply: Callable[[RunState, Player | Monster, int], Lines]) -> Effect:
    def effect(run: RunState, item: ItemKind, slot: int) -> Lines:
        seen_as = display_name(run, item)
        named = identify(run, item.id)
        run.emit("drink")
        lines = [note(f"You drink the {seen_as}.")] + apply(run, run.player, item.power)
        return lines + ([loot(named)] if named else [])
    return effect


def _read(apply: Callable[[RunState, ItemKind], Lines]) -> Effect:
    def effect(run: RunState, item: ItemKind, slot: int) -> Lines:
        seen_as = display_name(run, item)
        named = identify(run, item.id)
        run.emit("read")
        return [note(f"You read the {seen_as}.")] + apply(run, item) + ([loot(named)] if named else [])
    return effect


def _equip(gear: str, verb: str) -> Effect:
    def effect(run: RunState, item: ItemKind, slot: int) -> Lines:
        p = run.player
        old = getattr(p, gear)
        setattr(p, gear, item.id)
        if old:  # what it replaces goes back where it was in the pack
            p.inventory.insert(max(0, slot), old)
        return [loot(f"You {verb} the {item.name}.")]
    return effect


def creatures_in_view(run: RunState) -> list[Monster]:
    level = run.level
    return [m for m in level.monsters if level.visible[m.y, m.x]] if level is not None else []


def _all_in_view(name: str) -> Callable[[RunState, ItemKind], Lines]:
    def apply(run: RunState, item: ItemKind) -> Lines:
        hit = creatures_in_view(run)
        lines = [line for m in hit for line in _give(run, m, name, item.power)]
        return lines or [note("Nothing in view is touched.")]
    return apply


def _reveal(run: RunState, item: ItemKind) -> Lines:
    level = run.level
    if level is None:
        return [note("The scroll shows the land around you; you knew it already.")]
    shown = WALKABLE[level.tiles] | (grid.neighbour_count(WALKABLE[level.tiles], 1) > 0)
    level.seen |= shown
    return [good("The level's layout floods your mind.")]


def _identify_one(run: RunState, item: ItemKind) -> Lines:
    for item_id in run.player.inventory:
        named = identify(run, item_id)
        if named:
            return [loot(named)]
    return [note("You have nothing left to identify.")]


def _teleport(run: RunState, item: ItemKind) -> Lines:
    level = run.level
    if level is None:
        return [note("The world lurches, and settles.")]
    rng = run.rng("teleport")
    free = level.landing_cells()
    dist = level.distance_from(*run.pos)
    far = free & (dist > 12)
    cells = np.argwhere(far if far.any() else free)
    y, x = (int(v) for v in cells[int(rng.integers(0, len(cells)))])
    run.pos = (x, y)
    level.update_view(x, y)
    run.path = []
    return [note("You are torn away and set down elsewhere.")]


def _craft(make: Callable[[RunState], None]) -> Effect:
    def effect(run: RunState, item: ItemKind, slot: int) -> Lines:
        make(run)
        return []
    return effect


def _hone(run: RunState) -> None:
    run.player.base_attack += 1


def _padding(run: RunState) -> None:
    run.player.max_hp += 6
    run.player.hp += 6


def _elixir(run: RunState) -> None:
    run.player.max_hp += 3
    run.player.hp = run.player.max_hp


EFFECTS: dict[str, Effect] = {
    # drunk
    "heal": _drink(_heal),
    "haste": _drink(lambda run, who, power: _give(run, who, "hasted", power)),
    "regenerate": _drink(lambda run, who, power: _give(run, who, "regenerating", power)),
    "poison": _drink(lambda run, who, power: _give(run, who, "poisoned", power)),
    "burn": _drink(_burn),
    "confuse": _drink(lambda run, who, power: _give(run, who, "confused", power)),
    # read
    "slow_all": _read(_all_in_view("slowed")),
    "confuse_all": _read(_all_in_view("confused")),
    "reveal": _read(_reveal),
    "identify": _read(_identify_one),
    "teleport": _read(_teleport),
    # worn
    "wield": _equip("weapon", "wield"),
    "wear": _equip("armour", "wear"),
    # crafted (items a recipe makes are added by the Craft action)
    "hone": _craft(_hone),
    "padding": _craft(_padding),
    "elixir": _craft(_elixir),
    "potion": _craft(lambda run: None),
    "fletch": _craft(lambda run: None),
    "wand": _craft(lambda run: None),
}


# -- at a cell ---------------------------------------------------------------------------------
def _who_at(run: RunState, x: int, y: int) -> Player | Monster | None:
    if (x, y) == run.pos:
        return run.player
    return run.level.monster_at(x, y) if run.level is not None else None


def splash(run: RunState, item: ItemKind, cell: tuple[int, int]) -> Lines:
    """A potion shatters at ``cell``: its effect on every creature in the 3x3 around it."""
    drunk = _SPLASH.get(item.effect)
    lines = [note(f"The {display_name(run, item)} shatters!")]
    run.emit("shatter")
    named = identify(run, item.id)
    if named:
        lines.append(loot(named))
    x0, y0 = cell
    for y in range(y0 - 1, y0 + 2):
        for x in range(x0 - 1, x0 + 2):
            who = _who_at(run, x, y)
            if who is not None and drunk is not None and who.hp > 0:
                lines += drunk(run, who, item.power)
    return lines


_SPLASH: dict[str, Callable[[RunState, Player | Monster, int], Lines]] = {
    "heal": _heal,
    "haste": lambda run, who, power: _give(run, who, "hasted", power),
    "regenerate": lambda run, who, power: _give(run, who, "regenerating", power),
    "poison": lambda run, who, power: _give(run, who, "poisoned", power),
    "burn": _burn,
    "confuse": lambda run, who, power: _give(run, who, "confused", power),
}


def _bolt(apply: Callable[[RunState, Player | Monster, int], Lines]) -> AimedEffect:
    def effect(run: RunState, item: ItemKind, cell: tuple[int, int]) -> Lines:
        who = _who_at(run, *cell)
        if who is None or who is run.player:
            return [note("The bolt fizzles out.")]
        return apply(run, who, item.power)
    return effect


def _fireball(run: RunState, item: ItemKind, cell: tuple[int, int]) -> Lines:
    lines = [bad("A ball of fire bursts!")]
    run.emit("fire")
    x0, y0 = cell
    for y in range(y0 - 1, y0 + 2):
        for x in range(x0 - 1, x0 + 2):
            who = _who_at(run, x, y)
            if who is not None and who.hp > 0:
                lines += _burn(run, who, item.power)
    return lines


def _blink(run: RunState, item: ItemKind, cell: tuple[int, int]) -> Lines:
    level = run.level
    x, y = cell
    if level is None or not level.walkable[y, x] or level.monster_at(x, y) is not None:
        return [note("You flicker, but stay where you are.")]
    run.pos = (x, y)
    level.update_view(x, y)
    run.path = []
    return [note("You blink across the room.")]


AIMED: dict[str, AimedEffect] = {
    "fire_bolt": _bolt(_burn),
    "slow": _bolt(lambda run, who, power: _give(run, who, "slowed", power)),
    "confuse": _bolt(lambda run, who, power: _give(run, who, "confused", power)),
    "fireball": _fireball,
    "blink": _blink,
}

