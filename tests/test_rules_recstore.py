"""Where recordings are kept (``game.rules.recstore``): beside the save in
chunks written once and an entry naming the last two saves, found again for
the save loaded and cut back to it, cleared at the end of a run, and the
short list of finished runs.  Storage that refuses or throws keeps nothing
and breaks nothing."""

import base64
import json
import zlib

import pytest

import game.rules.run  # noqa: F401 - the facade's commands are what a recording holds
from game.rules import recstore, save
from game.rules.record import CHECK_EVERY, RELOAD, Recording, version
from game.rules.recstore import FINISHED_KEY, KEY, MAX_FINISHED, clear, finished, keep_finished, load, save_sum, store

from test_rules_save import Store


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(recstore, "CHUNK", 4)
    return 4


def recording(n: int = 10, **fields) -> Recording:
    rec = Recording("Avalon", "small", 5, **fields)
    rec.commands = [f"m[{i},0]" for i in range(n)]
    return rec


def body(turn: int) -> dict:
    return {"world": "Avalon", "turn": turn}


def test_a_saves_name_is_a_short_digest_of_its_text():
    a, b = save.encode(body(1)), save.encode(body(2))
    assert save_sum(a) == save_sum(a) != save_sum(b) and len(save_sum(a)) == 24
    assert int(save_sum(a), 16) >= 0


def test_the_commands_are_stored_in_full_chunks_and_the_rest_in_the_entry(small_chunks):
    st = Store()
    rec = recording(10)
    assert store(st, rec, save.encode(body(1)), False)
    assert sorted(st.data) == [KEY, "recording.0", "recording.1"] and rec.stored_chunks == 2
    chunk = zlib.decompress(base64.b64decode(st.data["recording.1"])).decode("ascii")
    assert chunk == "".join(rec.commands[4:8])
    entry = json.loads(st.data[KEY])
    assert entry["chunks"] == 2 and entry["tail"] == "".join(rec.commands[8:]) and entry["format"] == 1
    assert entry["world"] == "Avalon" and entry["seed"] == 5 and entry["version"] == version()
    assert entry["saves"] == [[save_sum(save.encode(body(1))), 10, False]] and entry["cut"] is False


def test_a_chunk_is_written_once(small_chunks):
    st = Store()
    rec = recording(9)
    store(st, rec, save.encode(body(1)), False)
    rec.commands.append("w")
    store(st, rec, save.encode(body(2)), False)
    assert st.sets.count("recording.0") == 1 and st.sets.count("recording.1") == 1


def test_a_chunk_that_cannot_be_written_is_tried_again_next_time(small_chunks):
    st = Store()
    st.refuse.add("recording.1")
    rec = recording(9)
    assert store(st, rec, save.encode(body(1)), False) is False and rec.stored_chunks == 1 and KEY not in st.data
    st.refuse.clear()
    assert store(st, rec, save.encode(body(1)), False) and rec.stored_chunks == 2


def test_the_entry_names_the_last_two_saves_newest_first():
    st, rec = Store(), recording(3)
    texts = [save.encode(body(t)) for t in range(3)]
    store(st, rec, texts[0], False)
    store(st, rec, texts[0], True)  # the same save again: named once
    assert rec.save_points == [[save_sum(texts[0]), 3, True]]
    store(st, rec, texts[1], False)
    store(st, rec, texts[2], False)
    assert [p[0] for p in rec.save_points] == [save_sum(texts[2]), save_sum(texts[1])]
    assert json.loads(st.data[KEY])["saves"] == rec.save_points


def test_a_storage_that_refuses_or_throws_keeps_no_recording():
    st = Store()
    st.refuse.add(KEY)
    assert store(st, recording(3), save.encode(body(1)), False) is False
    st = Store()
    st.raise_on.add(KEY)
    assert store(st, recording(3), save.encode(body(1)), False) is False


# -- loading -------------------------------------------------------------------------------------
def test_the_recording_of_the_save_loaded_goes_on_from_it_with_a_reload_mark(small_chunks):
    st = Store()
    rec = recording(6, daily="2026-11-27", background="hunter")
    rec.checks = [(0, 0, "a"), (5, CHECK_EVERY + 3, "b")]
    store(st, rec, save.encode(body(1)), False)
    rec.commands += ["w"] * 4
    store(st, rec, save.encode(body(2)), True)
    back = load(st, body(1))  # the older save: cut back to its six commands
    assert back.commands == rec.commands[:6] + [RELOAD]
    assert (back.world, back.size, back.seed, back.daily) == ("Avalon", "small", 5, "2026-11-27")
    assert back.checks == [(0, 0, "a"), (5, CHECK_EVERY + 3, "b")] and back.next_check == 2 * CHECK_EVERY
    assert back.stored_chunks == 1 and back.save_points == [[save_sum(save.encode(body(1))), 6, False]]
    newest = load(st, body(2))
    assert newest.commands == rec.commands + [RELOAD + "[1]"] and newest.stored_chunks == 2


