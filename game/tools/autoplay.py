"""The balance harness: whole runs played headless through the game's own
rules by a simple policy, and the figures that say how hard the game is.

    python -m game.tools.autoplay --runs 20 --world Avalon [--policy careful|diver|tactician|all]
                            [--background fighter|hunter|adept|rogue] [--size small|medium|large]
                            [--max-turns N] [--first K] [--record DIR] [--reports FILE]
    python -m game.tools.autoplay --merge FILE [FILE ...]

A policy sees what the player sees and acts through :class:`Game`'s methods,
exactly as key presses do; maps are built synchronously (no frames here).

- ``careful`` explores each level fully, fights what is adjacent (swapping
  to its blade), shoots what it sees when it carries a bow or sling (``f``
  readies it), drinks a healing potion below 40% HP (an unknown potion only
  when nothing is in view and it is hurt), rests when hurt and alone, wields
  and wears what is better, crafts, walks to what the smart pick-up takes,
  follows a foe lost from sight to where it was last seen (once rested),
  never strikes a stone sentinel nor walks into a room it knows guarded,
  clears two ordinary sites per location for experience and loot, then takes
  the location's relic.
- ``diver`` descends as soon as it sees the stairs, drinks below 40% HP, and
  goes straight for each location's relic.
- ``tactician`` plays as ``careful`` does, and also uses items in dangerous
  fights (zaps, reads, throws: :mod:`game.tools.fights`) and frees the
  captives it finds.

Every policy uses the commands a player has (rest, search, swap, fire),
through :class:`Game` as the keys do, and chooses its perks by a ranking of
its own (:data:`game.tools.fights.PERK_RANKS`).  Each run's world is
``NAME-k`` (k = 1..runs, or from ``--first K``), so runs differ and any run
can be replayed, and a long measurement can be shared between processes:
each writes its runs to ``--reports FILE`` (one JSON line per run, as it
ends) and ``--merge`` prints the figures of all of them together.  One line
per run goes to stderr as it ends, so a long measurement shows its progress;
``--record DIR`` writes each run's recording there
(``NAME-k-POLICY.replay.txt``: ``python -m game.replay FILE --verify``
checks it, ``python -m game.replay FILE`` shows it).  Printed: depth
reached, turns survived, deaths by cause, potions unused at death, relics,
win rate, what the pack holds at the end (healing potions, pearls,
unidentified consumables: scarcity, measured), the most healing potions
held at once, and the hero's max HP and healing potions on reaching level
1, 5, 10, ..., the share of turns with an enemy in view,
the distinct monster kinds met, vaults opened (a vault counts once any of
its finds was taken) and allies freed, and the turns a policy waited out because its moves
changed nothing (a few are a fight's stalemate; thousands, a bug in the
policy or in the rules it plays by).  Exit status 0, or 2 on bad
arguments (one line on stderr).

Long because the careful and diving policies are one turn each (a dungeon
turn, an overworld turn) that reads best whole, beside the harness that
plays and sums the runs; the tactician's own calls live in :mod:`.fights`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
import weakref
from collections import Counter
from dataclasses import dataclass

import numpy as np

from worldgen.toolkit import grid

from ..rules.creatures.pack import fits, slots_used
from ..rules.actions.travel import explore_target
from ..rules.play.pickup import picks_up
from ..rules.creatures.entities import MAX_INVENTORY
from ..rules.world.geometry import STEPS
from ..rules.content import ITEM_BY_ID, RECIPES, SIZE_NAMES, UNIDENTIFIED_KINDS, relic_site
from ..rules.creatures.identify import is_known
from ..rules.world import vaults
from ..rules.run import BACKGROUNDS, DEFAULT_BACKGROUND, Game
from ..shell.work import settle
from .fights import choose_perk, free_captive, use_items

__all__ = ["play_run", "RunReport", "main", "POLICIES"]

POLICIES = ("careful", "diver", "tactician")
ORDINARY_SITES = {"careful": 2, "diver": 0, "tactician": 2}  # ordinary sites cleared per location before its relic


@dataclass
class RunReport:
    world: str
    policy: str
    won: bool
    dead: bool
    cause: str
    turns: int
    deepest: int  # levels down, counting 10 per location (as the score does)
    relics: int
    level: int
    potions_left: int  # healing potions in the pack at the end
    recording: str = ""  # the run's recording, as a file holds it
    background: str = DEFAULT_BACKGROUND
    fight_turns: int = 0  # turns in a dungeon with an enemy in view
    dungeon_turns: int = 0  # turns in a dungeon
    kinds_met: tuple[str, ...] = ()  # monster kinds seen, in the order first seen
    vaults: int = 0  # vaults opened: any of its finds taken
    freed: int = 0  # captives freed
    stuck: int = 0  # turns waited out because the policy's moves changed nothing (many: a bug to find)
    pearls_left: int = 0  # pearls in the pack at the end
    unknown_left: int = 0  # unidentified potions and scrolls in the pack at the end, and wands (one a kind)
    hp_by_level: tuple[int, ...] = ()  # max HP on reaching level 1, 2, ... (once its perk is chosen)
    potions_by_level: tuple[int, ...] = ()  # healing potions held on reaching level 1, 2, ...
    potions_most: int = 0  # the most healing potions held at once

    @property
    def outcome(self) -> str:
        return "won" if self.won else "died" if self.dead else "timed out"


# -- what the player knows ---------------------------------------------------------------
def _step_toward(g: Game, passable: np.ndarray, goals: np.ndarray) -> tuple[int, int] | None:
    """The first step of a shortest known walk to the nearest goal cell, round
    any stone sentinel seen (a step into one is a blow that does 1), and
    out of a guardian room known to be guarded unless already in it (as the
    game's own walks, :func:`game.rules.world.vaults.guarded`: its sentinels strike
    for 14, and a diver walking by them died on island 1)."""
    if not goals.any():
        return None
    x, y = g.pos
    keep_out = vaults.guarded(g.level)
    goals = goals & ~keep_out  # from inside (first seen from its doorway) the way leads out
    if not goals.any():
        return None
    passable = passable & ~keep_out if not keep_out[y, x] else passable.copy()
    for m in vaults.seen_sentinels(g.level):
        passable[m.y, m.x] = False
    passable[y, x] = True  # where it stands (a sprung trap, say) is always a start
    dist = grid.walk_distance(passable, goals)
    here = dist[y, x]
    if here <= 0:
        return None
    h, w = passable.shape
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h and dist[ny, nx] == here - 1:
            return dx, dy
    return None


def _visible_monsters(g: Game):
    """The foes in view that matter now: a site's guardian asleep by its prize
    does not (it never leaves it; it wakes when the prize is taken).  Counted
    as a foe, it kept the policy from resting and exploring, and a close-in
    whose way left its sight, then auto-explore back into view, went on for
    100,000 turns.  Nor does a vault's stone sentinel (:func:`_strikable`)."""
    return [m for m in _strikable(g) if m.behaviour != "guardian"]


