"""The state digest (``game.rules.persistence.digest``): the run's rules state without
the log, plus how it ended; its digest changes whenever the state does."""

import hashlib
import json

from game.rules.persistence.codec import run_to_json
from game.rules.persistence.digest import state, state_digest

from scripted import new_run


def test_the_state_is_the_save_body_without_the_log_and_with_the_end():
    g = new_run()
    g.dead, g.killer = True, "rat"
    body = run_to_json(g)
    del body["log"]
    assert state(g) == dict(body, end={"dead": True, "won": False, "killer": "rat"})


def test_the_digest_is_32_hex_digits_of_the_state_in_one_canonical_text():
    g = new_run()
    text = json.dumps(state(g), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert state_digest(g) == hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()
    assert len(state_digest(g)) == 32


def test_the_digest_tells_each_ending_apart():
    g = new_run()
    seen = {state_digest(g)}
    for change in ({"dead": True}, {"won": True}, {"killer": "rat"}):
        h = new_run()
        for k, v in change.items():
            setattr(h, k, v)
        seen.add(state_digest(h))
    assert len(seen) == 4


def test_the_log_does_not_change_the_digest_and_a_name_beyond_ascii_does_not_break_it():
    g = new_run()
    before = state_digest(g)
    g.say("Something happened.")
    assert state_digest(g) == before
    g.killer = "Ærøskøbing's ghost"
    assert state_digest(g) != before
