"""What every stage of every generator says, in its source's words: one table.

The demo's overlay, the gallery's cards, an embed's caption and the CLI's
``--legend`` all read :data:`NOTES`, so they never differ.  For each
generator it holds the source post it follows (:class:`Source`, credited
wherever a stage is shown), the parameters its demo starts from where the
post makes a point the game's own defaults hide (:attr:`Notes.demo`), and a
:class:`StageNote` per stage:

* ``title``, a few words, and ``text``, one sentence with the source's
  numbers.  ``text`` is a template: ``{p.NAME}`` is a parameter,
  ``{info[KEY]}`` a fact of the finished stage (``Stage.info``), ``{w}`` and
  ``{h}`` the size, and a generator's own fields (:data:`_FIELDS`).  A part
  in angle brackets (``<...>``) is left out while its facts are unknown (the stage is
  still being made, or an embed's caption is written without running it).
* ``changes``: the cells the stage changed that its pictures tint
  (:class:`worldgen.core.image.Change`), against the stage before it.
* ``check``: a debug view, shown after the map it checks but not counted as
  a step ("check", not "5/5").
* ``start``: what the first picture of the stage's steps shows, held when a
  demo animates (the caverns' random fill, before the automaton).
* ``ramp``: the two ends of a layer stage's grey scale.

A generator registered without a row still gets notes (:func:`notes_of`): its
title and summary, each stage by its name.  ``tests/test_captions.py``
checks that every stage of every built-in generator has a row and that every
template fills at every generator's defaults.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from worldgen.core.image import Change, Key, framed_picture, stage_entries
from worldgen.core.registry import GeneratorSpec, Stage
from worldgen.core.tiles import BY_NAME, TILES

from .island.mask import particle_scale

__all__ = ["Source", "StageNote", "Notes", "NOTES", "notes_of", "note", "fill", "sentence", "credit", "demo_params",
           "link_params",
           "steps", "counter", "heading", "before", "key", "framed", "caption", "changes_of"]


@dataclass(frozen=True)
class Source:
    """The post a generator follows: its ``title``, its author (``by``) and where it appeared."""

    title: str
    by: str
    where: str = ""

    @property
    def credit(self) -> str:
        """One line: ``after “Title” by Author (where)``."""
        where = f" ({self.where})" if self.where else ""
        return f"after \u201c{self.title}\u201d by {self.by}{where}"


@dataclass(frozen=True)
class StageNote:
    title: str
    text: str
    changes: tuple[Change, ...] = ()
    check: bool = False
    start: str = ""
    ramp: tuple[str, str] = ("low", "high")


@dataclass(frozen=True)
class Notes:
    source: Source | None
    stages: Mapping[str, StageNote]
    demo: Mapping[str, Any] = field(default_factory=dict)


def _ids(*names: str) -> frozenset:
    return frozenset(BY_NAME[name].id for name in names)


_WALKABLE = frozenset(t.id for t in TILES if t.walkable)
_BLOCKING = frozenset(t.id for t in TILES if not t.walkable)

NOTES: dict[str, Notes] = {
    "island": Notes(
        Source("World Generation Breakdown", "Ebyan Alvarez-Buylla", "Dance of Death, 2016"),
        {
            "noise": StageNote(
                "Fractal Perlin noise",
                "Fractal grayscale Perlin noise: {p.octaves} octaves, frequency 1/{p.divisor:g} of the width and "
                "height, normalized 0-255."),
            "noise_terrain": StageNote(
                "Terrain on the noise",
                "Terrain applied to the noise alone looks pretty good, but it touches the edges and lacks an "
                "overall island look."),
            "mask_plain": StageNote(
                "Rolling particles",
                "Rolling particles ({roll[particles]} of life {roll[life]}) add 1 where they stand and roll "
                "downhill; multiplied in, this mask makes islands too boxy.",
                ramp=("no particle", "most particles")),
            "mask": StageNote(
                "Centre-biased mask",
                "Particles start {roll[margin]} tiles away from the edges; the outermost tiles x0.75, the next "
                "x0.88, so land never touches the edge.",
                ramp=("no particle", "most particles")),
            "combined": StageNote(
                "Noise x mask",
                "Noise times mask/255: the heightmap, kept where the mask is high and flattened at the edges."),
            "terrain": StageNote(
                "Water line and terrain",
                "Water line at {p.water:.0%} of the sorted heights; below it shallow and deep water, above it beach, "
                "plains, forest, hills and mountains by elevation."),
        },
        # The post’s point: particles rolled tile by tile make a boxy mask (the
        # game rolls them coarser, for speed), and a pile-up one can watch.
        demo={"mask_scale": 1, "batches": 20}),
    "biomes": Notes(
        Source("World Generation in Depth", "trihex", "1000 Dungeons, 2013"),
        {
            "seeds": StageNote(
                "Seed tiles",
                "{p.seeds} seed tiles of random terrain by weight: grass {share[0]:.0%}, forest {share[1]:.0%}, "
                "water {share[2]:.0%}, mountain {share[3]:.0%}, desert {share[4]:.0%}."),
            "growth": StageNote(
                "Seed and grow",
                "Loop by loop each claimed tile spreads its type to the blank tiles around it< ({info[loops]} "
                "loops)>, until every tile is filled."),
            "transitions": StageNote(
                "Transition tiles",
                "Transition tiles where types meet: water next to forest becomes swamp, next to grass or desert "
                "a beach; mountains by lowland, hills."),
            "terrain": StageNote(
                "Clean-up",
                "The final clean-up pass: a lone tile takes the type of a random tile around it< "
                "({info[lone_fixed]} tinted)>.",
                changes=(Change("cleaned up", "changed"),)),
        }),
    "caverns": Notes(
        Source("RogueLike N7", "a team of six", "ENSEEIHT, 2017"),
        {
            "submaps": StageNote(
                "Submaps",
                "The big map is subdivided into submaps< ({info[nx]}x{info[ny]})> of about {p.submap} tiles: each "
                "emptied, its 4 borders filled."),
            "labyrinth": StageNote(
                "Labyrinth",
                "A labyrinth from the player’s submap: walls opened unless that makes a cycle, then "
                "{p.loops:.0%} of the rest as loops.",
                changes=(Change("gate opened", "opened", _ids("wall"), _ids("floor")),)),
            "automata": StageNote(
                "Cellular automata",
                "Random fill, then {p.iterations} times: wall if more than 4 walls within 1 or fewer than 3 within "
                "2, else floor< ({info[iterations_run]} run)>.",
                start="Random fill: {p.fill:.0%} of each submap’s cells are wall."),
            "connected": StageNote(
                "Gates joined",
                "Each submap’s gates are joined: dig from its main cave to every gate not reached (tinted). Crimson: "
                "floor cut off from the start.",
                changes=(Change("tunnel dug", "opened", _ids("wall"), _ids("floor")),)),
            "final": StageNote(
                "Exit, monsters, items",
                "The exit as far as possible from the start; floor cut off is walled up; monsters and items "
                "everywhere."),
        }),
    "mosaic": Notes(
        Source("Url-RL: all new map generation", "riidom", "Url-RL devlog"),
        {
            "mask": StageNote(
                "Master mask",
                "A master mask of index numbers: {p.shapes} {kinds} added modulo {p.areas} areas, then smoothed.",
                ramp=("area 0 (border)", "area {p.areas}")),
            "styles": StageNote(
                "Styles",
                "Each area gets a random style: caves (cellular automata), noise ({p.noise_walls:.0%} walls), "
                "garden stamps, ruins; water waits."),
            "water": StageNote(
                "Water and coast",
                "Water last: deep where all around is water, smoothed; its coast adapts to ground or wall, with "
                "a {p.beach}-tile beach."),
            "final": StageNote(
                "Repair, stairs",
                "Pockets cut off are filled, or joined by digging: fords through water, paths through rock "
                "(tinted). Stairs mark start and exit.",
                changes=(Change("dug to join", "opened", _BLOCKING, _WALKABLE),
                         Change("pocket filled", "changed", _WALKABLE, _ids("wall", "hedge", "deep_water")))),
            "reachability": StageNote(
                "Reachability",
                "The author’s debug view of the water map, before the repair: crimson marks what a land walker "
                "cannot reach.",
                check=True),
        }),
    "rooms": Notes(
        Source("Softly Into the Night", "Jacob Wharton", "after Brogue"),
        {
            "rooms": StageNote(
                "Room accretion",
                "Rooms and corridors tried one by one: each must touch what is built without overlapping, "
                "shifted up to {p.shifts} times, then dropped."),
            "doors": StageNote(
                "Doors",
                "Each join gets a door ({p.door_chance:.0%}), {p.secret_chance:.0%} of them secret, or stays an "
                "open doorway."),
            "dead_ends": StageNote(
                "Dead ends",
                "Dead ends filled from a work list: floor with 3 walls around becomes wall, its neighbours "
                "checked again< ({info[filled]} tinted)>.",
                changes=(Change("dead end filled", "changed", _WALKABLE, _ids("wall")),)),
            "loops": StageNote(
                "Loops",
                "Walls between floors {p.loop_distance} or more steps apart on foot open as loops< "
                "({info[loops]} opened, tinted)>.",
                changes=(Change("loop opened", "opened", _ids("wall"), _WALKABLE),)),
            "final": StageNote(
                "Stairs, monsters, items",
                "Stairs far apart, monsters and items away from the start: a fully connected level."),
        }),
}


def _island_fields(p: Any, w: int, h: int) -> dict[str, Any]:
    return {"roll": particle_scale(w, h, p)}  # particles, life and margin, the autos worked out


def _mosaic_fields(p: Any, w: int, h: int) -> dict[str, Any]:
    return {"kinds": "ellipses and triangles" if p.preset == "wild" else "rectangles and triangles"}


def _biome_fields(p: Any, w: int, h: int) -> dict[str, Any]:
    weights = p.weights()
    total = sum(weights)
    return {"share": [x / total for x in weights] if total else [1 / len(weights)] * len(weights)}


#: Fields of a generator's own that its templates use, from its parameters and size.
_FIELDS = {"island": _island_fields, "mosaic": _mosaic_fields, "biomes": _biome_fields}
_OPTIONAL = re.compile(r"(<[^<>]*>)")


def notes_of(spec: GeneratorSpec) -> Notes:
    """The notes of ``spec``: its row of :data:`NOTES`, or plain ones made from the spec."""
    found = NOTES.get(spec.name)
    if found is not None:
        return found
    return Notes(None, {name: StageNote(name.replace("_", " "), spec.summary) for name in spec.stages})


def note(spec: GeneratorSpec, stage: str) -> StageNote:
    """The note of one stage (a stage the table lacks: its name and the spec's summary)."""
    return notes_of(spec).stages.get(stage) or StageNote(stage.replace("_", " "), spec.summary)


def _fill(template: str, fields: Mapping[str, Any]) -> str:
    """``template`` formatted; a part in angle brackets whose fields are missing is left out.

    >>> _fill("{a} x<, {b} y>.", {"a": 1}), _fill("{a} x<, {b} y>.", {"a": 1, "b": 2})
    ('1 x.', '1 x, 2 y.')
    """
    out = []
    for part in _OPTIONAL.split(template):
        if part.startswith("<") and part.endswith(">"):
            try:
                out.append(part[1:-1].format_map(fields))
            except (KeyError, IndexError, AttributeError, TypeError, ValueError):
                pass
        else:
            out.append(part.format_map(fields))
    return "".join(out)


def _fields(spec: GeneratorSpec, params: Any, info: Mapping | None, size: tuple[int, int] | None) -> dict:
    params = spec.make_params(params) if params is None or isinstance(params, Mapping) else params
    w, h = size or spec.default_size
    extra = _FIELDS.get(spec.name)
    return {"p": params, "info": dict(info or {}), "w": w, "h": h, **(extra(params, w, h) if extra else {})}


def fill(spec: GeneratorSpec, template: str, params: Any = None, info: Mapping | None = None,
         size: tuple[int, int] | None = None) -> str:
    """A template of the table filled in for ``spec`` (see the module doc)."""
    return _fill(template, _fields(spec, params, info, size))


def sentence(spec: GeneratorSpec, stage: str, params: Any = None, info: Mapping | None = None,
             size: tuple[int, int] | None = None, start: bool = False) -> str:
    """The stage's sentence, filled in (``start``: the sentence of its first step, when it has one)."""
    found = note(spec, stage)
    text = found.start if start and found.start else found.text
    return _fill(text, _fields(spec, params, info, size))


def credit(spec: GeneratorSpec) -> str:
    """``after “Post” by Author (where)``, or "" when the generator names no source."""
    source = notes_of(spec).source
    return source.credit if source else ""


def demo_params(spec: GeneratorSpec, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The parameters a demo of ``spec`` runs with: its demo defaults, overridden by ``given``."""
    return {**notes_of(spec).demo, **dict(given or {})}


def link_params(spec: GeneratorSpec, params: Any) -> dict[str, Any]:
    """The parameters of ``params`` (a parameter object) that differ from a demo's starting ones:
    what a demo's link must say."""
    start = demo_params(spec)
    return {s.name: getattr(params, s.name) for s in spec.param_specs
            if getattr(params, s.name) != start.get(s.name, s.default)}


def steps(spec: GeneratorSpec) -> tuple[str, ...]:
    """The stages that are steps of the generation (every stage but the checks)."""
    return tuple(s for s in spec.stages if not note(spec, s).check)


def counter(spec: GeneratorSpec, stage: str) -> str:
    """Where ``stage`` stands: ``"3/6"``, or ``"check"`` for a check."""
    order = steps(spec)
    return f"{order.index(stage) + 1}/{len(order)}" if stage in order else "check"


def heading(spec: GeneratorSpec, stage: str) -> str:
    """The generator, where the stage stands and its title: ``Island · 3/6 Rolling particles``,
    ``Mosaic of styles · check: Reachability``."""
    place = counter(spec, stage)
    return f"{spec.title} · {place + ':' if place == 'check' else place} {note(spec, stage).title}"


def changes_of(spec: GeneratorSpec, stage: str) -> tuple[Change, ...]:
    return note(spec, stage).changes


def before(spec: GeneratorSpec, stages: Mapping[str, Stage], stage: str) -> Stage | None:
    """The stage a stage's changes are found against: the one before it, when there is one."""
    i = spec.stages.index(stage)
    return stages.get(spec.stages[i - 1]) if i > 0 else None


def key(spec: GeneratorSpec, stages: Mapping[str, Stage], stage: str, params: Any = None,
        size: tuple[int, int] | None = None) -> Key:
    """The key a picture of ``stages[stage]`` carries (the CLI's ``--legend``): the stage's title and
    sentence, its tiles, tints and markers, the credit."""
    found, shown = note(spec, stage), stages[stage]
    fields = _fields(spec, params, shown.info, size)
    lines = [f"{heading(spec, stage)}: {_fill(found.text, fields)}"]
    if credit(spec):
        lines.append(credit(spec))
    ramp = (_fill(found.ramp[0], fields), _fill(found.ramp[1], fields))
    entries = stage_entries(shown, before(spec, stages, stage), found.changes, ramp)
    return Key(tuple(lines), tuple(entries), found.changes, ramp)


def framed(spec: GeneratorSpec, stages: Mapping[str, Stage], stage: str, width: int, height: int):
    """``stages[stage]`` as the bare demo draws it in a ``width`` x ``height`` window (an embed's poster)."""
    return framed_picture(stages[stage], width, height, before(spec, stages, stage), changes_of(spec, stage))


def caption(spec: GeneratorSpec, stage: str, params: Any = None, size: tuple[int, int] | None = None) -> str:
    """An embed's caption: where the stage stands, what it does, whose idea it follows.

    >>> from worldgen.core import registry
    >>> caption(registry.get("rooms"), "doors")
    'Rooms (Brogue-style accretion) · 2/5 Doors: Each join gets a door (85%), 8% of them secret, or stays an open doorway. After “Softly Into the Night” by Jacob Wharton (after Brogue).'
    """
    text = f"{heading(spec, stage)}: {sentence(spec, stage, params, None, size)}"
    source = credit(spec)
    return f"{text} {source[0].upper()}{source[1:]}." if source else text
