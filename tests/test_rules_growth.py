"""Growth with choices (game/rules/play/growth.py, content/backgrounds.py,
content/perks.py): the backgrounds' kits, the perk offered at each level
from the run's seed, choosing one, and the rule each perk changes."""

from dataclasses import replace

import pytest

from game.rules.play import growth
from game.rules.creatures import status
from game.rules.actions.base import alternate, fail, succeed
from game.rules.actions.effects import ALCHEMY, Heal, Improve
from game.rules.actions.growth import ChoosePerk
from game.rules.actions.items import UseItem
from game.rules.actions.melee import LEADER_BONUS, Attack
from game.rules.actions.ranged import SKILL_BONUS, THROWER_REACH, throw_range
from game.rules.content import BACKGROUNDS, PERK_BY_ID, PERK_CHOICES, PERKS, PERKS_OFFERED, THROW_RANGE
from game.rules.engine import resolve
from game.rules.play.growth import perk_offer
from game.rules.play.harm import BLOODLUST_HEAL, hurt
from game.rules.text.log import loot, note
from game.rules.world.location import WorldMap
from game.rules.run import Game
from worldgen.core import seeding

from creatures import put, run_on, texts


# -- backgrounds ------------------------------------------------------------------------------------------
def test_each_background_starts_with_its_own_kit_strengths_and_perks():
    starts = {}
    for bg in BACKGROUNDS:
        g = Game.new("Kitland", "small", 1, background=bg.id)
        p = g.player
        assert (p.background, p.weapon, p.armour) == (bg.id, bg.weapon, bg.armour)
        assert p.inventory == list(bg.pack) and p.perks == list(bg.perks)
        assert p.hp == p.max_hp == bg.hp + sum(PERK_BY_ID[k].max_hp for k in bg.perks)
        assert set(bg.known) <= g.known
        starts[bg.id] = (p.weapon, p.armour, tuple(p.inventory), tuple(p.perks), p.max_hp, p.base_attack)
    assert len(set(starts.values())) == len(BACKGROUNDS) >= 3


def test_an_unknown_background_starts_as_the_default():
    g = Game.new("Kitland", "small", 1, background="nope")
    assert g.player.background == "fighter"


def test_the_hunter_starts_with_a_bow_and_the_adept_knows_its_wands():
    hunter = Game.new("Kitland", "small", 1, background="hunter")
    assert hunter.player.weapon_kind.ammo == "arrow" and "arrow" in hunter.player.inventory
    adept = Game.new("Kitland", "small", 1, background="adept")
    assert {"wand_fire", "wand_slow"} <= adept.known and "wand_fire" in adept.player.inventory


# -- the offer ---------------------------------------------------------------------------------------------
def test_a_level_gained_owes_a_perk_choice():
    g = run_on()
    g.player.gain_xp(10_000)
    assert g.player.perks_owed == g.player.level - 1 > 0


def test_the_offer_is_three_perks_drawn_from_the_run_seed_and_the_same_again():
    a, b = Game(WorldMap("Perkland"), "small", 11), Game(WorldMap("Perkland"), "small", 11)
    a.player.perks_owed = b.player.perks_owed = 1
    offer = [p.id for p in perk_offer(a)]
    assert len(offer) == len(set(offer)) == PERKS_OFFERED and offer == [p.id for p in perk_offer(b)]
    others = {tuple(p.id for p in perk_offer(_owing(Game(WorldMap("Perkland"), "small", seed)))) for seed in range(12)}
    assert len(others) > 1  # another seed, another offer


def _owing(g):
    g.player.perks_owed = 1
    return g


def test_no_offer_without_a_level_gained():
    assert perk_offer(run_on()) == [] and not run_on().choose_perk(0)


def test_a_perk_that_cannot_repeat_is_never_offered_again():
    g = run_on()
    once = [p.id for p in PERKS if p.most == 1]
    g.player.perks = once[:-1]
    for k in range(40):
        g.player.perks_owed = 1
        offered = {p.id for p in perk_offer(g)}
        assert not offered & set(once[:-1])
        g.player.perks.append("vigour")


