"""Recordings (``game.rules.persistence.record``): which calls are recorded and how, the
command text and every refusal of it, a recording's digests, reload marks,
cut and end, and reading a recording's text back with every refusal said
in one line."""

import base64
import json
import zlib

import numpy as np
import pytest

from game.rules.persistence import record
from game.rules.persistence.digest import state_digest
from game.rules.persistence.record import (CHECK_EVERY, COMMANDS, MAX_ARGS, MAX_TEXT_ARG, RELOAD, Recording, RecordingError,
                               encode_command, parse_commands, read_file, recorded, version)

from creatures import run_on


# -- marking commands ------------------------------------------------------------------------
def free_code() -> str:
    return next(c for c in "0123456789#$%&" if c not in COMMANDS)


@pytest.mark.parametrize("code", ["mm", "", "[", "]", "m"])
def test_a_command_code_is_one_new_character_and_no_bracket(code):
    with pytest.raises(ValueError, match="a command code is one new character"):
        recorded(code)


def test_a_marked_method_is_listed_under_its_code(monkeypatch):
    monkeypatch.setattr(record, "COMMANDS", dict(COMMANDS))
    code = free_code()

    @recorded(code)
    def poke(self, a, b=2):
        return (a, b)

    assert record.COMMANDS[code] == "poke" and poke.code == code and poke.__name__ == "poke"


def recording_run():
    g = run_on()
    g.recording = Recording.start(g)
    return g


def test_a_command_is_recorded_with_its_arguments_as_given_by_name_or_place():
    g = recording_run()
    g.set_pickup(mode="all")
    g.drop(0)
    g.wait()
    assert g.recording.commands[-3:] == ['P["all"]', "D[0]", "w"] and g.pickup == "all"


def test_a_command_given_by_another_is_not_recorded_again():
    g = recording_run()
    g.stairs(True)  # walks to the stairs, or takes them: one command either way
    assert [c[0] for c in g.recording.commands] == ["S"] and g.recording.depth == 0


def test_a_command_while_busy_or_unrecorded_is_given_but_not_recorded():
    g = recording_run()
    g.pending = object()
    assert g.set_pickup("all") is False and g.recording.commands == []
    g.pending, g.recording = None, None
    assert g.set_pickup("none") is True and g.pickup == "none"


# -- the command text --------------------------------------------------------------------------------
def test_arguments_are_written_as_json_holds_them():
    assert encode_command("m", (np.int64(1), True, None, (2, -3))) == "m[1,true,null,[2,-3]]"
    assert encode_command("P", ("x" * MAX_TEXT_ARG,)) == 'P["' + "x" * MAX_TEXT_ARG + '"]'
    assert encode_command("s", ()) == "s"


@pytest.mark.parametrize("arg", ["x" * (MAX_TEXT_ARG + 1), "a\nb", 1.5, {"a": 1}, object()])
def test_an_argument_json_cannot_hold_plainly_is_refused_by_its_type(arg):
    with pytest.raises(TypeError, match=f"not {type(arg).__name__}"):
        encode_command("m", (arg,))


@pytest.mark.parametrize("text", [
    "s", "ss", "m[1,-1]", 'P["' + "x" * MAX_TEXT_ARG + '"]', "m[2147483647]", "m[-2147483647]", "m[null,true]",
    "m[[null,true]]", "m[[1,2]]", "m[" + ",".join(["1"] * MAX_ARGS) + "]",
])
def test_a_command_text_of_small_arguments_is_read(text):
    assert "".join(encode_command(code, args) for code, args in parse_commands(text)) == text


@pytest.mark.parametrize("text", [
    "m[2147483648]", "m[-2147483648]", "m[[1,2,3]]", "m[[[1]]]", 'm[[1,"a"]]', 'P["' + "x" * (MAX_TEXT_ARG + 1) + '"]',
    'P["a\\u0001"]', "m[1.5]", "m[{}]", "m[" + ",".join(["1"] * (MAX_ARGS + 1)) + "]", "m[1", "m[[1]", "m[1]\x00",
])
def test_a_command_with_arguments_it_cannot_have_is_damaged_and_named(text):
    with pytest.raises(RecordingError) as why:
        parse_commands("w" + text)
    assert str(why.value) in ("command 2 is damaged", "command 3 is not one this game knows")


