"""Hurting and dying, for every cause: blows, shots, bolts, fire, poison.

One place decides what a death means: a monster is removed (its level
remembers where it fell), what it carried falls where it died, and its
killer earns its experience (the player, for their own blows and what they
set going; an ally, for its kills, and the player with it; no one when
monsters kill each other); an ally's death is told; the player's death ends
the run and names its cause.

What a wound or a death sets off (a jelly splitting, a bloat bursting) is
queued on the run as an event (``run.trigger``); the engine turns it into
the action it sets off (``game.rules.actions.powers.set_off``) and resolves
that next, so this module needs no action of its own.
"""

from __future__ import annotations

from .. import content
from ..creatures.entities import Actor, Monster
from ..text.log import Cue, bad, good, loot, note
from .sites import settle_site
from ..state import RunState

__all__ = ["hurt", "kill_monster", "name_of", "BLOODLUST_HEAL"]

BLOODLUST_HEAL = 4  # HP a kill by the player's hand gives back with the bloodlust perk

def name_of(target: Actor, capital: bool = False) -> str:
    """How a message names an actor: "you", "the orc", "your wolf" (``capital``: at a sentence's start)."""
    name = target.name
    return name[:1].upper() + name[1:] if capital else name


def hurt(run: RunState, target: Actor, damage: int, cause: str,
         killer: str | None = None, by: Actor | None = None, tick: bool = False) -> list[tuple[str, str]]:
    """``target`` loses ``damage`` HP from ``cause`` ("the orc", "poison",
    "fire" ...); returns the log lines of a death (the blow's own line is the
    caller's).  ``killer`` is how the death screen names a player's killer
    (default: the cause; :func:`game.rules.text.words.died` words it); ``by`` is
    who dealt it (None or the player: the player's doing; the player's own
    blow names them), for the experience of a kill.
    ``tick``: the harm is a status of the target's own ticking (poison,
    burning), not a blow (walks go on through the player's own ticks:
    ``RunState.blows`` counts the rest).  A monster hurt wakes and shows
    itself, and what a wound sets off in its kind is triggered."""
    if damage <= 0:
        return []
    target.hp -= damage
    if target.is_hero:  # the hero's death is the run's
        run.emit(Cue.HURT)
        run.blows += 0 if tick else 1
        if target.alive:
            return []
        run.dead = True
        run.killer = killer or cause
        run.stop_walk()
        return [bad(f"You die of {cause}." if cause in ("poison", "fire") else f"You are killed by {cause}.")]
    if target.alive:
        target.awake = True
        target.hidden = False
        if target.kind.on_hurt:
            run.trigger(("hurt", target))
        return []
    return kill_monster(run, target, by=by)


def kill_monster(run: RunState, m: Monster, by: Actor | None = None) -> list[tuple[str, str]]:
    """``m`` dies; ``by`` dealt the death (the player: by their own blow; None:
    the player's doing otherwise, a bolt, a fire they set).  Returns its lines."""
    level = run.level
    if m in level.monsters:
        level.kill(m)
    run.dirty = True
    run.emit(Cue.KILL)
    out = []
    if m.stolen is not None:  # a thief's loot falls where it dies
        item, count = m.stolen
        level.drop(item, m.x, m.y, count)
        out.append(loot(f"{name_of(m, True)} drops what it stole."))
    if m.kind.on_death:
        run.trigger(("death", m))
    if m.ally:
        return [bad(f"{name_of(m, True)} dies.")] + out
    xp = content.monster_xp(m.kind, level.tier + (3 if m.boss else 0), m.boss)
    if by is not None and by.hostile:  # monsters killing each other: no one learns
        return [note(f"{name_of(m, True)} dies.")] + out
    run.kills += 1
    run.slain[m.kind.id] = run.slain.get(m.kind.id, 0) + 1
    if by is None:
        line = f"{name_of(m, True)} dies. (+{xp} xp)"
    else:
        line = f"{name_of(by, True)} {by.speak('kill', 'kills')} {m.name}. (+{xp} xp)"
    if by is not None and not by.is_hero:  # an ally's kill: it learns too (twice as fast under a leader)
        gained = by.gain_xp(xp * (2 if run.player.has("leader") else 1)) if by.alive else []
        out += [loot(text) for text in gained]
    elif by is not None and run.player.has("bloodlust"):  # a kill by the player's own blow
        run.player.hp = min(run.player.max_hp, run.player.hp + BLOODLUST_HEAL)
    levels = run.player.gain_xp(xp)
    if levels:
        run.emit(Cue.LEVEL_UP)
    return [good(line)] + out + [loot(text) for text in levels] + (settle_site(run) if m.boss else [])
