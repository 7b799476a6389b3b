"""Pack letters stay put (issue 38): a letter belongs to its kind from the
moment it enters the pack until its last row leaves, as DCSS's do; the save
keeps them; junk in a save is mended, not trusted."""

from __future__ import annotations

from game.rules.creatures.pack import LETTERS, lettered, reletter
from game.rules.persistence import codec
from game.rules.play.look import pack_rows

from creatures import run_on


def letters_of(g) -> dict[str, str]:
    return {row.item: row.letter for row in pack_rows(g)}


def test_drinking_the_last_potion_of_a_row_moves_no_other_letter():
    g = run_on(pos=(3, 3))
    g.player.inventory[:] = ["potion", "potion_poison", "scroll_map", "dagger"]
    g.known.update({"potion_poison", "scroll_map"})
    before = letters_of(g)
    assert before == {"potion": "a", "potion_poison": "b", "scroll_map": "c", "dagger": "d"}
    assert g.use_item(0)  # the only healing potion: its row leaves
    assert letters_of(g) == {k: v for k, v in before.items() if k != "potion"}  # b, c, d stay b, c, d


def test_a_new_kind_takes_the_first_free_letter_and_a_stack_keeps_its_own():
    g = run_on(pos=(3, 3))
    g.player.inventory[:] = ["potion", "dagger"]
    g.use_item(0)
    g.player.inventory.append("arrow")
    g.player.inventory.append("dagger")  # daggers do not stack: a second row
    g.wait()
    assert [(r.letter, r.item) for r in pack_rows(g)] == [("a", "arrow"), ("b", "dagger"), ("c", "dagger")]


def test_crafting_keeps_the_letters_of_what_remains():
    g = run_on(pos=(3, 3))
    g.player.inventory[:] = ["scroll_map"] + ["herbs"] * 4 + ["dagger"]
    g.known.add("scroll_map")
    assert letters_of(g) == {"scroll_map": "a", "herbs": "b", "dagger": "c"}
    assert g.use_item(1)  # 4 herbs make a potion: herbs leave, a potion comes
    assert letters_of(g) == {"scroll_map": "a", "dagger": "c", "potion": "b"}


def test_the_pack_is_listed_in_letter_order():
    rows = lettered(["dagger", "arrow"], {"dagger": ["c"], "arrow": ["a"]})
    assert [(letter, row.item) for letter, row in rows] == [("a", "arrow"), ("c", "dagger")]


def test_a_save_keeps_the_letters_and_mends_junk():
    g = run_on(pos=(3, 3))
    g.player.inventory[:] = ["dagger", "arrow"]
    g.player.letters = {"dagger": ["q"], "arrow": ["b"]}
    saved = codec.player_to_json(g.player)
    assert saved["letters"] == {"arrow": ["b"], "dagger": ["q"]}
    assert codec.player_from_json(saved).letters == {"dagger": ["q"], "arrow": ["b"]}
    junk = {**saved, "letters": {"dagger": ["b", "zz", 3], "arrow": "b", "ghost": ["a"]}}
    mended = codec.player_from_json(junk).letters
    assert mended == {"dagger": ["b"], "arrow": ["a"]}  # b said twice: the second asker gets a free one


def test_twenty_rows_take_all_twenty_letters_once():
    pack = ["dagger"] * 20
    got = reletter(pack, {})
    assert sorted(got["dagger"]) == sorted(LETTERS) and len(set(got["dagger"])) == 20
