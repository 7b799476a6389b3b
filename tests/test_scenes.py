"""Scenes alone: each is built on an app whose scene table records what it
asks for, so a scene is tested without the others (no scene imports another)."""

import ast
from pathlib import Path

import pygame
import pytest
from gameloop import key

from game.shell.app import App, Scene
from game.rules.world.location import WorldMap
from game.rules.run import Game
from game.scenes import SCENES
from game.scenes.end import EndScene
from game.scenes.menu import MenuScene
from game.shell.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


class Recorded(Scene):
    def __init__(self, app, *args, **kwargs):
        super().__init__(app)
        self.args, self.kwargs = args, kwargs


def recording_app():
    names = ("title", "play", "help", "menu", "end")
    app = App(Settings(), scenes={n: (lambda a, *args, _n=n, **kw: _named(a, _n, args, kw)) for n in names})
    return app


def _named(app, name, args, kwargs):
    scene = Recorded(app, *args, **kwargs)
    scene.name = name
    return scene


def test_the_menu_saves_then_asks_for_the_title():
    app = recording_app()
    saves = []
    app.push(Recorded(app))
    menu = app.push(MenuScene(app, lambda: saves.append(1) or True))
    assert menu.handle_event(key(pygame.K_q, "q"))
    assert saves == [1] and len(app.scenes) == 1
    assert app.top.name == "title" and app.top.kwargs["auto"] is False and not app.top.kwargs.get("messages")


def test_help_from_the_menu_replaces_it():
    app = recording_app()
    app.push(Recorded(app))
    menu = app.push(MenuScene(app, lambda: True))
    menu.handle_event(key(pygame.K_SLASH, "?"))
    assert app.top.name == "help" and len(app.scenes) == 2


def test_death_offers_the_same_world_again():
    app = recording_app()
    game = Game(WorldMap("Samewhere", "small"), "small", 3)
    death = app.push(EndScene(app, game))
    death.handle_event(key(pygame.K_s, "s"))
    again = app.top
    assert again.name == "play" and isinstance(again.args[0], Game)
    assert again.args[0].name == "Samewhere" and again.args[0] is not game
    app.push(EndScene(app, game)).handle_event(key(pygame.K_n, "n"))
    assert app.top.name == "title"


def test_an_unknown_scene_name_is_a_clear_error():
    app = recording_app()
    with pytest.raises(KeyError, match="no scene named 'pack'"):
        app.open("pack")


def _asked_for(tree: ast.AST) -> set[str]:
    """Scene names in ``app.open/switch/make("name", ...)`` and ``self.app.*`` calls."""
    names = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        is_app = (isinstance(owner, ast.Name) and owner.id == "app") or (
            isinstance(owner, ast.Attribute) and owner.attr == "app")
        if is_app and node.func.attr in ("open", "switch", "make") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            names.add(node.args[0].value)
    return names


def test_every_scene_a_scene_asks_for_is_registered():
    asked = set()
    for path in (ROOT / "game").rglob("*.py"):
        asked |= _asked_for(ast.parse(path.read_text(encoding="utf-8")))
    assert {"title", "play", "help", "menu", "end", "pack", "world_map", "gallery", "demo", "target"} <= asked
    assert asked <= set(SCENES), asked - set(SCENES)


def test_no_scene_imports_another():
    scenes = {p.stem for p in (ROOT / "game/scenes").glob("*.py")} - {"__init__"}
    for name in scenes:
        tree = ast.parse((ROOT / "game/scenes" / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = (node.module or "").split(".")[0]
                assert not (node.level == 1 and (target in scenes or not node.module)), (name, node.module)