def _strikable(g: Game):
    """The foes in view a blow can tell on: not a stone sentinel (999 HP,
    defence 60: a blow does 1).  It moves only when the player steps, so a
    policy striking the one beside it stood there, struck for 1 a turn, while
    an archer shot it dead (a diver on island 1)."""
    return [m for m in g.foes_in_view() if m.behaviour != "statue"]


def _healing_slot(g: Game) -> int | None:
    for slot, item_id in enumerate(g.player.inventory):
        kind = ITEM_BY_ID[item_id]
        if kind.kind == "potion" and kind.effect == "heal" and is_known(g, kind):
            return slot
    return None


REST_BELOW = 0.6  # the careful policy rests, when nothing is in view, below this share of its HP
MAX_GOING_ON = 2000  # turns one rest, search or auto-explore may take in the harness (bounded)


def _going_on(g: Game) -> None:
    """Let a rest, a search or auto-explore run its course, as the screen steps it (bounded)."""
    for _ in range(MAX_GOING_ON):
        if not g.ongoing or not g.go_on():
            break


def finish_reading(g: Game) -> bool:
    """A scroll read waits for its choice: enchant the armour worn or the
    weapon in hand, whichever is the less enchanted (the armour when even;
    the weapon ready only when neither is there); a scroll that acts
    somewhere is let go (the policies aim only known scrolls, at once).
    True if it spent the turn."""
    if g.reading() == "gear":
        p = g.player
        choices = [c.id for c in g.enchant_choices()]
        choices.sort(key=lambda slot: (slot == "swap", p.plus(getattr(p, slot)), slot != "armour"))
        return g.choose(choices[0] if choices else None)
    return bool(g.reading()) and g.choose(None)


