"""Importing this module registers every built-in generator, in gallery order."""

from . import island  # noqa: F401
from . import biomes  # noqa: F401
from . import caverns  # noqa: F401
from . import mosaic  # noqa: F401
