"""Who acts and what they carry: ``entities`` (the one ``Actor``, the
player and every monster, and items on the floor), ``energy`` (the turn
scheduler's share), ``status`` (giving a status, its tick, the rule each
status changes), ``combat`` (the blow's roll), ``pack`` (what a pack holds),
``identify`` (what the player knows an item to be, and its name)."""
