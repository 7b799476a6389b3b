"""The tactician's hands: using items in fights and freeing captives, for the
balance harness's third policy (:mod:`game.tools.autoplay`).  Like the other
policies it sees what the player sees and acts through :class:`Game`'s
commands only.

- :func:`use_items` in a dangerous fight (hurt, outnumbered, or facing a
  guardian): escape by a scroll when nearly dead and out of healing; drink
  a potion of speed or regeneration; zap a wand at the most dangerous foe in
  range, one beside you first (an unknown wand too: it is how one learns
  it); read a scroll that touches every foe in view when two or more come;
  throw a harmful potion (fire, poison, confusion) at a foe not next to you.
- :func:`free_captive`: walk to a shackled captive seen and bump it.
- :func:`choose_perk`: the offered perk ranked best for the policy.
"""

from __future__ import annotations

import numpy as np

from worldgen.toolkit import grid

from ..rules.content import ITEM_BY_ID, ItemKind
from ..rules.world.geometry import STEPS, chebyshev
from ..rules.creatures.identify import is_known
from ..rules.run import Game

__all__ = ["use_items", "free_captive", "choose_perk", "PERK_RANKS", "dangerous"]

#: Wand effects by how much they help in a fight (an unknown wand comes after the known ones).
_WAND_ORDER = ("paralyse", "slow", "confuse", "burn")
_VIEW_SCROLLS = ("fear", "slow", "confuse")  # read when several foes come
_THROWN = ("burn", "poison", "confuse", "slow", "paralyse")  # potions worth throwing at a foe
_ESCAPES = ("teleport", "blink")
_BUFFS = {"haste": "hasted", "regenerate": "regenerating"}  # potions drunk in a fight, and the status each gives

#: Perks in the order each policy wants them (the first offered is taken).
PERK_RANKS: dict[str, tuple[str, ...]] = {
    "careful": ("vigour", "thick_skin", "might", "regrowth", "lucky", "bloodlust", "quick_blows", "antivenom",
                "berserk", "steady", "fireproof", "alchemist", "fleet", "marksman", "keen_eyes", "leader",
                "stealthy", "thrower", "wandlore"),
    "diver": ("fleet", "vigour", "thick_skin", "might", "stealthy", "lucky", "regrowth", "quick_blows",
              "antivenom", "steady", "fireproof", "berserk", "bloodlust", "alchemist", "keen_eyes", "marksman",
              "leader", "thrower", "wandlore"),
    "tactician": ("vigour", "thick_skin", "might", "alchemist", "regrowth", "lucky", "wandlore", "leader",
                  "bloodlust", "quick_blows", "antivenom", "steady", "fireproof", "berserk", "thrower", "fleet",
                  "marksman", "keen_eyes", "stealthy"),
}


def choose_perk(g: Game, policy: str) -> bool:
    """Take the offered perk the policy ranks best; False when none is owed."""
    offer = g.perk_offer()
    if not offer:
        return False
    rank = PERK_RANKS.get(policy, PERK_RANKS["careful"])
    best = min(range(len(offer)), key=lambda i: rank.index(offer[i].id) if offer[i].id in rank else len(rank))
    return g.choose_perk(best)


def dangerous(g: Game, foes) -> bool:
    """Whether a fight calls for items: hurt below half with a foe close, two
    or more foes close, or a guardian."""
    p = g.player
    close = [m for m in foes if chebyshev(m.pos, g.pos) <= 4]
    return bool(close) and (p.hp * 2 < p.max_hp or len(close) >= 2 or any(m.boss for m in close))


def _slots(g: Game, kind: str) -> list[tuple[int, ItemKind]]:
    """The first pack slot of each item kind of ``kind`` (potion, scroll, wand)."""
    out, seen = [], set()
    for slot, item_id in enumerate(g.player.inventory):
        k = ITEM_BY_ID[item_id]
        if k.kind == kind and item_id not in seen:
            out.append((slot, k))
            seen.add(item_id)
    return out