def worth(p, kind) -> int:
    """What a weapon or armour kind is worth to the hero: its power and the
    enchantment the hero has put in that kind (a +3 leather beats a chain mail)."""
    return kind.power + p.plus(kind.id)


def _manage_pack(g: Game, safe: bool) -> bool:
    """Wield and wear what is better, craft, read scrolls of enchanting and try
    unknown potions and scrolls when safe; True if it spent the turn."""
    p = g.player
    for slot, item_id in enumerate(p.inventory):
        kind = ITEM_BY_ID[item_id]
        if kind.kind == "weapon" and (not kind.ammo or kind.ammo in p.inventory):
            # a better blade than the one carried, a better launcher it has missiles for
            rivals = [worth(p, k) for k in (p.weapon_kind, p.swap_kind)
                      if k is not None and bool(k.ammo) == bool(kind.ammo)]
            if worth(p, kind) > max(rivals, default=-1):
                return g.use_item(slot)
        if kind.kind == "armour" and (p.armour_kind is None or worth(p, kind) > worth(p, p.armour_kind)):
            return g.use_item(slot)
        if kind.kind == "resource" and kind.id in RECIPES and p.inventory.count(item_id) >= RECIPES[item_id].need:
            return g.use_item(slot)
        if safe and kind.kind in ("potion", "scroll") and not is_known(g, kind) and not kind.targeted \
                and p.hp < p.max_hp:
            return g.use_item(slot) and (not g.reading() or finish_reading(g))
        if safe and kind.effect == "enchant" and is_known(g, kind) and (p.armour or p.weapon):
            return g.use_item(slot) and finish_reading(g)
    if slots_used(p.inventory) >= MAX_INVENTORY - 1:  # make room: gear in the pack goes (better is worn)
        for slot, item_id in enumerate(p.inventory):
            if ITEM_BY_ID[item_id].kind in ("weapon", "armour"):
                return g.drop(slot) and False  # dropping is free: go on with the turn
    return False


def _shoot(g: Game, seen) -> bool:
    """Shoot the nearest monster in view if a launcher with missiles is carried
    (``f`` readies one when the weapon in hand cannot fire; a spear in hand is
    swapped for the launcher ready); True if it spent the turn."""
    p, (px, py) = g.player, g.pos
    launchers = [k for k in (p.weapon_kind, p.swap_kind, *(ITEM_BY_ID[i] for i in p.inventory))
                 if k is not None and k.ammo and k.ammo in p.inventory]
    if not seen or not launchers:
        return False
    m = min(seen, key=lambda m: max(abs(m.x - px), abs(m.y - py)))
    if not 2 <= max(abs(m.x - px), abs(m.y - py)) <= max(k.range for k in launchers):
        return False
    w, ready = p.weapon_kind, p.swap_kind
    if w is not None and not w.ammo and 1 < w.reach < max(abs(m.x - px), abs(m.y - py)):
        # a spear: `f` strikes what stands within its reach, and shoots nothing farther
        return ready is not None and ready in launchers and g.swap_weapons()
    turn = g.turn
    return (g.ready_to_fire() and g.fire((m.x, m.y))) or g.turn != turn


