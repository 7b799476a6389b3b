"""tests/edges.py, the threshold scan: it finds every ordering comparison, moves exactly one by
one step, and knows the focused tests of every module it scans (the ones docs/TESTING.md lists)."""

from pathlib import Path

import pytest

import edges

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("game/rules", "worldgen/core", "worldgen/toolkit", "worldgen/generators")


def test_every_comparison_of_a_file_is_found_once_in_order_with_its_function():
    source = ("def f(a, b):\n    return a < b or (b >= 3 and 1 <= a <= 9)\n"
              "def g(x):\n    ok = x > 0  # a > in a comment\n    return '>=' if x == 1 else ok\n")
    found = edges.comparisons_in(source)
    assert [(e.line, e.op, e.text, e.function) for e in found] == [
        (2, "<", "a < b", "f"), (2, ">=", "b >= 3", "f"), (2, "<=", "1 <= a", "f"), (2, "<=", "a <= 9", "f"),
        (4, ">", "x > 0", "g")]


@pytest.mark.parametrize("op, shifted", [("<", "<="), ("<=", "<"), (">", ">="), (">=", ">")])
def test_a_shift_moves_one_comparisons_edge_by_one_and_nothing_else(op, shifted):
    source = f"y = [a {op} b, a {op} b]  # é {op}\n"
    edge = edges.comparisons_in(source)[1]
    assert edges.shift(source, edge) == f"y = [a {op} b, a {shifted} b]  # é {op}\n"


def test_a_comparison_after_wide_characters_is_shifted_in_place():
    source = 'label = "→→" if n <= 3 else "é"\n'
    [edge] = edges.comparisons_in(source)
    assert edges.shift(source, edge) == 'label = "→→" if n < 3 else "é"\n'


def test_every_module_with_a_comparison_has_focused_tests_that_exist():
    bare = []
    for module in edges.modules_of(list(SCANNED)):
        tests = edges.focused_tests(module)
        assert all((ROOT / t).is_file() for t in tests), (module, tests)
        if not tests and edges.comparisons_in((ROOT / module).read_text(encoding="utf-8")):
            bare.append(module)
    assert bare == []


def test_the_focused_tests_are_the_ones_docs_testing_lists():
    listed = (ROOT / "docs" / "TESTING.md").read_text(encoding="utf-8")
    named = {Path(t).name for tests in edges.FOCUSED.values() for t in tests}
    assert {name for name in named if name not in listed} == set()
