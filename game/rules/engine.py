"""The turn engine: perform an action, follow its alternatives (as
Hauberk's actions answer with another to do instead), then let time pass
until the player can act again.

In a dungeon, time passes in game turns, each the phases of
:data:`TURN_PHASES` in order: the clock and healing, the player's statuses,
the ground (fire, gas), secrets noticed, the view, every monster (its
statuses, then what its behaviour chooses: :mod:`game.rules.behaviours`),
the turn's noise fading, death.  On the overworld there are no monsters:
an action's turns simply pass.

A key press becomes one :func:`perform` call; what the player goes on
doing by themselves (a plan: :data:`~game.rules.actions.travel.PLANS`) is
stepped a turn at a time by :func:`go_on`, and stopped when its plan says
so.  The player's actions and the monsters' go through one cascade,
:func:`resolve` (alternatives, messages, the view, reactions).  Nothing
here draws or waits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from worldgen.core.tiles import T

from .creatures import status
from .play import tips
from .creatures.pack import reletter
from .actions.base import MAX_ALTERNATIVES, MAX_REACTION_DEPTH, Action, Result
from .actions.effects import Damage
from .actions.powers import set_off
from .actions.scrolls import choice_prompt
from .content import ITEM_BY_ID
from .actions.terrain import DriftDown, Drown, HazardsTurn
from .actions.travel import PLANS, interruption
from .actions.walk import Helpless, Step
from .behaviours import BEHAVIOURS, TurnContext, wander
from .play.clock import pass_turns
from .creatures.energy import ACTION_COST, MAX_ACTIONS, MAX_TURNS
from .text.log import BAD, GOOD, NOTE
from .state import RunState

__all__ = ["perform", "go_on", "resolve", "end_player_turn", "monsters_act", "TURN_PHASES", "Phase", "Turn"]

_WATER = (T.shallow_water, T.deep_water)


def perform(run: RunState, action: Action) -> bool:
    """Do ``action`` for the player; True if it succeeded.

    It is resolved as every actor's action is (:func:`resolve`); a success
    that takes time ends the player's turn (its energy cost decides how soon
    they act again).  A failure stops any planned walk.  A paralysed player
    does nothing but let the turn pass (:class:`~.actions.walk.Helpless`).
    While a read scroll waits for its choice, only that choice is taken
    (:mod:`~.actions.scrolls`); anything else is refused with its prompt."""
    if run.busy or run.mode not in action.modes:  # each action says where it may be taken
        return False
    p = run.player
    p.letters = reletter(p.inventory, p.letters)  # the pack as it stands (a new run's kit, a pack set by hand)
    try:
        return _perform(run, action)
    finally:  # whatever changed the pack (a pick-up, a craft, a thief), its letters stay put
        p.letters = reletter(p.inventory, p.letters)


def _perform(run: RunState, action: Action) -> bool:
    if run.player.reading and not action.finishes_reading:  # a read scroll waits for its choice first
        run.stop_walk()
        run.say(choice_prompt(ITEM_BY_ID[run.player.reading]), NOTE)
        return False
    if run.mode == "dungeon" and not status.can_act(run.player):
        run.stop_walk()
        action = Helpless()
    result, action = resolve(run, action)
    if not result.succeeded:
        run.stop_walk()
        return False
    if result.turns <= 0 or run.dead:
        if not run.dead:
            tips.notice(run)
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
    if not run.dead:
        tips.notice(run)  # a first-time tip, or the weak-weapon prompt (messages only)
    return True


def go_on(run: RunState) -> bool:
    """The next turn of what the player goes on doing (``run.activity``, a
    plan of :data:`~game.rules.actions.travel.PLANS`): its action, performed
    as the player's (and stopped as :func:`perform` stops it); False when
    nothing goes on, or a map is being built (that ends it)."""
    act = run.activity
    if run.busy or act is None:
        run.stop_walk()
        return False
    action = PLANS[act.kind].next(run, act)
    if action is None:
        run.stop_walk()
        return False
    return perform(run, action)


def resolve(run: RunState, action: Action, depth: int = 0) -> tuple[Result, Action]:
    """Perform ``action`` the one way every actor's action is performed (the
    player's, a monster's, a trap's, an effect's): its alternatives are
    followed (at most :data:`MAX_ALTERNATIVES`), the messages of every step
    are logged, the view is told when anything happened, and a success's
    reactions are resolved next, in order (at most
    :data:`MAX_REACTION_DEPTH` deep; none after the player's death).  What
    the action set off on its way (``run.triggered``: a jelly split by a
    blow, a bloat bursting as it dies) comes first among them.
    Returns the last result and the action that gave it."""
    for _ in range(MAX_ALTERNATIVES):
        result = action.perform(run)
        for text, kind in result.messages:
            run.say(text, kind)
        if result.alternative is None:
            break
        action = result.alternative
    set_going = [a for event in run.triggered if (a := set_off(run, event)) is not None]
    run.triggered.clear()
    if result.succeeded or result.messages:
        run.touch()
    if (result.succeeded or set_going) and depth < MAX_REACTION_DEPTH:
        for reaction in set_going + list(result.then if result.succeeded else ()):
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


@dataclass
class Turn:
    """One game turn as its phases share it: the turn's rolls (drawn before the
    clock moves on) and whether the player spent it searching."""

    rng: np.random.Generator
    searching: bool


def _clock(run: RunState, turn: Turn) -> None:
    pass_turns(run, 1)


def _tick_player(run: RunState, turn: Turn) -> None:
    """The player's statuses tick: their harm is a ``Damage``, a levitation
    ending over a chasm a ``DriftDown``."""
    p = run.player
    if not p.statuses:
        return
    level, (x, y) = run.level, p.pos
    damage, cause, ended = status.tick(p, in_water=int(level.tiles[y, x]) in _WATER)
    for name in ended:
        run.say(f"You are no longer {name}.", NOTE)
    if "levitating" in ended and int(level.tiles[y, x]) == T.chasm:
        resolve(run, DriftDown())
    elif "levitating" in ended and int(level.tiles[y, x]) == T.deep_water:
        run.say("You drop into the deep water: you swim.", BAD)
    if damage:
        resolve(run, Damage(p, damage, cause, tick=True))


def _ground(run: RunState, turn: Turn) -> None:
    resolve(run, HazardsTurn())


def _secrets(run: RunState, turn: Turn) -> None:
    px, py = run.player.pos
    for line in run.level.reveal_secrets_near(px, py, turn.rng, turn.searching, keen=run.player.has("keen_eyes")):
        run.say(line, GOOD)


def _view(run: RunState, turn: Turn) -> None:
    run.level.update_view(*run.player.pos)


def _monsters(run: RunState, turn: Turn) -> None:
    monsters_act(run, turn.rng)


def _quiet(run: RunState, turn: Turn) -> None:
    run.noise = 0


def _death(run: RunState, turn: Turn) -> None:
    if not run.player.alive and not run.dead:
        run.dead = True
        run.killer = run.killer or "something"
        run.stop_walk()


class Phase(NamedTuple):
    name: str
    run: Callable[[RunState, Turn], None]
    after_death: bool  # it happens even when the player died earlier in the turn


#: A game turn in a dungeon, in order.  A phase that does not happen after
#: the player's death is skipped, with every phase after it, once they died.
TURN_PHASES: tuple[Phase, ...] = (
    Phase("the clock moves on, healing with it", _clock, True),
    Phase("the player's statuses tick", _tick_player, True),
    Phase("the ground changes: fire, gas, terrain", _ground, True),
    Phase("secrets near the player may be noticed", _secrets, False),
    Phase("the view is recomputed", _view, False),
    Phase("every monster acts", _monsters, False),
    Phase("the turn's noise fades", _quiet, False),
    Phase("a player at 0 HP dies", _death, False),
)


def _one_turn(run: RunState, searching: bool) -> None:
    turn = Turn(run.rng(), searching)
    for phase in TURN_PHASES:
        if run.dead and not phase.after_death:
            return
        phase.run(run, turn)


def monsters_act(run: RunState, rng: np.random.Generator) -> None:
    """Every monster on the level: statuses tick, it may notice the player,
    gains energy by its speed and spends it."""
    level = run.level
    occupied = np.zeros(level.shape, dtype=bool)
    _mark(occupied, level)
    ctx = TurnContext(run, rng, occupied, run.noise)
    for m in list(level.monsters):
        if not m.alive or m not in level.monsters:  # killed (or gone) earlier this turn
            continue
        if not _tick_monster(run, m, occupied):
            continue
        for text, kind in BEHAVIOURS[m.behaviour].notice(ctx, m):
            run.say(text, kind)
        m.energy.gain(m.speed)
        for _ in range(MAX_ACTIONS):
            if not m.energy.ready or not run.player.alive or not m.alive or m not in level.monsters:
                break
            m.energy.spend()
            action = _monster_action(ctx, m)
            if action is not None:
                resolve(run, action)
                _mark(occupied, level)  # a death, a summons, a blink away: the mask follows


def _mark(occupied: np.ndarray, level) -> None:
    """The cells monsters stand on, anew."""
    occupied[:] = False
    for m in level.monsters:
        occupied[m.y, m.x] = True


def _monster_action(ctx: TurnContext, m) -> Action | None:
    """What ``m`` does with one action: nothing while paralysed, a random
    stumble half the time while confused, else what its behaviour chooses."""
    if not status.can_act(m):
        return None
    if "confused" in m.statuses and ctx.rng.random() < 0.5:
        cell = wander(ctx, m)
        return None if cell is None else Step(m, *cell, ctx.occupied)
    return BEHAVIOURS[m.behaviour].act(ctx, m)


def _tick_monster(run: RunState, m, occupied: np.ndarray) -> bool:
    """Statuses tick for ``m``; False if it died of them."""
    if not m.statuses:
        return True
    damage, cause, ended = status.tick(m, in_water=int(run.level.tiles[m.y, m.x]) in _WATER)
    if "levitating" in ended and not run.level.passable(m.moves)[m.y, m.x]:
        resolve(run, Drown(m, damage, cause))  # a walker that floated out over deep water
    elif damage:
        resolve(run, Damage(m, damage, cause, tick=True))
    if m.alive:
        return True
    occupied[m.y, m.x] = False
    return False
