"""The next goal on screen, in pixels through the real loop: the objective
line under the map (a button), the magenta ring round the relic site (an
arrow at the map's edge while it is off screen), the minimap's marks and
colours for sites entered and cleared, the doors likewise, and the world map."""

import numpy as np
import pygame
import pytest
from gameloop import key, make_app, press, run, run_until
from test_bugs import loaded
from test_touch import drawn_texts

import game.shell.app as app_module
from game.view import sprites
from game.view.goal import GOAL_COLOUR, SITE_COLOURS
from game.view.log_view import GOAL_ROW

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


@pytest.fixture
def island(tmp_path):
    app = make_app("world=Goalpost&size=small", tmp_path)
    assert run_until(app, lambda: loaded(app), 2000)
    run(app, 2)
    return app, app.top.game


def pixels(app, rect: pygame.Rect) -> np.ndarray:
    """The screen's colours inside ``rect``, as rows of RGB."""
    rect = rect.clip(app.screen.get_rect())
    return pygame.surfarray.array3d(app.screen)[rect.left:rect.right, rect.top:rect.bottom].reshape(-1, 3)


def has(colours: np.ndarray, colour) -> bool:
    return bool((colours == np.array(colour)).all(axis=1).any())


def around(app, rect: pygame.Rect, inner: pygame.Rect) -> np.ndarray:
    """The screen's colours inside ``rect`` but outside ``inner`` (a ring's band, not what it rings)."""
    screen = pygame.surfarray.array3d(app.screen)
    rect = rect.clip(app.screen.get_rect())
    keep = np.ones((rect.width, rect.height), bool)
    cut = inner.clip(rect).move(-rect.x, -rect.y)
    keep[cut.left:cut.right, cut.top:cut.bottom] = False
    return screen[rect.left:rect.right, rect.top:rect.bottom][keep]


def near_relic(g):
    """A passable cell a few steps from the relic site (it shows on the map from there)."""
    relic = g.relic_site()
    return next((relic.x + dx, relic.y + dy) for d in range(3, 9) for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d))
                if 0 <= relic.y + dy < g.loc.tiles.shape[0] and 0 <= relic.x + dx < g.loc.tiles.shape[1]
                and g.loc.passable[relic.y + dy, relic.x + dx])


def test_the_objective_line_is_drawn_under_the_map_and_a_click_on_it_goes_for_the_goal(island):
    app, g = island
    goal = g.objective()
    assert goal.text in drawn_texts(app) and goal.text.endswith("— T travels there")
    line = app.top.view.map.goal.rect
    assert GOAL_ROW.contains(line) and not app.top.view.map.area().colliderect(line)  # it covers no cell
    press(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=line.center), frames=1)
    assert g.path and g.path[-1] == goal.cell


def test_the_relic_site_is_ringed_on_the_map_or_pointed_at_from_its_edge(island):
    app, g = island
    relic = g.relic_site()
    g.pos = near_relic(g)
    g.touch()
    run(app, 2)
    cell = app.top.view.map.cell_rect(relic.x, relic.y)
    ring = cell.inflate(cell.width * 2 + 4, cell.height * 2 + 4)
    assert has(around(app, ring, cell), GOAL_COLOUR)  # round the door (whose own rim is magenta too)
    g.relics = {0}  # the ring is the goal's: with the relic kept (and the door gold) there is none
    g.cleared[0] = {relic.index}
    g.touch()
    run(app, 2)
    assert not has(around(app, ring, cell), GOAL_COLOUR)
    g.relics, g.cleared = set(), {}
    far = max(((x, y) for y in range(g.loc.tiles.shape[0]) for x in range(g.loc.tiles.shape[1])
               if g.loc.passable[y, x]), key=lambda c: abs(c[0] - relic.x) + abs(c[1] - relic.y))
    g.pos = far
    g.touch()
    run(app, 2)
    area = app.top.view.map.area()
    assert not area.colliderect(app.top.view.map.cell_rect(relic.x, relic.y))
    edge = [area.inflate(-4, -4).clip(pygame.Rect(area.x, area.y, 40, area.height)),
            area.clip(pygame.Rect(area.right - 40, area.y, 40, area.height)),
            area.clip(pygame.Rect(area.x, area.y, area.width, 40)),
            area.clip(pygame.Rect(area.x, area.bottom - 40, area.width, 40))]
    assert any(has(pixels(app, r), GOAL_COLOUR) for r in edge)  # the arrow at the edge


def test_the_minimap_marks_the_goal_and_colours_sites_entered_and_cleared(island):
    app, g = island
    panel = app.top.view.panel
    relic = g.relic_site()
    x, y = panel.minimap_point(relic.x, relic.y)
    assert has(around(app, pygame.Rect(x - 8, y - 8, 17, 17), pygame.Rect(x - 3, y - 3, 7, 7)), GOAL_COLOUR)
    others = [s for s in g.loc.sites if s.index != relic.index]
    entered, cleared, new = others[:3]
    g.deltas[f"0:{entered.index}:1"] = {}
    g.cleared[0] = {cleared.index}
    g.deltas[f"0:{cleared.index}:1"] = {}
    g.touch()
    run(app, 2)

    def dot(site):
        px, py = panel.minimap_point(site.x, site.y)
        return pixels(app, pygame.Rect(px - 1, py - 1, 3, 3))

    assert has(dot(entered), SITE_COLOURS["entered"]) and has(dot(cleared), SITE_COLOURS["cleared"])
    assert has(dot(new), SITE_COLOURS["new"]) and not has(dot(new), SITE_COLOURS["entered"])
    assert g.visited_sites() == {entered.index, cleared.index}


def test_a_sites_door_shows_whether_it_was_entered_or_cleared():
    pygame.init()
    shown = {state: pygame.surfarray.array3d(sprites.site_sprite(14, state, "rooms")).tobytes()
             for state in ("new", "entered", "cleared")}
    assert len(set(shown.values())) == 3
    relic = pygame.surfarray.array3d(sprites.site_sprite(14, "entered", "rooms", relic=True))
    assert (relic.reshape(-1, 3) == np.array(GOAL_COLOUR)).all(axis=1).any()  # the relic site keeps its magenta


def test_the_world_map_shows_the_island_its_sites_and_the_relic_site_ringed(island):
    app, g = island
    press(app, key(pygame.K_m, "m"))
    world = app.top
    assert type(world).__name__ == "WorldMapScene"
    world._layer_key = None
    said = drawn_texts(app)
    assert "relic site (the goal)" in said and "entered" in said and "cleared" in said
    assert any(t.startswith("Relic of ") for t in said)  # the objective, under the island
    from game.scenes.world_map import ISLAND
    assert has(pixels(app, ISLAND.move(world.rect.topleft)), GOAL_COLOUR)
    g.relics = {0}
    g.unlocked = 2
    world._layer_key = None
    said = drawn_texts(app)
    assert any(t.startswith("relic kept") for t in said)  # the location's status says so
