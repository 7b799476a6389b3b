"""Scrolls read first and asked after, enchanting, and what a missile's
refusal says (issue 38: honest prompts and failures)."""

from __future__ import annotations

from game.rules.actions import ranged
from game.rules.content import ITEM_BY_ID
from game.rules.creatures.identify import is_known, item_name
from game.rules.persistence import codec
from game.rules.play.look import pack_rows

from creatures import level_of, put, run_on, texts

BRUSH_ROW = """\
##########
#........#
#..;.....#
#........#
##########"""


def holding(g, *items):
    g.player.inventory[:] = list(items)
    return g


# -- read first, choose after ---------------------------------------------------------------------------
def test_an_unknown_aimed_scroll_is_read_first_and_asks_where_after_with_no_time_passing():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    kind = ITEM_BY_ID["scroll_blink"]
    assert not is_known(g, kind)
    row = pack_rows(g)[0]
    assert not row.targeted  # the pack does not ask for a target first: that would tell the kind
    assert g.use_item(0) and g.turn == 0  # read: no time passes until the choice
    assert is_known(g, kind) and g.player.inventory == [] and g.player.reading == "scroll_blink"
    assert g.reading() == "where"
    assert texts(g)[-1] == "Choose where the scroll of blinking acts. Esc lets it crumble unused."


def test_while_a_read_scroll_waits_nothing_else_is_done_and_its_prompt_is_said_again():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    g.use_item(0)
    assert not g.move(1, 0) and g.pos == (3, 3) and g.turn == 0
    assert texts(g)[-1] == "Choose where the scroll of blinking acts. Esc lets it crumble unused. x2"  # said again
    assert not g.wait() and g.turn == 0


def test_the_choice_spends_the_turn_and_the_blink_lands_where_chosen():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    g.use_item(0)
    assert g.choose((7, 3)) and g.pos == (7, 3) and g.turn == 1 and g.player.reading == ""
    assert "You blink across the room." in texts(g)


def test_letting_a_read_scroll_go_crumbles_it_and_spends_the_turn():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    g.use_item(0)
    assert g.choose(None) and g.turn == 1 and g.player.reading == "" and g.pos == (3, 3)
    assert texts(g)[-1] == "The scroll of blinking crumbles to dust, unused."
    assert not g.choose(None)  # nothing waits any more


def test_a_blink_lands_short_of_a_creature_in_its_way():
    g = holding(run_on(pos=(2, 3)), "scroll_blink")
    put(g, "orc", 6, 3)
    g.use_item(0)
    assert g.choose((9, 3)) and g.pos == (5, 3)  # beside the orc, not on it nor past it


def test_a_blink_with_no_room_before_the_creature_says_who_is_in_the_way_and_waits_on():
    g = holding(run_on(pos=(2, 3)), "scroll_blink")
    orc = put(g, "orc", 3, 3)
    g.use_item(0)
    assert not g.choose((8, 3)) and g.pos == (2, 3) and g.turn == 0
    assert texts(g)[-1] == f"The {orc.kind.name} is in the way: there is no room to land."
    assert g.player.reading == "scroll_blink"  # another choice may still be made
    assert g.choose((2, 5)) and g.pos == (2, 5)


def test_a_known_aimed_scroll_is_used_at_its_target_at_once():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    g.known.add("scroll_blink")
    assert pack_rows(g)[0].targeted
    assert g.use_item(0, (6, 3)) and g.pos == (6, 3) and g.turn == 1 and g.player.reading == ""


def test_an_aimed_scroll_read_on_the_overworld_crumbles_with_nothing_to_act_on():
    g = holding(run_on(pos=(3, 3)), "scroll_fire")
    g.mode, g.level = "overworld", None
    assert g.use_item(0) and g.player.reading == "" and g.player.inventory == []
    assert texts(g)[-1] == "The scroll of fire has nothing to act on here, and crumbles to dust, unused."


def test_a_save_keeps_the_scroll_waiting_and_its_enchantments():
    g = holding(run_on(pos=(3, 3)), "scroll_blink")
    g.player.enchants = {"dagger": 2}
    g.use_item(0)
    back = codec.player_from_json(codec.player_to_json(g.player))
    assert back.reading == "scroll_blink" and back.enchants == {"dagger": 2}
    bad = codec.player_from_json({**codec.player_to_json(g.player), "reading": "potion",
                                  "enchants": {"dagger": -4, "potion": 3, "nothing": 1, "mace": 10**9}})
    assert bad.reading == "" and bad.enchants == {"dagger": 1, "mace": codec.MAX_PLUS}  # clamped, not crashed


