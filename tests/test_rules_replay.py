"""Playing a recording back (``game.rules.persistence.replay``): a new unrecorded run of
the recording's world, size, seed, day and background; each command given
in turn, each digest compared before the command it was taken before, the
final one at the end; a reload done as loading did; a divergence or a
command the run cannot take named by its command and turn, never a crash."""

from dataclasses import replace

from game.rules.persistence import save
from game.rules.persistence.digest import state_digest
from game.rules.persistence.record import RELOAD, Recording
from game.rules.persistence.replay import Mismatch, Replayer
from game.rules.run import Game
from game.shell.work import settle

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


def handmade(commands: list[str]) -> Recording:
    """A recording of ``commands`` (texts) with the one digest its start needs, taken from a new run."""
    g = Game.new("Replayham", "small", 8, record=False)
    settle(g)
    return Recording("Replayham", "small", 8, commands=commands, checks=[(0, 0, state_digest(g))],
                     final=(len(commands), 0, "", "playing"), cut=True)


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


def test_a_recording_without_a_final_digest_cannot_end_checked():
    rec = recorded_run(*STEPS)
    for final in (None, (len(STEPS), rec.final[1], "", "died")):  # not finished, or its digest stripped
        r = Replayer(replace(rec, final=final), Game)
        assert r.play_to_end(settle) == Mismatch(len(STEPS), r.game.turn if final is None else final[1],
                                                 "the recording has no final digest: its end cannot be checked")
        assert not r.finished


def test_a_recording_cut_short_ends_at_its_last_digest():
    rec = recorded_run(*STEPS)
    r = Replayer(replace(rec, final=(len(STEPS), 0, "", "playing"), cut=True), Game)
    assert r.play_to_end(settle) is None and r.finished and r.matched == len(rec.checks)


def test_a_recording_stripped_of_a_digest_the_recorder_wrote_cannot_be_checked():
    rec = recorded_run(*STEPS)
    r = Replayer(replace(rec, checks=[]), Game)
    assert r.play_to_end(settle) == Mismatch(0, 0, "the recording lacks the digest due before command 1 (turn 0): "
                                                   "it cannot be checked")
    assert r.index == 0 and not r.finished


def test_a_digest_is_due_again_at_the_first_command_a_thousand_turns_on():
    rec = recorded_run(*STEPS)
    r = Replayer(rec, Game)
    settle(r.game)
    assert r.step()
    r.game.turn = 999  # the recorder takes none before turn 1000 ...
    assert r._compare(1) and r.mismatch is None
    r.game.turn = 1000  # ... and one at the first command at or past it
    assert not r._compare(1) and "lacks the digest due before command 2 (turn 1000)" in r.mismatch.line


def test_no_digest_is_due_past_the_last_command_the_final_one_checks_the_end():
    rec = recorded_run(*STEPS)
    r = Replayer(rec, Game)
    settle(r.game)
    r.game.turn = 1000  # a digest would be due before another command: there is none
    assert len(r.commands) not in r.checks
    assert r._compare(len(r.commands)) and r.mismatch is None


def test_a_command_the_run_cannot_take_is_named_not_raised():
    r = Replayer(handmade(["w", "m[1]", "w"]), Game)  # a step needs two numbers
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


def _saved_and_continued(g: Game, reload: str) -> Game:
    """``g`` saved, loaded (its recording ending in the ``reload`` mark), its map built, one turn waited, finished."""
    store = Store()
    back = Game.resume(save.decode(g.save_to(store).text)[0], store)
    assert back.recording.commands[-1] == reload
    settle(back)
    back.wait()
    back.finish_recording()
    return back


def test_a_reload_plays_as_loading_the_save_did():
    g = Game.new("Replayham", "small", 8)
    settle(g)
    g.wait()
    r = Replayer(_saved_and_continued(g, RELOAD).recording, Game)
    assert r.play_to_end(settle) is None and r.finished
    assert r.game.log[-2].text == f"Welcome back to {g.name}." and r.game is not None


def _at_a_site_door() -> Game:
    g = Game.new("Replayham", "small", 8)
    settle(g)
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    assert g.travel_to(site.x, site.y)
    for _ in range(1000):  # every step a recorded command
        if not g.go_on():
            break
    assert g.pos == (site.x, site.y)
    return g


