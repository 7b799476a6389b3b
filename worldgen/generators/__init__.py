"""The built-in generators.  Each module registers its own spec when it is
imported (``SPEC = register(GeneratorSpec(...))``); importing this package
imports them, in the order the gallery and ``python -m worldgen list`` show
them.  Generators registered from elsewhere follow in registration order.

Registration is one-way: the registry never imports a generator.
:mod:`worldgen` imports this package, so any import of the library has
every built-in generator registered.
"""

# Registration order, so keep it (not alphabetical): the gallery's and ``list``'s order.
from . import island  # noqa: F401, I001
from . import biomes  # noqa: F401
from . import caverns  # noqa: F401
from . import mosaic  # noqa: F401
from . import rooms  # noqa: F401
