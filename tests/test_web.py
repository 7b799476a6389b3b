"""The browser build: `web/build.py` output, checked offline in headless Chromium.

One build per module (``python web/build.py --archive`` into a temporary
folder, with a time limit), served by a local http.server thread on
127.0.0.1; nothing reaches the CDN (see ``webtools``).  The embed page and
the self-hosted runtime have their own modules (test_embeds, test_web_runtime).

Screenshots go to ``<build>/screenshots`` (set DEEPISLE_WEB_BUILD_DIR to keep
the build somewhere fixed and look at them).

Long because every check of the template shares one build and one browser
here; the online suite (tests/test_online.py) plays the game through it.
"""

from __future__ import annotations

import ast
import base64
import json
import re
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from webtools import (FAKE_RUNTIME, PUBLIC_CDN, ROOT, build, load_web_module, new_page,  # noqa: F401
                      only_network_errors, page_cdn, serving, shot)

FAILURE_TEXT = "The Python runtime could not be loaded (offline or blocked CDN)"
FORBIDDEN_PARTS = {"tests", ".venv", "venv", "build", "__pycache__", ".git", "web", ".ci", ".pytest_cache", "docs"}
BROWSER_MODULES = {"platform", "embed", "js"}  # provided by the pygbag runtime in the page


# ---------------------------------------------------------------- build ----


