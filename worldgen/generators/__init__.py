"""Importing this module registers every built-in generator.

:data:`BUILT_IN` is also the gallery and ``list`` order; generators registered
from elsewhere follow in registration order.
"""

from importlib import import_module

BUILT_IN = ("island", "biomes", "caverns", "mosaic", "rooms")

for _name in BUILT_IN:
    import_module(f"{__package__}.{_name}")
