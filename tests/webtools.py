"""Shared by the browser-build tests: build, serve, and a Chromium page that never leaves 127.0.0.1.

The pygbag runtime lives on a CDN this machine cannot (and tests must not)
reach: every request that is not for 127.0.0.1 is recorded and aborted as
"internet disconnected", or answered by a small stand-in for pythons.js when a
test needs the runtime to "start".  So the real runtime is never exercised
here; its contract with the page (config, loader script, element ids) is
checked statically instead.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("DEEPISLE_CHROMIUM", "/usr/bin/chromium"))
BUILD_TIMEOUT_S = 300
PUBLIC_CDN = "https://pygame-web.github.io/cdn/0.9.3/"


def build(out: Path, *args: str) -> subprocess.CompletedProcess:
    """``python web/build.py --out OUT ARGS``; fails the test with the output when the build fails."""
    proc = subprocess.run([sys.executable, str(ROOT / "web" / "build.py"), "--out", str(out), *args],
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT_S, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, f"build failed:\n{proc.stdout}\n{proc.stderr}"
    (out / "screenshots").mkdir(exist_ok=True)
    return proc


def run_make(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """``make ARGS`` as a user runs it from a shell, even when the suite itself runs under ``make test``.

    An outer make hands its flags and level down through the environment, and a
    nested make then prints "Entering directory" lines around its output (and
    takes the outer -j, -k or -s): the tests read make's own lines, so those go.
    """
    clean = {k: v for k, v in (env or os.environ).items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return subprocess.run(["make", "--no-print-directory", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=clean, stdin=subprocess.DEVNULL)


def load_web_module(name: str):
    """A private copy of ``web/NAME.py`` as a module (its globals may be patched)."""
    for path in (str(ROOT), str(ROOT / "web")):
        if path not in sys.path:
            sys.path.insert(0, path)
    spec = importlib.util.spec_from_file_location(f"deepisle_web_{name}", ROOT / "web" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_cdn(page_html: str) -> str:
    """The runtime folder a built page names in its config."""
    match = re.search(r'^\s*cdn: new URL\("([^"]+)", document\.baseURI\)\.href,', page_html, re.M)
    assert match, "config.cdn not found in the built page"
    return match.group(1)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    log = None  # a list to record request paths in, per server

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.log is not None:
            self.log.append(self.path)
        super().do_GET()


@contextlib.contextmanager
def serving(directory: Path, log: list | None = None):
    """A static server for ``directory`` on 127.0.0.1 (any free port); yields its base URL."""
    handler = functools.partial(type("Handler", (QuietHandler,), {"log": log}), directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


#: The test being set up, run or torn down (``tests/conftest.py`` keeps it): Chromium starts only
#: for one marked ``browser``.
RUNNING: list = []


def require_browser_mark() -> None:
    """Fail the running test, in one line, unless it is marked ``browser`` (so ``-m "not browser"``
    never starts Chromium, and ``make flake`` finds every test that does)."""
    if RUNNING and RUNNING[-1].get_closest_marker("browser") is None:
        pytest.fail(f"{RUNNING[-1].nodeid} starts Chromium but is not marked browser: use the browser "
                    "fixture (tests/conftest.py marks its tests) or @pytest.mark.browser", pytrace=False)


@contextlib.contextmanager
def chromium():
    """Headless Chromium, the one way a test starts it (``tests/test_markers.py`` checks that no
    other code launches a browser): for a test marked ``browser`` only."""
    require_browser_mark()
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield browser
        finally:
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
    "fake" answers pythons.js with FAKE_RUNTIME.  ``page.requests`` lists every
    URL asked for (in this page and its frames), ``page.outside`` those not for
    127.0.0.1."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_args)
    pending = []
    requests, outside = [], []

    def route(r):
        url = r.request.url
        requests.append(url)
        host = urlsplit(url).hostname
        if host == "127.0.0.1":
            r.continue_()
            return
        outside.append(url)
        if runtime == "fake" and url == cdn + "pythons.js":
            r.fulfill(status=200, content_type="text/javascript", body=FAKE_RUNTIME)
        elif runtime == "hang" and url.startswith(cdn):
            pending.append(r)  # left unanswered: a CDN that never replies
        else:
            r.abort("internetdisconnected")

    context.route("**/*", route)
    page = context.new_page()
    page.errors = []
    page.console_errors = []
    page.requests = requests
    page.outside = outside
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
