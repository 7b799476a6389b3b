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


def test_a_line_said_again_this_turn_a_few_lines_on_moves_last_and_counts():
    from game.rules.text.log import NOTE, SAME_TURN_LINES, add
    log = []
    add(log, "You stop: the cutpurse is in the way.", NOTE, 5)
    for i in range(SAME_TURN_LINES - 1):
        add(log, f"other news {i}", NOTE, 5)
    add(log, "You stop: the cutpurse is in the way.", NOTE, 5)  # just within reach: counted
    assert log[-1].text == "You stop: the cutpurse is in the way. x2" and len(log) == SAME_TURN_LINES
    for i in range(SAME_TURN_LINES):
        add(log, f"more news {i}", NOTE, 5)
    add(log, "You stop: the cutpurse is in the way.", NOTE, 5)  # too far back: a line of its own
    assert log[-1].text == "You stop: the cutpurse is in the way."


def test_a_line_said_again_on_another_turn_between_others_is_a_new_line():
    from game.rules.text.log import BAD, NOTE, add
    log = []
    add(log, "The rat misses you.", BAD, 5)
    add(log, "You hit the rat for 2.", NOTE, 6)
    add(log, "The rat misses you.", BAD, 6)  # its first saying was on turn 5, behind another line
    assert [m.text for m in log] == ["The rat misses you.", "You hit the rat for 2.", "The rat misses you."]
    add(log, "The rat misses you.", BAD, 7)  # right after itself: counted whatever the turn
    assert log[-1].text == "The rat misses you. x2" and len(log) == 3


def test_a_toast_said_again_while_shown_comes_last_counted():
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.view import ui
    pygame.init()
    toasts = ui.Toasts()
    toasts.add("You have no perk to choose.")
    toasts.add("Sound off")
    toasts.add("You have no perk to choose.")
    assert [m for m, _, _ in toasts.items] == ["Sound off", "You have no perk to choose."]
    screen = pygame.Surface((960, 540))
    ui.drawn = []
    try:
        toasts.draw(screen)
        said = [text for _, _, text in ui.drawn]
    finally:
        ui.drawn = None
    assert "You have no perk to choose. x2" in said and "Sound off" in said
    toasts.update(99)  # faded: said again, it starts at one
    toasts.add("You have no perk to choose.")
    assert toasts.counts["You have no perk to choose."] == 1
