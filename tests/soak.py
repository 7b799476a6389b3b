"""Save anywhere: a run saved and quit at any moment, then continued in a
fresh process, plays on exactly as if it had never stopped, and its
recording verifies.

    python tests/soak.py [--turns T] [--cuts K] [--kills N] [--world NAME] [--size S]
                              [--backgrounds B,...] [--policies P,...] [--processes J]   (make soak)

For each background and each harness policy (:mod:`game.tools.autoplay`)
one run of ``T`` turns is played straight through, recorded.  Cut points
are then chosen among its commands (:func:`choose_cuts`): right after each
kind of map build, while a map is being built, mid-walk, mid-rest, mid-fight,
on the overworld, with allies near, with fire or gas alive, and at random.
For each cut the first commands are given again to a new run with a storage
of its own, which is saved as the play screen saves (``Game.save_to``) and
dropped; a fresh process (``--continue``, one for all the cuts of a run)
loads each save as the title does (``load_saved``, ``Game.resume``), gives
the rest of the commands and finishes the recording.  A cut passes when the
recording verifies (:func:`game.replay.verify` exits 0) and the final state
digest equals the straight run's.  The table says, for each run, how many
cuts of each kind were taken and how many passed; failures are listed.

``--kills N`` (after the cuts; ``--cuts 0`` for kills alone) starts, N times,
a process that plays and saves after every command (as
the play screen does), kills it (SIGKILL) at a moment drawn from a seeded
generator once it has saved, and checks what it left: the save loads, the
recording inside it reads back whole, and, finished where it stands, it
verifies.  Exit status: 0 when everything passed, 1 otherwise, 2 on bad
arguments.

It lives beside the tests, not in ``game/tools``: it starts processes, which
nothing under ``game/`` may do (the page has none).

Long because it is three tools of one promise (plan the cuts, continue them
in a fresh process, kill a saving one) that read best together.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the project is importable from its own folder
    sys.path.insert(0, str(ROOT))

from game.shell.browser import Storage  # noqa: E402 - after the path is set
from game.replay import verify  # noqa: E402
from game.rules.persistence.digest import state_digest  # noqa: E402
from game.rules.persistence.record import COMMANDS, encode_command, parse_commands, read_file  # noqa: E402
from game.rules.run import BACKGROUNDS, Game, load_saved  # noqa: E402
from game.tools.autoplay import POLICIES, play_run  # noqa: E402
from game.shell.work import settle  # noqa: E402

__all__ = ["Plan", "Cut", "plan_run", "moments", "choose_cuts", "save_cuts", "continue_cuts", "check_plans",
           "kill_while_saving", "KINDS", "main"]

#: The moments a cut is chosen at, in the table's order.
KINDS = ("after build", "building", "overworld", "walk", "rest", "fight", "allies", "hazards", "random")
SCRIPT = str(Path(__file__).resolve())


@dataclass
class Plan:
    """A run played straight through: its start, commands and final digest."""

    world: str
    size: str
    seed: int
    background: str
    policy: str
    commands: list[tuple[str, tuple]]
    final: str  # the state digest at its end


@dataclass
class Cut:
    """Save and quit after the first ``n`` commands (``building``: before the map the last asked for is built)."""

    n: int
    building: bool
    kinds: list[str] = field(default_factory=list)


def plan_run(world: str, size: str, seed: int, background: str, policy: str, turns: int) -> Plan:
    """One recorded run of ``policy`` as ``background`` for ``turns`` turns."""
    report = play_run(world, policy, size, max_turns=turns, run_seed=seed, background=background)
    rec, why = read_file(report.recording)
    if rec is None:
        raise RuntimeError(f"the straight run's recording does not read: {why}")
    return Plan(world, size, seed, background, policy, parse_commands("".join(rec.commands)), rec.final[2])


def _new(plan: Plan, record: bool = True) -> Game:
    g = Game.new(plan.world, plan.size, plan.seed, background=plan.background, record=record)
    settle(g)
    return g


def _give(g: Game, command: tuple[str, tuple]) -> None:
    code, args = command
    getattr(g, COMMANDS[code])(*args)


def _hazards(g: Game) -> bool:
    level = g.level
    return level is not None and bool(level.fire.any() or any(v.any() for v in level.gas.values()))


def moments(plan: Plan) -> list[set[str]]:
    """For each command, the kinds of moment the run is in just after it
    (before the map it asked for is built, if any)."""
    g, out = _new(plan, record=False), []
    for command in plan.commands:
        _give(g, command)
        kinds = set()
        if g.pending is not None:
            kinds |= {"after build", "building"}
        elif g.mode == "overworld":
            kinds.add("overworld")
        if g.path or g.exploring:
            kinds.add("walk")
        if g.resting:
            kinds.add("rest")
        if g.mode == "dungeon" and g.foes_in_view():
            kinds.add("fight")
        if g.companions or (g.mode == "dungeon" and g.allies()):
            kinds.add("allies")
        if g.mode == "dungeon" and _hazards(g):
            kinds.add("hazards")
        out.append(kinds)
        settle(g)
    return out


def choose_cuts(kinds: list[set[str]], k: int, rng: np.random.Generator) -> list[Cut]:
    """One cut of every kind of moment the run has, then random ones, ``k``
    in all (more when the run has more kinds, fewer when it is shorter), in
    command order."""
    chosen: dict[tuple[int, bool], list[str]] = {}

    def take(i: int, kind: str) -> None:
        chosen.setdefault((i + 1, kind == "building"), []).append(kind)

    for kind in KINDS[:-1]:
        where = [i for i, ks in enumerate(kinds) if kind in ks]
        if where:
            take(int(rng.choice(where)), kind)
    free = [i for i in range(len(kinds)) if (i + 1, False) not in chosen]
    extra = max(0, min(k - len(chosen), len(free)))
    for i in rng.choice(free, size=extra, replace=False).tolist() if extra else []:
        take(int(i), "random")
    return [Cut(n, building, sorted(ks)) for (n, building), ks in sorted(chosen.items())]


def save_cuts(plan: Plan, cuts: list[Cut], work: Path) -> list[dict]:
    """Play ``plan`` once more, saving at each cut into a folder of its own
    under ``work`` (a save changes nothing in the run); the jobs for the
    fresh process: each save's folder and the commands after it."""
    at = {(c.n, c.building): i for i, c in enumerate(cuts)}
    g = _new(plan)
    jobs: list[dict] = [{}] * len(cuts)

    def keep(i: int) -> None:
        directory = work / f"cut{i}"
        outcome = g.save_to(Storage(directory))
        if outcome.text is None:
            raise RuntimeError(f"the save after command {cuts[i].n} was not written: {outcome.why or 'nothing to keep'}")
        jobs[i] = {"dir": str(directory), "commands": "".join(encode_command(c, a)
                                                                for c, a in plan.commands[cuts[i].n:])}

    for n, command in enumerate(plan.commands, 1):
        _give(g, command)
        if (n, True) in at:
            if g.pending is None:
                raise RuntimeError(f"command {n} asked for no map")
            keep(at[n, True])
        settle(g)
        if (n, False) in at:
            keep(at[n, False])
    return jobs