def test_no_recording_goes_with_a_save_it_does_not_name():
    st = Store()
    store(st, recording(3), save.encode(body(1)), False)
    assert load(st, body(9)) is None
    assert load(Store(), body(1)) is None


def stored_entry(st: Store) -> dict:
    return json.loads(st.data[KEY])


@pytest.mark.parametrize("damage", [
    lambda e: e.update(version="0.0.1+rules.1"),
    lambda e: e.update(chunks="1"),
    lambda e: e.update(chunks=-1),
    lambda e: e.update(chunks=recstore.MAX_CHUNKS + 1),
    lambda e: e.update(chunks=3),  # chunks that are not there
    lambda e: e.update(saves=[[e["saves"][0][0], 99, False]]),  # more commands than the recording holds
    lambda e: e.update(saves=[[e["saves"][0][0], -1, False]]),
    lambda e: e.update(saves=[[e["saves"][0][0], 4]]),
    lambda e: e.update(saves=["x"]),
    lambda e: e.update(tail="\x00"),
    lambda e: e.update(seed="x"),
    lambda e: e.pop("world"),
], ids=["version", "chunks-text", "chunks-negative", "chunks-too-many", "chunks-missing", "point-past-the-end",
        "point-negative", "point-short", "point-not-a-list", "tail-damaged", "seed", "no-world"])
def test_a_damaged_stored_recording_is_not_used(damage, small_chunks):
    st = Store()
    store(st, recording(6), save.encode(body(1)), False)
    entry = stored_entry(st)
    damage(entry)
    st.data[KEY] = json.dumps(entry)
    assert load(st, body(1)) is None


@pytest.mark.parametrize("text", ["[1]", "not json", "[" * 100_000, "x" * (2 * recstore.CHUNK * 64 + 1)])
def test_an_entry_that_is_no_recording_is_not_used(text):
    st = Store(**{KEY: text})
    assert load(st, body(1)) is None


def test_a_damaged_chunk_is_not_used(small_chunks):
    st = Store()
    store(st, recording(6), save.encode(body(1)), False)
    for bad in ("!!!", base64.b64encode(b"not zlib").decode(), base64.b64encode(zlib.compress(b"\xff")).decode()):
        st.data["recording.0"] = bad
        assert load(st, body(1)) is None


def test_only_well_formed_digests_are_read_back():
    st = Store()
    rec = recording(3)
    store(st, rec, save.encode(body(1)), False)
    entry = stored_entry(st)
    entry["checks"] = [[0, 0, "a"], [1, 2], "x", [2, 5, "b"]]
    entry["cut"] = "yes"
    st.data[KEY] = json.dumps(entry)
    back = load(st, body(1))
    assert back.checks == [(0, 0, "a"), (2, 5, "b")] and back.next_check == CHECK_EVERY and back.cut is False
    entry["cut"], entry["checks"] = True, []
    st.data[KEY] = json.dumps(entry)
    back = load(st, body(1))
    assert back.next_check == 0 and back.checks == []


def test_a_storage_that_throws_on_reading_holds_no_recording():
    class Throwing(Store):
        def get(self, key):
            raise RuntimeError("blocked")

    assert load(Throwing(), body(1)) is None


# -- clearing ------------------------------------------------------------------------------------
def test_clearing_removes_the_entry_and_every_chunk(small_chunks):
    st = Store(other="kept")
    store(st, recording(9), save.encode(body(1)), False)
    clear(st)
    assert st.data == {"other": "kept"}


@pytest.mark.parametrize("entry", ["garbage", '{"chunks": "2"}', '{"chunks": -3}', "[1]", "[" * 100_000])
def test_clearing_a_damaged_entry_removes_it_and_touches_nothing_else(entry):
    st = Store(**{KEY: entry, "recording.0": "x", "other": "kept"})
    clear(st)
    assert st.data == {"recording.0": "x", "other": "kept"}


def test_clearing_is_bounded_and_a_storage_that_cannot_delete_is_left_as_it_is():
    deleted = []

    class Counting(Store):
        def delete(self, key):
            deleted.append(key)

    clear(Counting(**{KEY: json.dumps({"chunks": 10**9})}))
    assert len(deleted) == recstore.MAX_CHUNKS + 1

    class Stuck(Store):
        def delete(self, key):
            raise RuntimeError("blocked")

    st = Stuck(**{KEY: json.dumps({"chunks": 1})})
    clear(st)
    assert KEY in st.data


