"""The turn engine's one cascade (game/rules/engine.py: resolve): the
player's actions and the monsters' are performed the same way, with
alternatives, reactions, one message path and the view told of changes."""

from game.rules import engine
from game.rules.actions.base import MAX_REACTION_DEPTH, Action, alternate, fail, succeed
from game.rules.actions.walk import Walk
from game.rules.behaviours import BEHAVIOURS, Behaviour
from game.rules.engine import resolve
from game.rules.geometry import STEPS
from game.rules.log import NOTE

from test_rules import dungeon_run, put_monster


class Say(Action):
    def __init__(self, text, then=(), ok=True):
        self.text, self.then_, self.ok = text, then, ok

    def perform(self, run):
        return succeed((self.text, NOTE), then=self.then_) if self.ok else fail((self.text, NOTE))


def texts(g):
    return [m.text for m in g.log]


def test_reactions_follow_a_success_in_order_after_its_own_lines():
    g = dungeon_run()
    resolve(g, Say("first", then=(Say("second", then=(Say("third"),)), Say("fourth"))))
    assert texts(g)[-4:] == ["first", "second", "third", "fourth"]


def test_a_failure_has_no_reactions():
    g = dungeon_run()
    result, _ = resolve(g, Say("no", then=(Say("never"),), ok=False))
    assert not result.succeeded and "never" not in texts(g)


def test_reactions_are_bounded_in_depth():
    g = dungeon_run()

    class Forever(Action):
        def __init__(self, n):
            self.n = n

        def perform(self, run):
            return succeed((f"level {self.n}", NOTE), then=(Forever(self.n + 1),))
    resolve(g, Forever(0))
    assert texts(g)[-1] == f"level {MAX_REACTION_DEPTH}"


def test_no_reaction_is_performed_after_the_player_dies():
    g = dungeon_run()

    class Die(Action):
        def perform(self, run):
            run.dead = True
            return succeed()
    resolve(g, Say("a", then=(Die(), Say("after death"))))
    assert "after death" not in texts(g)


def test_the_view_is_told_only_when_something_happened():
    g = dungeon_run()
    version = g.version
    resolve(g, Walk(-1, 0))  # into the wall: nothing happens, nothing is said
    assert g.version == version
    resolve(g, Say("something"))
    assert g.version > version


def test_a_monsters_action_goes_through_the_same_cascade_alternatives_and_all():
    g = dungeon_run()
    m = put_monster(g.level, 4, 4, energy=0)
    done = []

    class Feint(Action):
        def perform(self, run):
            return alternate(Strike(), ("The rat feints.", NOTE))

    class Strike(Action):
        def perform(self, run):
            done.append("strike")
            return succeed(("The rat strikes.", NOTE), then=(Say("A reaction to the rat."),))

    class Feinter(Behaviour):
        def act(self, ctx, monster):
            return Feint() if monster is m else None
    BEHAVIOURS["feinter"] = Feinter()
    object.__setattr__(m, "kind", type(m.kind)(**{**m.kind.__dict__, "behaviour": "feinter"}))
    try:
        version = g.version
        assert g.wait()
    finally:
        BEHAVIOURS.pop("feinter")
    assert done == ["strike"]
    assert texts(g)[-3:] == ["The rat feints.", "The rat strikes.", "A reaction to the rat."]
    assert g.version > version


def test_the_step_table_holds_each_of_the_eight_neighbours_once_straight_first():
    assert len(set(STEPS)) == 8 and (0, 0) not in STEPS
    assert all(max(abs(dx), abs(dy)) == 1 for dx, dy in STEPS)
    assert all(0 in s for s in STEPS[:4]) and not any(0 in s for s in STEPS[4:])


def test_a_confused_step_goes_astray_along_the_step_table(monkeypatch):
    g = dungeon_run()
    g.pos = (4, 2)
    g.player.statuses["confused"] = 5

    class Rolls:
        def random(self):
            return 0.0  # always astray

        def integers(self, lo, hi):
            return 3  # STEPS[3]: right
    monkeypatch.setattr(type(g), "rng", lambda self, *labels: Rolls())
    assert engine.perform(g, Walk(-1, 0))
    assert g.pos == (4 + STEPS[3][0], 2 + STEPS[3][1])


def test_a_monster_never_steps_where_another_blinked_earlier_in_the_turn():
    """The turn's mask of who stands where follows every action, not only deaths
    and summons: a monster that blinks away takes its new cell at once."""
    from game.rules.actions.effects import Relocate

    g = dungeon_run()
    g.pos = (2, 2)
    blinker = put_monster(g.level, 8, 5, energy=0)
    chaser = put_monster(g.level, 4, 2, energy=0)   # its best step towards the player is (3, 2)... or a neighbour
    goal = next((x, y) for x, y in ((3, 2), (3, 1), (3, 3)) if g.level.walkable[y, x])

    class Blink(Behaviour):
        def act(self, ctx, monster):
            return Relocate(monster, goal) if monster is blinker else None
    BEHAVIOURS["blink-test"] = Blink()
    object.__setattr__(blinker, "kind", type(blinker.kind)(**{**blinker.kind.__dict__, "behaviour": "blink-test"}))
    try:
        for _ in range(3):
            g.wait()
            cells = [(m.x, m.y) for m in g.level.monsters]
            assert len(cells) == len(set(cells)), cells
    finally:
        BEHAVIOURS.pop("blink-test")
    assert (blinker.x, blinker.y) == goal
