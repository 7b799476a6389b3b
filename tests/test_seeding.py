import numpy as np
from hypothesis import given, strategies as st

from worldgen.core import seeding


def test_text_seed_is_stable_across_processes():
    # Pinned: a stable digest, not hash(), so it never changes between runs or platforms.
    assert seeding.seed_from_text("Deepisle") == 301646910597028812
    assert seeding.seed_from_text(42) == seeding.seed_from_text("42")


def test_nfc_normalization_makes_equal_looking_text_equal():
    assert seeding.seed_from_text("e\u0301le") == seeding.seed_from_text("\u00e9le")


@given(st.text(max_size=50), st.text(min_size=1, max_size=10), st.text(min_size=1, max_size=10))
def test_child_seeds_differ_by_label(text, a, b):
    seed = seeding.seed_from_text(text)
    assert 0 <= seed < 2**64
    if a != b:
        assert seeding.derive(seed, a) != seeding.derive(seed, b)
    assert seeding.derive(seed, a) == seeding.derive(seed, a)


def test_rng_streams_reproduce_and_separate():
    a = seeding.rng(7, "mask").integers(0, 1000, 20)
    b = seeding.rng(7, "mask").integers(0, 1000, 20)
    c = seeding.rng(7, "noise").integers(0, 1000, 20)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_lone_surrogates_do_not_crash():
    assert isinstance(seeding.seed_from_text("\udc80abc"), int)