def test_a_perk_that_only_gives_is_offered_until_held_as_often_as_it_may_be():
    g = run_on()
    vigour = PERK_BY_ID["vigour"]
    assert vigour.most == 3
    g.player.perks = ["vigour"] * (vigour.most - 1)
    seen = set()
    for k in range(60):  # the offer is drawn anew as the perks held grow: vigour comes up while one may be taken
        g.player.perks_owed = 1
        g.player.perks.append("lucky" if k % 2 else "steady")
        seen |= {p.id for p in perk_offer(g)}
        g.player.perks.pop()
        g.player.perks.append("fleet")
    assert "vigour" in seen
    g.player.perks = ["vigour"] * vigour.most
    for k in range(40):
        g.player.perks_owed = 1
        assert "vigour" not in {p.id for p in perk_offer(g)}
        g.player.perks.append("might" if k == 0 else "fleet")


def test_a_hero_holding_every_perk_as_often_as_it_may_be_is_owed_no_more_choices():
    g = run_on()
    p = g.player
    p.perks = [perk.id for perk in PERKS for _ in range(perk.most)]
    assert len(p.perks) == PERK_CHOICES
    said = p.gain_xp(10_000)
    assert p.level > 2 and p.perks_owed == 0 and said and not any("Choose a perk" in line for line in said)
    p.perks.pop()  # one choice left: the next level owes it, the one after none
    p.level, p.xp = 1, 0
    said = p.gain_xp(10_000)
    assert p.perks_owed == 1 and sum("Choose a perk" in line for line in said) == 1


def test_choosing_takes_the_perk_gives_what_it_gives_and_takes_no_time():
    g = run_on()
    g.player.perks_owed = 1
    offer = perk_offer(g)
    pick = next((i for i, p in enumerate(offer) if p.max_hp or p.attack or p.defence), 0)
    perk = offer[pick]
    p = g.player
    before = (p.max_hp, p.base_attack, p.base_defence, g.turn)
    assert g.choose_perk(pick)
    assert p.perks[-1] == perk.id and p.perks_owed == 0
    assert (p.max_hp, p.base_attack, p.base_defence, g.turn) == (
        before[0] + perk.max_hp, before[1] + perk.attack, before[2] + perk.defence, before[3])
    assert any(perk.name in t for t in texts(g))
    assert not g.choose_perk(0)  # nothing more owed


def test_a_choice_out_of_the_offer_is_refused():
    g = run_on()
    g.player.perks_owed = 1
    assert not g.choose_perk(PERKS_OFFERED) and not g.choose_perk(-1) and g.player.perks_owed == 1


def test_there_are_at_least_sixteen_perks_each_saying_what_it_does():
    assert len(PERKS) >= 16 and all(p.note for p in PERKS)
    rules = [p for p in PERKS if not (p.max_hp or p.attack or p.defence or p.immune or p.halves)]
    assert all(p.rule for p in rules)  # a perk that changes a rule names where


# -- the rule each perk changes ---------------------------------------------------------------------------
def _with(perk):
    g = run_on(pos=(5, 2))
    g.player.perks = [perk]
    return g


def test_fleet_feet_step_a_fifth_quicker():
    assert _with("fleet").player.move_cost == run_on().player.move_cost * 4 // 5


def test_quick_blows_strike_a_fifth_quicker():
    assert _with("quick_blows").player.attack_cost == run_on().player.attack_cost * 4 // 5


def test_berserk_adds_three_below_half_hp():
    g = _with("berserk")
    calm = g.player.attack
    g.player.hp = g.player.max_hp // 2 - 1
    assert g.player.attack == calm + 3


def test_stealthy_steps_are_quieter():
    assert _with("stealthy").player.step_noise == max(0, run_on().player.step_noise - 3)


def test_regrowth_heals_twice_as_fast():
    slow, fast = run_on().player, _with("regrowth").player
    slow.hp = fast.hp = 1
    slow.regenerate(60)
    fast.regenerate(60)
    assert fast.hp - 1 >= 2 * (slow.hp - 1) > 0


