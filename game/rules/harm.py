"""Hurting and dying, for every cause: blows, shots, bolts, fire, poison.

One place decides what a death means: a monster is removed and its killer
(the player, or the player's fire) earns its experience; the player's death
ends the run and names its cause.
"""

from __future__ import annotations

from . import content
from .entities import Monster, Player
from .log import bad, good, loot
from .sites import settle_site
from .state import RunState

__all__ = ["hurt", "kill_monster", "name_of"]


def name_of(target: Player | Monster, capital: bool = False) -> str:
    name = "you" if isinstance(target, Player) else target.name
    return name[:1].upper() + name[1:] if capital else name


def hurt(run: RunState, target: Player | Monster, damage: int, cause: str,
         killer: str | None = None, tick: bool = False) -> list[tuple[str, str]]:
    """``target`` loses ``damage`` HP from ``cause`` ("the orc", "poison",
    "fire" ...); returns the log lines of a death (the blow's own line is the
    caller's).  ``killer`` is how the death screen names a player's killer
    (default: the cause; :func:`game.rules.words.died` words it).  ``tick``:
    the harm is a status of the target's own ticking (poison, burning), not
    a blow (walks go on through the player's own ticks: ``RunState.blows``
    counts the rest)."""
    if damage <= 0:
        return []
    target.hp -= damage
    if isinstance(target, Player):
        run.emit("hurt")
        run.blows += 0 if tick else 1
        if target.alive:
            return []
        run.dead = True
        run.killer = killer or cause
        run.stop_walk()
        return [bad(f"You die of {cause}." if cause in ("poison", "fire") else f"You are killed by {cause}.")]
    if target.alive:
        target.awake = True
        return []
    return kill_monster(run, target)


def kill_monster(run: RunState, m: Monster, by_blow: bool = False) -> list[tuple[str, str]]:
    """``m`` dies; the player earns its experience (``by_blow``: the player's own blow)."""
    if m in run.level.monsters:
        run.level.kill(m)
    run.kills += 1
    run.slain[m.kind.id] = run.slain.get(m.kind.id, 0) + 1
    run.dirty = True
    run.emit("kill")
    xp = content.monster_xp(m.kind, run.level.tier + (3 if m.boss else 0), m.boss)
    line = f"You kill {m.name}. (+{xp} xp)" if by_blow else f"{name_of(m, True)} dies. (+{xp} xp)"
    gained = run.player.gain_xp(xp)
    if gained:
        run.emit("level_up")
    return [good(line)] + [loot(text) for text in gained] + (settle_site(run) if m.boss else [])
