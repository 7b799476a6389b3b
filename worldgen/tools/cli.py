"""Command line: ``worldgen list | bench | sweep | world | GEN ...`` (also ``python -m worldgen``).

Every generator subcommand is built from the registry.  Bad arguments exit
with status 2 and one line on stderr, naming the option at fault; a file that
cannot be written exits with status 1 and one line, leaving nothing behind;
success prints one JSON line (on stderr when the map itself goes to standard
output, ``--out -``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from worldgen.core import registry
from worldgen.core.image import PIXEL_BUDGET
from worldgen.core.registry import ParamError
from worldgen.generators import captions

from . import args as types
from .args import Parser, UsageError, command_name
from .bench import WORLD, run_bench
from .output import STDOUT, WriteError, check_shaping, out_format, write_map
from .sweep import sweep
from .timing import CLOCKS
from .world_cli import add_world_command, run_world_command

__all__ = ["main"]


#: Most runs per size ``bench --repeat`` takes (a thousand 400x400 rooms maps take minutes).
MAX_BENCH_RUNS = 1000
#: Most requests per generator ``sweep --maps`` takes (about an hour of random legal maps).
MAX_SWEEP_MAPS = 100_000
#: The largest ``sweep --seed`` (numpy's seed sequences take any whole number 0 or more; 64 bits is plenty).
MAX_SWEEP_SEED = 2**64 - 1


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; its usage names the command ``prog`` (default: as it was run)."""
    prog = prog or command_name(sys.argv[0])
    parser = Parser(prog=prog, description="Deepisle procedural map generators.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("list", help="list generators, stages and parameters")
    bench = sub.add_parser("bench", help="median milliseconds and longest step per generator and size")
    bench.add_argument("--gen", action="append", default=None,
                       help="only this generator, or 'world' for the game's locations (repeatable)")
    bench.add_argument("--repeat", type=types.whole(1, MAX_BENCH_RUNS), default=0,
                       help=f"runs per size, 1..{MAX_BENCH_RUNS} (default: by size)")
    bench.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    bench.add_argument("--no-memory", action="store_true", help="skip the peak-memory run")
    bench.add_argument("--compare", action="store_true",
                       help="time the in-repo reference and quote the peers' figures beside ours")
    bench.add_argument("--size", type=types.map_size, action="append", default=None, metavar="WxH",
                       help="only this size (repeatable; default: the generator's bench sizes and its largest)")
    bench.add_argument("--param", type=types.key_value, action="append", default=[], metavar="NAME=VALUE",
                       help="a parameter for every run (repeatable; needs exactly one --gen, not with --compare)")
    bench.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                       help="wall: what a frame waits (default); cpu: this thread's CPU time, "
                            "which other programs on a loaded machine move far less")
    sweep = sub.add_parser("sweep", help="random legal requests per generator: broken promises, "
                                         "the worst request's CPU time and memory")
    sweep.add_argument("--maps", type=types.whole(1, MAX_SWEEP_MAPS), default=100,
                       help=f"requests per generator, 1..{MAX_SWEEP_MAPS}")
    sweep.add_argument("--gen", action="append", default=None, help="only this generator (repeatable)")
    sweep.add_argument("--seed", type=types.whole(0, MAX_SWEEP_SEED), default=0,
                       help="which random requests (a whole number, 0 or more)")
    add_world_command(sub)
    for spec in registry.all_specs():
        _add_generator_command(sub, spec)
    return parser


def _add_generator_command(sub: Any, spec: registry.GeneratorSpec) -> None:
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    g = sub.add_parser(spec.name, help=spec.summary)
    g.add_argument("--seed", type=types.seed, default=None,
                   help="any text (default, or empty: a fresh one, printed in the JSON line)")
    g.add_argument("--width", type=types.whole(wlo, whi, f"for {spec.name}"), default=spec.default_size[0],
                   help=f"{wlo}..{whi} tiles (default {spec.default_size[0]})")
    g.add_argument("--height", type=types.whole(hlo, hhi, f"for {spec.name}"), default=spec.default_size[1],
                   help=f"{hlo}..{hhi} tiles (default {spec.default_size[1]})")
    g.add_argument("--stage", default=None, help=f"one of: {', '.join(spec.stages)} (default: {spec.final_stage})")
    g.add_argument("--param", type=types.key_value, action="append", default=[], metavar="NAME=VALUE")
    g.add_argument("--out", required=True,
                   help="output file: .png, .txt, .npz, .tmx or .tmj (Tiled), or - for the text map on stdout")
    g.add_argument("--scale", type=types.whole(1, 32), default=None,
                   help=f".png: pixels per tile (1..32, default 1; lowered to fit {PIXEL_BUDGET:,} pixels); "
                        f".tmx/.tmj: the tileset's tile size (default 16)")
    g.add_argument("--legend", action="store_true",
                   help=".png: add a key: the stage's sentence, its tiles, tints and markers, the source")
    g.add_argument("--frame", type=types.frame, default=None, metavar="WxH",
                   help=".png: the map as the game's demo shows it in a WxH window (an embed's poster)")


