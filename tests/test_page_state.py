"""What the page is told of Python (``game/shell/browser.py`` PageState, ``game/shell/app.py``), natively.

In the page the app reports after every frame: its time, the scene stack's
state, the messages shown for the first time; start-up sends the versions, and
an exception that stops the game its traceback.  Here the page is the stand-in
runtime of ``tests/fake_page.py`` with a ``report`` helper that records; the
template's side (``window.deepisle.python``, the console lines) is checked in
Chromium by ``tests/test_web.py`` and the online suite.
"""

from __future__ import annotations

import asyncio
import gc
import json

import pygame
import pytest
from fake_page import Helpers, Window, installed
from gameloop import key, make_app, run, run_until, text

import game.shell.app as app_module
from game.shell import browser
from game import launch
from game.shell.app import App, Scene, versions
from game.scenes.play import PlayScene


class Reporting(Helpers):
    """``window.deepisle`` of a template that takes reports: each one parsed, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.reports: list[dict] = []

    def report(self, text):  # what the proxy passes: a str
        assert isinstance(text, str)
        self.reports.append(json.loads(text))
        return True

    def of(self, key: str) -> list:
        return [r[key] for r in self.reports if key in r]


@pytest.fixture(autouse=True)
def no_frame_cap(monkeypatch, tmp_path):
    """No frame cap; native files in a fresh folder; launch.main's gc.freeze undone."""
    monkeypatch.setattr(app_module, "FPS", 0)
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "native"))
    yield
    gc.unfreeze()


def page_app(search: str = "") -> tuple[App, Reporting]:
    helpers = Reporting()
    window = Window(search=search, helpers=helpers)
    with installed(window):
        app = launch.make_app(launch.start_settings([]), seed=1)
    app.window = window  # the page stays installed only while a test runs frames in it
    return app, helpers


def test_natively_no_report_is_made_or_sent(tmp_path, monkeypatch):
    app = make_app("", tmp_path)
    assert app.page is None and browser.page_state() is None
    monkeypatch.setattr(App, "page_report", lambda self: pytest.fail("a report was made natively"))
    monkeypatch.setattr(App, "new_messages", lambda self: pytest.fail("messages were gathered natively"))
    run(app, 5)
    assert app.stats.count == 5


def test_a_template_without_the_report_helper_gets_no_page_state():
    with installed(Window()):  # fake_page.Helpers has no report: it reads as None, as in an old page
        assert browser.page_state() is None


def test_the_page_is_told_the_versions_then_each_frame(monkeypatch):
    app, helpers = page_app()
    with installed(app.window):
        run(app, 40)
    assert helpers.reports[0] == {"versions": versions()}
    assert versions()["numpy"] == __import__("numpy").__version__
    frames = [ms for batch in helpers.of("frames") for ms in batch]
    assert 40 - browser.PageState.BATCH_FRAMES < len(frames) <= 40  # the rest wait for their batch
    assert all(isinstance(ms, float) and ms >= 0 for ms in frames)
    state = helpers.of("state")[0]
    assert state["scene"] == "title" and state["stack"] == ["title"] and state["saved"] is None
    assert "frame" not in state  # a still screen sends no new state


def test_a_changed_state_goes_at_once_and_a_still_one_waits_for_a_batch():
    app, helpers = page_app()
    with installed(app.window):
        run(app, 2)
        sent = len(helpers.reports)
        run(app, 1, {0: [key(pygame.K_ESCAPE)]})  # the name field cleared
        assert helpers.reports[-1]["state"]["world"] == "" and len(helpers.reports) == sent + 1
        sent = len(helpers.reports)
        run(app, browser.PageState.BATCH_FRAMES - 1)
        assert len(helpers.reports) == sent
        run(app, 1)
        assert helpers.reports[-1] == {"frames": helpers.reports[-1]["frames"]}
        assert len(helpers.reports[-1]["frames"]) == browser.PageState.BATCH_FRAMES


