"""``game.shell.browser.Storage``: each way keeping a value can fail, in the page
(the fake pygbag runtime of ``fake_page``) and natively, and what the game
tells the player then (``game.rules.persistence.save``)."""

import errno
import os

import pytest
from fake_page import BlockedStorage, LocalStorage, Window, installed

from game.shell import browser, files
from game.shell.browser import Storage
from game.rules.persistence import save

PREFIX = "deepisle."


def full_store(value: str = "old") -> LocalStorage:
    """A page store holding one save with room for nothing more."""
    store = LocalStorage(items={PREFIX + "save": value})
    store.quota = store.used()
    return store


# -- in the page ---------------------------------------------------------------------
def test_a_value_set_in_the_page_is_read_back_and_deleted():
    store = LocalStorage()
    with installed(Window(storage=store)):
        s = Storage()
        assert s.set("save", "hello") is True
        assert store.items == {PREFIX + "save": "hello"} and s.get("save") == "hello"
        s.delete("save")
        assert store.items == {} and s.get("save") is None


def test_setting_past_the_quota_is_false_and_keeps_the_old_value():
    store = full_store()
    with installed(Window(storage=store)):
        assert Storage().set("save", "a longer new value") is False
        assert ("setItem", PREFIX + "save", "QuotaExceededError") in store.calls
        assert store.items == {PREFIX + "save": "old"}


def test_a_save_into_a_full_page_store_says_it_could_not_save():
    good = save.encode({"world": "Avalon", "turn": 1})
    store = full_store(good)
    with installed(Window(storage=store)):
        storage = Storage()
        assert save.write(storage, save.encode({"world": "Avalon", "turn": 2}), known_good=good) is False
        assert store.items[PREFIX + "save"] == good
        assert save.write_failed(storage) == ("Could not save the game: the browser's storage for this page is full. "
                                              "The last good save is kept.")
        assert storage.unavailable() == ""  # full, not blocked


class IgnoringStorage(LocalStorage):
    """A store whose ``setItem`` returns without keeping anything."""

    def setItem(self, key, value):
        self.calls.append(("setItem", key, "ignored"))


def test_a_write_the_page_silently_drops_is_false():
    with installed(Window(storage=IgnoringStorage())):
        assert Storage().set("save", "x") is False


@pytest.mark.parametrize("storage", ["blocked", "null", BlockedStorage(), LocalStorage(quota=0)],
                         ids=["security-error", "null", "every-call-throws", "zero-quota"])
def test_blocked_page_storage_keeps_nothing_and_says_so(storage):
    with installed(Window(storage=storage)):
        s = Storage()
        assert s.set("save", "x") is False
        assert s.get("save") is None
        s.delete("save")  # never raises
        assert s.unavailable() == "the browser blocks storage for this page"
        assert save.write_failed(s) == "Could not save the game. Saves are off: the browser blocks storage for this page."


def test_a_store_that_is_full_but_holds_data_is_not_blocked():
    with installed(Window(storage=full_store())):
        assert Storage().unavailable() == ""


class GarbageStorage(LocalStorage):
    """A store that hands back values that are not strings (a proxied object, a number)."""

    def getItem(self, key):
        return {PREFIX + "save": 12, PREFIX + "other": LocalStorage()}.get(str(key))


def test_a_value_read_that_is_not_text_is_no_value():
    with installed(Window(storage=GarbageStorage())):
        s = Storage()
        assert s.get("save") is None and s.get("other") is None and s.get("missing") is None


def test_a_garbage_save_in_the_page_loads_as_none_with_a_reason():
    store = LocalStorage(items={PREFIX + "save": "{not json"})
    with installed(Window(storage=store)):
        assert save.load(Storage()) == (None, "the save is damaged (not JSON)\n"
                                        "Kept aside as save.unreadable: a new game will not write over it.")
    assert store.items[PREFIX + "save.unreadable"] == "{not json"


def test_keys_are_prefixed_in_the_page():
    store = LocalStorage()
    with installed(Window(storage=store)):
        Storage(prefix="other.").set("k", "v")
    assert store.items == {"other.k": "v"}


# -- natively: files ----------------------------------------------------------------------
def test_a_value_set_natively_is_a_file_read_back_as_written(tmp_path):
    s = Storage(tmp_path)
    text = "line one\r\nline two\n\u00e9"
    assert s.set("save", text) is True
    assert (tmp_path / "deepisle.save").read_bytes() == text.encode("utf-8")
    assert s.get("save") == text
    assert [p.name for p in tmp_path.iterdir()] == ["deepisle.save"]  # no temporary file left
    s.delete("save")
    assert s.get("save") is None and not any(tmp_path.iterdir())


