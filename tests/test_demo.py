"""The demo and gallery through the real async loop with scripted events."""

import numpy as np
import pygame
import pytest
from gameloop import click, key, make_app, run, run_until

from game.shell import app as app_module
from game.shell.app import App
from game.shell.browser import Storage
from game.scenes import demo as demo_module
from game.scenes.demo import HOLD_FRAMES, HINT, MOST_STEP_FRAMES, STAGE_FRAMES, DemoScene
from game.scenes.gallery import GalleryScene
from game.shell.settings import parse_query
from game.view import ui
from game.view.demo_view import MIN_TEXT
from worldgen.core import registry
from worldgen.generators import captions


@pytest.fixture(autouse=True)
def no_frame_cap(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)  # tests count frames, not seconds


def screen_digest(app):
    return pygame.surfarray.array3d(app.screen).tobytes()


def shown(app, stage=None):
    """Run until the demo shows its stage (or ``stage``), finished."""
    demo = app.top
    assert run_until(app, lambda: demo.work is not None and demo.work.done and demo.view is not None
                     and demo.view.label == (stage or demo.stage_name), 600)
    run(app, 1)
    return demo


def demo_run(gen, seed, **kw):
    spec = registry.get(gen)
    return registry.generate(gen, seed, params=captions.demo_params(spec), **kw)


def test_url_picks_generator_stage_and_seed(tmp_path):
    demo = shown(make_app("demo=island&stage=mask&seed=abc", tmp_path))
    assert isinstance(demo, DemoScene)
    assert (demo.spec.name, demo.stage_name, demo.seed) == ("island", "mask", "abc")
    assert np.array_equal(demo.view.stage.data, demo_run("island", "abc", stage="mask").stages["mask"].data)


def test_the_island_demo_rolls_the_posts_particles_tile_by_tile_and_the_game_does_not(tmp_path):
    demo = shown(make_app("demo=island&stage=mask_plain&seed=abc", tmp_path))
    info = demo.view.stage.info
    assert (info["scale"], info["sim_particles"], info["sim_life"], info["sim_batches"]) == (1, 3000, 50, 20)
    assert registry.generate("island", "abc").stages["mask_plain"].info["scale"] == 3  # library default: coarse
    linked = shown(make_app("demo=island&stage=mask_plain&seed=abc&p.mask_scale=0", tmp_path / "b"))
    assert linked.view.stage.info["scale"] == 3  # a link's own value wins


def test_share_link_leaves_out_the_demo_defaults(tmp_path):
    demo = shown(make_app("demo=island&seed=abc", tmp_path))
    assert demo.share_settings().params == {}
    other = shown(make_app("demo=island&seed=abc&p.mask_scale=0&p.octaves=5", tmp_path / "b"))
    assert other.share_settings().params == {"mask_scale": 0, "octaves": 5}


def test_click_rolls_a_new_seed_and_map(tmp_path):
    app = make_app("demo=island&seed=abc", tmp_path)
    shown(app)
    before_seed, before_map = app.top.seed, app.top.view.stage.data.copy()
    before_pixels = screen_digest(app)
    run(app, 1, {0: [click()]})
    shown(app)
    assert app.top.seed != before_seed
    assert not np.array_equal(app.top.view.stage.data, before_map)
    assert screen_digest(app) != before_pixels


def test_keys_switch_stages(tmp_path):
    app = make_app("demo=island&seed=k&stage=noise", tmp_path)
    shown(app)
    run(app, 6, {1: [key(pygame.K_RIGHT)], 3: [key(pygame.K_4)]})
    assert app.top.stage_name == "mask"
    run(app, 3, {1: [key(pygame.K_LEFT)]})
    assert app.top.stage_name == "mask_plain" and app.top.view.label == "mask_plain"


def test_overlay_hides_and_bad_url_values_are_shown(tmp_path):
    app = make_app("demo=island&seed=x&w=zzz&stage=nope", tmp_path)
    shown(app)
    texts = [t[0] for t in app.top.toasts.items]
    assert "w='zzz' is not a whole number; using 88" in texts
    before = screen_digest(app)
    run(app, 2, {1: [key(pygame.K_h)]})
    assert app.top.show_ui is False and screen_digest(app) != before


