"""The save envelope (``game.rules.persistence.save``): the text format, every refusal
of :func:`decode`, the safe write with its backup, loading with the backup's
help, and the masks packed into a body."""

import json
import zlib
import base64

import numpy as np
import pytest

from game.rules.persistence import save


class Store:
    """A key/value store that can refuse, raise or damage writes, by key."""

    def __init__(self, **data):
        self.data = dict(data)
        self.refuse, self.raise_on, self.damage = set(), set(), set()
        self.sets = []

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.sets.append(key)
        if key in self.raise_on:
            raise RuntimeError("quota")
        if key in self.refuse:
            return False
        self.data[key] = value[:-1] if key in self.damage else value
        return True

    def delete(self, key):
        self.data.pop(key, None)


def good(turn: int) -> str:
    return save.encode({"world": "Avalon", "turn": turn})


# -- the format ------------------------------------------------------------------------
def test_a_save_is_one_json_object_with_game_version_checksum_and_body():
    text = save.encode({"world": "Æ", "b": [1, 2]})
    outer = json.loads(text)
    assert list(outer) == ["body", "game", "sum", "version"]
    assert outer["game"] == "deepisle" and outer["version"] == save.VERSION == 1
    assert outer["body"] == {"b": [1, 2], "world": "Æ"} and text.isascii()
    assert '"body":{"b":[1,2],"world":"\\u00c6"}' in text  # compact, keys sorted
    assert len(outer["sum"]) == 32 and save.decode(text) == ({"b": [1, 2], "world": "Æ"}, "")


@pytest.mark.parametrize(("text", "why"), [
    (None, "no save"),
    (42, "the save is damaged (not text)"),
    ("{not json", "the save is damaged (not JSON)"),
    ("x" * (save.MAX_SAVE_CHARS + 1), "the save is too large"),
    ("[" * 50_000 + "]" * 50_000, "the save is damaged (not JSON)"),
    ('{"game": "deepisle", "version": 1, "body": {"x": NaN}, "sum": ""}', "the save is damaged (not JSON)"),
    ('{"game": "deepisle", "version": 1, "body": {"x": Infinity}, "sum": ""}', "the save is damaged (not JSON)"),
    ('{"game": "deepisle", "version": 1, "body": {"x": 1e999}, "sum": ""}', "the save is damaged (not JSON)"),
    ("[1, 2]", "that is not a Deepisle save"),
    ('{"game": "other"}', "that is not a Deepisle save"),
    ('{"game": "deepisle", "version": 2}', "the save is from another version (2); ignored"),
    ('{"game": "deepisle", "version": "' + "9" * 40 + '"}', "the save is from another version (999999999999); ignored"),
    ('{"game": "deepisle", "version": 1, "body": [1]}', "the save is damaged (no body)"),
    ('{"game": "deepisle", "version": 1, "body": {"a": 1}, "sum": "0"}', "the save is damaged (checksum mismatch)"),
], ids=["none", "not-text", "not-json", "too-large", "too-deep", "nan", "infinity", "overflow", "a-list",
        "other-game", "other-version", "long-version", "no-body", "bad-sum"])
def test_decode_refuses_with_a_plain_reason(text, why):
    assert save.decode(text) == (None, why)


def test_a_save_of_exactly_the_largest_size_is_read():
    text = good(1)
    padded = text[:-1] + " " * (save.MAX_SAVE_CHARS - len(text)) + "}"
    assert len(padded) == save.MAX_SAVE_CHARS and save.decode(padded)[0] == {"world": "Avalon", "turn": 1}
    assert save.decode(padded + " ") == (None, "the save is too large")


def test_big_integers_pass_for_the_reader_to_clamp():
    text = save.encode({"turn": 10**30})
    assert save.decode(text) == ({"turn": 10**30}, "")


# -- writing -----------------------------------------------------------------------------
def test_a_first_save_is_written_without_a_backup():
    s = Store()
    assert save.write(s, good(1))
    assert s.data == {save.KEY: good(1)} and s.sets == [save.KEY]


def test_a_new_save_keeps_the_previous_one_as_the_backup():
    s = Store()
    save.write(s, good(1))
    assert save.write(s, good(2))
    assert s.data == {save.KEY: good(2), save.BACKUP_KEY: good(1)}
    assert s.sets[1:] == [save.BACKUP_KEY, save.KEY]


