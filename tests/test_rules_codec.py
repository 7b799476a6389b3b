"""The save body (``game.rules.persistence.codec``), field by field: each value written
comes back as it was, and each hostile value is clamped to its documented
range (or dropped), and the clamps are named to the player.  (A level's
snapshot is ``game.rules.persistence.snapshot``'s.)"""

import pytest

from game.rules.persistence import codec
from game.rules.persistence.codec import player_from_json, player_to_json, run_from_json, run_to_json
from game.rules.persistence.reading import BIG, clamp_int
from game.rules.content import ITEM_BY_ID, MAX_STATUS_TURNS, MONSTER_BY_ID
from game.rules.creatures.energy import ACTION_COST, Energy
from game.rules.creatures.entities import MAX_INVENTORY, Monster, Player
from game.rules.world.location import WorldMap
from game.rules.text.log import MAX_LOG, MAX_TEXT, Message
from game.rules.state import LocationRequest, RunState
from worldgen.generators.world import SITES_PER_LOCATION as SITES

WORLD = WorldMap("Codecland", "small")
N = WORLD.n_locations


# -- the player ----------------------------------------------------------------------------------
def a_player() -> Player:
    """A player with every saved field away from a new player's value."""
    p = Player(max_hp=77, base_attack=9, base_defence=4, level=6, xp=321, weapon="mace", armour="leather",
               swap="dagger", inventory=["potion", "potion", "dagger"], regen_counter=3,
               statuses={"poisoned": 4, "hasted": 2}, energy=Energy(37))
    p.hp, p.background, p.perks, p.perks_owed = 50, "adept", ["vigour", "lucky", "vigour"], 2
    return p


def test_every_player_field_round_trips():
    p = a_player()
    back = player_from_json(player_to_json(p))
    assert player_to_json(back) == player_to_json(p)
    assert (back.hp, back.max_hp, back.base_attack, back.base_defence, back.level, back.xp) == (50, 77, 9, 4, 6, 321)
    assert (back.weapon, back.armour, back.inventory, back.regen_counter) == ("mace", "leather", p.inventory, 3)
    assert back.statuses == {"hasted": 2, "poisoned": 4}


def test_the_player_keeps_the_weapon_ready_to_swap():
    assert player_from_json(player_to_json(a_player())).swap == "dagger"


def test_the_player_keeps_their_energy():
    assert player_from_json(player_to_json(a_player())).energy.value == 37


def test_the_player_keeps_their_background_and_perks_in_order_and_the_choices_owed():
    back = player_from_json(player_to_json(a_player()))
    assert (back.background, back.perks, back.perks_owed) == ("adept", ["vigour", "lucky", "vigour"], 2)


def test_a_new_player_writes_no_field_at_a_new_players_value():
    assert not {"statuses", "energy", "background", "perks", "perks_owed", "swap"} & set(player_to_json(Player()))


NEW = Player()


@pytest.mark.parametrize(("field", "attr", "value", "expected"), [
    ("max_hp", "max_hp", 0, 1), ("max_hp", "max_hp", 10**9, 100_000), ("max_hp", "max_hp", "x", NEW.max_hp),
    ("atk", "base_attack", -5, 0), ("atk", "base_attack", 10**6, 10_000), ("atk", "base_attack", None, NEW.base_attack),
    ("def", "base_defence", -5, 0), ("def", "base_defence", 10**6, 10_000), ("def", "base_defence", [], NEW.base_defence),
    ("level", "level", 0, 1), ("level", "level", 5000, 1000), ("level", "level", True, NEW.level),
    ("xp", "xp", -1, 0), ("xp", "xp", 10**12, 10**9), ("xp", "xp", float("nan"), NEW.xp),
    ("regen", "regen_counter", -1, 0), ("regen", "regen_counter", 10**6, 1000), ("regen", "regen_counter", "?", 0),
    ("weapon", "weapon", "leather", None), ("weapon", "weapon", "nothing", None), ("weapon", "weapon", 3, None),
    ("weapon", "weapon", "spear", "spear"),
    ("armour", "armour", "dagger", None), ("armour", "armour", "cloak", "cloak"), ("armour", "armour", [], None),
    ("swap", "swap", "leather", None), ("swap", "swap", "nothing", None), ("swap", "swap", 3, None),
    ("swap", "swap", "spear", "spear"),
], ids=lambda v: str(v)[:12])
def test_each_player_number_and_gear_is_clamped(field, attr, value, expected):
    assert getattr(player_from_json({field: value}), attr) == expected


