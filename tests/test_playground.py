"""The demo's parameter panel and compare view, used as a person would: scripted mouse, keys and
fingers through the real loop, checking the map on screen and the link."""

import dataclasses
import io
import json

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, run, run_until, text

from game.demo import compare as compare_view
from game.demo import playground as playground_module
from game.shell import app as app_module
from game.shell.app import WORK_BUDGET_MS
from game.shell.settings import parse_query, to_query
from game.shell.work import Work
from game.view import knob_panel
from game.view.knobs import knobs
from worldgen.core import registry
from worldgen.core.registry import param
from worldgen.generators import captions

SIZE = (960, 540)


@pytest.fixture(autouse=True)
def no_frame_cap(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def ready(app, limit=900):
    """Run until the demo (and its compare side) show the stage asked for, made with the values set."""
    demo = app.top
    assert run_until(app, lambda: demo.work.done and not demo.stale and demo.view is not None
                     and demo.view.label == demo.stage_name and demo.view.stage is demo.work.stages[demo.stage_name]
                     and (demo.compare is None or demo.compare.work.done), limit)
    run(app, 1)
    return demo


def expected(demo, seed=None, params=None):
    """The stage on screen as the library makes it for the demo's values."""
    return registry.generate(demo.spec.name, seed or demo.seed, demo.width, demo.height,
                             params if params is not None else demo.params).stages[demo.stage_name].data


def part(demo, name, what, index=-1):
    """The centre of part ``what`` of knob ``name``'s row, scrolled into view first."""
    pg = demo.playground
    i = pg.index(name)
    pg.scroll_to(i)
    row = knob_panel.row_rect(demo.app.size, i, pg.scroll)
    found = [p for p in knob_panel.parts(pg.knobs[i], row) if p.what == what and (index < 0 or p.index == index)]
    return found[0].rect


def mouse(kind, pos, held=False):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(1, 0), buttons=(1 if held else 0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def finger(kind, pos):
    return pygame.event.Event(kind, x=pos[0] / SIZE[0], y=pos[1] / SIZE[1], dx=0.01, dy=0.0, finger_id=1,
                              touch_id=1, pressure=1.0)


def link_settings(demo):
    return parse_query(demo.share_link().split("?", 1)[1])


def test_every_parameter_of_every_generator_has_its_control_with_the_specs_range():
    for spec in registry.all_specs():
        made = {k.param: k for k in knobs(spec) if k.param}
        assert list(made) == [p.name for p in spec.param_specs]
        for p in spec.param_specs:
            knob = made[p.name]
            assert knob.help == p.help and knob.default == p.default
            if p.choices:
                assert (knob.kind, knob.choices) == ("choice", p.choices)
            elif p.type is bool:
                assert knob.kind == "toggle"
            else:
                assert (knob.kind, knob.lo, knob.hi) == ("number", p.lo, p.hi)
                assert knob.at(0.0) == p.lo and knob.at(1.0) == p.hi  # the whole range within reach
                assert knob.clamp(p.default) == p.default  # the default lies on the step
        assert [k.key for k in knobs(spec)[:3]] == ["seed", "w", "h"]


def test_a_parameter_a_generator_adds_appears_in_the_panel(tmp_path, monkeypatch):
    rooms = registry.get("rooms")
    extended = dataclasses.make_dataclass("Extended", [("glow", float, param(0.5, 0.0, 2.0, "how much it glows"))],
                                          bases=(rooms.params,), frozen=True)
    monkeypatch.setitem(registry.REGISTRY, "rooms", dataclasses.replace(rooms, params=extended))
    app = make_app("mode=demo&demo=rooms&seed=k&ui=panel", tmp_path)
    glow = app.top.playground.knobs[-1]
    assert (glow.key, glow.help, glow.lo, glow.hi, glow.step) == ("p.glow", "how much it glows", 0.0, 2.0, 0.01)


def test_a_step_is_the_specs_else_one_or_a_power_of_ten_and_a_wide_range_is_logarithmic():
    island = {k.key: k for k in knobs(registry.get("island"))}
    assert island["p.divisor"].step == 0.25  # the spec's own
    assert island["p.octaves"].step == 1 and island["p.water"].step == 0.01
    assert island["p.particles"].log and not island["p.deep"].log and not island["w"].log
    particles = island["p.particles"]
    assert particles.at(0.001) >= 1 and particles.nudge(0, 1) == 1 and particles.nudge(3000, -1) < 3000
    assert particles.position(particles.at(0.5)) == pytest.approx(0.5, abs=0.01)


def test_the_panel_opens_and_closes_with_a_key_and_a_button_and_never_covers_the_map(tmp_path):
    app = make_app("mode=demo&demo=island&seed=k", tmp_path)
    demo = ready(app)
    assert not demo.playground.open
    run(app, 2, {0: [key(pygame.K_p)]})
    assert demo.playground.open
    panel = knob_panel.panel_rect(SIZE)
    assert not demo.map_area().colliderect(panel) and demo.map_area().width > 400
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, knob_panel.header_button(SIZE, 2).center)]})  # close
    assert not demo.playground.open
    knobs_button = next(b for b in demo.buttons if b.label == "knobs")
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, knobs_button.rect.center)]})
    assert demo.playground.open
    run(app, 2, {0: [key(pygame.K_ESCAPE)]})
    assert not demo.playground.open


