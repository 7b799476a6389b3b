"""The score of a run and the local high-score table.

A run scores for what it achieved, not for how long it took: relics carried
out (500 each, and 2,000 more for winning), sites cleared (50 each), the
deepest level reached (10 per level, counting 10 per location), monsters
slain (2 each) and the character's level (25 per level).  The table keeps
the best :data:`TABLE_SIZE` entries with the world's name, so friends can race
the same world; it is stored as JSON (``localStorage`` in the page, a file
natively) and read back with every value checked.  The daily world has a
table of its own (:data:`DAILY_KEY`), for that day only: a new day starts
it empty.

>>> table, rank = add([], {"score": 120, "world": "Avalon"})
>>> rank, len(table)
(0, 1)
>>> add(table, {"score": 50, "world": "Brindle"})[1]
1
"""

from __future__ import annotations

import json

from .reading import clamp_int
from ..state import RunState

__all__ = ["score", "entry", "add", "decode_table", "encode_table", "TABLE_SIZE", "KEY", "DAILY_KEY"]

TABLE_SIZE = 10
KEY = "scores"  # the storage key
DAILY_KEY = "scores.daily"  # the daily world's table: {"date": "2025-06-01", "table": [...]}
_TEXT_FIELDS = ("world", "outcome", "cause", "size")


def score(run: RunState) -> int:
    cleared = sum(len(v) for v in run.cleared.values())
    return (500 * len(run.relics) + (2000 if run.won else 0) + 50 * cleared + 10 * run.deepest
            + 2 * run.kills + 25 * (run.player.level - 1))


def entry(run: RunState) -> dict:
    """What the table remembers of a finished run."""
    outcome = "won" if run.won else "died"
    return {"score": score(run), "world": run.name[:40], "outcome": outcome,
            "cause": "" if run.won else (run.killer or "something")[:40], "size": run.size_name,
            "relics": len(run.relics), "deepest": run.deepest, "turns": run.turn, "level": run.player.level}


def add(table: list[dict], new: dict) -> tuple[list[dict], int]:
    """``table`` with ``new`` in its place (best first, at most :data:`TABLE_SIZE`),
    and ``new``'s rank (0 is the best), or -1 when it did not make the table."""
    ranked = sorted(table + [new], key=lambda e: -e["score"])  # stable: an older equal score stays ahead
    rank = next((i for i, e in enumerate(ranked) if e is new), -1)
    return ranked[:TABLE_SIZE], rank if rank < TABLE_SIZE else -1


def encode_table(table: list[dict], date: str = "") -> str:
    """The table as stored; a daily table (``date`` given) says its day."""
    return json.dumps({"date": date, "table": table} if date else table, ensure_ascii=True, separators=(",", ":"))


def decode_table(text: str | None, date: str = "") -> list[dict]:
    """The table from storage; anything unreadable is dropped, values clamped.
    With ``date``, the daily table of that day (another day's reads empty).

    >>> decode_table(encode_table([{"score": 5}], "2025-06-01"), "2025-06-02")
    []
    """
    try:
        raw = json.loads(text) if isinstance(text, str) and len(text) < 100_000 else []
    except (ValueError, RecursionError):
        return []
    if date:
        raw = raw.get("table") if isinstance(raw, dict) and raw.get("date") == date else []
    out = []
    for e in raw if isinstance(raw, list) else []:
        if not isinstance(e, dict):
            continue
        clean = {k: str(e.get(k, ""))[:40] for k in _TEXT_FIELDS}
        for k in ("score", "relics", "deepest", "turns", "level"):
            clean[k] = clamp_int(e.get(k), 0, 10**9, 0)
        out.append(clean)
    return sorted(out, key=lambda e: -e["score"])[:TABLE_SIZE]
