"""Poster-first embeds: the still picture of exactly the map each embed shows.

An embed is a link to the game page with a demo query, holding its poster::

    <a href="index.html?mode=demo&demo=island&stage=mask&seed=abc&ui=0" data-deepisle>
      <img src="posters/island-mask-0123456789.png" width="640" height="360" alt="..." loading="lazy"></a>

``embed.js`` turns it into the picture with a play button and its caption,
and loads the live figure (an iframe) only on a click, or when it scrolls
into view with ``data-deepisle="visible"``.  Without scripts it stays a
picture that links to the live figure.  The poster's name and the code to
paste come from the game's own :mod:`game.shell.embed_code` (the gallery's "copy
embed code" buttons use it too).

At build time :func:`render_posters` reads each query with the game's own URL
parser (``game.shell.settings.parse_query``) and has the CLI draw that map as the
demo draws it in the game's window (``--frame``): same generator, stage,
seed, size and parameters.  Only numpy and the repository's own code run here.

Which posters a site carries: every embed of the shipped pages
(``embed-example.html``) and every query of the committed list
:data:`LIST` (``web/embeds.txt``: the gallery's first figures, and every one
a blogger adds), so they are there on every build and deploy.  Run with the
project's environment (``make embed``, or ``.venv/bin/python``), this script
adds one figure to the list, draws its poster and prints the code to paste,
or draws the whole list's posters into a built site and prints each code::

    python web/embeds.py add "mode=demo&demo=caverns&seed=my-post&ui=0" [--site https://me.github.io/isle/]
    python web/embeds.py build/web [--site https://me.github.io/isle/]

A query the game would have to correct is refused in one line naming the
problem (:func:`demo_settings`): a poster shows exactly what its figure shows.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import re
import sys
from contextlib import redirect_stdout
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the repository's packages, whichever folder this is run from
    sys.path.insert(0, str(ROOT))


def need_project(script: str) -> None:
    """Exit with one line (status 2) unless this Python has the project's one dependency, numpy:
    ``python web/embeds.py`` with a system Python was a traceback."""
    if importlib.util.find_spec("numpy") is None:
        print(f"{script}: error: {sys.executable} lacks numpy: run it with the project's environment "
              f"(make setup, then .venv/bin/python {script}), or use make build / make embed", file=sys.stderr)
        raise SystemExit(2)


need_project("web/embeds.py" if __name__ == "__main__" else "web/build.py")

from game.shell import embed_code  # noqa: E402
from game.shell.embed_code import EMBED_ATTR, PAGE, POSTER_DIR  # noqa: E402
from game.shell.settings import Settings, UsageError, parse_argv, parse_query  # noqa: E402
from worldgen.core import registry  # noqa: E402
from worldgen.core.seeding import clean_seed_text  # noqa: E402
from worldgen.generators import captions  # noqa: E402
from worldgen.tools.cli import main as worldgen_cli  # noqa: E402

LIST = Path(__file__).resolve().parent / "embeds.txt"
WEB = ROOT / "build" / "web"  # where make build puts the site
FRAME = (960, 540)  # the game's window: a poster is its first frame
#: The keys an embed's query may hold, and the game's native option for each (``p.NAME``: ``--p NAME=VALUE``).
KEYS = {"mode": "--mode", "demo": "--demo", "stage": "--stage", "seed": "--seed", "w": "--w", "h": "--h",
        "ui": "--ui"}

__all__ = ["EmbedError", "demo_settings", "poster_path", "cli_argv", "render_posters", "page_embeds",
           "check_page", "snippet", "committed", "keep", "need_project", "LIST", "POSTER_DIR", "EMBED_ATTR", "PAGE"]


class EmbedError(ValueError):
    """An embed whose link the game would not show as written (one line, says what to fix)."""


def demo_settings(query: str) -> Settings:
    """The demo an embed's query asks for; refused in one line (:class:`EmbedError`) unless it is a
    demo with a seed that the game shows exactly as written, with nothing to correct.

    >>> demo_settings("mode=demo&demo=rooms&seed=x&ui=0").generator
    'rooms'
    >>> try:
    ...     demo_settings("mode=demo&demo=rooms&seed=x&w=3")
    ... except EmbedError as exc:
    ...     print(exc)
    embed 'mode=demo&demo=rooms&seed=x&w=3': rooms size must be 20..400 x 12..400; got 3x29
    """
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=64)
    raw = dict(pairs)
    problem = _query_problem(pairs, raw)
    if problem is None:
        try:
            parse_argv([arg for key, value in pairs for arg in
                        ((KEYS[key], value) if key in KEYS else ("--p", f"{key[2:]}={value}"))])
        except UsageError as exc:  # the native command line's strict reading, worded for a query's keys
            problem = re.sub(r"^(argument )?--(\w+)(/--\w+)?", lambda m: "p.NAME" if m[2] == "p" else m[2], str(exc))
    if problem is None and parse_query(query).messages:
        problem = parse_query(query).messages[0].split("; ")[0]
    if problem is not None:
        raise EmbedError(f"embed {query[:100]!r}: {problem}")
    return parse_query(query)


def _query_problem(pairs: list[tuple[str, str]], raw: dict[str, str]) -> str | None:
    """What makes a query no poster's, before its values are read (None: nothing)."""
    keys = [key for key, _ in pairs]
    if raw.get("mode", "demo" if "demo" in raw else "play") != "demo":
        return "a poster needs mode=demo"
    unknown = [key for key in keys if key not in KEYS and not key.startswith("p.")]
    if unknown:
        return f"unknown key {unknown[0][:24]!r} (an embed takes {', '.join(KEYS)} and p.NAME)"
    twice = [key for i, key in enumerate(keys) if key in keys[:i]]
    if twice:
        return f"{twice[0]} is given twice"
    seed = raw.get("seed")
    if seed is None or not clean_seed_text(seed):
        return "a poster needs a seed (seed=...)"
    if clean_seed_text(seed) != seed:
        return f"the seed has spaces or invisible characters a link drops: write seed={clean_seed_text(seed)[:40]}"
    return None


