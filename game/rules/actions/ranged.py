"""At a distance: throwing anything, firing a launcher, a spear's reach."""

from __future__ import annotations

from ..text import words
from ..creatures.combat import attack_roll
from ..content import ITEM_BY_ID, THROW_RANGE
from ..content.keys import hint
from ..world.geometry import chebyshev
from ..play.harm import hurt
from ..creatures.identify import item_name
from ..text.log import Cue, note
from ..world.los import line
from ..state import RunState
from .terrain import swimming
from .base import DUNGEON, Action, PackAction, Result, alternate, fail, succeed
from .effects import Deliver, Identify
from .items import Equip, Swap
from .scrolls import LANDING_AIMS
from .melee import Attack

__all__ = ["Throw", "Fire", "ReadyLauncher", "can_fire", "targets", "aim_range", "aim_preview", "aim_label",
           "aim_refusal", "launcher_at_hand", "nothing_to_fire",
           "AIM_PURPOSES", "lands", "RECOVER", "throw_range", "SKILL_BONUS", "THROWER_REACH"]

#: Chance that a shot's ammunition can be picked up again where it fell.
RECOVER = {"stone": 0.8, "arrow": 0.6, "bolt": 0.5}
SKILL_BONUS = 3  # damage the marksman perk adds to shots, and the thrower perk to throws
THROWER_REACH = 2  # cells the thrower perk adds to a throw


def throw_range(run: RunState) -> int:
    """How far the player throws: :data:`~game.rules.content.THROW_RANGE`, farther for a thrower."""
    return THROW_RANGE + (THROWER_REACH if run.player.has("thrower") else 0)


def targets(run: RunState, max_range: int) -> list[tuple[int, int]]:
    """Cells of the foes in view within ``max_range``, nearest first."""
    px, py = run.pos
    seen = [(chebyshev(m.pos, (px, py)), m.y, m.x) for m in run.foes_in_view()]
    seen = [s for s in seen if s[0] <= max_range]
    return [(x, y) for _, y, x in sorted(seen)]


#: What a target is chosen for: firing the wielded launcher (or a reach
#: weapon's blow), throwing an item, using one that is aimed, or where a
#: scroll just read acts (:mod:`.scrolls`).
AIM_PURPOSES = ("fire", "throw", "use", "read")


def aim_range(run: RunState, purpose: str, slot: int | None = None) -> int:
    """How far the chosen way of hitting reaches."""
    if purpose == "fire":
        w = run.player.weapon_kind
        return 1 if w is None else (w.range if w.ammo else w.reach)
    if purpose == "throw":
        return throw_range(run)
    kind = ITEM_BY_ID[run.player.reading if purpose == "read" else run.player.inventory[slot]]
    return kind.range or kind.power or THROW_RANGE


def aim_label(run: RunState, purpose: str, slot: int | None = None) -> str:
    """``"Fire your sling"``, ``"Throw the fizzy potion"``, ``"Aim the oak wand"``."""
    if purpose == "fire":
        w = run.player.weapon_kind
        return f"Fire your {w.name}" if w is not None and w.ammo else "Strike"
    if purpose == "read":
        return f"Aim {words.the(ITEM_BY_ID[run.player.reading].name)}"
    shown = item_name(run, ITEM_BY_ID[run.player.inventory[slot]], article="the")
    return f"{'Throw' if purpose == 'throw' else 'Aim'} {shown}"


def lands(run: RunState, purpose: str, slot: int | None = None) -> bool:
    """Whether what is aimed stops at the target cell (a throw, a burst, a
    blink) rather than flying on past it to its range (a shot, a bolt)."""
    if purpose == "throw":
        return True
    if purpose in ("use", "read"):
        kind = ITEM_BY_ID[run.player.reading if purpose == "read" else run.player.inventory[slot]]
        return kind.aim in LANDING_AIMS
    return False


def aim_preview(run: RunState, target: tuple[int, int], max_range: int, stops: bool = False):
    """The flight toward ``target`` as it would go now: ``(cells crossed, the
    cell of the creature it hits or None, the cells of the line past its stop)``;
    ``stops``: it stops at the target (:func:`lands`)."""
    f = _fly(run, target, max_range, stops)
    past = [c for c in line(run.pos, target) if c not in f.cells]
    return f.cells, f.hit, past


def _land(run: RunState, item_id: str, f) -> None:
    """Leave a thrown or shot item where its flight ended, on the last floor cell
    it crossed (over deep water it is lost)."""
    level = run.level
    for x, y in reversed(f.cells):
        if level.walkable[y, x]:
            level.drop(item_id, x, y)
            return


