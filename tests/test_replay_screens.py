"""Replays, the morgue and the daily world through the real loop (SDL dummy
driver): a run played with key presses and watched again shows the same
screens at the same command; the end screen writes and shows the morgue;
the title's replays list and a ``replay=`` link open the play screen driven
by a recording; bad ones say so in one line and the save stays."""

from pathlib import Path

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, run, run_until

import game.shell.app as app_module
from fake_page import LocalStorage, Window, installed
from game.shell.browser import Storage
from game.rules.persistence import recstore, save
from game.rules.run import daily_world
from game.scenes.end import EndScene
from game.scenes.morgue import MorgueScene
from game.scenes.play import PlayScene
from game.scenes.replays import ReplaysScene, _cells
from game.rules.run import death_text
from game.scenes.title import TitleScene, today
from game.view.replay_bar import BANNER


SAVE_KEY = "deepisle." + save.KEY


def _toasts(scene) -> list[str]:
    return [item[0] for item in scene.toasts.items]


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)  # no frame cap: tests count frames, not seconds


def settled(app) -> bool:
    top = app.top
    return (isinstance(top, PlayScene) and top.game.pending is None
            and not top.game.path and not top.game.exploring and top.game.loc is not None)


def screen(app) -> np.ndarray:
    """The screen as pixels, without the replay's banner (the one thing a replay adds)."""
    pixels = pygame.surfarray.array3d(app.screen).copy()
    r = BANNER
    pixels[r.left:r.right, r.top:r.bottom] = 0
    return pixels


def _play_a_run(app) -> dict[int, np.ndarray]:
    """Key presses and a walk; the screen after each settled command count."""
    shots: dict[int, np.ndarray] = {}
    g = app.top.game

    def shoot():
        assert run_until(app, lambda: settled(app), 900)
        run(app, 2)
        shots[len(g.recording.commands)] = screen(app)

    shoot()
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_PERIOD):
        run(app, 1, {0: [key(k, "." if k == pygame.K_PERIOD else "")]})
        shoot()
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    app.top.point(app.top.view.map.tile_to_screen(site.x, site.y)) if hasattr(app.top.view.map, "tile_to_screen") \
        else g.travel_to(site.x, site.y)
    shoot()
    run(app, 1, {0: [key(pygame.K_RETURN)]})  # enter the site: the level is built over frames
    shoot()
    run(app, 1, {0: [key(pygame.K_o, "o")]})  # auto-explore, a step every few frames ...
    run(app, 12)
    run(app, 1, {0: [key(pygame.K_SPACE, " ")]})  # ... until a key stops it
    shoot()
    for k in (pygame.K_LEFT, pygame.K_UP):
        run(app, 1, {0: [key(k)]})
        shoot()
    return shots


def test_watching_a_replay_shows_the_same_screens_as_the_run(tmp_path):
    app = make_app("?world=Screenwell&size=small", tmp_path)
    assert run_until(app, lambda: settled(app), 900)
    g = app.top.game
    shots = _play_a_run(app)
    assert len(shots) >= 7 and any(code == "x" for code in g.recording.commands)
    text = g.finish_recording()

    replay_app = make_app("", tmp_path / "other")
    replay_app.top.auto = False
    from game.rules.run import open_replay

    replay, why = open_replay(text)
    assert replay is not None, why
    replay_app.switch("play", replay=replay)
    seen: dict[int, np.ndarray] = {}

    def look(a):
        top = a.top
        if isinstance(top, PlayScene) and top.game.pending is None:
            seen.setdefault(top.replay.index, screen(a))

    run(replay_app, 2)
    for _ in range(3000):
        run(replay_app, 1, script=None)
        look(replay_app)
        if replay.finished or replay.mismatch:
            break
    assert replay.mismatch is None and replay.finished
    compared = 0
    for k, pixels in shots.items():
        assert k in seen, k
        if k in (3, max(shots)):
            pygame.image.save(pygame.surfarray.make_surface(pixels), str(tmp_path / f"run-{k}.png"))
            pygame.image.save(pygame.surfarray.make_surface(seen[k]), str(tmp_path / f"replay-{k}.png"))
        assert (seen[k] == pixels).all(), f"the screens differ after command {k}"
        compared += 1
    assert compared == len(shots)


def _die(app) -> None:
    """The player falls to a blow (set in place, as test_game_play does)."""
    g = app.top.game
    g.player.hp = 0
    g.dead, g.killer = True, "goblin archer"
    assert run_until(app, lambda: isinstance(app.top, EndScene), 60)


def test_the_end_screen_keeps_the_morgue_and_the_replay_of_the_run(tmp_path):
    app = make_app("?world=Morguewell&size=small", tmp_path)
    assert run_until(app, lambda: settled(app), 900)
    run(app, 1, {0: [key(pygame.K_RIGHT)]})
    assert run_until(app, lambda: settled(app), 100)
    _die(app)
    end = app.top
    morgue = Path(end.morgue_path)
    assert morgue.parent == tmp_path / "morgue" and morgue.read_text() == end.morgue
    assert "killed by a goblin archer" in end.morgue
    run(app, 1, {0: [key(pygame.K_m)]})
    assert isinstance(app.top, MorgueScene)
    run(app, 1, {0: [key(pygame.K_ESCAPE)]})
    assert app.top is end
    runs = recstore.finished(Storage(tmp_path))
    assert runs and runs[0][0]["world"] == "Morguewell" and runs[0][0]["cause"] == "goblin archer"
    assert not any(p.name.startswith("deepisle.recording") for p in tmp_path.iterdir())  # no chunk of it left
    run(app, 1, {0: [key(pygame.K_r)]})  # watch the run again from its end screen
    assert isinstance(app.top, PlayScene) and app.top.replay is not None


