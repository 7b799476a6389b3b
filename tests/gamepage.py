"""The online suite's page: the built game in headless Chromium, driven the same way on either runtime.

A test presses keys, clicks the canvas and waits for what the page says Python
is doing (``window.deepisle.python``, written by ``game/shell/browser.py`` and
``web/index.html``); the runtime it loaded is a parameter:

* ``stand-in``: ``pythons.js`` is answered by the stand-in (``tests/standin.py``)
  and the game's Python runs natively in this process, a frame each time a wait
  polls.  Nothing leaves 127.0.0.1.
* ``real``: the pygbag 0.9.3 runtime, from the CDN, or from ``$DEEPISLE_RUNTIME``
  (a folder made by ``make runtime``, packed into its own build, or the URL of a
  runtime folder ``.../cdn/0.9.3/``).  When it cannot be reached the test skips
  with one line, or fails with ``DEEPISLE_REQUIRE_REAL=1`` (the workflow sets it).

A wait fails at once, with the traceback, when the page reports a Python
exception, and after its timeout with the last state it saw.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from standin import STANDIN_PYTHONS_JS, NativeGame

__all__ = ["Runtime", "GamePage", "real_runtime_source", "RUNTIME_ENV", "REQUIRE_ENV", "PROBLEM"]

RUNTIME_ENV = "DEEPISLE_RUNTIME"
REQUIRE_ENV = "DEEPISLE_REQUIRE_REAL"
GAME_SIZE = (960, 540)
#: The JS that gives the Python exception the page reported (type, message, traceback), or null.
PROBLEM = "(window.deepisle && window.deepisle.python && window.deepisle.python.error) || null"

# Chrome's "block site data" (and a sandboxed iframe) make reading window.localStorage throw a
# SecurityError; headless Chromium has no such setting, so the page gets the same getter.
BLOCK_STORAGE_JS = """
Object.defineProperty(window, "localStorage", { configurable: true, get() {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
                         "SecurityError");
} });
"""
# Fills localStorage to the quota, a character at the end; returns the error it stopped on.
# Fills the page's storage to the last character: halving chunks, then one character at a time onto the
# first chunk (a new key costs its name too: the chunks alone left room a slowly growing save still fit in).
FILL_STORAGE_JS = """() => {
  let n = 1 << 20, i = 0, stopped = "";
  for (; n >= 1; n >>= 1) try { for (;;) localStorage.setItem("fill" + i++, "x".repeat(n)); } catch (e) { stopped = e.name; }
  try { for (;;) localStorage.setItem("fill0", localStorage.getItem("fill0") + "x"); } catch (e) { stopped = e.name; }
  return stopped;
}"""
EMPTY_FILLER_JS = """() => Object.keys(localStorage).filter(k => k.startsWith("fill")).forEach(k => localStorage.removeItem(k))"""


@dataclass(frozen=True)
class Runtime:
    """Which runtime a page loads, and where the built page is served."""

    name: str  # "stand-in" or "real"
    url: str  # the served build/web folder
    cdn: str  # the runtime folder the page names (config.cdn)
    label: str  # what ran, for the evidence
    wait_scale: float = 1.0  # waits are this much longer (WebAssembly, downloads)

    @property
    def standin(self) -> bool:
        return self.name == "stand-in"

    @property
    def root(self) -> str:
        """The runtime site's ``cdn/`` folder: every runtime file the page fetches is under it."""
        base = self.cdn if "://" in self.cdn else self.url + self.cdn
        return base.rstrip("/").rsplit("/", 1)[0] + "/"


def real_runtime_source(public_cdn: str) -> tuple[list[str], str, str]:
    """``(extra build arguments, runtime folder, label)`` for the real runtime, or a skip
    (a failure with ``DEEPISLE_REQUIRE_REAL=1``) saying in one line why it cannot be used."""
    given = os.environ.get(RUNTIME_ENV, "").strip()
    if given and "://" not in given:
        from webtools import load_web_module

        mirror = load_web_module("mirror_runtime")
        try:
            mirror.check(Path(given))
        except mirror.MirrorError as exc:
            _unavailable(f"{RUNTIME_ENV}={given}: {exc}")
        return ["--runtime", given], mirror.CDN_DIR, f"pygbag {mirror.PYGBAG} runtime mirrored in {given}"
    cdn = (given.rstrip("/") + "/") if given else public_cdn
    probe = cdn + "pythons.js"
    why = ""
    try:
        with urllib.request.urlopen(urllib.request.Request(probe, method="HEAD"), timeout=8):
            pass
    except urllib.error.HTTPError as exc:
        why = f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        why = str(getattr(exc, "reason", exc))
    if why:
        _unavailable(f"cannot reach {probe} ({why}); set {RUNTIME_ENV} to a runtime mirrored by "
                     "`make runtime` to test offline")
    return (["--cdn", cdn] if given else []), cdn, f"pygbag runtime from {cdn}"