# -- one turn of a policy in a dungeon ----------------------------------------------------------
def dungeon_turn(g: Game, policy: str) -> None:
    if g.reading() and finish_reading(g):
        return
    lv, p = g.level, g.player
    careful = policy != "diver"  # the tactician plays as the careful policy does, with items besides
    px, py = g.pos
    seen = _visible_monsters(g)
    # what stands beside the player is fought, a sleeping guardian too: a walk
    # never steps into a monster, so one in the way would stop every walk
    adjacent = [m for m in _strikable(g) if max(abs(m.x - px), abs(m.y - py)) == 1]
    if p.hp < 0.4 * p.max_hp:
        slot = _healing_slot(g)
        if slot is not None and g.use_item(slot):
            return
    if policy == "tactician" and use_items(g):
        return
    if adjacent:
        w, ready = p.weapon_kind, p.swap_kind
        if w is not None and w.ammo and ready is not None and not ready.ammo and g.swap_weapons():
            return  # the blade for a fight at hand
        m = min(adjacent, key=lambda m: m.hp)
        g.move(m.x - px, m.y - py)
        return
    if careful and _shoot(g, seen):
        return
    # A coward in flight is struck when beside the player and shot, but never a
    # reason to chase or to stop exploring: as fast as the player, it is never
    # caught (chased out of sight and met again by auto-explore, or stepped
    # away from by hand where auto-explore stepped back, it held runs for
    # 100,000 turns).
    threats = [m for m in seen if not m.fleeing]
    hunted = threats if careful else [m for m in seen if m.kind.shot]
    if hunted:  # close in (the careful policy on whatever threatens, the diver on archers)
        m = min(hunted, key=lambda m: max(abs(m.x - px), abs(m.y - py)))
        _HUNTED[lv] = (m.index, (m.x, m.y))
        if _close_in(g, (m.x, m.y)):
            return
    if _manage_pack(g, safe=not threats):
        return
    if policy == "tactician" and not threats and free_captive(g):
        return
    if careful and not threats and p.hp < REST_BELOW * p.max_hp and g.rest():
        _going_on(g)
        return
    known = lv.walkable & lv.seen
    prize = [(it.x, it.y) for it in lv.items if it.kind.kind in ("treasure", "relic") and lv.seen[it.y, it.x]]
    homeward = g.carrying_relic or g.carrying == g.site or g.is_cleared(g.site)
    if homeward and _go(g, known, [lv.up], then=g.ascend):
        return  # the prize is in hand: climb out
    if prize and _go(g, known, prize, then=g.pick_up):
        return
    down_known = lv.down is not None and lv.seen[lv.down[1], lv.down[0]] and not homeward  # (no way up known yet)
    frontier = known & (grid.neighbour_count(~lv.seen, 1) > 0)
    items = np.zeros_like(known)
    for it in lv.items:
        if lv.seen[it.y, it.x] and known[it.y, it.x] and fits(p.inventory, it.kind.id) \
                and picks_up(g, it):  # what the smart pick-up takes (not what it chose to leave)
            items[it.y, it.x] = True
    if policy == "diver" and down_known and _go(g, known, [lv.down], then=g.descend):
        return
    if not hunted and _follow(g):  # after resting and the prize, before exploring
        return
    if careful and not threats and explore_target(g) is not None and g.explore():
        _going_on(g)  # auto-explore, as `o`: it stops for what comes into view, and picks up
        return
    if items.any() and (careful or items[py, px]):
        if items[py, px]:
            g.pick_up()
            return
        step = _step_toward(g, known, items)
        if step is not None and g.move(*step):
            return
    frontier[py, px] = False
    step = _step_toward(g, known, frontier)
    if step is not None and g.move(*step):
        return
    if down_known and _go(g, known, [lv.down], then=g.descend):
        return
    _search_sweep(g, known)


