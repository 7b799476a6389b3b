"""What each on-screen button would do now, said before it is pressed: the
stairs one button each way, greyed with the very line the command says."""

from test_rules import dungeon_run, make_level, put_monster
from test_rules_objective import overworld_run

from game.rules.run.buttons import button_states
from game.rules.play.tips import weak_in_hand


def test_on_the_overworld_up_is_greyed_and_enter_applies_only_on_a_site():
    g = overworld_run(pos=(1, 1))
    states = button_states(g)
    up, down = states["ascend"], states["descend"]
    assert not up.enabled and up.says == "You are on the surface: there are no stairs up."
    assert down.label == "Enter" and not down.enabled and "stand on a site's door" in down.says
    assert not g.stairs(False) and g.log[-1].text == up.says  # a press says the same line, and does nothing
    assert not g.stairs(True) and g.log[-1].text == down.says
    g.pos = (7, 2)
    down = button_states(g)["descend"]
    assert down.enabled and down.says.startswith("Go into site 1, a")


def test_in_a_site_down_and_up_say_whether_they_walk_or_take_the_stairs_or_why_not():
    g = dungeon_run()
    level = g.level
    level.seen[:] = False
    level.seen[level.up[1], level.up[0]] = True
    down, up = button_states(g)["descend"], button_states(g)["ascend"]
    assert not down.enabled and down.says == "You have not found the stairs down yet."
    assert up.enabled and up.says == "Climb out of the site."  # on the stairs up of depth 1
    depth = g.depth
    assert not g.stairs(True) and g.log[-1].text == down.says and g.depth == depth  # never the other way
    level.seen[:] = True
    down = button_states(g)["descend"]
    assert down.enabled and down.says.startswith("Walk to the stairs down")
    g.pos = level.down
    assert button_states(g)["descend"].says == "Take the stairs down to depth 2."
    g.depth = 2
    assert button_states(g)["ascend"].says.startswith("Walk to the stairs up")


def test_on_the_deepest_level_down_is_greyed_with_why():
    g = dungeon_run(make_level(last=True))
    down = button_states(g)["descend"]
    assert not down.enabled and down.says == "There are no stairs down: this is the deepest level."


def test_fire_says_what_it_will_shoot_with_or_why_it_cannot():
    g = dungeon_run()
    g.player.weapon, g.player.swap, g.player.inventory = "short_sword", "sling", ["stone"] * 3
    fire = button_states(g)["fire"]
    assert not fire.enabled and fire.says == "There is no foe in view to shoot at."
    put_monster(g.level, 4, 1, "rat")
    g.level.update_view(*g.pos)
    fire = button_states(g)["fire"]
    assert fire.enabled and fire.says == "Take up your sling (a turn), then choose a foe to shoot."
    g.player.weapon, g.player.swap = "sling", "short_sword"
    assert button_states(g)["fire"].says == "Choose a foe to shoot with your sling."
    g.player.inventory = []
    fire = button_states(g)["fire"]
    assert not fire.enabled and fire.says == "You have no sling stones for your sling."
    assert not g.ready_to_fire() and g.log[-1].text == fire.says  # a press says the very line


def test_swap_is_urgent_with_a_launcher_in_hand_and_a_foe_beside():
    g = dungeon_run()
    g.player.weapon, g.player.swap = "sling", "short_sword"
    swap = button_states(g)["swap"]
    assert swap.enabled and not swap.urgent and swap.says == "Wield the short sword (the sling goes ready to swap)."
    rat = put_monster(g.level, 2, 1, "rat")
    g.level.update_view(*g.pos)
    assert weak_in_hand(g) is rat
    swap = button_states(g)["swap"]
    assert swap.urgent and swap.says.startswith("The giant rat is beside you: wield the short sword")
    g.player.weapon, g.player.swap = "short_sword", "sling"  # the blade in hand: nothing urgent
    assert weak_in_hand(g) is None and not button_states(g)["swap"].urgent
    g.player.swap = None
    assert not button_states(g)["swap"].enabled


def test_the_goal_button_says_the_objective_naming_itself():
    g = overworld_run()
    goal = button_states(g)["goal"]
    assert goal.enabled and goal.says.endswith("— Goal travels there") and goal.says.startswith("Relic of ")
    g.won = True
    assert not button_states(g)["goal"].enabled