def test_an_unknown_code_is_named_by_its_place():
    with pytest.raises(RecordingError, match=r"^command 3 is not one this game knows$"):
        parse_commands("ww\x00")


def test_a_command_text_is_read_up_to_its_limit_and_refused_beyond():
    assert len(parse_commands("w" * 5, limit=5)) == 5
    with pytest.raises(RecordingError, match=r"^more than 1,000 commands$"):
        parse_commands("w" * 1001, limit=1000)


# -- a recording ------------------------------------------------------------------------------------
def test_a_recording_starts_with_the_runs_world_size_seed_day_and_background():
    g = run_on()
    g.daily, g.player.background = "2026-11-27", "hunter"
    rec = Recording.start(g)
    assert (rec.world, rec.size, rec.seed, rec.daily, rec.background) == (g.name, "small", 7, "2026-11-27", "hunter")
    g.daily = None
    assert Recording.start(g).daily == ""


def test_a_digest_is_kept_before_the_first_command_and_the_first_at_or_past_every_check():
    g = run_on()
    rec = Recording.start(g)
    rec.add(g, "w", ())
    assert rec.checks == [(0, 0, state_digest(g))] and rec.next_check == CHECK_EVERY
    g.turn = CHECK_EVERY - 1
    rec.add(g, "w", ())
    assert len(rec.checks) == 1
    g.turn = CHECK_EVERY + 5
    rec.add(g, "m", (1, 0))
    assert rec.checks[-1] == (2, CHECK_EVERY + 5, state_digest(g)) and rec.next_check == 2 * CHECK_EVERY
    assert rec.commands == ["w", "w", "m[1,0]"]


def test_a_recording_full_is_cut_and_one_finished_takes_no_more(monkeypatch):
    monkeypatch.setattr(record, "MAX_COMMANDS", 2)
    g = run_on()
    rec = Recording.start(g)
    for _ in range(3):
        rec.add(g, "w", ())
    assert rec.commands == ["w", "w"] and rec.cut
    rec.reloaded(False)
    assert rec.commands == ["w", "w"]
    done = Recording.start(g)
    done.finish(g)
    done.add(g, "w", ())
    done.reloaded(True)
    assert done.commands == []


def test_a_reload_is_marked_and_one_from_before_a_build_says_so():
    rec = Recording("Avalon", "small", 1)
    rec.reloaded(False)
    rec.reloaded(True)
    assert rec.commands == [RELOAD, RELOAD + "[1]"]


def test_the_next_digest_is_due_at_the_thousand_after_the_last_one():
    assert record.next_check_after([]) == 0  # the first command takes one
    for turn, due in ((0, CHECK_EVERY), (CHECK_EVERY - 1, CHECK_EVERY), (CHECK_EVERY, 2 * CHECK_EVERY),
                      (2 * CHECK_EVERY + 1, 3 * CHECK_EVERY)):
        assert record.next_check_after([(0, 0, "a"), (4, turn, "b")]) == due


def test_a_reload_takes_up_the_digests_where_the_save_left_them():
    rec = Recording("Avalon", "small", 1, commands=["w"] * 6, checks=[(0, 0, "a"), (3, CHECK_EVERY + 2, "b")])
    rec.reloaded(False)
    assert rec.next_check == 2 * CHECK_EVERY and rec.commands[-1] == RELOAD
    empty = Recording("Avalon", "small", 1)
    empty.next_check = 77
    empty.reloaded(True)
    assert empty.next_check == 0 and empty.commands == [RELOAD + "[1]"]


