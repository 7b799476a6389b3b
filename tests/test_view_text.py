"""game.view.ui's text helpers: a line fitted to a column (the score table's cause and world)."""

import pygame

from game.view import ui


def test_fit_keeps_a_line_that_fits_and_ends_one_that_does_not_with_an_ellipsis():
    pygame.font.init()
    whole = "killed by the guardian wraith"
    assert ui.fit(whole, 222, 20) == whole  # the score table's column holds it whole
    width = ui.text_size(whole, 20)[0]
    short = ui.fit(whole, width - 1, 20)
    assert short.endswith("\u2026") and whole.startswith(short[:-1]) and ui.text_size(short, 20)[0] <= width - 1
    assert ui.fit(whole, 1, 20) == "\u2026"  # nothing fits: the ellipsis alone
