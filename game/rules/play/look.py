"""What the player sees at a cell, in words: the look command, hover and
tap-and-hold all ask :func:`describe_cell`.

Only what the player knows is told: a cell never seen is unknown, a
remembered one shows its terrain but not who stands there now.

>>> from game.rules.world.location import WorldMap
>>> from game.rules.run import Game
>>> describe_cell(Game(WorldMap("Avalon")), 0, 0)
['Nothing known']
"""

from __future__ import annotations

from typing import NamedTuple

from worldgen.core.tiles import TILES, T

from ..text import words
from ..content import ITEM_BY_ID, RECIPES, TERRAIN_RULES, ItemKind
from ..content.keys import hint
from ..creatures.entities import Monster
from ..creatures.identify import is_known, item_name
from ..creatures.pack import lettered
from ..state import RunState

__all__ = ["describe_cell", "monster_text", "item_text", "item_use", "unreachable", "TERRAIN_TEXT", "PackRow",
           "pack_rows", "disguise_of"]

#: A few words per terrain (what it means for the player).
TERRAIN_TEXT = {
    T.deep_water: "deep water: no way across", T.shallow_water: "shallow water: wading, 3 turns a step",
    T.sand: "sand", T.grass: "grassland", T.forest: "forest: 2 turns a step", T.hills: "hills: 2 turns a step",
    T.mountain: "mountains: no way across", T.desert: "desert", T.swamp: "swamp: 2 turns a step",
    T.floor: "floor", T.wall: "wall", T.door: "a door", T.secret_door: "wall",
    T.stairs_up: f"stairs up ({hint('ascend')})", T.stairs_down: f"stairs down ({hint('descend')})",
    T.ground: "open ground",
    T.hedge: "a hedge", T.statue: "a statue: it blocks the way and the view", T.table: "a table: it blocks the way",
    T.fountain: "a fountain: drink (walk into it) to heal, once", T.dry_fountain: "a dry fountain",
    T.altar: "an altar: walk into it to learn what you carry, once", T.trap: "a trap you found (now you step over it safely)",
}
#: In a dungeon, the terrain rules' words come first (deep water is swum there).
DUNGEON_TEXT = {**TERRAIN_TEXT, **{tile: f"{rule.name}: {rule.note}" for tile, rule in TERRAIN_RULES.items()},
                T.ash: "ash: burnt ground", T.vault_floor: "a vault's floor", T.bookshelf: "shelves of old books"}


def describe_cell(run: RunState, x: int, y: int) -> list[str]:
    """Lines about cell ``(x, y)``: who is there, what lies there, the ground."""
    if run.mode == "dungeon" and run.level is not None:
        return _dungeon(run, x, y)
    if run.mode == "overworld" and run.loc is not None:
        return _overworld(run, x, y)
    return ["Nothing known"]


def _dungeon(run: RunState, x: int, y: int) -> list[str]:
    level = run.level
    if not level.inside(x, y) or not level.seen[y, x]:
        return ["Unexplored"]
    lines = []
    if (x, y) == run.pos:
        lines.append("You" + (", carrying the site's treasure" if run.carrying == run.site else "")
                     + (", carrying the relic" if run.carrying_relic else ""))
    monster = level.monster_at(x, y) if level.visible[y, x] else None
    if monster is not None and run.sees(monster):
        lines.append(monster_text(monster))
    elif monster is not None and monster.hidden and monster.kind.disguise:  # a mimic: what it passes for
        lines.append(item_text(run, ITEM_BY_ID[disguise_of(monster)]))
    here: dict[str, list] = {}  # items of one kind said once, counted: "5 arrows", not "An arrow" five times
    for it in level.items_at(x, y):
        here.setdefault(it.kind.id, [it.kind, 0])[1] += it.count
    lines += [item_text(run, kind, count) for kind, count in here.values()]
    ground = words.capital(_ground(int(level.shown_tiles()[y, x]), dungeon=True))
    lines.append(ground + ("" if level.visible[y, x] else " (remembered)"))
    if level.visible[y, x]:
        if level.fire[y, x]:
            lines.append("On fire: keep out (it sets you burning)")
        lines += [f"A cloud of {kind}" for kind, gas in level.gas.items() if gas[y, x] >= 50]
    return lines