def test_hp_is_clamped_to_1_and_max_hp_and_defaults_to_full():
    assert player_from_json({"max_hp": 20, "hp": 0}).hp == 1
    assert player_from_json({"max_hp": 20, "hp": 500}).hp == 20
    assert player_from_json({"max_hp": 20}).hp == 20
    assert player_from_json({"max_hp": 20, "hp": 19}).hp == 19


def test_the_pack_holds_known_items_never_a_prize_and_fits():
    pack = ["potion", "nothing", 7, "treasure", "relic", "dagger"] + ["long_sword"] * 30
    p = player_from_json({"inventory": pack})
    assert p.inventory[:2] == ["potion", "dagger"]
    assert len(p.inventory) == MAX_INVENTORY and set(p.inventory[2:]) == {"long_sword"}
    assert player_from_json({"inventory": "potion"}).inventory == []


def test_statuses_are_known_ones_of_1_to_99_turns_at_most_16_read():
    p = player_from_json({"statuses": {"poisoned": 10**6, "burning": 0, "cursed": 5, "slowed": "x"}})
    assert p.statuses == {"poisoned": MAX_STATUS_TURNS, "burning": 1, "slowed": 1}
    many = {f"junk{i}": 1 for i in range(16)} | {"hasted": 3}
    assert player_from_json({"statuses": many}).statuses == {}  # only the first 16 entries are read
    assert player_from_json({"statuses": [1, 2]}).statuses == {}


def test_the_players_energy_is_clamped():
    assert [player_from_json({"energy": v}).energy.value for v in (-10_001, 10_001, "x", -10_000, 10_000)] == \
        [-10_000, 10_000, ACTION_COST, -10_000, 10_000]


@pytest.mark.parametrize("value", ["necromancer", 7, None, ["adept"]])
def test_the_players_background_is_a_known_one_or_none(value):
    assert player_from_json({"background": value}).background == ""


def test_the_players_perks_are_known_ones_each_at_most_as_often_as_it_may_be_held():
    perks = ["lucky", "lucky", "nope", 3, None, "vigour", "vigour", "fleet", "vigour", "vigour"]
    assert player_from_json({"perks": perks}).perks == ["lucky", "vigour", "vigour", "fleet", "vigour"]
    assert player_from_json({"perks": "lucky"}).perks == []
    assert player_from_json({"perks": ["nope"] * codec.MAX_PERKS + ["lucky"]}).perks == []


@pytest.mark.parametrize("value, expect", [(50, 2), (-1, 0), ("x", 0), (1, 1), (2, 2)])
def test_the_perks_owed_are_clamped_below_the_players_level(value, expect):
    assert player_from_json({"level": 3, "perks_owed": value}).perks_owed == expect


def test_a_player_that_is_not_a_dict_is_refused():
    with pytest.raises(TypeError) as refused:
        player_from_json(["hp", 3])
    assert str(refused.value) == "the player is not a dict"


# -- the run -------------------------------------------------------------------------------------
def a_run() -> RunState:
    """A run with every saved field away from its new-game value."""
    run = RunState(WORLD, "small", 987654321)
    run.turn, run.unlocked, run.location = 4321, 4, 2
    run.cleared = {0: {1, 3}, 2: {0}}
    run.over_pos = {0: (5, 6), 2: (7, 8)}
    run.kills, run.deepest = 17, 6
    run.known = {"potion_speed", "wand_fire"}
    run.relics = {0, 1}
    run.log = [Message("Hello.", "note", 3), Message("Ouch!", "bad", 9)]
    run.deltas = {"x": {"shape": [1, 1]}}
    run.mode, run.site, run.depth, run.pos = "dungeon", 3, 2, (4, 5)
    run.carrying, run.carrying_relic = 3, True
    run.player = a_player()
    run.freed, run.slain, run.daily = 2, {"orc": 3, "rat": 1}, "2026-11-27"
    run.companions = [Monster(1, MONSTER_BY_ID["orc"], hp=9, max_hp=12, attack=3, defence=1, energy=Energy(5),
                              ally=True, order="wait", level=3, xp=7)]
    return run


