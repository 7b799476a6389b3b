"""The browser build: `web/build.py` output, checked offline in headless Chromium.

One build per module (``python web/build.py --archive`` into a temporary
folder, with a time limit), served by a local http.server thread on
127.0.0.1.  The pygbag runtime lives on a CDN this machine cannot (and tests
must not) reach: every request that is not for 127.0.0.1 is aborted in the
browser as "internet disconnected", or answered by a small stand-in for
pythons.js when a test needs the runtime to "start".  So the real runtime is
never exercised here; its contract with the page (config, loader script,
element ids) is checked statically instead.

Screenshots go to ``<build>/screenshots`` (set DEEPISLE_WEB_BUILD_DIR to keep
the build somewhere fixed and look at them).
"""

from __future__ import annotations

import base64
import functools
import http.server
import os
import re
import subprocess
import sys
import tarfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("DEEPISLE_CHROMIUM", "/usr/bin/chromium"))
BUILD_TIMEOUT_S = 300
ISLAND_STAGES = ("noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain")
FAILURE_TEXT = "The Python runtime could not be loaded (offline or blocked CDN)"
FORBIDDEN_PARTS = {"tests", ".venv", "venv", "build", "__pycache__", ".git", "web", ".ci", ".pytest_cache"}


# ---------------------------------------------------------------- build ----

@pytest.fixture(scope="module")
def build_dir(tmp_path_factory) -> Path:
    fixed = os.environ.get("DEEPISLE_WEB_BUILD_DIR")
    out = Path(fixed) if fixed else tmp_path_factory.mktemp("webbuild")
    proc = subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--out", str(out), "--archive"],
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT_S, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, f"build failed:\n{proc.stdout}\n{proc.stderr}"
    (out / "screenshots").mkdir(exist_ok=True)
    return out


@pytest.fixture(scope="module")
def web(build_dir) -> Path:
    return build_dir / "web"


