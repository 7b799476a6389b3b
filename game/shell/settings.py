"""Start-up settings from a URL query string (browser) or argv (native).

:func:`parse_query` is one pure function from the query string to
:class:`Settings`, built from the generator registry.  It never raises: every
bad value falls back to a documented default or clamp and adds a plain-text
line to ``Settings.messages``, which the game shows on screen.

Accepted keys::

    mode=play|demo|gallery   default play
    demo=GEN                 a registered generator (default island)
    stage=S                  one of its stages (default: the last)
    seed=TEXT                any text; control characters dropped, cut to 200 chars: a demo's
                             map, or with world= the run's own rolls (the same link plays the
                             same run: a shared challenge, a test)
    w=, h=                   map size, clamped to the generator's range
    ui=0|1|panel             0 hides every overlay (bare view for a blog figure); panel opens
                             the demo's parameter panel (a figure a reader can play with)
    p.NAME=VALUE             generator parameters, clamped to their ranges (a request
                             over the work budget is cut: one message names the cut)
    vs=1, vs.seed=TEXT,      the demo's compare view: a second map beside the first, its seed
    vs.p.NAME=VALUE          or parameters changed by these keys (vs=1: the two alike)
    world=NAME               world name for play mode
    size=small|medium|large  dungeon size for a new world
    replay=TEXT              a recorded run to watch (a recording's text, at most
                             MAX_REPLAY_CHARS characters; a longer run is shared as a file)

Unknown keys are ignored with a message.  Nothing here is ever written into
the page as HTML: the game draws text onto its canvas only.

:func:`parse_argv` reads the same keys from a native command line, strictly
(as ``python -m worldgen`` does): a value a link would correct is a one-line
:class:`UsageError` there, and ``--help`` raises :class:`HelpRequested`;
:func:`game.launch.main` prints them and exits with status 2 or 0.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from worldgen.core import registry
from worldgen.core.registry import ParamError
from worldgen.core.seeding import MAX_SEED_CHARS, clean_seed_text

from ..rules.content import SIZE_NAMES

__all__ = ["Settings", "parse_query", "parse_argv", "clean_text", "to_query", "replay_link", "MODES", "UsageError",
           "MAX_REPLAY_CHARS", "HelpRequested"]

MODES = ("play", "demo", "gallery")
MAX_REPLAY_CHARS = 7000  # a replay= link's recording, at most (links past 8 KB fail on many servers)
MAX_QUERY_CHARS = MAX_REPLAY_CHARS + 1096
MAX_KEYS = 64


@dataclass(frozen=True)
class Settings:
    mode: str = "play"
    generator: str = "island"
    stage: str | None = None
    seed: str | None = None  # None: roll a random seed
    width: int | None = None
    height: int | None = None
    ui: bool = True
    params: dict = field(default_factory=dict)
    panel: bool = False  # the demo's parameter panel open (ui=panel)
    compare: dict | None = None  # the compare view's second map: {"seed": str | None, "params": {...}}
    world: str | None = None
    dungeon_size: str = "medium"
    replay: str | None = None  # a recording's text to watch (checked when it is opened)
    messages: tuple[str, ...] = ()


def clean_text(text: str, limit: int = MAX_SEED_CHARS) -> tuple[str, bool]:
    """The seed cleaning every entry point shares (``worldgen.core.seeding.clean_seed_text``:
    NFC, invisible and line-breaking characters dropped, trimmed), cut to
    ``limit``.  Returns ``(text, changed)``."""
    kept = clean_seed_text(text).strip()[:limit]
    return kept, kept != text


def _short(text: str) -> str:
    """A value as messages quote it: cleaned, at most 24 characters then "..."
    (a hostile link must not make a message thousands of pixels wide).

    >>> _short("9" * 4090)
    '999999999999999999999999...'
    """
    shown = "".join(ch for ch in clean_text(text, 100)[0] if ch.isprintable())  # no escapes when quoted
    return shown[:24] + ("..." if len(shown) > 24 else "")


def parse_query(query: str) -> Settings:
    """Parse ``location.search`` (with or without the leading ``?``).

    >>> s = parse_query("?mode=demo&demo=island&stage=mask&seed=abc")
    >>> (s.mode, s.generator, s.stage, s.seed, s.messages)
    ('demo', 'island', 'mask', 'abc', ())
    >>> parse_query("mode=demo&w=99999").width, parse_query("mode=demo&w=99999").messages[0]
    (1024, 'w=99999 is out of range; using 1024')
    """
    messages: list[str] = []
    raw = _query_pairs(query or "", messages)  # a key given twice: the last one wins
    sized = {"w", "h"} & raw.keys()
    mode = _mode(raw, messages)
    spec = _generator(raw, messages)
    stage = _stage(raw, spec, messages)
    seed = _seed(raw, messages)
    width = _size(raw.pop("w", None), "w", spec.default_size[0], spec.min_size[0], spec.max_size[0], messages)
    height = _size(raw.pop("h", None), "h", spec.default_size[1], spec.min_size[1], spec.max_size[1], messages)
    ui = _ui(raw, messages)
    params = _params(raw, spec, messages)
    compare = _compare(raw, spec, messages)
    for given in (params, {**params, **compare["params"]} if compare else None):
        note = given is not None and spec.budget_note(width, height, spec.make_params(given))
        if note and note not in messages:   # the work budget's cut, one line
            messages.append(note)
    world = _world(raw, messages)
    dungeon_size = _dungeon_size(raw, messages)
    replay = _replay(raw.pop("replay", None), messages)
    for key in raw:
        messages.append(f"unknown link setting {_short(key)!r} ignored")
    return Settings(mode=mode, generator=spec.name, stage=stage, seed=seed,
                    width=width if "w" in sized else None,
                    height=height if "h" in sized else None,
                    ui=ui != "0", params=params, panel=ui == "panel", compare=compare, world=world,
                    dungeon_size=dungeon_size, replay=replay, messages=tuple(messages))


# Each reader below takes its keys out of the query's ``raw`` dict (what is left
# is reported as unknown) and adds a line to ``messages`` for every correction.

def _query_pairs(query: str, messages: list[str]) -> dict[str, str]:
    """The query's keys and values, cut to :data:`MAX_QUERY_CHARS` and :data:`MAX_KEYS`."""
    if len(query) > MAX_QUERY_CHARS:
        messages.append(f"the link is over {MAX_QUERY_CHARS} characters; the rest was ignored")
        query = query[:MAX_QUERY_CHARS]
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=None)
    if len(pairs) > MAX_KEYS:
        messages.append(f"only the first {MAX_KEYS} link settings were read")
        pairs = pairs[:MAX_KEYS]
    return dict(pairs)