#: Per level, the foe last closed in on and where it was last seen.  A foe seen from
#: one cell only (a viper asleep round a corner), whose way there left its
#: sight, was forgotten at the first step, and auto-explore walked back into
#: view: 75,000 turns of a tactician's run.
_HUNTED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _follow(g: Game) -> bool:
    """On to where the foe last closed in on was last seen, as a player
    would, once it is out of sight (and the player has rested); True if a
    step was taken.  Forgotten once there, or once it is dead."""
    lv = g.level
    if lv not in _HUNTED:
        return False
    index, cell = _HUNTED[lv]
    if cell != g.pos and any(m.index == index for m in lv.monsters) and _close_in(g, cell):
        return True
    del _HUNTED[lv]
    return False


def _close_in(g: Game, cell: tuple[int, int]) -> bool:
    """One step towards ``cell`` (a monster's, or where one was last seen); True if taken."""
    goal = np.zeros_like(g.level.walkable)
    goal[cell[1], cell[0]] = True
    step = _step_toward(g, g.level.walkable | goal, goal)
    return step is not None and g.move(*step)


#: Per level, the known cells already searched from (waiting searches 3 steps around).
_SEARCHED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _search_sweep(g: Game, known: np.ndarray) -> None:
    """Nothing left to explore: the way on is behind a secret door.  Walk to the
    nearest wall-side cell not yet searched from and wait there; once all have
    been, start the sweep over (each wait finds a door beside it 3 times in 4)."""
    lv, (px, py) = g.level, g.pos
    searched = _SEARCHED.get(lv)
    if searched is None or searched.shape != known.shape:
        searched = _SEARCHED[lv] = np.zeros_like(known)
    todo = known & ~searched & (grid.neighbour_count(~lv.walkable, 1) > 0)
    if not todo.any():
        searched[:] = False
    elif not todo[py, px]:
        step = _step_toward(g, known, todo)
        if step is not None and g.move(*step):
            return
    searched[max(0, py - 3):py + 4, max(0, px - 3):px + 4] = True
    if g.search():
        _going_on(g)
    else:
        g.wait()


def _go(g: Game, known: np.ndarray, cells, then) -> bool:
    """Walk towards ``cells`` over known ground, ``then()`` on arrival; False
    when no known way leads there (a teleport can leave the player cut off)."""
    x, y = g.pos
    if (x, y) in cells:
        return then() or True
    goals = np.zeros_like(known)
    for cx, cy in cells:
        goals[cy, cx] = True
    step = _step_toward(g, known | goals, goals)
    return step is not None and (g.move(*step) or g.wait())


