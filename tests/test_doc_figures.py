"""Words that stay true: every size and count the README and docs/ quote about the project is
read from the page that quotes it and held to what the build and the code make.

A quoted size ("about 410 KB") may be off by at most 15% (KB: 1,000 bytes, as ``make build``
prints them); a count must be exact.  When a test here fails, the page or the code has moved:
write the new figure (``make build`` prints the sizes)."""

import re
from pathlib import Path

import pytest

from webtools import ROOT, load_web_module

from game.rules.content.monsters import MONSTERS
from worldgen import all_specs
from worldgen.generators.world import N_LOCATIONS, SITES_PER_LOCATION

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "a hundred": 100}
TOLERANCE = 0.15


def page(name: str) -> str:
    """A page's text with its line breaks as spaces (a figure may wrap)."""
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def quoted(name: str, pattern: str) -> str:
    found = re.findall(pattern, page(name))
    assert len(found) == 1, f"{name}: {pattern!r} found {len(found)} times"
    return found[0]


def number(text: str) -> int:
    return WORDS[text.lower()] if text.lower() in WORDS else int(text.replace(",", ""))


def close(said_kb: str, actual_bytes: int) -> bool:
    return abs(actual_bytes / 1000 - number(said_kb)) <= TOLERANCE * number(said_kb)


def test_the_game_size_the_readme_quotes_is_what_the_build_makes(web):
    said = quoted("README.md", r"The game itself is about ([\d,]+) KB \(the page and its archive")
    actual = (web / "index.html").stat().st_size + (web / "deepisle.tar.gz").stat().st_size
    assert close(said, actual), f"README says about {said} KB; the build makes {actual / 1000:.0f} KB"


def test_the_page_and_archive_sizes_publishing_quotes_are_what_the_build_makes(web):
    for name in ("index.html", "deepisle.tar.gz"):
        said = quoted("docs/PUBLISHING.md", rf"`{re.escape(name)}`, about ([\d,]+) KB")
        actual = (web / name).stat().st_size
        assert close(said, actual), f"PUBLISHING.md says {name} is about {said} KB; it is {actual / 1000:.0f} KB"


def test_the_build_prints_the_sizes_the_docs_quote(web):
    printed = load_web_module("build").sizes(web)
    page_kb = (web / "index.html").stat().st_size / 1000
    assert f"index.html {page_kb:.0f} KB" in printed and "deepisle.tar.gz" in printed


@pytest.mark.parametrize("name, pattern, actual", [
    ("README.md", r"\*\*(\w+) map generators\*\*", lambda: len(all_specs())),
    ("README.md", r"a world named by its player: (\w+) islands", lambda: N_LOCATIONS),
    ("README.md", r"(a hundred|[\d,]+) dungeon sites on each", lambda: SITES_PER_LOCATION),
    ("README.md", r"(\d+) kinds of monster", lambda: len(MONSTERS)),
    ("README.md", r"a named world of (\w+) islands", lambda: N_LOCATIONS),
    ("README.md", r"with (a hundred|[\d,]+) dungeon sites each", lambda: SITES_PER_LOCATION),
])
def test_a_count_the_readme_quotes_is_what_the_code_has(name, pattern, actual):
    assert number(quoted(name, pattern)) == actual()


def test_the_embed_size_quoted_is_the_games_window():
    build = load_web_module("build")
    for name in ("README.md", "docs/PUBLISHING.md"):
        w, h = quoted(name, r"embed size (?:to )?\**(\d+) x (\d+)\**")
        assert (int(w), int(h)) == (build.WIDTH, build.HEIGHT), name


def test_the_example_pages_figure_count_is_what_embed_md_quotes():
    embeds = load_web_module("embeds")
    figures = embeds.page_embeds((ROOT / "web" / "embed-example.html").read_text(encoding="utf-8"))
    assert number(quoted("docs/EMBED.md", r"the (\w+) figures of the example page")) == len(figures)


def test_a_figure_that_moved_is_caught():
    assert close("410", 410_000) and close("410", 470_000) and not close("410", 480_000)
    assert number("a hundred") == 100 and number("1,000") == 1000
    with pytest.raises(AssertionError):
        quoted("README.md", r"no such (\w+) words")


def test_no_dated_or_unchecked_size_is_left_in_the_pages():
    """A size written with a date (``make build``, 2026-11-27) was a snapshot that went stale."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if path.name in ("BENCHMARKS.md", "BALANCE.md", "TESTING.md"):
            continue  # records of measurements, each with its date and its command
        text = " ".join(path.read_text(encoding="utf-8").split())
        stale = re.findall(r"\d+ KB[^.]{0,40}\d{4}-\d{2}-\d{2}", text)
        assert stale == [], f"{path.name}: {stale}"
    assert Path(ROOT / "docs" / "PUBLISHING.md").is_file()
