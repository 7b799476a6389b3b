"""The page's Python side, run natively under an emulated pygbag 0.9.3 runtime.

In the page, ``game/shell/browser.py`` reads links from ``location.search``, saves
to ``localStorage`` and offers files and links through ``window.deepisle``.
Here a stand-in runtime (``tests/fake_page.py``: a ``platform`` module whose
``window`` behaves as pygbag's JS proxy does) is installed through the
bridge's one seam, and whole sessions run through the real loop, as
``main.py`` starts them.  The start-up rules are checked with pygbag's own
code from the installed wheel (``tests/pygbag_startup.py``).

What this cannot show (only a run against the real CDN runtime can, see
docs/FIRST-ONLINE-RUN.md): that the real proxy, the wasm CPython and the
browser behave as emulated here.

(About 450 lines: the issue's bullets stay together in one file named for
the runtime; the machinery lives in the two helper modules.)
"""

from __future__ import annotations

import ast
import functools
import re
import runpy
import struct
import sys
import zlib
from pathlib import Path
from urllib.parse import urlsplit

import pygame
import pytest
from fake_page import (QUOTA_MESSAGE, SECURITY_MESSAGE, BlockedStorage, Helpers, LocalStorage, Window,
                       installed)
from gameloop import key, run, run_until, text
from pygbag_startup import (DEV_ONLY, module_of, page_problems, read_dependency_block, scan_imports,
                            shipped_sources, used_names)
from webtools import chromium

import game.shell.app as app_module
from game.shell import browser
from game import launch
from game.rules.persistence import save
from game.scenes.demo import DemoScene
from game.scenes.gallery import GalleryScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from worldgen.core import registry
from worldgen.core.image import encode_png, stage_rgb
from worldgen.generators import captions

ROOT = Path(__file__).resolve().parents[1]
ORIGIN, PATHNAME = "http://127.0.0.1:8000", "/index.html"
SAVE_KEY, BACKUP_KEY = "deepisle." + save.KEY, "deepisle." + save.BACKUP_KEY


@pytest.fixture(autouse=True)
def page_only(monkeypatch, tmp_path):
    """No frame cap; native saves (if the page branch broke) land in an empty folder the tests check."""
    monkeypatch.setattr(app_module, "FPS", 0)
    monkeypatch.setenv("DEEPISLE_DATA", str(tmp_path / "native"))
    yield
    assert browser.use_runtime(None) is None, "a test left a page runtime installed"


def open_page():
    """A fresh page load: the app ``main.py`` makes, from ``location.search``, saving where the page saves."""
    assert browser.in_page()
    return launch.make_app(launch.start_settings([]), seed=1)


def playing(app) -> bool:
    return isinstance(app.top, PlayScene) and not app.top.game.busy and app.top.game.loc is not None


def toasts(scene) -> list[str]:
    return [m for m, _, _ in scene.toasts.items]


def wait_until(app, condition, limit: int = 40) -> bool:
    """Rest a turn at a time ('.') until ``condition()`` holds (autosave comes every 25 turns)."""
    for _ in range(limit):
        if condition():
            return True
        run(app, 2, {0: [key(pygame.K_PERIOD, ".")]})
    return condition()


def nothing_native(tmp_path) -> bool:
    folder = tmp_path / "native"
    return not folder.exists() or not any(folder.iterdir())


# -- the seam -----------------------------------------------------------------------------------

def test_natively_the_bridge_is_not_in_a_page():
    assert not browser.in_page() and browser.window() is None
    assert browser.query_string() == "" and browser.page_url() == "index.html"


def test_one_seam_switches_the_page_branch_without_touching_sys_platform():
    platform_before = sys.platform
    win = Window(search="?mode=gallery")
    with installed(win):
        assert browser.in_page() and browser.window() is win
        assert browser.query_string() == "?mode=gallery"
        assert browser.page_url() == ORIGIN + PATHNAME
        assert launch.start_settings(["--mode", "demo"]).mode == "gallery"  # the URL, not argv
    assert sys.platform == platform_before and not browser.in_page()
    assert launch.start_settings(["--mode", "demo"]).mode == "demo"