def test_writing_the_same_save_again_writes_nothing():
    s = Store()
    save.write(s, good(1))
    assert save.write(s, good(1)) and s.sets == [save.KEY]


@pytest.mark.parametrize("failure", ["refuse", "raise_on"])
def test_a_write_that_fails_or_raises_keeps_the_old_save_and_its_backup(failure):
    s = Store()
    save.write(s, good(1))
    getattr(s, failure).add(save.KEY)
    assert not save.write(s, good(2))
    assert s.data == {save.KEY: good(1), save.BACKUP_KEY: good(1)}
    assert save.load(s) == ({"world": "Avalon", "turn": 1}, "")


def test_the_old_save_is_not_touched_when_no_backup_can_be_made():
    s = Store()
    save.write(s, good(1))
    s.refuse.add(save.BACKUP_KEY)
    assert not save.write(s, good(2))
    assert s.data == {save.KEY: good(1)} and s.sets[-1] == save.BACKUP_KEY


def test_a_damaged_previous_save_is_not_kept_as_the_backup():
    s = Store(**{save.KEY: "garbage", save.BACKUP_KEY: good(1)})
    assert save.write(s, good(2))
    assert s.data == {save.KEY: good(2), save.BACKUP_KEY: good(1)}


def test_the_last_save_written_is_trusted_without_decoding_it_again():
    s = Store(**{save.KEY: good(1)})
    assert save.write(s, good(2), known_good=good(1), check=lambda body: False) is False  # the new one fails check
    assert save.write(s, good(2), known_good=good(1), check=lambda body: body["turn"] == 2)
    assert s.data[save.BACKUP_KEY] == good(1)  # known good, though check() would refuse it


def test_a_save_too_large_or_unusable_is_never_written():
    s = Store()
    assert not save.write(s, save.encode({"x": "y" * save.MAX_SAVE_CHARS}))
    assert not save.write(s, good(1), check=lambda body: 1 / 0)
    assert not save.write(s, "{}")
    assert s.sets == []


def test_a_restore_after_a_failed_write_puts_the_old_text_back():
    s = Store()
    save.write(s, good(1))
    s.damage.add(save.KEY)
    assert not save.write(s, good(2))
    assert s.sets[-3:] == [save.BACKUP_KEY, save.KEY, save.KEY]  # back up, fail, restore (damaged again here)


# -- loading -------------------------------------------------------------------------------
def test_loading_reads_the_main_save_silently():
    assert save.load(Store(**{save.KEY: good(3), save.BACKUP_KEY: good(2)})) == ({"world": "Avalon", "turn": 3}, "")


def test_no_save_at_all_is_no_message():
    assert save.load(Store()) == (None, "")


def test_a_damaged_save_falls_back_to_the_backup_and_says_why():
    body, why = save.load(Store(**{save.KEY: "garbage", save.BACKUP_KEY: good(2)}))
    assert body == {"world": "Avalon", "turn": 2}
    assert why == "the save is damaged (not JSON); loaded the previous save"


def test_a_missing_save_with_a_backup_says_so():
    assert save.load(Store(**{save.BACKUP_KEY: good(2)}))[1] == "the latest save is missing; loaded the previous save"


def test_a_save_the_check_refuses_falls_back_or_is_refused():
    check = lambda body: body["turn"] != 3  # noqa: E731
    s = Store(**{save.KEY: good(3), save.BACKUP_KEY: good(2)})
    assert save.load(s, check) == ({"world": "Avalon", "turn": 2}, "the save could not be read; loaded the previous save")
    s.data[save.BACKUP_KEY] = good(3)
    assert save.load(s, check) == (None, "the save could not be read, and its backup cannot be used either\n"
                                   "Kept aside as save.unreadable and save.bak.unreadable: "
                                   "a new game will not write over them.")
    assert s.data["save.unreadable"] == s.data["save.bak.unreadable"] == good(3)


def test_a_storage_that_raises_on_reading_holds_no_save():
    class Broken:
        def get(self, key):
            raise OSError("gone")

    assert save.load(Broken()) == (None, "")


def test_erase_removes_the_save_and_its_backup_and_never_raises():
    s = Store(**{save.KEY: good(1), save.BACKUP_KEY: good(0), "other": "x"})
    save.erase(s)
    assert s.data == {"other": "x"}

    class Stubborn:
        def delete(self, key):
            raise OSError("read-only")

    save.erase(Stubborn())


