"""The playground's controls, made from a generator's spec: one knob per parameter, plus size and seed.

A :class:`Knob` is what a control needs to know of one value: its kind (a
``number`` on a slider with its range and step, a ``choice`` among the
spec's names, a ``toggle`` for a yes/no, the ``seed`` as text), its name and
the spec's one-line help.  :func:`knobs` reads them from
:attr:`~worldgen.core.registry.GeneratorSpec.param_specs`, so a parameter a
generator adds appears in the panel without a change here or in the scene.

A number's step is the spec's (``param(..., step=)``) or derived: 1 for
whole numbers; for others the power of ten nearest a hundredth of the
range, made finer until the default lies on it (values are whole multiples
of the step, and the range's ends).  A range spanning three
decades or more (``particles`` 0..2,000,000) is a logarithmic slider whose
values keep two significant figures, so the whole range is within reach
and the start of it is not a single pixel.  Pure: no pygame (the panel is
``game.view.knob_panel``, the state ``game.demo.playground``).

>>> from worldgen.core import registry
>>> k = {k.key: k for k in knobs(registry.get("island"))}
>>> k["p.water"].step, k["p.water"].show(0.6), k["p.octaves"].nudge(8, 1), k["p.particles"].log
(0.01, '0.60', 9, True)
>>> k["p.particles"].at(0.0), k["p.particles"].at(1.0), k["p.particles"].at(0.5)
(0, 2000000, 1400)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from worldgen.core.registry import GeneratorSpec, ParamSpec

__all__ = ["Knob", "knobs", "size_knobs", "SEED", "LOG_SPAN"]

SEED = "seed"
#: A range whose top is this many times its bottom (or 1) is a logarithmic slider.
LOG_SPAN = 1000
_FINEST = 6  # a derived step is made finer at most this many times


@dataclass(frozen=True)
class Knob:
    """One control: ``key`` is ``p.NAME`` for a parameter (as in a link), ``w``, ``h`` or ``seed``."""

    key: str
    name: str
    help: str
    kind: str  # "number", "choice", "toggle" or "seed"
    default: Any
    lo: float = 0
    hi: float = 0
    step: float = 1
    whole: bool = True
    log: bool = False
    choices: tuple[str, ...] = ()

    @property
    def param(self) -> str | None:
        """The generator parameter this knob sets (None for size and seed)."""
        return self.key[2:] if self.key.startswith("p.") else None

    def clamp(self, value: Any) -> Any:
        """``value`` on the knob: in range, on the step, of the parameter's type."""
        if self.kind != "number":
            return value
        value = min(max(value, self.lo), self.hi)
        if not self.log:
            value = round(value / self.step) * self.step
            value = min(max(value, self.lo), self.hi)
        return int(round(value)) if self.whole else round(value, _decimals(self.step))

    def position(self, value: Any) -> float:
        """Where ``value`` sits on the slider, 0..1."""
        if self.kind == "toggle":
            return 1.0 if value else 0.0
        if self.kind == "choice":
            return self.choices.index(value) / max(1, len(self.choices) - 1) if value in self.choices else 0.0
        if self.kind != "number" or self.hi <= self.lo:
            return 0.0
        if self.log:
            base = max(self.lo, 1)
            return 0.0 if value <= base and value <= self.lo else \
                min(1.0, max(0.0, math.log(max(value, base) / base) / math.log(self.hi / base)))
        return min(1.0, max(0.0, (value - self.lo) / (self.hi - self.lo)))

    def at(self, position: float) -> Any:
        """The value at ``position`` (0..1) of the slider (a choice's nearest; a toggle's side)."""
        position = min(1.0, max(0.0, position))
        if self.kind == "toggle":
            return position >= 0.5
        if self.kind == "choice":
            return self.choices[round(position * (len(self.choices) - 1))]
        if not self.log:
            return self.clamp(self.lo + position * (self.hi - self.lo))
        if position <= 0.0:
            return self.clamp(self.lo)
        base = max(self.lo, 1)
        return self.clamp(_significant(base * (self.hi / base) ** position, 2))

    def nudge(self, value: Any, steps: int) -> Any:
        """``value`` moved ``steps`` steps (a log slider: a hundredth of its travel each, at least one step)."""
        if self.kind == "toggle":
            return not value if steps else value
        if self.kind == "choice":
            i = self.choices.index(value) if value in self.choices else 0
            return self.choices[min(len(self.choices) - 1, max(0, i + steps))]
        if self.kind != "number":
            return value
        moved = self.at(self.position(value) + steps / 100) if self.log else self.clamp(value + steps * self.step)
        if moved == value and steps:
            moved = self.clamp(value + (self.step if steps > 0 else -self.step))
        return moved

    def show(self, value: Any) -> str:
        """The value as the panel writes it."""
        if self.kind == "toggle":
            return "on" if value else "off"
        if self.kind == "number" and not self.whole:
            return f"{value:.{_decimals(self.step)}f}"
        if self.kind == "number" and self.log:
            return f"{value:,}"
        return str(value)


def _decimals(step: float) -> int:
    """Decimal places a step needs: 0.01 -> 2, 0.25 -> 2, 1 -> 0.

    >>> _decimals(0.01), _decimals(0.25), _decimals(1), _decimals(0.001)
    (2, 2, 0, 3)
    """
    return next((d for d in range(10) if abs(round(step, d) - step) < 1e-12), 10)


def _significant(value: float, figures: int) -> float:
    """``value`` rounded to ``figures`` significant figures: 1437.2 -> 1400."""
    if value <= 0:
        return 0.0
    return round(value, figures - 1 - math.floor(math.log10(value)))


def _step(spec: ParamSpec) -> float:
    """The spec's step, else a derived one (module doc)."""
    if spec.step is not None:
        return spec.step
    if spec.type is int:
        return 1
    step = 10.0 ** round(math.log10((spec.hi - spec.lo) / 100))
    for _ in range(_FINEST):
        if abs(spec.default / step - round(spec.default / step)) < 1e-6:
            break
        step /= 10
    return round(step, 12)


def _knob(spec: ParamSpec) -> Knob:
    common = {"key": f"p.{spec.name}", "name": spec.name, "help": spec.help, "default": spec.default}
    if spec.choices:
        return Knob(kind="choice", choices=spec.choices, **common)
    if spec.type is bool:
        return Knob(kind="toggle", **common)
    if spec.type not in (int, float):
        return Knob(kind="seed", **common)  # free text: the seed's field serves it
    log = spec.hi / max(spec.lo, 1) >= LOG_SPAN and spec.lo >= 0
    return Knob(kind="number", lo=spec.lo, hi=spec.hi, step=_step(spec), whole=spec.type is int, log=log,
                **common)


def size_knobs(spec: GeneratorSpec) -> tuple[Knob, Knob]:
    """The map's width and height, in the generator's size range."""
    (wlo, hlo), (whi, hhi) = spec.min_size, spec.max_size
    w, h = spec.default_size
    return (Knob("w", "width", "map width in tiles", "number", w, wlo, whi),
            Knob("h", "height", "map height in tiles", "number", h, hlo, hhi))


def knobs(spec: GeneratorSpec) -> tuple[Knob, ...]:
    """Every control of ``spec``'s panel: the seed, the size, then each parameter in the spec's order."""
    seed = Knob(SEED, "seed", "any text: the same seed gives the same map", "seed", "")
    return (seed, *size_knobs(spec), *(_knob(p) for p in spec.param_specs))