@pytest.fixture(scope="module")
def page_html(web) -> str:
    return (web / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def build_module():
    return load_web_module("build")


def packed(web: Path) -> dict[str, bytes]:
    """The game archive's files, by path relative to the app folder."""
    with tarfile.open(web / "deepisle.tar.gz", "r:gz") as tf:
        members = [m for m in tf.getmembers() if m.isfile()]
        assert members and all(m.name.startswith("assets/") for m in members)
        return {m.name[len("assets/"):]: tf.extractfile(m).read() for m in members}


def test_one_game_archive_holds_the_app_and_nothing_else(web, build_module):
    assert sorted(p.name for p in web.glob("deepisle.*")) == ["deepisle.tar.gz"]  # no .apk twin
    files = packed(web)
    assert "main.py" in files and "game/shell/app.py" in files and "worldgen/core/registry.py" in files
    assert {r.split("/")[0] for r in files} == {"main.py", "game", "worldgen"}
    for rel in files:
        parts = set(Path(rel).parts)
        assert not parts & FORBIDDEN_PARTS, rel
        assert not rel.endswith((".pyc", ".pyo")) and "README" not in rel and not Path(rel).name.startswith("."), rel
        assert not build_module.is_dev_only(rel), rel
    assert files["main.py"] == (ROOT / "main.py").read_bytes()  # packed verbatim (no black, no optimizer)


def test_every_app_source_but_the_developer_only_ones_is_packed(web, build_module):
    files = set(packed(web))
    sources = {p.relative_to(ROOT).as_posix() for d in ("game", "worldgen") for p in (ROOT / d).rglob("*.py")
               if "__pycache__" not in p.parts}
    dev_only = {rel for rel in sources if build_module.is_dev_only(rel)}
    assert {"worldgen/tools/cli.py", "worldgen/tools/bench.py", "worldgen/__main__.py"} <= dev_only
    assert sources - dev_only <= files
    assert not dev_only & files


def _imports(tree: ast.AST, module: str, is_package: bool) -> list[tuple[str, tuple[str, ...]]]:
    """(absolute module, names imported from it) for every import anywhere in ``tree``."""
    found = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            name = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            found.append((name, tuple(alias.name for alias in node.names)))
    return found


def test_packed_imports_are_satisfied_by_the_archive_itself(web):
    """Every import in every packed module (also inside functions) resolves to a packed
    module, the standard library, numpy, pygame or the runtime's own modules."""
    files = packed(web)
    modules = {rel[:-3].replace("/", ".").removesuffix(".__init__"): rel for rel in files if rel.endswith(".py")}
    allowed_top = set(sys.stdlib_module_names) | {"numpy", "pygame"} | BROWSER_MODULES
    problems = []
    for name, rel in modules.items():
        tree = ast.parse(files[rel], rel)
        for target, names in _imports(tree, name, rel.endswith("__init__.py")):
            top = target.split(".")[0]
            if top in ("game", "worldgen"):
                if target not in modules:
                    problems.append(f"{rel}: import {target}")
                    continue
                source = files[modules[target]].decode("utf-8")
                for item in names:  # `from x import y`: y is a packed submodule or a name x defines
                    if f"{target}.{item}" not in modules and not re.search(rf"\b{re.escape(item)}\b", source):
                        problems.append(f"{rel}: from {target} import {item}")
            elif top not in allowed_top and top != "__main__":
                problems.append(f"{rel}: import {target} (not in the page)")
    assert problems == []


def test_itch_archive_is_the_page_folder(build_dir, web):
    with zipfile.ZipFile(build_dir / "web.zip") as zf:
        names = set(zf.namelist())
    shipped = {p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file()}
    assert names == shipped
    assert {"index.html", "favicon.png", "deepisle.tar.gz", "embed-example.html", "embed.js"} <= names
    assert any(n.startswith("posters/") for n in names) and not any(n.endswith(".apk") for n in names)


def test_built_page_is_fully_substituted_and_has_no_traps(web, page_html):
    assert "{{cookiecutter" not in page_html
    assert "browserfs" not in page_html.lower()
    assert "beforeunload" not in page_html.lower()
    assert re.search(r"^\s*can_close: 1,", page_html, re.M)
    assert re.search(r"^\s*ume_block: 0,", page_html, re.M)
    assert re.search(r'^\s*archive: "deepisle",', page_html, re.M)
    assert page_cdn(page_html) == PUBLIC_CDN
    assert 'width="960" height="540"' in page_html
    assert (web / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()
    assert (web / "embed-example.html").is_file() and (web / "embed.js").is_file()


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


def test_build_fails_clearly_without_sources(build_module, tmp_path, capsys, monkeypatch):
    """Exit non-zero with a message, never a traceback or a hang."""
    monkeypatch.setattr(build_module, "ROOT", tmp_path)  # an empty "repository"
    assert build_module.main(["--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "error: missing source files: main.py, game, worldgen" in err


def test_pygbag_is_never_allowed_to_download(build_module, tmp_path, monkeypatch):
    """Without a local template pygbag would fetch one from the CDN, retrying
    forever offline; the build refuses the download and fails at once."""
    no_template = tmp_path / "web"
    no_template.mkdir()
    monkeypatch.setattr(build_module, "WEB", no_template)  # holds neither index.html nor favicon.png
    app = build_module.stage_app(tmp_path / "stage")
    log = tmp_path / "pygbag.log"
    started = time.monotonic()
    build_module.run_pygbag(app, cdn=None, timeout=120, log_path=log)
    with pytest.raises(build_module.BuildError, match="index.html"):
        build_module.collect(app, tmp_path / "out", log_path=log)
    assert time.monotonic() - started < 60
    assert "offline build: refusing to download" in log.read_text(encoding="utf-8")


def test_the_offline_cards_readme_link_comes_from_the_source_given_or_found(build_module, tmp_path, monkeypatch):
    web = tmp_path / "web"
    web.mkdir()
    page = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    (web / "index.html").write_text(page, encoding="utf-8")
    build_module.link_source(web, None)  # nothing known: the words stay plain
    assert (web / "index.html").read_text(encoding="utf-8") == page
    build_module.link_source(web, 'https://git.example/me/"isle"/')
    linked = (web / "index.html").read_text(encoding="utf-8")
    assert '<a id="source-link" href="https://git.example/me/&quot;isle&quot;#play-it"' in linked
    with pytest.raises(build_module.SourceError, match="lost the offline card"):
        build_module.link_source(web, "https://x")  # the mark was used up: a page without it is refused
    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.com")
    monkeypatch.setenv("GITHUB_REPOSITORY", "me/isle")
    assert build_module.source_url(None) == "https://github.com/me/isle"
    assert build_module.source_url("") is None and build_module.source_url("https://a.example/b") == "https://a.example/b"


def test_busy_port_hint_names_the_make_variable(build_module, tmp_path):
    with serving(tmp_path) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        with pytest.raises(build_module.BuildError, match=r"make serve PORT=8001, or PORT=0"):
            build_module.serve(tmp_path, port)


# ------------------------------------------------------------- browser ----


@pytest.mark.parametrize("viewport", [(1280, 600), (480, 900)], ids=["wide", "tall"])
def test_canvas_fits_viewport_at_16_9(browser, server, cdn, build_dir, viewport):
    context, page = new_page(browser, cdn, viewport, runtime="fake")
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
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
        readme = page.locator("#failure a#source-link")
        assert readme.is_visible() and readme.inner_text() == "its README"
        assert readme.get_attribute("href") == "https://github.com/me/isle#play-it"  # the shared build's --source
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
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
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
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
        assert page.evaluate("window.__fake.config.interactive") is interactive
        assert page.evaluate("window.config.interactive") is interactive
    finally:
        context.close()


def test_helpers_exist_and_set_status_is_plain_text(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (960, 540), runtime="fake")
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
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
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
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
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
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


def test_python_reports_fill_deepisle_python_and_the_console(browser, server, cdn):
    """``window.deepisle.report(json)``: what game/shell/browser.py's PageState sends, kept and logged."""
    context, page = new_page(browser, cdn, runtime="fake")
    lines = []
    page.on("console", lambda msg: lines.append(msg.text) if msg.text.startswith("[deepisle]") else None)
    try:
        page.goto(server + "index.html")
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
        send = lambda message: page.evaluate("t => window.deepisle.report(t)", json.dumps(message))  # noqa: E731
        assert send({"versions": {"python": "3.12.7", "numpy": "2.0.2", "pygame-ce": "2.5.7"}}) is True
        send({"frames": [1.5, 20.25], "state": {"scene": "title", "stack": ["title"]}})
        send({"frames": [3.0], "state": {"scene": "play", "stack": ["play"], "turn": 1}, "said": ["Welcome <b>"]})
        send({"frames": [2.0], "state": {"scene": "play", "stack": ["play"], "turn": 2}})
        assert page.evaluate("window.deepisle.report('{not json')") is False
        python = page.evaluate("window.deepisle.python")
        assert python["frames"] == {"count": 4, "worst_ms": 20.25, "last_ms": 2.0, "times": [1.5, 20.25, 3.0, 2.0]}
        assert [s.get("turn") for _, s in python["history"]] == [None, 1, 2] and python["state"]["turn"] == 2
        assert python["started"] <= python["history"][0][0] and python["said"] == ["Welcome <b>"]
        assert python["error"] is None and python["versions"]["numpy"] == "2.0.2"
        assert lines == ["[deepisle] versions python 3.12.7, numpy 2.0.2, pygame-ce 2.5.7",
                         "[deepisle] scene title (title)", "[deepisle] scene play (play)", "[deepisle] said: Welcome <b>"]
        send({"frames": [0.5] * 36_010})
        assert page.evaluate("[window.deepisle.python.frames.count, window.deepisle.python.frames.times.length]") == \
            [36_014, 36_000]
        error = {"type": "ZeroDivisionError", "message": "division by zero",
                 "traceback": "Traceback (most recent call last):\n  ...\nZeroDivisionError: division by zero\n"}
        send({"error": error})
        assert page.evaluate("window.deepisle.python.error") == error
        assert lines[-1] == "[deepisle] Python stopped: " + error["traceback"]
        assert page.locator("#deepisle-status").text_content() == \
            "The game stopped (ZeroDivisionError: division by zero). The browser console has the details."
        assert page.errors == []
    finally:
        context.close()


def test_a_python_exception_in_the_game_reaches_the_page(browser, server, cdn):
    """The stand-in runtime's game (native Python behind the page) stops on an exception: the
    page gets its traceback, as the real runtime's would through game.launch.main."""
    from gamepage import GamePage, Runtime

    gp = GamePage(browser, Runtime("stand-in", server, cdn, "stand-in"))
    try:
        gp.open()
        gp.wait("s.scene === 'title'", "the title")
        gp.native.fail(ZeroDivisionError("a rule divided by nothing"))
        problem = gp.problem()
        assert problem.startswith("Traceback (most recent call last):") and "in run" in problem
        assert problem.rstrip().endswith("ZeroDivisionError: a rule divided by nothing")
        assert any(line.startswith("[deepisle] Python stopped: Traceback") for line in gp.console)
        assert "ZeroDivisionError: a rule divided by nothing" in gp.page.locator("#deepisle-status").text_content()
        with pytest.raises(AssertionError, match="the game stopped:\nTraceback"):
            gp.wait("s.scene === 'play'", "a scene that never comes")
    finally:
        gp.close()


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


def test_public_cdn_page_sends_only_the_localhost_package_address_to_the_cdn(browser, server, cdn):
    """pygbag's loader asks http://localhost:PORT/cdn/ for wheels when the page is on
    localhost (where its test server would proxy them); with the public CDN that goes
    back to the CDN, and nothing else moves."""
    context, page = new_page(browser, cdn, runtime="hang")
    try:
        page.goto(server + "index.html", wait_until="domcontentloaded")
        redirect = lambda url: page.evaluate("u => window.deepisleRuntimeRedirect(u)", url)  # noqa: E731
        for port in (8000, 8123):
            assert redirect(f"http://localhost:{port}/cdn/cp312/numpy.whl") == PUBLIC_CDN.replace("0.9.3/", "cp312/numpy.whl")
        assert redirect(cdn + "pythons.js") == cdn + "pythons.js"
        assert redirect("https://pygame-web.github.io/cdn/index-0.9.3-cp312.json").startswith("https://pygame-web")
        assert redirect(server + "deepisle.tar.gz") == server + "deepisle.tar.gz"
    finally:
        context.close()


def test_web_scripts_doctests_pass():
    import doctest

    for name in ("build", "embeds", "mirror_runtime"):
        result = doctest.testmod(load_web_module(name))
        assert result.attempted > 0 and result.failed == 0, name
