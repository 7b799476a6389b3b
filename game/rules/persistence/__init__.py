"""What a run keeps: ``reading`` (clamped reads: a saved value is never
trusted), ``save`` (the save envelope, written safely), ``snapshot`` (a
visited level as the player left it), ``codec`` (the save body of a run),
``digest`` (one digest of the whole state), ``score`` (the score tables),
``record`` (a run as its commands and digests), ``recstore`` (where
recordings are kept) and ``replay`` (a recording given to a new run).
Everything here reads and writes the run's state (``game.rules.state``);
nothing here plays."""