def test_the_title_lists_finished_runs_and_plays_one(tmp_path):
    from scripted import new_run, play

    g = play(new_run(), 5, 0, 150)  # a scripted player that falls to a rat
    assert g.dead
    g.end_run(Storage(tmp_path))
    app = make_app("", tmp_path)
    app.top.auto = False
    run(app, 1, {0: [key(pygame.K_F3)]})
    assert isinstance(app.top, ReplaysScene) and len(app.top.runs) == 1
    assert _cells(app.top.runs[0][0])[1] == death_text(g.killer) == f"killed by a {g.killer}"  # the list's words
    run(app, 1, {0: [key(pygame.K_RETURN)]})
    top = app.top
    assert isinstance(top, PlayScene) and top.replay is not None
    run(app, 1, {0: [key(pygame.K_4, "4")]})  # instantly
    assert run_until(app, lambda: top.replay.finished, 900)
    assert top.replay.mismatch is None and "exactly" in top.bar.verdict
    assert run_until(app, lambda: isinstance(app.top, EndScene), 60)  # it ends as the run did
    assert app.top.verdict == top.bar.verdict and app.top.game.killer == g.killer


def test_replay_keys_pause_and_step(tmp_path):
    app = make_app("?world=Stepwell&size=small", tmp_path)
    assert run_until(app, lambda: settled(app), 900)
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_RIGHT):
        run(app, 1, {0: [key(k)]})
        assert run_until(app, lambda: settled(app), 100)
    from game.rules.run import open_replay

    replay, _ = open_replay(app.top.game.finish_recording())
    app.switch("play", replay=replay)
    run(app, 1, {0: [key(pygame.K_SPACE, " ")]})
    assert app.top.bar.paused
    assert run_until(app, lambda: replay.game.pending is None, 600)
    at = replay.index
    run(app, 20)
    assert replay.index == at  # paused: nothing is given
    run(app, 1, {0: [key(pygame.K_PERIOD, ".")]})
    run(app, 2)
    assert replay.index == at + 1  # one step
    run(app, 1, {0: [key(pygame.K_ESCAPE)]})
    assert isinstance(app.top, TitleScene)


def test_a_replay_link_in_the_page_plays_and_a_bad_one_says_why_keeping_the_save(tmp_path):
    store = LocalStorage()
    with installed(Window(search="?world=Linkwell&size=small", storage=store)):
        app = make_app("?world=Linkwell&size=small", Storage())
        assert run_until(app, lambda: settled(app), 900)
        run(app, 1, {0: [key(pygame.K_RIGHT)]})
        assert run_until(app, lambda: settled(app), 100) and app.top.save_now() and SAVE_KEY in store.items
        text = app.top.game.finish_recording()
        saved = store.items[SAVE_KEY]
    for query, good in ((f"?replay={text}", True), ("?replay=DR1.garbage", False),
                        (f"?replay={text[:len(text) // 2]}", False), ("?replay=" + "A" * 9000, False)):
        with installed(Window(search=query, storage=store)):
            app = make_app(query, Storage())
            run(app, 3)
            if good:
                assert isinstance(app.top, PlayScene) and app.top.replay is not None
            else:
                assert isinstance(app.top, TitleScene)
                assert app.top.saved is not None  # the save is still offered
                assert any("replay" in line for line in _toasts(app.top)), _toasts(app.top)
            assert store.items[SAVE_KEY] == saved


def test_a_recording_file_opened_in_the_page_plays(tmp_path):
    store = LocalStorage()
    win = Window(storage=store)
    with installed(win):
        app = make_app("", Storage())
        app.top.auto = False
        g_text = None
        from scripted import new_run, play

        g_text = play(new_run(), 4, 0, 20).finish_recording()
        run(app, 1, {0: [key(pygame.K_F3)]})
        assert isinstance(app.top, ReplaysScene)
        win.deepisle.chosen = g_text
        run(app, 1, {0: [key(pygame.K_o, "o")]})
        assert win.deepisle.file_requests
        run(app, 2)
        assert isinstance(app.top, PlayScene) and app.top.replay is not None


def test_the_daily_world_is_the_days_name_with_its_own_table(tmp_path):
    assert daily_world("2031-01-01") == daily_world("2031-01-01") != daily_world("2031-01-02")
    app = make_app("", tmp_path)
    app.top.auto = False
    run(app, 1, {0: [key(pygame.K_F4)]})
    assert run_until(app, lambda: settled(app), 900)
    g = app.top.game
    assert g.name == daily_world(today()) and g.daily == today()
    g.dead, g.killer = True, "cave bat"
    assert run_until(app, lambda: isinstance(app.top, EndScene), 60)
    storage = Storage(tmp_path)
    assert storage.get("scores") is None and today() in storage.get("scores.daily")
    assert app.top.table[0]["world"] == g.name


def test_in_the_page_the_morgue_is_copied_or_downloaded_and_no_file_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path))
    win = Window(search="?world=Pagemorgue&size=small")
    with installed(win):
        app = make_app("?world=Pagemorgue&size=small", Storage())
        assert run_until(app, lambda: settled(app), 900)
        _die(app)
        assert app.top.morgue_path is None
        run(app, 1, {0: [key(pygame.K_m)]})
        run(app, 1, {0: [key(pygame.K_c)]})
        run(app, 1, {0: [key(pygame.K_d)]})
        assert win.deepisle.copied == [app.top.text]
        name, mime, data = win.deepisle.downloads[0]
        assert name.endswith(".txt") and mime == "text/plain" and data.decode() == app.top.text
        assert "Morguewell" not in app.top.text and "Pagemorgue" in app.top.text
    assert not (tmp_path / "morgue").exists()