def test_a_key_becomes_a_safe_file_name(tmp_path):
    s = Storage(tmp_path)
    assert s.set("../a b/c", "v")
    assert [p.name for p in tmp_path.iterdir()] == ["deepisle..._a_b_c"]
    assert s.get("../a b/c") == "v"


def test_a_folder_that_cannot_be_written_is_false_and_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    s = Storage(blocker / "sub")
    assert s.set("save", "x") is False
    assert s.get("save") is None
    assert s.unavailable() == f"{blocker / 'sub'} cannot be written (not a directory)"


def test_a_file_that_is_not_utf8_reads_as_no_value(tmp_path):
    (tmp_path / "deepisle.save").write_bytes(b"\xff\xfe\x00bad")
    assert Storage(tmp_path).get("save") is None


def test_a_failed_native_write_keeps_the_old_value(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    s.set("save", "old")

    def refuse(*args):
        raise OSError("disk full")

    monkeypatch.setattr(browser.os, "replace", refuse)
    assert s.set("save", "new") is False
    assert s.get("save") == "old" and [p.name for p in tmp_path.iterdir()] == ["deepisle.save"]  # no .tmp left


def test_the_data_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path))
    assert Storage().directory == tmp_path
    assert Storage(tmp_path / "x").directory == tmp_path / "x"


def test_working_storage_is_available_and_leaves_no_probe_behind(tmp_path):
    s = Storage(tmp_path)
    assert s.unavailable() == "" and not any(tmp_path.iterdir())
    store = LocalStorage()
    with installed(Window(storage=store)):
        assert Storage().unavailable() == ""
    assert store.items == {} and ("setItem", PREFIX + "probe", "ok") in store.calls


