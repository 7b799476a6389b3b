"""Command line: ``python -m worldgen list | bench | sweep | world | GEN ...``.

Every generator subcommand is built from the registry.  Bad arguments exit
with status 2 and one line on stderr; success prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from worldgen.core import registry
from worldgen.core.image import PIXEL_BUDGET, picture, write_png, write_stage
from worldgen.core.registry import ParamError
from worldgen.core.seeding import MAX_SEED_CHARS, clean_seed_text
from worldgen.generators import captions

from .bench import WORLD, run_bench
from .timing import CLOCKS
from .output import write_picture
from .sweep import sweep
from .world_cli import add_world_command, run_world_command

__all__ = ["main"]


#: Most runs per size ``bench --repeat`` takes (a thousand 400x400 rooms maps take minutes).
MAX_BENCH_RUNS = 1000
#: Most requests per generator ``sweep --maps`` takes (about an hour of random legal maps).
MAX_SWEEP_MAPS = 100_000


class UsageError(Exception):
    """Raised instead of argparse's exit so every failure is one line, status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # noqa: D401 - argparse hook
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):
        """argparse's, but a bad option is named before a missing one:
        argparse checks what is required first, so ``island --bogus`` said
        ``--seed, --out`` are required and never named ``--bogus``."""
        try:
            return super().parse_known_args(args, namespace)
        except UsageError as missing:
            if not str(missing).startswith("the following arguments are required"):
                raise
            unknown = self._unknown_args(args)
            if unknown:
                self.error(f"unrecognized arguments: {' '.join(unknown)}")
            raise

    def _unknown_args(self, args) -> list[str]:
        """The arguments no option takes, parsed again with nothing required."""
        required = [a for a in self._actions if a.required]
        for action in required:
            action.required = False
        try:
            return super().parse_known_args(args, None)[1]
        except UsageError:
            return []
        finally:
            for action in required:
                action.required = True


def _size(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:20]!r}") from None


def _seed(text: str) -> str:
    """The seed as every entry point cleans it (``seeding.clean_seed_text``)."""
    clean = clean_seed_text(text)
    if len(clean) > MAX_SEED_CHARS:
        raise argparse.ArgumentTypeError(f"seed longer than {MAX_SEED_CHARS} characters")
    if not clean:
        raise argparse.ArgumentTypeError("the seed is empty (once spaces and invisible characters are dropped)")
    return clean


