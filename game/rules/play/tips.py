"""First-time tips: one line, once, the first time a newcomer meets
something the game does not explain by itself (an unknown potion, an arrow
key that cannot step diagonally, an altar cage's choice, a level gained, a
thief), and a prompt whenever a foe steps beside a hero holding a launcher
with a blade ready (it never swaps by itself).

Each tip is said once per run: the ones said are kept in the save
(``run.tips_seen``), so a reload does not repeat them.  The player can turn
them off (the menu; the play screen gives the choice to the run, as a
setting of messages, not of rules: tips change no digest).  The table of
tips (what each says, when) is :mod:`game.rules.content.tips`, which the
help lists.  :func:`notice` runs after each of the player's actions
(``engine.perform``); a screen says the one only it can see (the arrow
keys) through ``Game.tip``.
"""

from __future__ import annotations

from worldgen.core.tiles import T

from ..content import ITEM_BY_ID
from ..content.keys import hint
from ..content.tips import TIP_BY_ID, TIPS, Tip
from ..creatures.identify import is_known
from ..state import RunState
from ..text import words
from ..text.log import TIP
from ..world.vaults import vault_of_item

__all__ = ["Tip", "TIPS", "TIP_BY_ID", "tip", "notice", "weak_in_hand"]


def tip(run: RunState, tip_id: str) -> bool:
    """Say tip ``tip_id`` if it is on and was never said this run; True if said."""
    if not run.tips_on or tip_id in run.tips_seen or tip_id not in TIP_BY_ID:
        return False
    run.tips_seen.add(tip_id)
    run.say(TIP_BY_ID[tip_id].text, TIP)
    run.touch()
    return True


def weak_in_hand(run: RunState):
    """The foe beside the player while a launcher is in hand and a melee weapon
    is ready to swap (a launcher is a stick up close), else None."""
    p = run.player
    w, ready = p.weapon_kind, p.swap_kind
    if run.mode != "dungeon" or w is None or not w.ammo or ready is None or ready.ammo:
        return None
    return next((m for m in run.foes_in_view() if max(abs(m.x - run.pos[0]), abs(m.y - run.pos[1])) == 1), None)


def notice(run: RunState) -> None:
    """After the player's action: the tips the run now calls for, and the
    weak-weapon prompt (once each time a foe comes beside a launcher in hand)."""
    _weapon_prompt(run)
    if not run.tips_on or len(run.tips_seen) >= len(TIPS):
        return
    p = run.player
    if "unknown_potion" not in run.tips_seen and any(
            ITEM_BY_ID[i].kind == "potion" and not is_known(run, ITEM_BY_ID[i]) for i in set(p.inventory)):
        tip(run, "unknown_potion")
    if p.perks_owed:
        tip(run, "level_up")
    if run.mode != "dungeon" or run.level is None:
        return
    if "thief" not in run.tips_seen and any(m.behaviour == "thief" for m in run.foes_in_view()):
        tip(run, "thief")
    if "altar_cage" not in run.tips_seen and _cage_in_view(run):
        tip(run, "altar_cage")


def _cage_in_view(run: RunState) -> bool:
    level = run.level
    for it in level.items:
        if level.visible[it.y, it.x] and int(level.tiles[it.y, it.x]) == T.pedestal:
            k = vault_of_item(level, it.index)
            if k >= 0 and level.vaults[k].get("design") == "cage" and k not in level.sprung:
                return True
    return False


def _weapon_prompt(run: RunState) -> None:
    foe = weak_in_hand(run)
    if foe is None:
        run.warned = None
        return
    if run.warned == foe.index:
        return
    run.warned = foe.index
    p = run.player
    run.say(f"{words.capital(foe.name)} is beside you; your {p.weapon_kind.name} is weak up close "
            f"({hint('swap')}).", TIP)
    run.touch()
