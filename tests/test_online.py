"""The first online run, automated: the steps docs/FIRST-ONLINE-RUN.md lists, as tests of the built page.

``pytest -m online`` runs them in headless Chromium, each twice (``tests/gamepage.py``):

* ``[stand-in]``: offline, on every ``make test``: the page, the template and
  Chromium are real, the game's Python runs natively behind the page
  (``tests/standin.py``);
* ``[real]``: on the pygbag 0.9.3 runtime (the CDN, or ``$DEEPISLE_RUNTIME``);
  skipped with one line when it cannot be reached.

A test plays through the page only: keys, clicks, and what the page says
Python is doing (``window.deepisle.python``).  Where it needs to know the map
(a passable step, the way to a dungeon site) it builds the same world natively:
the page must show the very map this process computes.  Figures and a
screenshot of every step go to the evidence folder (``tests/evidence.py``).

Long because the checklist stays one file, in its order (start-up, playing and
saving, links, storage, dungeons, timings); the machinery is in the helper modules.
"""

from __future__ import annotations

import io
import re
import struct
import time
from functools import lru_cache
from types import SimpleNamespace
from urllib.parse import parse_qsl, urlsplit

import pytest
from evidence import WRITTEN, Evidence, evidence_root
from gamepage import EMPTY_FILLER_JS, FILL_STORAGE_JS, GAME_SIZE, GamePage, Runtime, real_runtime_source
from webtools import PUBLIC_CDN, ROOT, build, page_cdn, serving

from game.shell.app import versions
from game.tools.autoplay import settle
from game.rules.persistence import save
from game.rules.actions.travel import plan_path
from game.rules.run import Game
from game.scenes.gallery import GalleryScene
from game.view import knob_panel
from game.view.knobs import knobs
from game.shell.settings import Settings, to_query
from worldgen.core import registry
from worldgen.core.image import encode_png, stage_rgb
from worldgen.generators import captions
from worldgen.generators import world

pytestmark = [pytest.mark.online, pytest.mark.browser]

SAVE_KEY, BACKUP_KEY = "deepisle." + save.KEY, "deepisle." + save.BACKUP_KEY
STYLES = ("caverns", "mosaic", "rooms")
PLAYING = "s.scene === 'play' && !s.busy && !s.walking"
TITLE = "s.scene === 'title' && s.preview"
SCRIPTED_TURNS = 300
KEY_OF = {(1, 0): "ArrowRight", (-1, 0): "ArrowLeft", (0, -1): "ArrowUp", (0, 1): "ArrowDown",
          (-1, -1): "y", (1, -1): "u", (-1, 1): "b", (1, 1): "n"}  # diagonals: vi-keys


# -- runtimes, evidence, pages ----------------------------------------------------------------------

@pytest.fixture(scope="module", params=["stand-in", "real"])
def runtime(request, tmp_path_factory):
    """The runtime every test of the module runs on; the real one skips (before any build)
    when it cannot be reached."""
    if request.param == "stand-in":
        yield Runtime("stand-in", request.getfixturevalue("server"), request.getfixturevalue("cdn"),
                      f"stand-in pythons.js (tests/standin.py), the game's Python natively "
                      f"(CPython {versions()['python']})")
        return
    args, _cdn, label = real_runtime_source(PUBLIC_CDN)
    if not args:  # the public CDN: the session's build names it
        yield Runtime("real", request.getfixturevalue("server"), request.getfixturevalue("cdn"), label,
                      wait_scale=2.0)
        return
    out = tmp_path_factory.mktemp("realbuild")
    build(out, *args)
    with serving(out / "web") as url:
        yield Runtime("real", url, page_cdn((out / "web" / "index.html").read_text(encoding="utf-8")), label,
                      wait_scale=2.0)


