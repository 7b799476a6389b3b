"""The shell around the rules: the app's loop and scene stack (``app``),
sound (``audio``), input (``controls``), the browser bridge and files
(``browser``, ``files``), start-up settings and options (``settings``,
``options``), embed code (``embed_code``) and work spread over frames
(``work``: map builds).  The entry points stay at the top of ``game``:
``launch`` (the game), ``replay`` (``python -m game.replay``) and
``command`` (the ``deepisle`` command)."""