# -- finished runs -------------------------------------------------------------------------------
def ended(n: int, score: int) -> Recording:
    rec = recording(n)
    rec.summary = {"score": score, "world": "Avalon", "won": True, "odd": [1]}
    return rec


def test_a_finished_run_is_kept_first_with_what_the_title_lists():
    st = Store()
    assert keep_finished(st, ended(3, 10)) and keep_finished(st, ended(4, 20))
    runs = finished(st)
    assert [s["score"] for s, _ in runs] == [20, 10]
    assert runs[0] == ({"score": 20, "world": "Avalon", "won": True}, ended(4, 20).to_file())


def test_the_list_keeps_the_newest_few():
    st = Store()
    for i in range(MAX_FINISHED + 2):
        keep_finished(st, ended(2, i))
    assert [s["score"] for s, _ in finished(st)] == list(range(MAX_FINISHED + 1, 1, -1))
    assert len(json.loads(st.data[FINISHED_KEY])) == MAX_FINISHED


def test_the_oldest_runs_go_when_the_list_grows_too_large(monkeypatch):
    st = Store()
    keep_finished(st, ended(3, 1))
    one = len(st.data[FINISHED_KEY])
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", one + one // 2)
    assert keep_finished(st, ended(3, 2))
    assert [s["score"] for s, _ in finished(st)] == [2]


def test_a_recording_too_large_for_the_list_is_not_kept(monkeypatch):
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", 10)
    st = Store()
    assert keep_finished(st, ended(3, 1)) is False and FINISHED_KEY not in st.data


def test_a_list_that_cannot_be_stored_keeps_nothing():
    st = Store()
    st.refuse.add(FINISHED_KEY)
    assert keep_finished(st, ended(3, 1)) is False
    st = Store()
    st.raise_on.add(FINISHED_KEY)
    assert keep_finished(st, ended(3, 1)) is False


def test_a_list_that_refuses_the_whole_keeps_fewer():
    class Fussy(Store):
        def set(self, key, value):
            return len(json.loads(value)) < 3 and super().set(key, value)

    st = Fussy()
    for i in range(4):
        keep_finished(st, ended(2, i))
    assert [s["score"] for s, _ in finished(st)] == [3, 2]


@pytest.mark.parametrize("text", [None, "garbage", "{}", '[{"text": 1, "summary": {}}, {"text": "t"}, 5]',
                                  "[" * 100_000])
def test_a_damaged_list_of_finished_runs_reads_as_empty(text):
    st = Store() if text is None else Store(**{FINISHED_KEY: text})
    assert finished(st) == []


def test_a_list_too_long_to_be_ours_is_not_read(monkeypatch):
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", 20)
    st = Store(**{FINISHED_KEY: json.dumps([{"text": "t", "summary": {"a": 1}}] * 2)})
    assert finished(st) == []
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", 40)
    assert len(finished(st)) == 2


def test_a_list_longer_than_kept_is_read_to_its_first_few():
    runs = [{"text": f"t{i}", "summary": {"score": i}} for i in range(MAX_FINISHED + 3)]
    assert [t for _, t in finished(Store(**{FINISHED_KEY: json.dumps(runs)}))] == [f"t{i}" for i in range(MAX_FINISHED)]


# -- bounds and formats ------------------------------------------------------------------------------
def padded(entry: dict, length: int) -> str:
    """``entry`` as JSON padded with an unused field to exactly ``length`` characters."""
    text = json.dumps(dict(entry, pad=""), separators=(",", ":"))
    return json.dumps(dict(entry, pad="x" * (length - len(text))), separators=(",", ":"))


def test_an_entry_up_to_its_bound_is_read_and_longer_is_not(small_chunks):
    st = Store()
    store(st, recording(2), save.encode(body(1)), False)
    entry = stored_entry(st)
    bound = 2 * small_chunks * 64
    st.data[KEY] = padded(entry, bound)
    assert len(st.data[KEY]) == bound and load(st, body(1)) is not None
    st.data[KEY] = padded(entry, bound + 1)
    assert load(st, body(1)) is None


def test_an_entry_is_stored_compactly_in_ascii():
    st = Store()
    rec = recording(3)
    rec.world = "Ærøskøbing"
    store(st, rec, save.encode(body(1)), False)
    assert st.data[KEY] == json.dumps(json.loads(st.data[KEY]), separators=(",", ":"), ensure_ascii=True)
    assert st.data[KEY].isascii()


