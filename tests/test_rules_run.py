"""The rules facade (``game.rules.run``): a new run and a resumed one, what
each question a screen asks answers (it is the rule's own answer, read
through the one door), saving and ending a run, the score table, and the
functions the title screen calls before a run."""

import datetime

import numpy as np
import pytest

from worldgen.core import seeding
from worldgen.generators.world import world_key

from game.rules.play import build
from game.rules.persistence import codec, recstore, save, score
from game.rules.text import words
from game.rules.actions.ranged import aim_label, aim_preview, aim_range, targets, throw_range
from game.rules.content import BACKGROUND_BY_ID, BACKGROUNDS, DEFAULT_BACKGROUND, ITEMS
from game.rules.content.keys import hint
from game.rules.play.growth import perk_offer
from game.rules.world.location import LocationData, WorldMap
from game.rules.play.look import describe_cell, pack_rows
from game.rules.text.names import make_name
from game.rules.persistence.record import Recording, read_file
from game.rules.text.log import SHOWN
from game.rules.run import (Choice, Game, WorldPreview, death_text, daily_world, finished_runs, load_saved,
                            open_replay, roll_world_name, same_world, saves_off)
from game.rules.state import LevelRequest, LocationRequest
from game.shell.work import Work, settle

from creatures import level_of, put, run_on
from scripted import new_run
from test_rules_save import Store


def on_a_site(g: Game) -> Game:
    """``g`` (on the overworld) standing on its location's first site."""
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    return g


def entering(g: Game) -> Game:
    """``g`` going down into the site underfoot: its first level asked for, not yet built."""
    assert on_a_site(g).enter_site() and isinstance(g.pending, LevelRequest)
    return g


# -- a new run ------------------------------------------------------------------------------
def test_a_new_run_welcomes_the_player_by_world_and_background_and_points_at_the_sites():
    bg = BACKGROUND_BY_ID[BACKGROUNDS[-1].id]
    g = Game.new("Avalon", "small", 3, background=bg.id)
    assert g.log[0].text == f"Welcome to the world of Avalon, {bg.name.lower()}."
    assert g.log[1].text == "Carry each location's relic out of its site; the last relic wins."
    assert hint("goal") in g.log[2].text and "the line under the map" in g.log[2].text
    assert hint("interact") in g.log[3].text and hint("help") in g.log[3].text
    assert all(len(m.text) <= SHOWN for m in g.log)  # each takes one row of the message strip
    assert g.player.background == bg.id


def test_a_new_run_is_of_its_world_size_and_seed_and_no_daily_world_unless_told():
    g = Game.new("Avalon", "small", 3)
    assert (g.name, g.size_name, g.run_seed, g.daily) == ("Avalon", "small", 3, "")
    assert g.player.background == DEFAULT_BACKGROUND
    assert isinstance(g.pending, LocationRequest) and g.pending.index == 0
    assert Game.new("Avalon", "small", 3, daily="2026-11-27").daily == "2026-11-27"


def test_a_new_run_records_its_commands_by_default_and_not_when_told():
    g = Game.new("Avalon", "small", 3, daily="2026-11-27")
    assert isinstance(g.recording, Recording)
    assert (g.recording.world, g.recording.size, g.recording.seed, g.recording.daily) == \
        ("Avalon", "small", 3, "2026-11-27")
    assert Game.new("Avalon", "small", 3, record=False).recording is None


def test_a_new_run_starts_on_a_preview_of_its_first_location_and_ignores_any_other():
    world = WorldMap("Avalon")
    first = Work(world.location_iterator(0)).drain().result
    g = Game.new("Avalon", "small", 3, preview=first)
    assert g.loc is first and g.pending is None and g.mode == "overworld" and g.pos == first.start
    other = LocationData(1, first.name, first.tiles, first.sites, first.start)
    g = Game.new("Avalon", "small", 3, preview=other)
    assert g.loc is None and isinstance(g.pending, LocationRequest)


def test_a_finished_build_is_installed_where_the_run_asked_for_it():
    g = Game.new("Avalon", "small", 3)
    work = Work(g.build_iterator()).drain()
    g.install_build(work.stages, work.result)
    assert g.loc is work.result and g.pending is None and g.mode == "overworld"
    entering(g)
    work = Work(g.build_iterator()).drain()
    g.install_build(work.stages, work.result)
    assert g.mode == "dungeon" and g.level is not None and g.level.key.depth == 1