def test_only_the_bridge_asks_where_it_runs():
    """One seam: no other shipped module reads sys.platform or pygbag's platform module."""
    offenders = [str(p.relative_to(ROOT)) for p in shipped_sources() if p.name != "browser.py"
                 and re.search(r"sys\.platform|emscripten|\bimport platform\b|from platform\b", p.read_text())]
    assert offenders == []


def test_a_sandboxed_page_without_an_origin_shares_plain_links():
    with installed(Window(origin="null", pathname="/srcdoc")):
        assert browser.page_url() == "index.html"


# -- the stand-in is the real thing's behaviour ----------------------------------------------------

JS_STORAGE = """(quota) => {
    const out = {};
    localStorage.clear();
    out.missing = localStorage.getItem("deepisle.save");
    localStorage.setItem("q", "x".repeat(quota - 1));   // key + value: exactly the quota
    out.fits = localStorage.getItem("q").length;
    try { localStorage.setItem("q", "y".repeat(quota)); out.over = "stored"; }
    catch (e) { out.over = e.name; out.message = e.message; }
    out.kept = localStorage.getItem("q") === "x".repeat(quota - 1);
    localStorage.clear();
    localStorage.setItem("k\\u{1F600}", "v");               // a key of 3 UTF-16 units
    try { localStorage.setItem("q", "x".repeat(quota - 5)); out.astral = "stored"; } catch (e) { out.astral = e.name; }
    try { localStorage.setItem("q", "x".repeat(quota - 4)); out.astral_over = "stored"; }
    catch (e) { out.astral_over = e.name; }
    out.length = localStorage.length;
    localStorage.clear();
    return out;
}"""


def fake_storage_run(quota: int) -> dict:
    """JS_STORAGE, step for step, on the stand-in (a JS exception is a plain Exception through the proxy)."""
    def attempt(key_, value):
        try:
            store.setItem(key_, value)
            return "stored"
        except Exception as exc:  # noqa: BLE001
            assert type(exc) is Exception
            return "QuotaExceededError" if str(exc) == QUOTA_MESSAGE.format(key=key_) else repr(exc)

    store, out = LocalStorage(), {}
    out["missing"] = store.getItem("deepisle.save")
    store.setItem("q", "x" * (quota - 1))
    out["fits"] = len(store.getItem("q"))
    out["over"] = attempt("q", "y" * quota)
    out["message"] = QUOTA_MESSAGE.format(key="q")
    out["kept"] = store.getItem("q") == "x" * (quota - 1)
    store.clear()
    store.setItem("k\U0001F600", "v")
    out["astral"] = attempt("q", "x" * (quota - 5))
    out["astral_over"] = attempt("q", "x" * (quota - 4))
    out["length"] = store.length
    return out


@pytest.mark.browser
def test_fake_local_storage_behaves_like_chromium():
    quota = LocalStorage().quota
    page_html = '<!doctype html><title>t</title><iframe sandbox="allow-scripts" srcdoc="<p>x</p>"></iframe>'
    with chromium() as chrome:
        context = chrome.new_context()
        context.route("**/*", lambda r: r.fulfill(status=200, content_type="text/html", body=page_html)
                      if r.request.url.startswith("http://deepisle.test/") else r.abort())
        page = context.new_page()
        page.goto("http://deepisle.test/index.html")
        real = page.evaluate(JS_STORAGE, quota)
        sandboxed = page.frames[1].evaluate(
            "() => { try { localStorage; return ['read', ''] } catch (e) { return [e.name, e.message] } }")
        sandboxed_origin = page.frames[1].evaluate("() => location.origin")
    assert real == fake_storage_run(quota)
    assert real["missing"] is None and real["over"] == "QuotaExceededError" and real["kept"]
    assert sandboxed == ["SecurityError", SECURITY_MESSAGE]
    with pytest.raises(Exception, match=re.escape(SECURITY_MESSAGE)):
        Window(storage="blocked").localStorage  # noqa: B018
    assert sandboxed_origin == "null"


def test_the_stand_in_proxy_refuses_what_pygbags_refuses():
    helpers = Helpers()
    with pytest.raises(TypeError, match="cannot be converted to JavaScript"):
        helpers.download("a.png", "image/png", b"\x89PNG")  # bytes do not cross: base64 text does
    with pytest.raises(TypeError, match="keyword"):
        helpers.copyText(text="x")
    assert Window().not_a_property is None  # undefined reads as None, not AttributeError