@pytest.fixture(scope="module")
def evidence(runtime, browser, tmp_path_factory) -> Evidence:
    try:
        root = evidence_root(tmp_path_factory.getbasetemp() / "evidence")
    except ValueError as exc:
        pytest.fail(str(exc), pytrace=False)
    folder = root / runtime.name
    for old in [*folder.glob("screenshots/*.png"), *folder.glob("timings.*")]:
        old.unlink()  # a previous run's files: only ours are removed
    found = Evidence(folder, runtime.name, runtime.label, runtime.standin)
    found.browser = f"Chromium {browser.version}"
    WRITTEN.append(folder)
    return found


#: Runtime -> the test in which it never started the game: the later tests fail at once rather
#: than wait out their timeouts again (a broken runtime would hold the workflow for an hour).
NEVER_STARTED: dict[str, str] = {}


@pytest.fixture
def game(request, browser, runtime, evidence):
    """``game(**options)``: a new :class:`GamePage`; closed after the test, which fails on any page error."""
    if runtime.name in NEVER_STARTED:
        pytest.fail(f"the {runtime.name} runtime never started the game in {NEVER_STARTED[runtime.name]}; "
                    "not tried again", pytrace=False)
    pages: list[GamePage] = []

    def open_page(**options) -> GamePage:
        pages.append(GamePage(browser, runtime, evidence, **options))
        return pages[-1]

    yield open_page
    if pages and not any(p.started() is not None for p in pages):
        NEVER_STARTED[runtime.name] = request.node.name
    errors = [e for p in pages for e in p.errors]
    for p in pages:
        p.close()
    assert errors == [], f"the page threw: {errors}"


# -- the world, known natively ------------------------------------------------------------------------

class Overworld:
    """A world's first location built here: where the page's game must start, and keys that walk it."""

    def __init__(self, name: str, size: str) -> None:
        self.run = Game.new(name, size, 0)
        settle(self.run)
        self.start = self.run.pos

    def path(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]] | None:
        """The game's own walk from ``start`` to ``goal`` (None: no way there)."""
        self.run.pos = start
        return plan_path(self.run, *goal)

    def keys_to(self, start: tuple[int, int], goal: tuple[int, int]) -> list[str]:
        path = self.path(start, goal)
        assert path is not None, f"no way from {start} to {goal}"
        return [KEY_OF[(x - px, y - py)] for (px, py), (x, y) in zip([start, *path], path)]

    def nearest_site(self, start: tuple[int, int], style: str | None = None) -> tuple[int, int]:
        """The site (of ``style``) the fewest steps away, among those a walk reaches."""
        steps = {(s.x, s.y): self.path(start, (s.x, s.y)) for s in self.run.loc.sites if style in (None, s.style)}
        reached = {xy: len(path) for xy, path in steps.items() if path or xy == start}  # []: no place to walk
        assert reached, f"no {style or ''} site reachable from {start} in {self.run.name}"
        return min(reached, key=reached.get)

    def shuttle(self, start: tuple[int, int], steps: int) -> list[str]:
        """``steps`` keys that walk to a passable neighbour and back, again and again."""
        x, y = start
        for (dx, dy), key in KEY_OF.items():
            if self.run.loc.passable[y + dy, x + dx]:
                back = KEY_OF[(-dx, -dy)]
                return [key if i % 2 == 0 else back for i in range(steps)]
        raise AssertionError(f"no passable neighbour of {start}")


@lru_cache(maxsize=4)
def overworld(name: str, size: str) -> Overworld:
    return Overworld(name, size)


def walk(gp: GamePage, keys: list[str]) -> dict:
    """Press each key and wait for its step (a turn passes); returns the last state."""
    state = gp.state()
    for key in keys:
        gp.press(key)
        state = gp.wait(f"s.scene !== 'play' || s.turn > {state['turn']}", f"the step {key} from {state['pos']}")
    return state


RUN_SEED = "online"  # the runs the suite plays: the same rolls every time


