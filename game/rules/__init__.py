"""The rules of a run: state, actions, the turn engine, content. No pygame.

Layers, lowest first (a module imports only from layers below it):

- ``content/`` data tables; ``energy``, ``log``, ``combat``, ``fov``, ``names``
- ``entities``, ``location``, ``level``; ``save`` (the envelope)
- ``state`` (:class:`~game.rules.state.RunState`), ``clock``
- ``codec`` (save bodies), ``effects``, ``build`` (map requests)
- ``actions/`` (one small class per thing an actor does), ``behaviours``
- ``engine`` (perform an action, let time pass), ``run`` (the
  :class:`~game.rules.run.Game` facade the scenes call)

Everything here is tested without a display (``tests/test_rules_*.py``).
"""
