"""The browser bridge: the one place that knows whether we run in a page.

In the browser (pygbag, ``sys.platform == "emscripten"``) the page's
``window`` object is reached through ``platform.window``; the template
(``web/index.html``) defines ``window.deepisle`` helpers for downloads, the
clipboard and the loading screen.  Natively the same calls read ``sys.argv``
and write files, so the game code never branches on the platform itself.
"""

from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

__all__ = ["IS_BROWSER", "window", "query_string", "Storage", "download", "copy_text", "ready",
           "page_url"]

IS_BROWSER = sys.platform == "emscripten"


def window():
    """The page's ``window`` (browser only), else None."""
    if not IS_BROWSER:
        return None
    import platform  # pygbag replaces the stdlib module with one that has .window

    return getattr(platform, "window", None)


def _helpers():
    win = window()
    return getattr(win, "deepisle", None) if win is not None else None


def query_string() -> str:
    win = window()
    try:
        return str(win.location.search) if win is not None else ""
    except Exception:  # noqa: BLE001 - a foreign page object; fall back to defaults
        return ""


def page_url() -> str:
    """The page address without its query (where share links point)."""
    win = window()
    if win is None:
        return "index.html"
    try:
        loc = win.location
        return f"{loc.origin}{loc.pathname}"
    except Exception:  # noqa: BLE001
        return "index.html"


class Storage:
    """Small key/value persistence: ``localStorage`` in the page, files natively.

    Writes are atomic natively (temporary file + ``os.replace``), so a failed
    write never destroys the previous value.  ``set`` returns False on failure
    instead of raising: the caller tells the player.
    """

    def __init__(self, directory: str | os.PathLike | None = None, prefix: str = "deepisle.") -> None:
        self.prefix = prefix
        base = directory or os.environ.get("DEEPISLE_DATA") or Path.home() / ".local/share/deepisle"
        self.directory = Path(base)

    def _path(self, key: str) -> Path:
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in key)
        return self.directory / f"{self.prefix}{safe}"

    def get(self, key: str) -> str | None:
        win = window()
        try:
            if win is not None:
                value = win.localStorage.getItem(self.prefix + key)
                return None if value is None else str(value)
            with open(self._path(key), encoding="utf-8", newline="") as fh:  # as written: no newline translation
                return fh.read()
        except (OSError, UnicodeDecodeError):
            return None
        except Exception:  # noqa: BLE001 - localStorage disabled (private mode, sandboxed iframe)
            return None

    def set(self, key: str, value: str) -> bool:
        win = window()
        try:
            if win is not None:
                win.localStorage.setItem(self.prefix + key, value)
                return str(win.localStorage.getItem(self.prefix + key)) == value
            path = self._path(key)
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            with open(tmp, "w", encoding="utf-8", newline="") as fh:
                fh.write(value)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            return True
        except OSError:
            return False
        except Exception:  # noqa: BLE001 - quota exceeded or storage blocked in the page
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


def download(filename: str, data: bytes, mime: str, directory: str | os.PathLike = "exports") -> str:
    """Offer ``data`` to the player: a browser download, or a file natively.

    Returns where it went (the path natively, the file name in the page)."""
    helpers = _helpers()
    if helpers is not None:
        helpers.download(filename, mime, base64.b64encode(data).decode("ascii"))
        return filename
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    target = path / filename
    target.write_bytes(data)
    return str(target)


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard in the page; natively print it."""
    helpers = _helpers()
    if helpers is not None:
        helpers.copyText(text)
        return True
    print(text, flush=True)
    return False


def ready() -> None:
    """Tell the page the first frame is drawn (hides its loading screen)."""
    helpers = _helpers()
    if helpers is not None:
        try:
            helpers.ready()
        except Exception:  # noqa: BLE001 - an old template without the helper
            pass
