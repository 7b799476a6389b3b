"""Poster-first embeds: the still picture of exactly the map each embed shows.

An embed is a link to the game page with a demo query, holding its poster::

    <a href="index.html?mode=demo&demo=island&stage=mask&seed=abc&ui=0" data-deepisle>
      <img src="posters/island-mask-0123456789.png" width="640" height="360" alt="..." loading="lazy"></a>

``embed.js`` turns it into the picture with a play button and its caption,
and loads the live figure (an iframe) only on a click, or when it scrolls
into view with ``data-deepisle="visible"``.  Without scripts it stays a
picture that links to the live figure.  The poster's name and the code to
paste come from the game's own :mod:`game.embed_code` (the gallery's "copy
embed code" buttons use it too).

At build time :func:`render_posters` reads each query with the game's own URL
parser (``game.settings.parse_query``) and has the CLI draw that map as the
demo draws it in the game's window (``--frame``): same generator, stage,
seed, size and parameters.  Only numpy and the repository's own code run here.

Which posters a site carries: every embed of the shipped pages
(``embed-example.html``) and every query of the committed list
:data:`LIST` (``web/embeds.txt``: the gallery's first figures, and any a
blogger adds), so they are there on every deploy.  Run alone, this script
draws the list's posters into a built site and prints the code to paste::

    python web/embeds.py build/web [--site https://me.github.io/isle/]
"""

from __future__ import annotations

import argparse
import io
import sys
from contextlib import redirect_stdout
from html.parser import HTMLParser
from pathlib import Path

from game import embed_code
from game.embed_code import EMBED_ATTR, PAGE, POSTER_DIR
from game.settings import Settings, parse_query
from worldgen.core import registry
from worldgen.generators import captions
from worldgen.tools.cli import main as worldgen_cli

LIST = Path(__file__).resolve().parent / "embeds.txt"
FRAME = (960, 540)  # the game's window: a poster is its first frame

__all__ = ["EmbedError", "demo_settings", "poster_path", "cli_argv", "render_posters", "page_embeds",
           "check_page", "snippet", "committed", "LIST", "POSTER_DIR", "EMBED_ATTR", "PAGE"]


class EmbedError(ValueError):
    """An embed whose link the game would not show as written (one line, says what to fix)."""


def demo_settings(query: str) -> Settings:
    """The demo an embed's query asks for; refused unless it is a demo with a seed and no corrections.

    >>> demo_settings("mode=demo&demo=rooms&seed=x&ui=0").generator
    'rooms'
    """
    settings = parse_query(query)
    if settings.mode != "demo":
        raise EmbedError(f"embed {query!r}: a poster needs mode=demo")
    if settings.seed is None:
        raise EmbedError(f"embed {query!r}: a poster needs a seed (seed=...)")
    if settings.messages:
        raise EmbedError(f"embed {query!r}: {settings.messages[0]}")
    return settings


def poster_path(settings: Settings) -> str:
    """``posters/GEN-STAGE-DIGEST.png`` (:func:`game.embed_code.poster_path`).

    >>> poster_path(demo_settings("demo=island&stage=mask&seed=abc&ui=0"))
    'posters/island-mask-7e089dbfc2.png'
    """
    return embed_code.poster_path(settings)


def cli_argv(settings: Settings, out: Path, frame: tuple[int, int]) -> list[str]:
    """The ``python -m worldgen`` arguments that draw this embed's poster."""
    spec = registry.get(settings.generator)
    w, h = spec.default_size
    argv = [settings.generator, "--seed", settings.seed, "--stage", settings.stage or spec.final_stage,
            "--width", str(settings.width or w), "--height", str(settings.height or h)]
    for name, value in sorted(captions.demo_params(spec, settings.params).items()):  # as the live demo starts
        argv += ["--param", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    return argv + ["--frame", f"{frame[0]}x{frame[1]}", "--out", str(out)]


def render_posters(queries: list[str], web: Path, frame: tuple[int, int]) -> dict[str, str]:
    """Draw each query's poster into ``web/posters``; return query -> poster path (relative to ``web``)."""
    posters: dict[str, str] = {}
    for query in queries:
        settings = demo_settings(query)
        rel = poster_path(settings)
        target = web / rel
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            with redirect_stdout(io.StringIO()):  # the CLI's JSON line
                if worldgen_cli(cli_argv(settings, target, frame)) != 0:
                    raise EmbedError(f"embed {query!r}: the CLI could not draw its poster")
        posters[query] = rel
    return posters


class _EmbedFinder(HTMLParser):
    """Collects ``(query, poster src)`` for every ``<a data-deepisle href="index.html?...">``."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str | None]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "a" and EMBED_ATTR in attr:
            href = attr.get("href") or ""
            page, _, query = href.partition("?")
            if page.rsplit("/", 1)[-1] != PAGE or not query:
                raise EmbedError(f"an embed link must point at {PAGE}?QUERY; got {href[:80]!r}")
            self.found.append((query.split("#", 1)[0], None))
            self._open = True
        elif tag == "img" and self._open and self.found[-1][1] is None:
            self.found[-1] = (self.found[-1][0], attr.get("src") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open = False


def page_embeds(page_html: str) -> list[tuple[str, str | None]]:
    """``(query, poster src or None)`` for each embed link in a page, in order."""
    finder = _EmbedFinder()
    finder.feed(page_html)
    finder.close()
    return finder.found


def check_page(name: str, page_html: str, posters: dict[str, str]) -> None:
    """Every embed of a page shows the poster built for its query."""
    for query, src in page_embeds(page_html):
        want = posters[query]
        if src is None or src.rsplit("/", 2)[-2:] != want.split("/"):
            raise EmbedError(f"{name}: the embed {query!r} must show <img src=\"{want}\"> (it has {src!r})")


def snippet(query: str, poster: str, site: str = "", caption: str = "") -> str:
    """The HTML a blogger pastes for one embed (``site``: the published folder's URL, or "" for relative);
    the query is checked first (:func:`demo_settings`)."""
    demo_settings(query)
    return embed_code.snippet(query, poster, site, caption)


def committed(path: Path = LIST) -> list[str]:
    """The queries of the committed list: one a line; blank lines and ``#`` comments skipped."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the posters of the committed embeds into a built site "
                                                 "and print the code to paste for each.")
    parser.add_argument("web", type=Path, help="the built site (build/web)")
    parser.add_argument("--list", type=Path, default=LIST, help=f"the embeds, one query a line (default {LIST.name})")
    parser.add_argument("--site", default="", help="the published folder's address, for the printed code")
    args = parser.parse_args(argv)
    if not (args.web / PAGE).is_file():
        print(f"web/embeds.py: error: {args.web} has no {PAGE}: build the site first (python web/build.py)",
              file=sys.stderr)
        return 1
    try:
        queries = committed(args.list)
        posters = render_posters(queries, args.web, FRAME)
    except (OSError, EmbedError) as exc:
        print(f"web/embeds.py: error: {exc}", file=sys.stderr)
        return 1
    for query in queries:
        print(f"{posters[query]}\n{snippet(query, posters[query], args.site)}\n")
    print(f"{len(queries)} embeds of {args.list.name}: posters in {args.web / POSTER_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
