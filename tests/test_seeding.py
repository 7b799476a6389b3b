import unicodedata

import numpy as np
import pytest
from hypothesis import given, strategies as st

from worldgen.core import registry, seeding
from worldgen.generators.world import World


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


@given(st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**32 + 5),
                 st.sampled_from([0, 1, 2**32 - 1, 2**32, 2**64 - 1])))
def test_rng_is_seeded_exactly_as_numpy_seeds_pcg64(seed):
    """rng's own working of numpy's SeedSequence gives PCG64 the same state
    (and so the same stream) as numpy's, for any 64-bit seed; other requests
    go to numpy's own."""
    ours = np.random.PCG64(seeding._Seeded(seed))
    assert ours.state == np.random.PCG64(seed).state
    assert np.array_equal(seeding._Seeded(seed).generate_state(5), np.random.SeedSequence(seed).generate_state(5))
    with pytest.raises(ValueError):
        seeding._Seeded(2**64)


def test_seeding_a_stream_never_builds_numpys_seed_sequence(monkeypatch):
    """PCG64's own request, four 64-bit words, is worked out on Python ints
    (numpy's SeedSequence was 7% of a small island's time); only other
    requests fall back to numpy's."""
    expected = np.random.Generator(np.random.PCG64(seeding.derive(7, "x"))).random(3)

    def refused(*args, **kwargs):
        raise AssertionError("numpy's SeedSequence was built")

    monkeypatch.setattr(np.random, "SeedSequence", refused)
    assert np.array_equal(seeding.rng(7, "x").random(3), expected)
    assert seeding._Seeded(5).generate_state(4, np.uint64).dtype == np.uint64
    with pytest.raises(AssertionError, match="SeedSequence"):
        seeding._Seeded(5).generate_state(4, np.uint32)


@pytest.mark.parametrize("n_words", [1, 2, 3, 4, 5, 8])
@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
def test_every_other_state_request_is_numpys_own(n_words, dtype):
    for entropy in (0, 1, 2**32 + 7, 2**64 - 1):
        ours = seeding._Seeded(entropy).generate_state(n_words, dtype)
        theirs = np.random.SeedSequence(entropy).generate_state(n_words, dtype)
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs), (n_words, dtype, entropy)


def test_a_seeded_state_refuses_entropy_outside_64_bits_and_says_so():
    for bad in (-1, 2**64, 2**70):
        with pytest.raises(ValueError, match=f"a 64-bit entropy, got {bad}"):
            seeding._Seeded(bad)
    assert seeding._Seeded(0).entropy == 0 and seeding._Seeded(2**64 - 1).entropy == 2**64 - 1


def test_each_hash_use_xors_the_running_constant_and_multiplies_by_the_next():
    """numpy's SeedSequence hash: a use xors the constant, moves it on by the
    multiplier (32 bits), and multiplies by the moved-on constant."""
    assert seeding._hash_constants(3, 5, 3) == ((3, 15), (15, 75), (75, 375))
    assert seeding._hash_constants(0x8000_0000, 3, 2) == ((0x8000_0000, 0x8000_0000), (0x8000_0000, 0x8000_0000))
    pool, state = seeding._POOL_HASH, seeding._STATE_HASH
    assert len(pool) == 16 and len(state) == 8
    assert pool[0] == (0x43B0D7E5, 0x43B0D7E5 * 0x931E8875 & 0xFFFF_FFFF)
    assert state[0] == (0x8B51F9DD, 0x8B51F9DD * 0x58F38DED & 0xFFFF_FFFF)
    assert all(a[1] == b[0] for table in (pool, state) for a, b in zip(table, table[1:]))
    assert seeding._hash_constants(0x43B0D7E5, 0x931E8875, 16) == pool


def test_lone_surrogates_do_not_crash():
    assert isinstance(seeding.seed_from_text("\udc80abc"), int)