def test_a_marksmans_shots_hit_harder():
    def shot(perks):
        g = run_on(pos=(2, 2))
        g.player.perks = perks
        g.player.weapon, g.player.inventory = "sling", ["stone"] * 40
        rat = put(g, "ogre", 6, 2, hp=1000, awake=False)
        rat.statuses["paralysed"] = 99
        total = 0
        for t in range(40):
            g.turn = t
            g.fire((6, 2))
            total += 1000 - rat.hp
            rat.hp = 1000
        return total
    assert shot(["marksman"]) > shot([]) + 40 * SKILL_BONUS * 0.25  # (the ogre's hide softens it)


def test_a_thrower_throws_farther():
    assert throw_range(_with("thrower")) == THROW_RANGE + THROWER_REACH and throw_range(run_on()) == THROW_RANGE


def test_an_alchemists_healing_heals_half_again():
    g = _with("alchemist")
    g.player.max_hp, g.player.hp = 200, 1
    resolve(g, Heal(g.player, 40))
    assert g.player.hp == 1 + int(80 * ALCHEMY)


def test_wand_lore_keeps_a_charge_about_one_zap_in_three():
    kept = 0
    for t in range(60):
        g = _with("wandlore")
        g.turn = t
        g.player.inventory = ["wand_slow"] * 2
        resolve(g, UseItem(0, (8, 2)))
        kept += len(g.player.inventory) == 2
    assert 8 <= kept <= 35


@pytest.mark.parametrize("perk, name", [("antivenom", "poisoned"), ("fireproof", "burning")])
def test_an_immunity_perk_keeps_its_status_off(perk, name):
    assert not status.add(_with(perk).player, name, 5) and status.add(run_on().player, name, 5)


def test_a_steady_mind_halves_paralysis_confusion_and_fear():
    g = _with("steady")
    for name in ("paralysed", "confused", "afraid"):
        status.add(g.player, name, 8)
        assert g.player.statuses[name] == 4


def test_keen_eyes_find_secret_doors_more_readily():
    import numpy as np
    from creatures import level_of
    found = {}
    for keen in (False, True):
        hits = 0
        for seed in range(200):
            level = level_of("""\
#####
#..S#
#####""".replace("S", "."))
            level.secret[1, 3] = True
            hits += bool(level.reveal_secrets_near(2, 1, np.random.default_rng(seed), keen=keen))
        found[keen] = hits
    assert found[True] > found[False] * 1.4


def test_bloodlust_heals_on_a_kill_by_your_hand():
    g = _with("bloodlust")
    g.player.hp = 10
    rat = put(g, "rat", 6, 2, hp=1)
    from game.rules.play.harm import kill_monster
    rat.hp = 0
    kill_monster(g, rat, by=g.player)
    assert g.player.hp == 10 + BLOODLUST_HEAL


def test_a_leaders_allies_strike_harder_and_learn_twice_as_fast():
    def blows(perks):
        g = run_on(pos=(2, 2))
        g.player.perks = perks
        ally = put(g, "orc", 9, 3, ally=True)
        ogre = put(g, "ogre", 10, 3, hp=10_000)
        for t in range(60):
            g.turn = t
            resolve(g, Attack(ally, ogre, g.rng("x")))
        victim = put(g, "rat", 9, 4, hp=1)
        hurt(g, victim, 5, ally.name, by=ally)
        return 10_000 - ogre.hp, ally.xp + sum(range(ally.level))
    (plain, xp), (led, led_xp) = blows([]), blows(["leader"])
    assert led > plain + 60 * 0.85 * LEADER_BONUS * 0.25 and led_xp > xp


def test_lucky_makes_blows_aimed_at_you_miss_more():
    def hits(perks):
        g = run_on(pos=(5, 2))
        g.player.perks = perks
        g.player.hp = g.player.max_hp = 100_000
        orc = put(g, "orc", 6, 2)
        n = 0
        for t in range(600):
            g.turn = t
            hp = g.player.hp
            resolve(g, Attack(orc, g.player, g.rng("x")))
            n += g.player.hp < hp
        return n
    assert hits(["lucky"]) < hits([]) * 0.93


# -- choosing: each result whole -----------------------------------------------------------------------------------


