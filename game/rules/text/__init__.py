"""Words: how the rules say things.  ``words`` (counts, articles, plurals:
"a gem", "3 gems", "killed by a goblin archer"), ``log`` (the message
history and the cues the screens play), ``names`` (the world-name model).
Nothing here knows a rule of play; everything above it speaks through it."""