def test_a_recording_saved_before_any_command_goes_on_from_nothing():
    st = Store()
    store(st, recording(0), save.encode(body(1)), False)
    entry = stored_entry(st)
    del entry["tail"], entry["checks"]
    st.data[KEY] = json.dumps(entry)
    back = load(st, body(1))
    assert back is not None and back.commands == [RELOAD] and back.checks == []


def test_a_negative_count_of_chunks_is_refused():
    st = Store()
    store(st, recording(2), save.encode(body(1)), False)
    entry = stored_entry(st)
    entry["chunks"] = -1
    st.data[KEY] = json.dumps(entry)
    assert load(st, body(1)) is None


def test_as_many_chunks_as_a_recording_may_hold_are_read(small_chunks):
    st = Store()
    rec = recording(recstore.MAX_CHUNKS * small_chunks)
    store(st, rec, save.encode(body(1)), False)
    assert stored_entry(st)["chunks"] == recstore.MAX_CHUNKS
    assert load(st, body(1)).commands[:-1] == rec.commands


def chunk_of(text: str) -> str:
    return base64.b64encode(zlib.compress(text.encode("ascii"))).decode("ascii")


def test_a_chunk_that_inflates_past_its_bound_is_read_only_to_it(small_chunks):
    bound = small_chunks * 64
    st = Store(**{"recording.0": chunk_of("w" * (bound + 1))})
    point = [save_sum(save.encode(body(1))), bound + 1, False]
    st.data[KEY] = json.dumps(dict(Recording("Avalon", "small", 5).header(), chunks=1, tail="", saves=[point]))
    assert load(st, body(1)) is None  # it holds fewer commands than the save point names
    point[1] = bound
    st.data[KEY] = json.dumps(dict(Recording("Avalon", "small", 5).header(), chunks=1, tail="", saves=[point]))
    assert load(st, body(1)).commands == ["w"] * bound + [RELOAD]


def test_a_chunk_with_characters_outside_base64_is_refused(small_chunks):
    st = Store()
    store(st, recording(6), save.encode(body(1)), False)
    assert load(st, body(1)) is not None
    st.data["recording.0"] = st.data["recording.0"][:4] + "\n!" + st.data["recording.0"][4:]
    assert load(st, body(1)) is None


def test_a_cut_recording_stays_cut_and_takes_no_reload_mark(monkeypatch):
    from game.rules import record

    monkeypatch.setattr(record, "MAX_COMMANDS", 3)
    st = Store()
    store(st, recording(3, cut=True), save.encode(body(1)), False)
    back = load(st, body(1))
    assert back.cut is True and back.commands == recording(3).commands


def test_a_storage_that_holds_something_else_than_text_holds_nothing():
    class Odd(Store):
        def get(self, key):
            return 5

    st = Odd()
    assert load(st, body(1)) is None and finished(st) == []
    clear(st)  # nothing to read, nothing raised


def test_clearing_an_empty_storage_or_an_entry_without_chunks_removes_no_chunk():
    st = Store(**{"recording.0": "stray"})
    clear(st)
    assert st.data == {"recording.0": "stray"}
    st.data[KEY] = "{}"
    clear(st)
    assert st.data == {"recording.0": "stray"}


def test_clearing_reads_an_entry_only_below_its_bound(small_chunks):
    bound = 2 * small_chunks * 64
    st = Store(**{KEY: padded({"chunks": 1}, bound - 1), "recording.0": "x"})
    clear(st)
    assert st.data == {}
    st = Store(**{KEY: padded({"chunks": 1}, bound), "recording.0": "x"})
    clear(st)
    assert st.data == {"recording.0": "x"}


def test_a_list_of_finished_runs_up_to_its_bound_is_read(monkeypatch):
    runs = json.dumps([{"text": "t", "summary": {"a": 1}}])
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", 20)
    st = Store(**{FINISHED_KEY: runs + " " * (40 - len(runs))})
    assert len(finished(st)) == 1
    st.data[FINISHED_KEY] += " "
    assert finished(st) == []


@pytest.mark.parametrize("text", ['{"text": "t", "summary": {}}', "5", '"abc"', "null"])
def test_a_list_that_is_no_list_reads_as_empty(text):
    assert finished(Store(**{FINISHED_KEY: text})) == []


def test_the_finished_list_is_stored_compactly_in_ascii_and_fills_exactly_to_its_bound(monkeypatch):
    st = Store()
    rec = ended(3, 1)
    rec.summary["world"] = "Ærøskøbing"
    keep_finished(st, rec)
    text = st.data[FINISHED_KEY]
    assert text == json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=True) and text.isascii()
    monkeypatch.setattr(recstore, "MAX_FINISHED_CHARS", len(text))
    assert keep_finished(Store(), rec)