def _mode(raw: dict[str, str], messages: list[str]) -> str:
    mode = raw.pop("mode", None)
    if mode is None:
        return "demo" if "demo" in raw else "play"
    if mode not in MODES:
        messages.append(f"unknown mode {_short(mode)!r}; using play")
        return "play"
    return mode


def _generator(raw: dict[str, str], messages: list[str]) -> registry.GeneratorSpec:
    specs = {spec.name: spec for spec in registry.all_specs()}
    gen = raw.pop("demo", "island") or "island"
    if gen not in specs:
        messages.append(f"unknown generator {_short(gen)!r}; showing island")
        gen = "island"
    return specs[gen]


def _stage(raw: dict[str, str], spec: registry.GeneratorSpec, messages: list[str]) -> str | None:
    stage = raw.pop("stage", None)
    if stage is not None and stage not in spec.stages:
        messages.append(f"{spec.name} has no stage {_short(stage)!r}; showing {spec.final_stage}")
        return None
    return stage


def _seed(raw: dict[str, str], messages: list[str]) -> str | None:
    seed = raw.pop("seed", None)
    if seed is None:
        return None
    seed, changed = clean_text(seed)
    if changed:
        messages.append("the seed was cleaned (control characters removed, trimmed to "
                        f"{MAX_SEED_CHARS} characters)")
    if not seed:
        messages.append("the seed was empty; rolling a random one")
        return None
    return seed


def _ui(raw: dict[str, str], messages: list[str]) -> str:
    """``"0"``, ``"1"`` or ``"panel"``."""
    ui_text = raw.pop("ui", "1")
    if ui_text not in ("0", "1", "panel"):
        messages.append(f"ui={_short(ui_text)!r} is not 0, 1 or panel; showing the interface")
        return "1"
    return ui_text


