"""The message log (``game.rules.text.log``): a line said again right after
itself is counted on it, a line keeps the turn it was said, the history is bounded."""

from game.rules.text.log import BAD, GOOD, Message, add, repeats


def test_a_line_keeps_its_text_kind_and_turn():
    log = []
    add(log, "You see a rat.", BAD, 12)
    assert log == [Message("You see a rat.", BAD, 12)]


def test_a_count_is_read_from_the_last_x_of_a_line():
    assert repeats("Hit x marks the spot. x4", "Hit x marks the spot.") == 4
    assert repeats("The ox x-rays. x2", "The ox x-rays.") == 2
    assert repeats("You hit it. x0", "You hit it.") == 0 and repeats("You hit it. x03", "You hit it.") == 0
    assert repeats("You hit it. x", "You hit it.") == 0


def test_a_repeat_of_another_kind_is_a_new_line():
    log = []
    add(log, "Ouch.", BAD, 1)
    add(log, "Ouch.", GOOD, 2)
    assert [tuple(m) for m in log] == [("Ouch.", BAD, 1), ("Ouch.", GOOD, 2)]
    add(log, "Ouch.", GOOD, 3)
    assert log[-1] == Message("Ouch. x2", GOOD, 3)


def test_the_history_keeps_the_last_lines():
    log = []
    for i in range(7):
        add(log, f"line {i}", BAD, i, limit=5)
    assert [m.text for m in log] == [f"line {i}" for i in range(2, 7)]