def test_the_build_of_a_run_is_named_and_staged_as_the_builder_says():
    g = entering(new_run())
    assert g.build_label() == build.build_label(g) and g.build_stage_names() == build.stage_names(g)
    assert g.build_label() != build.build_label(new_run())


def test_a_failed_build_of_the_first_location_cannot_go_back_and_of_a_level_goes_back_outside():
    g = Game.new("Avalon", "small", 3)
    assert g.build_failed(g.pending) is False
    g = entering(new_run())
    assert g.build_failed(g.pending) is True
    assert g.mode == "overworld" and g.pending is None and g.site is None


# -- resuming -------------------------------------------------------------------------------
def test_a_resumed_run_is_welcomed_back_and_is_the_saved_one():
    g = new_run()
    body = g.to_json()
    back = Game.resume(body)
    assert back.log[-1].text == f"Welcome back to {g.name}."
    assert back.to_json()["player"] == body["player"] and back.recording is None


def test_a_resumed_run_goes_on_with_the_recording_its_save_carries():
    g = new_run()
    g.wait()
    store = Store()
    out = g.save_to(store)
    assert out.ok
    back = Game.resume(save.decode(out.text)[0], store)
    assert back.recording is not None and back.recording.commands[:-1] == g.recording.commands
    assert back.recording.background == g.player.background == "fighter"
    assert Game.resume(save.decode(out.text)[0]).recording is None  # no storage: a replay's reload, unrecorded


def test_a_body_read_into_a_known_world_keeps_that_world():
    g = new_run()
    assert Game.from_json(g.to_json(), g.world).world is g.world
    assert Game.from_json(g.to_json()).world.key == g.world.key


# -- resting and searching ------------------------------------------------------------------
def test_a_rest_begins_when_nothing_stops_it():
    g = run_on()
    g.player.hp = 1
    assert g.rest() and g.resting == "rest" and g.rest_turns == 0
    g = run_on()
    assert g.search() and g.resting == "search"


def test_a_rest_may_begin_on_the_overworld():
    g = new_run()
    g.player.hp = 1
    assert g.rest() and g.resting == "rest"


def test_a_rest_refused_says_why_and_redraws():
    g = run_on()
    rat = put(g, "rat", 4, 1)
    version, lines = g.version, len(g.log)
    assert g.search() is False and g.resting == ""
    assert g.log[-1].text == f"You cannot search with {rat.name} in view." and len(g.log) == lines + 1
    assert g.version > version


def test_no_rest_while_a_map_is_built_or_the_run_is_over():
    g = run_on()
    g.player.hp = 1
    g.mode = "dungeon-loading"
    assert g.rest() is False and g.resting == ""
    g = run_on()
    g.player.hp = 1
    g.pending = LevelRequest(0, 2, "down")
    assert g.rest() is False and g.resting == "" and not g.log


# -- auto-explore ---------------------------------------------------------------------------
def test_auto_explore_walks_towards_the_nearest_unexplored_edge():
    g = run_on(level_of(), pos=(1, 1))
    g.level.seen[:] = False
    g.level.update_view(*g.pos)
    assert g.explore() is True and g.exploring and g.path
    assert g.go_on() and g.pos != (1, 1)


def test_auto_explore_with_nothing_left_stops_and_says_so():
    g = run_on()
    g.level.seen[:] = True
    version = g.version
    assert g.explore() is False and not g.exploring and not g.path
    assert g.log[-1].text == "You have explored everything you can reach here." and g.version > version


# -- questions --------------------------------------------------------------------------------
def test_the_screens_questions_are_answered_by_the_rules():
    g = run_on(level_of(items=[(5, 2)]))
    put(g, "rat", 6, 3)
    g.player.inventory = [next(k.id for k in ITEMS if k.kind == "ammo")] * 2
    assert g.describe(6, 3) == describe_cell(g, 6, 3) and g.describe(6, 3) != g.describe(2, 2)
    assert g.pack_rows() == pack_rows(g) and g.pack_rows()
    assert g.aim_range("throw", 0) == aim_range(g, "throw", 0) > 0
    assert g.aim_label("throw", 0) == aim_label(g, "throw", 0) != ""
    assert g.targets(8) == targets(g, 8) == [(6, 3)]
    assert g.aim_preview((6, 3), 8) == aim_preview(g, (6, 3), 8)
    assert g.aim_preview((6, 3), 2) == aim_preview(g, (6, 3), 2) != g.aim_preview((6, 3), 8)


