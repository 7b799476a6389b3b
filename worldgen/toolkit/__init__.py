"""The algorithms generators are built from: grid operations, bitsets, noise,
particles, automata, growth, site spreading, cave joining, features, and the
promise checks a finished map is held to.  Imports :mod:`worldgen.core` only."""