def start_world(gp: GamePage, name: str, size: str = "small", seed: str = RUN_SEED) -> dict:
    """Open the world link ``?world=NAME&size=SIZE&seed=SEED`` and wait for its overworld.
    The run's own rolls come from ``seed``: a test's hero meets the same fights every
    time (with rolled seeds one run in fourteen lost its hero to a rat while waiting)."""
    gp.open(f"?world={name}&size={size}&seed={seed}")
    state = gp.wait(f"{PLAYING} && s.mode === 'overworld' && s.world === '{name}'", f"the overworld of {name}", 120)
    gp.focus()
    return state


def enter_site(gp: GamePage, site: tuple[int, int]) -> dict:
    """Walk to ``site`` on the overworld and go in; returns the first level's state."""
    state = gp.state()
    walk(gp, overworld(state["world"], state["size"]).keys_to(tuple(state["pos"]), site))
    gp.press("Enter")
    return gp.wait(f"{PLAYING} && s.mode === 'dungeon'", f"the dungeon at {site}", 120)


def png_pixels(data: bytes) -> bytes:
    from PIL import Image
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def png_text(data: bytes) -> dict[str, str]:
    from PIL import Image
    return dict(Image.open(io.BytesIO(data)).text)


def worst(times: list[float]) -> float:
    return max(times, default=0.0)


# -- start-up ---------------------------------------------------------------------------------------

def test_the_title_is_reached_first_visit_and_cached(game, runtime, evidence):
    gp = game()
    gp.open()
    state = gp.wait(TITLE, "the title with its map preview", 180)
    assert state["saved"] is None and state["world"] and state["stack"] == ["title"]
    assert not gp.page.locator("#transfer").is_visible() and gp.python("p.versions") is not None
    first = gp.time_to(TITLE)
    evidence.figure("title.first", "time to the title, first visit", first)
    evidence.figure("runtime.bytes", "runtime downloaded, first visit", gp.runtime_bytes / 1e6, "MB",
                    f"{gp.runtime_files} files under {runtime.root}")
    gp.shot("title-first-visit")
    gp.reload()
    gp.wait(TITLE, "the title again, after a reload", 120)
    evidence.figure("title.cached", "time to the title, cached (reload)", gp.time_to(TITLE))
    assert [line for line in gp.console if line.startswith("[deepisle] scene title")] == \
        ["[deepisle] scene title (title)"] * 2
    assert any(line.startswith("[deepisle] versions python ") for line in gp.console)


def pinned() -> dict[str, str]:
    """What the page must run: CPython 3.12 and constraints.txt's numpy and pygame-ce."""
    pins = dict(re.findall(r"(?m)^([\w-]+)==(\S+)$", (ROOT / "constraints.txt").read_text(encoding="utf-8")))
    return {"python": "3.12", "numpy": pins["numpy"], "pygame-ce": pins["pygame-ce"]}


def pin_problems(served: dict[str, str]) -> list[str]:
    """One line for each version the page runs that is not the pinned one, naming both."""
    problems = []
    for name, want in pinned().items():
        got = str(served.get(name))
        if not (got == want or (name == "python" and got.startswith(want + "."))):
            problems.append(f"the page runs {name} {got}, but {want} is pinned"
                            + (" (pygbag 0.9.3's cpython312)" if name == "python" else " (constraints.txt)"))
    return problems


def test_the_page_runs_the_pinned_python_numpy_and_pygame(game, runtime):
    gp = game()
    gp.open()
    reported = gp.until(lambda: gp.python("p.versions"), "the versions report", 180)
    assert set(reported) == {"python", "numpy", "pygame-ce"}
    if runtime.standin:  # native Python reports itself; the check is proven on a report of what pygbag serves
        assert reported == versions()
        reported = {"python": "3.12.7", **{k: v for k, v in pinned().items() if k != "python"}}
    problems = pin_problems(reported)
    assert problems == [], "\n".join(problems)
    other = pin_problems({**reported, "python": "3.11.9", "numpy": "1.26.4"})
    assert other == ["the page runs python 3.11.9, but 3.12 is pinned (pygbag 0.9.3's cpython312)",
                     f"the page runs numpy 1.26.4, but {pinned()['numpy']} is pinned (constraints.txt)"]