def test_every_run_field_round_trips_and_nothing_is_named_repaired():
    body = run_to_json(a_run())
    back = run_from_json(RunState, body)
    assert run_to_json_resumed(back) == body
    assert back.repaired == []
    assert isinstance(back.pending, LocationRequest) and back.pending.index == 2


def test_the_run_keeps_the_captives_freed_the_kinds_slain_and_its_day():
    back = run_from_json(RunState, run_to_json(a_run()))
    assert (back.freed, back.slain, back.daily) == (2, {"orc": 3, "rat": 1}, "2026-11-27")


def run_to_json_resumed(g: RunState) -> dict:
    """What a run read from a save would write again (where it stands comes from ``resume``)."""
    g.mode, g.site, g.depth = g.saved_place["mode"], g.saved_place["site"], g.saved_place["depth"]
    g.pos, g.over_pos[g.location] = g.saved_place["pos"], g.saved_place["over"]
    return run_to_json(g)


def body_with(**changes) -> dict:
    body = run_to_json(a_run())
    body.update(changes)
    return body


@pytest.mark.parametrize(("field", "value", "read", "expected"), [
    ("size", "huge", lambda g: g.size_name, "medium"),
    ("size", 3, lambda g: g.size_name, "medium"),
    ("run", -5, lambda g: g.run_seed, 0),
    ("run", "x", lambda g: g.run_seed, 0),
    ("run", 2**70, lambda g: g.run_seed, 2**63 - 1),
    ("turn", -1, lambda g: g.turn, 0),
    ("turn", "x", lambda g: g.turn, 0),
    ("turn", 10**20, lambda g: g.turn, BIG),
    ("unlocked", 0, lambda g: g.unlocked, 1),
    ("unlocked", "x", lambda g: g.unlocked, 1),
    ("unlocked", 99, lambda g: g.unlocked, N),
    ("location", 3, lambda g: g.location, 3),
    ("location", 9, lambda g: g.location, 3),  # only open locations: unlocked is 4
    ("location", -2, lambda g: g.location, 0),
    ("location", "x", lambda g: g.location, 0),
    ("cleared", {"0": [1, 1, SITES - 1, SITES, -1, "x"], "12": [0], "a": [0], "1": "no"}, lambda g: g.cleared,
     {0: {1, SITES - 1}}),
    ("over", {"0": [1, 2], "1": [-1, 2], "50": [1, 1], "2": "x", "a": [1, 1], "3": ["x", 1], "4": [1, "y"]},
     lambda g: g.over_pos, {0: (1, 2)}),
    ("levels", {"a": {"shape": []}, "b": 3}, lambda g: g.deltas, {"a": {"shape": []}}),
    ("levels", [1], lambda g: g.deltas, {}),
    ("stats", {"kills": -4, "deepest": 10**30}, lambda g: (g.kills, g.deepest), (0, BIG)),
    ("stats", "x", lambda g: (g.kills, g.deepest), (0, 0)),
    ("stats", {"kills": 17, "deepest": 6, "freed": -3}, lambda g: g.freed, 0),
    ("stats", {"kills": 17, "deepest": 6, "freed": "x"}, lambda g: g.freed, 0),
    ("stats", {"kills": 17, "deepest": 6, "freed": BIG + 1}, lambda g: g.freed, BIG),
    ("slain", {"orc": 0, "nope": 3, "rat": "x", "bat": BIG + 1, "wolf": 4}, lambda g: g.slain,
     {"orc": 1, "rat": 1, "bat": BIG, "wolf": 4}),
    ("slain", ["orc"], lambda g: g.slain, {}),
    ("daily", "2026-11-2", lambda g: g.daily, ""),
    ("daily", 20261127, lambda g: g.daily, ""),
    ("daily", "2026-11-270", lambda g: g.daily, ""),
    ("companions", [{"kind": "nope", "ally": True}, {"kind": "orc", "ally": False}, "x", {"kind": "orc", "ally": True}],
     lambda g: [(m.kind.id, m.ally, m.hp) for m in g.companions], [("orc", True, MONSTER_BY_ID["orc"].hp)]),
    ("companions", "orc", lambda g: g.companions, []),
    ("known", ["potion_speed", "wand_slow", "dagger", "nothing", 5], lambda g: g.known, {"potion_speed", "wand_slow"}),
    ("known", "potion_speed", lambda g: g.known, set()),
    ("relics", [0, -1, N, 99, "2"], lambda g: g.relics, {0, 2}),
    ("relic", 1, lambda g: g.carrying_relic, False),
    ("relic", True, lambda g: g.carrying_relic, True),
], ids=lambda v: str(v)[:14])
def test_each_run_field_is_clamped(field, value, read, expected):
    g = run_from_json(RunState, body_with(**{field: value}))
    assert read(g) == expected
    if field != "levels":  # level deltas are checked against their level when it is built
        kept = (field, value) == ("location", 3) or (field == "relic" and value is True)
        assert (field in g.repaired) is not kept


