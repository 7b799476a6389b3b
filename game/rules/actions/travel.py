"""What goes on by itself, a turn at a time: walks of many steps and rests.

Three kinds of walk share planning and stepping: a click-walk
(:func:`plan_path` to a cell), a walk to the stairs (:func:`stairs_target`)
and auto-explore (:func:`explore_target`, re-planned leg by leg).  Two kinds
of rest share :func:`start_rest`: resting until healed, and searching a few
turns.  The screen steps them (``Game.go_on``) so it is drawn between turns
and a key stops them; after every turn the engine asks :func:`interruption`
whether to stop, and says why ("You stop resting: the goblin comes into view.").

What stops both (:func:`danger`): a blow, a shot or a burst that hurts the
player; the player's own poison or burning only once HP is under
:data:`HURT_FRACTION` of the most; a monster come into view that was not in
view before, or one in view that wakes; a monster next to the player.  A walk also stops on an item it
wanted but could not take (a full pack); a rest when it is done, or after
:data:`MAX_REST_TURNS`.

Long because the plans (:data:`PLANS`: a walk, auto-explore, the goal key's
seek, a tap's head towards the unseen, rests), how they plan and what stops
them share the activity's bookkeeping (``_begin``, ``_finds``, the ground a
walk may take); split apart, each half would reach into the other's privates.
"""

from __future__ import annotations

import numpy as np

from worldgen.toolkit import grid

from ..content import GASES, STATUSES, VAULTS
from ..content.keys import hint
from ..world.geometry import STEPS, chebyshev, walk_distance
from ..creatures.identify import item_name, items_are
from ..text.log import note
from ..creatures.pack import fits
from ..play.pickup import picks_up
from ..play.look import unreachable
from ..play.objective import objective
from ..state import Activity, RunState
from ..world.hazards import thick
from ..world.vaults import choice_vault, guarded, seen_sentinels
from .base import Action, Result, alternate, fail
from .walk import OverworldStep, Rest, Walk

__all__ = ["plan_path", "TravelStep", "step_action", "nearest_known", "start_walk", "start_explore", "start_rest",
           "danger", "walk_interruption", "interruption", "explore_target", "stairs_target", "Plan", "PLANS",
           "harmful_clouds", "cloud_in_the_way", "no_way", "HURT_FRACTION", "MAX_REST_TURNS", "SEARCH_TURNS",
           "SIGHTED"]

#: Below this share of max HP the player's own poison or burning stops a walk or a rest (above it, ticks do not).
HURT_FRACTION = 0.5
MAX_REST_TURNS = 1000  # a rest stops after this many turns, healed or not
SEARCH_TURNS = 5  # a search is this many turns of resting (each searches 3 cells around, hard)

# Straight steps first: on ties the path prefers them (it looks less drunk).
_ORDER = (sorted((s for s in STEPS if 0 in s), reverse=True)
          + sorted(s for s in STEPS if 0 not in s))


def plan_path(run: RunState, x: int, y: int, through_clouds: bool = False) -> list[tuple[int, int]] | None:
    """The cells of a shortest walk from the player to ``(x, y)`` over known
    ground (the overworld, or explored dungeon floor); ``[]`` when that is no
    place to walk to, None when it is but no known way leads there.

    One distance map from the target, then downhill from the player: the
    walk in Python touches at most 8 cells per step of the path (a few
    hundred steps at most, well under a millisecond)."""
    passable = _known_ground(run, (x, y), through_clouds=through_clouds)
    h, w = passable.shape
    if 0 <= x < w and 0 <= y < h and _shackled(run.level.monster_at(x, y) if run.mode == "dungeon" else None):
        passable[y, x] = True  # a walk to a captive ends beside it (the last step would free it)
    if not (0 <= x < w and 0 <= y < h) or not passable[y, x] or (x, y) == run.pos:
        return []
    dist = walk_distance(passable, [(x, y)])
    cx, cy = run.pos
    if dist[cy, cx] < 0:
        return None
    path = []
    for _ in range(int(dist[cy, cx])):
        want = dist[cy, cx] - 1
        step = next(((cx + dx, cy + dy) for dx, dy in _ORDER
                     if 0 <= cx + dx < w and 0 <= cy + dy < h and dist[cy + dy, cx + dx] == want), None)
        if step is None:
            break
        path.append(step)
        cx, cy = step
    return path


