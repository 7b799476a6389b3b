"""Start-up settings from a URL query string (browser) or argv (native).

:func:`parse_query` is one pure function from the query string to
:class:`Settings`, built from the generator registry.  It never raises: every
bad value falls back to a documented default or clamp and adds a plain-text
line to ``Settings.messages``, which the game shows on screen.

Accepted keys::

    mode=play|demo|gallery   default play
    demo=GEN                 a registered generator (default island)
    stage=S                  one of its stages (default: the last)
    seed=TEXT                any text; control characters dropped, cut to 200 chars
    w=, h=                   map size, clamped to the generator's range
    ui=0|1                   0 hides every overlay (bare view for a blog figure)
    p.NAME=VALUE             generator parameters, clamped to their ranges
    world=NAME               world name for play mode
    size=small|medium|large  dungeon size for a new world

Unknown keys are ignored with a message.  Nothing here is ever written into
the page as HTML: the game draws text onto its canvas only.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from worldgen import registry, world
from worldgen.registry import ParamError
from worldgen.seeding import MAX_SEED_CHARS, normalize_seed_text

__all__ = ["Settings", "parse_query", "parse_argv", "clean_text", "to_query", "MODES", "DUNGEON_SIZES"]

MODES = ("play", "demo", "gallery")
DUNGEON_SIZES = tuple(world.DUNGEON_SIZES)
MAX_QUERY_CHARS = 4096
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
    world: str | None = None
    dungeon_size: str = "medium"
    messages: tuple[str, ...] = ()


def clean_text(text: str, limit: int = MAX_SEED_CHARS) -> tuple[str, bool]:
    """NFC-normalize, drop control/format/unassigned characters, lone
    surrogates and line breaks, trim, cut to ``limit``.  Returns ``(text, changed)``."""
    norm = normalize_seed_text(text)
    kept = "".join(ch for ch in norm if not _unsafe(ch))
    kept = kept.strip()[:limit]
    return kept, kept != text


def _unsafe(ch: str) -> bool:
    """Characters that could break a one-line canvas label (controls, separators)."""
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp")


def _short(text: str) -> str:
    text, _ = clean_text(text, 24)
    return text + ("..." if len(text) >= 24 else "")


def parse_query(query: str) -> Settings:
    """Parse ``location.search`` (with or without the leading ``?``).

    >>> s = parse_query("?mode=demo&demo=island&stage=mask&seed=abc")
    >>> (s.mode, s.generator, s.stage, s.seed, s.messages)
    ('demo', 'island', 'mask', 'abc', ())
    >>> parse_query("mode=demo&w=99999").width, parse_query("mode=demo&w=99999").messages[0]
    (1024, 'w=99999 is out of range; using 1024')
    """
    messages: list[str] = []
    query = query or ""
    if len(query) > MAX_QUERY_CHARS:
        messages.append(f"the link is over {MAX_QUERY_CHARS} characters; the rest was ignored")
        query = query[:MAX_QUERY_CHARS]
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=None)
    if len(pairs) > MAX_KEYS:
        messages.append(f"only the first {MAX_KEYS} link settings were read")
        pairs = pairs[:MAX_KEYS]
    raw = dict(pairs)  # a key given twice: the last one wins
    sized = {"w", "h"} & raw.keys()

    mode = raw.pop("mode", None)
    if mode is None:
        mode = "demo" if "demo" in raw else "play"
    elif mode not in MODES:
        messages.append(f"unknown mode {_short(mode)!r}; using play")
        mode = "play"

    specs = {spec.name: spec for spec in registry.all_specs()}
    gen = raw.pop("demo", "island") or "island"
    if gen not in specs:
        messages.append(f"unknown generator {_short(gen)!r}; showing island")
        gen = "island"
    spec = specs[gen]

    stage = raw.pop("stage", None)
    if stage is not None and stage not in spec.stages:
        messages.append(f"{gen} has no stage {_short(stage)!r}; showing {spec.final_stage}")
        stage = None

    seed = raw.pop("seed", None)
    if seed is not None:
        seed, changed = clean_text(seed)
        if changed:
            messages.append("the seed was cleaned (control characters removed, trimmed to "
                            f"{MAX_SEED_CHARS} characters)")
        if not seed:
            messages.append("the seed was empty; rolling a random one")
            seed = None

    width = _size(raw.pop("w", None), "w", spec.default_size[0], spec.min_size[0], spec.max_size[0], messages)
    height = _size(raw.pop("h", None), "h", spec.default_size[1], spec.min_size[1], spec.max_size[1], messages)

    ui_text = raw.pop("ui", "1")
    ui = ui_text != "0"
    if ui_text not in ("0", "1"):
        messages.append(f"ui={_short(ui_text)!r} is not 0 or 1; showing the interface")
        ui = True

    params: dict = {}
    for key in [k for k in raw if k.startswith("p.")]:
        value = raw.pop(key)
        name = key[2:]
        try:
            pspec = spec.param_spec(name)
        except ParamError:
            messages.append(f"{gen} has no parameter {_short(name)!r}; ignored")
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

    world = raw.pop("world", None)
    if world is not None:
        world, changed = clean_text(world)
        if changed:
            messages.append("the world name was cleaned")
        world = world or None

    dungeon_size = raw.pop("size", "medium")
    if dungeon_size not in DUNGEON_SIZES:
        messages.append(f"unknown dungeon size {_short(dungeon_size)!r}; using medium")
        dungeon_size = "medium"

    for key in raw:
        messages.append(f"unknown link setting {_short(key)!r} ignored")

    return Settings(mode=mode, generator=gen, stage=stage, seed=seed,
                    width=width if "w" in sized else None,
                    height=height if "h" in sized else None,
                    ui=ui, params=params, world=world, dungeon_size=dungeon_size,
                    messages=tuple(messages))


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
        messages.append(f"{key}={value} is out of range; using {clamped}")
        return clamped
    return value


def to_query(settings: Settings) -> str:
    """The query string that reproduces ``settings`` (share links)."""
    from urllib.parse import urlencode

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
        pairs += [(f"p.{k}", str(v).lower() if isinstance(v, bool) else str(v))
                  for k, v in sorted(settings.params.items())]
    if settings.mode == "play" and settings.world:
        pairs.append(("world", settings.world))
    if not settings.ui:
        pairs.append(("ui", "0"))
    return "?" + urlencode(pairs)


def parse_argv(argv: list[str]) -> Settings:
    """Native options mirror the URL keys: ``--demo island --stage mask --seed abc
    --w 64 --p octaves=4 --ui 0 --mode gallery --world Avalon --size large``."""
    pairs: list[tuple[str, str]] = []
    messages: list[str] = []
    i = 0
    keys = {"mode", "demo", "stage", "seed", "w", "h", "width", "height", "ui", "world", "size"}
    while i < len(argv):
        arg = argv[i]
        name = arg[2:] if arg.startswith("--") else None
        if name in keys and i + 1 < len(argv):
            key = {"width": "w", "height": "h"}.get(name, name)
            pairs.append((key, argv[i + 1]))
            i += 2
        elif name == "p" and i + 1 < len(argv) and "=" in argv[i + 1]:
            k, _, v = argv[i + 1].partition("=")
            pairs.append((f"p.{k}", v))
            i += 2
        else:
            messages.append(f"unknown option {arg[:40]!r} ignored")
            i += 1
    from urllib.parse import urlencode

    settings = parse_query(urlencode(pairs))
    if messages:
        settings = Settings(**{**settings.__dict__, "messages": settings.messages + tuple(messages)})
    return settings