def test_the_end_keeps_the_commands_turn_digest_and_outcome_once():
    g = run_on()
    g.turn = 40
    rec = Recording.start(g)
    rec.commands = ["w"] * 3
    rec.finish(g, {"score": 5})
    assert rec.final == (3, 40, state_digest(g), "playing") and rec.summary == {"score": 5}
    g.turn = 41
    rec.finish(g, {"score": 6})
    assert rec.final[1] == 40 and rec.summary == {"score": 6}
    for end, outcome in (("dead", "died"), ("won", "won")):
        h = run_on()
        setattr(h, end, True)
        other = Recording.start(h)
        other.finish(h)
        assert other.final[3] == outcome and other.summary == {}


def test_a_cut_recording_ends_at_its_last_digest():
    g = run_on()
    g.turn = 5000
    rec = Recording.start(g)
    rec.cut, rec.checks = True, [(0, 0, "a"), (7, 3000, "b")]
    rec.finish(g)
    assert rec.final[1:3] == (3000, "")
    bare = Recording.start(g)
    bare.cut = True
    bare.finish(g)
    assert bare.final[1:3] == (0, "")


def test_the_header_names_the_day_and_background_only_when_there_are_some():
    rec = Recording("Avalon", "small", 4)
    assert rec.header() == {"game": "deepisle", "version": version(), "world": "Avalon", "size": "small", "seed": 4}
    rec.daily, rec.background = "2026-11-27", "hunter"
    assert rec.header()["daily"] == "2026-11-27" and rec.header()["background"] == "hunter"


# -- the file ----------------------------------------------------------------------------------------
def payload_of(text: str) -> dict:
    body = text[len(record.PREFIX):]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def text_of(payload) -> str:
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return record.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def finished() -> Recording:
    g = run_on()
    g.daily, g.player.background = "2026-11-27", "hunter"
    rec = Recording.start(g)
    for code, args in (("w", ()), ("m", (1, 0)), ("P", ("all",))):
        rec.add(g, code, args)
    rec.finish(g, {"score": 12, "world": g.name})
    return rec


def test_a_recording_is_one_line_read_back_whole():
    rec = finished()
    text = rec.to_file()
    assert text.startswith("DR1.") and "\n" not in text and "=" not in text
    back, why = read_file(text)
    assert why == ""
    for field in ("world", "size", "seed", "daily", "background", "version", "commands", "checks", "final", "cut",
                  "summary"):
        assert getattr(back, field) == getattr(rec, field), field
    assert read_file("  " + text + "\n")[0] is not None


def test_a_text_cut_on_a_lone_last_character_is_read_as_cut_short():
    text = finished().to_file()
    body = text[len(record.PREFIX):]
    cut = next(n for n in range(len(body) - 1, 0, -1) if n % 4 == 1)
    assert read_file(record.PREFIX + body[:cut]) == (None, "the recording is cut short")


@pytest.mark.parametrize(("text", "why"), [
    (None, "that is not a recording (not text)"),
    (b"DR1.", "that is not a recording (not text)"),
    ("hello", "that is not a Deepisle recording"),
    ("DR" + "x" * 10, "that is not a Deepisle recording"),
    ("DR2.abc", "the recording is of another format (2); this game reads format 1"),
    ("DR1.AAAA", "the recording is damaged (it does not decode)"),
    ("DR1." + base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode(), "the recording is damaged (it does not decode)"),
    ("DR1." + base64.urlsafe_b64encode(zlib.compress(b"[1]")).decode(), "that is not a Deepisle recording"),
    ("DR1." + base64.urlsafe_b64encode(zlib.compress(b'{"game":"other"}')).decode(), "that is not a Deepisle recording"),
])
def test_a_text_that_is_no_recording_is_refused_in_one_line(text, why):
    assert read_file(text) == (None, why)


def test_a_text_too_large_is_refused_unread(monkeypatch):
    assert read_file("DR1." + "A" * record.MAX_FILE_CHARS)[1] == \
        f"the recording is too large (over {record.MAX_FILE_CHARS:,} characters)"
    text = finished().to_file()
    monkeypatch.setattr(record, "MAX_JSON_CHARS", len(json.dumps(payload_of(text), separators=(",", ":"))) - 1)
    assert read_file(text) == (None, "the recording is too large")


