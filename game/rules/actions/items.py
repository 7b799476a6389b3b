"""The pack: picking up (a site's treasure or a location's relic is a prize,
and when the treasure clears its site: :func:`settle_site`), using an item
(its effect is named by the content table; wands and some scrolls need a
target), crafting, dropping."""

from __future__ import annotations

from ..content import ITEM_BY_ID, RECIPES
from ..creatures.entities import FloorItem
from ..text import words
from ..content.keys import hint
from ..creatures.identify import identify, item_name
from ..text.log import Cue, bad, loot, note
from ..creatures.pack import MAX_INVENTORY, fits, slots_used
from ..play.pickup import picks_up
from ..play.sites import settle_site
from ..state import RunState
from ..world.vaults import on_take
from .base import DUNGEON, Action, PackAction, Result, alternate, fail, succeed
from .scrolls import Read, aim_point
from .effects import EFFECTS, Deliver, Identify

__all__ = ["PickUp", "UseItem", "Equip", "Swap", "Craft", "Drop", "take_items", "VERBS", "WANDLORE_KEEPS"]

WANDLORE_KEEPS = 1 / 3  # the wand lore perk: a zap keeps its charge this often


def take_items(run: RunState, items: list[FloorItem], asked: bool = False) -> list[tuple[str, str]]:
    """Put ``items`` (on the player's cell) in the pack while there is room;
    prizes are claimed at once.  Walking over items (``asked`` False) takes
    what the pick-up mode takes (:func:`game.rules.play.pickup.picks_up`) and
    says once per item what it leaves (not wanted, or no room).  Returns the
    log lines."""
    out: list[tuple[str, str]] = []
    for item in items:
        if item.kind.kind in ("treasure", "relic"):
            run.level.take(item)
            out += _claim(run, item)
            continue
        if not (asked or picks_up(run, item)):
            if item not in run.told and item.index not in run.level.put_down:
                run.told.add(item)
                out.append(note(f"You see here {item_name(run, item.kind, item.count)}."))
            continue
        if not fits(run.player.inventory, item.kind.id):
            if asked or item not in run.told:  # walking over it: once per item, not at every step
                run.told.add(item)
                out.append(bad(f"Your pack is full; you leave {item_name(run, item.kind, item.count, 'the')}."))
            continue
        run.level.take(item)
        run.player.inventory.extend([item.kind.id] * max(1, item.count))
        out.append(loot(f"You pick up {item_name(run, item.kind, item.count)}."))
        run.emit(Cue.PICKUP)
        out += on_take(run, item.index)
    if items:
        run.dirty = True
    return out


def _claim(run: RunState, item: FloorItem) -> list[tuple[str, str]]:
    """A prize is taken: its guardian wakes; the relic and the treasure are
    carried (the treasure clears the site by :func:`settle_site`)."""
    out = []
    for m in run.level.monsters:
        if m.boss and not m.awake:
            m.awake = True
            out.append(bad(f"{words.capital(m.name)} wakes with a roar!"))
    run.emit(Cue.PRIZE)
    if item.kind.kind == "relic":
        run.carrying_relic = True
        name = run.world.location_name(run.location)
        return out + [loot(f"You take the relic of {name}! Carry it out of the site to keep it.")]
    run.carrying = run.site
    out += settle_site(run)
    if run.carrying is not None:
        out.append(loot("You take the site's treasure! Carry it out of the site to claim it."))
    return out


class PickUp(Action):
    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        here = run.level.items_at(*run.pos)
        if not here:
            return fail(note("Nothing to pick up here."))
        return succeed(*take_items(run, here, asked=True))


#: What using an item of each kind is called ("You drink the fizzy potion.").
VERBS = {"potion": "drink", "scroll": "read", "wand": "zap"}


class UseItem(PackAction):
    """Use the item in pack ``slot``: wield or wear gear, craft with a
    resource, or drink, read or zap it: its effect is delivered by its aim
    (:class:`~game.rules.actions.effects.Deliver`), at ``target`` when it
    asks for one, and its kind becomes known.  A wand's charge is one pack
    entry: zapping uses it up."""

    def __init__(self, slot: int, target: tuple[int, int] | None = None) -> None:
        super().__init__(slot)
        self.target = target

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        kind = ITEM_BY_ID[pack[self.slot]]
        if kind.kind in ("weapon", "armour"):
            return alternate(Equip(self.slot))
        if kind.kind == "resource":
            return alternate(Craft(self.slot))
        if kind.kind not in VERBS or kind.effect not in EFFECTS:
            return fail()
        cell = None
        if kind.asks and (kind.aim == "item" or self.target is None):
            return alternate(Read(self.slot))  # read first, choose after
        if kind.targeted:
            if self.target is None or run.level is None:
                it = words.capital(item_name(run, kind, article="the"))
                return fail(note(f"{it} must be aimed (choose a target)."))
            cell, why = aim_point(run, kind, self.target)
            if cell is None:
                return fail(note(why))
            run.make_noise(5)
        kept = kind.kind == "wand" and run.player.has("wandlore") and run.rng("wandlore").random() < WANDLORE_KEEPS
        if not kept:
            del pack[self.slot]
        run.dirty = True
        verb = VERBS[kind.kind]
        run.emit(Cue(verb))
        return succeed(note(f"You {verb} {item_name(run, kind, article='the')}."),
                       then=(Identify(kind.id), Deliver(kind.effect, kind.aim, kind.power, run.player, cell)))


