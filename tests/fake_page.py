"""A stand-in for the pygbag 0.9.3 runtime, as ``game/shell/browser.py`` meets it.

In the page, ``import platform`` gives pygbag's runtime module (the wheel's
``pygbag/support/cross/aio/cross.py`` line 154 sets
``sys.modules["platform"]``), whose ``window`` comes from the C module
``embed_browser`` (``support/cross/__EMSCRIPTEN__.py`` line 72).  That C
module is not in the wheel; its source is pygame-web/pygbag
``support/__EMSCRIPTEN__.embed/browsermodule.c``, and from it:

* ``emval_to_py``: JS ``null`` and ``undefined`` become None, strings ``str``,
  integers that fit ``int``, other numbers ``float``, true/false ``bool``;
  objects and functions stay proxies.  So ``localStorage.getItem`` of a
  missing key is None, and a property that is not there reads as None
  (no AttributeError).  (The wheel's ``cpythonrc.py`` line 1082 calls
  ``.find`` on ``window.location.href``: a ``str``.)
* a JS exception thrown by a property read or a call comes back as a
  Python ``TypeError`` (JS TypeError), ``SyntaxError``, or plain
  ``Exception`` with the JS message for anything else: the DOMExceptions
  ``QuotaExceededError`` (``setItem`` past the quota) and ``SecurityError``
  (reading ``window.localStorage`` in a private mode or a sandboxed iframe)
  arrive as ``Exception``.
* ``py_to_emval``: arguments may be None, bool, int, float, str, functions
  or proxies; anything else (bytes, lists) raises ``TypeError``; keyword
  arguments raise ``TypeError``.

The browser side (what localStorage does) follows Chromium:
``test_fake_local_storage_behaves_like_chromium`` checks it in the real one.
Everything here records what it was asked, for the tests to read.
"""

from __future__ import annotations

import base64
import types
from contextlib import contextmanager
from types import SimpleNamespace

from game.shell import browser

__all__ = ["JSObject", "LocalStorage", "BlockedStorage", "Helpers", "Window", "runtime", "installed",
           "QUOTA_MESSAGE", "SECURITY_MESSAGE"]

QUOTA_MESSAGE = "Failed to execute 'setItem' on 'Storage': Setting the value of '{key}' exceeded the quota."
SECURITY_MESSAGE = ("Failed to read the 'localStorage' property from 'Window': "
                    "The document is sandboxed and lacks the 'allow-same-origin' flag.")
JS_VALUES = (type(None), bool, int, float, str)


def js_units(text: str) -> int:
    """A JS string's length (UTF-16 code units), what storage quotas count.

    >>> js_units("abc"), js_units("\\U0001F600")
    (3, 2)
    """
    return len(text.encode("utf-16-le")) // 2


def _to_js(value):
    """An argument as the proxy would pass it, or the TypeError it raises."""
    if callable(value) or isinstance(value, (JS_VALUES, JSObject)):
        return value
    raise TypeError(f"object of type '{type(value).__name__}' cannot be converted to JavaScript")


def js_function(method):
    """A method called as the proxy calls a JS function: positional,
    convertible arguments only."""

    def call(self, *args, **kwargs):
        if kwargs:
            raise TypeError("__call__() takes no keyword arguments")
        return method(self, *[_to_js(a) for a in args])

    call.__name__, call.__doc__ = method.__name__, method.__doc__
    return call


class JSObject:
    """A proxied JS object: a property that is not there reads as None."""

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return None


