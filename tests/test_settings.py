"""URL and argv parsing: one pure function, hostile input never crashes."""

from urllib.parse import quote

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from game.shell.settings import (
    MAX_QUERY_CHARS,
    HelpRequested,
    Settings,
    UsageError,
    parse_argv,
    parse_query,
    to_query,
)
from worldgen.core import registry
from worldgen.core.seeding import MAX_SEED_CHARS, is_invisible


def test_defaults_to_play_mode():
    s = parse_query("")
    assert (s.mode, s.generator, s.stage, s.seed, s.ui, s.messages) == ("play", "island", None, None, True, ())


def test_demo_query_is_read():
    s = parse_query("?demo=island&stage=mask&seed=abc&w=120&h=60&p.octaves=4&ui=0")
    assert s.mode == "demo"  # demo= implies the demo mode
    assert (s.generator, s.stage, s.seed, s.width, s.height, s.ui) == ("island", "mask", "abc", 120, 60, False)
    assert s.params == {"octaves": 4}
    assert s.messages == ()


@pytest.mark.parametrize("query, field, value, message", [
    ("mode=banana", "mode", "play", "unknown mode 'banana'; using play"),
    ("demo=nope", "generator", "island", "unknown generator 'nope'; showing island"),
    ("demo=island&stage=zzz", "stage", None, "island has no stage 'zzz'; showing terrain"),
    ("demo=island&w=abc", "width", 88, "w='abc' is not a whole number; using 88"),
    ("demo=island&w=-5", "width", 16, "w=-5 is out of range; using 16"),
    ("demo=island&h=1e9", "height", 32, "h='1e9' is not a whole number; using 32"),
    ("demo=island&ui=2", "ui", True, "ui='2' is not 0, 1 or panel; showing the interface"),
    ("demo=island&p.octaves=99", "params", {"octaves": 12}, "octaves=99 is out of range; using 12"),
    ("demo=island&p.octaves=x", "params", {}, "octaves='x' is not a valid int; using 8"),
    ("demo=island&p.bogus=1", "params", {}, "island has no parameter 'bogus'; ignored"),
    ("demo=island&seed=", "seed", None, "the seed was empty; rolling a random one"),
    ("size=huge", "dungeon_size", "medium", "unknown dungeon size 'huge'; using medium"),
    ("what=1", "mode", "play", "unknown link setting 'what' ignored"),
])
def test_bad_values_fall_back_with_a_plain_message(query, field, value, message):
    s = parse_query(query)
    assert getattr(s, field) == value
    assert message in s.messages


def test_markup_and_control_characters_are_plain_text():
    s = parse_query("demo=island&seed=" + quote("<script>alert(1)</script>\x00\x1b[31m"))
    assert s.seed == "<script>alert(1)</script>[31m"  # kept as text, drawn on the canvas only
    assert any("cleaned" in m for m in s.messages)


def test_line_separators_never_reach_a_label():
    s = parse_query("mode=" + quote("a\u2028b\nc") + "&demo=island&seed=" + quote("x\u2029y"))
    assert s.seed == "xy"
    assert "unknown mode 'abc'; using play" in s.messages


def test_huge_seed_is_cut_and_huge_query_is_bounded():
    s = parse_query("demo=island&seed=" + "é" * 5000)
    assert len(s.seed) == MAX_SEED_CHARS
    s = parse_query("demo=island&" + "&".join(f"k{i}=v" for i in range(5000)))
    assert len(s.messages) <= 70
    assert any(str(MAX_QUERY_CHARS) in m for m in s.messages)


@hsettings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_query_text_parses_to_valid_settings(text):
    s = parse_query(text)
    _assert_valid(s)


keys = st.sampled_from(["mode", "demo", "stage", "seed", "w", "h", "ui", "world", "size",
                        "p.octaves", "p.water", "p.nope", "x"])
