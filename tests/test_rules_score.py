"""The score of a run and the high-score table (``game.rules.persistence.score``)."""

import json

import pytest

from game.rules.persistence import score
from game.rules.world.location import WorldMap
from game.rules.persistence.score import TABLE_SIZE, add
from game.rules.state import RunState


def full_table():
    """A full table, best first: scores 1000, 900, ... 100."""
    table = []
    for i in range(TABLE_SIZE):
        table, _ = add(table, {"score": 100 * (i + 1), "world": f"W{i}"})
    return table


def test_a_new_best_score_on_a_full_table_is_kept_first_and_the_worst_dropped():
    table = full_table()
    assert [e["score"] for e in table] == list(range(1000, 0, -100))
    best = {"score": 5000, "world": "Champion"}
    after, rank = add(table, best)
    assert rank == 0 and after[0] is best
    assert len(after) == TABLE_SIZE
    assert [e["score"] for e in after] == [5000] + list(range(1000, 100, -100))  # 100 is gone


def test_a_score_in_the_middle_of_a_full_table_takes_its_place():
    after, rank = add(full_table(), {"score": 550, "world": "Middling"})
    assert rank == 5 and after[5]["world"] == "Middling"
    assert [e["score"] for e in after] == sorted((e["score"] for e in after), reverse=True)
    assert after[-1]["score"] == 200


def test_a_score_below_a_full_table_does_not_make_it():
    table = full_table()
    after, rank = add(table, {"score": 50, "world": "Slow"})
    assert rank == -1 and after == table


def test_an_equal_score_ranks_below_the_older_one():
    table, _ = add([], {"score": 300, "world": "First"})
    table, rank = add(table, {"score": 300, "world": "Second"})
    assert rank == 1 and [e["world"] for e in table] == ["First", "Second"]


def test_the_table_survives_encoding_and_decoding():
    table = [dict(e, outcome="won", cause="", size="small", relics=1, deepest=3, turns=40, level=2)
             for e in full_table()]
    assert score.decode_table(score.encode_table(table)) == table


# -- the score of a run --------------------------------------------------------------------
def a_run(**fields) -> RunState:
    run = RunState(WorldMap("Scoreland", "small"), "small", 1)
    for name, value in fields.items():
        setattr(run, name, value)
    return run


def test_a_new_run_scores_nothing():
    assert score.score(a_run()) == 0


@pytest.mark.parametrize(("fields", "points"), [
    ({"relics": {0, 3}}, 1000),  # 500 a relic
    ({"won": True}, 2000),
    ({"cleared": {0: {1, 2}, 4: {0}}}, 150),  # 50 a site
    ({"deepest": 7}, 70),  # 10 a level
    ({"kills": 9}, 18),  # 2 a monster
], ids=["relics", "won", "cleared", "deepest", "kills"])
def test_each_achievement_scores_its_points(fields, points):
    assert score.score(a_run(**fields)) == points


def test_character_levels_past_the_first_score_25_each():
    run = a_run()
    run.player.level = 4
    assert score.score(run) == 75


def test_the_achievements_add_up():
    run = a_run(relics={1}, won=True, cleared={1: {0}}, deepest=3, kills=5)
    run.player.level = 2
    assert score.score(run) == 500 + 2000 + 50 + 30 + 10 + 25


# -- what the table remembers ------------------------------------------------------------------
def test_a_won_run_is_remembered_with_its_figures_and_no_cause():
    run = a_run(relics={0, 1}, won=True, deepest=4, turn=321, killer="ogre")
    run.player.level = 3
    assert score.entry(run) == {"score": 1000 + 2000 + 40 + 50, "world": "Scoreland", "outcome": "won", "cause": "",
                                "size": "small", "relics": 2, "deepest": 4, "turns": 321, "level": 3}


def test_a_death_is_remembered_with_its_cause_or_something():
    assert score.entry(a_run(killer="giant rat"))["cause"] == "giant rat"
    assert score.entry(a_run(killer="giant rat"))["outcome"] == "died"
    assert score.entry(a_run())["cause"] == "something"


def test_names_and_causes_are_kept_to_40_characters():
    run = a_run(killer="k" * 60)
    run.name = "n" * 60
    e = score.entry(run)
    assert e["world"] == "n" * 40 and e["cause"] == "k" * 40


# -- reading the table back ------------------------------------------------------------------
def test_the_table_is_stored_as_compact_ascii_json():
    text = score.encode_table([{"score": 5, "world": "Ærø"}])
    assert text == '[{"score":5,"world":"\\u00c6r\\u00f8"}]'


@pytest.mark.parametrize("text", [None, 42, "", "{not json", "[[[[", "[" * 5000 + "]" * 5000, '{"a": 1}', "7",
                                  "[" + " " * 100_000 + "]"])
def test_an_unreadable_table_reads_as_empty(text):
    assert score.decode_table(text) == []


def test_entries_are_read_with_every_value_checked():
    raw = [
        "not an entry",
        {"score": "12", "world": "W" * 50, "outcome": "won", "size": 7, "relics": -3, "deepest": 10**12, "turns": "x", "level": 2.9},
        7,
        {"score": 40},
    ]
    assert score.decode_table(json.dumps(raw)) == [
        {"world": "", "outcome": "", "cause": "", "size": "", "score": 40, "relics": 0, "deepest": 0, "turns": 0,
         "level": 0},
        {"world": "W" * 40, "outcome": "won", "cause": "", "size": "7", "score": 12, "relics": 0,
         "deepest": 10**9, "turns": 0, "level": 2},
    ]


def test_a_stored_table_is_read_best_first_and_cut_to_size():
    raw = [{"score": s} for s in (5, 50, 500, 1, 10, 100, 1000, 2, 20, 200, 2000, 3)]
    table = score.decode_table(json.dumps(raw))
    assert [e["score"] for e in table] == [2000, 1000, 500, 200, 100, 50, 20, 10, 5, 3]


def test_a_stored_table_over_100000_characters_is_not_read():
    entry = '{"score":1}'
    fits = "[" + entry + " " * (100_000 - 3 - len(entry)) + "]"  # 99,999 characters
    assert len(fits) == 99_999 and [e["score"] for e in score.decode_table(fits)] == [1]
    too_long = fits[:-1] + " ]"
    assert score.decode_table(too_long) == []
