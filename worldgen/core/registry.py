"""The registry of generators, and the protocol every generator follows.

A generator is a Python generator function ``run(seed, width, height, params)``
that yields :class:`Stage` results in the order its spec declares, with
:class:`Progress` events in between while it works on a long stage.  Callers
decide how much to drain: :func:`generate` drains it all at once (CLI,
tests), the game drains a few milliseconds per frame (see ``game.shell.work``).

Parameters live in one frozen dataclass per generator whose fields are made
with :func:`param`; the CLI, the URL parser and the demo read them from
:attr:`GeneratorSpec.params` instead of repeating them.

Arrays are indexed ``[y, x]``.  Points are ``int`` arrays of shape ``(k, 2)``
holding ``[x, y]`` rows.

The generator contract
----------------------
A :class:`GeneratorSpec` says what callers may rely on, so a new generator is
its module plus one :func:`register` call and nothing else changes:

* ``kind``: ``"overworld"`` (a landscape: island, biomes) or ``"dungeon"``
  (levels to play: caverns, mosaic, rooms);
* ``points``: the point sets its final stage gives (a dungeon the game plays
  gives at least :data:`DUNGEON_POINTS`: one ``start``, one ``exit``, and the
  ``monsters`` and ``items`` spawn points);
* ``promises``: the checks every legal request's final stage passes
  (:class:`Promise`, most from :mod:`worldgen.toolkit.promises`), run by the
  tests and ``python -m worldgen sweep``;
* ``terrains``: the overworld tiles whose dungeon sites it builds (the game's
  ``STYLE_BY_TERRAIN`` is made from these; no tile is claimed twice) and
  ``colour``, the stone of such a site's entrance in the game's previews.

* ``work``: the work model (:mod:`worldgen.core.work`): what a request
  costs, and the cuts that keep every legal request within the budget,
  named in one line by :meth:`GeneratorSpec.budget_note` (the library's
  way to learn of a cut before :func:`run` makes it).

``tests/test_contract.py`` runs every registered generator and checks its
final stage against its spec.

Long because this is the protocol in one place: what a run yields
(:class:`Stage`, :class:`Progress`), what a generator declares
(:class:`ParamSpec`, :class:`GeneratorSpec` and its contract) and the
calls every entry point makes (:func:`run`, :func:`generate`); split, each
piece would import the others.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from . import seeding
from .work import AIM_MS, Estimate, note

__all__ = [
    "Stage", "LiveStage", "Progress", "ParamSpec", "GeneratorSpec", "Result", "param", "register",
    "REGISTRY", "get", "run", "rerun", "generate", "ParamError", "Promise", "KINDS", "DUNGEON_POINTS",
]

#: What a generator makes: a landscape or levels to play.
KINDS = ("overworld", "dungeon")
#: The point sets a dungeon the game plays must give (each ``(k, 2)`` ``[x, y]``
#: rows; one ``start`` and one ``exit``).
DUNGEON_POINTS = ("start", "exit", "monsters", "items")


class ParamError(ValueError):
    """A bad generator name, stage, size or parameter; the message says which."""


@dataclass(frozen=True, eq=False)
class Stage:
    """One finished stage.

    ``data`` is a ``uint8`` tile array (``kind == "tiles"``) or a ``float32``
    layer (``kind == "layer"``) whose values span ``vrange`` and are shown in
    grayscale.  ``points`` maps names such as ``start``, ``exit`` or
    ``monsters`` to ``(k, 2)`` arrays of ``[x, y]``; ``info`` holds anything
    else a caller may want (room lists, the water line ...).
    """

    name: str
    data: np.ndarray
    kind: str = "tiles"
    vrange: tuple[float, float] = (0.0, 1.0)
    points: Mapping[str, np.ndarray] = field(default_factory=dict)
    info: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in ("tiles", "layer"):
            raise ValueError(f"unknown stage kind {self.kind!r}")
        if self.kind == "tiles" and self.data.dtype != np.uint8:
            raise TypeError(f"tile stage {self.name!r} must be uint8, got {self.data.dtype}")


class LiveStage(Stage):
    """A :class:`Stage` whose ``data`` is ``paint()``, called each time it is
    read: a preview that changes at every step and is worth bringing up to
    date only when someone looks (``paint`` may skip work when nothing
    changed).  Read like any stage; like any preview, valid until the
    iterator is advanced.

    >>> calls = []
    >>> live = LiveStage("rooms", lambda: calls.append(1) or np.zeros((2, 3), np.uint8))
    >>> live.data.shape, len(calls), live.data.shape, len(calls)
    ((2, 3), 1, (2, 3), 2)
    """

    def __init__(self, name: str, paint: Callable[[], np.ndarray], **fields: Any) -> None:
        object.__setattr__(self, "paint", paint)
        super().__init__(name, None, **fields)  # the stored data is ignored: see the property

    def __post_init__(self) -> None:
        if self.kind != "tiles":
            raise ValueError("a live stage holds tiles")  # their dtype is checked at each read

    @property
    def data(self) -> np.ndarray:
        data = self.paint()
        if data.dtype != np.uint8:
            raise TypeError(f"tile stage {self.name!r} must be uint8, got {data.dtype}")
        return data

    @data.setter
    def data(self, value: None) -> None:
        pass  # the dataclass's __init__ sets every field; ``data`` is painted instead


@dataclass(frozen=True, eq=False)
class Progress:
    """Work in progress inside ``stage``: ``done`` runs from 0 to 1.

    ``preview`` optionally shows the partial result (a view, valid only until
    the iterator is advanced; copy it to keep it), so a demo can animate
    growth loops, rooms being added or automaton iterations.  It may be a
    :class:`LiveStage`, whose data is painted when read.
    """

    stage: str
    done: float
    preview: Stage | None = None


@dataclass(frozen=True)
class ParamSpec:
    name: str
    type: type
    default: Any
    lo: Any
    hi: Any
    help: str
    choices: tuple[str, ...] = ()
    step: Any = None  # a control's step (None: derived, game.shell.knobs)

    def parse(self, text: str | int | float | bool) -> Any:
        """Parse and validate one value; raises :class:`ParamError`."""
        value = self.coerce(text)
        if self.choices:
            if value not in self.choices:
                raise ParamError(f"{self.name} must be one of {', '.join(self.choices)}; got {value!r}")
        elif not (self.lo <= value <= self.hi):
            raise ParamError(f"{self.name} must be in {self.lo}..{self.hi}; got {value!r}")
        return value

    def coerce(self, text: str | int | float | bool) -> Any:
        """Convert without range checks; raises :class:`ParamError`."""
        raw = str(text).strip()
        try:
            if self.type is bool:
                low = raw.lower()
                if low in ("1", "true", "yes", "on"):
                    return True
                if low in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if self.type is int:
                return int(raw, 10)
            if self.type is float:
                value = float(raw)
                if value != value or value in (float("inf"), float("-inf")):
                    raise ValueError
                return value
            return raw
        except ValueError:
            raise ParamError(f"{self.name} expects {self.type.__name__}; got {raw[:40]!r}") from None

    def clamp(self, value: Any) -> Any:
        """Bring an in-type value into range (the URL parser's documented clamp)."""
        if self.choices:
            return value if value in self.choices else self.default
        return min(max(value, self.lo), self.hi)

    def describe(self) -> str:
        rng = "|".join(self.choices) if self.choices else f"{self.lo}..{self.hi}"
        return f"{self.name}={self.default} ({rng}) {self.help}"


def param(default: Any, lo: Any = None, hi: Any = None, help: str = "", choices: tuple[str, ...] = (),
          step: Any = None) -> Any:
    """A parameter field: ``octaves: int = param(8, 1, 12, "noise octaves")`` (``step``: what a
    control moves it by, when the derived one does not suit)."""
    if not choices and isinstance(default, bool):
        lo, hi = False, True
    if not choices and (lo is None or hi is None):
        raise TypeError("numeric parameters need a range")
    return field(default=default, metadata={"lo": lo, "hi": hi, "help": help, "choices": tuple(choices),
                                            "step": step})


Runner = Callable[[int, int, int, Any], Iterator["Stage | Progress"]]


class Promise(NamedTuple):
    """A named check of a finished map: ``check(final stage, params)`` returns
    None when the promise is kept, else one line saying how it broke.

    >>> def walled(stage, params):
    ...     'The map has at least one tile.'
    ...     return None if stage.data.size else "no tiles"
    >>> Promise.of(walled).name, Promise.of(walled).doc
    ('walled', 'The map has at least one tile.')
    """

    name: str
    check: Callable[[Stage, Any], str | None]

    @classmethod
    def of(cls, check: Callable[[Stage, Any], str | None]) -> Promise:
        """The promise named after its check function."""
        return cls(check.__name__, check)

    @property
    def doc(self) -> str:
        """The first line of the check's docstring: what is promised."""
        return (self.check.__doc__ or "").strip().splitlines()[0]


@dataclass(frozen=True)
class GeneratorSpec:
    name: str
    title: str
    summary: str
    stages: tuple[str, ...]
    params: type
    run: Runner
    default_size: tuple[int, int]
    min_size: tuple[int, int] = (16, 16)
    max_size: tuple[int, int] = (1024, 1024)
    bench_sizes: tuple[tuple[int, int], ...] = ()
    source: str = ""
    final: str = ""  # the map the game uses; default: the last stage
    # The contract (module doc): what callers may rely on.
    kind: str = field(default="dungeon", kw_only=True)
    points: tuple[str, ...] = field(default=(), kw_only=True)
    promises: tuple[Promise, ...] = field(default=(), kw_only=True)
    terrains: tuple[int, ...] = field(default=(), kw_only=True)
    colour: tuple[int, int, int] | None = field(default=None, kw_only=True)
    #: ``work(width, height, params, aim)``: the request's :class:`~worldgen.core.work.Estimate`
    #: with what the run cuts to bring it to ``aim`` ms (None: no model, nothing cut).
    work: Callable[[int, int, Any, float], Estimate] | None = field(default=None, kw_only=True)
    #: ``resume(seed, width, height, params, before, was)``: the run of a request differing from a
    #: finished one only in parameters (``before``: its stages, made with ``was``), reusing the
    #: stages the changed parameters leave alone; None when it cannot (:func:`rerun` starts over).
    #: Its stages are a fresh run's, byte for byte.
    resume: Callable[..., Iterator | None] | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"generator {self.name!r}: kind must be one of {', '.join(KINDS)}; got {self.kind!r}")
        if self.final_stage not in self.stages:
            raise ValueError(f"generator {self.name!r}: its final stage {self.final_stage!r} is not a stage")
        if self.terrains:
            missing = [p for p in DUNGEON_POINTS if p not in self.points]
            if self.kind != "dungeon" or missing or self.colour is None:
                raise ValueError(f"generator {self.name!r} builds dungeon sites, so it must be a dungeon "
                                 f"giving points {', '.join(DUNGEON_POINTS)}, with a colour")

    @property
    def final_stage(self) -> str:
        return self.final or self.stages[-1]

    @property
    def param_specs(self) -> tuple[ParamSpec, ...]:
        return tuple(
            ParamSpec(f.name, type(f.default), f.default, f.metadata["lo"], f.metadata["hi"],
                      f.metadata["help"], f.metadata["choices"], f.metadata.get("step"))
            for f in dataclasses.fields(self.params)
        )

    def param_spec(self, name: str) -> ParamSpec:
        for spec in self.param_specs:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.param_specs) or "none"
        raise ParamError(f"{self.name} has no parameter {name!r} (known: {known})")

    def make_params(self, values: Mapping[str, Any] | None = None) -> Any:
        """Build the params dataclass from ``{name: value-or-text}``, validated."""
        values = dict(values or {})
        parsed = {name: self.param_spec(name).parse(value) for name, value in values.items()}
        return self.params(**parsed)

    def non_default(self, params: Any) -> dict[str, Any]:
        """The parameters that differ from their defaults (for share links)."""
        return {s.name: getattr(params, s.name) for s in self.param_specs
                if getattr(params, s.name) != s.default}

    def check_size(self, width: int, height: int) -> None:
        (wlo, hlo), (whi, hhi) = self.min_size, self.max_size
        if not (wlo <= width <= whi and hlo <= height <= hhi):
            raise ParamError(f"{self.name} size must be {wlo}..{whi} x {hlo}..{hhi}; got {width}x{height}")

    def estimate(self, width: int, height: int, params: Any = None, aim: float = AIM_MS) -> Estimate:
        """The work of a request as the run will do it (the cuts made), by the spec's model."""
        if self.work is None:
            return Estimate(float("nan"), {})
        return self.work(width, height, self.params() if params is None else params, aim)

    def budget_note(self, width: int, height: int, params: Any = None) -> str | None:
        """One line naming what a run of this request cuts to keep the work
        budget (:mod:`worldgen.core.work`), None when nothing is cut."""
        cuts = self.estimate(width, height, params).cuts
        return note(self.name, width, height, cuts) if cuts else None

    def check_stage(self, stage: str) -> None:
        if stage not in self.stages:
            raise ParamError(f"{self.name} has no stage {stage!r} (stages: {', '.join(self.stages)})")


