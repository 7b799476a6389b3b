"""The demo and gallery through the real async loop with scripted events."""

import numpy as np
import pygame
import pytest
from gameloop import click, key, make_app, run

from game.shell.app import App
from game.shell.browser import Storage
from game.scenes.demo import DemoScene
from game.scenes.gallery import GalleryScene
from game.shell.settings import parse_query
from worldgen.core import registry


def screen_digest(app):
    return pygame.surfarray.array3d(app.screen).tobytes()


def test_url_picks_generator_stage_and_seed(tmp_path):
    app = make_app("demo=island&stage=mask&seed=abc", tmp_path)
    run(app, 5)
    demo = app.top
    assert isinstance(demo, DemoScene)
    assert (demo.spec.name, demo.stage_name, demo.seed) == ("island", "mask", "abc")
    expected = registry.generate("island", "abc", stage="mask").stages["mask"].data
    assert np.array_equal(demo.view[1].data, expected)


def test_click_rolls_a_new_seed_and_map(tmp_path):
    app = make_app("demo=island&seed=abc", tmp_path)
    run(app, 5)
    before_seed, before_map = app.top.seed, app.top.view[1].data.copy()
    before_pixels = screen_digest(app)
    run(app, 5, {1: [click()]})
    assert app.top.seed != before_seed
    assert not np.array_equal(app.top.view[1].data, before_map)
    assert screen_digest(app) != before_pixels


def test_keys_switch_stages(tmp_path):
    app = make_app("demo=island&seed=k&stage=noise", tmp_path)
    run(app, 3)
    run(app, 6, {1: [key(pygame.K_RIGHT)], 3: [key(pygame.K_4)]})
    assert app.top.stage_name == "mask"
    run(app, 3, {1: [key(pygame.K_LEFT)]})
    assert app.top.stage_name == "mask_plain" and app.top.view[0] == "mask_plain"


def test_overlay_hides_and_bad_url_values_are_shown(tmp_path):
    app = make_app("demo=island&seed=x&w=zzz&stage=nope", tmp_path)
    run(app, 3)
    texts = [t[0] for t in app.top.toasts.items]
    assert "w='zzz' is not a whole number; using 88" in texts
    shown = screen_digest(app)
    run(app, 2, {1: [key(pygame.K_h)]})
    assert app.top.show_ui is False and screen_digest(app) != shown


def test_animation_steps_through_progress_and_stages(tmp_path):
    app = make_app("demo=island&seed=anim&stage=noise", tmp_path)
    run(app, 3)
    seen = set()
    run(app, 1, {0: [key(pygame.K_SPACE)]})
    for _ in range(200):
        run(app, 1)
        seen.add(app.top.view[0].split()[0])
        if not app.top.animating:
            break
    assert set(registry.get("island").stages) <= seen


def test_animation_does_not_hold_items_with_nothing_to_show(tmp_path, monkeypatch):
    """A replay holds each picture ANIMATE_FRAMES frames, but steps past items
    with none (a room library grown on the first map of a page) one a frame,
    with the progress bar up while there is nothing yet to show."""
    from game.scenes import demo as demo_module
    from game.scenes.demo import ANIMATE_FRAMES
    from game.shell.work import Work
    from worldgen.core.registry import Progress, Stage

    bars = []
    real_bar = demo_module.ui.progress_bar
    monkeypatch.setattr(demo_module.ui, "progress_bar", lambda *a, **k: bars.append(a[-1]) or real_bar(*a, **k))

    app = make_app("demo=rooms&seed=hold", tmp_path)
    run(app, 3)
    demo = app.top
    blank = np.full((29, 79), 2, np.uint8)
    items = [Progress("rooms", 0.0)] * 6 + [Progress("rooms", 0.5, preview=Stage("rooms", blank)),
                                             Progress("rooms", 0.75, preview=Stage("rooms", blank - 1))]
    demo.work = Work(iter(items), demo.spec.stages)
    demo.view, demo.animating, demo.paused, demo.anim_wait = None, True, False, 0
    frames = 0
    while demo.view is None:
        bars.clear()
        run(app, 1)
        frames += 1
        if demo.view is None:
            assert bars == ["generating rooms..."]  # the bar, not an empty window
        assert frames <= 6 + 1
    assert frames == 7 and demo.view[0] == "rooms 50%"
    run(app, ANIMATE_FRAMES - 1)
    assert demo.view[0] == "rooms 50%"  # a picture is held
    run(app, 1)
    assert demo.view[0] == "rooms 75%"