def _known_ground(run: RunState, goal: tuple[int, int] | None = None,
                  keep_out: np.ndarray | None = None, through_clouds: bool = False) -> np.ndarray:
    """Where a walk may go: explored floor (a found trap is stepped over
    safely), never a burning cell, never a shackled captive's cell (it never
    steps aside: a walk goes round it, and one it blocks is the player's to
    free by a bump), nor a seen stone sentinel's, which never steps aside
    either; deep water and chasms are stepped into only on purpose, one step
    at a time.  Never where the player knows sentinels can strike
    (:func:`~game.rules.world.vaults.guarded`), unless the player stands there or
    the walk's ``goal`` lies there: a click there is a choice, auto-explore
    is not.  Never through a harmful cloud in view, but out of the one the
    player stands in (over any of its cells: a walk leaves it) and into one
    clicked on; ``through_clouds``: as if no cloud were there (what a refusal
    asks to name its reason).  ``keep_out``: :func:`guarded`, when the caller
    has it already."""
    if run.mode == "overworld":
        return run.loc.passable
    level = run.level
    ground = level.walkable & level.seen & level.calm  # never through fire
    for m in [m for m in level.monsters if _shackled(m)] + seen_sentinels(level):
        ground[m.y, m.x] = False  # neither ever steps aside
    keep_out = guarded(level) if keep_out is None else keep_out
    x, y = run.pos
    if not keep_out[y, x] and not (goal is not None and level.inside(*goal) and keep_out[goal[1], goal[0]]):
        ground &= ~keep_out
    if through_clouds:
        return ground
    clouds = harmful_clouds(level)  # never through a cloud in view that would afflict ...
    if clouds[y, x]:  # ... but out of the one the player stands in, by any of its cells,
        clouds &= walk_distance(clouds & ground, [(x, y)]) < 0
        clouds[y, x] = False
    if goal is not None and level.inside(*goal):
        clouds[goal[1], goal[0]] = False  # and into one clicked on: a choice
    return ground & ~clouds


def cloud_in_the_way(run: RunState) -> str:
    """The harmful cloud in view a walk keeps out of, named ("poison"), or "" when none is."""
    if run.mode != "dungeon":
        return ""
    level = run.level
    return next((kind for kind, gas in GASES.items() if gas.status and kind in level.gas
                 and (thick(level, kind) & level.visible).any()), "")


def no_way(run: RunState, x: int, y: int) -> str:
    """What a walk to ``(x, y)`` with no known way says: the cloud a way
    would cross, when only a harmful cloud keeps it out, else no way."""
    kind = cloud_in_the_way(run)
    if kind and plan_path(run, x, y, through_clouds=True):
        return f"A cloud of {kind} lies in the way."
    return "You see no way there."


def harmful_clouds(level) -> np.ndarray:
    """Cells in view where a cloud is thick enough to give its status (poison,
    confusion: smoke only hides): walks that plan themselves keep out of them."""
    out = np.zeros(level.shape, dtype=bool)
    for kind, gas in GASES.items():
        if gas.status and kind in level.gas:
            out |= thick(level, kind)
    return out & level.visible


def _shackled(m) -> bool:
    """Whether ``m`` is a shackled captive in plain sight: it never steps aside, so walks go round it."""
    return m is not None and m.captive and not m.hidden


def _begin(run: RunState, kind: str, path: list[tuple[int, int]] | None = None) -> Activity:
    """A plan of ``kind`` begins now: what is in view, HP and blows now do not stop it."""
    act = Activity(kind, list(path or []), hp=run.player.hp, blows=run.blows, finds=_finds(run))
    if run.mode == "dungeon":
        foes = run.foes_in_view()
        act.seen = {m.index for m in foes}
        act.awake = {m.index for m in foes if m.awake}
    run.activity = act
    return act


def start_walk(run: RunState, path: list[tuple[int, int]], kind: str = "walk") -> None:
    """Begin walking ``path`` (``kind`` ``"explore"``: a leg of auto-explore)."""
    _begin(run, kind, path)