def cmd_list() -> int:
    for spec in registry.all_specs():
        (w, h), (wlo, hlo), (whi, hhi) = spec.default_size, spec.min_size, spec.max_size
        print(f"{spec.name}: {spec.summary}")
        print(f"  size: default {w}x{h}, range {wlo}..{whi} x {hlo}..{hhi}")
        print(f"  stages: {', '.join(spec.stages)}")
        for p in spec.param_specs:
            print(f"  --param {p.describe()}")
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    """One stage of one generator to ``--out``; every argument checked before the map is made."""
    spec = registry.get(args.command)
    if args.stage is not None:
        try:
            spec.check_stage(args.stage)
        except ParamError as exc:
            raise UsageError(f"argument --stage: {exc}") from None
    fmt = out_format(args.out)
    check_shaping(args.out, fmt, {"--frame": bool(args.frame), "--scale": args.scale is not None,
                                  "--legend": args.legend})
    params = _params(spec, args.param)
    if note := spec.budget_note(args.width, args.height, params):   # the work budget's cut (core.work), one line
        print(f"worldgen: note: {note}", file=sys.stderr)
    chosen = args.stage or spec.final_stage
    # Run through the chosen stage and the final one: a layer's .npz carries the final tiles too.
    last = max(chosen, spec.final_stage, key=spec.stages.index)
    start = time.perf_counter()
    result = registry.generate(spec.name, args.seed, args.width, args.height, params, stage=last)
    ms = (time.perf_counter() - start) * 1000.0
    stage = result.stages[chosen]
    key = captions.key(spec, result.stages, chosen, params, (args.width, args.height)) if args.legend else False
    scale = write_map(args.out, fmt, stage, final_tiles=result.stages[spec.final_stage].data, scale=args.scale,
                      legend=key, frame=args.frame, before=captions.before(spec, result.stages, chosen),
                      changes=captions.changes_of(spec, chosen),
                      properties={"generator": spec.name, "stage": chosen, "seed": result.seed_text})
    line = json.dumps({"generator": spec.name, "seed": result.seed_text, "width": args.width,
                       "height": args.height, "stage": stage.name, "milliseconds": round(ms, 3),
                       "out": args.out, "scale": scale}, ensure_ascii=False)
    print(line, file=sys.stderr if args.out == STDOUT else sys.stdout)
    return 0


def _params(spec: registry.GeneratorSpec, pairs: list[tuple[str, str]]) -> Any:
    """``--param NAME=VALUE`` pairs as the generator's parameters; a bad one names ``--param``."""
    try:
        return spec.make_params(dict(pairs))
    except ParamError as exc:
        raise UsageError(f"argument --param: {exc}") from None


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark table; ``--param`` settings checked before anything is timed."""
    params = None
    generators = [name for name in args.gen or () if name != WORLD]
    for name in generators:
        registry.get(name)  # an unknown name is one clear line, before anything is timed
    if (args.param or args.size) and WORLD in (args.gen or ()):
        raise UsageError("the world's rows have fixed sizes and settings: drop --size and --param")
    if args.param:
        if args.compare:
            raise UsageError("--compare runs fixed settings: drop --param")
        if not args.gen or len(set(args.gen)) != 1:
            raise UsageError("--param needs exactly one --gen (parameters belong to one generator)")
        params = _params(registry.get(args.gen[0]), args.param)
    if args.size:
        if args.compare:
            raise UsageError("--compare runs fixed sizes: drop --size")
        for spec in [registry.get(name) for name in generators] if args.gen else registry.all_specs():
            for width, height in args.size:
                try:
                    spec.check_size(width, height)
                except ParamError as exc:
                    raise UsageError(f"argument --size: {exc}") from None
    return run_bench(args.gen, args.repeat, as_json=args.json, memory=not args.no_memory,
                     compare=args.compare, params=params, sizes=args.size, clock=args.clock)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Print each broken request, then one JSON line per generator: counts, the worst request, the model's error."""
    for name in args.gen or [spec.name for spec in registry.all_specs()]:
        registry.get(name)  # an unknown name is one clear line
        print(json.dumps(sweep(name, args.maps, args.seed, report=print), ensure_ascii=False), flush=True)
    return 0


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    try:
        args = build_parser(prog).parse_args(argv)
        if args.command == "list":
            return cmd_list()
        if args.command == "bench":
            return cmd_bench(args)
        if args.command == "sweep":
            return cmd_sweep(args)
        if args.command == "world":
            return run_world_command(args)
        return cmd_generate(args)
    except (UsageError, ParamError, ValueError) as exc:
        print(f"worldgen: error: {exc}", file=sys.stderr)
        return 2
    except WriteError as exc:
        print(f"worldgen: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `python -m worldgen list | head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
