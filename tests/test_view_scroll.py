"""The scrolling overlay the message history and the morgue share
(game/view/overlay.py: ScrollingOverlay): keys, the wheel and a drag
scroll it, never past either end."""

import pygame

from gameloop import key, make_app, press, run_until
from test_bugs import loaded


def _history(tmp_path, lines=300):
    app = make_app("world=Scrollby&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app))
    g = app.top.game
    for i in range(lines):
        g.say(f"line {i}")
    press(app, key(pygame.K_p, "p"))
    scene = app.top
    assert type(scene).__name__ == "HistoryScene"
    return app, scene


def test_the_history_opens_at_the_newest_lines_and_keys_scroll_within_bounds(tmp_path):
    app, scene = _history(tmp_path)
    assert scene.top == scene.max_top > 0
    press(app, key(pygame.K_DOWN))
    assert scene.top == scene.max_top  # already at the end
    press(app, key(pygame.K_PAGEUP))
    assert scene.top == scene.max_top - scene.rows
    press(app, key(pygame.K_k, "k"))
    assert scene.top == scene.max_top - scene.rows - 1
    press(app, key(pygame.K_HOME))
    assert scene.top == 0
    press(app, key(pygame.K_UP))
    assert scene.top == 0


def test_the_wheel_and_a_drag_scroll_the_history(tmp_path):
    app, scene = _history(tmp_path)
    top = scene.top
    press(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    assert scene.top == top - 6
    middle = scene._rect().center
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=middle),
          pygame.event.Event(pygame.MOUSEMOTION, pos=(middle[0], middle[1] + 4 * scene.ROW), rel=(0, 0),
                             buttons=(1, 0, 0)),
          pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=middle))
    assert scene.top == top - 6 - 4 and scene.drag is None