def test_each_way_of_aiming_reaches_as_far_as_its_rule_says():
    g = run_on()
    wand = next(k for k in ITEMS if k.kind == "wand")
    g.player.inventory = [next(k.id for k in ITEMS if k.kind == "ammo"), wand.id]
    assert g.aim_range("use", 1) == aim_range(g, "use", 1) == wand.range
    assert g.aim_range("throw", 1) == aim_range(g, "throw", 1) == throw_range(g) != wand.range
    assert g.aim_range("fire") == aim_range(g, "fire")


def test_the_perks_on_offer_are_the_growth_rules_offer():
    g = run_on()
    assert g.perk_offer() == []
    g.player.perks_owed = 1
    offer = g.perk_offer()
    assert offer and offer == [Choice(p.id, p.name, p.note) for p in perk_offer(g)]


def test_the_allies_are_counted_with_those_told_to_wait():
    g = run_on()
    put(g, "rat", 3, 1, ally=True, order="wait")
    put(g, "rat", 4, 1, ally=True)
    put(g, "rat", 5, 1, ally=True, order="wait")
    put(g, "rat", 6, 1)
    assert g.ally_count() == (3, 2)


def test_a_monster_is_named_only_where_the_player_sees_it():
    g = run_on(level_of(), pos=(1, 1))
    rat = put(g, "rat", 4, 2)
    assert g.monster_name_at(4, 2) == rat.name == f"the {rat.kind.name}"
    assert g.monster_name_at(5, 2) is None  # nobody there
    assert g.monster_name_at(-1, 2) is None and g.monster_name_at(4, 99) is None  # off the level
    rat.hidden = True
    assert g.monster_name_at(4, 2) is None
    rat.hidden = False
    g.level.visible[2, 4] = False
    assert g.monster_name_at(4, 2) is None
    g.level = None
    assert g.monster_name_at(4, 2) is None


def test_a_locations_status_counts_its_cleared_sites_and_says_what_opens_the_next():
    g = new_run()
    n = g.world.n_locations
    g.unlocked, g.cleared = 2, {0: {0, 1}, 1: {2}}
    need = g.world.sites_to_unlock(len(g.loc.sites))
    assert g.location_status(0) == "2 sites cleared"
    assert g.location_status(1) == f"1 site cleared (need {need} or the relic)"
    assert g.location_status(2) == "locked"
    g.relics = {0}
    assert g.location_status(0) == "relic kept, 2 sites cleared"
    g.unlocked = n
    assert g.location_status(n - 1) == "0 sites cleared"  # the last location opens nothing
    assert g.location_status(n) == "locked"
    g.unlocked = n - 1
    assert g.location_status(n - 2).endswith(f"(need {need} or the relic)")  # the last but one opens the last
    g.unlocked, g.loc = 2, None
    assert g.location_status(1) == f"1 site cleared (need {g.world.sites_to_unlock(100)} or the relic)"


def test_what_opens_the_next_location_counts_the_sites_of_this_one():
    g = run_on()  # a location of one site
    g.unlocked = 1
    assert g.location_status(0) == f"0 sites cleared (need {g.world.sites_to_unlock(len(g.loc.sites))} or the relic)"
    assert g.world.sites_to_unlock(len(g.loc.sites)) != g.world.sites_to_unlock(100)


# -- saving -------------------------------------------------------------------------------------
def test_a_save_writes_the_run_as_it_stands_and_marks_it_saved():
    g = new_run()
    g.dirty = True
    store = Store()
    out = g.save_to(store)
    assert out.ok and out.why == "" and out.text == store.data[save.KEY]
    body = save.decode(out.text)[0]
    assert body.pop(recstore.ENTRY)["tail"] == "".join(g.recording.commands)
    assert body == g.to_json() and g.dirty is False


