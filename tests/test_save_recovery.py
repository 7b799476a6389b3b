"""Saves the game cannot use: said plainly at the start, kept aside, never silently lost.

Through the real storage (files natively, a stand-in localStorage for the
page) and, where the message shows, the title scene in the real loop.
"""

import pygame
import pytest
from fake_page import LocalStorage, Window, installed
from gameloop import key, make_app, run, run_until

from game.shell.browser import Storage
from game.rules.persistence import save
from game.rules.persistence.codec import usable
from game.rules.run import Game
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.view import ui

NOT_UTF8 = b"\xff\xfe\x00garbage \xc3\x28 not text"
BACKUP_NOT_UTF8 = b"\x80\x81 another \xfe"
KEPT, BACKUP_KEPT = save.KEY + save.KEPT_SUFFIX, save.BACKUP_KEY + save.KEPT_SUFFIX
_BODY = {}


def good_save(turn: int = 0) -> str:
    """A playable save (a new world, not yet built); ``turn`` tells saves apart."""
    if "body" not in _BODY:
        _BODY["body"] = Game.new("Keepsake", "small", 7, None).to_json()
    return save.encode(dict(_BODY["body"], turn=turn))


def stored(storage: Storage, key: str) -> bytes:
    return storage._path(key).read_bytes()


def put(storage: Storage, key: str, data: bytes) -> None:
    storage.directory.mkdir(parents=True, exist_ok=True)
    storage._path(key).write_bytes(data)


def toasts(scene) -> list[str]:
    return [message for message, _, _ in scene.toasts.items]


# -- the storage layer --------------------------------------------------------------------------------

def test_storage_tells_bytes_that_are_not_text_from_a_missing_value(tmp_path):
    storage = Storage(tmp_path)
    put(storage, save.KEY, NOT_UTF8)
    assert storage.get(save.KEY) is None and storage.holds(save.KEY)
    assert not storage.holds(save.BACKUP_KEY)
    assert storage.copy(save.KEY, "elsewhere") and stored(storage, "elsewhere") == NOT_UTF8
    assert not storage.copy(save.BACKUP_KEY, "nowhere") and not storage.holds("nowhere")


def test_save_and_backup_not_text_are_reported_and_kept_aside(tmp_path):
    storage = Storage(tmp_path)
    put(storage, save.KEY, NOT_UTF8)
    put(storage, save.BACKUP_KEY, BACKUP_NOT_UTF8)
    body, why = save.load(storage, check=usable)
    assert body is None
    first, second = why.splitlines()
    assert first == "the save cannot be read as text, and its backup cannot be used either"
    assert second == f"Kept aside as {KEPT} and {BACKUP_KEPT}: a new game will not write over them."
    assert stored(storage, KEPT) == NOT_UTF8 and stored(storage, BACKUP_KEPT) == BACKUP_NOT_UTF8
    assert stored(storage, save.KEY) == NOT_UTF8  # loading deletes nothing


def test_a_damaged_main_save_with_a_good_backup_is_called_damaged(tmp_path):
    backup = good_save(turn=5)
    for damaged in (NOT_UTF8, good_save(turn=6)[:-9].encode(), good_save(turn=6).replace('"turn":6', '"turn":9').encode()):
        storage = Storage(tmp_path / str(len(damaged)))
        put(storage, save.KEY, damaged)
        storage.set(save.BACKUP_KEY, backup)
        body, why = save.load(storage, check=usable)
        assert body["turn"] == 5
        assert "missing" not in why and why.endswith("; loaded the previous save")
        assert "cannot be read as text" in why or "damaged" in why
        assert stored(storage, KEPT) == damaged


def test_a_missing_main_save_with_a_good_backup_is_called_missing(tmp_path):
    storage = Storage(tmp_path)
    storage.set(save.BACKUP_KEY, good_save(turn=5))
    body, why = save.load(storage, check=usable)
    assert body["turn"] == 5 and why == "the latest save is missing; loaded the previous save"
    assert not storage.holds(KEPT)


def test_a_good_save_loads_silently_and_keeps_nothing_aside(tmp_path):
    storage = Storage(tmp_path)
    assert save.write(storage, good_save(turn=1), check=usable)
    assert save.load(storage, check=usable)[1] == ""
    assert not storage.holds(KEPT) and not storage.holds(BACKUP_KEPT)


def test_a_save_that_cannot_be_kept_aside_says_so(tmp_path):
    class NoCopies(Storage):
        def copy(self, key, to_key):
            return False

    storage = NoCopies(tmp_path)
    put(storage, save.KEY, NOT_UTF8)
    body, why = save.load(storage, check=usable)
    assert body is None
    assert why.splitlines()[1] == "Could not keep it aside: a new game will write over it."


def test_page_storage_keeps_an_unusable_save_aside_in_local_storage():
    store = LocalStorage(items={"deepisle.save": "{garbage", "deepisle.save.bak": "also garbage"})
    with installed(Window(storage=store)):
        storage = Storage()
        body, why = save.load(storage, check=usable)
    assert body is None and why.startswith("the save is damaged (not JSON), and its backup")
    assert store.items["deepisle." + KEPT] == "{garbage"
    assert store.items["deepisle." + BACKUP_KEPT] == "also garbage"


# -- the title screen, through the real loop ------------------------------------------------------------

def test_title_says_neither_save_can_be_read_and_a_new_game_keeps_them(tmp_path):
    storage = Storage(tmp_path)
    put(storage, save.KEY, NOT_UTF8)
    put(storage, save.BACKUP_KEY, BACKUP_NOT_UTF8)
    app = make_app("", storage)
    run(app, 3)
    title = app.top
    assert isinstance(title, TitleScene) and title.saved is None
    said = toasts(title)
    assert "Saved game: the save cannot be read as text, and its backup cannot be used either" in said
    assert any(line.startswith(f"Kept aside as {KEPT} and {BACKUP_KEPT}") for line in said)
    for line in said:  # each line fits on the screen
        assert ui.text_size(line, 18)[0] + 24 <= app.size[0], line
    # a new game saves over the unreadable files; the copies stay as they were
    run(app, 2, {0: [key(pygame.K_RETURN, "\r")]})
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and not app.top.game.busy, 600)
    app.top.save_now()
    assert save.decode(storage.get(save.KEY))[0] is not None
    assert stored(storage, KEPT) == NOT_UTF8 and stored(storage, BACKUP_KEPT) == BACKUP_NOT_UTF8


def test_title_offers_the_backup_of_a_damaged_save_and_calls_it_damaged(tmp_path):
    storage = Storage(tmp_path)
    put(storage, save.KEY, NOT_UTF8)
    storage.set(save.BACKUP_KEY, good_save(turn=5))
    app = make_app("", storage)
    run(app, 3)
    title = app.top
    assert title.saved is not None and title.saved["turn"] == 5
    said = [line for line in toasts(title) if line.startswith("Saved game:")]
    assert said == ["Saved game: the save cannot be read as text; loaded the previous save"]


@pytest.mark.parametrize("main", [None, NOT_UTF8], ids=["no save", "unreadable"])
def test_title_is_silent_only_when_there_is_no_save_at_all(tmp_path, main):
    storage = Storage(tmp_path)
    if main is not None:
        put(storage, save.KEY, main)
    app = make_app("", storage)
    run(app, 2)
    said = [line for line in toasts(app.top) if line.startswith("Saved game:")]
    assert said == ([] if main is None else ["Saved game: the save cannot be read as text"])
