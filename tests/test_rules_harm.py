"""Hurting and dying (game/rules/play/harm.py), rule by rule: what a wound does to
the player and to a monster, what a death means (the level, the loot, the
count of kills, the experience and who earns it, the site's guardian)."""

from game.rules import content
from game.rules.play.harm import BLOODLUST_HEAL, hurt, kill_monster, name_of

from creatures import level_of, put, run_on


def a_run(tier: int = 0, **kw):
    return run_on(level_of(tier=tier, **kw), pos=(2, 2))


def texts_of(lines):
    return [text for text, _ in lines]


# -- a wound ---------------------------------------------------------------------------------------
def test_no_damage_hurts_no_one_and_wakes_no_one():
    g = a_run()
    m = put(g, "orc", 6, 2, awake=False, hidden=True)
    hp = g.player.hp
    assert hurt(g, m, 0, "the fall") == [] and hurt(g, g.player, 0, "the orc") == []
    assert (m.hp, m.awake, m.hidden, g.player.hp, g.blows, g.events) == (m.max_hp, False, True, hp, 0, [])


def test_a_blow_on_the_player_is_counted_and_heard_and_a_status_of_their_own_only_hurts():
    g = a_run()
    hp = g.player.hp
    hurt(g, g.player, 2, "the orc")
    hurt(g, g.player, 1, "the orc")
    assert (g.player.hp, g.blows, g.events) == (hp - 3, 2, ["hurt", "hurt"])
    hurt(g, g.player, 1, "poison", tick=True)
    assert (g.player.hp, g.blows) == (hp - 4, 2)


def test_the_players_death_by_poison_or_fire_is_said_so():
    for cause in ("poison", "fire"):
        g = a_run()
        lines = hurt(g, g.player, 10_000, cause)
        assert g.dead is True and g.killer == cause and lines == [("You die of " + cause + ".", "bad")]


def test_the_players_death_by_a_blow_names_the_killer():
    g = a_run()
    assert hurt(g, g.player, 10_000, "the orc", killer="an orc's club") == [("You are killed by the orc.", "bad")]
    assert g.dead is True and g.killer == "an orc's club"


def test_a_wound_the_player_lives_through_says_nothing():
    g = a_run()
    assert hurt(g, g.player, 1, "the orc") == [] and g.dead is False


def test_a_monster_hurt_wakes_and_shows_itself():
    g = a_run()
    m = put(g, "mimic", 6, 2, awake=False, hidden=True)
    assert hurt(g, m, 1, "your blow") == []
    assert (m.awake, m.hidden, m.hp) == (True, False, m.max_hp - 1)


# -- a death ------------------------------------------------------------------------------------------
def test_a_death_leaves_the_level_is_saved_and_heard():
    g = a_run()
    m = put(g, "rat", 6, 2)
    kill_monster(g, m)
    assert m not in g.level.monsters and g.level.corpses == [(6, 2, "rat")]
    assert g.dirty is True and g.events == ["kill"]


def test_each_kill_is_counted_by_kind():
    g = a_run()
    for x in (5, 6):
        kill_monster(g, put(g, "rat", x, 2), by=g.player)
    kill_monster(g, put(g, "goblin", 7, 2), by=g.player)
    assert g.kills == 3 and g.slain == {"rat": 2, "goblin": 1}


def test_a_thiefs_loot_falls_where_it_dies_and_is_said():
    g = a_run()
    m = put(g, "cutpurse", 6, 2, stolen=("potion", 2))
    lines = kill_monster(g, m, by=g.player)
    assert [(it.kind.id, it.x, it.y, it.count) for it in g.level.items] == [("potion", 6, 2, 2)]
    assert ("The cutpurse drops what it stole.", "loot") in lines


def test_a_kill_by_the_players_blow_is_theirs_and_any_other_death_they_set_going_is_told_as_a_death():
    g = a_run()
    xp = content.monster_xp(content.MONSTER_BY_ID["goblin"], 0)
    assert kill_monster(g, put(g, "goblin", 6, 2), by=g.player)[0] == (f"You kill the goblin. (+{xp} xp)", "good")
    assert kill_monster(g, put(g, "goblin", 7, 2))[0] == (f"The goblin dies. (+{xp} xp)", "good")
    assert g.player.xp == 2 * xp


def test_a_kill_earns_the_kinds_experience_at_the_levels_tier():
    g = a_run(tier=8)
    orc = content.MONSTER_BY_ID["orc"]
    kill_monster(g, put(g, "orc", 6, 2), by=g.player)
    assert g.player.xp == content.monster_xp(orc, 8) > content.monster_xp(orc, 7)


