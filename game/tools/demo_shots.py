"""Every stage of every generator's demo as a blog reader sees it: ``python -m game.tools.demo_shots [OUTDIR]``.

A developer tool: not shipped in the web build.  Runs the real app under
SDL's dummy driver with the demo of each stage (``mode=demo``, the gallery's
first seed), waits until the stage is drawn, and saves the 960x540 window
scaled to an embed's 640x360 (``game.shell.embed_code.POSTER_SIZE``), smoothly, as
a browser scales the canvas: ``game-demo-GEN-STAGE.png`` in OUTDIR (default
``docs/img``); then a bare figure pointed at (``game-demo-bare.png``) and the
gallery (``game-gallery.png``, at the window's size).  ``game.tools.shots`` runs it with the game's screenshots, so
``make screenshots`` makes them and ``tests/test_readme_pictures.py`` holds
the committed ones to a fresh run.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from worldgen.core import registry  # noqa: E402

from ..shell import app as app_module  # noqa: E402
from ..shell.browser import Storage  # noqa: E402
from ..shell.embed_code import POSTER_SIZE  # noqa: E402
from ..launch import make_app  # noqa: E402
from ..shell.settings import parse_query  # noqa: E402
from .drive import run_frames  # noqa: E402

SEED = "deepisle"  # the gallery's first seed (game.scenes.gallery.FIRST_SEED)


def names() -> list[str]:
    """The file names this tool writes, in order."""
    return [f"game-demo-{spec.name}-{stage}.png" for spec in registry.all_specs() for stage in spec.stages] + \
        ["game-demo-bare.png", "game-gallery.png"] + [name for name, _ in PLAYGROUND] + [PHONE_NAME]


#: The playground's pictures: the panel after a change, and the compare view (at the window's size).
PLAYGROUND = [("game-demo-panel.png", f"mode=demo&demo=rooms&seed={SEED}&stage=doors&ui=panel&p.secret_chance=0.5"),
              ("game-demo-compare.png", f"mode=demo&demo=island&seed={SEED}&ui=panel&p.water=0.5&vs.p.water=0.7")]
PHONE_NAME = "game-demo-panel-phone.png"
PHONE = (780, 1688)  # a 390x844 phone in portrait at two pixels a CSS pixel


def drawn(query: str, max_frames: int = 600):
    """The app of a demo ``query``, run until its stage (and a compare view's other map) is drawn."""
    app = make_app(parse_query(query), storage=Storage(tempfile.mkdtemp()), seed=11)
    demo = app.top
    demo.show_timing = False  # a measured time would differ from run to run
    for _ in range(max_frames):
        run_frames(app, 1)
        if demo.work.done and demo.view is not None and demo.view.label == demo.stage_name and \
                (demo.compare is None or demo.compare.work.done):
            break
    else:
        raise RuntimeError(f"{query} was not drawn within {max_frames} frames")
    demo.toasts.items.clear()
    return app


def shoot(out: str, generator: str, stage: str, max_frames: int = 600, bare: bool = False) -> str:
    """One demo stage, drawn and saved at embed size (``bare``: a blog's figure, ``ui=0``, pointed
    at, as ``game-demo-bare.png``); returns the file's path."""
    query = f"mode=demo&demo={generator}&stage={stage}&seed={SEED}" + ("&ui=0" if bare else "")
    app = drawn(query, max_frames)
    if bare:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(480, 270), rel=(1, 1), buttons=(0, 0, 0)))
    run_frames(app, 1)
    path = os.path.join(out, "game-demo-bare.png" if bare else f"game-demo-{generator}-{stage}.png")
    pygame.image.save(pygame.transform.smoothscale(app.screen, POSTER_SIZE), path)
    return path


def gallery(out: str, max_frames: int = 3000) -> str:
    """The gallery's first screen, once every thumbnail is made, at the window's size."""
    app = make_app(parse_query("mode=gallery"), storage=Storage(tempfile.mkdtemp()), seed=11)
    scene = app.top
    for _ in range(max_frames):
        run_frames(app, 1)
        if all(row.work.done for row in scene.rows):
            break
    else:
        raise RuntimeError(f"the gallery's thumbnails were not made within {max_frames} frames")
    pygame.mouse.set_pos(0, 0)  # no card under the pointer
    run_frames(app, 1)
    path = os.path.join(out, "game-gallery.png")
    pygame.image.save(app.screen, path)
    return path


def playground(out: str) -> list[str]:
    """The panel and the compare view at the window's size, and the panel as a phone in portrait
    shows the page: the landscape canvas across the screen's width, letterboxed (``web/index.html``)."""
    paths = []
    for name, query in PLAYGROUND:
        app = drawn(query)
        ground = app.top.playground
        changed = [i for i, k in enumerate(ground.knobs) if k.param and k.param in query]
        if changed:  # the knob the picture is about, in view
            ground.focus = changed[0]
            ground.scroll_to(changed[0])
        pygame.mouse.set_pos(0, 0)
        run_frames(app, 1)
        paths.append(os.path.join(out, name))
        pygame.image.save(app.screen, paths[-1])
        if name == "game-demo-panel.png":
            phone = pygame.Surface(PHONE)
            width = PHONE[0]
            height = width * app.screen.get_height() // app.screen.get_width()
            phone.blit(pygame.transform.smoothscale(app.screen, (width, height)), (0, (PHONE[1] - height) // 2))
            paths.append(os.path.join(out, PHONE_NAME))
            pygame.image.save(phone, paths[-1])
    return paths


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "docs/img"
    os.makedirs(out, exist_ok=True)
    app_module.FPS = 0
    for spec in registry.all_specs():
        for stage in spec.stages:
            shoot(out, spec.name, stage)
    shoot(out, "rooms", "loops", bare=True)
    gallery(out)
    playground(out)
    print(f"wrote {len(names())} demo and gallery pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