def test_dragging_a_slider_follows_it_and_ends_on_the_value_let_go_of(tmp_path):
    app = make_app("mode=demo&demo=island&seed=drag&ui=panel", tmp_path)
    demo = ready(app)
    track = part(demo, "p.water", "track")
    xs = [track.left + track.width * f // 10 for f in (2, 3, 4, 5, 6)]
    events = {0: [mouse(pygame.MOUSEBUTTONDOWN, (xs[0], track.centery))]}
    for i, x in enumerate(xs[1:], 1):
        events[i] = [mouse(pygame.MOUSEMOTION, (x, track.centery), held=True)]
    events[len(xs)] = [mouse(pygame.MOUSEBUTTONUP, (xs[-1], track.centery))]
    run(app, len(xs) + 1, events)
    knob = demo.playground.knobs[demo.playground.index("p.water")]
    released = knob.at((xs[-1] - track.left) / track.width)
    assert demo.params.water == released and demo.playground.drag is None
    ready(app)
    assert np.array_equal(demo.view.stage.data, expected(demo))
    assert link_settings(demo).params["water"] == released and link_settings(demo).panel


def test_a_slider_held_makes_a_map_only_when_the_last_is_done_within_the_frame_budget(tmp_path, monkeypatch):
    budgets = []
    step = Work.step

    def recorded(self, budget_ms=None):
        budgets.append(self.budget_ms if budget_ms is None else budget_ms)
        return step(self, budget_ms)

    monkeypatch.setattr(Work, "step", recorded)
    app = make_app("mode=demo&demo=caverns&seed=held&ui=panel&w=300&h=200", tmp_path)
    demo = ready(app, 3000)
    track = part(demo, "p.fill", "track")
    run(app, 1, {0: [mouse(pygame.MOUSEBUTTONDOWN, (track.left + 30, track.centery))]})
    first = demo.work
    assert not first.done  # a 300x200 cave takes frames: the work is spread
    run(app, 1, {0: [mouse(pygame.MOUSEMOTION, (track.left + 60, track.centery), held=True)]})
    assert demo.work is first and demo.stale  # the value is kept; the map being made is not thrown away
    budgets.clear()
    run(app, 1, {0: [mouse(pygame.MOUSEBUTTONUP, (track.left + 90, track.centery))]})
    assert demo.work is not first and not demo.stale  # let go: the map of the last value, at once
    ready(app, 3000)
    assert budgets and max(budgets) <= WORK_BUDGET_MS  # no frame ever drained more than its share
    assert demo.params.fill == demo.playground.knobs[demo.playground.index("p.fill")].at(
        (track.left + 90 - track.left) / track.width)
    assert np.array_equal(demo.view.stage.data, expected(demo))


def test_steppers_choices_and_toggles_change_the_map_and_the_link(tmp_path):
    app = make_app("mode=demo&demo=mosaic&seed=kinds&ui=panel", tmp_path)
    demo = ready(app)
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.preset", "segment", 1).center)]})
    assert demo.params.preset == "civilized"
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.areas", "plus").center)]})
    assert demo.params.areas == 4
    ready(app)
    assert np.array_equal(demo.view.stage.data, expected(demo))
    assert link_settings(demo).params == {"preset": "civilized", "areas": 4}
    biomes = make_app("mode=demo&demo=biomes&seed=kinds&ui=panel", tmp_path)
    demo = ready(biomes)
    run(biomes, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.transitions", "segment", 0).center)]})
    assert demo.params.transitions is False
    run(biomes, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.seeds", "minus").center)]})
    assert demo.params.seeds == 91  # a logarithmic slider (1..10,000) steps a hundredth of its travel
    ready(biomes)
    assert np.array_equal(demo.view.stage.data, expected(demo))
    assert link_settings(demo).params == {"transitions": False, "seeds": 91}


def test_the_seed_is_typed_or_rolled_and_the_size_set(tmp_path):
    app = make_app("mode=demo&demo=rooms&seed=first&ui=panel", tmp_path)
    demo = ready(app)
    run(app, 4, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "seed", "field").center)],
                 1: [key(pygame.K_BACKSPACE)] * 5 + [text("seco"), text("nd")], 2: [key(pygame.K_RETURN)]})
    assert demo.seed == "second" and demo.playground.editing is None
    ready(app)
    assert np.array_equal(demo.view.stage.data, expected(demo))
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "seed", "roll").center)]})
    assert demo.seed != "second"
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "w", "plus").center)]})
    assert demo.width == 80
    ready(app)
    assert demo.view.stage.data.shape == (29, 80)
    assert (link_settings(demo).seed, link_settings(demo).width) == (demo.seed, 80)