def use_items(g: Game) -> bool:
    """One item used in a dangerous fight, if any helps; True when a turn was spent."""
    foes = g.foes_in_view()
    if not foes or not dangerous(g, foes):
        return False
    p = g.player
    target = max(foes, key=lambda m: (chebyshev(m.pos, g.pos) == 1, m.boss, m.hp * m.attack, -chebyshev(m.pos, g.pos)))
    has_heal = any(k.effect == "heal" and is_known(g, k) for _, k in _slots(g, "potion"))
    if p.hp * 4 < p.max_hp and not has_heal:
        for slot, k in _slots(g, "scroll"):
            if is_known(g, k) and k.effect in _ESCAPES:
                cell = _away_cell(g, foes) if k.targeted else None
                if (cell is not None or not k.targeted) and g.use_item(slot, cell):
                    return True
    return _buff(g) or _zap(g, target) or _read(g, foes) or _throw(g, foes)


def _buff(g: Game) -> bool:
    for slot, k in _slots(g, "potion"):
        if is_known(g, k) and _BUFFS.get(k.effect, "") and _BUFFS[k.effect] not in g.player.statuses:
            return g.use_item(slot)
    return False


def _zap(g: Game, target) -> bool:
    wands = sorted(_slots(g, "wand"), key=lambda sk: _WAND_ORDER.index(sk[1].effect)
                   if is_known(g, sk[1]) and sk[1].effect in _WAND_ORDER else len(_WAND_ORDER))
    for slot, k in wands:
        if chebyshev(target.pos, g.pos) <= k.range and (not is_known(g, k) or k.effect in _WAND_ORDER):
            preview, hit, _ = g.aim_preview(target.pos, k.range)
            if hit == target.pos and g.use_item(slot, target.pos):
                return True
    return False


def _read(g: Game, foes) -> bool:
    close = [m for m in foes if chebyshev(m.pos, g.pos) <= 4]
    if len(close) < 2 and not any(m.boss for m in close):
        return False
    for slot, k in _slots(g, "scroll"):
        if is_known(g, k) and k.effect in _VIEW_SCROLLS and g.use_item(slot):
            return True
        if is_known(g, k) and k.effect == "burn" and k.aim == "burst":
            far = [m for m in close if chebyshev(m.pos, g.pos) >= 2]
            if far and g.use_item(slot, far[0].pos):
                return True
    return False


def _throw(g: Game, foes) -> bool:
    far = [m for m in foes if 2 <= chebyshev(m.pos, g.pos) <= g.aim_range("throw")]
    if not far:
        return False
    m = min(far, key=lambda m: chebyshev(m.pos, g.pos))
    for slot, k in _slots(g, "potion"):
        if is_known(g, k) and k.effect in _THROWN:
            _, hit, _ = g.aim_preview(m.pos, g.aim_range("throw"))
            if hit == m.pos and g.throw(slot, m.pos):
                return True
    return False


def _away_cell(g: Game, foes) -> tuple[int, int] | None:
    """A seen floor cell in view, as far as can be from the nearest foe (a blink's landing)."""
    lv = g.level
    ys, xs = np.nonzero(lv.visible & lv.walkable)
    best, best_d = None, 1
    for x, y in zip(xs.tolist(), ys.tolist()):
        if lv.monster_at(x, y) is None and chebyshev((x, y), g.pos) <= 6:
            d = min(chebyshev((x, y), m.pos) for m in foes)
            if d > best_d:
                best, best_d = (x, y), d
    return best


def free_captive(g: Game) -> bool:
    """Walk towards a shackled captive the player has seen and bump it free;
    True when a turn was spent."""
    lv = g.level
    captives = [m for m in lv.monsters if m.captive and lv.seen[m.y, m.x]]
    if not captives:
        return False
    m = min(captives, key=lambda m: chebyshev(m.pos, g.pos))
    x, y = g.pos
    if chebyshev(m.pos, g.pos) == 1:
        return g.move(m.x - x, m.y - y)
    known = lv.walkable & lv.seen
    known[m.y, m.x] = True
    known[y, x] = True
    dist = grid.walk_distance(known, [(m.y, m.x)])
    here = dist[y, x]
    if here <= 0:
        return False
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        if lv.inside(nx, ny) and dist[ny, nx] == here - 1 and lv.monster_at(nx, ny) is None:
            return g.move(dx, dy)
    return False
