"""The minds of the player's side: a shackled captive waits to be freed; an
ally fights the player's foes and keeps close (or holds its ground when told
to wait: ``Monster.order``)."""

from __future__ import annotations

from ..creatures import status
from ..actions.base import Action
from ..actions.melee import Attack
from ..creatures.entities import Monster
from ..world.geometry import chebyshev
from .base import Behaviour, TurnContext, away, step, toward, wander

__all__ = ["Captive", "Ally", "FOLLOW", "CHASE"]

FOLLOW = 2  # a following ally keeps within this many cells (8-way) of the player
CHASE = 6  # it goes after a foe at most this many steps off (and never leaves the player far behind)


class Captive(Behaviour):
    """Shackled: it neither notices nor acts; a bump frees it (``actions.allies.Free``)."""

    def notice(self, ctx: TurnContext, m: Monster) -> list[tuple[str, str]]:
        return []

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        return None


class Ally(Behaviour):
    """Fights beside the player: strikes a foe next to it; following, it goes
    after foes near the player it can see and otherwise keeps within
    :data:`FOLLOW` cells of them; told to wait, it holds its ground and
    strikes only what comes next to it.  Afraid, it runs from its foe."""

    def notice(self, ctx: TurnContext, m: Monster) -> list[tuple[str, str]]:
        m.awake = True
        return []

    def target(self, ctx: TurnContext, m: Monster) -> Monster | None:
        """The hostile monster it fights: the nearest next to it, else (when
        following) the nearest awake one it and the player can see within
        :data:`CHASE` cells; None when there is none."""
        level, best, best_key = ctx.run.level, None, None
        for o in level.monsters:
            if not o.hostile or o.hidden or not o.alive:
                continue
            d = chebyshev(m.pos, o.pos)
            near = d == 1
            seen = (o.awake and d <= min(CHASE, m.kind.sight) and level.visible[o.y, o.x]
                    and status.seen_at(o, chebyshev(o.pos, ctx.player_pos)))
            if near or (m.order == "follow" and seen):
                key = (d, o.y, o.x)
                if best_key is None or key < best_key:
                    best, best_key = o, key
        return best

    def act(self, ctx: TurnContext, m: Monster) -> Action | None:
        m.awake = True
        foe = self.target(ctx, m)
        if foe is not None and status.afraid(m):
            return step(ctx, m, away(ctx, m, foe.pos))
        if foe is not None and chebyshev(m.pos, foe.pos) == 1:
            return Attack(m, foe, ctx.rng)
        level, (px, py) = ctx.run.level, ctx.player_pos
        if m.order != "follow":
            return None
        if foe is not None and chebyshev(foe.pos, (px, py)) <= CHASE + FOLLOW:
            return step(ctx, m, toward(ctx, m, level.distance_from(*foe.pos, m.moves)))
        if chebyshev(m.pos, (px, py)) > FOLLOW:
            return step(ctx, m, toward(ctx, m, level.distance_from(px, py, m.moves)))
        return step(ctx, m, wander(ctx, m)) if ctx.rng.random() < 0.2 and self._stays_near(ctx, m) else None

    @staticmethod
    def _stays_near(ctx: TurnContext, m: Monster) -> bool:
        return chebyshev(m.pos, ctx.player_pos) < FOLLOW
