"""The rules of a run that are not one action: ``clock`` (turns and
healing), ``build`` (maps on request, and arriving on them), ``sites``
(when a site is cleared), ``growth`` (the background a run starts as, the
perks offered), ``harm`` (every hurt and death), ``pickup`` (what walking
over items takes), ``look`` (what the player knows of a cell) and
``morgue`` (the character dump).  Actions (``game.rules.actions``) call
them; they call no action."""
