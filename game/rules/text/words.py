"""Words: articles, plurals and counts, in one place, so every message says
"a gem", "3 gems", "the pearls are here", "1 site cleared" and "killed by
a goblin archer" the same way.

A name is what one thing of a kind is called ("gem", "potion of healing",
"goblin archer", "iron ore", "the relic").  :func:`noun` knows how to count
it: its plural ("gems", "potions of healing", "wolves", "suits of chain
mail") and the article one of it takes ("a", "an", "some" for stuff that is
not counted, none for armour worn as a whole or a name that brings its own
"the").  Every other function builds on it.

>>> a("gem"), a("gem", 3), a("oak wand"), a("iron ore"), a("chain mail"), a("the relic")
('a gem', '3 gems', 'an oak wand', 'some iron ore', 'chain mail', 'the relic')
>>> the("pearl", 2) + " " + be("pearl", 2), number("site", 1) + " cleared", number("site", 2) + " cleared"
('the pearls are', '1 site cleared', '2 sites cleared')
>>> died("goblin archer"), died("poison"), died("a fire trap"), died("the guardian ogre")
('killed by a goblin archer', 'died of poison', 'killed by a fire trap', 'killed by the guardian ogre')
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Noun", "noun", "a", "the", "number", "be", "capital", "died", "MASS"]

#: Stuff that is not counted: one of it is "some iron ore", three are "3 iron ore".
MASS = frozenset({"iron ore", "timber", "poison", "fire", "something"})
#: Armour worn as a whole: no article ("you wear chain mail"), counted in suits.
_SUITS = ("armour", "mail", "leather")
#: Plurals English does not make by adding "s".
_IRREGULAR = {"wolf": "wolves", "knife": "knives", "staff": "staves", "mummy": "mummies", "man": "men",
              "colossus": "colossi"}
#: Words after which the rest of a name is a tail the plural leaves alone
#: ("potions of healing", "scrolls labelled ZELGO MER").
_TAILS = (" of ", " labelled ")
_ARTICLES = ("a ", "an ", "the ", "some ")
#: Causes of death the death screen says "died of", not "killed by".
_AILMENTS = frozenset({"poison", "fire"})


class Noun(NamedTuple):
    singular: str  # "potion of healing"
    plural: str  # "potions of healing"
    article: str  # what one of it takes: "a", "an", "some", "the", or "" (none)


def noun(name: str) -> Noun:
    """How ``name`` is counted.

    >>> noun("potion of healing"), noun("wolf").plural, noun("scroll labelled ZEL GO").plural
    (Noun(singular='potion of healing', plural='potions of healing', article='a'), 'wolves', 'scrolls labelled ZEL GO')
    >>> noun("the site's treasure"), noun("leather armour").plural
    (Noun(singular="site's treasure", plural="sites' treasures", article='the'), 'suits of leather armour')
    """
    if name.startswith("the "):
        rest = name[4:]
        head, _, tail = rest.partition(" ")
        plural = (_plural_word(head[:-2]) + "'" + (" " + _plural_word(tail) if tail else "")
                  if head.endswith("'s") else _plural_head(rest))
        return Noun(rest, plural, "the")
    if name in MASS:
        return Noun(name, name, "some")
    if name.endswith(_SUITS):
        return Noun(name, f"suits of {name}", "")
    return Noun(name, _plural_head(name), "an" if name[:1].lower() in "aeiou" else "a")


def _plural_head(name: str) -> str:
    """The plural of a name whose head (before " of " or " labelled ") is its last word's noun."""
    for tail in _TAILS:
        head, sep, rest = name.partition(tail)
        if sep:
            return _plural_head(head) + sep + rest
    words = name.split(" ")
    return " ".join(words[:-1] + [_plural_word(words[-1])])


def _plural_word(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


def _has_article(name: str) -> bool:
    return name.startswith(_ARTICLES)


def a(name: str, count: int = 1) -> str:
    """One of it with its article, or ``count`` of it: "a gem", "an arrow",
    "some timber", "8 arrows", "3 iron ore".  A name that brings its own
    article ("the relic", "a fire trap") is left as it is."""
    if _has_article(name) and not name.startswith("the "):
        return name
    n = noun(name)
    if count != 1:
        return f"{count} {n.plural}"
    return f"{n.article} {n.singular}" if n.article else n.singular


def the(name: str, count: int = 1) -> str:
    """The one (or the ones) already spoken of: "the gem", "the pearls", "the iron ore"."""
    n = noun(name)
    return f"the {n.plural if count != 1 else n.singular}"


def number(name: str, count: int) -> str:
    """A count in figures, one included: "1 site", "2 sites", "1 iron ore"."""
    n = noun(name)
    return f"{count} {n.singular if count == 1 else n.plural}"


def be(name: str, count: int = 1) -> str:
    """"is" or "are", to agree with ``count`` of ``name`` ("the arrows are here",
    "the iron ore is here")."""
    return "are" if count != 1 and noun(name).article != "some" else "is"


def capital(text: str) -> str:
    """The first letter made a capital (the rest left as it is): "The goblin hits you."."""
    return text[:1].upper() + text[1:]


def died(cause: str) -> str:
    """How a run ended, for the death screen and the score table: "killed by a
    goblin archer", "died of poison".  ``cause`` is a monster's kind name
    ("goblin archer"), a name with its article ("a fire trap", "the guardian
    ogre"), or an ailment; an empty cause is "something"."""
    cause = cause.strip() or "something"
    if cause in _AILMENTS:
        return f"died of {cause}"
    return f"killed by {cause if _has_article(cause) or cause in MASS else a(cause)}"