def test_export_and_share(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "data"))
    app = make_app("demo=island&seed=exp&stage=terrain&p.octaves=5", tmp_path)
    run(app, 5)
    exports = tmp_path / "data" / "exports"
    assert app.top.export("png") == f"Saved as {exports / 'island-terrain-exp.png'}."  # in the data folder
    assert app.top.export("txt") == f"Saved as {exports / 'island-terrain-exp.txt'}."
    assert (exports / "island-terrain-exp.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len((exports / "island-terrain-exp.txt").read_text(encoding="utf-8").splitlines()) == 32
    assert not (tmp_path / "exports").exists()  # never the current folder
    link = app.top.share()
    assert "mode=demo" in link and "seed=exp" in link and "p.octaves=5" in link
    assert link in capsys.readouterr().out  # natively the link is printed
    again = parse_query(link.split("?", 1)[1])
    assert (again.generator, again.stage, again.seed, again.params) == ("island", "terrain", "exp", {"octaves": 5})


def test_worst_frame_while_regenerating_small_island(tmp_path):
    """Regenerating never takes more than one frame's work budget at 88x32.

    The 16 ms target is measured by the benchmark note; here we check the
    mechanism: each click's generation completes within the per-frame budget."""
    app = make_app("demo=island&seed=w", tmp_path)
    run(app, 5)
    for _ in range(5):
        run(app, 2, {0: [click()]})
        assert app.top.work.done and app.top.view[0] == "terrain"


def test_gallery_lists_every_generator_and_opens_a_demo(tmp_path):
    app = make_app("mode=gallery", tmp_path)
    gallery = app.top
    assert isinstance(gallery, GalleryScene)
    assert [r.spec.name for r in gallery.rows] == [s.name for s in registry.all_specs()]
    for _ in range(400):
        run(app, 1)
        if all(r.work.done for r in gallery.rows):
            break
    assert all(set(r.thumbs) == set(r.spec.stages) for r in gallery.rows)
    target = gallery.thumb_rect(0, 2).center
    run(app, 3, {0: [click(target)]})
    demo = app.top
    assert isinstance(demo, DemoScene) and demo.stage_name == registry.all_specs()[0].stages[2]
    assert demo.seed == gallery.rows[0].seed
    run(app, 2, {0: [key(pygame.K_ESCAPE)]})
    assert app.top is gallery


def test_big_stage_is_sampled_down_to_the_screen(tmp_path):
    """A map larger than the view is drawn from sampled tiles: same picture as a
    nearest-neighbour scale, without a palette lookup per map tile."""
    from game.view.render import fitted_stage_surface
    from worldgen.core.tiles import PALETTE

    App(parse_query(""), storage=Storage(tmp_path))  # a display for surfaces
    stage = registry.generate("caverns", "big", 600, 400).last
    surface, rect = fitted_stage_surface(stage, pygame.Rect(0, 0, 300, 300))
    assert surface.get_size() == rect.size == (300, 200)
    pixels = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    ys, xs = np.arange(200) * 400 // 200, np.arange(300) * 600 // 300
    expected = PALETTE[stage.data[np.ix_(ys, xs)]]
    marked = np.zeros((200, 300), bool)  # spawn markers overwrite a few pixels
    for pts in stage.points.values():
        pts = np.asarray(pts).reshape(-1, 2) // 2
        marked[pts[:, 1], pts[:, 0]] = True
    assert np.array_equal(pixels[~marked], expected[~marked])
    assert marked.any() and not np.array_equal(pixels[marked], expected[marked])


@pytest.mark.parametrize("gen, stage", [("biomes", "growth"), ("caverns", "automata"), ("rooms", "rooms")])
def test_animation_shows_the_steps_inside_a_stage(tmp_path, gen, stage):
    """Space replays generation: growth loops, automaton iterations, rooms being
    added appear one by one, each a different picture."""
    app = make_app(f"demo={gen}&seed=steps", tmp_path)
    run(app, 3)
    run(app, 1, {0: [key(pygame.K_SPACE)]})
    frames = []
    for _ in range(3000):
        run(app, 1)
        label, shown = app.top.view
        if label.startswith(stage + " ") and (not frames or not np.array_equal(frames[-1], shown.data)):
            frames.append(shown.data.copy())
        if not app.top.animating:
            break
    assert len(frames) >= 5
    final = registry.generate(gen, "steps", stage=stage).stages[stage].data
    assert not np.array_equal(frames[0], final)  # the first steps are unfinished work
    # step mode: N advances exactly one item while paused
    run(app, 1, {0: [key(pygame.K_n)]})
    before = app.top.work.items
    run(app, 3)
    assert app.top.paused and app.top.work.items == before
    run(app, 1, {0: [key(pygame.K_n)]})
    assert app.top.work.items == before + 1


def test_title_screen_opens_the_gallery_and_esc_returns(tmp_path):
    from game.scenes.title import TitleScene

    app = make_app("", tmp_path)
    title = app.top
    assert isinstance(title, TitleScene)
    run(app, 2, {0: [key(pygame.K_F2)]})
    assert isinstance(app.top, GalleryScene)
    run(app, 2, {0: [key(pygame.K_ESCAPE)]})
    assert app.top is title and app.running
    gallery_only = make_app("mode=gallery", tmp_path)
    run(gallery_only, 2, {0: [key(pygame.K_ESCAPE)]})
    assert isinstance(gallery_only.top, GalleryScene)  # nothing beneath: Esc does not quit