def _compare(raw: dict[str, str], spec: registry.GeneratorSpec, messages: list[str]) -> dict | None:
    """The ``vs`` keys: the compare view's second map (None: no compare view)."""
    if raw.pop("vs", None) is None and not any(k.startswith("vs.") for k in raw):
        return None
    seed = raw.pop("vs.seed", None)
    return {"seed": seed and _seed({"seed": seed}, messages), "params": _params(raw, spec, messages, "vs.p.")}


def _params(raw: dict[str, str], spec: registry.GeneratorSpec, messages: list[str], prefix: str = "p.") -> dict:
    """The ``p.NAME`` keys (or ``prefix``'s): each coerced to its type and clamped to its range."""
    params: dict = {}
    for key in [k for k in raw if k.startswith(prefix)]:
        value = raw.pop(key)
        name = key[len(prefix):]
        try:
            pspec = spec.param_spec(name)
        except ParamError:
            messages.append(f"{spec.name} has no parameter {_short(name)!r}; ignored")
            continue
        try:
            coerced = pspec.coerce(value)
        except ParamError:
            messages.append(f"{name}={_short(value)!r} is not a valid {pspec.type.__name__}; "
                            f"using {pspec.default}")
            continue
        clamped = pspec.clamp(coerced)
        if clamped != coerced:
            messages.append(f"{name}={_short(str(coerced))} is out of range; using {clamped}")
        params[name] = clamped
    return params


def _world(raw: dict[str, str], messages: list[str]) -> str | None:
    world = raw.pop("world", None)
    if world is None:
        return None
    world, changed = clean_text(world)
    if changed:
        messages.append("the world name was cleaned")
    return world or None


def _dungeon_size(raw: dict[str, str], messages: list[str]) -> str:
    dungeon_size = raw.pop("size", "medium")
    if dungeon_size not in SIZE_NAMES:
        messages.append(f"unknown dungeon size {_short(dungeon_size)!r}; using medium")
        return "medium"
    return dungeon_size


def _replay(text: str | None, messages: list[str]) -> str | None:
    """A ``replay=`` value up to :data:`MAX_REPLAY_CHARS` (read when it is opened), else None and why."""
    if text is not None and len(text) > MAX_REPLAY_CHARS:
        messages.append(f"the replay in the link is over {MAX_REPLAY_CHARS} characters; it was ignored "
                        "(a longer run is shared as a file)")
        return None
    return text or None


def _size(text: str | None, key: str, default: int, lo: int, hi: int, messages: list[str]) -> int:
    if text is None:
        return default
    try:
        value = int(text.strip(), 10)
    except ValueError:
        messages.append(f"{key}={_short(text)!r} is not a whole number; using {default}")
        return default
    if not lo <= value <= hi:
        clamped = min(max(value, lo), hi)
        messages.append(f"{key}={_short(str(value))} is out of range; using {clamped}")
        return clamped
    return value


def to_query(settings: Settings) -> str:
    """The query string that reproduces ``settings`` (share links)."""
    pairs: list[tuple[str, str]] = [("mode", settings.mode)]
    if settings.mode == "demo":
        pairs.append(("demo", settings.generator))
        if settings.stage:
            pairs.append(("stage", settings.stage))
        if settings.seed is not None:
            pairs.append(("seed", settings.seed))
        if settings.width is not None:
            pairs.append(("w", str(settings.width)))
        if settings.height is not None:
            pairs.append(("h", str(settings.height)))
        pairs += _param_pairs("p.", settings.params)
        if settings.compare is not None:
            other = ([("vs.seed", settings.compare["seed"])] if settings.compare.get("seed") else []) + \
                _param_pairs("vs.p.", settings.compare.get("params", {}))
            pairs += other or [("vs", "1")]
    if settings.mode == "play" and settings.world:
        pairs.append(("world", settings.world))
    if settings.panel and settings.mode == "demo":
        pairs.append(("ui", "panel"))
    elif not settings.ui:
        pairs.append(("ui", "0"))
    return "?" + urlencode(pairs)


def _param_pairs(prefix: str, params: dict) -> list[tuple[str, str]]:
    return [(f"{prefix}{k}", str(v).lower() if isinstance(v, bool) else str(v)) for k, v in sorted(params.items())]


