"""game.tools.frames: the worst-frame figure of docs/BENCHMARKS.md, through the real loop."""

import gc

import pytest

from game.tools import frames, session
from game.tools.drive import run_frames
from worldgen.generators.world import DUNGEON_SIZES


def test_goes_down_every_level_of_each_style_and_reports_the_worst_frame():
    found = frames.worst_frames("small", "Framewatch")
    assert set(found) == set(frames.STYLES)
    for style, (ms, levels) in found.items():
        assert levels == DUNGEON_SIZES["small"].levels, style  # every level was built and entered
        assert 0.0 < ms < 10_000  # measured (a hang guard, not a timing test)


def test_an_unknown_size_is_refused_with_usage(capsys):
    with pytest.raises(SystemExit) as stop:
        frames.main(["huge"])
    assert stop.value.code == 2 and "invalid choice: 'huge'" in capsys.readouterr().err


def test_long_session_plays_through_sites_and_reports_every_frame():
    played = session.long_session(600, "small", "Framewatch")
    assert len(played.frames) == 600 and [f.index for f in played.frames] == list(range(600))
    actions = {f.action for f in played.frames}
    assert {"travel", "enter site", "walk", "build"} <= actions   # travel, a site entered, its level built
    assert played.sites >= 1 and played.turns > 0
    built = [f for f in played.frames if f.build.startswith("level ")]
    assert built and all(f.build.split(":")[0].split()[1] in frames.STYLES for f in built)   # "level <style>: <stage>"
    assert all(f.ms > 0 and f.cpu_ms >= 0 and f.scene == "play" for f in played.frames)
    assert any(f.save_ms > 0 for f in played.frames)   # the play scene saved, timed in its frame


def test_long_session_chooses_the_perk_a_level_offers_and_plays_on(monkeypatch):
    # Levels come quickly here (a few kills each): whether 2,000 frames of
    # play gain one by the true curve depends on the tables (at rules 8 the
    # first island's first levels are easy and these did not), and the tool,
    # not the curve, is under test.
    from game.rules.creatures import entities
    monkeypatch.setattr(entities, "xp_to_next", lambda level: 6 * level)
    played = session.long_session(2000, "medium", "Avalon")
    chose = [f.index for f in played.frames if f.action == "choose a perk"]
    assert chose, "a level was gained and its perk chosen"
    after = [f for f in played.frames if f.index > chose[-1]]
    assert after and not any(f.scene == "perks" for f in after[1:])   # the choice closed: play went on
    assert played.turns > 300


def test_long_session_summary_names_the_worst_frame_and_those_over_16_ms():
    rows = [session.Frame(0, 3.0, "play", "walk"), session.Frame(1, 40.0, "play", "attack", save_ms=30.0,
                                                                  gc=((2, 25.0, 20.0),), cpu_ms=31.0),
            session.Frame(2, 17.0, "play", "build", build="level rooms: loops", cpu_ms=9.0)]
    report = session.summary(session.Played(rows, [(0, 0.5, 0.25)], 10, 1))
    assert report["worst_ms"] == 40.0 and report["worst"].startswith("frame 1: 40.0 ms (cpu 31.0), play, attack")
    assert "save 30.0 ms" in report["worst"] and "gc gen2 25.0 ms (cpu 20.0)" in report["worst"]
    assert report["over_16ms"] == 2 and report["over_16ms_cpu"] == 1 and report["worst_cpu_ms"] == 31.0
    assert [line.split(":")[0] for line in report["worst_cpu"]] == ["frame 1", "frame 2", "frame 0"]
    assert [line.split(":")[0] for line in report["over"]] == ["frame 1", "frame 2"]   # worst first
    assert "level rooms: loops" in report["over"][1]
    assert report["gc"] == {2: {"count": 1, "total_ms": 25.0, "max_ms": 25.0, "max_cpu_ms": 20.0}}
    assert report["gc_between"] == {0: {"count": 1, "total_ms": 0.5, "max_ms": 0.5, "max_cpu_ms": 0.25}}
    assert report["saves"] == 1 and report["save_max_ms"] == 30.0


def test_gc_watch_gives_each_collection_its_generation_and_frame():
    with session.GcWatch() as watch:
        watch.frame = 7
        gc.collect(1)
        watch.frame = None
        gc.collect(0)
    assert [(gen, at) for gen, _, _, at in watch.collections] == [(1, 7), (0, None)]
    assert all(ms >= 0 and cpu >= 0 for _, ms, cpu, _ in watch.collections)
    assert watch._callback not in gc.callbacks


def test_the_long_mode_prints_its_report(capsys):
    assert frames.main(["--long", "--frames", "300", "small", "--world", "Framewatch"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("300 frames, ") and "worst frame: frame " in out
    assert "collections in frames: " in out and "saves: " in out and "what the frames did: " in out


def test_the_long_mode_refuses_a_frame_count_out_of_range(capsys):
    with pytest.raises(SystemExit) as stop:
        frames.main(["--long", "--frames", "0"])
    assert stop.value.code == 2 and "--frames must be 1..1000000" in capsys.readouterr().err


def test_the_play_scene_saves_with_the_collector_paused(monkeypatch):
    app, g = session._start("small", "Framewatch", 1, session.MemoryStorage())
    enabled = []
    save_to = type(g).save_to
    monkeypatch.setattr(type(g), "save_to", lambda self, *a: enabled.append(gc.isenabled()) or save_to(self, *a))
    g.dirty = True
    saves = app.stats.saves
    run_frames(app, 1)
    assert enabled == [False] and gc.isenabled()   # paused for the save, on again after it
    assert app.stats.saves == saves + 1 and app.stats.save_ms > 0   # and timed where it was made
    assert not g.dirty
