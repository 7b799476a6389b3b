"""The stage table (worldgen/generators/captions.py): one sentence and key per stage, for every reader of it."""

import numpy as np
import pytest

from worldgen.core import legend, registry
from worldgen.core.drawing import CALLOUT_MOST
from worldgen.core.image import Change, changed_mask, framed_picture, picture
from worldgen.core.registry import GeneratorSpec, Stage
from worldgen.core.tiles import WALKABLE, T
from worldgen.generators import captions
from worldgen.tools.cli import main as cli

SPECS = registry.all_specs()
STAGES = [(spec.name, stage) for spec in SPECS for stage in spec.stages]


@pytest.fixture(scope="module")
def runs():
    """Every generator at the gallery's first seed, with its demo parameters."""
    return {spec.name: registry.generate(spec.name, "deepisle", params=captions.demo_params(spec)) for spec in SPECS}


def test_every_stage_of_every_generator_has_its_own_row():
    for spec in SPECS:
        assert spec.name in captions.NOTES, spec.name
        assert set(captions.NOTES[spec.name].stages) == set(spec.stages), spec.name
        titles = [captions.note(spec, s).title for s in spec.stages]
        assert len(set(titles)) == len(titles), titles


@pytest.mark.parametrize("gen, stage", STAGES)
def test_every_sentence_fills_with_and_without_the_stages_facts(runs, gen, stage):
    spec = registry.get(gen)
    bare = captions.sentence(spec, stage)
    full = captions.sentence(spec, stage, captions.demo_params(spec), runs[gen].stages[stage].info)
    for text in (bare, full):
        assert "{" not in text and "<" not in text and text.endswith(".") and 40 <= len(text) <= 140, text
    assert len(full) >= len(bare)


def test_sentences_carry_the_sources_numbers(runs):
    island, rooms = registry.get("island"), registry.get("rooms")
    plain = runs["island"].stages["mask_plain"]
    assert "3000 of life 50" in captions.sentence(island, "mask_plain", captions.demo_params(island), plain.info)
    assert "3000 of life 50" in captions.sentence(island, "mask_plain")  # worked out from the size, as the run does
    assert "(" not in captions.sentence(rooms, "dead_ends")  # unknown until the stage is made: left out
    assert "60%" in captions.sentence(island, "terrain", {"water": 0.6})
    assert "70%" in captions.sentence(island, "terrain", {"water": 0.7})
    filled = runs["rooms"].stages["dead_ends"].info["filled"]
    assert f"({filled} tinted)" in captions.sentence(rooms, "dead_ends", None, {"filled": filled})
    assert "rectangles" in captions.sentence(registry.get("mosaic"), "mask", {"preset": "civilized"})


def test_every_generator_credits_the_post_it_follows():
    expected = {"island": "Alvarez-Buylla", "biomes": "trihex", "caverns": "RogueLike N7", "mosaic": "riidom",
                "rooms": "Jacob Wharton"}
    for spec in SPECS:
        assert expected[spec.name] in captions.credit(spec) and captions.credit(spec).startswith("after ")


def test_checks_are_not_counted_as_steps():
    mosaic = registry.get("mosaic")
    assert captions.steps(mosaic) == ("mask", "styles", "water", "final")
    assert captions.counter(mosaic, "final") == "4/4" and captions.counter(mosaic, "reachability") == "check"
    assert captions.heading(mosaic, "reachability") == "Mosaic of styles · check: Reachability"
    assert captions.heading(registry.get("island"), "mask_plain") == "Island · 3/6 Rolling particles"


def test_demo_parameters_are_the_island_posts_and_a_link_overrides_them():
    island = registry.get("island")
    assert captions.demo_params(island) == {"mask_scale": 1, "batches": 20}
    assert captions.demo_params(island, {"mask_scale": 0}) == {"mask_scale": 0, "batches": 20}
    assert captions.demo_params(registry.get("rooms"), {"loops": 2}) == {"loops": 2}


def test_a_generator_without_a_row_gets_plain_notes():
    spec = GeneratorSpec("plainly", "Plainly", "a test generator", ("a", "b_c"), registry.get("rooms").params,
                         lambda *a: iter(()), (20, 20))
    assert captions.note(spec, "b_c").title == "b c" and captions.sentence(spec, "a") == "a test generator"
    assert captions.credit(spec) == "" and captions.counter(spec, "b_c") == "2/2" and captions.demo_params(spec) == {}
    assert captions.caption(spec, "a") == "Plainly · 1/2 a: a test generator"


