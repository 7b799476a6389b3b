"""Embed code: the HTML a blogger pastes to show one demo as a figure in a post.

An embed is a link to the game page with a demo query, holding its poster (a
still picture of exactly that map, drawn when the site is built)::

    <a href="SITE/index.html?mode=demo&demo=island&stage=mask&seed=abc&ui=0" data-deepisle title="...">
      <img src="SITE/posters/island-mask-7e089dbfc2.png" width="640" height="360" alt="..." loading="lazy"></a>
    <script src="SITE/embed.js" defer></script>

``web/embed.js`` turns it into the poster with a play button; the build
(``web/embeds.py``) draws the posters.  The gallery's "copy embed code"
buttons and the example page's (``web/embed-example.html``, the same code
written in JavaScript; a test holds the two equal) give this text with the
page's own address as ``SITE``.  Pure: no pygame, no page.

>>> settings = parse_query("mode=demo&demo=island&stage=mask&seed=abc&ui=0")
>>> poster_path(settings)
'posters/island-mask-7e089dbfc2.png'
>>> site_of("https://me.github.io/isle/index.html"), site_of("index.html")
('https://me.github.io/isle/', '')
"""

from __future__ import annotations

import hashlib
import html
import json

from worldgen.core import registry
from worldgen.generators import captions

from .settings import Settings, parse_query, to_query

__all__ = ["POSTER_DIR", "EMBED_ATTR", "PAGE", "POSTER_SIZE", "poster_path", "caption", "snippet", "site_of",
           "figure_query"]

POSTER_DIR = "posters"
EMBED_ATTR = "data-deepisle"
PAGE = "index.html"
POSTER_SIZE = (640, 360)  # the picture's size in a post (the poster itself is the game's 960x540 window)


def _map_key(settings: Settings) -> str:
    """The map an embed shows, as canonical JSON (generator, stage, seed, size, parameters)."""
    spec = registry.get(settings.generator)
    width, height = spec.default_size
    return json.dumps([settings.generator, settings.stage or spec.final_stage, settings.seed,
                       settings.width or width, settings.height or height, sorted(settings.params.items())],
                      ensure_ascii=False)


def poster_path(settings: Settings) -> str:
    """``posters/GEN-STAGE-DIGEST.png``, the digest taken over the map (not over how its query is spelled)."""
    stage = settings.stage or registry.get(settings.generator).final_stage
    digest = hashlib.sha256(_map_key(settings).encode("utf-8")).hexdigest()[:10]
    return f"{POSTER_DIR}/{settings.generator}-{stage}-{digest}.png"


def caption(settings: Settings) -> str:
    """The caption a figure gets unless its author writes one: the stage's heading, its
    sentence and the post it follows, from the stage table (:mod:`worldgen.generators.captions`),
    as the demo and the gallery say them.

    >>> caption(parse_query("mode=demo&demo=rooms&seed=x&stage=loops"))
    'Rooms (Brogue-style accretion) · 4/5 Loops: Walls between floors 20 or more steps apart on foot open as loops. After “Softly Into the Night” by Jacob Wharton (after Brogue).'
    """
    spec = registry.get(settings.generator)
    params = captions.demo_params(spec, settings.params)
    size = (settings.width or spec.default_size[0], settings.height or spec.default_size[1])
    return captions.caption(spec, settings.stage or spec.final_stage, params, size)


def figure_query(generator: str, seed: str, stage: str | None = None) -> str:
    """The query of a bare figure (``ui=0``) of ``generator`` at ``seed`` (its final stage unless ``stage``).

    >>> figure_query("rooms", "deepisle")
    'mode=demo&demo=rooms&seed=deepisle&ui=0'
    """
    return to_query(Settings(mode="demo", generator=generator, stage=stage, seed=seed, ui=False))[1:]


def site_of(page_url: str) -> str:
    """The folder a page is published in (with its ``/``), from the page's address; "" for a bare file name."""
    folder, slash, _ = page_url.rpartition("/")
    return folder + slash


def snippet(query: str, poster: str, site: str = "", title: str = "") -> str:
    """The HTML to paste for one figure: ``site`` is the published folder's address ("" for relative
    links), ``poster`` the poster's path in it, ``title`` the caption (default: :func:`caption`)."""
    title = title or caption(parse_query(query))
    base = site if not site or site.endswith("/") else site + "/"
    esc = lambda text: html.escape(text, quote=True)  # noqa: E731
    width, height = POSTER_SIZE
    return (f'<a href="{esc(base + PAGE + "?" + query)}" {EMBED_ATTR} title="{esc(title)}">'
            f'<img src="{esc(base + poster)}" width="{width}" height="{height}" alt="{esc(title)}" '
            f'loading="lazy"></a>\n'
            f'<script src="{esc(base)}embed.js" defer></script>')