class Equip(PackAction):
    """Wield the weapon or wear the armour in pack ``slot``.  Armour worn
    before goes back into the pack where the new one was.  A weapon of the
    other sort than the one in hand (a launcher for a blade, a blade for a
    launcher) puts the one in hand ready to swap (:class:`Swap`), and what was
    ready goes back into the pack; one of the same sort sends the old one
    back into the pack.  Either way the pack needs no more room."""

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        kind = ITEM_BY_ID[pack[self.slot]]
        if kind.kind not in ("weapon", "armour"):
            return fail()
        p = run.player
        del pack[self.slot]
        lines = []
        if kind.kind == "armour":
            back, p.armour = p.armour, kind.id
            verb = "wear"
        else:
            held = p.weapon_kind
            if held is not None and bool(held.ammo) != bool(kind.ammo):
                back, p.swap = p.swap, p.weapon
                lines.append(note(f"{words.capital(item_name(run, held, article='the'))} is ready to swap "
                                  f"({hint('swap')})."))
            else:
                back = p.weapon
            p.weapon = kind.id
            verb = "wield"
        if back:
            pack.insert(self.slot, back)
        run.dirty = True
        return succeed(loot(f"You {verb} {item_name(run, kind, article='the')}."), *lines)


class Swap(Action):
    """Swap the weapon in hand and the one ready to swap (a turn, as wielding)."""

    def perform(self, run: RunState) -> Result:
        p = run.player
        if p.swap is None:
            return fail(note("You have no second weapon ready: wield a launcher and your blade waits, "
                             "or the other way round."))
        p.weapon, p.swap = p.swap, p.weapon
        run.dirty = True
        ready = f" ({item_name(run, p.swap_kind, article='the')} is ready)" if p.swap else ""
        return succeed(loot(f"You wield {item_name(run, p.weapon_kind, article='the')}{ready}."))


class Craft(PackAction):
    """Turn enough of the resource in pack ``slot`` into what its recipe makes."""

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        rid = pack[self.slot]
        recipe = RECIPES.get(rid)
        if recipe is None:
            return fail(note("You cannot craft with that."))
        have = pack.count(rid)
        if have < recipe.need:
            return fail(note(f"Crafting needs {words.number(ITEM_BY_ID[rid].name, recipe.need)} (you have {have}): "
                             f"{recipe.description}."))
        made, count = recipe.makes or (rid, 0)
        after = list(pack)
        for _ in range(recipe.need):
            after.remove(rid)
        if slots_used(after + [made] * count) > MAX_INVENTORY:  # (it overfilled the pack before rules 15)
            return fail(note(f"Your pack is full: there is no room for {item_name(run, ITEM_BY_ID[made], count)}."))
        for _ in range(recipe.need):
            pack.remove(rid)
        if recipe.makes is not None:
            pack.extend([made] * count)
            identify(run, made)  # you know what you made (arrows were always known: `known` keeps kinds to learn)
        run.dirty = True
        then = (EFFECTS[recipe.effect](run, run.player, 0),) if recipe.effect else ()
        return succeed(loot(f"You craft: {recipe.description}."), then=then)


class Drop(PackAction):
    """Put down the item in pack ``slot`` and up to ``count - 1`` more of its
    kind (a stack).  In a dungeon they lie where the player stands, kept in
    the level's save; the overworld keeps nothing.  No time passes."""

    def __init__(self, slot: int, count: int = 1) -> None:
        super().__init__(slot)
        self.count = max(1, count)

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        rid = pack[self.slot]
        same = [i for i in range(self.slot, len(pack)) if pack[i] == rid][:self.count]
        for i in reversed(same):
            del pack[i]
        run.dirty = True
        what = item_name(run, ITEM_BY_ID[rid], len(same))
        if run.mode != "dungeon":
            return succeed(note(f"You discard {what}: the wilds keep nothing you drop."), turns=0)
        run.level.drop(rid, *run.pos, count=len(same), by_choice=True)
        return succeed(note(f"You drop {what}."), turns=0)