def test_a_recording_of_another_version_says_whose():
    payload = payload_of(finished().to_file())
    payload["version"] = "0.0.9+rules.1" + "x" * 60
    assert read_file(text_of(payload)) == (None, f"the recording is from Deepisle {payload['version'][:40]}; this "
                                                 f"is {version()}, whose rules may differ: it cannot be replayed here")


def damaged(**changes):
    payload = payload_of(finished().to_file())
    for key, value in changes.items():
        if value is ...:
            del payload[key]
        else:
            payload[key] = value
    return read_file(text_of(payload))


@pytest.mark.parametrize(("field", "value", "why"), [
    ("seed", "7", "no run seed"), ("seed", True, "no run seed"), ("seed", -1, "no run seed"),
    ("seed", 2**63, "no run seed"), ("seed", ..., "no run seed"),
    ("commands", ["w"], "no commands"), ("commands", ..., "no commands"),
    ("world", "", "no world"), ("world", 5, "no world"), ("world", "x" * 201, "no world"), ("world", ..., "no world"),
    ("size", "x" * 21, "no size"), ("size", "", "no size"),
    ("checks", "x", "its digests"), ("checks", [[0, 0, "a"]] * 5, "its digests"),
    ("checks", [[0, 0]], "its digests"), ("checks", [[1, 0, "a"], [1, 5, "b"]], "its digests"),
    ("checks", [[3, 0, "a"]], "its digests"), ("checks", [[-1, 0, "a"]], "its digests"),
    ("checks", [[0, -1, "a"]], "its digests"), ("checks", [[0, 0, 5]], "its digests"),
    ("checks", [[0, 0, "a" * 65]], "its digests"), ("checks", [[True, 0, "a"]], "its digests"),
    ("checks", [[0, 2**31, "a"]], "its digests"), ("checks", ["abc"], "its digests"),
    ("final", [3, 0, "a"], "its end"), ("final", [2, 0, "a", "won"], "its end"), ("final", [3, -1, "a", "won"], "its end"),
    ("final", [3, 0, 5, "won"], "its end"), ("final", [3, 0, "a" * 65, "won"], "its end"),
    ("final", [3, 0, "a", "lost"], "its end"), ("final", "x", "its end"),
])
def test_each_damaged_field_of_a_recording_is_named(field, value, why):
    assert damaged(**{field: value}) == (None, f"the recording is damaged ({why})")


def test_a_recording_read_keeps_only_what_each_field_may_hold():
    rec, _ = damaged(daily=5, background="x" * 21, cut="yes", summary={"a": 1, "b": "x", "c": True, "d": 1.5, "e": [1]})
    assert rec.daily == "" and rec.background == "" and rec.cut is False and rec.summary == {"a": 1, "b": "x"}
    rec, _ = damaged(background=7, summary=[1], final=None, checks=[[0, 0, "a"], [2, 9, "b"]], cut=True)
    assert rec.background == "" and rec.summary == {} and rec.final is None and rec.cut is True
    assert rec.checks == [(0, 0, "a"), (2, 9, "b")]
    assert damaged(final=[3, 2**31 - 1, "a" * 64, "died"])[0].final == (3, 2**31 - 1, "a" * 64, "died")
    assert damaged(checks=[[0, 0, "a" * 64]] )[0].checks == [(0, 0, "a" * 64)]


def test_a_recording_of_no_commands_may_carry_its_first_digest():
    payload = payload_of(finished().to_file())
    payload.update(commands="", checks=[[0, 0, "a"]], final=[0, 0, "a", "playing"])
    rec, why = read_file(text_of(payload))
    assert why == "" and rec.checks == [(0, 0, "a")]
    payload["checks"] = [[0, 0, "a"], [1, 0, "b"]]
    assert read_file(text_of(payload)) == (None, "the recording is damaged (its digests)")


