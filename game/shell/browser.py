"""The browser bridge: the one place that knows whether we run in a page.

In the page, pygbag puts its runtime module in ``sys.modules["platform"]``
(pygbag 0.9.3, ``support/cross/aio/cross.py`` line 154), and its ``window`` is
the page's JS ``window`` seen through a proxy: JS strings come back as
``str``, ``null`` and ``undefined`` as None, a JS exception as a Python
``Exception`` carrying its message.  The template (``web/index.html``)
defines ``window.deepisle`` helpers for downloads, the clipboard and the
loading screen, and keeps what Python is doing (:class:`PageState`) where
tests and people read it.  Natively the same calls read ``sys.argv`` and
write files, or do nothing, so the game code never branches on the platform
itself.

Which of the two applies is decided in one place, the runtime installed
here: pygbag's ``platform`` module in the page, None natively.  Tests
install a stand-in runtime with :func:`use_runtime` (``tests/fake_page.py``)
and run the page's branch natively.

>>> previous = use_runtime(None)
>>> in_page(), query_string(), page_url()
(False, '', 'index.html')
>>> _ = use_runtime(previous)
"""

from __future__ import annotations

import base64
import json
import os
import platform
import sys
import traceback
from pathlib import Path
from typing import Any

from . import files

__all__ = ["use_runtime", "in_page", "window", "query_string", "Storage", "data_folder", "download", "copy_text",
           "ready", "page_url", "ask_for_file", "opened_file", "PageState", "page_state", "report_error"]

#: pygbag's runtime module when running in the page, None natively.
_runtime: Any = platform if sys.platform == "emscripten" else None


def use_runtime(runtime: Any) -> Any:
    """Run the bridge against ``runtime`` (pygbag's ``platform`` module or a
    stand-in with a ``window``; None: native).  Returns the previous one."""
    global _runtime
    previous, _runtime = _runtime, runtime
    return previous


def in_page() -> bool:
    """True when the game runs in a web page (settings come from the URL)."""
    return _runtime is not None


def window() -> Any:
    """The page's ``window`` (in the page), else None."""
    return getattr(_runtime, "window", None) if _runtime is not None else None


def _helpers() -> Any:
    """``window.deepisle`` or None (a JS property that is not there reads as None)."""
    win = window()
    try:
        return getattr(win, "deepisle", None) if win is not None else None
    except Exception:  # noqa: BLE001 - a foreign page object
        return None


def query_string() -> str:
    """``location.search`` in the page (``"?mode=demo&..."`` or ``""``), else ``""``."""
    win = window()
    try:
        search = win.location.search if win is not None else None
    except Exception:  # noqa: BLE001 - a foreign page object; fall back to defaults
        return ""
    return search if isinstance(search, str) else ""


def page_url() -> str:
    """The page address without its query (where share links point)."""
    win = window()
    if win is None:
        return "index.html"
    try:
        loc = win.location
        origin, path = loc.origin, loc.pathname
    except Exception:  # noqa: BLE001
        return "index.html"
    if not isinstance(origin, str) or not isinstance(path, str) or origin in ("", "null"):
        return "index.html"  # a file:// or sandboxed page has no usable origin
    return f"{origin}{path}"


_PROBE_KEY = "probe"
MAX_VALUE = 8_000_000  # bytes a stored value may have natively (a save is at most 4 MB): a larger file is not read
PAGE_FULL = "the browser's storage for this page is full"


def data_folder() -> Path:
    """Where the game keeps its files natively: ``$DEEPISLE_DATA``, else
    ``~/.local/share/deepisle`` (saves, recordings, morgue files, exports)."""
    return Path(os.environ.get("DEEPISLE_DATA") or Path.home() / ".local/share/deepisle")


