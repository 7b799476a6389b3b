"""One blow: to-hit and damage.  Randomness comes from the generator passed in."""

from __future__ import annotations

import numpy as np

__all__ = ["attack_roll", "HIT_CHANCE"]

HIT_CHANCE = 0.85


def attack_roll(rng: np.random.Generator, attack: int, defence: int) -> int:
    """Damage of one blow: 0 on a miss; otherwise a roll of attack/2..attack
    scaled by 10 / (10 + defence), rounded up: armour softens every blow but
    never makes anyone untouchable.

    >>> rng = np.random.default_rng(0)
    >>> sorted({attack_roll(rng, 6, 0) for _ in range(200)})
    [0, 3, 4, 5, 6]
    >>> max(attack_roll(rng, 6, 10) for _ in range(200))
    3
    """
    if rng.random() >= HIT_CHANCE:
        return 0
    lo = max(1, attack // 2)
    roll = int(rng.integers(lo, max(lo, attack) + 1))
    return -(-roll * 10 // (10 + max(0, defence)))
