"""Playing a recording back (``game.rules.replay``): a new unrecorded run of
the recording's world, size, seed, day and background; each command given
in turn, each digest compared before the command it was taken before, the
final one at the end; a reload done as loading did; a divergence or a
command the run cannot take named by its command and turn, never a crash."""

from dataclasses import replace

from game.rules import save
from game.rules.digest import state_digest
from game.rules.record import RELOAD, Recording
from game.rules.replay import Mismatch, Replayer
from game.rules.run import Game
from game.work import settle

from test_rules_save import Store


def recorded_run(*commands, daily="2026-11-27", background="hunter") -> Recording:
    """A short real run's recording: each command a ``Game`` method name and its arguments."""
    g = Game.new("Replayham", "small", 8, daily=daily, background=background)
    settle(g)
    for name, *args in commands:
        getattr(g, name)(*args)
        settle(g)
    g.finish_recording()
    return g.recording


STEPS = (("wait",), ("move", 1, 0), ("move", 0, 1), ("wait",))


def test_a_replay_is_a_new_unrecorded_run_of_the_recordings_world_seed_day_and_background():
    rec = recorded_run(*STEPS)
    r = Replayer(rec, Game)
    g = r.game
    assert (g.name, g.size_name, g.run_seed, g.daily, g.player.background) == \
        ("Replayham", "small", 8, "2026-11-27", "hunter")
    assert g.recording is None and r.recording is rec and r.game_class is Game
    assert (r.index, r.matched, r.mismatch, r.finished, r.total) == (0, 0, None, False, len(STEPS))
    assert r.checks == {k: (turn, digest) for k, turn, digest in rec.checks}


def test_a_replay_plays_every_command_to_the_same_end():
    rec = recorded_run(*STEPS)
    r = Replayer(rec, Game)
    assert r.play_to_end(settle) is None and r.finished and r.index == len(STEPS)
    assert r.matched == len(rec.checks) + 1  # every digest on the way, and the final one
    assert state_digest(r.game) == rec.final[2] and r.game.turn == rec.final[1]
    assert r.step() is False  # nothing after the end


def test_a_replay_waits_for_the_map_it_asked_for():
    r = Replayer(recorded_run(*STEPS), Game)
    assert r.game.pending is not None and r.step() is False and r.index == 0
    settle(r.game)
    assert r.step() is True and r.index == 1


def test_a_digest_that_differs_stops_the_replay_before_its_command():
    rec = recorded_run(*STEPS)
    k, turn, _ = rec.checks[0]
    rec.checks[0] = (k, turn, "0" * 32)
    r = Replayer(rec, Game)
    assert r.play_to_end(settle) == Mismatch(k, turn, f"the replay differs from the recording at turn {turn} "
                                                      f"(before command {k + 1}; the replay is at turn {r.game.turn})")
    assert r.matched == 0 and not r.finished and r.step() is False


def test_a_digest_at_another_turn_differs_too():
    rec = recorded_run(*STEPS)
    k, turn, digest = rec.checks[0]
    rec.checks[0] = (k, turn + 1, digest)
    assert Replayer(rec, Game).play_to_end(settle) is not None


def test_an_end_that_differs_is_named_by_its_turn():
    rec = recorded_run(*STEPS)
    n, turn, _, outcome = rec.final
    r = Replayer(replace(rec, final=(n, turn, "0" * 32, outcome)), Game)
    assert r.play_to_end(settle) == Mismatch(n, turn, f"the replay differs from the recording at its end, turn {turn} "
                                                      f"(the replay is at turn {r.game.turn})")
    assert not r.finished
    r = Replayer(replace(rec, final=(n, turn + 1, rec.final[2], outcome)), Game)
    assert r.play_to_end(settle) is not None


def test_a_recording_without_a_final_digest_ends_unchecked():
    rec = recorded_run(*STEPS)
    for final in (None, (len(STEPS), 0, "", "playing")):  # not finished, or cut
        r = Replayer(replace(rec, final=final), Game)
        assert r.play_to_end(settle) is None and r.finished and r.matched == len(rec.checks)