class Storage:
    """Small key/value persistence: ``localStorage`` in the page, files natively.

    Natively a value is a regular file, read only up to :data:`MAX_VALUE`
    bytes and never waited on (:func:`game.shell.files.read_regular`), and written
    whole or not at all (:func:`game.shell.files.write_atomic`), so a failed write
    never destroys the previous value nor leaves a temporary file.  ``set``
    returns False on failure instead of raising (a full disk or quota,
    storage the browser blocks) and :attr:`failure` says why; :meth:`unavailable`
    says whether anything can be kept at all, :meth:`unreadable` why a value
    that is there cannot be read.
    """

    def __init__(self, directory: str | os.PathLike | None = None, prefix: str = "deepisle.") -> None:
        self.prefix = prefix
        self.directory = Path(directory) if directory else data_folder()
        self.failure = ""  # why the last failed ``set`` failed ("the disk is full" ...)

    def _path(self, key: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in key)
        return self.directory / f"{self.prefix}{safe}"

    def get(self, key: str) -> str | None:
        win = window()
        try:
            if win is not None:
                value = win.localStorage.getItem(self.prefix + key)  # a missing key: JS null, None here
                return value if isinstance(value, str) else None
            data, _ = files.read_regular(self._path(key), MAX_VALUE)
            return data.decode("utf-8") if data is not None else None  # as written: no newline translation
        except UnicodeDecodeError:
            return None
        except Exception:  # noqa: BLE001 - localStorage blocked (site data off, sandboxed iframe)
            return None

    def unreadable(self, key: str) -> str:
        """Why the value under ``key`` cannot be read as text ("" when it can, or is not there)."""
        if window() is not None:
            return ""
        data, why = files.read_regular(self._path(key), MAX_VALUE)
        if data is None:
            return "" if why == "there is no such file" else why
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return "it is not text"
        return ""

    def set(self, key: str, value: str) -> bool:
        win = window()
        try:
            if win is not None:
                try:
                    win.localStorage.setItem(self.prefix + key, value)  # raises past the quota; the old value stays
                except Exception:  # noqa: BLE001 - QuotaExceededError (or blocked: unavailable() tells)
                    self.failure = PAGE_FULL
                    return False
                return win.localStorage.getItem(self.prefix + key) == value
            why = files.write_atomic(self._path(key), value.encode("utf-8"))
            if why:
                self.failure = why if why == "the disk is full" else f"{self.directory} cannot be written ({why})"
            return not why
        except Exception:  # noqa: BLE001 - storage blocked in the page
            return False

    def holds(self, key: str) -> bool:
        """Whether anything is stored under ``key``, readable as text or not
        (``get`` gives None for both a missing value and one it cannot read:
        bytes that are not UTF-8, a FIFO, a folder; this tells them apart)."""
        win = window()
        try:
            if win is not None:
                return win.localStorage.getItem(self.prefix + key) is not None
            return os.path.lexists(self._path(key))
        except Exception:  # noqa: BLE001 - storage blocked: it holds nothing we can reach
            return False

    def copy(self, key: str, to_key: str) -> bool:
        """Copy the value under ``key`` to ``to_key`` exactly as stored (bytes
        natively, so a value that is not text is kept as it is); True once
        the copy is whole.  Never raises, never waits (a FIFO is not copied)."""
        win = window()
        try:
            if win is not None:
                value = win.localStorage.getItem(self.prefix + key)
                return isinstance(value, str) and self.set(to_key, value)
            data, _ = files.read_regular(self._path(key), MAX_VALUE)
            if data is None:
                return False
            target = self._path(to_key)
            return not files.write_atomic(target, data) and target.read_bytes() == data
        except Exception:  # noqa: BLE001 - a disk error, a full quota, blocked storage: not copied
            return False

    def delete(self, key: str) -> None:
        win = window()
        try:
            if win is not None:
                win.localStorage.removeItem(self.prefix + key)
            else:
                self._path(key).unlink(missing_ok=True)
        except Exception:  # noqa: BLE001
            pass

    def keep_file(self, folder: str, filename: str, text: str) -> tuple[str | None, str]:
        """Natively, write ``text`` to ``folder/filename`` in the data folder (a morgue file;
        the name made safe): ``(its path, "")``, or ``(None, why)`` in one line (nothing is
        left half-written).  In the page ``(None, "")``: the player copies or downloads it."""
        if window() is not None:
            return None, ""
        path = self.directory / folder / files.safe_name(filename, "file.txt")
        why = files.write_atomic(path, text.encode("utf-8"))
        return (None, f"Could not keep the file {path}: {why}.") if why else (str(path), "")

    def _round_trip(self) -> str:
        """A small value written, read back and removed: "" when it works, else why not."""
        if not self.set(_PROBE_KEY, "1"):
            return self.failure or "it cannot be written"
        ok = self.get(_PROBE_KEY) == "1"
        self.delete(_PROBE_KEY)
        return "" if ok else "what is written does not read back"

    def unavailable(self) -> str:
        """Why nothing can be kept here, for the player; ``""`` when storage
        works (a failed save then means a full store, not a blocked one).

        Natively, a folder that cannot be written (read-only, no permission)
        keeps nothing; a full disk is not "off": the save that fails says so.
        In the page, storage is blocked when reaching ``localStorage`` throws
        (site data blocked, a sandboxed or third-party iframe: SecurityError),
        when it is null (Firefox with storage disabled), or when it holds
        nothing and still refuses a few bytes (a zero quota); a store that
        holds data and refuses more is full, not blocked."""
        win = window()
        if win is None:
            why = self._round_trip()
            return "" if why in ("", "the disk is full") else why
        try:
            store = win.localStorage
            store.getItem(self.prefix + _PROBE_KEY)
            if not self._round_trip() or store.length:
                return ""
        except Exception:  # noqa: BLE001 - every call throws: blocked
            pass
        return "the browser blocks storage for this page"