class LocalStorage(JSObject):
    """``window.localStorage`` with a quota in UTF-16 units of keys plus values
    (Chromium: 5 MiB of them per origin).  A ``setItem`` past the quota
    throws QuotaExceededError and leaves the store as it was."""

    def __init__(self, quota: int = 5 * 1024 * 1024, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.calls: list[tuple] = []

    def used(self, items: dict[str, str] | None = None) -> int:
        return sum(js_units(k) + js_units(v) for k, v in (self.items if items is None else items).items())

    @property
    def length(self) -> int:
        return len(self.items)

    @js_function
    def getItem(self, key):
        self.calls.append(("getItem", str(key)))
        return self.items.get(str(key))  # JS null: None

    @js_function
    def setItem(self, key, value):
        key, value = str(key), _js_string(value)
        after = {**self.items, key: value}
        if self.used(after) > self.quota:
            self.calls.append(("setItem", key, "QuotaExceededError"))
            raise Exception(QUOTA_MESSAGE.format(key=key))  # noqa: TRY002 - what the proxy raises
        self.items = after
        self.calls.append(("setItem", key, "ok"))

    @js_function
    def removeItem(self, key):
        self.calls.append(("removeItem", str(key)))
        self.items.pop(str(key), None)

    @js_function
    def clear(self):
        self.items.clear()


def _js_string(value) -> str:
    """What JS's ``String(value)`` gives for the values the proxy passes."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class BlockedStorage(JSObject):
    """A ``localStorage`` whose every call throws (a browser that hands out
    the object but refuses to use it)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def _refuse(self, name: str):
        self.calls.append(name)
        raise Exception("The operation is insecure.")  # noqa: TRY002 - SecurityError through the proxy

    @property
    def length(self):
        return self._refuse("length")

    @js_function
    def getItem(self, key):
        return self._refuse("getItem")

    @js_function
    def setItem(self, key, value):
        return self._refuse("setItem")

    @js_function
    def removeItem(self, key):
        return self._refuse("removeItem")


class Helpers(JSObject):
    """``window.deepisle`` from ``web/index.html``, recording its calls."""

    def __init__(self, on_ready=None) -> None:
        self.downloads: list[tuple[str, str, bytes]] = []
        self.copied: list[str] = []
        self.ready_calls = 0
        self.on_ready = on_ready
        self.file_requests: list[tuple[str, int]] = []
        self.chosen: str | None = None  # the text of the file the player will choose (tests set it)

    @js_function
    def download(self, filename, mime, base64_data):
        """The template decodes base64 text (atob) into the file's bytes."""
        self.downloads.append((filename, mime, base64.b64decode(base64_data, validate=True)))
        return True

    @js_function
    def copyText(self, text):
        self.copied.append(text)
        return JSObject()  # a Promise, proxied

    @js_function
    def openFile(self, accept, limit):
        """The template's file input: the chosen file's first ``limit + 1`` characters."""
        self.file_requests.append((accept, limit))
        if self.chosen is not None:
            self.chosen, self.opened = None, self.chosen[:limit + 1]
        return True

    @js_function
    def takeFile(self):
        text, self.opened = getattr(self, "opened", None), None
        return text

    @js_function
    def ready(self):
        self.ready_calls += 1
        if self.on_ready is not None:
            self.on_ready()
        return True


class Window(JSObject):
    """The page's ``window``: ``location``, ``localStorage``, ``deepisle``.

    ``storage="blocked"`` makes reading ``window.localStorage`` throw
    (SecurityError: site data blocked, sandboxed or third-party iframes);
    ``storage="null"`` makes it null (Firefox with ``dom.storage.enabled``
    off); pass a :class:`BlockedStorage` for a store whose every call throws."""

    def __init__(self, search: str = "", origin: str = "http://127.0.0.1:8000", pathname: str = "/index.html",
                 storage: LocalStorage | BlockedStorage | str | None = None, helpers: Helpers | None = None) -> None:
        self.location = SimpleNamespace(search=search, origin=origin, pathname=pathname,
                                        href=f"{origin}{pathname}{search}")
        self.storage = LocalStorage() if storage is None else storage
        self.deepisle = Helpers() if helpers is None else helpers
        self.storage_reads = 0

    @property
    def localStorage(self):
        self.storage_reads += 1
        if self.storage == "blocked":
            raise Exception(SECURITY_MESSAGE)  # noqa: TRY002 - what the proxy raises
        return None if self.storage == "null" else self.storage


def runtime(window: Window) -> types.ModuleType:
    """A module standing in for pygbag's ``platform`` (only ``window`` is used)."""
    module = types.ModuleType("platform")
    module.window = window
    module.is_browser = True
    return module


@contextmanager
def installed(window: Window):
    """Run the game's browser bridge in the page made of ``window``."""
    previous = browser.use_runtime(runtime(window))
    try:
        yield window
    finally:
        browser.use_runtime(previous)
