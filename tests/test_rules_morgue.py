"""The morgue file (``game.rules.play.morgue``): its head, each section's lines
(and "none" for an empty one), items named as the player knows them, kills
by kind, the last messages, and the map of the last level as it was seen."""

import numpy as np

from game.rules.persistence import score
from game.rules.content import BACKGROUNDS, ITEMS, MONSTER_BY_ID, PERK_BY_ID
from game.rules.creatures.entities import FloorItem
from game.rules.creatures.identify import display_name
from game.rules.world.location import LocationData, SiteData, WorldMap
from game.rules.play.morgue import LAST_MESSAGES, MAP_HEIGHT, MAP_WIDTH, SECTIONS, ascii_map, cause_of_end, morgue_text
from game.rules.run import Game
from worldgen.core.tiles import GLYPHS, T

from creatures import level_of, put, run_on

ROOM = """\
#######
#.....#
#.....#
#######"""


def section(text: str, title: str) -> list[str]:
    """The lines of one section (without its title and underline)."""
    lines = text.splitlines()
    start = lines.index(title) + 2
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def test_the_head_names_the_world_score_end_place_turns_and_level():
    g = run_on()
    g.daily, g.turn, g.player.level = "2026-11-27", 321, 4
    g.dead, g.killer = True, "rat"
    lines = morgue_text(g).splitlines()
    assert lines[:8] == [
        "Deepisle morgue file", "=" * 20, f"Name:    explorer of {g.name}",
        f"World:   {g.name} (small dungeons), the daily world of 2026-11-27", f"Score:   {score.score(g)}",
        f"Outcome: killed by a rat, on depth 1 of site 1, {g.loc.name}", "Turns:   321", "Level:   4"]
    g.daily = ""
    assert morgue_text(g).splitlines()[3] == f"World:   {g.name} (small dungeons)"
    assert morgue_text(g).endswith("\n") and not morgue_text(g).endswith("\n\n")


def test_the_end_of_a_run_reads_as_a_sentence():
    g = run_on()
    assert cause_of_end(g) == "still playing"
    g.dead, g.killer = True, "poison"
    assert cause_of_end(g) == "died of poison"
    g.won = True
    assert cause_of_end(g) == "won: carried the last relic out of the deep"


def test_the_place_is_the_overworld_outside_a_site_and_the_world_before_a_location():
    g = run_on()
    g.mode, g.site = "overworld", None
    assert f"on the overworld of {g.loc.name}" in morgue_text(g)
    g.mode, g.site = "dungeon", None
    assert f"on the overworld of {g.loc.name}" in morgue_text(g)
    g.mode, g.site, g.depth = "dungeon-loading", 1, 3
    assert f"on depth 3 of site 2, {g.loc.name}" in morgue_text(g)
    fresh = Game(WorldMap("Avalon"), "small", 1)
    assert f"on the overworld of {fresh.name}" in morgue_text(fresh)


def test_every_section_is_titled_underlined_and_says_none_when_empty():
    g = run_on(level_of(ROOM))
    g.level.seen[:] = False
    g.pos = (-5, -5)
    text = morgue_text(g)
    for title, _ in SECTIONS:
        assert f"\n\n{title}\n{'-' * len(title)}\n" in text
    assert section(text, "Background and perks") == ["  none"] and section(text, "Map of the last level") == ["  none"]


def test_the_character_is_its_background_perks_in_order_and_allies():
    g = run_on()
    bg = BACKGROUNDS[1]
    g.player.background, g.player.perks = bg.id, ["fleet", "vigour"]
    ally = put(g, "rat", 3, 1, ally=True)
    ally.level = 3
    assert section(morgue_text(g), "Background and perks") == [
        f"  Background: {bg.name}", f"  Perk: {PERK_BY_ID['fleet'].name} ({PERK_BY_ID['fleet'].note})",
        f"  Perk: {PERK_BY_ID['vigour'].name} ({PERK_BY_ID['vigour'].note})", f"  Ally: {ally.kind.name}, level 3"]


def test_the_stats_show_hp_never_below_zero_and_the_statuses_by_name():
    g = run_on()
    p = g.player
    p.hp, p.statuses = -3, {"slowed": 4, "confused": 2}
    g.relics, g.deepest = {0, 1}, 5
    assert section(morgue_text(g), "Stats") == [
        f"  HP 0/{p.max_hp}   attack {p.attack}   defence {p.defence}   speed {p.speed}",
        f"  Experience level {p.level} ({p.xp} xp)   deepest 5   relics 2",
        "  Statuses: confused (2), slowed (4)"]
    p.hp, p.statuses = 1, {}
    assert section(morgue_text(g), "Stats")[0].startswith("  HP 1/") and len(section(morgue_text(g), "Stats")) == 2


def test_the_equipment_is_named_as_the_player_knows_it_and_an_empty_slot_says_nothing():
    g = run_on()
    weapon = next(k for k in ITEMS if k.kind == "weapon")
    unknown = next(k for k in ITEMS if not k.identified_by_default and not k.known)
    g.player.weapon, g.player.swap, g.player.armour = weapon.id, unknown.id, None
    assert section(morgue_text(g), "Equipment") == [
        f"  Weapon: {display_name(g, weapon)}", f"  Ready to swap: {display_name(g, unknown)}", "  Armour: nothing"]
    assert display_name(g, unknown) != unknown.name  # its look, not its true name


def test_identified_kinds_are_listed_by_their_true_names_in_order():
    g = run_on()
    kinds = [k for k in ITEMS if not k.identified_by_default][:3]
    g.known = {k.id for k in kinds} | {"no_such_item"}
    assert section(morgue_text(g), "Items identified") == [f"  {n}" for n in sorted(k.name for k in kinds)]