def animate(app, frames=6000):
    """Press Space and record, frame by frame, (label, stage name, stage_index, start, words title)."""
    demo = app.top
    run(app, 1, {0: [key(pygame.K_SPACE)]})
    seen = []
    for _ in range(frames):
        view = demo.view
        seen.append((view.label, view.name, demo.stage_index, view.start, demo.words().title))
        if not demo.animating:
            break
        run(app, 1)
    assert not demo.animating, "the replay did not end"
    return seen


def test_animation_steps_through_progress_and_stages(tmp_path):
    app = make_app("demo=island&seed=anim&stage=noise", tmp_path)
    shown(app)
    seen = animate(app)
    assert set(registry.get("island").stages) <= {label.split()[0] for label, *_ in seen}


def test_the_stage_counter_is_right_while_animating(tmp_path):
    """The counter names the stage being made: biomes' growth steps say 2/4, not 1/4."""
    app = make_app("demo=biomes&seed=count", tmp_path)
    shown(app)
    seen = animate(app)
    growth = [(index, title) for label, name, index, _, title in seen if label.startswith("growth ")]
    assert growth and all(index == 1 and "· 2/4 Seed and grow" in title for index, title in growth)
    for label, name, index, _, title in seen:
        assert registry.get("biomes").stages[index] == name == label.split()[0]


def test_each_finished_stage_holds_about_a_second_and_a_stages_steps_about_two(tmp_path):
    app = make_app("demo=biomes&seed=pace", tmp_path)
    shown(app)
    labels = [label for label, *_ in animate(app)]
    runs = []  # (label, frames on screen) in order
    for label in labels:
        if runs and runs[-1][0] == label:
            runs[-1][1] += 1
        else:
            runs.append([label, 1])
    finished = {label: frames for label, frames in runs if " " not in label}
    assert set(finished) == {"seeds", "growth", "transitions", "terrain"}
    assert all(frames >= HOLD_FRAMES for label, frames in runs[:-1] if " " not in label), runs
    steps = [frames for label, frames in runs if label.startswith("growth ")]
    assert 10 <= len(steps) <= STAGE_FRAMES and max(steps) <= MOST_STEP_FRAMES
    assert STAGE_FRAMES // 2 <= sum(steps) <= 2 * STAGE_FRAMES, sum(steps)


def test_the_particle_pile_up_is_watched_by_default(tmp_path):
    app = make_app("demo=island&seed=pile", tmp_path)
    shown(app)
    demo = app.top
    run(app, 1, {0: [key(pygame.K_SPACE)]})
    totals = []
    for _ in range(3000):
        if demo.view.label.startswith("mask_plain ") and (not totals or totals[-1][0] != demo.view.label):
            totals.append((demo.view.label, float(demo.view.stage.data.sum())))
        if not demo.animating:
            break
        run(app, 1)
    assert len(totals) >= 20  # batches of particles, one picture after another
    sums = [s for _, s in totals]
    assert sums == sorted(sums) and sums[0] < sums[-1] / 4  # the pile grows


def test_the_random_fill_is_shown_and_held_before_the_automaton(tmp_path):
    app = make_app("demo=caverns&seed=fill", tmp_path)
    shown(app)
    seen = animate(app)
    automata = [row for row in seen if row[1] == "automata"]
    first = automata[0]
    assert first[3] and first[0] == "automata 0%"  # its first picture: the fill, noted as such
    held = sum(1 for row in automata if row[0] == first[0])
    assert held >= HOLD_FRAMES
    spec = registry.get("caverns")
    assert captions.sentence(spec, "automata", start=True).startswith("Random fill: 45%")


