"""Status effects: what each is called, how it is shown, and its per-turn
rule (applied by ``game.rules.status``).  Turns count down once per game turn."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["StatusKind", "STATUSES", "MAX_STATUS_TURNS"]

MAX_STATUS_TURNS = 99


@dataclass(frozen=True)
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
    StatusKind("poisoned", "Poisoned", (150, 220, 60), False, damage=1, note="loses 1 HP a turn, does not heal"),
    StatusKind("burning", "Burning", (255, 140, 40), False, damage=2, note="loses 2 HP a turn; water puts it out"),
    StatusKind("slowed", "Slowed", (140, 170, 255), False, speed=0.5, note="acts half as often"),
    StatusKind("confused", "Confused", (210, 150, 255), False, note="stumbles in a random direction half the time"),
    StatusKind("hasted", "Hasted", (120, 230, 255), True, speed=2.0, note="acts twice as often"),
    StatusKind("regenerating", "Regenerating", (120, 255, 140), True, heal=1, note="heals 1 HP a turn"),
)}