def test_the_embed_caption_is_the_heading_sentence_and_credit():
    rooms = registry.get("rooms")
    text = captions.caption(rooms, "doors")
    assert text.startswith(captions.heading(rooms, "doors") + ": " + captions.sentence(rooms, "doors"))
    assert text.endswith('After “Softly Into the Night” by Jacob Wharton (after Brogue).')


@pytest.mark.parametrize("gen, stage, was, became", [
    ("rooms", "dead_ends", "walkable", {T.wall}),
    ("rooms", "loops", {T.wall}, "walkable"),
    ("caverns", "connected", {T.wall}, {T.floor}),
    ("caverns", "labyrinth", {T.wall}, {T.floor}),
])
def test_a_stage_tints_exactly_the_cells_it_changed_so(runs, gen, stage, was, became):
    spec = registry.get(gen)
    stages = runs[gen].stages
    (change,) = captions.changes_of(spec, stage)
    before, after = captions.before(spec, stages, stage).data, stages[stage].data
    ok = lambda tiles, want: WALKABLE[tiles] if want == "walkable" else np.isin(tiles, list(want))  # noqa: E731
    expected = (before != after) & ok(before, was) & ok(after, became)
    mask = changed_mask(captions.before(spec, stages, stage), stages[stage], change)
    assert expected.any() and np.array_equal(mask, expected)


def test_the_clean_up_tints_its_lone_tiles(runs):
    spec, stages = registry.get("biomes"), runs["biomes"].stages
    (change,) = captions.changes_of(spec, "terrain")
    mask = changed_mask(stages["transitions"], stages["terrain"], change)
    assert np.count_nonzero(mask) == stages["terrain"].info["lone_fixed"] > 0


@pytest.mark.parametrize("gen, stage", [("caverns", "connected"), ("rooms", "dead_ends")])
def test_tinted_cells_change_colour_in_the_frame_and_many_change_nothing_else(runs, gen, stage):
    spec, stages = registry.get(gen), runs[gen].stages
    h, w = stages[stage].data.shape
    framed = captions.framed(spec, stages, stage, w * 5, h * 5)  # 5 pixels a tile, exactly
    plain = framed_picture(stages[stage], w * 5, h * 5)
    unmarked = framed_picture(Stage(stage, stages[stage].data), w * 5, h * 5)
    marked = np.any(plain != unmarked, axis=2)
    mask = changed_mask(captions.before(spec, stages, stage), stages[stage], captions.changes_of(spec, stage)[0])
    differs = np.any(framed != plain, axis=2)
    cells = np.repeat(np.repeat(mask, 5, axis=0), 5, axis=1)
    assert mask.any() and np.all(differs[cells & ~marked])
    if mask.sum() > CALLOUT_MOST:
        assert not differs[~cells].any()  # no rings around many cells: only they change
    else:
        assert differs[~cells].any()  # a few cells are ringed as well


def test_few_changed_cells_are_ringed_so_they_are_found(runs):
    spec, stages = registry.get("biomes"), runs["biomes"].stages
    framed = captions.framed(spec, stages, "terrain", 500, 500)
    plain = framed_picture(stages["terrain"], 500, 500)
    ring = np.all(framed == legend.CHANGE_COLOURS["changed"], axis=2) & np.any(plain != framed, axis=2)
    assert ring.sum() > 3 * 25  # the rings, far more pixels than the 3 cells at 5 pixels a side