def _fly(run: RunState, target: tuple[int, int], max_range: int, stops: bool = False):
    """The flight towards ``target``, at most ``max_range`` cells; ``stops``: it ends at the target."""
    level = run.level
    reach = min(max_range, chebyshev(run.pos, target)) if stops else max_range
    return level.flight(run.pos, target, reach, lambda x, y: level.monster_at(x, y) is not None)


class Throw(PackAction):
    """Throw the item in pack ``slot`` at ``target``: a potion shatters and
    splashes its effect; anything else strikes the first creature in its way
    (weapons hard, the rest softly) and lands there."""

    modes = DUNGEON

    def __init__(self, slot: int, target: tuple[int, int]) -> None:
        super().__init__(slot)
        self.target = target

    def on_item(self, run: RunState, pack: list[str]) -> Result:
        if run.level is None:
            return fail(note("You have nowhere to throw it here."))
        if swimming(run):
            return fail(note("You cannot throw while swimming."))
        kind = ITEM_BY_ID[pack[self.slot]]
        f = _fly(run, self.target, throw_range(run), stops=True)
        if f.end is None:
            return fail(note(run.level.in_the_way(run.pos, self.target)))
        del pack[self.slot]
        run.make_noise(4)
        run.emit(Cue.THROW)
        run.dirty = True
        lines = [note(f"You throw {item_name(run, kind, article='the')}.")]
        if kind.kind == "potion":  # it shatters: its effect on every creature in the 3x3 where it breaks
            run.emit(Cue.SHATTER)
            return succeed(*lines, note(f"{words.capital(item_name(run, kind, article='the'))} shatters!"),
                           then=(Identify(kind.id), Deliver(kind.effect, "burst", kind.power, run.player, f.hit or f.end)))
        if f.hit is not None:
            m = run.level.monster_at(*f.hit)
            power = kind.power // 2 + 1 if kind.kind == "weapon" and not kind.ammo else 1
            power += SKILL_BONUS if run.player.has("thrower") else 0
            dmg = attack_roll(run.rng("throw"), power + run.player.level // 3, m.defence)
            lines.append(note(f"It hits {m.name} for {dmg}." if dmg else f"It misses {m.name}."))
            lines += hurt(run, m, dmg, "your throw")
        _land(run, kind.id, f)
        return succeed(*lines)


class Fire(Action):
    """Shoot the wielded launcher at ``target`` (one ammunition from the pack),
    or strike two cells away with a reach weapon."""

    modes = DUNGEON

    def __init__(self, target: tuple[int, int]) -> None:
        self.target = target

    def cost(self, run: RunState) -> int:
        w = run.player.weapon_kind
        return w.cost if w is not None else 100

    def perform(self, run: RunState) -> Result:
        p, level = run.player, run.level
        w = p.weapon_kind
        if level is None:
            return fail()
        if swimming(run):
            return fail(note("You cannot fight while swimming."))
        if w is not None and not w.ammo and w.reach > 1:
            return self._reach(run, w.reach)
        if w is None or not w.ammo:
            return fail(note(_NOTHING_TO_FIRE))
        if w.ammo not in p.inventory:
            return fail(note(_no_missiles(w)))
        f = _fly(run, self.target, w.range)
        if f.end is None:
            return fail(note(level.in_the_way(run.pos, self.target)))
        p.inventory.remove(w.ammo)
        run.make_noise(5)
        run.emit(Cue.SHOOT)
        run.dirty = True
        lines = [note(f"You fire your {w.name}.")]
        rng = run.rng("fire")
        if f.hit is not None:
            m = level.monster_at(*f.hit)
            power = w.power + p.plus(w.id) + p.level // 2 + (SKILL_BONUS if p.has("marksman") else 0)
            dmg = attack_roll(rng, power, m.defence)
            missile = words.capital(words.the(ITEM_BY_ID[w.ammo].name))
            lines.append(note(f"{missile} hits {m.name} for {dmg}." if dmg else f"{missile} misses {m.name}."))
            lines += hurt(run, m, dmg, "your shot")
        if rng.random() < RECOVER.get(w.ammo, 0.5):
            _land(run, w.ammo, f)
        return succeed(*lines)

    def _reach(self, run: RunState, reach: int) -> Result:
        """A spear's blow at a monster up to ``reach`` cells off in a clear line."""
        level = run.level
        tx, ty = self.target
        m = level.monster_at(tx, ty)
        dist = chebyshev((tx, ty), run.pos)
        if m is None or dist > reach:
            return fail(note(f"Your weapon reaches {reach} cells: choose a monster that close."))
        f = _fly(run, self.target, reach)
        if f.hit != (tx, ty):
            other = level.monster_at(*f.hit) if f.hit is not None else None
            return fail(note(f"{words.capital(other.name)} is in the way." if other is not None
                             else level.in_the_way(run.pos, self.target)))
        return alternate(Attack(run.player, m))


_NOTHING_TO_FIRE = f"You have nothing to fire: a bow or a sling shoots, a spear reaches ({hint('throw')} anything)."


def _no_missiles(launcher) -> str:
    return f"You have no {words.noun(ITEM_BY_ID[launcher.ammo].name).plural} for your {launcher.name}."


def can_fire(run: RunState) -> bool:
    """Whether the weapon in hand can fire now: a launcher with missiles in the pack, or a reach weapon."""
    w, pack = run.player.weapon_kind, run.player.inventory
    return w is not None and (w.ammo in pack if w.ammo else w.reach > 1)


def launcher_at_hand(run: RunState) -> tuple:
    """What ``f`` shoots or strikes with, and where it is: ``(kind, None)``
    for the weapon in hand when it can, or the launcher ready to swap;
    ``(kind, slot)`` for the best launcher in the pack with missiles for it;
    ``(None, None)`` when there is none (what :class:`ReadyLauncher` takes up)."""
    p = run.player
    if can_fire(run):
        return p.weapon_kind, None
    ready = p.swap_kind
    if ready is not None and ready.ammo and ready.ammo in p.inventory:
        return ready, None
    able = [(ITEM_BY_ID[i].power, -slot, slot) for slot, i in enumerate(p.inventory)
            if ITEM_BY_ID[i].ammo and ITEM_BY_ID[i].ammo in p.inventory]
    if not able:
        return None, None
    slot = max(able)[2]
    return ITEM_BY_ID[p.inventory[slot]], slot


def aim_refusal(run: RunState, purpose: str, slot: int | None = None) -> str | None:
    """Why choosing a target now would find none, in one line; None when
    there is one.  Firing (a launcher, a spear's reach) and zapping a wand
    need a foe in view, within reach, that a shot can reach past the walls
    ("The giant rat (asleep) is out of range: 9 cells off, your sling
    reaches 6."); a throw, or a scroll read at a place, may go to any cell.
    Firing with nothing to fire says nothing here (``ReadyLauncher`` says why)."""
    if run.level is None:
        return "There is nothing to aim at here."
    if purpose == "fire":
        weapon = launcher_at_hand(run)[0]
        if weapon is None:
            return None
        if swimming(run):
            return "You cannot fight while swimming."
        reach, what, verb = (weapon.range if weapon.ammo else weapon.reach), f"your {weapon.name}", "shoot at"
        exact = not weapon.ammo  # a reach weapon strikes the foe it aims at, or nothing
    elif purpose == "use" and slot is not None and 0 <= slot < len(run.player.inventory) \
            and ITEM_BY_ID[run.player.inventory[slot]].kind == "wand":
        kind = ITEM_BY_ID[run.player.inventory[slot]]
        reach, what, verb, exact = aim_range(run, purpose, slot), item_name(run, kind, article="the"), "zap at", False
    else:
        return None
    foes = sorted(run.foes_in_view(), key=lambda m: chebyshev(m.pos, run.pos))
    if not foes:
        return f"There is no foe in view to {verb}."
    near = [m for m in foes if chebyshev(m.pos, run.pos) <= reach]
    if not near:
        m = foes[0]
        sleeping = "" if m.awake else " (asleep)"
        return (f"{words.capital(m.name)}{sleeping} is out of range: {chebyshev(m.pos, run.pos)} cells off, "
                f"{what} reaches {reach}.")
    flights = [_fly(run, m.pos, reach) for m in near]
    if not any(f.hit is not None and (not exact or f.hit == m.pos) for f, m in zip(flights, near)):
        blocker = run.level.monster_at(*flights[0].hit) if flights[0].hit is not None else None
        return (f"No clear shot at {near[0].name}: "
                f"{'a wall' if blocker is None else blocker.name} is in the way.")
    return None


class ReadyLauncher(Action):
    """Take up a launcher the player can shoot (what ``f`` does when the
    weapon in hand cannot fire): the one ready to swap, else the best in the
    pack, if there are missiles for it; it takes a turn, as wielding does.
    Fails saying why when there is none."""

    modes = DUNGEON

    def perform(self, run: RunState) -> Result:
        p = run.player
        if can_fire(run):
            return fail()
        kind, slot = launcher_at_hand(run)
        if kind is not None:
            return alternate(Swap() if slot is None else Equip(slot))
        return fail(note(nothing_to_fire(run)))


def nothing_to_fire(run: RunState) -> str:
    """Why ``f`` has nothing to shoot with (no launcher can: none carried, or no missiles for it)."""
    p = run.player
    launchers = [k for k in (p.weapon_kind, p.swap_kind, *(ITEM_BY_ID[i] for i in p.inventory))
                 if k is not None and k.ammo]
    return _no_missiles(launchers[0]) if launchers else _NOTHING_TO_FIRE
