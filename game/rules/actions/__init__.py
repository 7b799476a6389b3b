"""Actions: one small class per thing an actor can try to do.

``base`` (the protocol: :class:`~.base.Action`, :class:`~.base.Result`),
``walk`` (steps, secret doors, resting, a monster's step), ``melee`` (blows
both ways), ``items`` (pick up, use, craft, drop), ``places`` (sites,
stairs, locations), ``travel`` (click-to-walk).  To add an action: a class
with ``perform(run) -> Result`` in the module of its kind, and a method on
:class:`game.rules.run.Game` (or a key in the play scene) that performs it.
"""
