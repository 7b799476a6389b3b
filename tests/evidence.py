"""What the online suite leaves behind: figures as JSON and a Markdown table, and a screenshot per step.

One folder per runtime (``<folder>/real``, ``<folder>/stand-in``), ``<folder>``
being ``$DEEPISLE_EVIDENCE`` or a temporary folder, never inside the repository
(the shared build included).  The files are rewritten after every figure, so a
run stopped half-way still leaves what it measured::

    timings.json   {"runtime": "real", "label": ..., "figures": {key: {what, value, unit, note}}}
    timings.md     the same as a table (the workflow's job summary shows it)
    screenshots/   NN-name.png, numbered in the order taken

Stand-in figures are labelled as such in both files: they come from native
Python behind the page, not from WebAssembly.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path

__all__ = ["Evidence", "evidence_root", "EVIDENCE_ENV", "WRITTEN"]

EVIDENCE_ENV = "DEEPISLE_EVIDENCE"
#: The online suite's folders this run (named at its end: tests/conftest.py).
WRITTEN: list[Path] = []
ROOT = Path(__file__).resolve().parent.parent
STANDIN_WARNING = ("Stand-in runtime: the game's Python ran natively behind the page, not on WebAssembly. "
                   "These figures show that the suite measures; they say nothing of the game's speed in a browser.")


def evidence_root(fallback: Path) -> Path:
    """``$DEEPISLE_EVIDENCE`` if set (refused inside the repository), else ``fallback``."""
    given = os.environ.get(EVIDENCE_ENV)
    if not given:
        return fallback
    folder = Path(given).resolve()
    if folder == ROOT or ROOT in folder.parents:
        raise ValueError(f"{EVIDENCE_ENV}={given} is inside the repository; give a folder outside it")
    return folder


class Evidence:
    """Figures and screenshots of one runtime's run, written as they come."""

    def __init__(self, folder: Path, runtime: str, label: str, standin: bool) -> None:
        self.folder = folder
        self.runtime, self.label, self.standin = runtime, label, standin
        self.figures: dict[str, dict] = {}
        self.browser = ""
        self.shots = 0
        (folder / "screenshots").mkdir(parents=True, exist_ok=True)

    def figure(self, key: str, what: str, value: float, unit: str = "ms", note: str = "") -> None:
        """Record one figure (a later one with the same key replaces it) and rewrite the files."""
        self.figures[key] = {"what": what, "value": round(float(value), 1), "unit": unit, "note": note}
        self.write()

    def shot_path(self, name: str) -> Path:
        """Where the next screenshot goes: ``screenshots/NN-name.png``."""
        self.shots += 1
        return self.folder / "screenshots" / f"{self.shots:02d}-{name}.png"

    def table(self) -> str:
        """The figures as Markdown, headed by what ran them."""
        lines = [f"### Deepisle in the browser: {self.runtime} runtime", "",
                 f"Runtime: {self.label}." + (f" Browser: {self.browser}." if self.browser else ""), ""]
        if self.standin:
            lines += [f"> {STANDIN_WARNING}", ""]
        lines += ["| what | figure | note |", "|---|---|---|"]
        lines += [table_row(fig, self.standin) for fig in self.figures.values()]
        return "\n".join(lines)

    def write(self) -> None:
        body = {"runtime": self.runtime, "label": self.label, "standin": self.standin, "browser": self.browser,
                "written": datetime.now(timezone.utc).isoformat(timespec="seconds"), "figures": self.figures}
        if self.standin:
            body["warning"] = STANDIN_WARNING
        (self.folder / "timings.json").write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
        (self.folder / "timings.md").write_text(self.table() + "\n", encoding="utf-8")


def table_row(fig: dict, standin: bool) -> str:
    """One figure as a row of the Markdown table (milliseconds whole, stand-in ones marked).

    >>> table_row({"what": "time to the title", "value": 812.4, "unit": "ms", "note": ""}, standin=True)
    '| time to the title | 812 ms (stand-in) |  |'
    """
    value = f"{fig['value']:.0f}" if fig["unit"] == "ms" else f"{fig['value']:g}"
    return f"| {fig['what']} | {value} {fig['unit']}{' (stand-in)' if standin else ''} | {fig['note']} |"