def test_a_reload_made_while_a_map_was_built_is_given_before_that_build():
    g = _at_a_site_door()
    assert g.enter_site() and g.pending is not None  # save and quit now: the run on its way in
    back = _saved_and_continued(g, RELOAD + "[1]")
    assert back.mode == "dungeon" and back.depth == 1  # in, as the build would have had it
    r = Replayer(back.recording, Game)
    n = len(r.commands)
    for _ in range(n):
        if r.needs_build:
            settle(r.game)
        if r.index == n - 2:
            break
        assert r.step()
    assert r.commands[r.index] == (RELOAD, (1,)) and r.game.pending is not None and not r.needs_build
    before = r.game
    assert r.step() is True and r.game is not before and r.game.pending is not None  # reloaded, nothing built
    assert r.play_to_end(settle) is None and r.finished


def test_a_reload_made_after_a_map_was_built_waits_for_that_build():
    g = _at_a_site_door()
    assert g.enter_site()
    settle(g)  # the level is in when the save is made
    r = Replayer(_saved_and_continued(g, RELOAD).recording, Game)
    for _ in range(len(r.commands)):
        if r.commands[r.index][0] == RELOAD:
            break
        if r.needs_build:
            settle(r.game)
        assert r.step()
    assert r.game.pending is not None and r.needs_build and r.step() is False  # the level first
    settle(r.game)
    assert r.step() is True and r.game.mode == "dungeon-loading" or r.game.pending is not None
    assert r.play_to_end(settle) is None and r.finished


def test_a_reload_made_while_a_map_was_built_with_no_build_asked_for_is_named():
    r = Replayer(handmade(["w", RELOAD + "[1]"]), Game)
    settle(r.game)
    assert r.step() is True and r.step() is False and r.index == 2
    assert r.mismatch.command == 1 and r.mismatch.line.endswith("cannot be played here (ValueError)")


def test_a_plain_reload_goes_on_from_the_state_as_it_stands():
    r = Replayer(handmade(["w", RELOAD, "w"]), Game)
    settle(r.game)
    assert r.step() is True
    before = r.game
    assert r.step() is True and r.index == 2 and r.game is not before
    assert r.game.to_json()["player"] == before.to_json()["player"] and r.game.turn == before.turn
    assert r.needs_build and r.step() is False  # the location it reloads into is built first
    settle(r.game)
    assert r.step() is True and r.index == 3


def test_a_reload_with_other_arguments_is_named():
    r = Replayer(handmade(["w", RELOAD + "[2]"]), Game)
    settle(r.game)
    assert r.step() and r.step() is False and r.mismatch.line.endswith("cannot be played here (ValueError)")


def test_playing_to_the_end_builds_only_what_is_asked_for_and_is_bounded_by_the_commands():
    calls = []
    r = Replayer(handmade(["w"] * 3), Game)
    assert r.play_to_end(lambda g: (calls.append(1), settle(g))) is None
    assert len(calls) == 1 and r.finished  # the first location; no command asked for another map

    class Stubborn:  # a build that never builds: the replay stops there, it does not loop
        pending = "a map"

    r = Replayer(handmade(["w"] * 3), Game)
    r.game = Stubborn()
    assert r.play_to_end(lambda g: calls.append(1)) is None and r.index == 0 and not r.finished
    assert len(calls) == 2


# -- what the file claims ----------------------------------------------------------------------------
def test_an_end_the_file_claims_and_the_replay_does_not_reach_is_named_beside_the_replays():
    rec = recorded_run(*STEPS)
    r = Replayer(rec, Game)
    assert r.play_to_end(settle) is None and r.claims() == []
    reached = r.reached()
    assert reached["outcome"] == "died" and r.outcome() == "playing"  # a run handed over: its table line says died
    for field, value in (("score", reached["score"] + 100), ("turns", 5000), ("relics", 3), ("outcome", "won"),
                         ("cause", "old age"), ("world", "Elsewhere")):
        told = Replayer(replace(rec, summary=dict(rec.summary, **{field: value})), Game)
        told.play_to_end(settle)
        assert told.claims() == [(field, value, reached[field])]
    told = Replayer(replace(rec, final=rec.final[:3] + ("won",)), Game)
    told.play_to_end(settle)
    assert told.claims()[0] == ("outcome", "won", "playing")


def test_a_cut_recording_claims_nothing_past_its_cut():
    rec = recorded_run(*STEPS)
    r = Replayer(replace(rec, final=(len(STEPS), 0, "", "won"), cut=True, summary=dict(rec.summary, score=10**6)),
                 Game)
    assert r.play_to_end(settle) is None and r.claims() == []
