"""How much the game holds, counted from its content tables themselves:
``python -m game.tools.census``.

Each line of :data:`TABLES` names a table by module and attribute; its count
is the table's size.  A table that does not exist (yet) counts 0: the
terrain rules and the vault designs are looked for under the names below,
wherever the part of the game that adds them puts them (the first that
exists is counted).

    $ python -m game.tools.census
    monster kinds: 34
    ...
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["TABLES", "census", "main"]

#: What is counted: a label, and the places its table may live (module, attribute), first found wins.
TABLES: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("monster kinds", (("game.rules.content.monsters", "MONSTERS"),)),
    ("behaviours", (("game.rules.behaviours", "BEHAVIOURS"),)),
    ("statuses", (("game.rules.content.statuses", "STATUSES"),)),
    ("item kinds", (("game.rules.content.items", "ITEMS"),)),
    ("terrain kinds with rules", (("game.rules.content.terrain", "TERRAIN_RULES"),
                                  ("game.rules.terrain", "TERRAIN_RULES"))),
    ("vault designs", (("game.rules.content.vaults", "VAULTS"), ("worldgen.vaults", "VAULTS"),
                       ("worldgen.toolkit.vaults", "VAULTS"), ("worldgen.generators.vaults", "VAULTS"))),
    ("backgrounds", (("game.rules.content.backgrounds", "BACKGROUNDS"),)),
    ("perks", (("game.rules.content.perks", "PERKS"),)),
)


def _size(places: tuple[tuple[str, str], ...]) -> int:
    """The size of the first of ``places`` that exists, else 0."""
    for module, attribute in places:
        try:
            table = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError):
            continue
        return len(table)
    return 0


def census() -> dict[str, int]:
    """Each counted thing and how many the tables hold."""
    return {label: _size(places) for label, places in TABLES}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        print("census: error: it takes no arguments", file=sys.stderr)
        return 2
    for label, count in census().items():
        print(f"{label}: {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