def test_a_check_is_not_a_step_and_the_replay_ends_on_the_map(tmp_path):
    app = make_app("demo=mosaic&seed=check", tmp_path)
    shown(app)
    seen = animate(app)
    assert "reachability" not in {label for label, *_ in seen}
    assert app.top.view.label == "final" and app.top.stage_name == "final"
    run(app, 2, {0: [key(pygame.K_5)]})
    shown(app, "reachability")
    assert "check: Reachability" in app.top.words().title


def test_step_key_shows_the_next_picture_and_pauses(tmp_path):
    app = make_app("demo=rooms&seed=steps", tmp_path)
    shown(app)
    demo = app.top
    run(app, 1, {0: [key(pygame.K_n)]})
    assert demo.animating and demo.paused
    first = demo.view.label
    run(app, 5)
    assert demo.view.label == first  # paused
    run(app, 1, {0: [key(pygame.K_n)]})
    assert demo.view.label != first


def test_items_with_nothing_to_show_are_passed_within_the_frame(tmp_path, monkeypatch):
    """A replay holds each picture, but steps past items with none (a room library
    grown on the first map of a page) within the frame, up to its work budget."""
    from game.shell.work import Work
    from worldgen.core.registry import Progress, Stage

    app = make_app("demo=rooms&seed=hold", tmp_path)
    shown(app)
    demo = app.top
    blank = np.full((29, 79), 2, np.uint8)
    items = [Progress("rooms", 0.0)] * 6 + [Progress("rooms", 0.5, preview=Stage("rooms", blank)),
                                             Progress("rooms", 0.75, preview=Stage("rooms", blank - 1))]
    demo.work = Work(iter(items), demo.spec.stages)
    demo.view, demo.animating, demo.paused, demo.anim_wait = None, True, False, 0
    run(app, 1)
    assert demo.view.label == "rooms 50%" and demo.work.items == 7
    hold = demo.anim_wait  # frames until the next picture, this one's included
    assert 2 <= hold <= MOST_STEP_FRAMES
    run(app, hold - 1)
    assert demo.view.label == "rooms 50%"  # a picture is held
    run(app, 1)
    assert demo.view.label == "rooms 75%"


