"""Drawing, in one place: UI helpers, sprites, maps to pixels, the play
screen (map view, side panel, log) and the dialog-box base for overlays.
Reads the rules' state; never changes it."""
