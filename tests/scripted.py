"""A scripted player for property tests: command ``k`` of script ``seed`` is
a pure function of ``(seed, k)``, so a run can be cut anywhere (saved,
loaded in another process, replayed) and go on with the same commands.

Commands go through the ``Game`` facade only, as key presses do; a walk
(auto-explore, travel to the stairs) is taken to its end within one
command, and maps are built at once, so a command never ends mid-walk or
mid-build.
"""

from __future__ import annotations

from game.rules.run import Game
from game.shell.work import settle
from worldgen.core import seeding

__all__ = ["settle", "play", "new_run", "COMMANDS", "ALL_COMMANDS"]

COMMANDS = ("move", "move", "move", "move", "wait", "explore", "stairs", "use", "throw", "pick_up", "drop", "perk",
            "allies")
#: The script with the comforts too: rest, search, swap weapons, the pick-up mode (the tests that pin a
#: seed's run use :data:`COMMANDS`, whose scripts stay as they were).
ALL_COMMANDS = COMMANDS + ("rest", "search", "swap", "pickup", "goal", "head")
PICKUP_MODES = ("all", "smart", "none")
MAX_WALK = 400  # steps of one walk command


def new_run(world: str = "Savehold", size: str = "small", run_seed: int = 3) -> Game:
    g = Game.new(world, size, run_seed)
    settle(g)
    return g


def _walk(g: Game) -> None:
    for _ in range(MAX_WALK):
        if not g.ongoing or g.dead or not g.go_on():
            break
        settle(g)
    if g.path or g.exploring:
        g.interrupt()  # as a key press stops a walk (a recorded command)


def command(g: Game, seed: int, k: int, commands: tuple[str, ...] = COMMANDS) -> None:
    """Give command ``k`` of script ``seed``, drawn from ``commands``."""
    rng = seeding.rng(seed, "script", k)
    what = commands[int(rng.integers(0, len(commands)))]
    if g.reading():  # a scroll read waits for its choice: a piece of gear, a cell near, or let it go
        near = (g.pos[0] + int(rng.integers(-4, 5)), g.pos[1] + int(rng.integers(-4, 5)))
        g.choose([None, "weapon", "armour", near][int(rng.integers(0, 4))])
    elif g.mode == "overworld" and what not in ("move", "wait"):
        site = min(g.loc.sites, key=lambda s: abs(s.x - g.pos[0]) + abs(s.y - g.pos[1]))
        if g.pos == (site.x, site.y):
            g.enter_site()
        else:
            g.travel_to(site.x, site.y)
            _walk(g)
    elif what == "move":
        g.move(int(rng.integers(-1, 2)), int(rng.integers(-1, 2)))
    elif what == "wait":
        g.wait()
    elif what == "explore":
        g.explore()
        _walk(g)
    elif what == "stairs":
        g.stairs(bool(rng.integers(0, 3)))  # down twice as often as up
        _walk(g)
    elif what in ("use", "throw", "drop") and g.player.inventory:
        slot = int(rng.integers(0, len(g.player.inventory)))
        target = (g.pos[0] + int(rng.integers(-4, 5)), g.pos[1] + int(rng.integers(-4, 5)))
        if what == "use":
            g.use_item(slot, target)
        elif what == "throw":
            g.throw(slot, target)
        else:
            g.drop(slot)
    elif what == "pick_up":
        g.pick_up()
    elif what == "perk":
        g.choose_perk(int(rng.integers(0, 3)))
    elif what == "allies":
        g.order_allies((None, True, False)[int(rng.integers(0, 3))])
    elif what in ("rest", "search"):
        g.rest() if what == "rest" else g.search()
        _walk(g)
    elif what == "swap":
        g.swap_weapons()
    elif what == "pickup":
        g.set_pickup(PICKUP_MODES[int(rng.integers(0, len(PICKUP_MODES)))])
    elif what in ("goal", "head"):  # the goal key, or a tap anywhere near (explored or not)
        if what == "goal":
            g.go_to_goal()
        else:
            g.head_to(g.pos[0] + int(rng.integers(-12, 13)), g.pos[1] + int(rng.integers(-12, 13)))
        _walk(g)
    settle(g)


def play(g: Game, seed: int, start: int, count: int, commands: tuple[str, ...] = COMMANDS) -> Game:
    """Commands ``start .. start + count - 1`` of script ``seed`` (until the run ends)."""
    for k in range(start, start + count):
        if g.dead or g.won:
            break
        command(g, seed, k, commands)
    return g
