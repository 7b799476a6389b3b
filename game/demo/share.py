"""What a demo gives away: its link (L), its embed code (C) and its exports (E: PNG, T: text, M: Tiled map).

Each carries exactly the map on screen, as the knobs set it (``game.demo.playground``):
the link and the embed code hold the seed, the size, every parameter that differs
from the demo's start (``captions.link_params``), the stage, the compare view's
second map and whether the panel is open (``ui=panel``); an exported file is named
after the generator, stage, seed and those parameters, and a PNG or Tiled map also
holds the link and every parameter inside it (a PNG's ``iTXt`` text, the map's
properties), so a file found later says how to make it again.  A mixin of
:class:`~game.scenes.demo.DemoScene`.
"""

from __future__ import annotations

import dataclasses
import re

from worldgen.core.image import encode_png, stage_rgb, tiles_text
from worldgen.core.registry import Stage
from worldgen.core.tiled import tileset_name, tileset_rgb, tmj_text
from worldgen.generators import captions

from ..shell import browser, embed_code
from ..shell.settings import Settings, to_query

__all__ = ["DemoShare"]

NAME_PARAMS = 4  # parameters named in an exported file's name, at most (all of them are inside it)


class DemoShare:
    """Link, embed code and exports of a :class:`~game.scenes.demo.DemoScene`."""

    def file_stem(self) -> str:
        """``GEN-STAGE-SEED`` and the first few parameters changed (``-water0.45``)."""
        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", self.seed).strip("-")[:40] or "seed"
        changed = captions.link_params(self.spec, self.params)
        extra = "".join(f"-{k}{v}" for k, v in sorted(changed.items())[:NAME_PARAMS])
        return re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{self.spec.name}-{self.stage_name}-{slug}{extra}")

    def _export_stage(self) -> Stage | None:
        stage = self.work.stages.get(self.stage_name) if self.work else None
        if stage is None:
            self.toasts.add("still generating; try again in a moment")
        return stage

    def export(self, kind: str) -> str | None:
        """Download the stage on screen as ``png``, ``txt`` or ``tmj`` (a Tiled map and its tileset)."""
        stage = self._export_stage()
        if stage is None:
            return None
        if kind == "png":
            scale = max(1, min(8, 1024 // max(stage.data.shape)))
            where = browser.download(self.file_stem() + ".png",
                                     encode_png(stage_rgb(stage), scale, text=self.export_text()), "image/png")
        elif stage.kind != "tiles":
            self.toasts.add(f"{stage.name} is a height layer; {kind} export needs a tile stage")
            return None
        elif kind == "txt":
            where = browser.download(self.file_stem() + ".txt", tiles_text(stage.data).encode("utf-8"),
                                     "text/plain")
        else:
            browser.download(tileset_name(), encode_png(tileset_rgb()), "image/png")
            where = browser.download(self.file_stem() + ".tmj", tmj_text(stage, properties=self.export_text())
                                     .encode("utf-8"), "application/json")
        self.toasts.add(where)
        return where

    def export_text(self) -> dict[str, str]:
        """What an exported PNG or Tiled map says of itself: the link and each parameter."""
        text = {"generator": self.spec.name, "stage": self.stage_name, "seed": self.seed,
                "size": f"{self.width}x{self.height}", "link": self.share_link()}
        return {**text, **{f"p.{s.name}": str(getattr(self.params, s.name)) for s in self.spec.param_specs}}

    def share_settings(self, bare: bool = False) -> Settings:
        """The settings of the map on screen (``bare``: as a blog figure, ``ui=0``, or ``ui=panel``
        when the panel is open)."""
        compare = self.compare_settings()
        return Settings(mode="demo", generator=self.spec.name, stage=self.stage_name,
                        seed=self.compare.seed if self.compare else self.seed,
                        width=self.width if self.explicit_size else None,
                        height=self.height if self.explicit_size else None,
                        ui=self.show_ui and not bare, panel=self.playground.open,
                        params=captions.link_params(self.spec, self.compare.params if self.compare else self.params),
                        compare=compare)

    def share_link(self) -> str:
        return browser.page_url() + to_query(self.share_settings())

    def share(self) -> str:
        link = self.share_link()
        copied = browser.copy_text(link)
        self.toasts.add(("link copied: " if copied else "link: ") + link)
        return link

    def embed_code(self) -> str:
        """The HTML that shows the knobs' map as a figure in a post (a bare one, or with the panel when it
        is open; one map: a poster cannot show the compare view)."""
        settings = self.share_settings(bare=True)
        if self.compare is not None:
            settings = dataclasses.replace(settings, seed=self.seed, compare=None,
                                           params=captions.link_params(self.spec, self.params))
        query = to_query(settings)[1:]
        poster = embed_code.poster_path(settings)
        return embed_code.snippet(query, poster, embed_code.site_of(browser.page_url()))

    def copy_embed_code(self) -> str:
        code = self.embed_code()
        where = "copied" if browser.copy_text(code) else "printed on the terminal"
        self.toasts.add(f"embed code {where}; its poster is drawn by the build when web/embeds.txt lists it")
        return code