# -- whole sessions in the page ---------------------------------------------------------------------

@pytest.mark.parametrize("search, check", [
    ("?mode=demo&demo=caverns&stage=automata&seed=page-link",
     lambda app: isinstance(app.top, DemoScene)
     and (app.top.spec.name, app.top.stage_name, app.top.seed) == ("caverns", "automata", "page-link")),
    ("?mode=gallery", lambda app: isinstance(app.top, GalleryScene)),
    ("?world=Linkhaven&size=small",
     lambda app: playing(app) and app.top.game.name == "Linkhaven" and app.top.game.size_name == "small"),
], ids=["demo", "gallery", "world"])
def test_a_share_link_in_location_search_opens_its_scene(tmp_path, search, check):
    win = Window(search=search)
    with installed(win):
        app = open_page()
        run(app, 1)
        assert run_until(app, lambda: check(app), 600)
        assert win.deepisle.ready_calls == 1  # the loading screen went away after the first frame
    assert nothing_native(tmp_path)


def test_a_session_saves_to_local_storage_and_a_reloaded_page_continues(tmp_path):
    store = LocalStorage()
    with installed(Window(search="?world=Pagewell&size=small", storage=store)):
        app = open_page()
        assert run_until(app, lambda: playing(app), 600)
        g = app.top.game
        run(app, 2, {0: [key(pygame.K_RIGHT)]})
        run(app, 2, {0: [key(pygame.K_DOWN)]})
        assert wait_until(app, lambda: SAVE_KEY in store.items)
        body, why = save.decode(store.items[SAVE_KEY])
        assert why == "" and body["world"] == "Pagewell"
        where = (g.pos, g.turn)
    assert nothing_native(tmp_path)  # every byte went to localStorage

    # Reload without the link: the title offers the saved game, F1 continues it.
    with installed(Window(storage=store)):
        app = open_page()
        title = app.top
        assert isinstance(title, TitleScene) and title.saved is not None
        assert not [m for m in toasts(title) if "Saves are off" in m or "Saved game" in m]
        run(app, 2, {0: [key(pygame.K_F1)]})
        assert run_until(app, lambda: playing(app), 600)
        assert app.top.game.name == "Pagewell" and (app.top.game.pos, app.top.game.turn) == where
        run(app, 2, {0: [key(pygame.K_ESCAPE)]})
        run(app, 2, {0: [key(pygame.K_q, "q")]})  # save and quit to the title
        assert isinstance(app.top, TitleScene)
        assert save.decode(store.items[SAVE_KEY])[0]["world"] == "Pagewell"

    # Reload with the same world link: it continues at once.
    with installed(Window(search="?world=Pagewell&size=small", storage=store)):
        app = open_page()
        assert run_until(app, lambda: playing(app), 600)
        assert (app.top.game.pos, app.top.game.turn) == where
        assert any("Welcome back" in line for line, _, _ in app.top.game.log)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert zlib.crc32(data[12:29]) == struct.unpack(">I", data[29:33])[0]
    return struct.unpack(">II", data[16:24])