def test_a_save_while_a_map_is_built_is_the_run_on_its_way_there():
    g = entering(new_run())
    store = Store()
    out = g.save_to(store)
    body = save.decode(out.text)[0]
    assert out.ok and body[recstore.ENTRY]["building"] is True
    assert body["where"] == {"mode": "dungeon", "site": g.pending.site, "depth": 1, "pos": None, "arrive": "up",
                             "over": list(g.over_pos.get(g.location, g.pos))}
    rec, why = recstore.load(store, body)
    assert why == "" and rec.commands[-1] == "R[1]"  # the replay reloads before building the level


def test_nothing_is_saved_before_the_first_location_is_built():
    g = Game.new("Avalon", "small", 3)
    store = Store()
    assert tuple(g.save_to(store)) == (True, None, "") and not store.sets
    g.pending, g.loc = LocationRequest(0), None
    assert tuple(g.save_to(store)) == (True, None, "") and not store.sets
    g.pending = None  # no location, and none asked for
    assert tuple(g.save_to(store)) == (True, None, "") and not store.sets


def test_a_finished_run_keeps_no_save():
    for end in ("dead", "won"):
        g = new_run()
        setattr(g, end, True)
        store = Store()
        assert tuple(g.save_to(store)) == (False, None, "") and not store.sets


def test_the_recording_travels_in_the_save_it_goes_with():
    g = new_run()
    g.wait()
    store = Store()
    out = g.save_to(store)
    rec, _ = recstore.load(store, save.decode(out.text)[0])
    assert rec is not None and rec.commands[:-1] == g.recording.commands and rec.commands[-1] == "R"
    assert list(store.data) == [save.KEY]  # nothing beside it: too few commands for a chunk


def test_a_save_that_fails_says_why_and_keeps_no_recording():
    g = new_run()
    store = Store()
    store.refuse.add(save.KEY)
    out = g.save_to(store)
    assert tuple(out) == (False, None, save.write_failed(store)) and out.why
    assert store.data == {} and not g.dirty


def test_a_save_refused_by_blocked_storage_says_saves_are_off():
    class Blocked(Store):
        def unavailable(self):
            return "the browser blocks storage"

    store = Blocked()
    store.refuse.add(save.KEY)
    why = new_run().save_to(store).why
    assert why == save.write_failed(store) and "Saves are off: the browser blocks storage." in why


def test_a_save_refused_by_the_games_check_is_not_written():
    g = new_run()
    g.name = "   "  # a body the codec refuses to play: no world has that name
    assert not codec.usable(g.to_json())
    store = Store()
    assert g.save_to(store).ok is False and save.KEY not in store.data


# -- the end of a run ---------------------------------------------------------------------------
def test_ending_a_run_erases_its_save_and_keeps_its_recording_with_the_finished_runs():
    g = new_run()
    g.wait()
    store = Store()
    g.save_to(store)
    g.dead, g.killer = True, "rat"
    g.end_run(store)
    assert list(store.data) == [recstore.FINISHED_KEY]
    runs = finished_runs(store)
    assert len(runs) == 1 and runs == recstore.finished(store)
    summary, text = runs[0]
    assert summary == dict(score.entry(g), date="") and read_file(text)[0].final[3] == "died"


def test_ending_an_unrecorded_run_erases_its_save_and_keeps_nothing_else():
    g = Game.new("Avalon", "small", 3, record=False)
    settle(g)
    store = Store()
    g.save_to(store)
    store.data[recstore.CHUNK_KEY] = "stale: an older version's entry beside the save"
    store.data["recording.0"] = "a stale chunk"
    g.end_run(store)
    assert store.data == {}


def test_erasing_a_save_removes_it_and_its_backup():
    g = new_run()
    store = Store()
    g.save_to(store)
    g.wait()
    g.save_to(store)
    assert save.BACKUP_KEY in store.data
    g.erase_save(store)
    assert save.KEY not in store.data and save.BACKUP_KEY not in store.data


def test_a_finished_recording_carries_the_final_digest_and_the_runs_score_line():
    g = Game.new("Avalon", "small", 3, daily="2026-11-27")
    settle(g)
    g.wait()
    rec, why = read_file(g.finish_recording())
    assert rec is not None and rec.final[0] == len(g.recording.commands) and rec.final[1] == g.turn
    assert rec.summary == dict(score.entry(g), date="2026-11-27")
    assert Game.new("Avalon", "small", 3, record=False).finish_recording() is None


