"""Recordings and replays: a run's commands given again to a new run of the
same world, size and seed reach the same state (the state digest of
game/rules/persistence/digest.py is the judge), through saves and reloads; a damaged,
edited, foreign or oversized recording gives one line, never a crash."""

import base64
import json
import os
import subprocess
import sys
import tomllib
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import replay as replay_cli
from game.rules.persistence import digest, record, recstore, save
from game.rules.persistence.record import RELOAD, Recording, parse_commands, read_file
from game.rules.run import Game, open_replay
from game.shell.work import settle

from scripted import ALL_COMMANDS, new_run, play

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


class MemoryStorage:
    def __init__(self):
        self.data = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value
        return True

    def delete(self, key):
        self.data.pop(key, None)


def replayed(text: str) -> Game:
    """The game a recording's text replays to; fails the test on any mismatch."""
    replay, why = open_replay(text)
    assert replay is not None, why
    assert replay.play_to_end(settle) is None, replay.mismatch
    assert replay.finished
    return replay.game


def _payload(text: str) -> dict:
    body = text[len(record.PREFIX):]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def _text(payload: dict) -> str:
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return record.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


# -- the property: random commands, recorded and replayed ---------------------------------------
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 160))
def test_random_commands_replay_to_the_same_state(seed, n):
    g = play(new_run(), seed, 0, n)
    text = g.finish_recording()
    assert digest.state_digest(replayed(text)) == digest.state_digest(g)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 120))
def test_random_commands_with_rest_search_swap_and_the_pick_up_mode_replay_to_the_same_state(seed, n):
    g = play(new_run(), seed, 0, n, ALL_COMMANDS)
    text = g.finish_recording()
    assert digest.state_digest(replayed(text)) == digest.state_digest(g)


