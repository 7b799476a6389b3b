"""Words (game/rules/text/words.py): how a name is counted (its plural and its
article), a name with its article or a count, "the", figures, "is" or "are",
a capital, and how a run ended; each rule on its own."""

import pytest

from game.rules.text.words import MASS, Noun, a, be, capital, died, noun, number, the


# -- a name's plural and article ---------------------------------------------------------------------------------
@pytest.mark.parametrize("word, plural", [("gem", "gems"), ("glass", "glasses"), ("box", "boxes"),
                                          ("torch", "torches"), ("brush", "brushes"), ("ruby", "rubies"),
                                          ("key", "keys"), ("day", "days"), ("boy", "boys"), ("guy", "guys"),
                                          ("y", "ies"), ("wolf", "wolves"), ("knife", "knives"),
                                          ("staff", "staves"), ("mummy", "mummies"), ("man", "men"),
                                          ("colossus", "colossi")])
def test_a_word_is_made_plural_by_the_rules_of_english(word, plural):
    assert noun(word).plural == plural


def test_only_the_last_word_of_a_name_is_made_plural():
    assert noun("goblin archer").plural == "goblin archers"
    assert noun("wolf man").plural == "wolf men"


@pytest.mark.parametrize("name, plural", [("potion of healing", "potions of healing"),
                                          ("scroll labelled ZEL GO", "scrolls labelled ZEL GO"),
                                          ("wand of fire of doom", "wands of fire of doom"),
                                          ("iron key of the wolf", "iron keys of the wolf")])
def test_the_tail_after_of_or_labelled_is_left_alone(name, plural):
    assert noun(name).plural == plural


def test_a_name_takes_a_or_an_by_its_first_letter():
    assert noun("gem") == Noun("gem", "gems", "a")
    for name in ("arrow", "elixir", "imp", "orc", "urn", "Orb"):
        assert noun(name).article == "an"


def test_stuff_not_counted_takes_some_and_no_plural():
    for name in MASS:
        assert noun(name) == Noun(name, name, "some")


@pytest.mark.parametrize("name", ["leather armour", "chain mail", "studded leather"])
def test_armour_worn_whole_takes_no_article_and_is_counted_in_suits(name):
    assert noun(name) == Noun(name, f"suits of {name}", "")


def test_a_name_that_brings_the_keeps_it_and_a_possessive_is_made_plural_before_its_s():
    assert noun("the relic") == Noun("relic", "relics", "the")
    assert noun("the site's treasure") == Noun("site's treasure", "sites' treasures", "the")
    assert noun("the king's") == Noun("king's", "kings'", "the")
    assert noun("the wolf's den") == Noun("wolf's den", "wolves' dens", "the")


# -- a name in a sentence ------------------------------------------------------------------------------------
def test_one_of_a_name_takes_its_article_and_more_their_count():
    assert (a("gem"), a("arrow"), a("iron ore"), a("chain mail")) == ("a gem", "an arrow", "some iron ore", "chain mail")
    assert (a("gem", 3), a("iron ore", 3), a("gem", 0)) == ("3 gems", "3 iron ore", "0 gems")


def test_a_name_with_its_own_article_is_left_as_it_is_but_the_is_counted():
    assert a("a fire trap") == "a fire trap" and a("an old key") == "an old key" and a("some dust") == "some dust"
    assert a("the relic") == "the relic" and a("the relic", 2) == "2 relics"


def test_the_names_the_one_or_the_ones_spoken_of():
    assert the("gem") == "the gem" and the("pearl", 2) == "the pearls" and the("pearl", 0) == "the pearls"
    assert the("iron ore", 3) == "the iron ore" and the("the relic") == "the relic"


def test_a_number_is_in_figures_one_included():
    assert number("site", 1) == "1 site" and number("site", 2) == "2 sites" and number("site", 0) == "0 sites"
    assert number("iron ore", 1) == "1 iron ore"


def test_is_or_are_agrees_with_the_count_and_stuff_is_always_is():
    assert be("pearl") == "is" and be("pearl", 2) == "are" and be("pearl", 0) == "are"
    assert be("iron ore", 3) == "is"


def test_a_capital_is_the_first_letter_only():
    assert capital("the goblin hits you.") == "The goblin hits you."
    assert capital("aBC") == "ABC" and capital("") == ""


# -- how a run ended ---------------------------------------------------------------------------------------
def test_a_run_ends_killed_by_a_monster_or_a_named_killer_or_dead_of_an_ailment():
    assert died("goblin archer") == "killed by a goblin archer"
    assert died("orc") == "killed by an orc"
    assert died("a fire trap") == "killed by a fire trap" and died("the guardian ogre") == "killed by the guardian ogre"
    assert died("poison") == "died of poison" and died("fire") == "died of fire"
    assert died("  poison ") == "died of poison"


def test_a_run_ended_by_something_uncounted_or_nothing_said_is_killed_by_it():
    assert died("iron ore") == "killed by iron ore"
    assert died("") == "killed by something" and died("   ") == "killed by something"
