"""The offline card's link to the project's README.

When the Python runtime cannot load, the page (web/index.html) shows a card
saying what to try, ending with "play it on your computer from its source
code: its README says how".  The build makes "its README" a link to the
README's "Play it" section on the project's page: the address given
(``web/build.py --source URL``), else the repository GitHub Actions is
building, else this checkout's git ``origin``.  With none of these known the
words stay plain text.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

__all__ = ["SOURCE_MARK", "link_source", "source_url"]

ROOT = Path(__file__).resolve().parent.parent
#: The offline card's words for the README in web/index.html, made a link when the source is known.
SOURCE_MARK = '<span id="source-link">its README</span>'


class SourceError(Exception):
    """The page has lost the words the link goes on."""


def link_source(out_web: Path, source: str | None) -> None:
    """Make the offline card's "its README" a link to the project's README (its "Play it" section)."""
    page = out_web / "index.html"
    html_text = page.read_text(encoding="utf-8")
    if SOURCE_MARK not in html_text:
        raise SourceError(f"web/index.html has lost the offline card's {SOURCE_MARK!r}")
    if source:
        link = f'<a id="source-link" href="{html.escape(source.rstrip("/"), quote=True)}#play-it" ' \
               f'target="_blank" rel="noopener">its README</a>'
        page.write_text(html_text.replace(SOURCE_MARK, link), encoding="utf-8")


def source_url(given: str | None, env: dict[str, str] | None = None) -> str | None:
    """The project's page for the offline card: ``given``, else the repository GitHub Actions builds
    (``GITHUB_SERVER_URL``/``GITHUB_REPOSITORY``), else this checkout's ``origin`` as an https address.

    >>> source_url(None, {"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "me/isle"})
    'https://github.com/me/isle'
    >>> _https("git@github.com:me/isle.git"), _https("https://github.com/me/isle.git"), _https("/srv/isle")
    ('https://github.com/me/isle', 'https://github.com/me/isle', None)
    """
    env = os.environ if env is None else env
    if given is not None:
        return given or None
    if env.get("GITHUB_REPOSITORY"):
        return f"{env.get('GITHUB_SERVER_URL', 'https://github.com')}/{env['GITHUB_REPOSITORY']}"
    try:
        origin = subprocess.run(["git", "-C", str(ROOT), "remote", "get-url", "origin"], capture_output=True,
                                text=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return _https(origin.stdout.strip()) if origin.returncode == 0 else None


def _https(remote: str) -> str | None:
    """A git remote's address as a web page's, when it is on a web host."""
    match = re.match(r"(?:git@([^:/]+):|(?:https?|ssh|git)://(?:[^@/]+@)?([^/]+)/)(.+?)(?:\.git)?/?$", remote)
    return f"https://{match[1] or match[2]}/{match[3]}" if match else None


