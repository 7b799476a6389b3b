"""The stand-in runtime of the online suite's offline twins: the game's own Python, run natively
in the test process, behind a real page in headless Chromium.

The real pygbag runtime (``pythons.js`` from the CDN) runs CPython on WebAssembly
inside the page; this machine cannot fetch it.  The stand-in keeps everything else
real: the built page and its template, Chromium's ``localStorage``, downloads and
clipboard, and the game's Python from ``game.launch.main`` on, frame by frame.
Three pieces take the runtime's place:

* :data:`STANDIN_PYTHONS_JS`, served in place of ``pythons.js``: it sets the
  milestones the template watches for (``window.MM``, ``Module``, ``python``),
  queues the page's keyboard and mouse events, and draws the frames it is sent.
* :class:`JSValue`, pygbag's ``platform.window`` proxy remade over Playwright:
  a property read gives a string, number, bool or None, or another proxy; a JS
  exception comes back as a Python ``TypeError``/``SyntaxError``/``Exception``
  with the JS message (``tests/fake_page.py`` says where each rule comes from).
  Installed through the bridge's one seam (``browser.use_runtime``).
* :class:`NativeGame`, which runs ``game.launch.main()`` one frame per
  :meth:`NativeGame.step` (the coroutine is sent ``None``: each
  ``await asyncio.sleep(0)`` of the loop is one frame, as the page's event loop
  would resume it), posting the queued input as SDL would.

What it cannot show: WebAssembly's speed, pygbag's own start-up and event
translation.  Figures taken under it are labelled as stand-in figures.
"""

from __future__ import annotations

import base64
import gc

import pygame
from fake_page import JSObject, runtime

import game.shell.app as app_module
from game.shell import browser
from game import launch

__all__ = ["STANDIN_PYTHONS_JS", "JSValue", "NativeGame", "pygame_events"]

STANDIN_PYTHONS_JS = r"""
// Stand-in for pygbag 0.9.3's pythons.js (tests/standin.py): the game's Python runs natively in the
// test process and reaches this page through window.__standin.
(() => {
  const queue = [];
  window.__standin = {
    take() { return queue.splice(0, queue.length); },
    draw(width, height, rgba) {  // a frame of the game's window, base64 RGBA
      const canvas = document.getElementById("canvas");
      const bytes = atob(rgba);
      const image = new ImageData(width, height);
      for (let i = 0; i < bytes.length; i++) image.data[i] = bytes.charCodeAt(i);
      canvas.getContext("2d").putImageData(image, 0, 0);
      return true;
    },
  };
  window.MM = { UME: !window.config.ume_block };
  function start() {
    window.Module = {};
    const canvas = document.getElementById("canvas");
    canvas.width = 960; canvas.height = 540;  // what SDL does
    const at = (e) => {
      const box = canvas.getBoundingClientRect();
      return [Math.floor((e.clientX - box.left) * canvas.width / box.width),
              Math.floor((e.clientY - box.top) * canvas.height / box.height)];
    };
    const key = (type) => (e) => queue.push({ type, key: e.key, code: e.code, shift: e.shiftKey, ctrl: e.ctrlKey });
    window.addEventListener("keydown", key("keydown"), true);
    window.addEventListener("keyup", key("keyup"), true);
    for (const type of ["mousedown", "mouseup", "mousemove"]) {
      canvas.addEventListener(type, (e) => queue.push({ type, button: e.button, pos: at(e) }));
    }
    canvas.addEventListener("wheel", (e) => queue.push({ type: "wheel", dy: Math.sign(e.deltaY) }), { passive: true });
    window.python = {};  // the interpreter is up: the native game may attach
    deepisle.loaderStatus("Starting the game (stand-in runtime: Python runs natively in the test process)...");
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
"""

_READ = """([path, call, args]) => {
  let owner = window, value = window;
  try {
    for (const name of path) { owner = value; value = value[name]; }
    if (call) value = value.apply(owner, args);
  } catch (e) {
    return ["throw", String((e && e.name) || "Error"), String((e && e.message) || e)];
  }
  if (value !== null && (typeof value === "object" || typeof value === "function")) return ["ref", null];
  return ["value", value === undefined ? null : value];
}"""
_JS_VALUES = (type(None), bool, int, float, str)
_RAISED = {"TypeError": TypeError, "SyntaxError": SyntaxError}