def test_a_recording_carries_a_digest_before_its_first_command_and_every_thousand_turns():
    g = play(new_run("Ledgerholm", "small", 11), 21, 0, 400)
    rec = g.recording
    assert rec.checks[0][:2] == (0, 0)
    turns = [turn for _, turn, _ in rec.checks]
    assert all(b // record.CHECK_EVERY > a // record.CHECK_EVERY for a, b in zip(turns, turns[1:]))
    assert len(turns) >= 1 + g.turn // record.CHECK_EVERY - 1
    g.finish_recording()
    assert rec.final[:2] == (len(rec.commands), g.turn)


def test_nested_and_refused_commands_are_not_recorded():
    g = new_run()
    before = len(g.recording.commands)
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    g.travel_to(site.x, site.y)
    assert g.recording.commands[before:] == [f"T[{site.x},{site.y}]"]
    g.pending = object()  # a map being built: a command is refused and changes nothing
    g.wait()
    assert len(g.recording.commands) == before + 1
    g.pending = None
    g.stairs(True)  # on the overworld it calls interact(): only stairs is recorded
    assert g.recording.commands[-1] == "S[true]"


# -- saves and reloads ------------------------------------------------------------------------------
def _walk_to_a_site(g: Game) -> None:
    site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
    g.travel_to(site.x, site.y)
    for _ in range(400):
        if not g.go_on():
            break


def test_a_run_saved_and_continued_replays_whole():
    storage = MemoryStorage()
    g = play(new_run(), 8, 0, 60)
    assert g.save_to(storage).ok
    body, _ = save.load(storage)
    h = Game.resume(body, storage)
    assert h.recording is not None and h.recording.commands[-1] == RELOAD
    settle(h)
    h.move(1, 0)  # a walk left by the first run is gone after the reload: the replay knows
    play(h, 8, 60, 80)
    assert digest.state_digest(replayed(h.finish_recording())) == digest.state_digest(h)


def test_save_and_quit_while_a_map_is_built_goes_on_into_that_map_and_replays():
    storage = MemoryStorage()
    g = new_run()
    _walk_to_a_site(g)
    assert g.enter_site() and g.pending is not None
    assert g.save_to(storage).ok  # the run on its way into the site
    body, _ = save.load(storage)
    h = Game.resume(body, storage)
    assert h.recording.commands[-1] == RELOAD + "[1]"
    settle(g)
    settle(h)
    assert h.mode == "dungeon" and digest.state_digest(h) == digest.state_digest(g)  # as if never saved
    play(h, 3, 0, 80)
    assert digest.state_digest(replayed(h.finish_recording())) == digest.state_digest(h)


def test_continuing_from_the_backup_cuts_the_recording_back_to_it():
    storage = MemoryStorage()
    g = play(new_run(), 12, 0, 30)
    assert g.save_to(storage).ok
    older = len(g.recording.commands)
    play(g, 12, 30, 30)
    assert g.save_to(storage).ok
    storage.data[save.KEY] = "damaged"
    body, why = save.load(storage)
    assert "previous save" in why
    h = Game.resume(body, storage)
    assert len(h.recording.commands) == older + 1  # cut back, then the reload
    settle(h)
    play(h, 5, 0, 40)
    assert digest.state_digest(replayed(h.finish_recording())) == digest.state_digest(h)


def test_a_save_whose_recording_cannot_be_read_back_goes_on_unrecorded_and_says_so(monkeypatch):
    monkeypatch.setattr(recstore, "CHUNK", 4)
    storage = MemoryStorage()
    g = play(new_run(), 2, 0, 20)
    assert g.save_to(storage).ok
    storage.data["recording.0"] = "lost"
    h = Game.resume(save.load(storage)[0], storage)
    assert h.recording is None
    assert h.log[-1].text == ("This run's recording could not be read back (part 1 of it is missing or changed): "
                              "the run goes on unrecorded.")


def test_the_stored_recording_is_in_chunks_written_once(monkeypatch):
    monkeypatch.setattr(recstore, "CHUNK", 16)
    storage = MemoryStorage()
    g = play(new_run(), 6, 0, 60)
    assert g.save_to(storage).ok
    chunks = len(g.recording.commands) // 16
    assert chunks >= 2 and all(f"recording.{i}" in storage.data for i in range(chunks))
    first = storage.data["recording.0"]
    g.wait()
    assert g.save_to(storage).ok and storage.data["recording.0"] is first
    h = Game.resume(save.load(storage)[0], storage)
    assert h.recording.commands[:-1] == g.recording.commands


def test_a_finished_run_joins_the_list_of_replays_and_leaves_no_recording_beside_the_save():
    storage = MemoryStorage()
    for seed in range(8):
        g = play(new_run(), seed, 0, 15)
        g.save_to(storage)
        g.end_run(storage)
    runs = recstore.finished(storage)
    assert len(runs) == recstore.MAX_FINISHED
    assert runs[0][0]["world"] == "Savehold" and "score" in runs[0][0]
    assert not any(key.startswith(recstore.CHUNK_KEY) for key in storage.data) and save.KEY not in storage.data
    assert read_file(runs[0][1])[0] is not None


# -- bad recordings -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def short_recording() -> str:
    return play(new_run(), 4, 0, 60).finish_recording()


def test_an_edited_recording_diverges_and_names_the_turn(short_recording):
    payload = _payload(short_recording)
    payload["seed"] += 1  # another run seed: other rolls from the first blow on
    status, line = replay_cli.verify(_text(payload))
    assert status == 1 and "turn" in line and "\n" not in line
    payload = _payload(short_recording)
    commands = parse_commands(payload["commands"])
    half = len(commands) // 2
    commands = commands[:half] + [c for c in commands[half:] if c[0] not in "ms"]  # steps taken out of the end
    payload["commands"] = "".join(record.encode_command(c, a) for c, a in commands)
    payload["final"][0] = len(commands)
    payload["checks"] = [c for c in payload["checks"] if c[0] < len(commands)]
    status, line = replay_cli.verify(_text(payload))
    assert status == 1 and "turn" in line


# -- --verify believes nothing but the commands ---------------------------------------------------
def test_verify_prints_what_the_replay_reached(short_recording):
    replay, _ = open_replay(short_recording)
    assert replay.play_to_end(settle) is None
    g, reached = replay.game, replay.reached()
    status, line = replay_cli.verify(short_recording)
    assert status == 0 and line == (f"ok: {replay.total} commands, {g.turn} turns, {replay_cli.ending(replay).split(', ', 1)[1]}; "
                                    f"{replay.matched} digests match")
    assert f"score {reached['score']}" in line and f"on island {g.location + 1}" in line


@pytest.mark.parametrize(("edit", "said"), [
    (lambda p: p["final"].__setitem__(3, "won"), "false: the file says outcome 'won', the replay reaches 'died'"),
    (lambda p: p["summary"].__setitem__("score", p["summary"]["score"] + 500), "false: the file says score"),
    (lambda p: p["summary"].__setitem__("relics", p["summary"]["relics"] + 5), "false: the file says relics"),
    (lambda p: p["summary"].__setitem__("cause", "old age"), "false: the file says cause 'old age'"),
    (lambda p: p.update(checks=[]), "lacks the digest due before command 1 (turn 0)"),
    (lambda p: p.update(final=p["final"][:2] + ["", p["final"][3]]), "has no final digest"),
    (lambda p: p.update(final=None), "has no final digest"),
    (lambda p: p.update(world="Elsewhere"), "differs from the recording at turn 0"),
    (lambda p: p.update(background="adept"), "differs from the recording at turn 0"),
    (lambda p: p.update(size="large"), "differs from the recording at turn 0"),
], ids=["outcome", "score", "relics", "cause", "no-digests", "final-stripped", "no-final", "world", "background",
        "size"])
def test_verify_refuses_a_file_whose_claims_or_digests_the_replay_does_not_bear_out(died_recording, edit, said):
    payload = _payload(died_recording)
    edit(payload)
    status, line = replay_cli.verify(_text(payload))
    assert status == 1 and said in line and "\n" not in line


def test_verify_refuses_reordered_commands(died_recording):
    payload = _payload(died_recording)
    commands = parse_commands(payload["commands"])
    k = next(i for i in range(1, len(commands)) if commands[i] != commands[i - 1] and commands[i][0] == "m")
    commands[k - 1], commands[k] = commands[k], commands[k - 1]
    payload["commands"] = "".join(record.encode_command(c, a) for c, a in commands)
    status, line = replay_cli.verify(_text(payload))
    assert status == 1 and line.startswith("diverges: ") and "\n" not in line


@pytest.fixture(scope="module")
def died_recording() -> str:
    """A whole run that ended in death, recorded: a diver's, cut short of nothing."""
    from game.tools.autoplay import play_run

    for k in range(1, 20):
        report = play_run(f"Deathbed-{k}", "diver", "small", max_turns=6000)
        if report.dead:
            return report.recording
    pytest.fail("no diver died in 19 runs")


@pytest.mark.parametrize("damage, words", [
    (lambda t: t[:len(t) // 2], "cut short"),
    (lambda t: "garbage", "not a Deepisle recording"),
    (lambda t: t[:40] + "!!!" + t[43:], "damaged"),
    (lambda t: "DR9." + t[4:], "another format"),
    (lambda t: t + "A" * record.MAX_FILE_CHARS, "too large"),
    (lambda t: _text(dict(_payload(t), version="0.0.1+deadbeef")), "0.0.1+deadbeef"),
    (lambda t: _text(dict(_payload(t), commands="m[1,0]?")), "not one this game knows"),
    (lambda t: _text(dict(_payload(t), commands='m["a",{}]')), "damaged"),
    (lambda t: _text(dict(_payload(t), world="")), "damaged"),
    (lambda t: _text(dict(_payload(t), seed=-4)), "damaged"),
    (lambda t: _text(dict(_payload(t), checks=[[5, 0, "x"], [2, 0, "y"]])), "damaged"),
    (lambda t: record.PREFIX + base64.urlsafe_b64encode(zlib.compress(b"[" * 2 * 10**7)).decode(), "too large"),
    (lambda t: _text([1, 2]), "not a Deepisle recording"),
])
def test_a_bad_recording_is_refused_with_one_line(short_recording, damage, words):
    status, line = replay_cli.verify(damage(short_recording))
    assert status == 2 and words in line and "\n" not in line


def test_a_recording_from_another_version_says_which_and_does_not_replay(short_recording):
    replay, why = open_replay(_text(dict(_payload(short_recording), version="9.9.9")))
    assert replay is None and "9.9.9" in why and record.version() in why


def test_a_command_the_run_cannot_take_is_a_divergence_not_a_crash(short_recording):
    payload = _payload(short_recording)
    payload["commands"] = "u[99,[1,2]]" + payload["commands"][0:0]  # a pack slot that is not there
    payload["final"], payload["checks"] = [1, 0, "0" * 32, "playing"], []
    status, line = replay_cli.verify(_text(payload))
    assert status == 1 and "\n" not in line


# -- the command line and the balance harness ----------------------------------------------------
def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.replay", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def test_autoplay_recordings_of_every_policy_verify_in_a_new_process(tmp_path):
    from game.tools import autoplay

    assert autoplay.main(["--runs", "1", "--world", "Tapewell", "--size", "small", "--max-turns", "1500",
                          "--record", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.replay.txt"))
    assert [f.name for f in files] == [f"Tapewell-1-{policy}.replay.txt" for policy in sorted(autoplay.POLICIES)]
    for f in files:
        done = _cli(f, "--verify")
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("\n") == 1 and "digests match" in done.stdout


def test_the_command_line_exits_1_on_a_divergence_and_2_on_a_file_it_cannot_read(tmp_path, short_recording):
    edited = tmp_path / "edited.replay.txt"
    edited.write_text(_text(dict(_payload(short_recording), seed=_payload(short_recording)["seed"] + 1)))
    truncated = tmp_path / "truncated.replay.txt"
    truncated.write_text(short_recording[:len(short_recording) // 3])
    binary = tmp_path / "binary.replay.txt"
    binary.write_bytes(bytes(range(256)))
    fifo = tmp_path / "fifo.replay.txt"
    os.mkfifo(fifo)  # nobody writes to it: a reader that waited would hang here
    for path, status in ((edited, 1), (truncated, 2), (binary, 2), (tmp_path / "missing.txt", 2), (fifo, 2),
                         (tmp_path, 2), (Path("/dev/zero"), 2)):
        done = _cli(path, "--verify")
        assert done.returncode == status, (path, done.stderr)
        assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = _cli(truncated)  # watching a file it cannot read: the same line, before any window
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_a_recording_is_small():
    """A 60,000-turn run must fit in 200 KB: these are the bytes per command."""
    g = play(new_run(), 9, 0, 300)
    text = g.finish_recording()
    per_command = (len(text) - 400) / len(g.recording.commands)
    assert per_command * 60_000 < 200_000


def test_the_version_is_the_packages_and_the_rules_number():
    package = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert record.PACKAGE_VERSION == package
    assert record.version() == f"{package}+rules.{record.RULES_VERSION}"


GOLDEN = ROOT / "tests" / "data" / "golden.replay.txt"


def test_the_golden_recording_still_plays_to_its_digests():
    """A committed autoplay run (``make golden-replay``) replays under today's
    rules.  When a change makes it diverge, recorded runs no longer play the
    same: raise ``RULES_VERSION`` in game/rules/persistence/record.py and remake it."""
    from game.replay import verify

    status, line = verify(GOLDEN.read_text(encoding="ascii"))
    assert status == 0, (f"{line}: the rules changed what a recorded run does; raise RULES_VERSION in "
                         "game/rules/persistence/record.py and run `make golden-replay` in the same commit")
    assert "digests match" in line and int(line.split(" digests match")[0].rsplit(" ", 1)[1]) >= 3


#: Game methods the screens call that change nothing a replay must repeat: questions,
#: map builds (a replay builds what the commands ask for), saving and the end of a run.
NOT_COMMANDS = {"aim_label", "aim_preview", "aim_range", "build_failed", "build_iterator", "build_label",
                "build_stage_names", "describe", "end_run", "install_build", "monster_name_at", "pack_rows",
                "save_to", "targets", "morgue", "finish_recording", "record_score", "score_key", "erase_save",
                "location_status", "perk_offer", "take_cues", "reading", "enchant_choices", "use_caution",
                "aim_caution",  # take_cues: the sounds to play, not the rules state
                "objective", "visited_sites", "relic_site", "island_pos", "buttons", "set_tips"}  # (tips: messages)


def test_every_game_method_a_screen_calls_is_recorded_or_changes_nothing():
    import re

    called = set()
    for path in sorted((ROOT / "game" / "scenes").glob("*.py")):
        called |= set(re.findall(r"\b(?:g|game|self\.game)\.([a-z_]+)\(", path.read_text(encoding="utf-8")))
    methods = {name for name in called if callable(getattr(Game, name, None))}
    unrecorded = {name for name in methods if not hasattr(getattr(Game, name), "code")}
    assert unrecorded <= NOT_COMMANDS, f"mark these @recorded, or list them as changing nothing: {unrecorded - NOT_COMMANDS}"
    assert {"move", "interrupt", "go_on", "use_item", "fire", "go_location"} <= methods - unrecorded
