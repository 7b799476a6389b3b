"""Save anywhere, continue in a fresh process, verify (``tests/soak.py``):
for every background and every harness policy, a run is played straight
through; then it is saved and quit at cut points chosen among its commands
(right after each kind of map build, while a map is being built, mid-walk,
mid-fight, on the overworld, and wherever allies, fire or gas are alive),
continued from the save in a fresh process with the same commands, and
finished.  Each continued run's own recording must pass ``--verify`` and end
in the straight run's state, digest for digest.  A process killed while it
saves leaves a save and a recording that agree.  ``make soak`` runs
thousands of cuts; ``pytest -k "save and verify"`` finds these tests."""

from collections import Counter

import numpy as np
import pytest

from game.rules.run import BACKGROUNDS
from game.tools.autoplay import POLICIES
from soak import KINDS, check_plans, choose_cuts, kill_while_saving, moments, plan_run

TURNS = 450  # each straight run: long enough to go down a site, short enough for CI
CUTS = 6  # per run: one of every kind of moment the run has, then random ones


@pytest.fixture(scope="module")
def soaked(tmp_path_factory):
    """Every (background, policy) run and what happened at each of its cuts."""
    rng = np.random.default_rng(36)
    plans = []
    for background in (b.id for b in BACKGROUNDS):
        for policy in POLICIES:
            plan = plan_run(f"Holdfast-{policy}-{background}", "small", 1, background, policy, TURNS)
            plans.append((plan, choose_cuts(moments(plan), CUTS, rng)))
    return [(plan, results) for (plan, _), results in zip(plans, check_plans(plans, tmp_path_factory.mktemp("soak")))]


@pytest.mark.parametrize("background", [b.id for b in BACKGROUNDS])
def test_save_and_verify_anywhere_plays_on_as_if_never_saved(soaked, background):
    runs = [(plan, results) for plan, results in soaked if plan.background == background]
    assert {plan.policy for plan, _ in runs} == set(POLICIES)
    failures = [f"{plan.policy}: cut after command {cut.n}{' (building)' if cut.building else ''} {cut.kinds}: {why}"
                for plan, results in runs for cut, why in results if why]
    assert failures == []


def test_save_and_verify_cuts_cover_every_moment_the_runs_meet(soaked):
    cuts = [cut for _, results in soaked for cut, _ in results]
    assert len(cuts) >= 60
    kinds = Counter(k for cut in cuts for k in cut.kinds)
    for kind in ("after build", "building", "overworld", "walk", "fight"):
        assert kinds[kind] == len(soaked), (kind, kinds)  # every run meets each of these
    assert kinds["hazards"] >= 2 and kinds["allies"] >= 1
    assert set(kinds) <= set(KINDS)


def test_cuts_are_one_of_each_kind_then_random_in_command_order():
    kinds = [set(), {"walk"}, {"after build", "building"}, set(), {"fight", "walk"}, set(), set()]
    cuts = choose_cuts(kinds, 6, np.random.default_rng(0))
    assert [c.n for c in cuts] == sorted(c.n for c in cuts)
    assert {(c.n, c.building) for c in cuts if "building" in c.kinds} == {(3, True)}
    assert {(c.n, c.building) for c in cuts if "after build" in c.kinds} == {(3, False)}
    assert any("fight" in c.kinds for c in cuts) and any("walk" in c.kinds for c in cuts)
    assert len(cuts) == 6 and all(c.kinds == ["random"] for c in cuts if "random" in c.kinds)
    assert len(choose_cuts(kinds, 100, np.random.default_rng(0))) == len(kinds) + 1  # each command once, one building


def test_save_and_verify_after_a_kill_mid_save():
    assert kill_while_saving(kills=4, turns=300, seed=36) == []