class JSValue:
    """A JS object or function of a page, by its property path from ``window``.

    Read as pygbag's proxy reads: ``win.localStorage.getItem("k")`` is a string
    or None; reaching a blocked ``localStorage`` raises ``Exception`` with the
    browser's message.  Only None, bool, int, float and str cross as arguments.
    Each read or call is one round trip to the page (a few ms), so an object
    once reached is kept."""

    def __init__(self, frame, path: tuple[str, ...] = ()) -> None:
        self._frame = frame
        self._path = path

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        path = (*self._path, name)
        kind, *rest = self._run(path, False, [])
        if kind != "ref":
            return rest[0]
        # An object is held, as pygbag's proxy holds it: later reads of this
        # name get it without asking the page again (a read that throws is not kept).
        self.__dict__[name] = JSValue(self._frame, path)
        return self.__dict__[name]

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("__call__() takes no keyword arguments")
        for arg in args:
            if not isinstance(arg, _JS_VALUES):
                raise TypeError(f"object of type '{type(arg).__name__}' cannot be converted to JavaScript")
        kind, *rest = self._run(self._path, True, list(args))
        return JSObject() if kind == "ref" else rest[0]  # a returned object (a Promise) is not followed

    def _run(self, path: tuple[str, ...], call: bool, args: list) -> list:
        try:
            result = self._frame.evaluate(_READ, [list(path), call, args])
        except Exception as exc:  # noqa: BLE001 - the page went away: what a JS error would be
            raise Exception(f"the page is gone: {exc}") from None  # noqa: TRY002
        if result[0] == "throw":
            raise _RAISED.get(result[1], Exception)(result[2])
        return result


# -- input: what SDL makes of the page's events -------------------------------------------------

_CODES = {"Enter": pygame.K_RETURN, "NumpadEnter": pygame.K_KP_ENTER, "Escape": pygame.K_ESCAPE,
          "Backspace": pygame.K_BACKSPACE, "Tab": pygame.K_TAB, "Space": pygame.K_SPACE,
          "ArrowUp": pygame.K_UP, "ArrowDown": pygame.K_DOWN, "ArrowLeft": pygame.K_LEFT,
          "ArrowRight": pygame.K_RIGHT, "Period": pygame.K_PERIOD, "Comma": pygame.K_COMMA,
          "Slash": pygame.K_SLASH, "Semicolon": pygame.K_SEMICOLON, "Minus": pygame.K_MINUS,
          "ShiftLeft": pygame.K_LSHIFT, "ShiftRight": pygame.K_RSHIFT, "ControlLeft": pygame.K_LCTRL,
          **{f"Key{c}": getattr(pygame, f"K_{c.lower()}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
          **{f"Digit{d}": getattr(pygame, f"K_{d}") for d in range(10)},
          **{f"Numpad{d}": getattr(pygame, f"K_KP{d}") for d in range(10)},
          **{f"F{n}": getattr(pygame, f"K_F{n}") for n in range(1, 13)}}
_CONTROL_CHARS = {"Enter": "\r", "Tab": "\t", "Escape": "\x1b", "Backspace": "\b"}


def pygame_events(item: dict) -> list[pygame.event.Event]:
    """The SDL events one queued page event becomes: a key press is a KEYDOWN with the
    key of its physical place (``code``) and its text, then a TEXTINPUT for a printable
    character; a mouse event is at its pixel of the 960x540 game window.

    >>> [e.type == pygame.KEYDOWN for e in pygame_events({"type": "keydown", "key": ">", "code": "Period",
    ...                                                                  "shift": True, "ctrl": False})]
    [True, False]
    """
    kind = item["type"]
    if kind in ("keydown", "keyup"):
        key = _CODES.get(item.get("code") or "")
        if key is None:
            return []
        char = item["key"] if len(item["key"]) == 1 else _CONTROL_CHARS.get(item["key"], "")
        mod = (pygame.KMOD_SHIFT if item.get("shift") else 0) | (pygame.KMOD_CTRL if item.get("ctrl") else 0)
        if kind == "keyup":
            return [pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0)]
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)]
        if len(item["key"]) == 1 and not item.get("ctrl"):
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=item["key"]))
        return events
    if kind == "wheel":
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-int(item["dy"]), flipped=False)]
    pos = tuple(item["pos"])
    if kind == "mousemove":
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    button = {0: 1, 1: 2, 2: 3}.get(item["button"], 1)
    kind = pygame.MOUSEBUTTONDOWN if kind == "mousedown" else pygame.MOUSEBUTTONUP
    return [pygame.event.Event(kind, button=button, pos=pos)]