def test_the_keyboard_picks_a_knob_steps_it_and_sets_its_default(tmp_path):
    app = make_app("mode=demo&demo=island&seed=keys&ui=panel", tmp_path)
    demo = ready(app)
    down = [key(pygame.K_DOWN)] * 3  # seed, width, height, octaves
    run(app, 2, {0: down + [key(pygame.K_RIGHT)]})
    assert demo.params.octaves == 9 and demo.stage_name == "terrain"  # the arrows are the panel's
    shift = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    run(app, 2, {0: [shift]})
    assert demo.params.octaves == 1  # ten steps down, held at the bottom of the range
    run(app, 2, {0: [key(pygame.K_HOME)]})
    assert demo.params.octaves == 8
    run(app, 2, {0: [key(pygame.K_TAB)] * 10})
    assert demo.playground.focus == 13 and demo.playground.scroll > 0  # scrolled to keep the knob in view


def test_reset_puts_every_parameter_and_the_size_back_to_the_demos_start(tmp_path):
    app = make_app("mode=demo&demo=island&seed=reset&ui=panel&w=64&p.water=0.3&p.octaves=4", tmp_path)
    demo = ready(app)
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, knob_panel.header_button(SIZE, 0).center)]})
    assert demo.params == registry.get("island").make_params(captions.demo_params(registry.get("island")))
    assert (demo.width, demo.height, demo.seed) == (88, 32, "reset")
    assert link_settings(demo).params == {} and link_settings(demo).width is None