# -- telling the player -----------------------------------------------------------------------
def test_saves_are_off_only_when_the_storage_says_why():
    class Blocked:
        def unavailable(self):
            return "the browser blocks storage for this page"

    class Fine:
        def unavailable(self):
            return ""

    class Raising:
        def unavailable(self):
            raise RuntimeError

    assert save.saves_off(Blocked()) == "Saves are off: the browser blocks storage for this page."
    assert save.saves_off(Fine()) == "" and save.saves_off(object()) == ""
    assert save.saves_off(Raising()) == "Saves are off: the storage cannot be reached."
    assert save.write_failed(Blocked()) == "Could not save the game. Saves are off: the browser blocks storage for this page."
    assert save.write_failed(Fine()) == "Could not save the game: the storage is full. Nothing is saved yet."
    kept = Fine()
    kept.get = lambda key: good(1) if key == save.KEY else None
    kept.failure = "the disk is full"
    assert save.write_failed(kept) == "Could not save the game: the disk is full. The last good save is kept."
    kept.get = lambda key: good(1) if key == save.BACKUP_KEY else "damaged"
    assert save.write_failed(kept).endswith("The last good save is kept.")
    assert save.write_failed(kept, check=lambda body: False).endswith("Nothing is saved yet.")


# -- masks --------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (8, 8), (37, 53)])
def test_a_mask_round_trips_through_its_text(shape):
    m = np.random.default_rng(shape[0]).random(shape) < 0.4
    text = save.pack_mask(m)
    assert text.isascii() and np.array_equal(save.unpack_mask(text, shape), m)
    assert save.unpack_mask(text, shape).dtype == bool


def test_a_mask_is_packed_bits_compressed_then_base64():
    m = np.array([[1, 0, 1, 1, 0, 0, 0, 0, 1]], bool)
    assert zlib.decompress(base64.b64decode(save.pack_mask(m))) == bytes([0b10110000, 0b10000000])


@pytest.mark.parametrize("text", ["!!!", "", base64.b64encode(b"not zlib").decode(), 12,
                                  base64.b64encode(zlib.compress(b"\x00" * 3)).decode(),
                                  base64.b64encode(zlib.compress(b"\x00" * 5000)).decode(),
                                  base64.b64encode(zlib.compress(b"\x00" * 4)[:-3]).decode()],
                         ids=["not-base64", "empty", "not-zlib", "not-text", "short", "bomb", "truncated"])
def test_a_damaged_mask_is_none(text):
    assert save.unpack_mask(text, (4, 8)) is None


def test_a_mask_of_another_size_is_none():
    text = save.pack_mask(np.ones((4, 8), bool))
    assert save.unpack_mask(text, (4, 8)) is not None
    assert save.unpack_mask(text, (5, 8)) is None and save.unpack_mask(text, (2, 8)) is None


# -- edges the tests above leave open -------------------------------------------------------------
def test_floats_in_a_body_are_read_and_overflowing_ones_refused():
    assert save.decode(save.encode({"share": 0.25}))[0] == {"share": 0.25}
    minus = '{"game": "deepisle", "version": 1, "body": {"x": -1e999}, "sum": ""}'
    assert save.decode(minus) == (None, "the save is damaged (not JSON)")


def test_a_body_whose_keys_were_written_in_another_order_still_checks():
    text = good(5)
    outer = json.loads(text)
    shuffled = '{"world":"Avalon","turn":5}'  # encode() sorts them: turn, world
    reordered = f'{{"body":{shuffled},"game":"deepisle","sum":"{outer["sum"]}","version":1}}'
    assert save.decode(reordered) == ({"world": "Avalon", "turn": 5}, "")


def test_a_storage_that_returns_no_text_holds_no_save():
    class Odd(Store):
        def get(self, key):
            return 42

    assert save.load(Odd()) == (None, "")


def test_the_check_sees_the_saved_body():
    s = Store(**{save.KEY: good(3), save.BACKUP_KEY: good(2)})
    assert save.load(s, lambda body: body["turn"] > 0) == ({"world": "Avalon", "turn": 3}, "")


