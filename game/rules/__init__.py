"""The rules of a run: state, actions, the turn engine, content. No pygame.

Its rooms, lowest first (a module imports only from its own room and the
ones before it; docs/ARCHITECTURE.md holds the table the tests check):

- ``content/`` the data tables;
- ``text/`` words, the log and its cues, world names;
- ``creatures/`` the one ``Actor`` (the player and every monster), energy,
  statuses, the blow's roll, the pack, what an item is known as;
- ``world/`` geometry, sight, locations, the ground as play changes it,
  who a level holds, vaults, the level;
- ``state`` the run (``RunState``) and what goes on in it (``Activity``);
- ``persistence/`` saves, level snapshots, the digest, scores, recordings,
  replays;
- ``play/`` the clock, map builds, sites, growth, harm, pick-up, look, the
  morgue;
- ``actions/`` one small class per thing an actor does, and the plans the
  player goes on with; ``behaviours/`` what monsters choose;
- ``engine`` (resolve any actor's action, step the player's plan, let time
  pass phase by phase); ``run/`` (the ``Game`` facade, the only rules
  module the scenes import).

Everything here is tested without a display (``tests/test_rules_*.py``).
"""