REGISTRY: dict[str, GeneratorSpec] = {}


def register(spec: GeneratorSpec) -> GeneratorSpec:
    """Add ``spec`` to the registry (a generator module's one line:
    ``SPEC = register(GeneratorSpec(...))``); returns it.

    Refuses a name registered already and an overworld terrain another
    generator builds the sites of."""
    if spec.name in REGISTRY:
        raise ValueError(f"generator {spec.name!r} registered twice")
    for other in REGISTRY.values():
        shared = set(spec.terrains) & set(other.terrains)
        if shared:
            raise ValueError(f"generator {spec.name!r}: {other.name!r} builds the sites on tiles {sorted(shared)} already")
    REGISTRY[spec.name] = spec
    return spec


def get(name: str) -> GeneratorSpec:
    """The registered spec named ``name``; :class:`ParamError` naming the known ones otherwise."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise ParamError(f"unknown generator {name!r} (known: {', '.join(REGISTRY)})") from None


def all_specs() -> list[GeneratorSpec]:
    """Every generator in registration order: the built-in ones as
    :mod:`worldgen.generators` imports them, then any others."""
    return list(REGISTRY.values())


@dataclass
class Result:
    """Every stage a run produced, by name, in order; ``seed_text`` is the seed
    used (cleaned, or rolled when none was given)."""

    generator: str
    seed_text: str
    width: int
    height: int
    params: Any
    stages: dict[str, Stage] = field(default_factory=dict)

    @property
    def last(self) -> Stage:
        return next(reversed(self.stages.values()))


def _resolve(spec: GeneratorSpec, width: int | None, height: int | None, params: Any) -> tuple[int, int, Any]:
    """Default and validate a request's size and parameters."""
    w, h = spec.default_size
    width = w if width is None else int(width)
    height = h if height is None else int(height)
    spec.check_size(width, height)
    if params is None or isinstance(params, Mapping):
        params = spec.make_params(params)
    return width, height, params