def test_export_and_share(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "data"))
    app = make_app("demo=island&seed=exp&stage=terrain&p.octaves=5", tmp_path)
    shown(app)
    exports = tmp_path / "data" / "exports"
    assert app.top.export("png") == f"Saved as {exports / 'island-terrain-exp-octaves5.png'}."  # in the data folder
    assert app.top.export("txt") == f"Saved as {exports / 'island-terrain-exp-octaves5.txt'}."
    assert (exports / "island-terrain-exp-octaves5.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len((exports / "island-terrain-exp-octaves5.txt").read_text(encoding="utf-8").splitlines()) == 32
    assert not (tmp_path / "exports").exists()  # never the current folder
    assert f"Saved as {exports / 'island-terrain-exp-octaves5.txt'}." in [t[0] for t in app.top.toasts.items]
    link = app.top.share()
    assert "mode=demo" in link and "seed=exp" in link and "p.octaves=5" in link
    assert link in capsys.readouterr().out  # natively the link is printed
    again = parse_query(link.split("?", 1)[1])
    assert (again.generator, again.stage, again.seed, again.params) == ("island", "terrain", "exp", {"octaves": 5})


def test_regenerating_spreads_over_frames_within_the_work_budget(tmp_path):
    """Each click's generation is drained a budget a frame, never all at once, and ends."""
    app = make_app("demo=island&seed=w", tmp_path)
    shown(app)
    for _ in range(3):
        run(app, 1, {0: [click()]})
        work = app.top.work
        assert not work.done and work.items > 0  # the first frame drained a part
        assert run_until(app, lambda: app.top.work.done and app.top.view.label == "terrain", 400)


def test_gallery_lists_every_generator_and_opens_a_demo(tmp_path):
    app = make_app("mode=gallery", tmp_path)
    gallery = app.top
    assert isinstance(gallery, GalleryScene)
    assert [r.spec.name for r in gallery.rows] == [s.name for s in registry.all_specs()]
    assert run_until(app, lambda: all(r.work.done for r in gallery.rows), 2000)
    run(app, 1)
    assert all(set(r.thumbs) == set(r.spec.stages) for r in gallery.rows)
    target = gallery.card_rect(0, 2).center
    run(app, 3, {0: [click(target)]})
    demo = app.top
    assert isinstance(demo, DemoScene) and demo.stage_name == registry.all_specs()[0].stages[2]
    assert demo.seed == gallery.rows[0].seed
    shown(app)
    assert np.array_equal(demo.view.stage.data, gallery.rows[0].work.stages[demo.stage_name].data)
    run(app, 2, {0: [key(pygame.K_ESCAPE)]})
    assert app.top is gallery


def test_gallery_cards_carry_full_titles_sentences_and_readable_thumbnails(tmp_path, monkeypatch):
    app = make_app("mode=gallery", tmp_path)
    gallery = app.top
    assert run_until(app, lambda: all(r.work.done for r in gallery.rows), 2000)
    drawn = []
    monkeypatch.setattr(ui, "drawn", drawn)
    for r in range(len(gallery.rows)):
        gallery.scroll = 0
        gallery.scroll_by(gallery.tops[r] - 48)
        run(app, 1)
        texts = [content for _, _, content in drawn]
        row = gallery.rows[r]
        assert row.spec.title in texts  # whole, never cut
        assert captions.credit(row.spec)[1:] in "".join(texts)
        summary = row.summary(gallery.summary_width(r))
        assert " ".join(summary) == f"seed {row.seed}: {row.spec.summary}"  # whole, beside the buttons
        assert all(line in texts for line in summary)
        visible = [c for c, name in enumerate(row.spec.stages) if gallery.card_rect(r, c).bottom <= app.size[1]]
        assert visible
        for c in visible:
            name = row.spec.stages[c]
            first_line = row.sentence(name, gallery.card_w - 12)[0]
            assert first_line in texts and captions.sentence(row.spec, name, row.params,
                                                             row.work.stages[name].info).startswith(first_line)
        drawn.clear()
    assert gallery.thumb[0] >= 280 and gallery.thumb[1] >= 150


def test_each_gallery_row_rerolls_alone(tmp_path):
    app = make_app("mode=gallery", tmp_path)
    gallery = app.top
    run(app, 1)
    seeds = [row.seed for row in gallery.rows]
    run(app, 2, {0: [click(gallery.reroll_rect(2).center)]})
    assert app.top is gallery
    after = [row.seed for row in gallery.rows]
    assert after[2] != seeds[2] and after[:2] + after[3:] == seeds[:2] + seeds[3:]
    assert run_until(app, lambda: gallery.rows[2].work.done, 2000)


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


@pytest.mark.parametrize("query, wide", [("demo=caverns&seed=s&w=400&h=240&ui=0", 960),
                                         ("demo=island&seed=s&ui=0", 960), ("demo=rooms&seed=s&ui=0", 960)])
def test_a_map_fitting_at_one_and_a_half_or_more_fills_the_window(tmp_path, query, wide):
    demo = shown(make_app(query, tmp_path))
    h, w = demo.view.stage.data.shape
    area = demo.map_area()
    assert demo._rect.width == wide or demo._rect.height == area.height
    assert min(area.width / w, area.height / h) >= 1.5 and demo._rect.width > w * int(area.width / w) - 1


@pytest.mark.parametrize("gen, stage", [("rooms", "rooms"), ("biomes", "growth"), ("caverns", "automata")])
def test_animation_shows_the_steps_inside_a_stage(tmp_path, gen, stage):
    """Space replays generation: growth loops, automaton iterations, rooms being
    added appear one by one, each a different picture."""
    app = make_app(f"demo={gen}&seed=steps", tmp_path)
    shown(app)
    run(app, 1, {0: [key(pygame.K_SPACE)]})
    frames = []
    for _ in range(6000):
        run(app, 1)
        view = app.top.view
        if view.label.startswith(stage + " ") and (not frames or not np.array_equal(frames[-1], view.stage.data)):
            frames.append(view.stage.data.copy())
        if not app.top.animating:
            break
    assert len(frames) >= 5
    final = demo_run(gen, "steps", stage=stage).stages[stage].data
    assert not np.array_equal(frames[0], final)  # the first steps are unfinished work


# -- a bare figure (ui=0) --------------------------------------------------------------------------

def caption_drawn(app, monkeypatch) -> list[str]:
    drawn = []
    monkeypatch.setattr(ui, "drawn", drawn)
    run(app, 1)
    monkeypatch.setattr(ui, "drawn", None)
    return [content for _, _, content in drawn]


def test_a_bare_figure_shows_its_caption_and_hint_once_pointed_at(tmp_path, monkeypatch):
    app = make_app("demo=rooms&seed=bare&stage=loops&ui=0", tmp_path)
    demo = shown(app)
    assert caption_drawn(app, monkeypatch) == []  # the poster's picture: nothing over the map
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(1, 1), buttons=(0, 0, 0)))
    texts = caption_drawn(app, monkeypatch)
    assert HINT in texts and any(t.startswith(captions.heading(demo.spec, "loops")) for t in texts)
    assert demo.seed == "bare"  # pointing makes no new map
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    assert caption_drawn(app, monkeypatch) == []


