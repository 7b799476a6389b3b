"""Deepisle's pygame-ce front end: the app loop, scenes, rendering, input and the browser bridge.

Nothing here is imported by :mod:`worldgen`; the game reaches the generators
through the registry (``worldgen.core.registry.run``) and :mod:`worldgen.generators.world`.
"""