def test_the_slain_are_read_only_as_many_as_there_are_kinds():
    slain = {f"junk{i}": 1 for i in range(len(MONSTER_BY_ID))} | {"orc": 2}
    assert run_from_json(RunState, body_with(slain=slain)).slain == {}


def test_the_allies_travelling_are_read_only_up_to_their_most():
    ally = run_to_json(a_run())["companions"][0]
    g = run_from_json(RunState, body_with(companions=["x"] * codec.MAX_COMPANIONS + [ally]))
    assert g.companions == []


def test_the_known_list_is_read_only_as_long_as_the_item_table():
    body = body_with(known=["nothing"] * len(ITEM_BY_ID) + ["potion_speed"])
    assert run_from_json(RunState, body).known == set()


def test_cleared_sites_and_relics_are_read_only_so_far():
    g = run_from_json(RunState, body_with(cleared={"0": ["x"] * 2 * SITES + [2]}, relics=["x"] * 2 * N + [1]))
    assert g.cleared == {0: set()} and g.relics == set()


@pytest.mark.parametrize(("where", "expected"), [
    ({"mode": "dungeon", "site": 2, "depth": 3, "pos": [1, 2], "over": [3, 4]},
     {"mode": "dungeon", "site": 2, "depth": 3, "pos": (1, 2), "over": (3, 4)}),
    ({"mode": "space", "site": SITES + 1, "depth": 99, "pos": [-1, 2], "over": "x"},
     {"mode": "overworld", "site": SITES, "depth": 3, "pos": None, "over": None}),
    ({"mode": "dungeon", "site": -7, "depth": 0, "pos": ["x", 2], "over": [1, "y"]},
     {"mode": "dungeon", "site": -1, "depth": 1, "pos": None, "over": None}),
    ("nowhere", {"mode": "overworld", "site": -1, "depth": 1, "pos": None, "over": None}),
], ids=["kept", "clamped-high", "clamped-low", "not-a-dict"])
def test_where_the_player_stands_is_clamped(where, expected):
    g = run_from_json(RunState, body_with(where=where))
    assert g.saved_place == dict(expected, arrive=None, activity=None)


@pytest.mark.parametrize(("arrive", "kept"), [("up", "up"), ("down", "down"), ("fall", "fall"), ("sideways", None),
                                              (["at", [1, 2]], None), (None, None)])
def test_the_arrival_of_a_level_being_built_when_saved_is_one_a_build_may_make(arrive, kept):
    where = {"mode": "dungeon", "site": 2, "depth": 3, "pos": None, "over": [3, 4], "arrive": arrive}
    g = run_from_json(RunState, body_with(where=where))
    assert g.saved_place["arrive"] == kept and ("where" in g.repaired) is (arrive is not None and kept is None)


def test_crafted_kinds_known_from_the_start_in_an_older_save_are_dropped_without_a_word():
    g = run_from_json(RunState, body_with(known=["arrow", "potion_speed"]))
    assert g.known == {"potion_speed"} and "known" not in g.repaired


def test_the_treasure_carried_is_kept_only_in_its_own_dungeon_site():
    def carried(site, carrying, mode="dungeon"):
        where = {"mode": mode, "site": site, "depth": 1, "pos": [1, 1], "over": [1, 1]}
        return run_from_json(RunState, body_with(where=where, carrying=carrying)).carrying

    assert carried(2, 2) == 2 and carried(0, 0) == 0
    assert carried(2, 3) is None and carried(2, 2, "overworld") is None
    assert carried(1, "x") is None and carried(2, "2x") is None


