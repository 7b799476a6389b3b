"""The installed ``deepisle`` command: the game natively (what ``python main.py`` does).

The project installs without its game (``pip install -e .`` gives the
library and the ``worldgen`` command, numpy alone), but the ``deepisle``
command is installed either way: without pygame-ce it says in one line how
to add the game and exits with status 2, instead of a traceback.  Never
shipped in the page (``web/build.py``'s ``DEV_ONLY``).
"""

from __future__ import annotations

import sys

__all__ = ["run", "MISSING_GAME"]

MISSING_GAME = ("deepisle: error: the game needs pygame-ce, which is not installed: "
                "pip install -e '.[game]' in the project (make setup does it)")


def run() -> None:
    """Start the game (:func:`game.launch.run`), or say how to install it."""
    try:
        from .launch import run as launch  # imports pygame
    except ModuleNotFoundError as exc:
        if exc.name != "pygame" and not (exc.name or "").startswith("pygame."):
            raise
        print(MISSING_GAME, file=sys.stderr)
        raise SystemExit(2) from None
    launch()
