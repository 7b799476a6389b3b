"""Shared test setup: headless SDL for every test that touches pygame, and
one build of the web page for every test module that checks it."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(scope="session")
def web_build(tmp_path_factory) -> Path:
    """``python web/build.py --archive`` once per session (``DEEPISLE_WEB_BUILD_DIR`` keeps it)."""
    from webtools import build

    fixed = os.environ.get("DEEPISLE_WEB_BUILD_DIR")
    out = Path(fixed) if fixed else tmp_path_factory.mktemp("webbuild")
    build(out, "--archive")
    return out