# -- playing and saving ---------------------------------------------------------------------------------

def test_a_new_world_starts_on_the_map_computed_here_and_the_player_moves(game):
    gp = game()
    gp.open()
    gp.wait(TITLE, "the title", 180)
    gp.focus()
    gp.press("Escape")
    gp.wait("s.world === ''", "the name field cleared")
    gp.type("Firstrun")
    gp.wait("s.world === 'Firstrun'", "the typed name")
    gp.press("Enter")
    state = gp.wait(f"{PLAYING} && s.world === 'Firstrun'", "the overworld of Firstrun", 120)
    here = overworld("Firstrun", state["size"])
    assert (state["mode"], tuple(state["pos"]), state["turn"]) == ("overworld", here.start, 0)
    gp.shot("new-world")
    keys = here.shuttle(here.start, 4)
    after = walk(gp, keys)
    assert tuple(after["pos"]) == here.start and after["turn"] >= 4
    gp.shot("moved")


def test_the_save_is_in_local_storage_and_a_reload_continues(game):
    gp = game()
    state = start_world(gp, "Firstrun", "medium")
    state = walk(gp, overworld("Firstrun", "medium").shuttle(tuple(state["pos"]), 3))
    gp.press("Escape")
    gp.wait("s.scene === 'menu'", "the menu")
    gp.press("q")
    gp.wait("s.scene === 'title' && s.saved === 'Firstrun'", "the title offering the saved game")
    kept = gp.storage(SAVE_KEY)
    assert kept.startswith('{"body":') and '"game":"deepisle"' in kept
    assert not [m for m in gp.said() if "Saves are off" in m]
    gp.shot("saved-title")
    gp.open()  # the page again, without the link
    gp.wait("s.scene === 'title' && s.saved === 'Firstrun'", "the title of the page opened again", 120)
    gp.focus()
    gp.press("F1")
    again = gp.wait(PLAYING, "the continued game", 120)
    assert (again["world"], again["pos"], again["turn"]) == ("Firstrun", state["pos"], state["turn"])
    assert "Welcome back to Firstrun." in again["log"]
    gp.shot("continued")


def test_a_world_link_continues_at_once_and_a_backup_is_kept(game):
    gp = game()
    state = start_world(gp, "Linkhold")
    state = walk(gp, overworld("Linkhold", "small").shuttle(tuple(state["pos"]), 30))
    first = gp.until(lambda: gp.storage(SAVE_KEY), "a save")
    walk(gp, overworld("Linkhold", "small").shuttle(tuple(state["pos"]), 30))
    kept = gp.storage(SAVE_KEY)
    assert kept != first and gp.storage(BACKUP_KEY) is not None
    body, why = save.decode(kept)
    assert why == "" and body["world"] == "Linkhold"
    gp.open("?world=Linkhold&size=small")
    again = gp.wait(PLAYING, "the game the link continues", 120)
    assert gp.python("p.history.every(([at, s]) => s.scene !== 'title')"), "the link went through the title"
    assert (again["pos"], again["turn"]) == (body["where"]["pos"], body["turn"])
    gp.shot("link-continues")


