"""The score of a run and the high-score table (``game.rules.score``)."""

from game.rules import score
from game.rules.score import TABLE_SIZE, add


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