def test_a_command_the_run_cannot_take_is_named_not_raised():
    r = Replayer(Recording("Replayham", "small", 8, commands=["w", "m[1]", "w"]), Game)  # a step needs two numbers
    settle(r.game)
    assert r.step() is True and r.step() is False
    assert r.mismatch == Mismatch(1, r.game.turn, f"command 2 (turn {r.game.turn}) cannot be played here (TypeError)")
    assert r.step() is False and r.index == 2  # nothing more is given after a divergence


def test_a_digest_that_differs_refuses_the_very_step():
    rec = recorded_run(*STEPS)
    rec.checks[0] = (rec.checks[0][0], rec.checks[0][1], "0" * 32)
    r = Replayer(rec, Game)
    settle(r.game)
    assert r.step() is False and r.index == 0 and r.mismatch is not None


def test_every_digest_on_the_way_is_counted():
    g = Game.new("Replayham", "small", 8)
    settle(g)
    for name, *args in STEPS:
        g.recording.next_check = 0  # a digest before every command
        getattr(g, name)(*args)
        settle(g)
    g.finish_recording()
    assert len(g.recording.checks) == len(STEPS)
    r = Replayer(g.recording, Game)
    assert r.play_to_end(settle) is None and r.matched == len(STEPS) + 1


def test_a_reload_plays_as_loading_the_save_did():
    g = Game.new("Replayham", "small", 8)
    settle(g)
    g.wait()
    store = Store()
    back = Game.resume(save.decode(g.save_to(store).text)[0], store)
    assert back.recording.commands[-1] == RELOAD
    settle(back)
    back.wait()
    back.finish_recording()
    r = Replayer(back.recording, Game)
    assert r.play_to_end(settle) is None and r.finished
    assert r.game.log[-2].text == f"Welcome back to {g.name}." and r.game is not None


def test_a_reload_from_before_a_build_goes_back_to_that_moment_at_once():
    g = Game.new("Replayham", "small", 8)
    settle(g)
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    assert g.travel_to(site.x, site.y)
    for _ in range(1000):  # every step a recorded command
        if not g.go_on():
            break
    assert g.pos == (site.x, site.y) and g.enter_site()  # asks for a level: save and quit keeps the moment before
    store = Store()
    back = Game.resume(save.decode(g.save_to(store).text)[0], store)
    assert back.recording.commands[-1] == RELOAD + "[1]"
    settle(back)
    back.wait()
    back.finish_recording()
    r = Replayer(back.recording, Game)
    settle(r.game)
    n = len(r.commands)
    for _ in range(n):
        settle(r.game)
        if r.index == n - 3:
            break
        assert r.step()
    assert r.step() is True and r.index == n - 1  # the reload is given with the command that asked for the build
    assert r.game.site is None and r.game.pending is not None and r.game.turn == g.resume_point["turn"]
    assert r.play_to_end(settle) is None and r.finished


def test_a_reload_from_before_a_build_with_no_build_asked_for_is_named():
    r = Replayer(Recording("Replayham", "small", 8, commands=["w", RELOAD + "[1]"]), Game)
    settle(r.game)
    assert r.step() is False and r.index == 2
    assert r.mismatch.command == 1 and r.mismatch.line.endswith("cannot be played here (ValueError)")


def test_a_plain_reload_goes_on_from_the_state_as_it_stands():
    r = Replayer(Recording("Replayham", "small", 8, commands=["w", RELOAD, "w"]), Game)
    settle(r.game)
    before = r.game
    assert r.step() is True and r.index == 2 and r.game is not before
    assert r.game.to_json()["player"] == before.to_json()["player"] and r.game.turn == before.turn
    assert r.step() is False  # the location it reloads into is built first
    settle(r.game)
    assert r.step() is True and r.index == 3


def test_playing_to_the_end_is_bounded_by_the_commands():
    calls = []
    r = Replayer(Recording("Replayham", "small", 8, commands=["w"] * 3), Game)
    assert r.play_to_end(lambda g: (calls.append(1), settle(g))) is None
    assert len(calls) == 4 and r.finished