def test_the_play_scene_reports_the_run_and_stays_in_view_under_its_menu():
    app, helpers = page_app("?world=Reportholm&size=small")
    with installed(app.window):
        assert run_until(app, lambda: isinstance(app.top, PlayScene) and not app.top.game.busy, 600)
        g = app.top.game
        run(app, 2)
        state = helpers.of("state")[-1]
        assert (state["scene"], state["world"], state["size"], state["mode"]) == ("play", "Reportholm", "small",
                                                                                  "overworld")
        assert (tuple(state["pos"]), state["turn"], state["busy"]) == (g.pos, g.turn, False)
        assert state["log"] == [line for line, _, _ in g.log[-3:]]
        run(app, 2, {0: [key(pygame.K_ESCAPE)]})
        under = helpers.of("state")[-1]
        assert under["scene"] == "menu" and under["stack"] == ["play", "menu"] and under["turn"] == g.turn


def test_each_message_is_told_once_when_it_is_first_shown():
    app, helpers = page_app()
    with installed(app.window):
        run(app, 2)
        app.top.toasts.add("one")
        app.top.toasts.add("one")
        run(app, 3)
        app.top.toasts.add("two")
        run(app, 3)
    said = [m for batch in helpers.of("said") for m in batch]
    assert said == ["one", "one", "two"]


def test_blocked_storage_is_said_to_the_page(tmp_path):
    helpers = Reporting()
    with installed(Window(storage="blocked", helpers=helpers)):
        app = launch.make_app(launch.start_settings([]), seed=1)
        run(app, 2)
    said = [m for batch in helpers.of("said") for m in batch]
    assert said == ["Saves are off: the browser blocks storage for this page."]


def test_the_exception_that_stops_the_game_reaches_the_page_with_its_traceback(monkeypatch):
    class Broken(Scene):
        def update(self, dt):
            raise ZeroDivisionError("a rule divided by nothing")

    real_make_app = launch.make_app

    def make_app_then_break(settings, **kw):
        app = real_make_app(settings, **kw)
        app.run = lambda frames=None, script=None, _run=app.run: _run(frames=30, script=script)
        app.push(Broken(app))
        return app

    monkeypatch.setattr(launch, "make_app", make_app_then_break)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    helpers = Reporting()
    with installed(Window(helpers=helpers)), pytest.raises(ZeroDivisionError):
        asyncio.run(launch.main([]))
    error, = helpers.of("error")
    assert (error["type"], error["message"]) == ("ZeroDivisionError", "a rule divided by nothing")
    assert error["traceback"].startswith("Traceback (most recent call last):")
    assert "in update" in error["traceback"] and error["traceback"].rstrip().endswith(
        "ZeroDivisionError: a rule divided by nothing")


def test_natively_an_exception_is_only_raised(monkeypatch):
    def refuse(settings, **kw):
        raise KeyError("no app")

    monkeypatch.setattr(launch, "make_app", refuse)
    with pytest.raises(KeyError):
        asyncio.run(launch.main([]))  # report_error has no page to tell: nothing else happens


def test_a_report_the_page_refuses_never_stops_the_game():
    class Refusing(Reporting):
        def report(self, text):
            raise Exception("Failed to execute 'report'")  # noqa: TRY002 - a JS error through the proxy

    with installed(Window(helpers=Refusing())):
        app = launch.make_app(launch.start_settings([]), seed=1)
        run(app, 3)
        assert app.stats.count == 3 and app.running


def test_every_scene_report_is_json(tmp_path):
    """Reports cross to the page as JSON: each registered scene's, in the states a session passes."""
    app = make_app("world=Jsonholm&size=small", tmp_path)
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and not app.top.game.busy, 600)
    seen = {}
    for press in ([], [key(pygame.K_ESCAPE)], [key(pygame.K_ESCAPE)], [key(pygame.K_m, "m")]):
        run(app, 2, {0: press})
        seen[tuple(app.page_report()["stack"])] = json.loads(json.dumps(app.page_report()))
    assert ("play", "menu") in seen and ("play", "world_map") in seen
    for query in ("mode=demo&demo=rooms&seed=j", "mode=gallery", ""):
        other = make_app(query, tmp_path / query.replace("=", "-").replace("&", "_"))
        run(other, 3, {1: [text("x")]})
        assert json.loads(json.dumps(other.page_report()))["scene"] in ("demo", "gallery", "title")


def test_the_bridge_and_app_examples_hold():
    """Their docstring examples (game/ is outside the doctest paths but for the rules and settings)."""
    import doctest

    for module in (browser, app_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