def test_export_png_and_copy_a_share_link_through_the_page_helpers(tmp_path):
    win = Window(search="?mode=demo&demo=island&stage=mask&seed=exported")
    with installed(win):
        app = open_page()
        demo = app.top
        assert run_until(app, lambda: demo.work is not None and demo.work.done and demo.view is not None, 600)
        run(app, 2, {0: [key(pygame.K_e, "e")]})
        (name, mime, data), = win.deepisle.downloads
        stage = demo.work.stages["mask"]
        assert (name, mime) == ("island-mask-exported.png", "image/png")
        scale = max(1, min(8, 1024 // max(stage.data.shape)))
        assert data == encode_png(stage_rgb(stage), scale, text=demo.export_text())  # the link and parameters inside
        assert png_size(data) == (stage.data.shape[1] * scale, stage.data.shape[0] * scale)
        assert "Downloaded island-mask-exported.png." in toasts(demo)

        run(app, 2, {0: [key(pygame.K_l, "l")]})
        link, = win.deepisle.copied
        assert link.startswith(ORIGIN + PATHNAME + "?") and f"link copied: {link}" in toasts(demo)
    assert nothing_native(tmp_path)

    # The copied link, opened in a new page, shows the same map.
    other = Window(search="?" + urlsplit(link).query)
    with installed(other):
        app = open_page()
        shown = app.top
        assert run_until(app, lambda: shown.view is not None and shown.view[0] == "mask", 600)
        assert (shown.spec.name, shown.seed) == ("island", "exported")
        demo = captions.demo_params(registry.get("island"))  # the demo's own start, as the first page had it
        assert (shown.view[1].data == registry.generate("island", "exported", params=demo, stage="mask")
                .stages["mask"].data).all()


def test_a_download_the_page_refuses_is_said_not_hidden():
    class Refusing(Helpers):
        def download(self, *args):
            raise Exception("Failed to construct 'Blob'")  # noqa: TRY002 - a JS error through the proxy

    with installed(Window(helpers=Refusing())):
        assert "could not offer" in browser.download("a.png", b"x", "image/png")
        assert browser.copy_text("x") is True


def test_quota_exceeded_mid_save_keeps_the_good_save_and_tells_the_player(tmp_path):
    store = LocalStorage()
    with installed(Window(search="?world=Quotaholm&size=small", storage=store)):
        app = open_page()
        assert run_until(app, lambda: playing(app), 600)
        scene, g = app.top, app.top.game
        assert wait_until(app, lambda: SAVE_KEY in store.items)
        good = store.items[SAVE_KEY]
        where = (g.pos, g.turn)
        # Room for the backup copy of the good save, not for a bigger new save.
        store.quota = store.used({**store.items, BACKUP_KEY: good}) + 10
        g.player.inventory += ["potion"] * 6  # the save grows, as it does in play
        store.calls.clear()
        assert wait_until(app, lambda: ("setItem", SAVE_KEY, "QuotaExceededError") in store.calls)
        writes = [c for c in store.calls if c[0] == "setItem"]
        assert writes[:2] == [("setItem", BACKUP_KEY, "ok"), ("setItem", SAVE_KEY, "QuotaExceededError")]
        assert store.items[SAVE_KEY] == good and store.items[BACKUP_KEY] == good
        told = [m for m in toasts(scene) if m.startswith("Could not save")]
        assert told == ["Could not save the game: the browser's storage for this page is full. "
                    "The last good save is kept."]
        wait_until(app, lambda: False, 30)  # more turns, more failed saves: told once
        assert app.running and app.top is scene and g.turn > where[1] + 25
        assert [m for m in toasts(scene) if m.startswith("Could not save")] == told
        assert store.items[SAVE_KEY] == good
    assert nothing_native(tmp_path)

    with installed(Window(storage=store)):  # reload: the good save is there to continue
        app = open_page()
        run(app, 2, {0: [key(pygame.K_F1)]})
        assert run_until(app, lambda: playing(app), 600)
        assert (app.top.game.pos, app.top.game.turn) == where


@pytest.mark.parametrize("storage", ["blocked", "null", BlockedStorage(), LocalStorage(quota=0)],
                         ids=["reading-localStorage-throws", "localStorage-is-null", "every-call-throws", "zero-quota"])
def test_blocked_storage_the_game_runs_and_says_saves_are_off(tmp_path, storage):
    with installed(Window(storage=storage)):
        assert browser.Storage().unavailable() == "the browser blocks storage for this page"
        app = open_page()
        title = app.top
        off = [m for m in toasts(title) if m.startswith("Saves are off")]
        assert off == ["Saves are off: the browser blocks storage for this page."]
        run(app, 2, {0: [key(pygame.K_ESCAPE)]})  # clears the rolled name
        run(app, 2, {0: [text("Nokeep")]})
        run(app, 2, {0: [key(pygame.K_RETURN, "\r")]})
        assert run_until(app, lambda: playing(app), 600)
        scene, g = app.top, app.top.game
        turn = g.turn
        assert wait_until(app, lambda: scene.save_failures > 0)
        wait_until(app, lambda: False, 30)
        told = [m for m in toasts(scene) if m.startswith("Could not save")]
        assert told == ["Could not save the game. " + off[0]]  # once, not every turn
        assert app.running and app.top is scene and g.name == "Nokeep" and g.turn > turn + 25
    assert nothing_native(tmp_path)  # no silent fallback to files in the page


def test_main_py_runs_the_page_from_its_link(monkeypatch):
    """``main.py`` itself, as the runtime runs it: the link picks the scene, the
    first frame hides the loading screen, closing the page ends the loop."""
    made, real_make_app = [], launch.make_app

    def make_app(settings, **kw):
        app = real_make_app(settings, seed=1, **kw)
        app.run = functools.partial(app.run, frames=300)  # a page that never closes fails, not hangs
        made.append(app)
        return app

    monkeypatch.setattr(launch, "make_app", make_app)
    monkeypatch.setattr(pygame, "quit", lambda: made.append("quit"))
    closing = Helpers(on_ready=lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    with installed(Window(search="?mode=demo&demo=rooms&seed=main-py", helpers=closing)):
        runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
    app, last = made
    assert last == "quit" and closing.ready_calls == 1 and not app.running
    assert isinstance(app.top, DemoScene) and (app.top.spec.name, app.top.seed) == ("rooms", "main-py")



# -- start-up rules, with pygbag's own code ----------------------------------------------------------

MAIN = (ROOT / "main.py").read_text(encoding="utf-8")


def test_main_py_passes_pygbags_import_scan():
    wanted = scan_imports(MAIN)  # raises as it would in the page
    assert set(wanted) <= set(sys.stdlib_module_names) | {"game"}


def test_pygbags_import_scan_breaks_on_a_relative_import():
    """The scan reads ``node.module``: None for ``from . import``, and the page stops there."""
    with pytest.raises(AttributeError, match="split"):
        scan_imports(MAIN + "\nfrom . import game\n")
    assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(ast.parse(MAIN)))


def test_pep723_block_parses_and_names_numpy():
    assert read_dependency_block(MAIN) == ["numpy"]
    # the PEP's reference expression finds one well-formed block
    blocks = re.findall(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$", MAIN)
    assert [b[0] for b in blocks] == ["script"]


def test_main_py_ends_with_asyncio_run():
    """Code after ``asyncio.run(...)`` would run before the game in the page (pygbag's run returns at once)."""
    last = ast.parse(MAIN).body[-1]
    assert isinstance(last, ast.Expr) and ast.unparse(last.value) == "asyncio.run(main())"


def test_every_shipped_import_is_in_the_wasm_runtime():
    assert sys.version_info[:2] >= (3, 11)
    problems = {str(p.relative_to(ROOT)): page_problems(p.read_text(encoding="utf-8"), *module_of(p))
                for p in shipped_sources()}
    assert {k: v for k, v in problems.items() if v} == {}
    assert len(problems) > 50


def test_no_shipped_module_needs_a_developer_only_one():
    dev_only = {module_of(ROOT / (d.rstrip("/") + ("" if d.endswith(".py") else ".py")))[0] for d in DEV_ONLY}
    needed = {f"{p.relative_to(ROOT)}:{line} {name}" for p in shipped_sources()
              for line, name in used_names(p.read_text(encoding="utf-8"), *module_of(p))
              if any(name == m or name.startswith(m + ".") for m in dev_only)}
    assert {"game.tools", "worldgen.tools", "worldgen.__main__"} <= dev_only
    assert needed == set()


@pytest.mark.parametrize("source", [
    "import threading", "import _thread", "from multiprocessing import Pool", "import subprocess",
    "import ctypes", "import sqlite3", "import scipy.ndimage", "from concurrent.futures import ThreadPoolExecutor",
    "import socket", "from asyncio import subprocess", "import asyncio\nasyncio.create_subprocess_exec('ls')",
    "import asyncio as aio\naio.to_thread(print)", "async def f(loop):\n    await loop.run_in_executor(None, f)",
    "import time\ntime.sleep(1)", "from time import sleep", "import random", "import urllib.request",
    "import tkinter", "import os\nos.system('ls')", "import pandas",
])
def test_the_import_check_refuses_what_the_page_lacks(source):
    assert page_problems(source), source


@pytest.mark.parametrize("source", [
    "import asyncio\nasync def f():\n    await asyncio.sleep(0)", "from urllib.parse import parse_qsl",
    "import numpy as np\nnp.random.default_rng(1)", "import pygame.surfarray", "import time\ntime.perf_counter()",
    "from .. import browser", "import os\nos.replace('a', 'b')",
])
def test_the_import_check_lets_the_page_s_own_modules_through(source):
    assert page_problems(source, "game.scenes.demo") == []