def continue_cuts(jobs: list[dict]) -> list[dict]:
    """In the fresh process: load each job's save, give its remaining commands,
    finish and verify; the final digest and what ``--verify`` said (or the error)."""
    out = []
    for job in jobs:
        try:
            storage = Storage(job["dir"])
            body, why = load_saved(storage)
            if body is None:
                raise RuntimeError(f"the save did not load: {why or 'none there'}")
            g = Game.resume(body, storage)
            if g.recording is None:
                raise RuntimeError(f"the save carries no recording: {g.log[-1].text}")
            settle(g)
            for command in parse_commands(job["commands"]):
                if g.dead or g.won:
                    break
                _give(g, command)
                settle(g)
            status, line = verify(g.finish_recording())
            out.append({"digest": state_digest(g), "status": status, "line": line})
        except Exception as exc:  # noqa: BLE001 - reported per cut, the others go on
            out.append({"error": f"{type(exc).__name__}: {exc}"})
    return out


def check_plans(plans: list[tuple[Plan, list[Cut]]], work: Path, processes: int = 2) -> list[list[tuple[Cut, str]]]:
    """Every cut of every plan, continued in ``processes`` fresh processes at
    once: for each plan, ``(cut, "")`` for a cut that passed, else ``(cut, why)``."""
    jobs = []
    for p, (plan, cuts) in enumerate(plans):
        directory = work / f"plan{p}"
        jobs += [(p, job) for job in save_cuts(plan, cuts, directory)]
    shares = [jobs[i::processes] for i in range(processes)]
    running = []
    for i, share in enumerate(shares):
        path = work / f"jobs{i}.json"
        path.write_text(json.dumps([job for _, job in share]), encoding="utf-8")
        running.append(subprocess.Popen([sys.executable, SCRIPT, "--continue", str(path)], cwd=ROOT,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results: dict[str, dict] = {}
    for share, proc in zip(shares, running):
        out, err = proc.communicate(timeout=3600)
        if proc.returncode != 0:
            raise RuntimeError(f"a fresh process failed: {err.strip()[-400:]}")
        results.update((job["dir"], r) for (_, job), r in zip(share, json.loads(out)))
    report: list[list[tuple[Cut, str]]] = [[] for _ in plans]
    for p, job in jobs:
        plan, cuts = plans[p]
        cut = cuts[len(report[p])]
        report[p].append((cut, _verdict(plan, results[job["dir"]])))
    return report


def _verdict(plan: Plan, result: dict) -> str:
    if "error" in result:
        return result["error"]
    if result["status"] != 0:
        return f"--verify exits {result['status']}: {result['line']}"
    if result["digest"] != plan.final:
        return "the continued run ends in another state than the straight run"
    return ""


# -- killing a process that saves ---------------------------------------------------------------
def _keep_saving(directory: Path, world: str, turns: int) -> None:
    """The process to kill: a careful fighter's run, saved after every command, as the play screen saves."""
    report = play_run(world, "careful", "small", max_turns=turns, run_seed=1)
    plan = Plan(world, "small", 1, "", "careful", parse_commands("".join(read_file(report.recording)[0].commands)),
                "")
    g, storage = _new(plan), Storage(directory)
    for command in plan.commands:
        _give(g, command)
        settle(g)
        g.save_to(storage)
        print("saved", flush=True)


def kill_while_saving(kills: int, turns: int, seed: int = 0, world: str = "Killjoy") -> list[str]:
    """Kill a saving process ``kills`` times; what each left, checked: one line per failure."""
    rng = np.random.default_rng(seed)
    failures = []
    for k in range(kills):
        with tempfile.TemporaryDirectory(prefix="deepisle-kill-") as tmp:
            proc = subprocess.Popen([sys.executable, SCRIPT, "--keep-saving", tmp, "--world", world, "--turns",
                                     str(turns)], cwd=ROOT, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True)
            first = proc.stdout.readline()  # it has saved once: there is something to lose
            if first.strip() == "saved":
                time.sleep(float(rng.uniform(0.0, 0.6)))
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=60)
            why = _left_behind(Path(tmp))
            if why:
                failures.append(f"kill {k + 1}: {why}")
    return failures


def _left_behind(directory: Path) -> str:
    """Why what a killed process left is not a save and a recording that agree ("" when it is)."""
    storage = Storage(directory)
    body, why = load_saved(storage)
    if body is None:
        return f"no save loads ({why or 'none written'})"
    g = Game.resume(body, storage)
    if g.recording is None:
        return f"the save's recording is lost: {g.log[-1].text}"
    settle(g)
    status, line = verify(g.finish_recording())
    return f"the recording does not verify: {line}" if status != 0 else ""


# -- the command line -----------------------------------------------------------------------------
def _parse(argv: list[str]) -> argparse.Namespace:
    class Parser(argparse.ArgumentParser):
        def error(self, message: str):
            print(f"soak: error: {message}", file=sys.stderr)
            raise SystemExit(2)

    def count(lo: int, hi: int):
        def read(text: str) -> int:
            try:
                value = int(text)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
            if not lo <= value <= hi:
                raise argparse.ArgumentTypeError(f"{value} is not in {lo}..{hi}")
            return value
        return read

    def names(allowed):
        def read(text: str) -> list[str]:
            out = [t.strip() for t in text.split(",") if t.strip()]
            bad = [t for t in out if t not in allowed]
            if bad or not out:
                raise argparse.ArgumentTypeError(f"choose from {', '.join(allowed)}")
            return out
        return read

    ap = Parser(prog="python tests/soak.py", description="Save anywhere, continue in a fresh process, verify.")
    ap.add_argument("--turns", type=count(10, 200_000), default=1500, help="turns of each straight run")
    ap.add_argument("--cuts", type=count(0, 10_000), default=40,
                    help="cuts per run (one of each kind of moment at least; 0: no cuts, only --kills)")
    ap.add_argument("--world", default="Cutwater", help="the world's name (each run adds -policy-background)")
    ap.add_argument("--size", choices=("small", "medium", "large"), default="small")
    ap.add_argument("--backgrounds", type=names([b.id for b in BACKGROUNDS]), default=[b.id for b in BACKGROUNDS])
    ap.add_argument("--policies", type=names(POLICIES), default=list(POLICIES))
    ap.add_argument("--seed", type=count(0, 2**31), default=1, help="the seed the cuts and kills are drawn from")
    ap.add_argument("--kills", type=count(0, 100_000), default=0, help="kill a saving process this many times")
    ap.add_argument("--processes", type=count(1, 64), default=2, help="fresh processes continuing the cuts at once")
    ap.add_argument("--continue", dest="jobs", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--keep-saving", dest="keep", type=Path, help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    if args.jobs is not None:
        print(json.dumps(continue_cuts(json.loads(args.jobs.read_text(encoding="utf-8")))))
        return 0
    if args.keep is not None:
        _keep_saving(args.keep, args.world, args.turns)
        return 0
    status = _soak(args) if args.cuts else 0
    if args.kills:
        failures = kill_while_saving(args.kills, min(args.turns, 600), args.seed, args.world)
        print(f"{args.kills - len(failures)} of {args.kills} kills left a save and a recording that agree")
        for line in failures:
            print("  " + line)
        status = status or (1 if failures else 0)
    return status


def _soak(args: argparse.Namespace) -> int:
    rng = np.random.default_rng(args.seed)
    plans = []
    for background in args.backgrounds:
        for policy in args.policies:
            plan = plan_run(f"{args.world}-{policy}-{background}", args.size, 1, background, policy, args.turns)
            plans.append((plan, choose_cuts(moments(plan), args.cuts, rng)))
    with tempfile.TemporaryDirectory(prefix="deepisle-soak-") as tmp:
        report = check_plans(plans, Path(tmp), args.processes)
    print(f"{'run':<24} {'cuts':>5} {'passed':>7}  " + " ".join(f"{k:>11}" for k in KINDS))
    failed: list[str] = []
    for (plan, _), results in zip(plans, report):
        name = f"{plan.background}/{plan.policy}"
        kinds = Counter(k for cut, _ in results for k in cut.kinds)
        print(f"{name:<24} {len(results):>5} {sum(1 for _, why in results if not why):>7}  "
              + " ".join(f"{kinds.get(k, 0):>11}" for k in KINDS))
        failed += [f"{name} cut after command {c.n}{' (building)' if c.building else ''} {c.kinds}: {why}"
                   for c, why in results if why]
    total = sum(len(r) for r in report)
    print(f"{total - len(failed)} of {total} cuts verified and ended as the straight run")
    for line in failed:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
