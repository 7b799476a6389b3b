"""The census (game/tools/census.py): counts read from the content tables."""

import importlib
import subprocess
import sys

from game.tools.census import TABLES, census


def _table_size(places):
    for module, attribute in places:
        try:
            return len(getattr(importlib.import_module(module), attribute))
        except (ImportError, AttributeError):
            continue
    return 0


def test_each_count_is_the_size_of_its_table_and_a_missing_table_counts_zero():
    counts = census()
    assert list(counts) == [label for label, _ in TABLES]
    for label, places in TABLES:
        assert counts[label] == _table_size(places), label
    assert TABLES[0][0] == "monster kinds"


def test_the_census_meets_the_counts_the_game_promises():
    counts = census()
    assert counts["monster kinds"] >= 30 and counts["behaviours"] >= 14 and counts["statuses"] >= 10
    assert counts["backgrounds"] >= 3 and counts["perks"] >= 16


def test_the_command_prints_one_line_per_count_and_refuses_arguments():
    done = subprocess.run([sys.executable, "-m", "game.tools.census"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines == [f"{label}: {count}" for label, count in census().items()]
    bad = subprocess.run([sys.executable, "-m", "game.tools.census", "x"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_the_monsters_page_shows_the_census_and_names_everything_it_counts():
    """docs/MONSTERS.md stays true: the census block is the tool's output, and
    every monster kind, background, perk and status has its row."""
    from pathlib import Path

    from game.rules.content import BACKGROUNDS, MONSTERS, PERKS, STATUSES
    page = (Path(__file__).resolve().parent.parent / "docs" / "MONSTERS.md").read_text(encoding="utf-8")
    block = page.split("python -m game.tools.census", 1)[1].split("```", 2)[1].strip()
    assert block.splitlines() == [f"{label}: {count}" for label, count in census().items()]
    rows = {line.split("|")[2].strip() for line in page.splitlines() if line.startswith("| `")}
    assert {m.name for m in MONSTERS} <= rows
    for name in [b.name for b in BACKGROUNDS] + [p.name for p in PERKS] + list(STATUSES):
        assert f"| {name} |" in page, name