# -- the game ---------------------------------------------------------------------------------------

_LOADED = "() => Boolean(window.__standin && window.python)"
_INPUT = "() => window.__standin ? window.__standin.take() : []"


class NativeGame:
    """``game.launch.main()`` run for the page in :attr:`frame`, a frame per :meth:`step`.

    :meth:`follow` a page load: the game that ran ends, and the next one starts
    when the new page has loaded the stand-in, reading its link from that page,
    as a reload does in the browser.
    The frame cap is lifted (``FPS = 0``) while it runs: the page, not the clock,
    sets the pace, and the twins stay fast."""

    def __init__(self) -> None:
        self.frame = None  # the Playwright frame holding the game's page
        self.game = None  # the launch.main() coroutine
        self.error: BaseException | None = None
        self.loading = False  # a page load is under way: start the game once it has the stand-in
        self.input = False  # the page was given input: take it before the next frame
        self._saved: tuple | None = None  # (runtime, FPS) to put back

    def follow(self, frame) -> None:
        """Run the game of the page ``frame`` loads from now on (the main frame, or an embed's)."""
        self.close()
        self.frame, self.loading = frame, True

    def step(self) -> None:
        """One frame of the game; starts it once the page loaded the stand-in.

        The page is asked only what may have changed (each question is a
        round trip): whether it has loaded the stand-in while it loads, its
        queued input after the test gave it some (:attr:`input`)."""
        if self.loading:
            try:
                loaded = self.frame.evaluate(_LOADED)
            except Exception:  # noqa: BLE001 - the page is navigating: no game this frame
                loaded = False
            if not loaded:
                return
            self.loading = False
            self._start()
        if self.game is None:
            return
        if self.input:
            self.input = False
            try:
                for item in self.frame.evaluate(_INPUT):
                    for event in pygame_events(item):
                        pygame.event.post(event)
            except Exception:  # noqa: BLE001 - navigating away: this input is lost, as it would be
                pass
        self._resume(None)

    def fail(self, exc: BaseException) -> None:
        """Raise ``exc`` in the game where its loop awaits the next frame (a failure no input
        can cause, for the tests of what the page shows then)."""
        self._resume(exc)

    def _resume(self, exc: BaseException | None) -> None:
        try:
            if exc is None:
                self.game.send(None)
            else:
                self.game.throw(exc)
        except StopIteration:
            self.game = None  # the game's loop ended (closed), as main() returns in the page
        except Exception as raised:  # noqa: BLE001 - told to the page by launch.main; kept for the test
            self.error, self.game = raised, None

    def draw(self) -> None:
        """Show the game's window in the page's canvas (before a screenshot)."""
        screen = pygame.display.get_surface()
        if self.game is None or screen is None:
            return
        rgba = base64.b64encode(pygame.image.tobytes(screen, "RGBA")).decode("ascii")
        self.frame.evaluate("([w, h, data]) => window.__standin.draw(w, h, data)", [*screen.get_size(), rgba])

    def _start(self) -> None:
        self._end()
        self._saved = (browser.use_runtime(runtime(JSValue(self.frame))), app_module.FPS)
        app_module.FPS = 0
        self.error = None
        self.game = launch.main([])

    def _end(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None
        if self._saved is not None:
            previous, app_module.FPS = self._saved
            browser.use_runtime(previous)
            self._saved = None
            gc.unfreeze()  # launch.main froze what start-up made; a test process goes on after it

    def close(self) -> None:
        """End the game and put the native bridge back."""
        self._end()


