"""What each on-screen button would do now, in words, before it is pressed.

A thumb or a mouse should never have to guess: the *Down* button says
whether it walks to the stairs or takes them, and when it can do nothing
(stairs not found yet, the deepest level, the surface) it is greyed and says
why: the very line the command gives when pressed anyway
(:func:`~game.rules.play.objective.stairs_refusal`,
:func:`~game.rules.actions.ranged.aim_refusal`, the objective).  The screens
draw :func:`button_states` (a label, whether it applies, what it says) and
show the words while a finger rests on a button or the mouse is over it.
"""

from __future__ import annotations

from typing import NamedTuple

from worldgen.core.tiles import T

from ..actions.ranged import aim_refusal, launcher_at_hand, nothing_to_fire
from ..content.keys import COMMAND_BY_NAME
from ..play.objective import objective, stairs_refusal
from ..play.tips import weak_in_hand
from ..state import RunState
from ..text import words

__all__ = ["ButtonState", "button_states"]


class ButtonState(NamedTuple):
    label: str  # what the button shows ("Down", "Enter")
    enabled: bool  # False: greyed; a press says why (``says``) and does nothing else
    says: str  # what a press will do, or why it cannot
    urgent: bool = False  # worth pressing now (the blade to hand with a foe beside you)


def _plain(name: str) -> ButtonState:
    command = COMMAND_BY_NAME[name]
    return ButtonState(command.button, True, words.capital(command.help) + ".")


def button_states(run: RunState) -> dict[str, ButtonState]:
    """Every button's state by its command's name (the key table's)."""
    out = {name: _plain(name) for name in ("pack", "rest", "wait", "history", "menu")}
    goal = objective(run)
    out["goal"] = ButtonState("Goal", goal.action != "none", goal.line("Goal"))
    out["descend"], out["ascend"] = _stairs(run, True), _stairs(run, False)
    out["explore"] = ButtonState("Explore", run.mode in ("overworld", "dungeon"),
                                 "Walk to the nearest site you have not entered." if run.mode == "overworld"
                                 else "Walk to what you have not seen yet, picking things up.")
    out["fire"] = _fire(run)
    out["swap"] = _swap(run)
    return out


def _stairs(run: RunState, down: bool) -> ButtonState:
    label = "Enter" if down and run.mode == "overworld" else "Down" if down else "Up"
    why = stairs_refusal(run, down) if run.mode in ("overworld", "dungeon") else "Wait: the map is being made."
    if why is not None:
        return ButtonState(label, False, why)
    if run.mode == "overworld":
        site = run.site_under()
        return ButtonState(label, True, f"Go into site {site.index + 1}, {site.describe()}.")
    here = int(run.level.tiles[run.pos[1], run.pos[0]])
    if here == (T.stairs_down if down else T.stairs_up):
        if not down and run.depth == 1:
            return ButtonState(label, True, "Climb out of the site.")
        return ButtonState(label, True, f"Take the stairs {'down' if down else 'up'} to depth "
                                        f"{run.depth + (1 if down else -1)}.")
    return ButtonState(label, True, f"Walk to the stairs {'down' if down else 'up'} (press again there to take them).")


def _fire(run: RunState) -> ButtonState:
    if run.mode != "dungeon":
        return ButtonState("Fire", False, "There is nothing to shoot at here.")
    weapon = launcher_at_hand(run)[0]
    if weapon is None:
        return ButtonState("Fire", False, nothing_to_fire(run))
    why = aim_refusal(run, "fire")
    if why is not None:
        return ButtonState("Fire", False, why)
    if weapon is not run.player.weapon_kind:
        return ButtonState("Fire", True, f"Take up your {weapon.name} (a turn), then choose a foe to shoot.")
    return ButtonState("Fire", True, f"Choose a foe to {'shoot' if weapon.ammo else 'strike'} with your {weapon.name}.")


def _swap(run: RunState) -> ButtonState:
    p = run.player
    if p.swap_kind is None:
        return ButtonState("Swap", False, "You have no second weapon ready: wield a launcher and your blade waits.")
    held = p.weapon_kind.name if p.weapon_kind is not None else "nothing"
    foe = weak_in_hand(run)
    says = f"Wield the {p.swap_kind.name} (the {held} goes ready to swap)."
    if foe is not None:
        says = f"{words.capital(foe.name)} is beside you: {says[0].lower()}{says[1:]}"
    return ButtonState("Swap", True, says, urgent=foe is not None)
