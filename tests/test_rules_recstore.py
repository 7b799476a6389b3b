"""Where recordings are kept (``game.rules.persistence.recstore``): inside the save
(its body's entry: header, the digests of the chunks stored apart, the
commands since, the state digests, whether a map was being built), the full
chunks under their own keys, written once and before the save that names
them; read back whole or not at all, cleared at the end of a run; and the
short list of finished runs.  Storage that refuses or throws keeps nothing
and breaks nothing."""

import base64
import json
import zlib

import pytest

import game.rules.run  # noqa: F401 - the facade's commands are what a recording holds
from game.rules.persistence import recstore
from game.rules.persistence.record import CHECK_EVERY, RELOAD, Recording, version
from game.rules.persistence.recstore import CHUNK_KEY, ENTRY, FINISHED_KEY, MAX_FINISHED, clear, entry, finished, keep_finished, load

from test_rules_save import Store


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(recstore, "CHUNK", 4)
    return 4


def recording(n: int = 10, **fields) -> Recording:
    rec = Recording("Avalon", "small", 5, **fields)
    rec.commands = [f"m[{i},0]" for i in range(n)]
    return rec


def saved(st: Store, rec: Recording, building: bool = False) -> dict:
    """A save body carrying ``rec`` as ``Game.save_to`` writes it."""
    return {"world": "Avalon", "turn": 1, ENTRY: entry(st, rec, building)}


def chunk_of(text: str) -> str:
    return base64.b64encode(zlib.compress(text.encode("ascii"))).decode("ascii")


# -- storing ---------------------------------------------------------------------------------------
def test_full_chunks_are_stored_apart_and_the_save_carries_their_digests_and_the_rest(small_chunks):
    st = Store()
    rec = recording(10, background="hunter")
    rec.checks = [(0, 0, "a")]
    e = entry(st, rec, building=False)
    assert sorted(st.data) == ["recording.0", "recording.1"] and len(rec.chunk_sums) == 2
    assert zlib.decompress(base64.b64decode(st.data["recording.1"])).decode("ascii") == "".join(rec.commands[4:8])
    assert e["chunks"] == rec.chunk_sums and all(len(x) == 24 for x in e["chunks"])
    assert e["tail"] == "".join(rec.commands[8:]) and e["format"] == recstore.FORMAT == 2
    assert (e["world"], e["seed"], e["background"], e["version"]) == ("Avalon", 5, "hunter", version())
    assert e["checks"] == [[0, 0, "a"]] and e["cut"] is False and e["building"] is False
    assert entry(st, rec, building=True)["building"] is True


def test_a_chunk_is_written_once(small_chunks):
    st = Store()
    rec = recording(9)
    entry(st, rec, False)
    rec.commands.append("w")
    entry(st, rec, False)
    assert st.sets.count("recording.0") == 1 and st.sets.count("recording.1") == 1


@pytest.mark.parametrize("failure", ["refuse", "raise_on"])
def test_a_chunk_that_cannot_be_written_stays_in_the_save_and_is_tried_again(small_chunks, failure):
    st = Store()
    getattr(st, failure).add("recording.1")
    rec = recording(9)
    e = entry(st, rec, False)
    assert len(e["chunks"]) == 1 and e["tail"] == "".join(rec.commands[4:])  # nothing lost: the save grows
    assert load(st, {ENTRY: e})[0].commands == rec.commands + [RELOAD]
    getattr(st, failure).clear()
    assert len(entry(st, rec, False)["chunks"]) == 2