def test_kills_are_listed_most_first_then_by_kind_with_the_total():
    g = run_on()
    a, b, c = sorted(MONSTER_BY_ID)[:3]
    g.slain, g.kills = {c: 2, b: 5, a: 2, "gone_kind": 1}, 10
    assert section(morgue_text(g), "Kills by kind") == [
        f"      5  {MONSTER_BY_ID[b].name}", f"      2  {MONSTER_BY_ID[a].name}", f"      2  {MONSTER_BY_ID[c].name}",
        "      1  gone_kind", "     10  in all"]
    g.slain, g.kills = {}, 0
    assert section(morgue_text(g), "Kills by kind") == ["  none"]


def test_the_last_messages_are_the_last_few_with_their_turns():
    g = run_on()
    for i in range(LAST_MESSAGES + 5):
        g.turn = i
        g.say(f"line {i}")
    lines = section(morgue_text(g), "Last messages")
    assert len(lines) == LAST_MESSAGES and lines[-1] == f"  turn {LAST_MESSAGES + 4:>6}  line {LAST_MESSAGES + 4}"
    assert lines[0] == "  turn      5  line 5"


def test_the_map_of_a_level_is_what_was_seen_cut_to_it_with_items_and_monsters_in_view():
    g = run_on(level_of(ROOM), pos=(2, 1))
    put(g, "rat", 3, 1)
    put(g, "rat", 4, 2)  # out of view: not drawn
    kind = next(k for k in ITEMS if k.kind == "potion")
    g.level.items += [FloorItem(1, kind, 4, 1), FloorItem(2, kind, 5, 1)]  # the second never seen
    g.level.seen[:] = False
    g.level.seen[0:3, 1:5] = True  # rows 0 to 2, columns 1 to 4
    g.level.visible[:] = False
    g.level.visible[1, 3] = True
    rows = [[str(GLYPHS[g.level.tiles[y, x]]) for x in range(1, 5)] for y in range(3)]
    rows[1][1:4] = ["@", MONSTER_BY_ID["rat"].glyph, kind.glyph]
    assert ascii_map(g) == ["".join(r).rstrip() for r in rows]


def test_the_map_leaves_out_what_was_never_seen_and_trims_the_right():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.level.visible[:] = False
    g.level.seen[:] = False
    g.level.seen[1, 1:3] = True
    g.level.seen[2, 1] = True
    assert ascii_map(g) == ["@" + str(GLYPHS[g.level.tiles[1, 2]]), str(GLYPHS[g.level.tiles[2, 1]])]


def overworld(h: int, w: int, pos) -> Game:
    g = Game(WorldMap("Avalon"), "small", 1)
    tiles = np.full((h, w), T.grass, dtype=np.uint8)
    tiles[0, :] = T.deep_water
    g.loc = LocationData(0, "Testshire", tiles, [SiteData(0, 2, 1, int(T.grass), "Avalon:0:0")], (1, 1))
    g.pending, g.pos = None, pos
    return g


def test_the_overworld_map_shows_the_sites_and_the_player_cut_around_them():
    g = overworld(4, 5, (1, 2))
    grass, water = str(GLYPHS[T.grass]), str(GLYPHS[T.deep_water])
    assert ascii_map(g) == [water * 5, grass * 2 + "*" + grass * 2, grass + "@" + grass * 3, grass * 5]


def test_a_large_overworld_is_cut_to_the_map_size_around_the_player():
    h, w = MAP_HEIGHT * 3, MAP_WIDTH * 3
    px, py = MAP_WIDTH + 7, MAP_HEIGHT + 5
    g = overworld(h, w, (px, py))
    lines = ascii_map(g)
    assert len(lines) == MAP_HEIGHT and all(len(line) == MAP_WIDTH for line in lines)
    assert lines[MAP_HEIGHT // 2][MAP_WIDTH // 2] == "@"
    corner = overworld(h, w, (0, 0))
    lines = ascii_map(corner)
    assert len(lines) == MAP_HEIGHT // 2 and len(lines[0]) == MAP_WIDTH // 2 and lines[0][0] == "@"


def test_the_map_of_a_player_off_the_map_leaves_the_player_out():
    for pos in ((9, 9), (9, 1), (1, 9), (5, 1), (1, 4), (-1, 1), (1, -1)):  # the map is 5 wide, 4 high
        g = overworld(4, 5, pos)
        g.pos = pos
        assert "@" not in "".join(ascii_map(g)), pos


def test_the_players_cell_is_on_the_map_even_unseen():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.level.visible[:] = False
    g.level.seen[:] = False
    g.level.seen[2, 3] = True
    lines = ascii_map(g)
    assert lines[0] == "@" and lines[1] == "  " + str(GLYPHS[g.level.tiles[2, 3]])
    edge = overworld(4, 5, (0, 3))
    assert ascii_map(edge)[-1][0] == "@"
    edge = overworld(4, 5, (4, 0))
    assert ascii_map(edge)[0][-1] == "@"


def test_drawing_the_map_leaves_what_the_level_remembers_as_it_was():
    g = run_on(level_of(ROOM), pos=(1, 1))
    g.level.seen[:] = False
    g.level.seen[2, 3] = True
    before = g.level.seen.copy()
    ascii_map(g)
    assert (g.level.seen == before).all()  # the player's cell is drawn, not marked seen


def test_no_map_without_a_place():
    assert ascii_map(Game(WorldMap("Avalon"), "small", 1)) == []
    g = run_on()
    g.mode = "overworld"
    g.loc = None
    assert ascii_map(g) == []