# -- enchanting ------------------------------------------------------------------------------------------
def test_a_scroll_of_enchanting_asks_for_gear_and_makes_that_kind_better_for_good():
    g = holding(run_on(pos=(3, 3)), "scroll_enchant", "scroll_enchant")
    g.player.weapon, g.player.armour = "dagger", None
    power = g.player.blow_power
    assert g.use_item(0) and g.reading() == "gear"
    assert [c.id for c in g.enchant_choices()] == ["weapon"]
    assert not g.choose("armour") and texts(g)[-1] == "You have no armour on to enchant."
    assert g.choose("weapon") and g.player.enchants == {"dagger": 1} and g.player.blow_power == power + 1
    assert texts(g)[-1] == "Your dagger glows, and is +1 now."
    assert item_name(g, ITEM_BY_ID["dagger"]) == "a +1 dagger"  # every name says it: pack, panel, morgue
    g.use_item(0)
    assert g.choose("weapon") and g.player.enchants == {"dagger": 2}


def test_enchanted_armour_guards_more_and_an_enchanted_launcher_shoots_harder(monkeypatch):
    g = holding(run_on(pos=(2, 3)), "arrow")
    g.player.armour, g.player.weapon = "leather", "short_bow"
    guard = g.player.defence
    g.player.enchants = {"leather": 2, "short_bow": 3}
    assert g.player.defence == guard + 2
    powers = []
    monkeypatch.setattr(ranged, "attack_roll", lambda rng, power, defence: powers.append(power) or 0)
    put(g, "orc", 6, 3)
    assert g.fire((6, 3))
    plain = ITEM_BY_ID["short_bow"].power + g.player.level // 2
    assert powers == [plain + 3]


def test_an_unchosen_piece_of_gear_or_a_word_that_is_none_is_refused():
    g = holding(run_on(pos=(3, 3)), "scroll_enchant")
    g.player.weapon = "dagger"
    g.use_item(0)
    assert not g.choose("boots") and not g.choose((4, 4)) and g.player.reading == "scroll_enchant"


# -- what stops a missile, said ---------------------------------------------------------------------------
def test_a_shot_at_a_foe_in_brush_beside_the_hero_strikes_it(monkeypatch):
    g = holding(run_on(level_of(BRUSH_ROW), pos=(2, 2)), "arrow")
    g.player.weapon = "short_bow"
    rat = put(g, "rat", 3, 2)
    monkeypatch.setattr(ranged, "attack_roll", lambda rng, power, defence: 1)
    assert g.fire((3, 2)) and rat.hp == rat.max_hp - 1


def test_a_shot_into_empty_brush_or_at_a_wall_says_what_is_in_the_way():
    g = holding(run_on(level_of(BRUSH_ROW), pos=(2, 2)), "arrow")
    g.player.weapon = "short_bow"
    assert not g.fire((5, 2)) and texts(g)[-1] == "Brush is in the way."
    g.pos = (2, 1)
    assert not g.fire((2, 0)) and texts(g)[-1] == "A wall is in the way."
    assert g.player.inventory == ["arrow"]  # nothing was spent


def test_a_thrown_potion_shatters_on_the_empty_cell_it_is_aimed_at_not_past_it():
    g = holding(run_on(pos=(2, 3)), "potion_fire")
    near, far = put(g, "rat", 5, 4, awake=False), put(g, "rat", 8, 4, awake=False)
    assert g.throw(0, (5, 3))
    assert "burning" in near.statuses or not near.alive  # the splash round the cell aimed at...
    assert "burning" not in far.statuses and far.hp == far.max_hp  # ...not round where a longer flight would end
    assert ranged.aim_preview(g, (5, 3), 6, stops=True)[0][-1] == (5, 3)  # and the preview shows it so
    assert ranged.aim_preview(g, (5, 3), 6)[0][-1] == (8, 3)  # a shot flies on


def test_a_spear_blocked_by_another_creature_names_it():
    g = run_on(pos=(2, 3))
    g.player.weapon = "spear"
    rat = put(g, "rat", 3, 3)
    put(g, "orc", 4, 3)
    assert not g.fire((4, 3)) and texts(g)[-1] == f"The {rat.kind.name} is in the way."