values = st.one_of(st.text(max_size=30), st.integers().map(str), st.floats().map(str),
                   st.sampled_from(["demo", "gallery", "play", "island", "mask", "caverns", "0", "1"]))


@hsettings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(keys, values), max_size=12))
def test_any_key_value_mix_parses_to_valid_settings(pairs):
    from urllib.parse import urlencode

    _assert_valid(parse_query(urlencode(pairs)))


def _assert_valid(s: Settings):
    spec = registry.get(s.generator)
    assert s.mode in ("play", "demo", "gallery")
    assert s.stage is None or s.stage in spec.stages
    assert s.seed is None or (0 < len(s.seed) <= MAX_SEED_CHARS)
    for value, lo, hi in ((s.width, spec.min_size[0], spec.max_size[0]),
                          (s.height, spec.min_size[1], spec.max_size[1])):
        assert value is None or lo <= value <= hi
    spec.make_params(s.params)  # every kept parameter is valid
    # Messages are drawn as one-line canvas labels: no controls or line breaks
    # from the URL can reach them.
    assert all(isinstance(m, str) and not any(is_invisible(ch) for ch in m) for m in s.messages)


def test_share_query_round_trips():
    original = Settings(mode="demo", generator="island", stage="mask", seed="a b&c=é", width=64,
                        height=40, ui=False, params={"octaves": 3})
    again = parse_query(to_query(original))
    assert (again.mode, again.generator, again.stage, again.seed, again.width, again.height,
            again.ui, again.params, again.messages) == ("demo", "island", "mask", "a b&c=é", 64, 40,
                                                        False, {"octaves": 3}, ())


def test_argv_mirrors_the_url():
    s = parse_argv(["--demo", "island", "--stage", "mask", "--seed", "abc", "--p", "octaves=5"])
    assert (s.mode, s.generator, s.stage, s.seed, s.params) == ("demo", "island", "mask", "abc", {"octaves": 5})
    assert s.messages == ()
    s = parse_argv(["--world", " Avalon ", "--size", "large", "--mode", "play"])
    assert (s.mode, s.world, s.dungeon_size) == ("play", "Avalon", "large")
    with pytest.raises(UsageError, match="unrecognized arguments: --bogus"):
        parse_argv(["--bogus"])  # what a link ignores with a message is an error on the command line
    with pytest.raises(HelpRequested, match="usage: python main.py"):
        parse_argv(["--seed", "x", "--help"])


@hsettings(max_examples=60, deadline=None)
@given(st.sampled_from(["w", "h", "p.fill", "p.loops", "mode", "demo", "stage", "ui", "size", "seed", "zz"]),
       st.text(min_size=200, max_size=4000) | st.just("9" * 4090))
def test_messages_quote_only_a_short_prefix_of_hostile_values(name, value):
    s = parse_query(("mode=demo&demo=caverns&" if name.startswith("p.") else "") + f"{name}={quote(value)}")
    assert all(len(m) <= 100 for m in s.messages), [m[:120] for m in s.messages]


def test_a_huge_number_is_named_briefly():
    (message,) = parse_query("w=" + "9" * 4090).messages
    assert message == "w=999999999999999999999999... is out of range; using 1024"


def test_a_replay_link_is_kept_up_to_its_documented_length():
    from game.shell.settings import MAX_REPLAY_CHARS, replay_link

    s = parse_query("?replay=DR1.abc-_")
    assert s.replay == "DR1.abc-_" and s.messages == ()
    long = parse_query("?replay=" + "A" * (MAX_REPLAY_CHARS + 1))
    assert long.replay is None and str(MAX_REPLAY_CHARS) in long.messages[0]
    assert parse_query("?replay=" + "A" * MAX_REPLAY_CHARS).replay is not None
    assert replay_link("https://x.test/", "DR1.abc") == "https://x.test/?replay=DR1.abc"
    assert replay_link("https://x.test/", "A" * (MAX_REPLAY_CHARS + 1)) is None