def poster_path(settings: Settings) -> str:
    """``posters/GEN-STAGE-DIGEST.png`` (:func:`game.shell.embed_code.poster_path`).

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


def keep(query: str, path: Path = LIST) -> bool:
    """Add ``query`` (checked first) to the committed list, unless a query of the same poster is
    there; return whether it was added."""
    poster = poster_path(demo_settings(query))
    if any(poster_path(demo_settings(q)) == poster for q in committed(path)):
        return False
    text = path.read_text(encoding="utf-8")
    path.write_text(text + ("" if text.endswith("\n") or not text else "\n") + query + "\n", encoding="utf-8")
    return True


def add(query: str, site: str, path: Path = LIST, web: Path = WEB) -> int:
    """``make embed``: keep the query in the list, draw its poster into the site, print the code."""
    added = keep(query, path)
    poster = render_posters([query], web, FRAME)[query]
    print(f"poster: {web / poster}")
    print(snippet(query, poster, site))
    where = path.name if path == LIST else str(path)
    print(f"{'added to' if added else 'already in'} {where}: every build draws its poster "
          f"(commit {where} so the published site carries it)")
    return 0


def _parser(adding: bool) -> argparse.ArgumentParser:
    if adding:
        parser = argparse.ArgumentParser(prog="web/embeds.py add", description="Keep one figure in the list, "
                                         "draw its poster into the site and print the code to paste.")
        parser.add_argument("query", help="a demo query: mode=demo&demo=GEN&seed=TEXT... (ui=0 for a bare figure)")
        parser.add_argument("--web", type=Path, default=WEB, help=f"the site's folder (default {WEB})")
    else:
        parser = argparse.ArgumentParser(prog="web/embeds.py", description="Draw the posters of the committed "
                                         "embeds into a built site and print the code to paste for each.")
        parser.add_argument("web", type=Path, help="the built site (build/web)")
    parser.add_argument("--list", type=Path, default=LIST, help=f"the embeds, one query a line (default {LIST.name})")
    parser.add_argument("--site", default="", help="the published folder's address, for the printed code")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    adding = bool(argv) and argv[0] == "add"
    args = _parser(adding).parse_args(argv[1:] if adding else argv)
    if adding:
        try:
            check_site(args.site)
            demo_settings(args.query)
        except EmbedError as exc:
            print(f"web/embeds.py: error: {exc}", file=sys.stderr)
            return 2
    try:
        check_site(args.site)
        if adding:
            return add(args.query, args.site, args.list, args.web)
        if not (args.web / PAGE).is_file():
            raise EmbedError(f"{args.web} has no {PAGE}: build the site first (make build)")
        queries = committed(args.list)
        posters = render_posters(queries, args.web, FRAME)
    except (OSError, EmbedError) as exc:
        print(f"web/embeds.py: error: {exc}", file=sys.stderr)
        return 1
    for query in queries:
        print(f"{posters[query]}\n{snippet(query, posters[query], args.site)}\n")
    print(f"{len(queries)} embeds of {args.list.name}: posters in {args.web / POSTER_DIR}")
    return 0


def check_site(site: str) -> None:
    """A published folder's address is ``http(s)://...`` (or "" for relative links in the code)."""
    if site and not re.match(r"https?://[^\s/]+", site):
        raise EmbedError(f"--site must be the published folder's address, http(s)://...; got {site[:60]!r}")


if __name__ == "__main__":
    sys.exit(main())
