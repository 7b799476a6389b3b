"""Deepisle's pygame-ce front end: the app loop, scenes, rendering, input and the browser bridge.

Nothing here is imported by :mod:`worldgen`; the game reaches the generators
through the registry (``worldgen.core.registry.run``) and :mod:`worldgen.generators.world`.

The game speaks first: pygame's support banner is switched off before any
module here imports pygame, so a bad option is one line on the terminal
(``python main.py --bogus``), not pygame's greeting and then ours.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