def test_a_finger_drags_a_slider_and_scrolls_the_rows(tmp_path):
    app = make_app("mode=demo&demo=rooms&seed=touch&ui=panel", tmp_path)
    demo = ready(app)
    track = part(demo, "p.shifts", "track")
    run(app, 4, {0: [finger(pygame.FINGERDOWN, (track.left + 5, track.centery))],
                 1: [finger(pygame.FINGERMOTION, (track.right - 5, track.centery))],
                 2: [finger(pygame.FINGERUP, (track.right - 5, track.centery))]})
    assert demo.params.shifts == 16
    row = knob_panel.row_rect(SIZE, demo.playground.index("p.shifts"), demo.playground.scroll)
    before = demo.playground.scroll
    help_line = (row.centerx, row.y + 70)
    run(app, 4, {0: [finger(pygame.FINGERDOWN, help_line)],
                 1: [finger(pygame.FINGERMOTION, (help_line[0], help_line[1] - 100))],
                 2: [finger(pygame.FINGERUP, (help_line[0], help_line[1] - 100))]})
    assert demo.playground.scroll == before + 100 and demo.params.shifts == 16


def test_a_request_the_work_budget_cuts_is_named_in_the_panel_in_one_line(tmp_path, monkeypatch):
    app = make_app("mode=demo&demo=caverns&seed=cut&ui=panel&w=2000&h=2000&p.iterations=400", tmp_path)
    demo = app.top
    note, colour = demo._status()
    assert note == registry.get("caverns").budget_note(2000, 2000, demo.params) and "->" in note
    drawn = []
    monkeypatch.setattr(playground_module.knob_panel.ui, "drawn", drawn)
    demo.work.progress = None
    demo.work.done = True  # the status line is drawn once the (cut) map is made
    run(app, 1)
    assert note in [content for _, _, content in drawn] or any(c.endswith("…") and note.startswith(c[:-1])
                                                               for _, _, c in drawn)


def test_ui_panel_opens_the_panel_and_the_embed_code_carries_the_values(tmp_path):
    app = make_app("mode=demo&demo=rooms&seed=blog&ui=panel&p.loops=9&stage=loops", tmp_path)
    demo = ready(app)
    assert demo.playground.open and demo.show_ui
    code = demo.embed_code()
    query = code.split('href="', 1)[1].split('"', 1)[0].split("?", 1)[1].replace("&amp;", "&")
    settings = parse_query(query)
    assert (settings.seed, settings.stage, settings.params, settings.panel) == ("blog", "loops", {"loops": 9.0}, True)
    run(app, 2, {0: [key(pygame.K_p)]})
    settings = parse_query(demo.embed_code().split('href="', 1)[1].split('"', 1)[0].split("?", 1)[1]
                           .replace("&amp;", "&"))
    assert not settings.ui and not settings.panel  # a bare figure when the panel is closed


def test_exports_carry_the_parameters_shown(tmp_path, monkeypatch):
    from PIL import Image

    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "data"))
    app = make_app("mode=demo&demo=rooms&seed=ex&ui=panel", tmp_path)
    demo = ready(app)
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.loops", "plus").center)]})
    ready(app)
    exports = tmp_path / "data" / "exports"
    demo.export("png")
    png = Image.open(io.BytesIO((exports / "rooms-final-ex-loops4.0.png").read_bytes()))
    assert png.text["p.loops"] == "4.0" and parse_query(png.text["link"].split("?", 1)[1]).params == {"loops": 4.0}
    demo.export("tmj")
    tiled = json.loads((exports / "rooms-final-ex-loops4.0.tmj").read_text(encoding="utf-8"))
    props = {p["name"]: p["value"] for p in tiled["properties"]}
    assert props["p.loops"] == "4.0" and props["seed"] == "ex"
    assert (exports / "deepisle-tiles-16.png").is_file()  # the tileset the map names, beside it
    assert (exports / "rooms-final-ex-loops4.0.tmj").exists()