def test_where_a_dungeon_save_stood_is_named_when_clamped():
    dungeon = {"mode": "dungeon", "site": SITES + 5, "depth": 1, "pos": [1, 1], "over": [1, 1]}
    assert "where" in run_from_json(RunState, body_with(where=dungeon)).repaired
    overworld = {"mode": "overworld", "pos": [1, 1], "site": 4}  # keys an overworld save does not read
    assert "where" not in run_from_json(RunState, body_with(where=overworld)).repaired


def test_an_overworld_run_writes_where_it_stands_and_reads_back():
    run = RunState(WORLD, "small", 3)
    run.pos = (7, 9)
    body = run_to_json(run)
    assert body["where"] == {"mode": "overworld", "pos": [7, 9]}
    assert "carrying" not in body and "relic" not in body
    back = run_from_json(RunState, body)
    assert back.saved_place["mode"] == "overworld" and back.saved_place["pos"] == (7, 9) and back.repaired == []


def test_a_run_on_its_way_into_a_site_is_saved_on_the_overworld():
    run = RunState(WORLD, "small", 3)
    run.mode, run.site, run.pos = "dungeon-loading", 1, (2, 3)
    assert run_to_json(run)["where"] == {"mode": "overworld", "pos": [2, 3]}


def test_the_treasure_and_the_relic_carried_are_written():
    body = run_to_json(a_run())
    assert body["carrying"] == 3 and body["relic"] is True


def test_the_log_keeps_its_last_lines_of_known_kinds_cut_to_length():
    lines = [["a" * 500, "bad", -3], ["x", "weird", 1], "junk", ["y", "note"], [5, "note", 1], ["z", "good", "x"]]
    lines += [[f"line {i}", "note", i] for i in range(MAX_LOG)]
    log = codec.log_from_json(lines)
    assert len(log) == MAX_LOG and log[0] == Message("line 0", "note", 0)
    short = codec.log_from_json(lines[:6])
    assert short == [Message("a" * MAX_TEXT, "bad", 0), Message("z", "good", 0)]
    assert codec.log_from_json("x") == [] and codec.log_to_json(short)[0] == ["a" * MAX_TEXT, "bad", 0]


def test_the_log_reads_a_turn_that_is_not_an_int_as_the_run_reads_its_turn():
    lines = [["a", "note", "7"], ["b", "note", 5.0], ["c", "note", 10**20], ["d", "note", BIG], ["e", "note", 0]]
    assert [m.turn for m in codec.log_from_json(lines)] == [7, 5, BIG, BIG, 0]


@pytest.mark.parametrize(("body", "why"), [
    (None, "the save names no world"), ([], "the save names no world"), ({"world": 5}, "the save names no world"),
    ({"world": ""}, "A world needs a name"), ({"world": "Ok"}, "the save holds no player"),
    ({"world": "Ok", "player": 3}, "the save holds no player")],
    ids=["none", "list", "number-name", "empty-name", "no-player", "bad-player"])
def test_a_body_that_cannot_be_a_run_is_refused(body, why):
    with pytest.raises(ValueError) as refused:
        run_from_json(RunState, body)
    assert str(refused.value).startswith(why) and codec.usable(body) is False


def test_a_good_body_is_usable():
    assert codec.usable(run_to_json(a_run())) is True


def test_a_save_from_before_later_keys_is_not_named_repaired():
    body = run_to_json(RunState(WORLD, "small", 1))
    for key in ("known", "relics", "relic", "log"):
        body.pop(key, None)
    assert run_from_json(RunState, body).repaired == []


# -- reading numbers ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "expected"), [
    (5, 5), (-5, 0), (50, 10), ("7", 7), (" 8 ", 8), (3.9, 3), (-0.5, 0), ("3.5", 4), (None, 4), ([1], 4),
    (True, 4), (False, 4), ("abc", 4), (float("nan"), 4), (float("inf"), 4), ("9" * 5000, 4), (10**100, 10)])
def test_clamp_int_reads_numbers_and_defaults_the_rest(value, expected):
    assert clamp_int(value, 0, 10, 4) == expected
