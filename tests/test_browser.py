"""``game.shell.browser`` outside storage: which runtime it runs against, the
page's address, downloads, the clipboard and the ready signal, in the page
(the fake pygbag runtime of ``fake_page``) and natively."""

import base64
from types import SimpleNamespace

import pytest

from fake_page import Helpers, JSObject, Window, installed

from game.shell import browser


class Throwing(JSObject):
    """A page object whose every attribute read throws (a JS getter that throws)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise Exception(f"reading {name} threw")  # noqa: TRY002 - what the proxy raises


class Calling(Helpers):
    """Helpers whose calls throw."""

    def download(self, *args):
        raise Exception("Blob refused")  # noqa: TRY002

    def copyText(self, *args):
        raise Exception("no clipboard")  # noqa: TRY002

    def ready(self):
        raise Exception("old template")  # noqa: TRY002


# -- which runtime --------------------------------------------------------------------------
def test_use_runtime_switches_and_returns_the_previous_one():
    fake = SimpleNamespace(window=Window())
    before = browser.use_runtime(fake)
    try:
        assert browser.in_page() and browser.window() is fake.window
        assert browser.use_runtime(None) is fake
        assert not browser.in_page() and browser.window() is None
    finally:
        browser.use_runtime(before)


def test_a_runtime_without_a_window_has_none():
    before = browser.use_runtime(SimpleNamespace())
    try:
        assert browser.in_page() and browser.window() is None
        assert browser.query_string() == "" and browser.page_url() == "index.html"
    finally:
        browser.use_runtime(before)


def test_natively_there_is_no_page():
    before = browser.use_runtime(None)
    try:
        assert (browser.in_page(), browser.window(), browser.query_string(), browser.page_url()) == (
            False, None, "", "index.html")
    finally:
        browser.use_runtime(before)


# -- the page's address ---------------------------------------------------------------------
def test_the_query_string_and_the_page_address_come_from_location():
    with installed(Window(search="?world=Avalon", origin="https://example.org", pathname="/deepisle/")):
        assert browser.query_string() == "?world=Avalon"
        assert browser.page_url() == "https://example.org/deepisle/"


def test_a_location_that_throws_or_is_not_text_gives_the_defaults():
    win = Window()
    win.location = Throwing()
    with installed(win):
        assert browser.query_string() == "" and browser.page_url() == "index.html"
    win.location = SimpleNamespace(search=None, origin=5, pathname="/x")
    with installed(win):
        assert browser.query_string() == "" and browser.page_url() == "index.html"
    win.location = SimpleNamespace(search="", origin="https://a.b", pathname=None)
    with installed(win):
        assert browser.page_url() == "index.html"


def test_a_page_with_no_usable_origin_links_to_index_html():
    for origin in ("null", ""):
        with installed(Window(origin=origin, pathname="/c/index.html")):
            assert browser.page_url() == "index.html"


# -- downloads, the clipboard, ready ---------------------------------------------------------
def test_a_download_in_the_page_goes_to_the_helper_as_base64(tmp_path):
    helpers = Helpers()
    with installed(Window(helpers=helpers)):
        assert browser.download("map.png", b"\x89PNG\x00\xff", "image/png", directory=tmp_path) == "Downloaded map.png."
    assert helpers.downloads == [("map.png", "image/png", b"\x89PNG\x00\xff")]
    assert not any(tmp_path.iterdir())


def test_a_download_the_page_refuses_or_cannot_offer_is_said(tmp_path):
    class Refusing(Helpers):
        def download(self, *args):
            return False

    for helpers in (Refusing(), Calling()):
        with installed(Window(helpers=helpers)):
            assert browser.download("a.png", b"x", "image/png") == "a.png: the page could not offer the download."
    win = Window()
    win.deepisle = None
    with installed(win):
        assert browser.download("a.png", b"x", "image/png") == "a.png: the page could not offer the download."


def test_a_page_whose_helpers_throw_on_reading_has_none():
    class ThrowingWindow(Window):
        @property
        def deepisle(self):
            raise Exception("blocked")  # noqa: TRY002

        @deepisle.setter
        def deepisle(self, value):
            pass

    with installed(ThrowingWindow()):
        assert browser.copy_text("x") is False
        browser.ready()  # nothing to tell, nothing raised
        assert "could not offer" in browser.download("a.png", b"x", "image/png")


def test_a_native_download_is_a_file_in_the_folder(tmp_path):
    before = browser.use_runtime(None)
    try:
        where = browser.download("a.txt", b"hello", "text/plain", directory=tmp_path / "out")
    finally:
        browser.use_runtime(before)
    assert where == f"Saved as {tmp_path / 'out' / 'a.txt'}." and (tmp_path / "out" / "a.txt").read_bytes() == b"hello"


def test_copying_in_the_page_asks_the_helper_and_natively_prints(capsys):
    helpers = Helpers()
    with installed(Window(helpers=helpers)):
        assert browser.copy_text("https://x/?world=A") is True
    assert helpers.copied == ["https://x/?world=A"]
    with installed(Window(helpers=Calling())):
        assert browser.copy_text("y") is False
    before = browser.use_runtime(None)
    try:
        assert browser.copy_text("printed") is False
    finally:
        browser.use_runtime(before)
    assert capsys.readouterr().out == "printed\n"


def test_ready_tells_the_page_once_per_call_and_survives_an_old_template():
    helpers = Helpers()
    with installed(Window(helpers=helpers)):
        browser.ready()
        browser.ready()
    assert helpers.ready_calls == 2
    with installed(Window(helpers=Calling())):
        browser.ready()


def test_download_data_is_base64_text_for_the_page():
    seen = []

    class Recording(Helpers):
        def download(self, filename, mime, data):
            seen.append(data)
            return True

    with installed(Window(helpers=Recording())):
        browser.download("b.bin", bytes(range(256)), "application/octet-stream")
    assert isinstance(seen[0], str) and base64.b64decode(seen[0]) == bytes(range(256))


def test_a_native_download_goes_to_exports_in_the_data_folder_and_makes_its_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    before = browser.use_runtime(None)
    try:
        assert browser.download("a.txt", b"1", "text/plain") == f"Saved as {tmp_path / 'data' / 'exports' / 'a.txt'}."
        assert browser.download("b.txt", b"2", "text/plain", directory=tmp_path / "x" / "y") == \
            f"Saved as {tmp_path / 'x' / 'y' / 'b.txt'}."
        assert browser.download("c.txt", b"3", "text/plain", directory=tmp_path / "x" / "y")
    finally:
        browser.use_runtime(before)
    assert (tmp_path / "data" / "exports" / "a.txt").read_bytes() == b"1"
    assert (tmp_path / "x" / "y" / "c.txt").read_bytes() == b"3" and not (tmp_path / "exports").exists()


@pytest.mark.parametrize(("world", "name"), [("AC/DC", "deepisle-AC-DC.replay.txt"),
                                             ("../../etc", "deepisle-..-..-etc.replay.txt"),  # no slash: no path
                                             ("Lake Ærø", "deepisle-Lake-AEro.replay.txt"),
                                             ("\x00?*", "deepisle-.replay.txt")])
def test_a_download_named_after_any_world_is_a_safe_file_name(tmp_path, world, name):
    before = browser.use_runtime(None)
    try:
        said = browser.download(f"deepisle-{world}.replay.txt", b"r", "text/plain", directory=tmp_path)
    finally:
        browser.use_runtime(before)
    assert said == f"Saved as {tmp_path / name}." and [p.name for p in tmp_path.iterdir()] == [name]
    helpers = Helpers()
    with installed(Window(helpers=helpers)):
        assert browser.download(f"deepisle-{world}.replay.txt", b"r", "text/plain") == f"Downloaded {name}."
    assert helpers.downloads[0][0] == name


def test_a_native_download_that_cannot_be_written_says_why_in_one_line_and_leaves_nothing(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    before = browser.use_runtime(None)
    try:
        said = browser.download("a.txt", b"1", "text/plain", directory=blocker / "sub")
    finally:
        browser.use_runtime(before)
    assert said == f"Could not write {blocker / 'sub' / 'a.txt'}: not a directory." and "\n" not in said
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


