"""Status effects: what each is called, how it is shown, and its per-turn
rule (applied by ``game.rules.creatures.status``).  Turns count down once per game turn."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["StatusKind", "STATUSES", "MAX_STATUS_TURNS"]

MAX_STATUS_TURNS = 99


@dataclass(frozen=True, kw_only=True)
class StatusKind:
    id: str
    label: str  # as the panel shows it
    colour: tuple[int, int, int]
    good: bool
    damage: int = 0  # hit points lost each turn
    heal: int = 0  # hit points gained each turn
    speed: float = 1.0  # multiplies speed (energy gained per turn)
    note: str = ""  # one line for the look command and the help


STATUSES: dict[str, StatusKind] = {s.id: s for s in (
    StatusKind(id="poisoned", label="Poisoned", colour=(150, 220, 60), good=False,
               damage=1, note="loses 1 HP a turn, does not heal"),
    StatusKind(id="burning", label="Burning", colour=(255, 140, 40), good=False,
               damage=2, note="loses 2 HP a turn; water puts it out"),
    StatusKind(id="slowed", label="Slowed", colour=(140, 170, 255), good=False,
               speed=0.5, note="acts half as often"),
    StatusKind(id="confused", label="Confused", colour=(210, 150, 255), good=False,
               note="stumbles in a random direction half the time"),
    StatusKind(id="hasted", label="Hasted", colour=(120, 230, 255), good=True,
               speed=2.0, note="acts twice as often"),
    StatusKind(id="regenerating", label="Regenerating", colour=(120, 255, 140), good=True,
               heal=1, note="heals 1 HP a turn"),
    StatusKind(id="paralysed", label="Paralysed", colour=(230, 230, 120), good=False,
               note="cannot act at all"),
    StatusKind(id="levitating", label="Levitating", colour=(200, 220, 255), good=True,
               note="floats over deep water and chasms"),
    StatusKind(id="invisible", label="Invisible", colour=(190, 190, 210), good=True,
               note="unseen beyond one step: hunters lose the trail"),
    StatusKind(id="weakened", label="Weakened", colour=(200, 150, 120), good=False,
               note="blows land with half their strength"),
    StatusKind(id="afraid", label="Afraid", colour=(255, 230, 200), good=False,
               note="runs from its foe; fights only when cornered"),
    StatusKind(id="steadfast", label="Steadfast", colour=(240, 240, 240), good=True,
               note="just freed of a paralysis, confusion or fear: none of them takes hold again yet"),
)}