def test_the_morgue_is_the_runs_dump():
    g = new_run()
    assert g.morgue().startswith("Deepisle morgue file\n") and f"World:   {g.name}" in g.morgue()


# -- the score table ---------------------------------------------------------------------------
def finished_run(daily: str = "") -> Game:
    g = Game.new("Avalon", "small", 3, daily=daily, record=False)
    g.dead, g.killer, g.kills, g.deepest = True, "rat", 3, 2
    return g


def test_a_finished_run_takes_its_place_in_the_stored_table():
    g = finished_run()
    old = [dict(score.entry(g), score=s) for s in (900, 10)]
    store = Store(**{score.KEY: score.encode_table(old)})
    got = g.record_score(store)
    table, rank = score.add(old, score.entry(g))
    assert got.entry == score.entry(g) and got.table == table and got.rank == rank == 1 and got.kept
    assert score.decode_table(store.data[score.KEY]) == table


def test_a_daily_worlds_run_goes_into_that_days_table():
    g = finished_run(daily="2026-11-27")
    assert g.score_key() == score.DAILY_KEY and finished_run().score_key() == score.KEY
    store = Store()
    got = g.record_score(store)
    assert got.rank == 0 and score.KEY not in store.data
    assert score.decode_table(store.data[score.DAILY_KEY], "2026-11-27") == [got.entry]
    assert score.decode_table(store.data[score.DAILY_KEY], "2026-11-28") == []


def test_todays_daily_table_keeps_the_days_earlier_runs():
    store = Store()
    first = finished_run(daily="2026-11-27").record_score(store)
    second = finished_run(daily="2026-11-27").record_score(store)
    assert second.table == [first.entry, second.entry] and second.rank == 1


def test_yesterdays_daily_table_is_not_carried_into_todays():
    yesterday = finished_run(daily="2026-11-26")
    store = Store()
    yesterday.record_score(store)
    got = finished_run(daily="2026-11-27").record_score(store)
    assert got.table == [got.entry] and got.rank == 0


class Throwing(Store):
    """A storage whose reads (or writes) throw."""

    def __init__(self, reads: bool, writes: bool, **data):
        super().__init__(**data)
        self.reads, self.writes = reads, writes

    def get(self, key):
        if self.reads:
            raise RuntimeError("blocked")
        return super().get(key)

    def set(self, key, value):
        if self.writes:
            raise RuntimeError("blocked")
        return super().set(key, value)


def test_a_storage_that_cannot_be_read_holds_no_table():
    g = finished_run()
    old = score.encode_table([dict(score.entry(g), score=10**6)])
    got = g.record_score(Throwing(reads=True, writes=False, **{score.KEY: old}))
    assert got.table == [got.entry] and got.rank == 0 and got.kept


def test_a_table_that_cannot_be_stored_is_shown_not_kept():
    g = finished_run()
    got = g.record_score(Throwing(reads=False, writes=True))
    assert got.table == [got.entry] and got.rank == 0 and got.kept is False
    store = Store()
    store.refuse.add(score.KEY)
    assert g.record_score(store).kept is False


# -- before a run ---------------------------------------------------------------------------
def test_the_saved_run_is_loaded_only_when_the_game_can_play_it():
    g = new_run()
    store = Store()
    g.save_to(store)
    body, why = load_saved(store)
    assert why == "" and recstore.ENTRY in body and {k: v for k, v in body.items() if k != recstore.ENTRY} == g.to_json()
    playable = Store(**{save.KEY: save.encode({"world": "Avalon", "turn": 1})})
    body, why = load_saved(playable)
    assert body is None and why


def test_saves_are_off_when_the_storage_says_it_keeps_nothing():
    class Blocked(Store):
        def unavailable(self):
            return "the browser blocks storage"

    assert saves_off(Blocked()) == "Saves are off: the browser blocks storage."
    assert saves_off(Store()) == ""


def test_the_death_line_names_the_cause():
    assert death_text("goblin archer") == words.died("goblin archer") == "killed by a goblin archer"
    assert death_text("poison") == "died of poison"