def _wxh(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` as two ints, ``(0, 0)`` when it is not that."""
    width, sep, height = text.lower().partition("x")
    try:
        return (int(width, 10), int(height, 10)) if sep else (0, 0)
    except ValueError:
        return 0, 0


def _map_size(text: str) -> tuple[int, int]:
    size = _wxh(text)
    if size == (0, 0):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 79x29, got {text[:20]!r}")
    return size


def _frame(text: str) -> tuple[int, int]:
    size = _wxh(text)
    if not (1 <= size[0] <= 16384 and 1 <= size[1] <= 16384 and size[0] * size[1] <= PIXEL_BUDGET):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 960x540 (each 1..16384), got {text[:20]!r}")
    return size


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text[:40]!r}")
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m worldgen", description="Deepisle procedural map generators.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("list", help="list generators, stages and parameters")
    bench = sub.add_parser("bench", help="median milliseconds and longest step per generator and size")
    bench.add_argument("--gen", action="append", default=None,
                       help="only this generator, or 'world' for the game's locations (repeatable)")
    bench.add_argument("--repeat", type=_size, default=0,
                       help=f"runs per size, 1..{MAX_BENCH_RUNS} (default: by size)")
    bench.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    bench.add_argument("--no-memory", action="store_true", help="skip the peak-memory run")
    bench.add_argument("--compare", action="store_true",
                       help="time the in-repo reference and quote the peers' figures beside ours")
    bench.add_argument("--size", type=_map_size, action="append", default=None, metavar="WxH",
                       help="only this size (repeatable; default: the generator's bench sizes and its largest)")
    bench.add_argument("--param", type=_key_value, action="append", default=[], metavar="NAME=VALUE",
                       help="a parameter for every run (repeatable; needs exactly one --gen, not with --compare)")
    bench.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                       help="wall: what a frame waits (default); cpu: this thread's CPU time, "
                            "which other programs on a loaded machine move far less")
    sweep = sub.add_parser("sweep", help="random legal requests per generator: counts of broken promises")
    sweep.add_argument("--maps", type=_size, default=100, help=f"requests per generator, 1..{MAX_SWEEP_MAPS}")
    sweep.add_argument("--gen", action="append", default=None, help="only this generator (repeatable)")
    sweep.add_argument("--seed", type=_size, default=0, help="which random requests (a whole number)")
    add_world_command(sub, key_value=_key_value)
    for spec in registry.all_specs():
        g = sub.add_parser(spec.name, help=spec.summary)
        g.add_argument("--seed", type=_seed, required=True, help="any text")
        g.add_argument("--width", type=_size, default=spec.default_size[0])
        g.add_argument("--height", type=_size, default=spec.default_size[1])
        g.add_argument("--stage", default=None,
                       help=f"one of: {', '.join(spec.stages)} (default: {spec.final_stage})")
        g.add_argument("--param", type=_key_value, action="append", default=[], metavar="NAME=VALUE")
        g.add_argument("--out", required=True, help="output file: .png, .txt or .npz")
        g.add_argument("--scale", type=_size, default=1,
                       help=f"PNG pixels per tile (1..32; lowered to fit {PIXEL_BUDGET:,} pixels)")
        g.add_argument("--legend", action="store_true",
                       help="PNG: add a key: the stage's sentence, its tiles, tints and markers, the source")
        g.add_argument("--frame", type=_frame, default=None, metavar="WxH",
                       help="PNG: the map as the game's demo shows it in a WxH window (an embed's poster)")
    return parser


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
    spec = registry.get(args.command)
    spec.check_size(args.width, args.height)
    if args.stage is not None:
        spec.check_stage(args.stage)
    if not 1 <= args.scale <= 32:
        raise ParamError(f"--scale must be 1..32; got {args.scale}")
    out = Path(args.out)
    if out.suffix.lower() not in (".png", ".txt", ".npz"):
        raise ParamError(f"--out must end in .png, .txt or .npz; got {out.name!r}")
    if args.frame and (out.suffix.lower() != ".png" or args.legend or args.scale != 1):
        raise ParamError("--frame writes a .png of its own size: drop --scale and --legend")
    params = spec.make_params(dict(args.param))
    chosen = args.stage or spec.final_stage
    # Run through the chosen stage and the final one: a layer's .npz carries the final tiles too.
    last = max(chosen, spec.final_stage, key=spec.stages.index)
    start = time.perf_counter()
    result = registry.generate(spec.name, args.seed, args.width, args.height, params, stage=last)
    ms = (time.perf_counter() - start) * 1000.0
    stage = result.stages[chosen]
    if stage.kind != "tiles" and out.suffix.lower() == ".txt":
        raise ParamError(f"stage {chosen!r} is a float layer; write it as .png or .npz")
    tiles = stage.data if stage.kind == "tiles" else result.stages[spec.final_stage].data
    scale = args.scale
    try:
        if args.frame:
            write_png(out, captions.framed(spec, result.stages, chosen, *args.frame))
        elif out.suffix.lower() == ".png":
            key = captions.key(spec, result.stages, chosen, params, (args.width, args.height)) if args.legend else False
            scale = write_picture(out, picture(stage, key, captions.before(spec, result.stages, chosen)), scale)
        else:
            write_stage(out, stage, tiles)
    except OSError as exc:
        raise ParamError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(json.dumps({"generator": spec.name, "seed": args.seed, "width": args.width,
                      "height": args.height, "stage": stage.name, "milliseconds": round(ms, 3),
                      "out": str(out), "scale": scale}, ensure_ascii=False))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """The benchmark table; ``--param`` settings checked before anything is timed."""
    if not 0 <= args.repeat <= MAX_BENCH_RUNS:
        raise UsageError(f"--repeat must be 1..{MAX_BENCH_RUNS}; got {args.repeat}")
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
        params = registry.get(args.gen[0]).make_params(dict(args.param))
    if args.size:
        if args.compare:
            raise UsageError("--compare runs fixed sizes: drop --size")
        for spec in [registry.get(name) for name in generators] if args.gen else registry.all_specs():
            for width, height in args.size:
                spec.check_size(width, height)
    return run_bench(args.gen, args.repeat, as_json=args.json, memory=not args.no_memory,
                     compare=args.compare, params=params, sizes=args.size, clock=args.clock)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Print each broken request, then one JSON line of counts per generator."""
    if not 1 <= args.maps <= MAX_SWEEP_MAPS:
        raise UsageError(f"--maps must be 1..{MAX_SWEEP_MAPS}; got {args.maps}")
    for name in args.gen or [spec.name for spec in registry.all_specs()]:
        registry.get(name)  # an unknown name is one clear line
        print(json.dumps(sweep(name, args.maps, args.seed, report=print), ensure_ascii=False), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
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
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `python -m worldgen list | head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