def test_a_guardian_is_worth_three_tiers_more_and_thrice_the_experience():
    g = a_run(tier=6)
    orc = content.MONSTER_BY_ID["orc"]
    xp = content.monster_xp(orc, 9, True)
    lines = kill_monster(g, put(g, "orc", 6, 2, boss=True), by=g.player)
    assert xp == 3 * content.monster_xp(orc, 9) and lines[0] == (f"You kill the guardian orc. (+{xp} xp)", "good")


def test_monsters_killing_each_other_earn_nothing_and_count_for_nothing():
    g = a_run()
    orc, goblin = put(g, "orc", 5, 2), put(g, "goblin", 6, 2)
    assert kill_monster(g, goblin, by=orc) == [("The goblin dies.", "note")]
    assert (g.kills, g.slain, g.player.xp, orc.xp) == (0, {}, 0, 0)


def test_an_allys_death_is_told_and_earns_nothing():
    g = a_run()
    ally = put(g, "orc", 6, 2, ally=True)
    assert kill_monster(g, ally, by=g.player) == [("Your orc dies.", "bad")]
    assert (g.kills, g.player.xp) == (0, 0)


def test_an_allys_kill_teaches_the_ally_and_the_player():
    g = a_run()
    ally, goblin = put(g, "orc", 5, 2, ally=True), put(g, "goblin", 6, 2)
    xp = content.monster_xp(goblin.kind, 0)
    assert kill_monster(g, goblin, by=ally)[0] == (f"Your orc kills the goblin. (+{xp} xp)", "good")
    assert (ally.xp, g.player.xp, g.kills) == (xp, xp, 1)


def test_the_leader_perk_doubles_what_an_ally_learns_from_a_kill():
    g = a_run()
    g.player.perks = ["leader"]
    ally, rat = put(g, "orc", 5, 2, ally=True), put(g, "rat", 6, 2)
    kill_monster(g, rat, by=ally)
    assert ally.xp == 2 * content.monster_xp(rat.kind, 0)


def test_an_ally_that_died_as_it_killed_learns_nothing():
    g = a_run()
    ally, rat = put(g, "orc", 5, 2, ally=True), put(g, "rat", 6, 2)
    ally.hp = 0
    kill_monster(g, rat, by=ally)
    assert ally.xp == 0 and g.player.xp == content.monster_xp(rat.kind, 0)


def test_an_ally_that_levels_on_a_thiefs_death_says_so_after_the_loot():
    g = a_run()
    ally, thief = put(g, "orc", 5, 2, ally=True), put(g, "cutpurse", 6, 2, stolen=("potion", 1))
    ally.xp = content.ally_xp_to_next(1) - 1
    lines = texts_of(kill_monster(g, thief, by=ally))
    assert lines[1:3] == ["The cutpurse drops what it stole.", "Your orc reaches level 2!"]


def test_bloodlust_heals_the_player_for_a_kill_by_their_own_blow_only():
    g = a_run()
    g.player.perks = ["bloodlust"]
    g.player.hp = 10
    kill_monster(g, put(g, "rat", 6, 2))
    assert g.player.hp == 10
    kill_monster(g, put(g, "rat", 7, 2), by=g.player)
    assert g.player.hp == 10 + BLOODLUST_HEAL


def test_a_kill_that_raises_the_players_level_says_so_and_is_heard():
    g = a_run()
    g.player.xp = content.xp_to_next(1) - 1
    lines = kill_monster(g, put(g, "rat", 6, 2), by=g.player)
    assert g.player.level == 2 and g.events == ["kill", "level_up"]
    assert [text for text, _ in lines[1:]] == ["You reach level 2! Choose a perk."]


def test_only_a_guardians_death_settles_the_site_whose_treasure_is_carried():
    g = a_run(last=True)
    guardian = next(m for m in g.level.monsters if m.boss)
    g.carrying = g.site
    g.level.monsters.remove(guardian)
    kill_monster(g, put(g, "rat", 6, 2), by=g.player)
    assert g.carrying == g.site and not g.cleared
    g.level.monsters.append(guardian)
    lines = texts_of(kill_monster(g, guardian, by=g.player))
    assert g.carrying is None and g.cleared == {0: {g.site}}
    assert any(line.startswith("You claim the site's treasure!") for line in lines)


def test_the_player_is_named_you():
    g = a_run()
    assert (name_of(g.player), name_of(g.player, True)) == ("you", "You")
    assert name_of(put(g, "goblin", 6, 2), True) == "The goblin"
