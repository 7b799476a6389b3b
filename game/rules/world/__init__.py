"""Where it happens: ``geometry`` (the step table, distances), ``fov`` and
``los`` (sight and lines of fire), ``location`` (a world's islands and their
sites), ``hazards`` (the ground as play changes it: fire, gas, trampled
brush), ``populate`` (who and what a new level holds), ``vaults`` (filling
the carved vaults, the cage and the ambush) and ``level`` (one dungeon level
as it stands)."""