def _ground(tile: int, dungeon: bool = False) -> str:
    """A few words on a tile (in a dungeon, its terrain rule's)."""
    return (DUNGEON_TEXT if dungeon else TERRAIN_TEXT).get(tile, TILES[tile].name.replace("_", " "))


def unreachable(run: RunState, x: int, y: int) -> str:
    """What a click on a cell no walk can go to says: what the cell is, as far as the player knows."""
    if run.mode == "dungeon" and run.level is not None:
        level = run.level
        if not level.inside(x, y) or not level.seen[y, x]:
            return "You have not explored there."
        tile = int(level.shown_tiles()[y, x])
        return f"You see no way there ({_ground(tile, dungeon=True)})."
    h, w = run.loc.tiles.shape
    if not (0 <= x < w and 0 <= y < h):
        return "That is beyond the map."
    return f"You see no way there ({_ground(int(run.loc.tiles[y, x]))})."


def _overworld(run: RunState, x: int, y: int) -> list[str]:
    loc = run.loc
    h, w = loc.tiles.shape
    if not (0 <= x < w and 0 <= y < h):
        return ["Beyond the map"]
    lines = ["You"] if (x, y) == run.pos else []
    i = int(loc.site_at[y, x])
    if i >= 0:
        site = loc.sites[i]
        state = "cleared" if run.is_cleared(i) else "not cleared"
        lines.append(f"Site {i + 1}: {site.describe()} ({state})")
        if site.theme.name != "plain":
            lines.append(words.capital(site.theme.description))
    lines.append(words.capital(_ground(int(loc.tiles[y, x]))))
    return lines


def disguise_of(m: Monster) -> str:
    """The item kind a mimic passes for (one of its kind's, by its index: the same every time)."""
    return m.kind.disguise[m.index % len(m.kind.disguise)]


def monster_text(m: Monster) -> str:
    """``"Goblin (guardian): 5/9 HP, hurt, asleep, fast, poisoned 3 (runs when badly hurt)"``:
    its state, then its trait (the kind's note); an ally's level and order, a
    captive's shackles."""
    name = m.kind.name[0].upper() + m.kind.name[1:] + (" (guardian)" if m.boss else "")
    hp = max(0, m.hp)
    health = "unhurt" if hp >= m.max_hp else "hurt" if hp * 2 > m.max_hp else "badly hurt"
    pace = "fast" if m.speed > 100 else "slow" if m.speed < 100 else ""
    if m.ally:
        state = f"your ally, level {m.level}, {'waiting' if m.order == 'wait' else 'following you'}"
    elif m.captive:
        state = "shackled: walk into it to free it"
    else:
        state = "fleeing" if m.fleeing else "hunting you" if m.awake else "asleep"
    extra = [pace] if pace else []
    extra += [f"{name_} {turns}" for name_, turns in sorted(m.statuses.items())]
    mind = "guards its prize" if m.behaviour == "guardian" else m.kind.note
    return f"{name}: {hp}/{m.max_hp} HP, {health}, {state}" + "".join(f", {e}" for e in extra) + \
        (f" ({mind})" if mind else "")


def item_text(run: RunState, kind: ItemKind, count: int = 1) -> str:
    """``"A dagger: wield: attack +2, quick"``: ``count`` of it as the player
    knows it (:func:`~game.rules.creatures.identify.item_name`), then :func:`item_use`."""
    use = item_use(kind, is_known(run, kind))
    return words.capital(item_name(run, kind, count)) + (f": {use}" if use else "")


