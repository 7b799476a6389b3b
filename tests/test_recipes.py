"""The recipes of docs/ARCHITECTURE.md, walked: each adds a throwaway thing
the way its recipe says, by registering it in the one table the recipe
names, and checks the game uses it without another line changed.  (The
generator recipe is walked by ``tests/test_generator_recipe.py``.)"""

from dataclasses import replace

import numpy as np
import pygame

from worldgen.core import registry
from worldgen.core.tiles import T
from worldgen.generators.mosaic import styles as mosaic_styles
from worldgen.generators.mosaic.style import Style

from game.rules.actions import effects
from game.rules.actions.base import DUNGEON, Action, succeed
from game.rules.actions.melee import Attack
from game.rules.behaviours import BEHAVIOURS
from game.rules.behaviours.base import Behaviour
from game.rules.content import ITEM_BY_ID, MONSTER_BY_ID
from game.rules.engine import monsters_act
from game.rules.persistence import record
from game.rules.persistence.record import recorded
from game.rules.run import Game
from game.rules.text.log import good
from game.scenes import SCENES
from game.shell.app import Scene
from game.shell.work import settle

from creatures import level_of, put, run_on
from gameloop import make_app, run


def test_a_monster_trait_is_a_behaviour_in_the_table_and_a_kind_that_names_it(monkeypatch):
    class Shouter(Behaviour):
        """Shouts at its foe, then strikes it."""

        def hunt(self, ctx, m, foe):
            ctx.run.say("It shouts!")
            return Attack(m, foe, ctx.rng)

    monkeypatch.setitem(BEHAVIOURS, "shouter", Shouter())
    kind = replace(MONSTER_BY_ID["orc"], id="shouter_orc", behaviour="shouter")
    monkeypatch.setitem(MONSTER_BY_ID, kind.id, kind)
    g = run_on(level_of(), pos=(2, 2))
    m = put(g, "orc", 3, 2, hp=50)
    m.kind = kind
    m.energy.value = 100
    monsters_act(g.run, np.random.default_rng(1))
    assert any(line.text.startswith("It shouts!") for line in g.log) and m.behaviour == "shouter"


def test_an_item_effect_is_an_action_unit_in_the_table_and_an_item_that_names_it(monkeypatch):
    class Glow(Action):
        def __init__(self, who, power):
            self.who, self.power = who, power

        def perform(self, run):
            self.who.max_hp += self.power
            return succeed(good("You glow."))

    monkeypatch.setitem(effects.EFFECTS, "glow", lambda run, who, power: Glow(who, power))
    kind = replace(ITEM_BY_ID["potion"], id="potion_glow", effect="glow", power=7, aim="self", known=True)
    monkeypatch.setitem(ITEM_BY_ID, kind.id, kind)
    g = run_on(level_of(), pos=(2, 2))
    g.player.inventory = [kind.id]
    before = g.player.max_hp
    assert g.use_item(0) and g.player.max_hp == before + 7 and any(m.text == "You glow." for m in g.log)


def test_an_action_is_a_unit_that_says_its_modes_and_a_recorded_command_that_asks_for_it(monkeypatch):
    class Whistle(Action):
        modes = DUNGEON

        def perform(self, run):
            return succeed(good("You whistle."))

    class WhistlingGame(Game):
        @recorded("~")
        def whistle(self) -> bool:
            return self._do(Whistle())

    monkeypatch.setattr(WhistlingGame, "whistle", WhistlingGame.whistle)
    try:
        g = WhistlingGame.new("Recipeland", "small", 4)
        settle(g)
        assert g.mode == "overworld" and not g.whistle()  # refused by its modes: no time passes
        assert g.recording.commands[-1] == "~"  # (the command is recorded, as a refused key press is)
        d = WhistlingGame(run_on(level_of(), pos=(2, 2)).run)  # the same facade over a run in a dungeon
        turn = d.turn
        assert d.whistle() and d.turn > turn and d.log[-1].text == "You whistle."
    finally:
        del record.COMMANDS["~"]


def test_a_scene_is_one_class_registered_by_name_and_opened_by_it(tmp_path, monkeypatch):
    class Postcard(Scene):
        drawn = 0

        def draw(self, surface: pygame.Surface) -> None:
            Postcard.drawn += 1
            surface.fill((10, 20, 30))

    monkeypatch.setitem(SCENES, "postcard", Postcard)
    app = make_app("mode=gallery", tmp_path)
    run(app, 2)
    app.open("postcard")
    run(app, 2)
    assert isinstance(app.top, Postcard) and Postcard.drawn >= 1


def test_a_generator_style_is_a_fill_and_one_line_in_the_style_table(monkeypatch):
    def floors(job):
        return np.full(job.tiles.shape, T.floor, dtype=np.uint8)

    plain = registry.generate("mosaic", "recipe", 60, 40, {}).last.data
    monkeypatch.setitem(mosaic_styles.STYLES, "floors",
                        Style("floors", floors, (T.floor,), solid=T.wall, dig=T.floor, weights=(1000, 1000)))
    styled = registry.generate("mosaic", "recipe", 60, 40, {}).last.data
    assert not (plain == T.floor).any() and (styled == T.floor).sum() > 200