def start_explore(run: RunState, kind: str = "explore", towards: tuple[int, int] | None = None) -> bool:
    """Auto-explore (``kind`` "explore"; "seek" for the goal key's, which stops
    once the goal is in sight; "head" towards the unseen cell ``towards``):
    walk leg by leg to the nearest unexplored edge or item; False (and the
    log says why) when there is no first leg."""
    return _next_leg(run, kind, towards)


def _next_leg(run: RunState, kind: str = "explore", towards: tuple[int, int] | None = None) -> bool:
    """Auto-explore's next leg, planned from where the player stands now (and
    sees from there: it never says all is explored with the view behind it),
    towards a cell with ``towards``."""
    run.level.update_view(*run.pos)
    target = explore_target(run, towards)
    path = plan_path(run, *target) if target is not None else None
    if not path:
        run.stop_walk()
        cloud = cloud_in_the_way(run)
        if towards is not None:
            run.say("You see no way on that way.")
        elif target is None and cloud and explore_target(run, through_clouds=True) is not None:
            run.say(f"You stop: a cloud of {cloud} lies between you and what is left to explore.")
        else:
            run.say("You have explored everything you can reach here." if target is None else "You see no way on.")
        run.touch()
        return False
    start_walk(run, path, kind)
    run.activity.target = towards
    return True


def start_rest(run: RunState, kind: str) -> str | None:
    """Begin a rest (``"rest"``: until healed) or a search; returns why it
    cannot begin (the screen says it), else None."""
    p, level = run.player, run.level
    awake = [m for m in run.foes_in_view() if m.awake]
    if awake:
        return f"You cannot {kind} with {awake[0].name} in view."
    if "burning" in p.statuses:
        return f"You cannot {kind} while you burn: water puts it out."
    if kind == "search" and level is None:
        return "Nothing is hidden out here."
    if kind == "rest" and _rested(run):
        return f"You are rested ({p.hp}/{p.max_hp} HP): nothing to wait for."
    _begin(run, kind)
    return None


def _rested(run: RunState) -> bool:
    """Full HP and no harmful status left to wait out."""
    p = run.player
    return p.hp >= p.max_hp and not any(not STATUSES[s].good for s in p.statuses)


def _finds(run: RunState) -> int:
    return len(run.level.found) + len(run.level.traps_found) if run.level is not None else 0


def danger(run: RunState) -> str | None:
    """Why anything going on must stop after the turn that just passed (see
    the module docstring), or None; what it has seen now no longer stops it."""
    player, act = run.player, run.activity
    blow, lost = run.blows > act.blows, player.hp < act.hp
    act.hp, act.blows = player.hp, run.blows
    if blow or (lost and player.hp < HURT_FRACTION * player.max_hp):
        return f"you are hurt ({max(0, player.hp)}/{player.max_hp} HP)"
    if run.mode != "dungeon":
        return None
    in_view = run.foes_in_view()
    new = [m for m in in_view if m.index not in act.seen]
    woke = [m for m in in_view if m.awake and m.index not in act.awake]
    act.seen.update(m.index for m in in_view)
    act.awake.update(m.index for m in woke)
    near = [m for m in in_view if chebyshev(m.pos, run.pos) <= 1]
    if new:
        return f"{new[0].name} comes into view"
    if woke:
        return f"{woke[0].name} notices you"
    if near:
        return f"{near[0].name} is next to you"
    return None


def walk_interruption(run: RunState) -> str | None:
    """Why a walk must stop (:func:`danger`, or an item underfoot it wanted but
    had no room for), or None to go on."""
    why = danger(run)
    if why is not None or run.mode != "dungeon":
        return why
    choice = _choice_beside(run)
    if choice is not None:
        return choice
    left = [it for it in run.level.items_at(*run.pos) if it.kind.kind not in ("treasure", "relic")
            and picks_up(run, it)]
    if left:
        it = left[0]
        return f"{item_name(run, it.kind, it.count, 'the')} {items_are(it.kind, it.count)} here"
    return None


def _rest_interruption(run: RunState, act: Activity) -> str | None:
    why = danger(run)
    if why is not None:
        return f"You stop {'resting' if act.kind == 'rest' else 'searching'}: {why}."
    p = run.player
    if act.kind == "search":
        if act.turns < SEARCH_TURNS:
            return None
        found = _finds(run) > act.finds
        return f"You search for {act.turns} turns" + ("." if found else " and find nothing.")
    if _rested(run):
        return f"You are rested: {p.hp}/{p.max_hp} HP after {act.turns} turns."
    if act.turns >= MAX_REST_TURNS:
        return f"You stop resting after {act.turns} turns ({p.hp}/{p.max_hp} HP)."
    return None