# -- loading -------------------------------------------------------------------------------------
def test_the_recording_a_save_carries_goes_on_from_it_with_a_reload_mark(small_chunks):
    st = Store()
    rec = recording(6, daily="2026-11-27", background="hunter")
    rec.checks = [(0, 0, "a"), (5, CHECK_EVERY + 3, "b")]
    older = saved(st, rec)
    rec.commands += ["w"] * 4
    newer = saved(st, rec, building=True)
    back, why = load(st, older)  # the older save (a backup): its own six commands
    assert why == "" and back.commands == rec.commands[:6] + [RELOAD]
    assert (back.world, back.size, back.seed, back.daily, back.background) == ("Avalon", "small", 5, "2026-11-27",
                                                                               "hunter")
    assert back.checks == [(0, 0, "a"), (5, CHECK_EVERY + 3, "b")] and back.next_check == 2 * CHECK_EVERY
    assert back.chunk_sums == rec.chunk_sums[:1]
    newest, _ = load(st, newer)  # made while a map was being built: the replay reloads before building it
    assert newest.commands == rec.commands + [RELOAD + "[1]"] and newest.chunk_sums == rec.chunk_sums


def test_a_save_that_carries_no_recording_goes_on_unrecorded_without_a_word():
    assert load(Store(), {"world": "Avalon"}) == (None, "")
    assert load(Store(), "not a body") == (None, "")


@pytest.mark.parametrize(("damage", "said"), [
    (lambda e: e.update(version="0.0.1+rules.1"), "made under other rules"),
    (lambda e: e.update(format=1), "another format"),
    (lambda e: e.update(chunks="1"), "list of parts"),
    (lambda e: e.update(chunks=[1]), "list of parts"),
    (lambda e: e.update(chunks=["x"] * (recstore.MAX_CHUNKS + 1)), "list of parts"),
    (lambda e: e.update(chunks=e["chunks"] + ["0" * 24]), "part 2 of it is missing or changed"),
    (lambda e: e.update(chunks=["0" * 24]), "part 1 of it is missing or changed"),
    (lambda e: e.update(tail=5), "last commands"),
    (lambda e: e.update(tail="\x00"), "is not one this game knows"),
    (lambda e: e.update(seed="x"), "no run seed"),
    (lambda e: e.pop("world"), "no world"),
    (lambda e: e.update(checks=[[0, 0, "a"], [1, 2]]), "its digests"),
], ids=["version", "format", "chunks-text", "chunks-numbers", "chunks-too-many", "chunk-missing",
        "chunk-changed", "tail-not-text", "tail-damaged", "seed", "no-world", "digests"])
def test_a_damaged_recording_in_a_save_is_not_used_and_the_player_is_told(damage, said, small_chunks):
    st = Store()
    body = saved(st, recording(6))
    damage(body[ENTRY])
    rec, why = load(st, body)
    assert rec is None and said in why and why.endswith("the run goes on unrecorded.")
    assert why.startswith("This run's recording could not be read back (")


def test_a_recording_that_is_no_dict_is_not_used():
    for value in ("x", 5, [1]):
        rec, why = load(Store(), {ENTRY: value})
        assert rec is None and "another format" in why


def test_a_damaged_chunk_is_not_used(small_chunks):
    st = Store()
    body = saved(st, recording(6))
    for bad in ("!!!", base64.b64encode(b"not zlib").decode(), base64.b64encode(zlib.compress(b"\xff")).decode()):
        st.data["recording.0"] = bad
        body[ENTRY]["chunks"][0] = recstore._digest(bad)
        assert load(st, body)[0] is None


def test_a_chunk_past_its_bound_is_not_read(small_chunks, monkeypatch):
    bound = small_chunks * 64
    monkeypatch.setattr(recstore, "MAX_CHUNK_CHARS", bound)
    for text, ok in (("w" * bound, True), ("w" * (bound + 1), False)):
        stored = chunk_of(text)
        st = Store(**{"recording.0": stored})
        e = dict(Recording("Avalon", "small", 5).header(), format=2, chunks=[recstore._digest(stored)], tail="",
                 checks=[], cut=False, building=False)
        rec, _ = load(st, {ENTRY: e})
        assert (rec is not None and rec.commands == ["w"] * bound + [RELOAD]) if ok else rec is None