# -- links, exports, the clipboard -----------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_a_demo_link_exports_the_map_computed_here_and_copies_its_link(game, runtime, evidence):
    gp = game(clipboard=True)
    query = "?mode=demo&demo=island&stage=mask&seed=abc"
    gp.open(query)
    state = gp.wait("s.scene === 'demo' && s.map", "the island mask", 120)
    evidence.figure("demo.island.mask", "first map of a demo link (island mask), from the game's start",
                    gp.time_to("s.map") - gp.python("p.started"),
                    note=f"worst frame {worst(gp.frame_times()):.0f} ms")
    gp.shot("demo-link")
    gp.focus()
    gp.press("e")
    download = gp.until(lambda: gp.downloads, "the PNG download")[0]
    assert download.suggested_filename == "island-mask-abc.png"
    data = open(download.path(), "rb").read()
    island = registry.get("island")  # the demo starts from its own parameters (the post's tile-by-tile mask)
    stage = registry.generate("island", "abc", params=captions.demo_params(island), stage="mask").stages["mask"]
    scale = max(1, min(8, 1024 // max(stage.data.shape)))
    assert png_size(data) == (stage.data.shape[1] * scale, stage.data.shape[0] * scale)
    assert png_pixels(data) == png_pixels(encode_png(stage_rgb(stage), scale)), \
        "the page's map differs from the one computed here"
    assert "seed=abc" in png_text(data)["link"]  # the file says how to make it again
    gp.until(lambda: "Downloaded island-mask-abc.png." in gp.said(), "the export message")
    gp.press("l")
    link = runtime.url + "index.html" + to_query(Settings(mode="demo", generator="island", stage="mask", seed="abc"))
    gp.until(lambda: f"link copied: {link}" in gp.said(), "the link message")
    assert gp.page.evaluate("navigator.clipboard.readText()") == link
    gp.shot("demo-link-copied")
    gp.open("?" + urlsplit(link).query)
    shown = gp.wait("s.scene === 'demo' && s.map", "the copied link's map", 120)
    assert (shown["generator"], shown["stage"], shown["seed"]) == (state["generator"], "mask", "abc")


def test_the_gallery_opens_a_stage_demo_from_its_thumbnail(game):
    gp = game()
    gp.open("?mode=gallery")
    state = gp.wait("s.scene === 'gallery' && s.rows.length > 0 && s.rows[0][2]", "the gallery's first row", 120)
    name, seed, _ = state["rows"][0]
    assert [row[0] for row in state["rows"]] == [spec.name for spec in registry.all_specs()]
    gp.shot("gallery")
    stage = 1
    layout = GalleryScene(SimpleNamespace(size=GAME_SIZE, roll_seed=str, settings=Settings()))  # no window needed
    gp.click(*layout.thumb_rect(0, stage).center)
    shown = gp.wait("s.scene === 'demo' && s.map", "the demo the thumbnail opens", 60)
    assert (shown["generator"], shown["seed"], shown["stage"]) == (name, seed, registry.get(name).stages[stage])
    assert shown["stack"] == ["gallery", "demo"]
    gp.shot("gallery-demo")


def test_the_demo_panel_sets_a_parameter_and_its_link_carries_it(game, evidence):
    gp = game(clipboard=True)
    gp.open("?mode=demo&demo=rooms&seed=abc&ui=panel")
    gp.wait("s.scene === 'demo' && s.map && s.panel", "the rooms demo with its panel", 120)
    gp.focus()
    panel = knobs(registry.get("rooms"))
    i = next(n for n, k in enumerate(panel) if k.key == "p.room_attempts")  # in view when the panel opens
    plus = next(p.rect for p in knob_panel.parts(panel[i], knob_panel.row_rect(GAME_SIZE, i, 0)) if p.what == "plus")
    since = gp.python("p.frames.count")
    gp.click(*plus.center)
    start = time.monotonic()
    gp.wait("s.scene === 'demo' && s.map && s.params.room_attempts === 29", "the map of room_attempts 29", 60)
    evidence.figure("demo.panel.change", "a panel click to the new map on screen (rooms, 79x29)",
                    (time.monotonic() - start) * 1000, note=f"worst frame {worst(gp.frame_times(since)):.0f} ms")
    gp.shot("demo-panel")
    gp.press("l")
    gp.until(lambda: any("p.room_attempts=29" in m and "ui=panel" in m for m in gp.said()), "the link message")
    link = gp.page.evaluate("navigator.clipboard.readText()")
    gp.open("?" + urlsplit(link).query)
    shown = gp.wait("s.scene === 'demo' && s.map && s.panel", "the link's map with its panel", 120)
    assert (shown["seed"], shown["params"]) == ("abc", {"room_attempts": 29})


def test_an_embed_poster_click_starts_its_live_figure(game):
    gp = game(viewport=(1280, 900))
    gp.open(path="embed-example.html")
    poster = gp.page.locator("article a[data-deepisle]").nth(3)
    asked = dict(parse_qsl(urlsplit(poster.get_attribute("href")).query))
    poster.scroll_into_view_if_needed()
    gp.shot("embed-posters")
    poster.click()
    gp.follow(gp.page.locator("article iframe").element_handle().content_frame())
    shown = gp.wait("s.scene === 'demo' && s.map", "the live figure's map", 180)
    assert (shown["generator"], shown["stage"], shown["seed"]) == (asked["demo"], asked["stage"], asked["seed"])
    gp.shot("embed-live")


# -- when storage fails ---------------------------------------------------------------------------------

def test_storage_full_keeps_the_last_good_save_and_says_so_once(game):
    gp = game()
    state = start_world(gp, "Quotaholm")
    here = overworld("Quotaholm", "small")
    state = walk(gp, here.shuttle(tuple(state["pos"]), 30))
    gp.until(lambda: gp.storage(SAVE_KEY), "a save")
    assert gp.frame.evaluate(FILL_STORAGE_JS) == "QuotaExceededError"
    # Going down grows the save by the level's snapshot: it cannot land in a full storage.
    enter_site(gp, here.nearest_site(tuple(state["pos"])))
    state = walk(gp, ["."] * 30)
    told = [m for m in gp.said() if m.startswith("Could not save")]
    assert told == ["Could not save the game: the browser's storage for this page is full. "
                    "The last good save is kept."]
    kept, why = save.decode(gp.storage(SAVE_KEY))
    assert why == "" and kept["world"] == "Quotaholm" and kept["where"]["mode"] == "overworld"
    assert state["scene"] == "play" and state["mode"] == "dungeon"
    gp.shot("storage-full")
    gp.frame.evaluate(EMPTY_FILLER_JS)
    state = walk(gp, ["."] * 30)
    again = save.decode(gp.storage(SAVE_KEY))[0]
    assert again["where"]["mode"] == "dungeon" and again["turn"] > state["turn"] - 25


def test_blocked_storage_the_game_runs_and_says_saves_are_off(game):
    gp = game(block_storage=True)
    gp.open()
    gp.wait(TITLE, "the title", 180)
    off = "Saves are off: the browser blocks storage for this page."
    gp.until(lambda: off in gp.said(), "the saves-off message")
    gp.shot("storage-blocked-title")
    gp.focus()
    gp.press("Escape")
    gp.type("Nokeep")
    gp.wait("s.world === 'Nokeep'", "the typed name")
    gp.press("Enter")
    state = gp.wait(f"{PLAYING} && s.world === 'Nokeep'", "the overworld of Nokeep", 120)
    state = walk(gp, overworld("Nokeep", state["size"]).shuttle(tuple(state["pos"]), 40))
    assert [m for m in gp.said() if m.startswith("Could not save")] == ["Could not save the game. " + off]
    assert state["scene"] == "play" and state["turn"] >= 40


# -- dungeons and a long game ----------------------------------------------------------------------------

def test_a_dungeon_of_each_style_is_entered(game, evidence):
    gp = game()
    state = start_world(gp, "Stylehold")
    here = overworld("Stylehold", "small")
    for style in STYLES:
        asked = gp.python("p.history.length")
        level = enter_site(gp, here.nearest_site(tuple(state["pos"]), style))
        assert (level["style"], level["depth"]) == (style, 1)
        evidence.figure(f"level.{style}", f"a {style} level (small), from Enter to play",
                        gp.time_to(PLAYING + " && s.mode === 'dungeon'", asked) - gp.time_to("s.busy", asked))
        gp.shot(f"dungeon-{style}")
        gp.press("<")
        state = gp.wait(f"{PLAYING} && s.mode === 'overworld'", "back on the overworld")


def next_key(state: dict) -> str:
    """The scripted player: fight what is next to it, go for what it sees, explore, then go down."""
    if state["near"]:
        dx, dy = min(state["near"], key=lambda d: max(abs(d[0]), abs(d[1])))
        return KEY_OF[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]
    if any("explored everything" in line for line in state["log"][-1:]):
        return ">"
    if any("no stairs down" in line or "not found the stairs" in line for line in state["log"][-1:]):
        return "."
    return "o"


def test_a_scripted_game_plays_hundreds_of_turns(game, runtime, evidence):
    gp = game()
    state = start_world(gp, "Stylehold")
    enter_site(gp, overworld("Stylehold", "small").nearest_site(tuple(state["pos"])))
    since, started = gp.python("p.frames.count"), time.monotonic()
    turns, actions, last, stuck = 0, 0, gp.state(), False
    minimum = 0 if runtime.standin else 60  # seconds: a minute of play in the browser
    while (turns < SCRIPTED_TURNS or time.monotonic() - started < minimum) and actions < 20 * SCRIPTED_TURNS:
        actions += 1
        changes = gp.python("p.history.length")
        if last["scene"] == "end":
            gp.press("Enter")  # the same world again
        elif last["scene"] != "play":
            gp.press("Escape")
        elif last["mode"] == "overworld":
            enter_site(gp, overworld(last["world"], last["size"]).nearest_site(tuple(last["pos"])))
        else:
            gp.press("." if stuck else next_key(last))
        state = gp.wait(f"p.history.length > {changes} && (s.scene !== 'play' || (!s.busy && !s.walking))",
                        "the game to answer", 1, required=False)
        stuck = state is None  # nothing changed (a blocked step): rest next time, which always takes a turn
        state = state or gp.state()
        if state["scene"] == "play" and last["scene"] == "play" and state["world"] == last["world"]:
            turns += max(0, state["turn"] - last["turn"])
        last = state
    seconds = time.monotonic() - started
    times = gp.frame_times(since)
    evidence.figure("play.worst", "worst frame, a scripted game", worst(times),
                    note=f"{turns} turns, {actions} actions, {len(times)} frames in {seconds:.0f} s")
    gp.shot("scripted-game-end")
    assert turns >= SCRIPTED_TURNS, f"{turns} turns in {actions} actions"


# -- timings --------------------------------------------------------------------------------------------

#: Every generator at the sizes the game builds it: the first and the last location of the
#: overworld (island, biomes), the three dungeon sizes (caverns, mosaic, rooms).
GAME_SIZES = [(gen, size) for gen in ("island", "biomes") for size in (world.LOCATION_SIZES[0], world.LOCATION_SIZES[-1])] + \
    [(gen, (d.width, d.height)) for gen in STYLES for d in world.DUNGEON_SIZES.values()]


def test_first_map_of_each_generator_at_the_games_sizes(game, evidence):
    assert {gen for gen, _ in GAME_SIZES} == {spec.name for spec in registry.all_specs()}
    gp = game()
    for gen, (w, h) in GAME_SIZES:
        gp.open(f"?mode=demo&demo={gen}&seed=timing&w={w}&h={h}")
        state = gp.wait("s.scene === 'demo' && s.map", f"the first {gen} map at {w}x{h}", 120)
        assert (state["generator"], state["size"]) == (gen, [w, h])
        evidence.figure(f"map.{gen}.{w}x{h}", f"first map: {gen} {w}x{h}, from the game's start",
                        gp.time_to("s.map") - gp.python("p.started"),
                        note=f"generation CPU {state['cpu_ms']:.0f} ms; worst frame {worst(gp.frame_times()):.0f} ms")
    gp.shot("last-map")