# -- the overworld -------------------------------------------------------------------------------
def overworld_turn(g: Game, policy: str, done_here: dict) -> None:
    """Walk to the next site worth entering and enter it; travel on when the relic is kept."""
    if g.reading() and finish_reading(g):
        return
    loc = g.loc
    if g.location in g.relics and g.location + 1 < g.unlocked:
        g.go_location(g.location + 1)
        return
    relic = relic_site(len(loc.sites))
    ordinary = [s for s in loc.sites if s.index != relic]
    cleared = sum(1 for s in ordinary if g.is_cleared(s.index))
    if cleared < ORDINARY_SITES[policy] and done_here.get(g.location, 0) < 3 * ORDINARY_SITES[policy]:
        target = min((s for s in ordinary if not g.is_cleared(s.index)),
                     key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    else:
        target = loc.sites[relic]
    if g.pos == (target.x, target.y):
        done_here[g.location] = done_here.get(g.location, 0) + 1
        g.enter_site()
        return
    if not g.path:
        g.travel_to(target.x, target.y)
    if not g.go_on():
        g.wait()


def play_run(world: str, policy: str = "careful", size: str = "medium", max_turns: int = 150_000,
             run_seed: int = 1, background: str = DEFAULT_BACKGROUND) -> RunReport:
    """One whole run by ``policy`` as ``background``, until it is won, lost, or ``max_turns`` pass."""
    g = Game.new(world, size, run_seed, background=background)
    settle(g)
    done_here: dict[int, int] = {}
    stalled = stuck = fight_turns = dungeon_turns = 0
    kinds: dict[str, None] = {}
    finds: dict[tuple[str, int], int] = {}  # (level, vault) -> its finds when first seen
    opened: set[tuple[str, int]] = set()
    hp_levels: list[int] = []
    potion_levels: list[int] = []
    most = 0
    for _ in range(max_turns * 3):  # bounded: actions, not turns (free actions exist)
        if g.dead or g.won or g.turn >= max_turns:
            break
        if not g.player.perks_owed:
            note_levels(g.player, hp_levels, potion_levels)
        most = max(most, healing_held(g.player.inventory))
        before = (g.turn, g.pos, g.mode, len(g.log))
        if choose_perk(g, policy):
            continue
        if g.mode == "dungeon":
            foes = g.foes_in_view()
            kinds.update((m.kind.id, None) for m in foes)
            dungeon_turn(g, policy)
            if g.level is not None:
                opened |= _looted_vaults(g.level, finds)
            dungeon_turns += g.turn - before[0]
            fight_turns += (g.turn - before[0]) if foes else 0
        else:
            overworld_turn(g, policy, done_here)
        settle(g)
        stalled = stalled + 1 if (g.turn, g.pos, g.mode, len(g.log)) == before else 0
        if stalled > 20:
            g.wait()  # never stuck: let time pass
            stalled, stuck = 0, stuck + 1
    note_levels(g.player, hp_levels, potion_levels)
    potions, pearls, unknown = held_at_end(g)
    return RunReport(world, policy, g.won, g.dead, g.killer if g.dead else "", g.turn, g.deepest,
                     len(g.relics), g.player.level, potions, g.finish_recording() or "",
                     background=g.player.background, fight_turns=fight_turns, dungeon_turns=dungeon_turns,
                     kinds_met=tuple(kinds), vaults=len(opened), freed=g.freed, stuck=stuck,
                     pearls_left=pearls, unknown_left=unknown, hp_by_level=tuple(hp_levels),
                     potions_by_level=tuple(potion_levels), potions_most=max(most, potions))


def healing_held(inventory: list[str]) -> int:
    """The healing potions (both kinds) in a pack."""
    return sum(1 for i in inventory if ITEM_BY_ID[i].effect == "heal")


def note_levels(p, hp_levels: list[int], potion_levels: list[int]) -> None:
    """Note the hero's max HP and healing potions held for each level it has
    reached and the lists lack (index k: level k + 1).  Called once the
    perk a level brings is chosen, so a Vigour taken there counts; a level
    passed by at once (two in one kill) is noted with the next one's."""
    while len(hp_levels) < p.level:
        hp_levels.append(p.max_hp)
        potion_levels.append(healing_held(p.inventory))


def held_at_end(g: Game) -> tuple[int, int, int]:
    """What the pack holds of the surplus the figures watch: healing potions
    (both kinds), pearls, and unidentified consumables (each potion and
    scroll not yet known; a wand not yet known counts once, its entries
    being its charges)."""
    inventory = g.player.inventory
    unknown = [ITEM_BY_ID[i] for i in inventory
               if ITEM_BY_ID[i].kind in UNIDENTIFIED_KINDS and not is_known(g, ITEM_BY_ID[i])]
    wands = {k.id for k in unknown if k.kind == "wand"}
    return healing_held(inventory), inventory.count("pearls"), len(wands) + sum(1 for k in unknown if k.kind != "wand")


def _looted_vaults(level, finds: dict[tuple[str, int], int]) -> set[tuple[str, int]]:
    """The vaults of ``level`` with fewer finds on the floor than when first
    seen (``finds`` remembers those counts): each one something was taken from."""
    left = Counter(vaults.vault_of_item(level, it.index) for it in level.items)
    out = set()
    for k in range(len(level.vaults)):
        key = (level.key.text(), k)
        if left[k] < finds.setdefault(key, left[k]):
            out.add(key)
    return out


# -- figures ---------------------------------------------------------------------------------------
HP_LEVELS_EVERY = 5  # the max HP table's levels: 1, then every fifth


def by_level(reports: list[RunReport], field: str = "hp_by_level") -> dict[int, tuple[float, int]]:
    """Level -> (the median of a per-level ``field`` on reaching it, runs that
    reached it), for level 1 and every :data:`HP_LEVELS_EVERY`-th level some
    run reached."""
    top = max((len(getattr(r, field)) for r in reports), default=0)
    out = {}
    for level in [1, *range(HP_LEVELS_EVERY, top + 1, HP_LEVELS_EVERY)][:top]:
        values = [getattr(r, field)[level - 1] for r in reports if len(getattr(r, field)) >= level]
        out[level] = (float(np.median(values)), len(values))
    return out


def _level_table(reports: list[RunReport], field: str) -> str:
    """A per-level table in one line: "L1 42 (20 runs) · L5 70 (20) · ..."."""
    cells = [f"L{level} {value:g} ({n}{' runs' if i == 0 else ''})"
             for i, (level, (value, n)) in enumerate(by_level(reports, field).items())]
    return " · ".join(cells) or "none"


def summary(reports: list[RunReport]) -> dict:
    n = len(reports)
    dead = [r for r in reports if r.dead]
    return {
        "runs": n,
        "win rate": f"{sum(r.won for r in reports) / n:.0%}",
        "median deepest": int(np.median([r.deepest for r in reports])),
        "median turns": int(np.median([r.turns for r in reports])),
        "median relics": float(np.median([r.relics for r in reports])),
        "median character level": int(np.median([r.level for r in reports])),
        "deaths": len(dead),
        "timed out": sum(1 for r in reports if not r.won and not r.dead),
        "healing potions unused at death (mean)": round(float(np.mean([r.potions_left for r in dead])), 1)
        if dead else 0,
        "healing potions held at the end (median)": float(np.median([r.potions_left for r in reports])),
        "most healing potions held at once (median)": float(np.median([r.potions_most for r in reports])),
        "healing potions held on reaching a level (median, runs that reached it)":
            _level_table(reports, "potions_by_level"),
        "pearls held at the end (median)": float(np.median([r.pearls_left for r in reports])),
        "unidentified consumables held at the end (median)": float(np.median([r.unknown_left for r in reports])),
        "max HP on reaching a level (median, runs that reached it)": _level_table(reports, "hp_by_level"),
        "deaths by cause": dict(Counter(r.cause for r in dead).most_common()),
        "turns with an enemy in view": f"{sum(r.fight_turns for r in reports) / max(1, sum(r.dungeon_turns for r in reports)):.0%}"
        " of dungeon turns",
        "distinct monster kinds met (median per run)": int(np.median([len(r.kinds_met) for r in reports])),
        "distinct monster kinds met (all runs)": len({k for r in reports for k in r.kinds_met}),
        "vaults opened": sum(r.vaults for r in reports),
        "allies freed": sum(r.freed for r in reports),
        "turns waited out stuck": sum(r.stuck for r in reports),
    }


def _parse(argv: list[str]) -> argparse.Namespace:
    class Parser(argparse.ArgumentParser):
        def error(self, message: str):  # one line, status 2, like the worldgen CLI
            print(f"autoplay: error: {message}", file=sys.stderr)
            raise SystemExit(2)

    ap = Parser(prog="python -m game.tools.autoplay", description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--first", type=int, default=1, metavar="K", help="the first run's number (world NAME-K)")
    ap.add_argument("--world", default="Avalon")
    ap.add_argument("--policy", choices=POLICIES + ("all",), default="all")
    ap.add_argument("--background", choices=[b.id for b in BACKGROUNDS], default=DEFAULT_BACKGROUND)
    ap.add_argument("--size", choices=SIZE_NAMES, default="medium")
    ap.add_argument("--max-turns", type=int, default=150_000)
    ap.add_argument("--record", type=Path, metavar="DIR", help="write each run's recording into DIR")
    ap.add_argument("--reports", type=Path, metavar="FILE", help="append each run's figures to FILE (JSON lines)")
    ap.add_argument("--merge", type=Path, nargs="+", metavar="FILE",
                    help="print the figures of the runs in these --reports files instead of playing")
    args = ap.parse_args(argv)
    if not 1 <= args.runs <= 10_000:
        ap.error("--runs must be in 1..10000")
    if not 1 <= args.first <= 1_000_000:
        ap.error("--first must be in 1..1000000")
    if not 100 <= args.max_turns <= 10_000_000:
        ap.error("--max-turns must be in 100..10000000")
    return args


def report_line(r: RunReport) -> str:
    """One run's figures as a JSON line (its recording left out: ``--record`` keeps those)."""
    fields = dataclasses.asdict(r)
    del fields["recording"]
    return json.dumps(fields, separators=(",", ":"))


def read_reports(path: Path) -> list[RunReport]:
    """The runs a ``--reports`` file holds; ``ValueError`` naming the line that is not one."""
    reports = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            fields = json.loads(line)
            fields["kinds_met"] = tuple(fields["kinds_met"])
            for per_level in ("hp_by_level", "potions_by_level"):
                fields[per_level] = tuple(fields.get(per_level, ()))
            reports.append(RunReport(**fields))
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"{path}:{n}: not a run's figures ({exc})") from None
    return reports


def _print_figures(reports: list[RunReport], title: str) -> None:
    print(title)
    for name, value in summary(reports).items():
        print(f"  {name}: {value}")


def _merge(paths: list[Path]) -> int:
    runs: dict[tuple[str, str, str], list[RunReport]] = {}
    try:
        for path in paths:
            for r in read_reports(path):
                runs.setdefault((r.policy, r.background, r.world.rsplit("-", 1)[0]), []).append(r)
    except (OSError, ValueError) as exc:
        print(f"autoplay: error: {exc}", file=sys.stderr)
        return 2
    for (policy, background, world), reports in runs.items():
        _print_figures(reports, f"policy {policy} as {background} ({len(reports)} runs, worlds {world}-k)")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    if args.merge:
        return _merge(args.merge)
    policies = POLICIES if args.policy == "all" else (args.policy,)
    for folder in filter(None, (args.record, args.reports and args.reports.parent)):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"autoplay: error: cannot write to {folder}: {exc.strerror}", file=sys.stderr)
            return 2
    numbers = range(args.first, args.first + args.runs)
    for policy in policies:
        reports = []
        for k in numbers:
            start = time.process_time()
            r = play_run(f"{args.world}-{k}", policy, args.size, args.max_turns, run_seed=k,
                         background=args.background)
            reports.append(r)
            print(f"{r.world} {policy}: {r.outcome}{f' ({r.cause})' if r.dead else ''} at turn {r.turns:,}, "
                  f"deepest {r.deepest}, relics {r.relics}, level {r.level} "
                  f"[{time.process_time() - start:.0f} s CPU]", file=sys.stderr, flush=True)
            if args.record is not None:
                (args.record / f"{r.world}-{policy}.replay.txt").write_text(r.recording + "\n", encoding="ascii")
            if args.reports is not None:
                with args.reports.open("a", encoding="utf-8") as out:
                    out.write(report_line(r) + "\n")
        _print_figures(reports, f"policy {policy} as {args.background} ({args.size} dungeons, {args.runs} runs, "
                                f"worlds {args.world}-{numbers.start}..{numbers.stop - 1})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