class Plan:
    """What the player goes on doing by themselves, a turn at a time (Hauberk's
    ``Behavior``): the engine asks it for the turn's action
    (:func:`game.rules.engine.go_on`), performs it as any action of the
    player's, then asks whether anything stops it (:meth:`stops`)."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        """This turn's action, or None when it is over."""
        raise NotImplementedError

    def stops(self, run: RunState, act: Activity) -> str | None:
        """After a turn: the line that ends it, or None to go on."""
        why = walk_interruption(run)
        return None if why is None else f"You stop: {why}."


class FollowPath(Plan):
    """A walk to a cell (a click, travel to the stairs): a step a turn."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        return TravelStep() if act.path else None


class Explore(FollowPath):
    """Auto-explore: a walk, and when its leg ends, the next leg (:func:`explore_target`)."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        return TravelStep() if act.path or _next_leg(run) else None


#: What the goal key's explore stops for, by what the goal key does next.
SIGHTED = {"down": "the stairs down are", "up": "the stairs up are", "travel": "what you seek is"}


class Seek(Explore):
    """The goal key's explore (``Game.go_to_goal``): auto-explore that stops
    once what the objective looks for is in sight (:func:`~game.rules.play.objective.objective`)."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        return TravelStep() if act.path or _next_leg(run, "seek") else None

    def stops(self, run: RunState, act: Activity) -> str | None:
        why = super().stops(run, act)
        if why is not None:
            return why
        goal = objective(run)
        return None if goal.action == "explore" else f"You stop: {SIGHTED.get(goal.action, 'the goal is')} in sight."


class Head(FollowPath):
    """Explore towards a tapped cell not seen yet (``act.target``), leg by leg;
    once it is in sight, the last leg walks onto it (or says why it cannot)."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        x, y = act.target
        if run.level.seen[y, x]:
            path = plan_path(run, x, y)
            if not path:
                run.stop_walk()
                run.say("You see no way there." if path is None else unreachable(run, x, y))
                run.touch()
                return None
            start_walk(run, path)  # a plain walk from here
            return TravelStep()
        return TravelStep() if act.path or _next_leg(run, "head", act.target) else None


class Resting(Plan):
    """A rest until healed, or a search of :data:`SEARCH_TURNS`: a turn of rest a turn."""

    def next(self, run: RunState, act: Activity) -> Action | None:
        act.turns += 1
        return Rest()

    def stops(self, run: RunState, act: Activity) -> str | None:
        return _rest_interruption(run, act)


#: The plans, by the kind an :class:`~game.rules.state.Activity` names.
PLANS: dict[str, Plan] = {"walk": FollowPath(), "explore": Explore(), "seek": Seek(), "head": Head(),
                          "rest": Resting(), "search": Resting()}


def _choice_beside(run: RunState) -> str | None:
    """A vault's find the player stands on or beside whose taking springs its
    rule (an altar cage, an ambush): the walk stops once for it and says why
    (the taking is the player's: the pick-up key), then goes on past it another time."""
    level, (px, py) = run.level, run.pos
    for it in level.items:
        if max(abs(it.x - px), abs(it.y - py)) > 1 or it in run.told or not level.visible[it.y, it.x]:
            continue
        k = choice_vault(level, it)
        if k >= 0:
            run.told.update(other for other in level.items if choice_vault(level, other) == k)  # once a vault
            design = VAULTS[level.vaults[k]["design"]]
            return f"{design.title} ({design.rule}; {hint('pick_up')})"
    return None


def interruption(run: RunState) -> str | None:
    """The line that ends what goes on after the turn that just passed (it
    stops, or it is done), or None to go on."""
    return PLANS[run.activity.kind].stops(run, run.activity)