def download(filename: str, data: bytes, mime: str, directory: str | os.PathLike | None = None) -> str:
    """Offer ``data`` to the player: a browser download, or natively a file
    in ``directory`` (default: ``exports/`` in the :func:`data_folder`).  The
    file name is made safe (:func:`game.shell.files.safe_name`: ``AC/DC`` is
    ``AC-DC``).  Returns one line for the player: where it went, or why not."""
    name = files.safe_name(filename)
    if in_page():
        helpers = _helpers()
        try:  # the JS side takes text only: bytes go as base64
            ok = helpers is not None and helpers.download(name, mime, base64.b64encode(data).decode("ascii"))
        except Exception:  # noqa: BLE001 - a JS error in the helper: say so, keep running
            ok = False
        return f"Downloaded {name}." if ok is not False else f"{name}: the page could not offer the download."
    target = Path(directory) / name if directory is not None else data_folder() / "exports" / name
    why = files.write_atomic(target, data)
    return f"Could not write {target}: {why}." if why else f"Saved as {target}."


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard in the page (True once asked; the page
    shows the text for a manual copy when the clipboard is refused);
    natively print it and return False."""
    helpers = _helpers()
    if helpers is not None:
        try:
            helpers.copyText(text)  # returns a JS Promise; nothing here awaits it
            return True
        except Exception:  # noqa: BLE001 - a JS error: the caller shows the link instead
            return False
    print(text, flush=True)
    return False


def ask_for_file(accept: str, limit: int) -> bool:
    """In the page, let the player choose a file (``accept``: ".txt"); its
    text (at most ``limit + 1`` characters, so too large a file is seen as
    such) comes later through :func:`opened_file`.  False natively or when
    the page cannot ask."""
    helpers = _helpers()
    if helpers is None:
        return False
    try:
        return helpers.openFile(accept, limit) is not False
    except Exception:  # noqa: BLE001 - an old template without the helper
        return False


def opened_file() -> str | None:
    """The text of the file the player chose, once (None until there is one)."""
    helpers = _helpers()
    if helpers is None:
        return None
    try:
        text = helpers.takeFile()
    except Exception:  # noqa: BLE001 - an old template without the helper
        return None
    return text if isinstance(text, str) else None


def ready() -> None:
    """Tell the page the first frame is drawn (hides its loading screen)."""
    helpers = _helpers()
    if helpers is not None:
        try:
            helpers.ready()
        except Exception:  # noqa: BLE001 - an old template without the helper
            pass


class PageState:
    """What Python is doing, told to the page: ``window.deepisle.report(text)``
    with one JSON object a call, which the template keeps as
    ``window.deepisle.python`` and logs to the console (lines starting
    ``[deepisle]``).  Tests read it; so does anyone with the console open.

    The app calls :meth:`frame` once a frame with the frame's time and its
    state (``{"scene": "play", "turn": 12, ...}``, no frame counter).  A
    changed state or something the game said goes at once; otherwise frame
    times wait for a batch of :attr:`BATCH_FRAMES`, so a still screen costs
    one call every half second.  Natively there is no page and no
    ``PageState`` (:func:`page_state` gives None), so nothing runs per frame.

    >>> sent = []
    >>> page = PageState(type("Helpers", (), {"report": staticmethod(sent.append)})())
    >>> page.frame(4.25, {"scene": "title"}, [])
    >>> page.frame(3.5, {"scene": "title"}, [])
    >>> sent
    ['{"frames":[4.25],"state":{"scene":"title"}}']
    """

    BATCH_FRAMES = 30

    def __init__(self, helpers: Any) -> None:
        self._helpers = helpers
        self._state: dict | None = None
        self._times: list[float] = []

    def start(self, versions: dict[str, str]) -> None:
        """Once, before the first frame: the interpreter's and packages' versions."""
        self._send({"versions": versions})

    def frame(self, ms: float, state: dict, said: list[str]) -> None:
        """One frame: its work time (ms), the app's state, the messages it showed first."""
        self._times.append(round(ms, 2))
        changed = state != self._state
        if not (changed or said or len(self._times) >= self.BATCH_FRAMES):
            return
        message: dict[str, Any] = {"frames": self._times}
        if changed:
            message["state"] = self._state = state
        if said:
            message["said"] = said
        self._times = []
        self._send(message)

    def _send(self, message: dict) -> None:
        _report(self._helpers, message)


def _report(helpers: Any, message: dict) -> None:
    """``window.deepisle.report(json)``; a JS error there never stops the game."""
    try:
        helpers.report(json.dumps(message, separators=(",", ":")))
    except Exception:  # noqa: BLE001 - a JS error in the helper: the game goes on
        pass


def page_state() -> PageState | None:
    """A :class:`PageState` in a page whose template takes reports, else None (natively)."""
    helpers = _helpers()
    try:
        takes_reports = helpers is not None and getattr(helpers, "report", None) is not None
    except Exception:  # noqa: BLE001 - a foreign page object
        takes_reports = False
    return PageState(helpers) if takes_reports else None


def report_error(exc: BaseException) -> None:
    """Tell the page Python stopped on ``exc``, with its traceback (natively
    nothing: the traceback is printed as usual)."""
    helpers = _helpers()
    if helpers is None:
        return
    _report(helpers, {"error": {"type": type(exc).__name__, "message": str(exc),
                                "traceback": "".join(traceback.format_exception(exc))}})