def item_use(kind: ItemKind, known: bool = True) -> str:
    """What an item is for, in a few words (the pack shows it beside the item;
    an unknown potion, scroll or wand says how to learn what it is).

    >>> from game.rules.content import ITEM_BY_ID
    >>> item_use(ITEM_BY_ID["potion"]), item_use(ITEM_BY_ID["spear"]), item_use(ITEM_BY_ID["scroll_map"], False)
    ('drink: heal 40% of max HP', 'wield: attack +4, slow, reach 2', 'read it to learn what it is')
    >>> item_use(ITEM_BY_ID["iron_ore"])
    '3 of these make +1 attack for good (a honed edge)'
    """
    if kind.kind in ("potion", "scroll", "wand") and not known:
        return {"potion": "may heal or harm: throw it at a foe to learn it safely, or drink it",
                "scroll": "read it to learn what it is",
                "wand": "zap it to learn what it is"}[kind.kind]
    if kind.kind == "potion":
        return f"drink: heal {kind.power}% of max HP" if kind.effect == "heal" else "drink, or throw to splash"
    if kind.kind == "scroll":
        return "read" + (" at a target" if kind.targeted else "")
    if kind.kind == "wand":
        return f"zap at a target, range {kind.range}"
    if kind.kind == "ammo":
        return f"ammunition for a launcher ({hint('fire')})"
    if kind.kind == "weapon" and kind.ammo:
        return f"wield: shoots {words.noun(ITEM_BY_ID[kind.ammo].name).plural} for {kind.power}, range {kind.range}"
    if kind.kind == "weapon":
        traits = [f"attack +{kind.power}"] + (["quick" if kind.cost < 100 else "slow"] if kind.cost != 100 else [])
        return "wield: " + ", ".join(traits + ([f"reach {kind.reach}"] if kind.reach > 1 else []))
    if kind.kind == "armour":
        noise = ["quiet"] if kind.noise < 0 else ["loud"] if kind.noise >= 3 else ["a little loud"] if kind.noise else []
        return "wear: " + ", ".join([f"defence +{kind.power}"] + noise + (["slows you"] if kind.move_cost > 100 else []))
    if kind.kind == "resource" and kind.id in RECIPES:
        recipe = RECIPES[kind.id]
        return f"{recipe.need} of these make {recipe.description}"
    if kind.kind == "treasure":
        return "carry it out of the site to clear it"
    if kind.kind == "relic":
        return "carry it out of the site to keep it"
    return ""

class PackRow(NamedTuple):
    """One row of the pack as the pack screen shows it."""

    item: str  # the item id
    slot: int  # the flat pack index of its first item (what actions take)
    count: int
    label: str  # "3 potions of healing", "a wand of fire (3 charges)"; an unknown kind by its appearance
    use: str  # what using it does, in a few words (:func:`item_use`), with crafting's count
    colour: tuple[int, int, int]
    targeted: bool  # using it asks for a target first (never an unknown scroll: it is read, then asks)
    letter: str  # its letter, which stays put while the kind is in the pack (creatures.pack.reletter)


def pack_rows(run: RunState) -> list[PackRow]:
    """The pack's rows (:func:`game.rules.creatures.pack.stacks`), named as the
    player knows them, in the order of their letters."""
    inv = run.player.inventory
    out = []
    for letter, row in lettered(inv, run.player.letters):
        kind = ITEM_BY_ID[row.item]
        known = is_known(run, kind)
        label = item_name(run, kind, row.count)
        recipe = RECIPES.get(kind.id) if kind.kind == "resource" else None
        use = item_use(kind, known) + (f" (you have {inv.count(row.item)})" if recipe else "")
        # an unknown scroll is read first and asks after: how it is used tells nothing of its kind
        targeted = kind.targeted and (known or kind.kind != "scroll")
        out.append(PackRow(row.item, row.first, row.count, label, use, kind.colour, targeted, letter))
    return out