def test_compare_keeps_the_map_and_the_knobs_set_the_other(tmp_path):
    app = make_app("mode=demo&demo=rooms&seed=cmp&ui=panel", tmp_path)
    demo = ready(app)
    before = demo.view.stage.data.copy()
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, knob_panel.header_button(SIZE, 1).center)]})
    assert demo.compare is not None
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.room_attempts", "plus").center)]})
    demo = ready(app)
    assert np.array_equal(demo.compare.shown.data, before)
    assert np.array_equal(demo.view.stage.data, expected(demo))
    assert not np.array_equal(demo.view.stage.data, before)
    settings = link_settings(demo)
    assert settings.params == {} and settings.compare == {"seed": None, "params": {"room_attempts": 29}}
    left, right = compare_view.split(demo.map_area(), (demo.width, demo.height))
    assert not left.colliderect(right) and not right.colliderect(knob_panel.panel_rect(SIZE))


def test_a_compare_link_opens_both_maps_and_a_click_gives_both_a_new_seed(tmp_path):
    app = make_app("mode=demo&demo=island&seed=a&p.water=0.5&vs.p.water=0.7&ui=0", tmp_path)
    demo = ready(app)
    assert (demo.compare.params.water, demo.params.water) == (0.5, 0.7)
    assert np.array_equal(demo.compare.shown.data, expected(demo, "a", demo.compare.params))
    assert np.array_equal(demo.view.stage.data, expected(demo))
    assert to_query(demo.share_settings()).endswith("p.water=0.5&vs.p.water=0.7&ui=0")
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, (200, 200))]})
    demo = ready(app)
    assert demo.seed != "a" and demo.compare.seed == demo.seed
    seeds = make_app("mode=demo&demo=rooms&seed=a&vs.seed=b", tmp_path)
    demo = ready(seeds)
    assert (demo.compare.seed, demo.seed, demo.compare.params) == ("a", "b", demo.params)
    assert np.array_equal(demo.compare.shown.data, expected(demo, "a"))
    run(seeds, 2, {0: [key(pygame.K_v)]})
    assert demo.compare is None and demo.seed == "b"  # leaving keeps the map the knobs set


def test_the_demo_moves_the_water_line_without_rolling_the_particles_again(tmp_path):
    app = make_app("mode=demo&demo=island&seed=line&ui=panel", tmp_path)
    demo = ready(app)
    mask = demo.work.stages["mask"]
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.water", "plus").center)]})
    demo = ready(app)
    assert demo.params.water == 0.61 and demo.work.stages["mask"] is mask
    assert np.array_equal(demo.view.stage.data, expected(demo))
    run(app, 2, {0: [mouse(pygame.MOUSEBUTTONDOWN, part(demo, "p.octaves", "plus").center)]})
    demo = ready(app)
    assert demo.work.stages["mask"] is not mask and np.array_equal(demo.view.stage.data, expected(demo))


def test_an_embed_with_the_panel_is_accepted_and_its_poster_is_the_map(tmp_path):
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "web"))
    import embeds

    query = "mode=demo&demo=rooms&seed=blog&ui=panel&p.loops=9"
    settings = embeds.demo_settings(query)
    assert settings.panel and settings.params == {"loops": 9.0}
    posters = embeds.render_posters([query], tmp_path, (960, 540))
    assert (tmp_path / posters[query]).is_file()
    assert posters[query] == embeds.poster_path(embeds.demo_settings("mode=demo&demo=rooms&seed=blog&ui=0&p.loops=9"))


def test_the_embed_code_of_a_compare_view_is_the_knobs_map(tmp_path):
    app = make_app("mode=demo&demo=island&seed=a&vs.p.water=0.7&ui=panel", tmp_path)
    demo = ready(app)
    query = demo.embed_code().split('href="', 1)[1].split('"', 1)[0].split("?", 1)[1].replace("&amp;", "&")
    settings = parse_query(query)
    assert (settings.seed, settings.params, settings.compare, settings.panel) == ("a", {"water": 0.7}, None, True)
