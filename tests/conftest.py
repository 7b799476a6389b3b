"""Shared test setup: headless SDL for every test that touches pygame, and
one build of the web page, one static server and one headless Chromium for
every test module that checks the page."""

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

SOURCE = "https://github.com/me/isle"  # the project page the shared build's offline card links to

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game's data folder (saves, morgue files, exports) is a fresh one per test session, never the
# user's own (~/.local/share/deepisle); processes the tests start inherit it.
os.environ["DEEPISLE_DATA"] = tempfile.mkdtemp(prefix="deepisle-test-data-")

# Property tests draw the same examples on every run ("ci": a red suite always
# means a change broke something, never a new lucky draw); exploring new draws is
# `HYPOTHESIS_PROFILE=explore make test`, and `python -m worldgen sweep` for scale.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def web_build(tmp_path_factory) -> Path:
    """``python web/build.py --archive`` once per session (``DEEPISLE_WEB_BUILD_DIR`` keeps it); its
    offline card links the README of a stand-in repository (``SOURCE``)."""
    from webtools import build

    fixed = os.environ.get("DEEPISLE_WEB_BUILD_DIR")
    out = Path(fixed) if fixed else tmp_path_factory.mktemp("webbuild")
    build(out, "--archive", "--source", SOURCE)
    return out


@pytest.fixture(scope="session")
def build_dir(web_build) -> Path:
    return web_build


@pytest.fixture(scope="session")
def web(build_dir) -> Path:
    """The built page's folder (``build/web``): tests that add files remove them."""
    return build_dir / "web"


@pytest.fixture(scope="session")
def cdn(web) -> str:
    """The runtime folder the built page names."""
    from webtools import page_cdn

    return page_cdn((web / "index.html").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def server(web):
    from webtools import serving

    with serving(web) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """Per module: Playwright's sync API runs an event loop while it lives, and
    the game's loop tests call ``asyncio.run``, which refuses to nest in one."""
    from webtools import chromium

    with chromium() as b:
        yield b


#: The fixtures that start Chromium (through ``webtools.chromium``, the one way to start it): a test
#: that uses one, however indirectly, is a browser test.  ``tests/test_markers.py`` checks that every
#: fixture that starts a browser is named here.
BROWSER_FIXTURES = frozenset({"browser"})


def starts_browser(item) -> bool:
    """Whether one of ``item``'s fixtures, however indirectly, is a :data:`BROWSER_FIXTURES` fixture
    (a parametrized argument of the same name is not: it starts nothing)."""
    defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    return any(not defs[name][-1].func.__module__.startswith("_pytest")
               for name in BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())) if defs.get(name))


def pytest_collection_modifyitems(items):
    """Mark every test whose fixtures start a browser ``browser``, so ``-m "not browser"``
    (``make test-fast``) means what it says and ``make flake`` finds them all (no test can forget
    the mark; one that starts Chromium unmarked fails: ``webtools.require_browser_mark``)."""
    for item in items:
        if starts_browser(item):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Keep the running test where ``webtools.chromium`` can ask for its marks."""
    import webtools

    webtools.RUNNING.append(item)
    try:
        return (yield)
    finally:
        webtools.RUNNING.pop()


def pytest_terminal_summary(terminalreporter):
    """Name the online suite's evidence folders (timings.md, timings.json, screenshots/)."""
    import sys

    evidence = sys.modules.get("evidence")  # imported only when the online suite ran
    for folder in getattr(evidence, "WRITTEN", ()):
        terminalreporter.write_line(f"online evidence: {folder}")