def _unavailable(why: str):
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"real runtime required ({REQUIRE_ENV}=1) but {why}", pytrace=False)
    pytest.skip(f"real runtime: {why}")


class GamePage:
    """A browser context and page of the built game, on ``runtime``.

    ``block_storage``: reading ``localStorage`` throws, as with site data blocked.
    ``clipboard``: the page may write and read the clipboard."""

    def __init__(self, browser, runtime: Runtime, evidence=None, *, viewport=(1280, 720),
                 block_storage: bool = False, clipboard: bool = False) -> None:
        self.runtime, self.evidence = runtime, evidence
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           accept_downloads=True)
        if clipboard:
            self.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                           origin=runtime.url.rstrip("/"))
        if runtime.standin:
            self.context.route("**/*", self._route)
        if block_storage:
            self.context.add_init_script(BLOCK_STORAGE_JS)
        self.page = self.context.new_page()
        self.frame = self.page.main_frame  # the frame whose page runs the game
        self.native = NativeGame() if runtime.standin else None
        self.errors: list[str] = []
        self.console: list[str] = []  # the page's "[deepisle] ..." lines
        self.downloads: list = []
        self.runtime_bytes, self.runtime_files = 0, 0
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda msg: self.console.append(msg.text) if msg.text.startswith("[deepisle]")
                     else None)
        self.page.on("download", lambda download: self.downloads.append(download))
        self.page.on("requestfinished", self._count)

    # -- the network ------------------------------------------------------------
    def _route(self, route) -> None:
        """Stand-in: the page's own server, the stand-in for pythons.js, nothing else."""
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        elif url == self.runtime.cdn + "pythons.js":
            route.fulfill(status=200, content_type="text/javascript", body=STANDIN_PYTHONS_JS)
        else:
            route.abort("internetdisconnected")

    def _count(self, request) -> None:
        if request.url.startswith(self.runtime.root):
            try:
                self.runtime_bytes += max(0, request.sizes()["responseBodySize"])
                self.runtime_files += 1
            except Exception:  # noqa: BLE001 - a request Playwright no longer knows
                pass

    # -- going places -------------------------------------------------------------
    def open(self, query: str = "", path: str = "index.html") -> None:
        """Load ``path + query`` of the build (the game that ran before goes with its page)."""
        self._leave()
        self.page.goto(self.runtime.url + path + query, wait_until="domcontentloaded")
        self.follow(self.page.main_frame)

    def reload(self) -> None:
        self._leave()
        self.page.reload(wait_until="domcontentloaded")
        self.follow(self.page.main_frame)

    def follow(self, frame) -> None:
        """From now on the game is the one in ``frame`` (an embed's iframe)."""
        self.frame = frame
        if self.native is not None:
            self.native.follow(frame)

    def _leave(self) -> None:
        if self.native is not None:
            self.native.close()

    def _gave_input(self) -> None:
        if self.native is not None:
            self.native.input = True

    # -- waiting --------------------------------------------------------------------
    def until(self, check: Callable[[], object], what: str, timeout: float = 30.0, required: bool = True,
              problem: Callable[[], str] | None = None):
        """Let the game run until ``check()`` is true (returned); fail at once on a Python
        exception (``problem()``, by default :meth:`problem`), and at the timeout (or return
        None there when not ``required``)."""
        end = time.monotonic() + timeout * self.runtime.wait_scale
        problem = problem or self.problem
        while True:
            result = check()
            if result:
                return result
            stopped = problem()
            if stopped:
                raise AssertionError(f"waiting for {what}, the game stopped:\n{stopped}")
            if time.monotonic() > end:
                if not required:
                    return None
                raise AssertionError(f"{what}: not within {timeout * self.runtime.wait_scale:.0f} s; "
                                     f"the page's state: {json.dumps(self.state())}")
            if self.native is not None:
                self.native.step()
            else:
                self.page.wait_for_timeout(25)

    def wait(self, condition: str, what: str, timeout: float = 30.0, required: bool = True) -> dict | None:
        """Wait until ``condition`` (JS over ``s``, the state, and ``p``, all of
        ``window.deepisle.python``) holds; returns the state (None: not ``required`` and timed out)."""
        js = (f"() => {{ const p = window.deepisle && window.deepisle.python; const s = p && p.state; "
              f"return [{PROBLEM}, !!(s && ({condition}))]; }}")
        seen = [None, False]

        def check() -> bool:  # one round trip: the condition and the exception, if any
            seen[:] = self._evaluate(js) or [None, False]
            return seen[1]

        found = self.until(check, what, timeout, required, problem=lambda: self._told(seen[0]))
        return self.state() if found else None

    def problem(self) -> str:
        """The Python exception the page reported (its traceback), or ``""``."""
        return self._told(self._evaluate(f"() => {PROBLEM}"))

    def _told(self, error: dict | None) -> str:
        if error:
            return error.get("traceback") or f"{error.get('type')}: {error.get('message')}"
        if self.native is not None and self.native.error is not None:
            return f"the stand-in's game raised {self.native.error!r}"
        return ""

    def _evaluate(self, js: str, arg=None):
        try:
            return self.frame.evaluate(js, arg)
        except Exception as exc:  # noqa: BLE001 - navigating: nothing to read this time
            if "context was destroyed" in str(exc) or "navigat" in str(exc):
                return None
            raise

    # -- reading ------------------------------------------------------------------
    def python(self, expression: str = "p"):
        """``expression`` over ``p`` = ``window.deepisle.python`` (JSON values)."""
        return self._evaluate(f"() => {{ const p = window.deepisle.python; return {expression}; }}")

    def started(self) -> float | None:
        """When (ms after the page started loading) the game first reported, None if it never did."""
        return self._evaluate("() => (window.deepisle && window.deepisle.python) ? window.deepisle.python.started : null")

    def state(self) -> dict | None:
        return self._evaluate("() => window.deepisle && window.deepisle.python && window.deepisle.python.state")

    def said(self) -> list[str]:
        """Every message the game showed, in order."""
        return self.python("p.said")

    def time_to(self, condition: str, since: int = 0) -> float | None:
        """When (ms after the page started loading) the state first met ``condition`` (over
        ``s``), from its ``since``-th change on."""
        return self.python(f"(p.history.slice({since}).find(([at, s]) => {condition}) || [null])[0]")

    def frame_times(self, since: int = 0) -> list[float]:
        """The game's frame times (ms) from frame ``since`` of this page on."""
        return self.python(f"p.frames.times.slice(Math.max(0, p.frames.times.length - (p.frames.count - {since})))")

    def storage(self, key: str) -> str | None:
        return self._evaluate("k => localStorage.getItem(k)", key)

    # -- doing --------------------------------------------------------------------
    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
        self._gave_input()

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self._gave_input()

    def click(self, x: float, y: float) -> None:
        """A click at pixel ``(x, y)`` of the game's 960x540 window, wherever the canvas is drawn."""
        box = self.frame.locator("#canvas").bounding_box()
        self.page.mouse.click(box["x"] + (x + 0.5) * box["width"] / GAME_SIZE[0],
                              box["y"] + (y + 0.5) * box["height"] / GAME_SIZE[1])
        self._gave_input()

    def focus(self) -> None:
        """Give the canvas the keyboard without clicking the game."""
        self._evaluate("() => document.getElementById('canvas').focus()")

    def shot(self, name: str) -> Path | None:
        """A screenshot of the page into the evidence folder (with the stand-in, its game's frame drawn first)."""
        if self.evidence is None:
            return None
        if self.native is not None:
            self.native.draw()
        path = self.evidence.shot_path(name)
        self.page.screenshot(path=str(path))
        return path

    def close(self) -> None:
        self._leave()
        self.context.close()