def test_a_seed_text_is_read_whole_so_long_names_sharing_a_prefix_differ():
    """Every character of a name seeds its world, up to the longest name
    allowed: two names that share all but their last character differ."""
    stem = "x" * (seeding.MAX_SEED_CHARS - 1)
    assert seeding.seed_from_text(stem + "a") != seeding.seed_from_text(stem + "b")
    east, west = "The drowned kingdom under the northern sea, east", "The drowned kingdom under the northern sea, west"
    assert World.from_name(east).seed != World.from_name(west).seed
    maps = [registry.generate("island", name, 16, 16).last.data for name in (east, west)]
    assert not np.array_equal(*maps)


def test_seeds_children_and_streams_are_pinned():
    # Every map depends on these bytes: a change here is a change to every world.
    assert seeding.seed_from_text("Café") == 13241161529719161851  # composed (NFC) before digesting
    assert seeding.derive(1, "mask") == 7881664224483847401
    assert seeding.derive(2**64 - 1, "a", 3) == 14653676102693159024
    assert seeding.rng(7, "mask").integers(0, 1000, 5).tolist() == [929, 913, 414, 357, 561]


@pytest.mark.parametrize("hidden", ["\x07", "\x7f", "\u200b", "\u200d", "\u202e", "\udc80", "\u2028", "\u2029"],
                         ids=["bell", "delete", "zero-width-space", "joiner", "rtl-override", "lone-surrogate",
                              "line-separator", "paragraph-separator"])
def test_invisible_characters_are_dropped_from_seed_text(hidden):
    assert seeding.is_invisible(hidden)
    assert seeding.clean_seed_text(f"Ava{hidden}lon") == "Avalon"
    assert seeding.seed_from_text(f"Ava{hidden}lon") == seeding.seed_from_text("Avalon")


@pytest.mark.parametrize("kept", ["\u0378", "\ue000", " ", "\u00a0", "\u0301", "\U0001F600"],
                         ids=["unassigned", "private-use", "space", "no-break-space", "lone-accent", "emoji"])
def test_visible_or_unassigned_characters_stay_in_seed_text(kept):
    assert not seeding.is_invisible(kept)
    assert seeding.clean_seed_text(f"a{kept}b") == unicodedata.normalize("NFC", f"a{kept}b")
    assert seeding.seed_from_text(f"a{kept}b") != seeding.seed_from_text("ab")


def test_surrounding_whitespace_is_trimmed_and_inner_kept():
    assert seeding.clean_seed_text(" \t Ava lon \n") == "Ava lon"
    assert seeding.seed_from_text("Ava lon") != seeding.seed_from_text("Avalon")


def test_labels_are_separated_and_read_as_text():
    assert seeding.derive(1, "ab") != seeding.derive(1, "a", "b")
    assert seeding.derive(1, "a", "") != seeding.derive(1, "a")
    assert seeding.derive(1, 5) == seeding.derive(1, "5")
    assert seeding.derive(1) != seeding.derive(2)
    assert isinstance(seeding.derive(1, "\udc80"), int)  # a lone surrogate in a label does not crash


def test_names_up_to_the_longest_allowed_make_worlds_and_longer_are_refused():
    assert seeding.MAX_SEED_CHARS == 200
    World.from_name("a" * seeding.MAX_SEED_CHARS)
    with pytest.raises(ValueError, match="at most 200 characters"):
        World.from_name("a" * (seeding.MAX_SEED_CHARS + 1))


def test_a_seed_of_exactly_the_longest_length_is_kept_and_one_character_more_refused():
    longest = "x" * seeding.MAX_SEED_CHARS
    assert seeding.clean_seed(longest) == longest
    assert seeding.clean_seed(f"  {longest}\u200b ") == longest  # measured once cleaned
    with pytest.raises(ValueError, match=f"seed longer than {seeding.MAX_SEED_CHARS} characters once cleaned"):
        seeding.clean_seed(longest + "y")