def test_cli_legend_says_the_stage_sentence_and_credit(tmp_path, capsys):
    out = tmp_path / "key.png"
    assert cli(["rooms", "--seed", "deepisle", "--stage", "dead_ends", "--legend", "--out", str(out)]) == 0
    capsys.readouterr()
    import pygame
    rgb = pygame.surfarray.array3d(pygame.image.load(str(out))).transpose(1, 0, 2)
    spec = registry.get("rooms")
    run = registry.generate("rooms", "deepisle", stage="dead_ends")
    key = captions.key(spec, run.stages, "dead_ends")
    assert key.lines[0].startswith("Rooms (Brogue-style accretion) · 3/5 Dead ends: Dead ends filled")
    assert key.lines[1] == captions.credit(spec)
    assert np.array_equal(rgb, picture(run.stages["dead_ends"], key, run.stages["doors"]))
    labels = [e.label for e in key.entries]
    assert labels[:2] == ["floor", "wall"] and any(label.startswith("dead end filled ") for label in labels)
    lit = np.all(rgb[29:] == legend.TEXT, axis=2)
    word = legend.text_mask("wharton")
    assert any(np.array_equal(lit[y:y + 5, x:x + word.shape[1]], word)
               for y in range(lit.shape[0] - 4) for x in range(lit.shape[1] - word.shape[1] + 1))


def test_a_layer_stages_key_names_its_grey_scale():
    spec = registry.get("island")
    run = registry.generate("island", "deepisle", stage="mask_plain")
    key = captions.key(spec, run.stages, "mask_plain")
    assert key.entries[0] == legend.Entry("no particle to most particles", (0, 0, 0), "ramp")


def test_a_change_rule_matches_any_tile_when_left_open():
    before = Stage("a", np.array([[10, 11]], np.uint8))
    after = Stage("b", np.array([[11, 11]], np.uint8))
    assert changed_mask(before, after, Change("x")).tolist() == [[True, False]]
    assert changed_mask(before, after, Change("x", was=frozenset({11}))).tolist() == [[False, False]]
    assert changed_mask(None, after, Change("x")) is None
    assert changed_mask(Stage("c", np.zeros((2, 2), np.uint8)), after, Change("x")) is None


def test_seeds_are_drawn_as_dots_wider_than_their_tiles(runs):
    """100 seed tiles on a blank 100x100 map, 5 pixels a tile: each a dot of DOT_PX, outlined."""
    from worldgen.core.drawing import DOT_PX

    seeds = runs["biomes"].stages["seeds"]
    framed = framed_picture(seeds, 500, 500)
    lit = np.any(framed != 0, axis=2).sum()
    assert lit >= 100 * DOT_PX * DOT_PX * 0.7 > 100 * 25
    dense = seeds.data.copy()
    dense[::2] = 4  # half the map grass: not sparse, so no dots
    assert np.any(framed_picture(Stage("s", dense), 500, 500)[1::5, 1::5] != framed_picture(
        Stage("s", dense), 500, 500)[::5, ::5], axis=2).sum() == 0  # every tile one flat 5x5 square


