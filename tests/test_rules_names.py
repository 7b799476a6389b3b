"""Rolled world names (``game.rules.text.names``): an order-2 letter chain trained
on the built-in words, walked with the generator passed in."""

import numpy as np
import pytest

from game.rules.text import names
from game.rules.text.names import END, MAX_LEN, MIN_LEN, ORDER, START, WORDS, NameModel, make_name


def transitions(words, order=ORDER) -> set[tuple[str, str]]:
    """Every (context, next letter) the training words show, the end mark included."""
    out = set()
    for w in words:
        padded = START * order + w + END
        out |= {(padded[i - order:i], padded[i]) for i in range(order, len(padded))}
    return out


def test_a_sampled_word_only_takes_steps_the_training_words_take():
    model, seen = NameModel(), transitions(WORDS)
    rng = np.random.default_rng(3)
    for _ in range(300):
        word = model.sample(rng)
        assert len(word) <= MAX_LEN + 1
        padded = START * ORDER + word
        assert all((padded[i - ORDER:i], padded[i]) in seen for i in range(ORDER, len(padded)))


def test_a_made_name_is_capitalised_new_and_of_a_usable_length():
    rng = np.random.default_rng(11)
    made = [make_name(rng) for _ in range(200)]
    assert all(MIN_LEN <= len(n) <= MAX_LEN and n[0].isupper() and n[1:].islower() for n in made)
    assert not {n.lower() for n in made} & set(WORDS)
    assert ORDER == 2 and (MIN_LEN, MAX_LEN) == (4, 11)


def test_the_same_generator_state_gives_the_same_name_and_names_are_pinned():
    # The title screen rolls names from its own generator; these pin the model
    # (training words, order, sampling) so a change to it is a deliberate one.
    rng = np.random.default_rng(2026)
    assert [make_name(rng) for _ in range(6)] == ['Penden', 'Frow', 'Karrack', 'Zarbour', 'Mirown', 'Tholdor']
    assert make_name(np.random.default_rng(5)) == make_name(np.random.default_rng(5))


def test_a_model_that_only_knows_its_words_falls_back_to_a_padded_name():
    assert NameModel(("abcd",)).make(np.random.default_rng(1)) == "Abcdmere"
    assert NameModel(("ab",)).make(np.random.default_rng(1)) == "Abmere"


def test_a_model_whose_words_are_too_long_cuts_the_last_try():
    word = "abcdefghijklmnop"
    assert NameModel((word,)).make(np.random.default_rng(1)) == "Abcdefghijkl"[:MAX_LEN]


def test_the_chain_counts_each_next_letter():
    model = NameModel(("abab", "abba"))
    a, b, end = (model.alphabet.index(c) for c in ("a", "b", END))
    counts = np.diff(np.concatenate([[0], model.cumulative["ab"]]))
    assert (counts[a], counts[b], counts[end]) == (1, 1, 1)  # "ab" goes on to a, $ (abab) and b (abba)
    counts = np.diff(np.concatenate([[0], model.cumulative["^^"]]))
    assert (counts[a], counts[b], counts[end]) == (2, 0, 0)
    assert model.alphabet == sorted({"a", "b", END})


@pytest.mark.parametrize("seed", range(5))
def test_sampling_uses_the_generator_passed_in(seed):
    a, b = np.random.default_rng(seed), np.random.default_rng(seed)
    assert names.NameModel().sample(a) == names.NameModel().sample(b)


def test_the_first_name_builds_the_model(monkeypatch):
    monkeypatch.setattr(names, "_MODEL", None)
    assert make_name(np.random.default_rng(2026)) == "Penden"


def test_a_new_word_of_the_longest_length_is_taken_at_once():
    words = ("abcdefghijk", "zbcdefghijy")  # 11 letters: samples are a/z...k/y, two of them new
    model = NameModel(words)
    for seed in range(20):
        first = model.sample(np.random.default_rng(seed))
        if first not in words:
            assert model.make(np.random.default_rng(seed)) == first.capitalize()
            return
    raise AssertionError("no seed drew a new word first")