# -- bounds --------------------------------------------------------------------------------------------
def test_x_may_be_a_command_code(monkeypatch):
    commands = {k: v for k, v in COMMANDS.items() if k != "X"}
    monkeypatch.setattr(record, "COMMANDS", commands)

    @recorded("X")
    def poke(self, a, b=2):
        return (a, b)

    g = recording_run()
    assert poke(g, 1, b=3) == (1, 3) and g.recording.commands == ["X[1,3]"]


def test_digests_that_are_not_a_list_are_damaged():
    assert damaged(checks=5) == (None, "the recording is damaged (its digests)")


def test_a_digest_names_a_command_the_recording_has():
    payload = payload_of(finished().to_file())
    payload.update(commands="w", checks=[[1, 0, "a"]], final=[1, 0, "a", "playing"])
    assert read_file(text_of(payload)) == (None, "the recording is damaged (its digests)")
    payload["checks"] = [[0, 0, "a"]]
    assert read_file(text_of(payload))[0].checks == [(0, 0, "a")]


def test_any_seed_from_zero_up_is_read_and_every_ending_known():
    for seed in (0, 1, 2**40, 2**63 - 1):
        assert damaged(seed=seed)[0].seed == seed
    for outcome in ("died", "won", "playing"):
        assert damaged(final=[3, 1, "a", outcome])[0].final[3] == outcome


def test_a_field_as_long_as_it_may_be_is_read():
    rec, why = damaged(world="x" * 200, size="y" * 20, background="z" * 20)
    assert why == "" and (rec.world, rec.size, rec.background) == ("x" * 200, "y" * 20, "z" * 20)


def test_a_recording_that_inflates_exactly_to_its_bound_is_read(monkeypatch):
    text = finished().to_file()
    monkeypatch.setattr(record, "MAX_JSON_CHARS", len(json.dumps(payload_of(text), separators=(",", ":"))))
    assert read_file(text)[0] is not None


def test_a_text_of_the_largest_length_is_read_on():
    assert read_file("x" * record.MAX_FILE_CHARS) == (None, "that is not a Deepisle recording")


def test_the_format_is_what_comes_before_the_first_dot_within_eight_characters():
    assert read_file("DR2.a.b") == (None, "the recording is of another format (2); this game reads format 1")
    assert read_file("DR123456.xyz") == (None, "that is not a Deepisle recording")


def test_a_cut_recording_with_several_digests_ends_at_the_last():
    g = run_on()
    rec = Recording.start(g)
    rec.cut, rec.checks = True, [(0, 0, "a"), (3, 1000, "b"), (7, 2000, "c")]
    rec.finish(g)
    assert rec.final[1] == 2000


def test_every_recording_reads_back_whole_whatever_its_length_and_names():
    texts = set()
    for i in range(12):
        rec = Recording("Ærøskøbing" if i % 2 else "Avalon", "small", i, cut=i % 3 == 0,
                        commands=["w"] * i, summary={"score": i, "world": "x" * i})
        text = rec.to_file()
        back, why = read_file(text)
        assert why == "" and back.cut == rec.cut and back.world == rec.world and back.summary == rec.summary
        assert "=" not in text and text.isascii()
        texts.add(len(text) % 4)
    assert len(texts) >= 3  # every length of base64 tail was met


def test_a_stray_last_character_of_a_recording_is_ignored():
    for i in range(40):
        text = Recording("Avalon", "small", i).to_file()
        if len(text[len(record.PREFIX):]) % 4 == 0:
            break
    assert read_file(text + "A")[0] is not None


def test_a_recording_ending_in_x_keeps_its_last_character():
    for i in range(20_000):  # seeds far apart: texts of every length, so every last character
        text = Recording("Avalon", "small", i * 1_000_003).to_file()
        if text.endswith("X"):
            break
    assert text.endswith("X") and read_file(text)[0].seed == i * 1_000_003


def test_a_recording_is_compact_json():
    rec = Recording("Avalon", "small", 3, commands=["w"], summary={"score": 1})
    raw = zlib.decompress(base64.urlsafe_b64decode(rec.to_file()[len(record.PREFIX):] + "=="))
    assert raw == json.dumps(json.loads(raw), separators=(",", ":"), ensure_ascii=True).encode("ascii")
