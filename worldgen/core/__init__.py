"""What every generator is built on: the registry and its protocol (stages,
progress, parameters), seeding, the tile table, stepped work, and stage to
pixels.  Imports nothing else of :mod:`worldgen`."""