@pytest.fixture(scope="module")
def page_html(web) -> str:
    return (web / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cdn(page_html) -> str:
    match = re.search(r'^\s*cdn: "([^"]+)"', page_html, re.M)
    assert match, "config.cdn not found in the built page"
    return match.group(1)


def archive_names(path: Path) -> list[str]:
    if path.suffix == ".apk":
        with zipfile.ZipFile(path) as zf:
            return zf.namelist()
    with tarfile.open(path, "r:gz") as tf:
        return [m.name for m in tf.getmembers() if m.isfile()]


@pytest.mark.parametrize("name", ["deepisle.tar.gz", "deepisle.apk"])
def test_packed_game_holds_the_app_and_nothing_else(web, name):
    names = archive_names(web / name)
    assert names and all(n.startswith("assets/") for n in names)
    rel = [n[len("assets/"):] for n in names]
    assert "main.py" in rel
    assert "game/app.py" in rel and "game/browser.py" in rel
    assert "worldgen/__init__.py" in rel and "worldgen/registry.py" in rel
    assert {r.split("/")[0] for r in rel} == {"main.py", "game", "worldgen"}
    for r in rel:
        parts = set(Path(r).parts)
        assert not parts & FORBIDDEN_PARTS, r
        assert not r.endswith((".pyc", ".pyo")) and "README" not in r and not Path(r).name.startswith("."), r
    # packed verbatim (no reformatting by black, no optimizer)
    with tarfile.open(web / "deepisle.tar.gz", "r:gz") as tf:
        packed = tf.extractfile("assets/main.py").read()
    assert packed == (ROOT / "main.py").read_bytes()


def test_every_app_source_is_packed(web):
    rel = {n[len("assets/"):] for n in archive_names(web / "deepisle.tar.gz")}
    sources = {p.relative_to(ROOT).as_posix() for d in ("game", "worldgen") for p in (ROOT / d).rglob("*.py")
               if "__pycache__" not in p.parts}
    assert sources <= rel


def test_built_page_is_fully_substituted_and_has_no_traps(web, page_html):
    assert "{{cookiecutter" not in page_html
    assert "browserfs" not in page_html.lower()
    assert "beforeunload" not in page_html.lower()
    assert re.search(r"^\s*can_close: 1,", page_html, re.M)
    assert re.search(r"^\s*ume_block: 0,", page_html, re.M)
    assert re.search(r'^\s*archive: "deepisle",', page_html, re.M)
    assert 'width="960" height="540"' in page_html
    assert (web / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()
    assert (web / "embed-example.html").is_file()


def test_loader_python_block_compiles(page_html):
    """The Python the runtime runs first is valid Python and unpacks our archive."""
    match = re.search(r'<script src="([^"]+)pythons\.js" type="module"[^>]*>(.*?)</script>', page_html, re.S)
    assert match, "pythons.js loader script not found"
    code = match.group(2)
    first, _, body = code.partition("\n")
    assert first == "#<!--"  # the runtime skips the first line
    compile(body, "index.html:loader", "exec")
    assert "async def custom_site" in body and 'bundle = "deepisle"' in body
    assert 'platform.fopen(f"{bundle}.tar.gz"' in body
    assert "shell.source(main" in body


def test_itch_archive(build_dir):
    with zipfile.ZipFile(build_dir / "web.zip") as zf:
        names = set(zf.namelist())
    assert {"index.html", "favicon.png", "deepisle.tar.gz", "embed-example.html"} <= names


@pytest.fixture()
def build_module():
    """A private copy of web/build.py as a module (its globals may be patched)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("deepisle_web_build", ROOT / "web" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_fails_clearly_without_sources(build_module, tmp_path, capsys):
    """Exit non-zero with a message, never a traceback or a hang."""
    build_module.ROOT = tmp_path  # an empty "repository"
    assert build_module.main(["--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "error: missing source files: main.py, game, worldgen" in err


def test_pygbag_is_never_allowed_to_download(build_module, tmp_path):
    """Without a local template pygbag would fetch one from the CDN, retrying
    forever offline; the build refuses the download and fails at once."""
    no_template = tmp_path / "web"
    no_template.mkdir()
    build_module.WEB = no_template  # holds neither index.html nor favicon.png
    app = build_module.stage_app(tmp_path / "stage")
    log = tmp_path / "pygbag.log"
    started = time.monotonic()
    build_module.run_pygbag(app, archive=False, cdn=None, timeout=120, log_path=log)
    with pytest.raises(build_module.BuildError, match="index.html"):
        build_module.collect(app, tmp_path / "out", archive=False, log_path=log)
    assert time.monotonic() - started < 60
    assert "offline build: refusing to download" in log.read_text(encoding="utf-8")


# ------------------------------------------------------------- browser ----

@pytest.fixture(scope="module")
def server(web):
    handler = functools.partial(QuietHandler, directory=str(web))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield browser
        browser.close()


# A stand-in for pythons.js: behaves like a runtime that starts, draws the
# game's first frame and calls the page's helpers the way the game does.
FAKE_RUNTIME = r"""
window.MM = { UME: !window.config.ume_block };
config.interactive = config.interactive || (location.search.search("-i") >= 0);  // as pythons.js does
window.__fake = { config: JSON.parse(JSON.stringify(window.config)), keys: [] };
window.addEventListener("keydown", (e) => window.__fake.keys.push(e.key));
setTimeout(() => {
  window.Module = {};
  const canvas = document.getElementById("canvas");
  canvas.width = 960; canvas.height = 540;
  canvas.style.width = "960px"; canvas.style.height = "540px";  // what SDL does
  const g = canvas.getContext("2d");
  for (let y = 0; y < 540; y += 30) for (let x = 0; x < 960; x += 30) {
    g.fillStyle = ((x + y) / 30) % 2 ? "#2c7034" : "#dece92";
    g.fillRect(x, y, 30, 30);
  }
  g.fillStyle = "#18306f"; g.fillRect(0, 0, 960, 30); g.fillRect(0, 510, 960, 30);
  deepisle.loaderStatus("Unpacking the game...");
  setTimeout(() => deepisle.ready(), 200);
}, 200);
"""


def new_page(browser, cdn, viewport=(1280, 720), runtime="offline", **context_args):
    """A page in a fresh context where nothing leaves 127.0.0.1.

    runtime: "offline" aborts CDN requests, "hang" never answers them,
    "fake" answers pythons.js with FAKE_RUNTIME."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_args)
    pending = []

    def route(r):
        url = r.request.url
        host = urlsplit(url).hostname
        if host == "127.0.0.1":
            r.continue_()
        elif runtime == "fake" and url == cdn + "pythons.js":
            r.fulfill(status=200, content_type="text/javascript", body=FAKE_RUNTIME)
        elif runtime == "hang" and url.startswith(cdn):
            pending.append(r)  # left unanswered: a CDN that never replies
        else:
            r.abort("internetdisconnected")

    context.route("**/*", route)
    page = context.new_page()
    page.errors = []
    page.console_errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("console", lambda msg: page.console_errors.append((msg.text, msg.location.get("url", "")))
            if msg.type == "error" else None)
    return context, page


def only_network_errors(page, cdn) -> list:
    """Console errors that are not the expected failed CDN fetches."""
    return [(text, url) for text, url in page.console_errors
            if not ("net::ERR_" in text and (url.startswith(cdn) or cdn in text or not url))]


def shot(page, build_dir, name):
    path = build_dir / "screenshots" / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.mark.parametrize("viewport", [(1280, 600), (480, 900)], ids=["wide", "tall"])
def test_canvas_fits_viewport_at_16_9(browser, server, cdn, build_dir, viewport):
    context, page = new_page(browser, cdn, viewport, runtime="fake")
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        box = page.locator("#canvas").bounding_box()
        vw, vh = viewport
        assert box["width"] <= vw + 0.5 and box["height"] <= vh + 0.5
        assert abs(box["width"] / box["height"] - 16 / 9) < 0.01
        assert abs(box["width"] - vw) < 1 or abs(box["height"] - vh) < 1  # fills one direction
        assert abs(box["x"] * 2 + box["width"] - vw) < 1.5  # centred
        assert abs(box["y"] * 2 + box["height"] - vh) < 1.5
        style = page.evaluate("getComputedStyle(document.getElementById('canvas')).imageRendering")
        assert style == "pixelated"
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(11, 13, 18)"
        assert not page.locator("#transfer").is_visible() and not page.locator("#failure").is_visible()
        shot(page, build_dir, f"ready-{vw}x{vh}")
        assert page.errors == []
    finally:
        context.close()


def test_offline_shows_clear_failure_message(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 720), runtime="offline")
    try:
        page.goto(server + "index.html?loadtimeout=5")
        page.wait_for_selector("#failure", state="visible", timeout=10_000)
        text = page.locator("#failure").inner_text()
        assert FAILURE_TEXT in text.replace("\n", " ")
        assert "pygame-web.github.io" in text and "reload" in text.lower()
        assert "Could not fetch " + cdn + "pythons.js" in page.locator("#failure-detail").inner_text()
        assert not page.locator("#transfer").is_visible()
        assert page.locator("#canvas").is_visible()
        assert page.evaluate("window.deepisle.state") == "failed"
        # no leave-page prompt: navigating away is immediate
        assert page.evaluate("window.onbeforeunload") is None
        shot(page, build_dir, "offline-1280x720")
        assert page.errors == []
        assert only_network_errors(page, cdn) == []
    finally:
        context.close()


def test_silent_cdn_times_out(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (800, 450), runtime="hang")
    try:
        # a CDN that never answers also holds back the load event: do not wait for it
        page.goto(server + "index.html?loadtimeout=2", wait_until="domcontentloaded")
        assert page.evaluate("window.deepisle.loadTimeout") == 2
        assert page.locator("#transfer").is_visible()  # the loading box first
        assert "Loading" in page.locator("#transfer").inner_text()
        shot(page, build_dir, "loading-800x450")
        started = time.monotonic()
        page.wait_for_selector("#failure", state="visible", timeout=10_000)
        assert time.monotonic() - started > 0.5
        assert "No response from the Python runtime after 2 s." in page.locator("#failure-detail").inner_text()
        assert page.errors == []
        # a late sign of life takes the page back to loading, and ready() clears everything
        page.evaluate("window.deepisle.loaderStatus('Unpacking the game...')")
        assert page.locator("#transfer").is_visible() and not page.locator("#failure").is_visible()
        page.evaluate("window.deepisle.ready()")
        assert not page.locator("#transfer").is_visible() and not page.locator("#failure").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("query, expected", [("", 20), ("?loadtimeout=3", 3), ("?loadtimeout=0.001", 1),
                                             ("?loadtimeout=1e9", 300), ("?loadtimeout=abc", 20)])
def test_loadtimeout_is_clamped(browser, server, cdn, query, expected):
    context, page = new_page(browser, cdn, runtime="hang")
    try:
        page.goto(server + "index.html" + query, wait_until="domcontentloaded")
        assert page.evaluate("window.deepisle.loadTimeout") == expected
    finally:
        context.close()


def test_fake_runtime_sees_our_config_and_ready_hides_the_loader(browser, server, cdn):
    context, page = new_page(browser, cdn, runtime="fake")
    try:
        page.goto(server + "index.html?loadtimeout=1")
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        page.evaluate("window.custom_onload(true)")  # what the runtime does when not in #debug
        seen = page.evaluate("window.__fake.config")
        assert seen["can_close"] == 1 and seen["ume_block"] == 0
        assert seen["archive"] == "deepisle" and seen["cdn"] == cdn and seen["pydigits"] == "312"
        page.wait_for_timeout(1500)  # past the 1 s load timeout: ready() cancelled it
        assert not page.locator("#failure").is_visible() and not page.locator("#transfer").is_visible()
        # the first click on the canvas gives it the keyboard
        page.locator("#canvas").click()
        assert page.evaluate("document.activeElement.id") == "canvas"
        page.keyboard.press("ArrowUp")
        assert "ArrowUp" in page.evaluate("window.__fake.keys")
        # the runtime's console stays out of sight, and shows under the game with #debug
        assert not page.locator("#pyconsole").is_visible()
        page.evaluate("window.custom_onload(false)")
        console_box = page.locator("#pyconsole").bounding_box()
        canvas_box = page.locator("#canvas").bounding_box()
        assert console_box["x"] == 0 and console_box["width"] == 1280
        assert canvas_box["y"] + canvas_box["height"] <= console_box["y"] + 0.5
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("query, interactive", [("?mode=demo&seed=my-island", False),
                                                 ("?seed=x-i", False), ("?-i&mode=demo", True)])
def test_only_an_explicit_dash_i_makes_the_runtime_interactive(browser, server, cdn, query, interactive):
    context, page = new_page(browser, cdn, runtime="fake")
    try:
        page.goto(server + "index.html" + query)
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        assert page.evaluate("window.__fake.config.interactive") is interactive
        assert page.evaluate("window.config.interactive") is interactive
    finally:
        context.close()


def test_helpers_exist_and_set_status_is_plain_text(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (960, 540), runtime="fake")
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        kinds = page.evaluate("['download','copyText','setStatus','ready'].map(k => typeof window.deepisle[k])")
        assert kinds == ["function"] * 4
        markup = '<img src=x onerror="window.__xss=1"><b>bold</b>'
        page.evaluate("t => window.deepisle.setStatus(t)", markup)
        status = page.locator("#deepisle-status")
        assert status.is_visible()
        assert status.text_content() == markup
        assert page.evaluate("document.querySelectorAll('#deepisle-status *').length") == 0
        page.wait_for_timeout(300)
        assert page.evaluate("window.__xss") is None
        shot(page, build_dir, "status-line-960x540")
        page.evaluate("window.deepisle.setStatus('')")
        assert not status.is_visible()
        assert page.errors == []
    finally:
        context.close()


def test_download_helper_saves_the_bytes(browser, server, cdn, tmp_path):
    context, page = new_page(browser, cdn, runtime="fake", accept_downloads=True)
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        payload = bytes(range(256)) * 3
        with page.expect_download(timeout=10_000) as info:
            assert page.evaluate("b => window.deepisle.download('../island map.png', 'image/png', b)",
                                 base64.b64encode(payload).decode("ascii")) is True
        download = info.value
        assert download.suggested_filename == "_island map.png"  # no path, no leading dots
        target = tmp_path / "got.bin"
        download.save_as(str(target))
        assert target.read_bytes() == payload
    finally:
        context.close()


def test_copy_text_uses_clipboard_then_falls_back(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, runtime="fake")
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle.state === 'ready'", timeout=10_000)
        page.locator("#canvas").click()  # a user gesture, as when the game copies after a key press
        assert page.evaluate("window.deepisle.copyText('seed=abc&mode=demo')") is True
        assert page.evaluate("navigator.clipboard.readText()") == "seed=abc&mode=demo"
        # no Clipboard API and no execCommand: the text is shown, selected, for a manual copy
        page.evaluate("""() => {
            Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
            document.execCommand = () => false;
        }""")
        link = "http://example.invalid/?seed=<b>x</b>"
        assert page.evaluate("t => window.deepisle.copyText(t)", link) is False
        assert page.locator("#copybox").is_visible()
        assert page.locator("#copybox-text").input_value() == link
        assert page.evaluate("document.activeElement.id") == "copybox-text"
        shot(page, build_dir, "copy-fallback-1280x720")
        page.locator("#copybox-close").click()
        assert not page.locator("#copybox").is_visible()
        assert page.errors == []
    finally:
        context.close()


def test_url_is_never_written_as_html(browser, server, cdn):
    context, page = new_page(browser, cdn, runtime="offline")
    try:
        evil = "%3Cimg%20src%3Dx%20onerror%3D%22window.__xss%3D1%22%3E"
        page.goto(server + f"index.html?loadtimeout=2&seed={evil}&demo={evil}#{evil}")
        page.wait_for_selector("#failure", state="visible", timeout=10_000)
        page.wait_for_timeout(300)
        assert page.evaluate("document.querySelectorAll('img').length") == 0
        assert page.evaluate("window.__xss") is None
        assert "onerror" not in page.evaluate("document.body.innerHTML")
    finally:
        context.close()


def test_embed_example_page(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline")
    try:
        page.goto(server + "embed-example.html")
        frames = page.locator("article iframe")
        assert frames.count() == len(ISLAND_STAGES)
        for i, stage in enumerate(ISLAND_STAGES):
            el = frames.nth(i)
            src = el.get_attribute("src")
            parts = urlsplit(src)
            assert parts.path == "index.html"
            assert {k: v for k, v in parse_qs(parts.query).items()} == {
                "mode": ["demo"], "demo": ["island"], "stage": [stage], "seed": ["abc"], "ui": ["0"]}
            assert el.get_attribute("width") == "640" and el.get_attribute("height") == "360"
            assert el.get_attribute("title")
            el.scroll_into_view_if_needed()
            box = el.bounding_box()
            assert abs(box["width"] - 640) < 1 and abs(box["height"] - 360) < 1
            frame = el.element_handle().content_frame()
            frame.wait_for_selector("#failure", state="visible", timeout=15_000)
            assert FAILURE_TEXT in frame.locator("#failure").inner_text().replace("\n", " ")
            if i == 0:
                shot(page, build_dir, "embed-figure-offline")
        # the article around the figures is unaffected
        assert page.locator("h1").inner_text().startswith("How an island is made")
        assert page.locator("pre code").inner_text().startswith("<iframe src=")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(build_dir / "screenshots" / "embed-page-full.png"), full_page=True)
        assert page.errors == []
        assert only_network_errors(page, cdn) == []
    finally:
        context.close()


def test_embedded_game_takes_keyboard_on_first_click(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 900), runtime="fake")
    try:
        page.goto(server + "embed-example.html")
        el = page.locator("article iframe").nth(1)
        el.scroll_into_view_if_needed()
        frame = el.element_handle().content_frame()
        frame.wait_for_function("window.deepisle.state === 'ready'", timeout=15_000)
        scroll_before = page.evaluate("window.scrollY")
        frame.locator("#canvas").click()
        assert frame.evaluate("document.activeElement.id") == "canvas"
        assert page.evaluate("document.activeElement.tagName") == "IFRAME"
        page.keyboard.press("d")
        assert "d" in frame.evaluate("window.__fake.keys")
        assert page.evaluate("window.scrollY") == scroll_before
        shot(page, build_dir, "embed-figure-ready")
        assert page.errors == []
    finally:
        context.close()