@pytest.mark.parametrize("side, shaped", [(960, True), (79, False)])
def test_markers_have_their_shape_once_a_tile_is_wide_enough(runs, side, shaped):
    final = runs["rooms"].stages["final"]
    framed = framed_picture(final, side, side * 29 // 79 + 1)
    exit_px = np.all(framed == legend.POINT_COLOURS["exit"], axis=2).sum()
    assert (exit_px >= 30) if shaped else (exit_px == 1)


def test_a_map_is_drawn_whole_below_one_and_a_half_pixels_a_tile_and_fractional_from_there():
    from worldgen.core.drawing import fitted_size, picture_scale

    assert picture_scale(100, 100, 149, 149) == 1.0  # 1.49: whole pixels
    assert picture_scale(100, 100, 150, 150) == 1.5
    assert picture_scale(100, 100, 99, 400) == 0.99  # smaller than the map: sampled down
    assert picture_scale(100, 50, 1000, 250) == 5.0  # the narrower side decides
    assert fitted_size(88, 32, 960, 540) == (960, 349)


@pytest.mark.parametrize("cells, ringed", [(CALLOUT_MOST, True), (CALLOUT_MOST + 1, False)])
def test_a_change_of_a_dozen_cells_or_fewer_is_ringed(cells, ringed):
    before = Stage("a", np.full((20, 40), T.floor, np.uint8))
    after = np.full((20, 40), T.floor, np.uint8)
    after.ravel()[np.arange(cells) * 29 % 800] = T.wall
    change = (Change("filled", "changed", frozenset(), frozenset({T.wall})),)
    drawn = framed_picture(Stage("b", after), 400, 200, before, change)
    tint = np.all(drawn == legend.CHANGE_COLOURS["changed"], axis=2)
    assert tint.any() == ringed  # the rings are the tint's pure colour; a tinted cell is a blend


@pytest.mark.parametrize("extra, dots", [(0, True), (1, False)])
def test_only_a_sparse_map_is_drawn_with_dots(extra, dots):
    from worldgen.core.drawing import SPARSE_SHARE

    tiles = np.zeros((50, 50), np.uint8)
    n = int(SPARSE_SHARE * tiles.size) + extra
    tiles.ravel()[np.arange(n) * 37 % tiles.size] = T.grass
    drawn = framed_picture(Stage("s", tiles), 250, 250)  # 5 pixels a tile
    lit = np.any(drawn != 0, axis=2).sum()
    assert (lit > n * 25) == dots


# The filling rules, stated on exact strings (the demo's ramp labels and any template go through ``fill``).

def test_fill_gives_the_size_as_w_and_h_defaulting_to_the_generators():
    island = registry.get("island")
    assert captions.fill(island, "{w}x{h}") == "88x32"
    assert captions.fill(island, "{w}x{h}", size=(44, 16)) == "44x16"


def test_fill_leaves_out_an_angle_bracketed_part_until_its_facts_are_known():
    rooms = registry.get("rooms")
    assert captions.fill(rooms, "{p.shifts} shifts< ({info[filled]} filled)>.") == "4 shifts."
    assert captions.fill(rooms, "{p.shifts} shifts< ({info[filled]} filled)>.", {"shifts": 9},
                         {"filled": 12}) == "9 shifts (12 filled)."


def test_fill_keeps_a_lone_angle_bracket_as_text():
    biomes = registry.get("biomes")
    assert captions.fill(biomes, "<- {p.seeds} seeds") == "<- 100 seeds"
    assert captions.fill(biomes, "{p.seeds} seeds ->") == "100 seeds ->"


def test_fill_names_the_mosaic_presets_shapes():
    mosaic = registry.get("mosaic")
    assert captions.fill(mosaic, "{kinds}") == "ellipses and triangles"  # the default preset is wild
    assert captions.fill(mosaic, "{kinds}", {"preset": "wild"}) == "ellipses and triangles"
    assert captions.fill(mosaic, "{kinds}", {"preset": "civilized"}) == "rectangles and triangles"


def test_fill_gives_the_islands_particles_from_its_parameters_or_its_size():
    island, roll = registry.get("island"), "{roll[particles]} of life {roll[life]}, {roll[margin]} in"
    assert captions.fill(island, roll) == "3000 of life 50, 12 in"  # the post's 88x32
    assert captions.fill(island, roll, size=(44, 16)) == "750 of life 25, 6 in"  # worked out from the size
    assert captions.fill(island, roll, {"particles": 1234, "life": 7, "margin": 3}) == "1234 of life 7, 3 in"


SHARES = "{share[0]:.0%} {share[1]:.0%} {share[2]:.0%} {share[3]:.0%} {share[4]:.0%}"


@pytest.mark.parametrize("weights, said", [
    ({}, "30% 25% 20% 10% 15%"),  # the defaults sum to 1
    ({"grass": 0.5, "forest": 0.5, "water": 1.0, "mountain": 0.0, "desert": 0.0}, "25% 25% 50% 0% 0%"),
    ({"grass": 0.1, "forest": 0.0, "water": 0.0, "mountain": 0.0, "desert": 0.1}, "50% 0% 0% 0% 50%"),
    ({"grass": 0.0, "forest": 0.0, "water": 0.0, "mountain": 0.0, "desert": 0.0}, "20% 20% 20% 20% 20%"),  # equal
])
def test_fill_gives_the_biomes_seed_weights_as_shares_of_their_sum(weights, said):
    assert captions.fill(registry.get("biomes"), SHARES, weights) == said


def test_a_stage_the_table_lacks_is_named_by_its_words_and_told_by_the_summary():
    rooms = registry.get("rooms")
    assert captions.note(rooms, "not_a_real_stage") == captions.StageNote("not a real stage", rooms.summary)


def test_a_stages_first_step_says_its_start_sentence_only_when_asked():
    caverns = registry.get("caverns")
    assert captions.sentence(caverns, "automata", start=True) == "Random fill: 45% of each submap’s cells are wall."
    assert captions.sentence(caverns, "automata", {"fill": 0.5}, start=True).startswith("Random fill: 50% ")
    assert captions.sentence(caverns, "automata").startswith("Random fill, then 100 times: wall if more than 4 ")
    # a stage with no start sentence says its own sentence for its first step too
    assert captions.sentence(caverns, "labyrinth", start=True) == captions.sentence(caverns, "labyrinth")
    assert captions.sentence(caverns, "labyrinth", start=True).startswith("A labyrinth from the player’s submap")


def test_a_sentence_is_worked_out_at_the_size_it_is_given():
    island = registry.get("island")
    assert captions.sentence(island, "mask_plain", size=(44, 16)).startswith("Rolling particles (750 of life 25) ")


def test_an_embed_caption_follows_its_parameters_and_size():
    island = registry.get("island")
    assert captions.caption(island, "mask_plain", {"life": 9}, (44, 16)) == (
        "Island · 3/6 Rolling particles: Rolling particles (750 of life 9) add 1 where they stand and roll downhill; "
        "multiplied in, this mask makes islands too boxy. "
        "After “World Generation Breakdown” by Ebyan Alvarez-Buylla (Dance of Death, 2016).")


def test_the_first_stage_has_no_stage_before_it(runs):
    for spec in SPECS:
        stages = runs[spec.name].stages
        assert captions.before(spec, stages, spec.stages[0]) is None, spec.name
        assert captions.before(spec, stages, spec.stages[1]) is stages[spec.stages[0]], spec.name


def test_a_key_says_the_stages_parameters_facts_and_size(runs):
    mosaic = registry.get("mosaic")
    five = registry.generate("mosaic", "deepisle", params={"areas": 5}, stage="mask")
    key = captions.key(mosaic, five.stages, "mask", {"areas": 5})
    assert "added modulo 5 areas" in key.lines[0] and key.ramp == ("area 0 (border)", "area 5")
    assert key.entries[0].label == "area 0 (border) to area 5"
    rooms, stages = registry.get("rooms"), runs["rooms"].stages
    filled = stages["dead_ends"].info["filled"]
    assert f"({filled} tinted)" in captions.key(rooms, stages, "dead_ends").lines[0]
    island = registry.get("island")
    small = registry.generate("island", "deepisle", 44, 16, params=captions.demo_params(island), stage="mask_plain")
    key = captions.key(island, small.stages, "mask_plain", captions.demo_params(island), (44, 16))
    assert "Rolling particles (750 of life 25) " in key.lines[0]


def test_a_keys_grey_scale_fills_both_its_ends(monkeypatch):
    rooms = registry.get("rooms")
    spec = GeneratorSpec("plainly", "Plainly", "a test generator", ("a",), rooms.params, lambda *a: iter(()), (4, 4))
    row = captions.Notes(None, {"a": captions.StageNote("A", "A layer.", ramp=("{p.shifts} low", "{w} high"))})
    monkeypatch.setitem(captions.NOTES, "plainly", row)
    layer = Stage("a", np.linspace(0, 1, 16, dtype=np.float32).reshape(4, 4), "layer")
    assert captions.key(spec, {"a": layer}, "a", {"shifts": 3}).ramp == ("3 low", "4 high")


def test_tile_names_become_their_ids():
    assert captions._ids("wall", "floor") == frozenset({T.wall, T.floor})
    assert captions._ids() == frozenset()


def test_a_demo_link_names_only_the_parameters_that_differ_from_the_demos_start():
    island, rooms = registry.get("island"), registry.get("rooms")
    start = captions.demo_params(island)
    assert captions.link_params(island, island.make_params(start)) == {}
    # the game's defaults differ from the demo's start where the demo sets one, in the spec's order
    assert list(captions.link_params(island, island.make_params()).items()) == [("batches", 1), ("mask_scale", 0)]
    assert captions.link_params(island, island.make_params({**start, "water": 0.7})) == {"water": 0.7}
    assert captions.link_params(island, island.make_params({**start, "water": 0.6})) == {}  # the default
    assert captions.link_params(rooms, rooms.make_params()) == {}
    assert captions.link_params(rooms, rooms.make_params({"loops": 2, "shifts": 4})) == {"loops": 2.0}
