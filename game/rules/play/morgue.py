"""The morgue file: a finished run as plain text (after DCSS's character dump).

:func:`morgue_text` writes the head (world, score, how the run ended,
turns, level) and then every section of :data:`SECTIONS`, in order: what
the character is (background and perks, when the player has them), stats,
equipment, the pack, what was identified, kills by kind, the last
messages, and the last level as the player saw it.  Items are named as the
player knows them: an unidentified kind by its appearance, never its true
name.  A section is a title and a function from the run to its lines (no
lines: the section says "none"); add one to :data:`SECTIONS`.

>>> from game.rules.run import Game
>>> text = Game.new("Avalon", "small", 1, record=False).morgue()
>>> text.splitlines()[0], "Kills by kind" in text
('Deepisle morgue file', True)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from worldgen.core.tiles import GLYPHS

from ..persistence import score
from ..text import words
from ..content import BACKGROUND_BY_ID, ITEM_BY_ID, MONSTER_BY_ID, PERK_BY_ID
from ..creatures.identify import display_name
from .look import pack_rows
from ..state import RunState

__all__ = ["morgue_text", "SECTIONS", "cause_of_end", "ascii_map", "LAST_MESSAGES"]

LAST_MESSAGES = 20
MAP_WIDTH, MAP_HEIGHT = 100, 48  # the overworld map is cut to this around the player


def cause_of_end(run: RunState) -> str:
    """"killed by a goblin archer", "died of poison", "won", or "still playing"."""
    if run.won:
        return "won: carried the last relic out of the deep"
    if not run.dead:
        return "still playing"
    return words.died(run.killer)


def _where(run: RunState) -> str:
    loc = run.loc.name if run.loc is not None else run.name
    if run.mode.startswith("dungeon") and run.site is not None:
        return f"depth {run.depth} of site {run.site + 1}, {loc}"
    return f"the overworld of {loc}"


def _character(run: RunState) -> list[str]:
    """What the player is beyond numbers: the background, the perks in the
    order chosen, and the allies beside them."""
    p = run.player
    lines = []
    background = BACKGROUND_BY_ID.get(p.background)
    if background is not None:
        lines.append(f"Background: {background.name}")
    for perk in p.perks:
        lines.append(f"Perk: {PERK_BY_ID[perk].name} ({PERK_BY_ID[perk].note})")
    for m in run.allies() + run.companions:
        lines.append(f"Ally: {m.kind.name}, level {m.level}")
    return lines


def _stats(run: RunState) -> list[str]:
    p = run.player
    lines = [f"HP {max(0, p.hp)}/{p.max_hp}   attack {p.attack}   defence {p.defence}   speed {p.speed}",
             f"Experience level {p.level} ({p.xp} xp)   deepest {run.deepest}   relics {len(run.relics)}"]
    if p.statuses:
        lines.append("Statuses: " + ", ".join(f"{name} ({turns})" for name, turns in sorted(p.statuses.items())))
    return lines


def _equipment(run: RunState) -> list[str]:
    p = run.player
    named = {slot: display_name(run, ITEM_BY_ID[item]) if item in ITEM_BY_ID else "nothing"
             for slot, item in (("Weapon", p.weapon), ("Ready to swap", p.swap), ("Armour", p.armour))}
    return [f"{slot}: {name}" for slot, name in named.items()]


def _pack(run: RunState) -> list[str]:
    return [row.label for row in pack_rows(run)]


def _identified(run: RunState) -> list[str]:
    return sorted(ITEM_BY_ID[i].name for i in run.known if i in ITEM_BY_ID)


def _kills(run: RunState) -> list[str]:
    rows = sorted(run.slain.items(), key=lambda kv: (-kv[1], kv[0]))
    lines = [f"{count:5d}  {MONSTER_BY_ID[kind].name if kind in MONSTER_BY_ID else kind}" for kind, count in rows]
    return lines + ([f"{run.kills:5d}  in all"] if run.kills else [])


def _messages(run: RunState) -> list[str]:
    return [f"turn {m.turn:>6}  {m.text}" for m in run.log[-LAST_MESSAGES:]]


def ascii_map(run: RunState) -> list[str]:
    """The current level as the player knows it: remembered terrain, the items
    seen there, the monsters in view, ``@``; cut to what was explored (the
    overworld: :data:`MAP_WIDTH` x :data:`MAP_HEIGHT` around the player)."""
    px, py = run.pos
    if run.level is not None and run.mode.startswith("dungeon"):
        level = run.level
        grid = np.where(level.seen, GLYPHS[level.tiles], " ")
        for it in level.items:
            if level.seen[it.y, it.x]:
                grid[it.y, it.x] = it.kind.glyph
        for m in level.monsters:
            if level.visible[m.y, m.x]:
                grid[m.y, m.x] = m.kind.glyph
        known = level.seen.copy()  # the player's cell is added below: never to the level's memory
    elif run.loc is not None:
        grid = GLYPHS[run.loc.tiles].copy()
        for s in run.loc.sites:
            grid[s.y, s.x] = "*"
        known = np.zeros(grid.shape, dtype=bool)
        h, w = grid.shape
        known[max(0, py - MAP_HEIGHT // 2):py + MAP_HEIGHT // 2, max(0, px - MAP_WIDTH // 2):px + MAP_WIDTH // 2] = True
    else:
        return []
    if 0 <= py < grid.shape[0] and 0 <= px < grid.shape[1]:
        grid[py, px] = "@"
        known[py, px] = True
    ys, xs = np.nonzero(known)
    if len(ys) == 0:
        return []
    cut = grid[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return ["".join(row).rstrip() for row in cut.tolist()]


#: The sections after the head, in order: (title, lines of a run).
SECTIONS: tuple[tuple[str, Callable[[RunState], list[str]]], ...] = (
    ("Background and perks", _character),
    ("Stats", _stats),
    ("Equipment", _equipment),
    ("Pack", _pack),
    ("Items identified", _identified),
    ("Kills by kind", _kills),
    ("Last messages", _messages),
    ("Map of the last level", ascii_map),
)


def morgue_text(run: RunState) -> str:
    """The whole dump, sections separated by a blank line; ends with a newline."""
    p = run.player
    head = [
        "Deepisle morgue file",
        "=" * 20,
        "Name:    explorer of " + run.name,
        f"World:   {run.name} ({run.size_name} dungeons)" + (f", the daily world of {run.daily}" if run.daily else ""),
        f"Score:   {score.score(run)}",
        f"Outcome: {cause_of_end(run)}, on {_where(run)}",
        f"Turns:   {run.turn}",
        f"Level:   {p.level}",
    ]
    out = head
    for title, section in SECTIONS:
        lines = section(run)
        out += ["", title, "-" * len(title)] + ([f"  {line}" for line in lines] or ["  none"])
    return "\n".join(out) + "\n"