def replay_link(base: str, recording: str) -> str | None:
    """The link that opens ``recording`` for watching, or None when it is too long for one."""
    if len(recording) > MAX_REPLAY_CHARS:
        return None
    return f"{base}?{urlencode([('replay', recording)])}"


class UsageError(ValueError):
    """A bad command-line argument: one line on stderr, exit status 2 (as ``python -m worldgen``)."""


class HelpRequested(Exception):
    """``--help`` was asked for; ``str(exc)`` is the usage text."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # noqa: D401 - argparse hook
        raise UsageError(message)


class _Help(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None) -> None:
        raise HelpRequested(parser.format_help())


def _whole(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {_short(text)!r}") from None


def _param(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {_short(text)!r}")
    return key.strip(), value


def _argv_parser() -> argparse.ArgumentParser:
    names = [spec.name for spec in registry.all_specs()]
    parser = _Parser(prog="python main.py", add_help=False, allow_abbrev=False,
                     description="Deepisle: procedural islands and dungeons, and a roguelike on them. "
                                 "The options mirror the page's URL keys.")
    parser.add_argument("-h", "--help", action=_Help, nargs=0, help="show this help and exit")
    parser.add_argument("--mode", choices=MODES, help="play (default; the title screen), demo or gallery")
    parser.add_argument("--demo", choices=names, metavar="GEN", help=f"a generator: {', '.join(names)}")
    parser.add_argument("--stage", help="a stage of that generator (default: its last)")
    parser.add_argument("--seed", help="any text (default: a random one)")
    parser.add_argument("--w", "--width", dest="w", type=_whole, help="map width in tiles")
    parser.add_argument("--h", "--height", dest="h", type=_whole, help="map height in tiles")
    parser.add_argument("--p", type=_param, action="append", default=[], metavar="NAME=VALUE",
                        help="a generator parameter (repeatable); python -m worldgen list shows them")
    parser.add_argument("--ui", choices=("0", "1", "panel"), help="0: a bare figure; panel: the parameter panel open")
    parser.add_argument("--world", help="start (or continue) this world in play mode")
    parser.add_argument("--size", choices=SIZE_NAMES, help="dungeon size of a new world")
    return parser


def parse_argv(argv: list[str]) -> Settings:
    """Native options mirror the URL keys: ``--demo island --stage mask --seed abc
    --w 64 --p octaves=4 --ui 0 --mode gallery --world Avalon --size large``.

    Stricter than a link: a value a link would correct is an error here.
    Raises :class:`UsageError` (one line) for bad arguments and
    :class:`HelpRequested` for ``--help``.

    >>> parse_argv(["--demo", "caverns", "--seed", "abc"]).generator
    'caverns'
    >>> parse_argv(["--demo", "dragons"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.shell.settings.UsageError: argument --demo: invalid choice: 'dragons' (choose from ...)
    """
    args = _argv_parser().parse_args(argv)
    spec = registry.get(args.demo or "island")
    try:
        if args.stage is not None:
            spec.check_stage(args.stage)
        if args.w is not None or args.h is not None:
            spec.check_size(spec.default_size[0] if args.w is None else args.w,
                            spec.default_size[1] if args.h is None else args.h)
        spec.make_params(dict(args.p))
    except ParamError as exc:
        raise UsageError(str(exc)) from None
    pairs = [(key, value) for key, value in (("mode", args.mode), ("demo", args.demo), ("stage", args.stage),
                                              ("ui", args.ui), ("size", args.size)) if value is not None]
    pairs += [(key, str(value)) for key, value in (("w", args.w), ("h", args.h)) if value is not None]
    for key in ("seed", "world"):
        value = getattr(args, key)
        if value is None:
            continue
        cleaned, _ = clean_text(value)
        if not cleaned or len(clean_seed_text(value).strip()) > MAX_SEED_CHARS:
            raise UsageError(f"--{key} must be 1..{MAX_SEED_CHARS} characters once spaces and invisible "
                             f"characters are dropped")
        pairs.append((key, cleaned))
    pairs += [(f"p.{k}", v) for k, v in args.p]
    return parse_query(urlencode(pairs))