def test_a_save_of_exactly_the_largest_size_is_written():
    text = good(1)
    padded = text[:-1] + " " * (save.MAX_SAVE_CHARS - len(text)) + "}"
    s = Store()
    assert save.write(s, padded) and s.data[save.KEY] == padded


def test_a_previous_save_the_check_refuses_is_not_backed_up():
    s = Store(**{save.KEY: good(1)})
    assert save.write(s, good(2), check=lambda body: body["turn"] == 2)
    assert save.BACKUP_KEY not in s.data and s.data[save.KEY] == good(2)


def test_a_write_that_damages_the_old_save_puts_it_back():
    class DamagesOnce(Store):
        """The first write of the save leaves half of it and fails; later writes work."""

        def set(self, key, value):
            if key == save.KEY and "damaged" not in self.__dict__:
                self.damaged = True
                self.data[key] = value[:10]
                return False
            return super().set(key, value)

    s = DamagesOnce(**{save.KEY: good(1)})
    assert not save.write(s, good(2))
    assert s.data == {save.KEY: good(1), save.BACKUP_KEY: good(1)}


def test_a_mask_is_packed_at_the_best_compression():
    assert save.pack_mask(np.ones((2, 8), bool)) == base64.b64encode(zlib.compress(b"\xff\xff", 9)).decode()


def test_a_mask_text_with_a_stray_character_is_damaged():
    text = save.pack_mask(np.eye(8, dtype=bool))
    assert save.unpack_mask(text[:4] + "!" + text[4:], (8, 8)) is None


# -- what loading keeps aside -------------------------------------------------------------------
def test_a_damaged_save_alone_is_kept_aside_and_said():
    s = Store(**{save.KEY: "garbage"})
    assert save.load(s) == (None, "the save is damaged (not JSON)\nKept aside as save.unreadable: "
                                  "a new game will not write over it.")
    assert s.data["save.unreadable"] == "garbage" and save.KEPT_SUFFIX == ".unreadable"


def test_a_damaged_backup_behind_a_good_save_is_left_alone():
    s = Store(**{save.KEY: good(2), save.BACKUP_KEY: "garbage"})
    assert save.load(s) == ({"world": "Avalon", "turn": 2}, "") and "save.bak.unreadable" not in s.data


def test_a_missing_save_with_a_damaged_backup_says_both():
    s = Store(**{save.BACKUP_KEY: "garbage"})
    assert save.load(s) == (None, "the latest save is missing, and its backup cannot be used either\n"
                                  "Kept aside as save.bak.unreadable: a new game will not write over it.")


def test_a_value_held_that_is_not_text_is_copied_by_the_storage():
    class Bytes(Store):
        copied = []

        def holds(self, key):
            return key == save.KEY

        def copy(self, key, to_key):
            self.copied.append((key, to_key))
            return True

    s = Bytes()
    assert save.load(s) == (None, "the save cannot be read as text\nKept aside as save.unreadable: "
                                  "a new game will not write over it.")
    assert s.copied == [(save.KEY, "save.unreadable")]


def test_what_cannot_be_kept_aside_is_said_too():
    s = Store(**{save.KEY: "garbage", save.BACKUP_KEY: "junk"})
    s.refuse |= {"save.unreadable", "save.bak.unreadable"}
    assert save.load(s) == (None, "the save is damaged (not JSON), and its backup cannot be used either\n"
                                  "Could not keep them aside: a new game will write over them.")

    class CopyRaises(Store):
        def copy(self, key, to_key):
            raise OSError("disk")

    assert save.load(CopyRaises(**{save.KEY: "garbage"}))[1].endswith("a new game will write over it.")


def test_a_storage_that_cannot_say_what_it_holds_holds_what_it_reads():
    class Unsure(Store):
        def holds(self, key):
            raise RuntimeError

    assert save.load(Unsure()) == (None, "")


def test_a_good_backup_behind_a_missing_save_is_not_kept_aside():
    s = Store(**{save.BACKUP_KEY: good(2)})
    assert save.load(s)[0] == {"world": "Avalon", "turn": 2}
    assert set(s.data) == {save.BACKUP_KEY}


def test_one_save_that_cannot_be_kept_aside_is_said_in_the_singular():
    s = Store(**{save.KEY: "garbage"})
    s.refuse.add("save.unreadable")
    assert save.load(s) == (None, "the save is damaged (not JSON)\n"
                                  "Could not keep it aside: a new game will write over it.")