def test_a_first_tap_on_a_bare_figure_explains_and_the_next_makes_a_new_map(tmp_path, monkeypatch):
    app = make_app("demo=rooms&seed=tap&ui=0", tmp_path)
    demo = shown(app)
    tap = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)
    pygame.event.post(tap)
    assert HINT in caption_drawn(app, monkeypatch) and demo.seed == "tap"
    run(app, 1, {0: [pygame.event.Event(pygame.FINGERDOWN, **{k: getattr(tap, k) for k in tap.dict})]})
    assert demo.seed != "tap"


def test_a_mouse_click_on_a_bare_figure_makes_a_new_map_at_once(tmp_path):
    app = make_app("demo=rooms&seed=click&ui=0", tmp_path)
    demo = shown(app)
    run(app, 1, {0: [click()]})
    assert demo.seed != "click" and demo.pointed


# -- legible at embed size ------------------------------------------------------------------------

def test_no_text_under_fourteen_pixels_at_embed_size(tmp_path, monkeypatch):
    """Every line the demo and the gallery draw is at least MIN_TEXT px in the 960x540
    window: 14 px in a 640x360 embed."""
    sizes = []
    real = ui.text

    def record(surface, content, pos, size=18, *args, **kwargs):
        sizes.append((size, content))
        return real(surface, content, pos, size, *args, **kwargs)

    monkeypatch.setattr(ui, "text", record)
    monkeypatch.setattr(demo_module.ui, "text", record)
    assert MIN_TEXT * 640 / 960 >= 14
    for query in ("demo=island&seed=a", "demo=mosaic&seed=a", "demo=caverns&seed=a&ui=0"):
        app = make_app(query, tmp_path / query[5:9])
        shown(app)
        app.top.toasts.add("a message")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(1, 1), buttons=(0, 0, 0)))
        run(app, 1, {0: [key(pygame.K_SLASH, "?")]})
        run(app, 2, {0: [key(pygame.K_SPACE)]})
    gallery = make_app("mode=gallery", tmp_path / "g")
    run(gallery, 30)
    small = {(size, content) for size, content in sizes if size < MIN_TEXT}
    assert sizes and not small, sorted(small)[:5]


def test_the_demo_words_never_cover_the_map(tmp_path):
    for gen in ("island", "biomes", "caverns", "mosaic", "rooms"):
        demo = shown(make_app(f"demo={gen}&seed=cover", tmp_path / gen))
        words, spot = demo._layout()
        assert not any(demo._rect.colliderect(panel) for panel in spot.panels)
        assert not any(demo._rect.colliderect(b.rect) for b in demo.buttons)
        assert spot.side == (gen in ("biomes", "caverns", "mosaic"))  # square maps: words beside them


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
