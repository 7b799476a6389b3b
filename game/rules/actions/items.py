"""The pack: picking up (a site's treasure or a location's relic is a prize,
and when the treasure clears its site: :func:`settle_site`), using an item
(its effect is named by the content table; wands and some scrolls need a
target), crafting, dropping."""

from __future__ import annotations

from ..content import ITEM_BY_ID, RECIPES
from ..entities import FloorItem
from ..identify import a_name, display_name, is_known
from ..log import bad, loot, note
from ..los import flight
from ..pack import counted, fits
from ..sites import settle_site
from ..state import RunState
from ..vaults import on_take
from .base import Action, Result, alternate, fail, succeed
from .effects import EFFECTS, Deliver, Identify

__all__ = ["PickUp", "UseItem", "Equip", "Craft", "Drop", "take_items", "VERBS"]


def take_items(run: RunState, items: list[FloorItem], asked: bool = False) -> list[tuple[str, str]]:
    """Put ``items`` (on the player's cell) in the pack while there is room;
    prizes are claimed at once.  Walking over items (``asked`` False) leaves
    what the player dropped, and says a full pack once per item.  Returns the
    log lines."""
    out: list[tuple[str, str]] = []
    for item in items:
        if not asked and item.index in run.level.put_down:
            continue
        if item.kind.kind in ("treasure", "relic"):
            run.level.take(item)
            out += _claim(run, item)
            continue
        if not fits(run.player.inventory, item.kind.id):
            if asked or item not in run.told_full:  # walking over it: once per item, not at every step
                run.told_full.add(item)
                out.append(bad(f"Your pack is full; you leave the {display_name(run, item.kind)}."))
            continue
        run.level.take(item)
        run.player.inventory.extend([item.kind.id] * max(1, item.count))
        shown = display_name(run, item.kind)
        out.append(loot(f"You pick up {a_name(shown) if item.count <= 1 else f'{item.count} x {shown}'}."))
        run.emit("pickup")
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
            out.append(bad(f"{m.name[:1].upper() + m.name[1:]} wakes with a roar!"))
    run.emit("prize")
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
    def perform(self, run: RunState) -> Result:
        here = run.level.items_at(*run.pos)
        if not here:
            return fail(note("Nothing to pick up here."))
        return succeed(*take_items(run, here, asked=True))


class PackAction(Action):
    """An action on the item in pack ``slot``; a slot the pack does not have fails."""

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def perform(self, run: RunState) -> Result:
        pack = run.player.inventory
        if not 0 <= self.slot < len(pack):
            return fail()
        return self.on_item(run, pack)

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        raise NotImplementedError


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
        if kind.targeted:
            if self.target is None or run.level is None:
                return fail(note(f"The {display_name(run, kind)} must be aimed (choose a target)."))
            level = run.level
            f = flight(level.transparent, run.pos, self.target, kind.range or kind.power or 6,
                       lambda x, y: level.monster_at(x, y) is not None)
            if f.end is None:
                return fail(note("There is no room to aim there."))
            cell = f.hit or f.end
            run.make_noise(5)
        del pack[self.slot]
        run.dirty = True
        verb = VERBS[kind.kind]
        run.emit(verb)
        return succeed(note(f"You {verb} the {display_name(run, kind)}."),
                       then=(Identify(kind.id), Deliver(kind.effect, kind.aim, kind.power, run.player, cell)))


class Equip(PackAction):
    """Wield the weapon or wear the armour in pack ``slot``; what it replaces
    goes back into the pack where it was."""

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        kind = ITEM_BY_ID[pack[self.slot]]
        if kind.kind not in ("weapon", "armour"):
            return fail()
        p = run.player
        del pack[self.slot]
        old = getattr(p, kind.kind)
        setattr(p, kind.kind, kind.id)
        if old:
            pack.insert(self.slot, old)
        run.dirty = True
        return succeed(loot(f"You {'wield' if kind.kind == 'weapon' else 'wear'} the {kind.name}."))


class Craft(PackAction):
    """Turn enough of the resource in pack ``slot`` into what its recipe makes."""

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        rid = pack[self.slot]
        recipe = RECIPES.get(rid)
        if recipe is None:
            return fail(note("You cannot craft with that."))
        have = pack.count(rid)
        if have < recipe.need:
            return fail(note(f"Crafting needs {recipe.need} {ITEM_BY_ID[rid].name} (you have {have}): "
                             f"{recipe.description}."))
        for _ in range(recipe.need):
            pack.remove(rid)
        if recipe.makes is not None:
            made, count = recipe.makes
            pack.extend([made] * count)
            run.known.add(made)  # you know what you made
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
        what = counted(rid, len(same)) if is_known(run, ITEM_BY_ID[rid]) else display_name(run, ITEM_BY_ID[rid])
        if run.mode != "dungeon":
            return succeed(note(f"You discard the {what}: the wilds keep nothing you drop."), turns=0)
        run.level.drop(rid, *run.pos, count=len(same), by_choice=True)
        return succeed(note(f"You drop the {what}."), turns=0)
