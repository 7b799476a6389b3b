"""The turn engine (after Hauberk's ``Game.update``): perform an action,
follow its alternatives, then let time pass until the player can act again.

In a dungeon, time passes in game turns.  Each turn: the turn counter and
healing advance (:func:`game.rules.clock.pass_turns`), statuses tick, secret
doors next to the player may be noticed, the view is updated, and every
monster gains energy by its speed and spends it on what its behaviour
chooses (:mod:`game.rules.behaviours`).  On the overworld there are no
monsters: an action's turns simply pass.

A key press becomes one :func:`perform` call; so does each step of a
walk and each turn of a rest, after which
:func:`~game.rules.actions.travel.interruption` says whether it goes on.  The player's actions and the monsters' go
through one cascade, :func:`resolve` (alternatives, messages, the view,
reactions).  Nothing here draws or waits.
"""

from __future__ import annotations

import numpy as np

from worldgen.core.tiles import T

from . import status
from .actions.base import MAX_ALTERNATIVES, MAX_REACTION_DEPTH, Action, Result
from .actions.effects import Damage
from .actions.terrain import HazardsTurn
from .actions.travel import interruption
from .actions.walk import MonsterStep
from .behaviours import BEHAVIOURS, TurnContext, wander
from .clock import pass_turns
from .energy import ACTION_COST, MAX_ACTIONS, MAX_TURNS
from .log import GOOD, NOTE
from .state import RunState

__all__ = ["perform", "resolve", "end_player_turn", "monsters_act"]

_WATER = (T.shallow_water, T.deep_water)


def perform(run: RunState, action: Action) -> bool:
    """Do ``action`` for the player; True if it succeeded.

    It is resolved as every actor's action is (:func:`resolve`); a success
    that takes time ends the player's turn (its energy cost decides how soon
    they act again).  A failure stops any planned walk."""
    if run.busy:
        return False
    result, action = resolve(run, action)
    if not result.succeeded:
        run.stop_walk()
        return False
    if result.turns <= 0 or run.dead:
        return True
    if run.mode == "dungeon":
        end_player_turn(run, action.cost(run), searching=action.searches)
    else:
        pass_turns(run, result.turns)
    if run.ongoing and not run.dead:  # a walk or a rest: does it go on after this turn?
        line = interruption(run)
        if line is not None:
            run.say(line, NOTE)
            run.stop_walk()
    return True


def resolve(run: RunState, action: Action, depth: int = 0) -> tuple[Result, Action]:
    """Perform ``action`` the one way every actor's action is performed (the
    player's, a monster's, a trap's, an effect's): its alternatives are
    followed (at most :data:`MAX_ALTERNATIVES`), the messages of every step
    are logged, the view is told when anything happened, and a success's
    reactions are resolved next, in order (at most
    :data:`MAX_REACTION_DEPTH` deep; none after the player's death).
    Returns the last result and the action that gave it."""
    for _ in range(MAX_ALTERNATIVES):
        result = action.perform(run)
        for text, kind in result.messages:
            run.say(text, kind)
        if result.alternative is None:
            break
        action = result.alternative
    if result.succeeded or result.messages:
        run.touch()
    if result.succeeded and depth < MAX_REACTION_DEPTH:
        for reaction in result.then:
            if run.dead:
                break
            resolve(run, reaction, depth + 1)
    return result, action


def end_player_turn(run: RunState, cost: int = ACTION_COST, searching: bool = False) -> None:
    """The player has spent an action in a dungeon: turns pass until their
    energy allows the next one (one turn at normal speed, none at all for
    every other action of a player twice as fast)."""
    player = run.player
    player.energy.spend(cost)
    for _ in range(MAX_TURNS):
        if player.energy.ready or run.dead:
            break
        _one_turn(run, searching)
        searching = False
        player.energy.gain(player.speed)
    if not player.energy.ready:  # MAX_TURNS passed (a very slow player): act now anyway
        player.energy.value = ACTION_COST


def _one_turn(run: RunState, searching: bool) -> None:
    level = run.level
    rng = run.rng()
    pass_turns(run, 1)
    px, py = run.pos
    _tick_player(run)
    resolve(run, HazardsTurn())
    if run.dead:
        return
    for line in level.reveal_secrets_near(px, py, rng, searching):
        run.say(line, GOOD)
    level.update_view(px, py)
    monsters_act(run, rng)
    run.noise = 0
    if not run.player.alive and not run.dead:
        run.dead = True
        run.killer = run.killer or "something"
        run.stop_walk()


def _tick_player(run: RunState) -> None:
    p = run.player
    if not p.statuses:
        return
    damage, cause, ended = status.tick(p, in_water=int(run.level.tiles[run.pos[1], run.pos[0]]) in _WATER)
    for name in ended:
        run.say(f"You are no longer {name}.", NOTE)
    if damage:
        resolve(run, Damage(p, damage, cause, tick=True))


def monsters_act(run: RunState, rng: np.random.Generator) -> None:
    """Every monster on the level: statuses tick, it may notice the player,
    gains energy by its speed and spends it."""
    level = run.level
    occupied = np.zeros(level.shape, dtype=bool)
    for m in level.monsters:
        occupied[m.y, m.x] = True
    ctx = TurnContext(run, rng, occupied, run.noise)
    for m in list(level.monsters):
        if not _tick_monster(run, m, occupied):
            continue
        behaviour = BEHAVIOURS[m.behaviour]
        for text, kind in behaviour.notice(ctx, m):
            run.say(text, kind)
        m.energy.gain(m.speed)
        for _ in range(MAX_ACTIONS):
            if not m.energy.ready or not run.player.alive:
                break
            m.energy.spend()
            if "confused" in m.statuses and rng.random() < 0.5:
                cell = wander(ctx, m)
                action = None if cell is None else MonsterStep(m, *cell, occupied)
            else:
                action = behaviour.act(ctx, m)
            if action is not None:
                resolve(run, action)


def _tick_monster(run: RunState, m, occupied: np.ndarray) -> bool:
    """Statuses tick for ``m``; False if it died of them."""
    if not m.statuses:
        return True
    damage, cause, _ = status.tick(m, in_water=int(run.level.tiles[m.y, m.x]) in _WATER)
    if damage:
        resolve(run, Damage(m, damage, cause, tick=True))
    if m.alive:
        return True
    occupied[m.y, m.x] = False
    return False