def _seed_text(seed: str | int | None) -> str:
    """The seed rule (:func:`seeding.seed_text`: cleaned; None or empty rolls one); too long is a :class:`ParamError`."""
    try:
        return seeding.seed_text(seed)
    except ValueError as exc:
        raise ParamError(str(exc)) from None


def run(name: str, seed: str | int | None = None, width: int | None = None, height: int | None = None,
        params: Any = None) -> Iterator[Stage | Progress]:
    """The stage iterator for a generator, with seed, size and params validated (no seed rolls
    one it does not report: roll it first, ``seeding.roll_seed()``, or use :func:`generate`)."""
    spec = get(name)
    text = _seed_text(seed)
    width, height, params = _resolve(spec, width, height, params)
    return spec.run(seeding.seed_from_text(text), width, height, params)


def rerun(name: str, seed: str | int | None, width: int | None, height: int | None, params: Any,
          before: Mapping[str, Stage], was: Any) -> Iterator[Stage | Progress]:
    """:func:`run`, reusing what it can of ``before`` (the stages of a finished run of the same
    seed and size with parameters ``was``) where the generator can resume (``GeneratorSpec.resume``):
    a demo's knob that only moves the island's water line makes its terrain again, not its particles."""
    spec = get(name)
    text = _seed_text(seed)
    width, height, params = _resolve(spec, width, height, params)
    if spec.resume is not None and before:
        resumed = spec.resume(seeding.seed_from_text(text), width, height, params, before, was)
        if resumed is not None:
            return resumed
    return spec.run(seeding.seed_from_text(text), width, height, params)


def generate(name: str, seed: str | int | None = None, width: int | None = None, height: int | None = None,
             params: Any = None, stage: str | None = None) -> Result:
    """Run a generator to the end, or only until ``stage`` is produced; ``Result.seed_text``
    is the seed used (the seed rule: None or empty rolls one).

    >>> r = generate("island", "doc", 88, 32)
    >>> r.last.name, r.last.data.shape, r.seed_text
    ('terrain', (32, 88), 'doc')
    """
    spec = get(name)
    if stage is not None:
        spec.check_stage(stage)
    text = _seed_text(seed)
    width, height, params = _resolve(spec, width, height, params)
    result = Result(name, text, width, height, params)
    for item in run(name, text, width, height, params):
        if isinstance(item, Stage):
            result.stages[item.name] = item
            if item.name == stage:
                break
    return result
