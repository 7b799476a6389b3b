"""The rules of a run: state, actions, the turn engine, content. No pygame.

Layers, lowest first (a module imports only from layers below it):

- ``content/`` data tables; ``energy``, ``log``, ``geometry``, ``combat``, ``fov``, ``names``
- ``entities``, ``location``, ``level``; ``save`` (the envelope)
- ``state`` (:class:`~game.rules.state.RunState`), ``clock``
- ``reading``, ``snapshot`` (a level as it was), ``codec`` (save bodies), ``digest``
  (the whole state in one hash), ``build`` (map requests), ``look``, ``score``
- ``actions/`` (one small class per thing an actor does; ``actions.effects``:
  the effect units and the one table of effects), ``behaviours``
- ``engine`` (resolve any actor's action, let time pass), ``run`` (the
  :class:`~game.rules.run.Game` facade, the only rules module the scenes import)

Everything here is tested without a display (``tests/test_rules_*.py``).
"""