def test_a_probe_that_reads_back_wrong_is_unavailable(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    monkeypatch.setattr(s, "get", lambda key: "2")
    assert s.unavailable() == "what is written does not read back"


def test_folders_are_made_as_needed_and_writes_repeat(tmp_path):
    s = Storage(tmp_path / "a" / "b")
    assert s.set("save", "one") and s.set("save", "two") and s.get("save") == "two"


def test_the_default_folder_is_under_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DEEPISLE_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert Storage().directory == tmp_path / ".local" / "share" / "deepisle"


# -- holding and copying (what a load keeps aside) ----------------------------------------------
def test_holds_tells_a_missing_value_from_one_that_is_not_text(tmp_path):
    s = Storage(tmp_path)
    assert not s.holds("save")
    (tmp_path / "deepisle.save").write_bytes(b"\xff\xfe")
    assert s.get("save") is None and s.holds("save")
    store = LocalStorage(items={PREFIX + "save": ""})
    with installed(Window(storage=store)):
        assert Storage().holds("save") and not Storage().holds("other")
    for blocked in ("blocked", BlockedStorage()):
        with installed(Window(storage=blocked)):
            assert not Storage().holds("save")


def test_a_copy_is_the_value_exactly_as_stored(tmp_path):
    s = Storage(tmp_path)
    (tmp_path / "deepisle.save").write_bytes(b"\xff\x00not text")
    assert s.copy("save", "save.unreadable")
    assert (tmp_path / "deepisle.save.unreadable").read_bytes() == b"\xff\x00not text"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deepisle.save", "deepisle.save.unreadable"]
    assert s.copy("save", "save.unreadable")  # again, over the last copy
    assert not s.copy("missing", "x") and not (tmp_path / "deepisle.x").exists()


def test_a_copy_that_does_not_read_back_whole_is_false(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    s.set("save", "abc")
    real = type(tmp_path).read_bytes
    monkeypatch.setattr(type(tmp_path), "read_bytes",
                        lambda self: b"other" if self.name.endswith(".kept") else real(self))
    assert s.copy("save", "save.kept") is False


def test_a_copy_in_the_page_is_set_as_text_and_fails_when_full_or_blocked():
    store = LocalStorage(items={PREFIX + "save": "abc"})
    with installed(Window(storage=store)):
        assert Storage().copy("save", "save.unreadable")
        assert store.items[PREFIX + "save.unreadable"] == "abc"
        assert not Storage().copy("missing", "x")
    with installed(Window(storage=full_store())):
        assert not Storage().copy("save", "save.unreadable")
    with installed(Window(storage=BlockedStorage())):
        assert not Storage().copy("save", "save.unreadable")


# -- what the player is told, in each storage case (game.rules.persistence.save.write_failed) ----------------
def _fail_writes_with(monkeypatch, err: int) -> None:
    def fsync(fd):
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr(files.os, "fsync", fsync)


def _a_good_save_then_writes_fail(tmp_path, monkeypatch, err: int) -> tuple[Storage, str]:
    """A native storage holding a good save, whose next save fails with ``err``."""
    s = Storage(tmp_path)
    good = save.encode({"world": "Avalon", "turn": 1})
    assert save.write(s, good)
    _fail_writes_with(monkeypatch, err)
    assert save.write(s, save.encode({"world": "Avalon", "turn": 2}), known_good=good) is False
    return s, good


def test_a_full_native_disk_keeps_the_last_good_save_says_so_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    s, good = _a_good_save_then_writes_fail(tmp_path, monkeypatch, errno.ENOSPC)
    assert save.write_failed(s) == "Could not save the game: the disk is full. The last good save is kept."
    assert s.unavailable() == ""  # a full disk is not "saves are off"
    assert s.get("save") == good and [p.name for p in tmp_path.iterdir()] == ["deepisle.save"]


def test_a_full_native_disk_before_the_first_save_says_nothing_is_saved(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    _fail_writes_with(monkeypatch, errno.EDQUOT)
    assert save.write(s, save.encode({"world": "Avalon", "turn": 1})) is False
    assert save.write_failed(s) == "Could not save the game: the disk is full. Nothing is saved yet."
    assert not any(tmp_path.iterdir())


def test_a_first_save_too_big_for_the_page_quota_says_nothing_is_saved():
    store = LocalStorage(quota=200)  # a few bytes fit (storage works), the save does not
    with installed(Window(storage=store)):
        s = Storage()
        assert s.unavailable() == ""
        assert save.write(s, save.encode({"world": "Avalon", "pad": "x" * 400})) is False
        assert save.write_failed(s) == ("Could not save the game: the browser's storage for this page is full. "
                                        "Nothing is saved yet.")


def test_a_read_only_native_folder_says_saves_are_off_and_that_the_last_good_save_is_kept(tmp_path, monkeypatch):
    s, _ = _a_good_save_then_writes_fail(tmp_path, monkeypatch, errno.EROFS)
    assert save.write_failed(s) == (f"Could not save the game. Saves are off: {tmp_path} cannot be written "
                                    "(the disk is read-only). The last good save is kept.")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deepisle.save"]


def test_blocked_page_storage_says_saves_are_off_and_claims_nothing_kept():
    with installed(Window(storage=BlockedStorage())):
        s = Storage()
        assert save.write(s, save.encode({"world": "Avalon"})) is False
        assert save.write_failed(s) == "Could not save the game. Saves are off: the browser blocks storage for this page."


# -- special files: refused in one line, never waited on --------------------------------------------
@pytest.mark.parametrize("make", ["fifo", "folder", "device", "huge"])
def test_a_save_that_is_no_regular_file_is_refused_without_waiting(tmp_path, make, monkeypatch):
    path = tmp_path / "deepisle.save"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "folder":
        path.mkdir()
    elif make == "device":
        path.symlink_to("/dev/zero")
    else:
        monkeypatch.setattr(browser, "MAX_VALUE", 10)
        path.write_text("x" * 11)
    s = Storage(tmp_path)
    assert s.get("save") is None and s.holds("save")
    why = {"fifo": "it is not a regular file", "folder": "it is a folder, not a file",
           "device": "it is not a regular file", "huge": "it is too large (11 bytes; at most 10)"}[make]
    assert s.unreadable("save") == why
    body, said = save.load(s)
    assert body is None and said.splitlines()[0] == f"the save cannot be read ({why})"
    assert s.copy("save", "other") is False


def test_a_file_kept_in_the_data_folder_has_a_safe_name_or_says_why_not(tmp_path):
    s = Storage(tmp_path)
    path, why = s.keep_file("morgue", "deepisle-morgue-AC/DC-12.txt", "text")
    assert why == "" and path == str(tmp_path / "morgue" / "deepisle-morgue-AC-DC-12.txt")
    (tmp_path / "blocked").write_text("a file where the folder would be")
    path, why = s.keep_file("blocked", "m.txt", "text")
    assert path is None and why == f"Could not keep the file {tmp_path / 'blocked' / 'm.txt'}: file exists."
    with installed(Window(storage=LocalStorage())):
        assert Storage().keep_file("morgue", "m.txt", "text") == (None, "")