def test_choosing_any_offered_perk_takes_it_marks_the_run_and_gives_what_it_gives_at_once():
    for k in range(PERKS_OFFERED):
        g = run_on()
        g.player.perks_owed = 2
        perk = perk_offer(g)[k]
        g.dirty = False
        r = ChoosePerk(k).perform(g)
        assert r.succeeded and r.turns == 0 and r.messages == (loot(f"You take {perk.name}: {perk.note}."),)
        assert g.player.perks[-1] == perk.id and g.player.perks_owed == 1 and g.dirty is True
        if perk.attack or perk.max_hp or perk.defence:
            (gives,) = r.then
            assert isinstance(gives, Improve) and gives.who is g.player
            assert (gives.attack, gives.max_hp, gives.defence) == (perk.attack, perk.max_hp, perk.defence)
        else:
            assert r.then == ()


@pytest.mark.parametrize("field", ["attack", "max_hp", "defence"])
def test_a_perk_that_gives_only_one_strength_gives_it(field):
    perk = next((p for p in PERKS if getattr(p, field) and not any(getattr(p, f) for f in ("attack", "max_hp",
                                                                                              "defence") if f != field)),
                None)
    if perk is None:
        pytest.skip(f"no perk gives {field} alone")
    g = run_on()
    g.player.perks_owed = 1
    for seed in range(500):  # a run whose first offer holds it
        g.run_seed = seed
        offer = perk_offer(g)
        if perk in offer:
            break
    else:
        pytest.skip("never offered")
    (gives,) = ChoosePerk(offer.index(perk)).perform(g).then
    assert getattr(gives, field) == getattr(perk, field)


def test_no_perk_is_chosen_when_none_is_owed_or_the_choice_is_not_on_offer():
    g = run_on()
    assert ChoosePerk(0).perform(g) == fail(note("You have no perk to choose."))
    g.player.perks_owed = 1
    for bad_choice in (-1, PERKS_OFFERED, "0", None):
        assert ChoosePerk(bad_choice).perform(g) == fail() and g.player.perks_owed == 1


def test_a_success_takes_a_turn_unless_told_and_an_alternative_takes_none():
    assert succeed().turns == 1 and succeed(turns=0).turns == 0
    other = ChoosePerk(0)
    r = alternate(other, note("x"))
    assert r.succeeded is False and r.turns == 0 and r.alternative is other and r.messages == (note("x"),)


# -- growth.py: the perks a background starts with, the offer's draw --------------------------------
def test_a_backgrounds_starting_perks_give_their_strengths_on_top_of_its_own(monkeypatch):
    base = BACKGROUNDS[0]
    strong = replace(base, id="strong", perks=("might", "thick_skin", "vigour", "no_such_perk"))
    monkeypatch.setitem(growth.BACKGROUND_BY_ID, "strong", strong)
    g = Game(WorldMap("Avalon", "small"), "small", 1)
    growth.start_as(g, "strong")
    p = g.player
    assert p.perks == ["might", "thick_skin", "vigour"]
    assert p.base_attack == base.attack + PERK_BY_ID["might"].attack
    assert p.base_defence == base.defence + PERK_BY_ID["thick_skin"].defence
    assert p.max_hp == p.hp == base.hp + PERK_BY_ID["vigour"].max_hp


def test_the_offer_is_the_first_perks_of_the_run_seeds_perk_stream_for_the_perks_held():
    """The stream is part of the rules a recording replays under: the same
    seed and perks held give the same three in every version of these rules."""
    for seed in range(5):
        g = Game(WorldMap("Avalon", "small"), "small", seed)
        g.player.perks_owed, g.player.perks = 1, ["fleet"]
        able = [p for p in PERKS if g.player.perks.count(p.id) < p.most]
        order = seeding.rng(seed, "perks", 1).permutation(len(able))
        assert perk_offer(g) == [able[int(i)] for i in order[:PERKS_OFFERED]]


def test_the_offer_is_drawn_afresh_for_each_perk_held():
    repeatable = next(p for p in PERKS if p.most > 1)
    differs = 0
    for seed in range(8):
        a, b = Game(WorldMap("Avalon", "small"), "small", seed), Game(WorldMap("Avalon", "small"), "small", seed)
        a.player.perks_owed = b.player.perks_owed = 1
        b.player.perks = [repeatable.id]  # the same perks still on offer, one more held
        differs += [p.id for p in perk_offer(a)] != [p.id for p in perk_offer(b)]
    assert differs >= 4