def test_a_stored_chunk_is_read_up_to_its_bound_in_characters_and_one_more_is_refused(monkeypatch):
    """The stored text itself (before inflating) may be MAX_CHUNK_CHARS long, not one more: a
    one-command chunk, whose stored form is longer than its text, with the bound set at, above
    and one below that length."""
    stored = chunk_of("w")
    for bound, ok in ((len(stored) + 1, True), (len(stored), True), (len(stored) - 1, False)):
        monkeypatch.setattr(recstore, "MAX_CHUNK_CHARS", bound)
        st = Store(**{"recording.0": stored})
        e = dict(Recording("Avalon", "small", 5).header(), format=2, chunks=[recstore._digest(stored)], tail="",
                 checks=[], cut=False, building=False)
        rec, why = load(st, {ENTRY: e})
        assert (rec is not None and rec.commands == ["w", RELOAD]) if ok else "missing or changed" in why


def test_a_chunk_with_characters_outside_base64_is_refused(small_chunks):
    st = Store()
    body = saved(st, recording(6))
    assert load(st, body)[0] is not None
    bad = st.data["recording.0"][:4] + "\n!" + st.data["recording.0"][4:]
    st.data["recording.0"], body[ENTRY]["chunks"][0] = bad, recstore._digest(bad)
    assert load(st, body)[0] is None


def test_a_recording_saved_before_any_command_goes_on_from_nothing():
    st = Store()
    back, _ = load(st, saved(st, recording(0)))
    assert back is not None and back.commands == [RELOAD] and back.checks == [] and back.next_check == 0


def test_as_many_chunks_as_a_recording_may_hold_are_read(small_chunks):
    st = Store()
    rec = recording(recstore.MAX_CHUNKS * small_chunks)
    body = saved(st, rec)
    assert len(body[ENTRY]["chunks"]) == recstore.MAX_CHUNKS
    assert load(st, body)[0].commands[:-1] == rec.commands


def test_a_cut_recording_stays_cut_and_takes_no_reload_mark(monkeypatch):
    from game.rules.persistence import record

    monkeypatch.setattr(record, "MAX_COMMANDS", 3)
    st = Store()
    back, _ = load(st, saved(st, recording(3, cut=True)))
    assert back.cut is True and back.commands == recording(3).commands


def test_a_storage_that_throws_or_holds_no_text_keeps_no_chunk(small_chunks):
    class Throwing(Store):
        def get(self, key):
            raise RuntimeError("blocked")

    class Odd(Store):
        def get(self, key):
            return 5

    for st in (Throwing(), Odd()):
        body = saved(st, recording(6))
        assert load(st, body)[0] is None and finished(st) == []
        clear(st)  # nothing to read, nothing raised


# -- clearing ------------------------------------------------------------------------------------
def test_clearing_removes_every_chunk_and_the_entry_an_older_version_kept(small_chunks):
    st = Store(other="kept", **{CHUNK_KEY: "an entry of rules 8"})
    saved(st, recording(9))
    clear(st)
    assert st.data == {"other": "kept"}


def test_clearing_stops_at_the_first_chunk_missing_and_is_bounded():
    st = Store(**{"recording.0": "x", "recording.2": "stray"})
    clear(st)
    assert st.data == {"recording.2": "stray"}
    deleted = []

    class Endless(Store):
        def get(self, key):
            return "x"

        def delete(self, key):
            deleted.append(key)

    clear(Endless())
    assert len(deleted) == recstore.MAX_CHUNKS + 1


def test_clearing_asks_a_storage_that_can_say_what_it_holds():
    class Holding(Store):
        def get(self, key):
            return None  # held but not text (bytes natively)

        def holds(self, key):
            return key in self.data

    st = Holding(**{"recording.0": "x"})
    clear(st)
    assert st.data == {}

    class Stuck(Store):
        def delete(self, key):
            raise RuntimeError("blocked")

    st = Stuck(**{"recording.0": "x"})
    clear(st)
    assert "recording.0" in st.data


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