def explore_target(run: RunState, towards: tuple[int, int] | None = None,
                   through_clouds: bool = False) -> tuple[int, int] | None:
    """Where auto-explore walks next: the nearest (on foot, over known floor)
    item the pick-up mode would take (:func:`~game.rules.play.pickup.picks_up`)
    and the pack has room for, or cell at the edge of the unexplored; None
    when everything reachable is explored.  The site's treasure is never a
    target (claiming it is the player's choice), nor what the player chose
    to leave, nor what the pick-up mode leaves, nor anything in a guardian
    room known to be guarded (:func:`~game.rules.world.vaults.guarded`); a mimic
    passing for an item is one (it fools the walk as it fools the eye).
    ``towards`` (an unexplored cell the player tapped): the edge of the
    unexplored nearest that cell instead (then the nearest on foot), no items.
    ``through_clouds``: as if no harmful cloud were there (what a refusal asks)."""
    level = run.level
    keep_out = guarded(level)
    known = _known_ground(run, keep_out=keep_out, through_clouds=through_clouds)
    targets = known & (grid.neighbour_count(~level.seen, 1) > 0)
    for it in level.items if towards is None else ():
        if level.seen[it.y, it.x] and picks_up(run, it) and fits(run.player.inventory, it.kind.id):
            targets[it.y, it.x] = True
    for m in level.monsters if towards is None else ():
        if m.hidden and m.kind.disguise and level.seen[m.y, m.x] and known[m.y, m.x]:
            targets[m.y, m.x] = True
    targets &= ~keep_out  # from inside (its first sight is from the doorway) the walk leads out
    dist = walk_distance(known, [run.pos])
    reach = targets & (dist > 0)  # reached on foot, and not the player's own cell (distance 0)
    if not reach.any():
        return None
    if towards is not None:
        ys, xs = np.nonzero(reach)
        gap = np.maximum(np.abs(xs - towards[0]), np.abs(ys - towards[1]))
        k = int(np.lexsort((dist[ys, xs], gap))[0])  # the nearest the cell, then the nearest on foot
        return int(xs[k]), int(ys[k])
    flat = int(np.argmin(np.where(reach, dist, np.iinfo(dist.dtype).max)))  # the first of the nearest
    y, x = divmod(flat, level.shape[1])
    return x, y


def stairs_target(run: RunState, down: bool) -> tuple[int, int] | None:
    """The stairs down (or up) of the current level if the player has seen them."""
    level = run.level
    cell = level.down if down else level.up
    if cell is None or not level.seen[cell[1], cell[0]]:
        return None
    return cell


def nearest_known(level, x: int, y: int, radius: int) -> tuple[int, int] | None:
    """The explored walkable cell nearest ``(x, y)`` (Chebyshev distance, then
    row order) within ``radius`` cells, or None."""
    h, w = level.shape
    y0, y1, x0, x1 = max(0, y - radius), min(h, y + radius + 1), max(0, x - radius), min(w, x + radius + 1)
    ys, xs = np.nonzero((level.walkable & level.seen)[y0:y1, x0:x1])
    if ys.size == 0:
        return None
    d = np.maximum(np.abs(ys + y0 - y), np.abs(xs + x0 - x))
    k = int(np.argmin(d))  # the first of the nearest, in row order
    return int(xs[k] + x0), int(ys[k] + y0)


def step_action(run: RunState, dx: int, dy: int) -> Action:
    """The action a step in direction ``(dx, dy)`` is where the player is."""
    return Walk(dx, dy) if run.mode == "dungeon" else OverworldStep(dx, dy)


class TravelStep(Action):
    """The next step of the planned walk; it never walks into a monster it
    knows of (a hidden one it walks into, as the player would), except an
    ally: the two change places, as a step into it does by hand."""

    def perform(self, run: RunState) -> Result:
        if not run.path:
            return fail()
        x, y = run.activity.path.pop(0)
        blocker = run.level.monster_at(x, y) if run.mode == "dungeon" else None
        if blocker is not None and not blocker.hidden and not blocker.ally:
            return fail(note(f"You stop: {blocker.name} is in the way."))
        clouds = harmful_clouds(run.level) if run.mode == "dungeon" else None
        if clouds is not None and clouds[y, x] and not clouds[run.pos[1], run.pos[0]] and run.activity.path:
            kind = next(k for k, g in GASES.items() if g.status and k in run.level.gas and thick(run.level, k)[y, x])
            return fail(note(f"You stop: a cloud of {kind} lies ahead."))
        return alternate(step_action(run, x - run.pos[0], y - run.pos[1]))
