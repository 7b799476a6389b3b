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


def test_a_lines_shadow_is_the_line_rendered_in_black():
    """The shadow is made from the line's face (its colour zeroed), not rendered
    again; it must be the black rendering byte for byte, whatever the face's colour."""
    pygame.font.init()
    for size in (12, 16, 17, 18, 20, 28):
        for colour in (ui.INK, ui.ACCENT, ui.BAD, (1, 2, 3)):
            content = f"A goblin archer hits you {size} {colour[0]}"
            ui._rendered.clear()
            shadow = ui._shadow(content, size, ui.render(content, size, colour))
            ui._rendered.clear()
            black = ui.render(content, size, (0, 0, 0))
            assert shadow.get_size() == black.get_size()
            assert pygame.image.tobytes(shadow, "RGBA") == pygame.image.tobytes(black, "RGBA")