def test_a_rolled_world_name_is_the_name_models_draw():
    assert roll_world_name(np.random.default_rng(4)) == make_name(np.random.default_rng(4))


def test_the_daily_world_is_the_same_all_day_and_another_the_next():
    today = daily_world("2026-11-27")
    assert today == daily_world("2026-11-27") != daily_world("2026-11-28")
    assert WorldMap(today).name == today


def test_two_names_are_the_same_world_whatever_their_case_and_spacing():
    assert same_world("Avalon", "  aVALON ")
    assert not same_world("Avalon", "Avalonia")
    assert not same_world("", "") and not same_world("Avalon", "x" * 1000)


def test_a_replay_opens_a_recording_and_refuses_damage_with_its_reason():
    g = new_run()
    g.wait()
    replay, why = open_replay(g.finish_recording())
    assert replay is not None and why == "" and replay.game.name == g.name and replay.total == 1
    assert open_replay("DR1.garbage") == (None, read_file("DR1.garbage")[1])
    nameless = Recording("   ", "small", 3)
    nameless.finish(g)
    assert open_replay(nameless.to_file()) == (None, "the recording names a world this game cannot make")


def test_the_world_preview_is_the_worlds_first_location():
    preview = WorldPreview("Avalon")
    world = WorldMap("Avalon")
    assert preview.key == world.key and preview.n_locations == world.n_locations
    items = list(preview.steps())
    assert WorldPreview.is_location(items[-1]) and items[-1].index == 0
    assert not any(WorldPreview.is_location(i) for i in items[:-1])
    assert preview.is_same(" avalon") and not preview.is_same("Avalonia") and not preview.is_same("")


# -- the daily world ----------------------------------------------------------------------------
@pytest.mark.parametrize("year", range(2026, 2031))
def test_the_daily_world_is_another_world_every_day_of_a_year(year):
    days = [datetime.date(year, 1, 1) + datetime.timedelta(d) for d in range(366 if year % 4 == 0 else 365)]
    names = [daily_world(day.isoformat()) for day in days]
    assert len({world_key(n) for n in names}) == len(days)


def test_the_daily_world_of_a_day_is_the_same_for_everyone_for_ever():
    """Pinned: changing these changes every player's world of those days (and their daily tables)."""
    assert (daily_world("2026-01-01"), daily_world("2026-12-31"), daily_world("2028-02-29")) == \
        ("Isearrow", "Torider", "Pyraven")
    assert daily_world("2027-01-01") == "Lochmervik" != daily_world("2026-01-01")


def test_day_k_of_a_year_is_the_kth_distinct_world_of_the_daily_stream_keyed_by_the_year():
    """The stream is ``rng(seed of "daily world", year)``: the key is the year, the seed the
    words (swapped, every day's world changes)."""
    stream = seeding.rng(seeding.seed_from_text("daily world"), "2027")
    distinct: list[str] = []
    for _ in range(1000):  # bounded: twelve distinct names come within a few dozen draws
        name = make_name(stream)
        if world_key(name) not in {world_key(n) for n in distinct}:
            distinct.append(name)
        if len(distinct) == 12:
            break
    days = [datetime.date(2027, 1, 1) + datetime.timedelta(k) for k in range(12)]
    assert [daily_world(day.isoformat()) for day in days] == distinct


@pytest.mark.parametrize("text, world", [("x", "Ambringate"), ("2026-13-01", "Ritby"), ("2026-02-30", "Gild"),
                                         ("26-01-01", "Told"), ("", "Cormholmood")])
def test_a_daily_date_that_is_no_date_has_a_world_of_its_own(text, world):
    """Drawn from the daily stream keyed by the text itself (pinned: the same for everyone)."""
    assert daily_world(text) == world == make_name(seeding.rng(seeding.seed_from_text("daily world"), text))


def test_the_years_daily_worlds_are_drawn_within_a_bound(monkeypatch):
    from game.rules.run import lifecycle as run_module

    monkeypatch.setattr(run_module, "MAX_DAILY_DRAWS", 3)
    run_module._daily_names.cache_clear()
    try:
        names = run_module._daily_names(1999)
        assert len(names) == 366 and len(set(names)) <= 3 and names[:3] * 2 == names[:6]
    finally:
        run_module._daily_names.cache_clear()
