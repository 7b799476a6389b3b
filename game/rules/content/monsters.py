"""Monster kinds, how they scale with depth, and the experience table.

Each kind names its behaviour (a unit in ``game.rules.behaviours``), how it
moves, and what its blows or shots carry; most kinds have one trait that
asks its own answer of the player (``note`` says it in a few words: the
look command and docs/MONSTERS.md show it).

How a kind moves (``moves``): ``walk`` (floor only), ``fly`` (also over deep
water), ``swim`` (only in water: eels), ``phase`` (through walls: ghosts).

What a blow carries: ``on_hit``, a status it gives a third of the time
(``game.rules.actions.melee.ON_HIT_CHANCE``); ``blow``, a power performed
every time a blow lands (a name in ``game.rules.actions.powers.BLOWS``:
``steal``, ``drain``, ``knockback``).  What happens to it: ``on_hurt`` (a
name ``powers.set_off`` knows: ``split``), ``on_death`` (an effect of
``game.rules.actions.effects.EFFECTS`` burst around its corpse, of strength
``death_power``).  What it brings: ``escort`` (the kind of the rest of its
group), ``summons`` (the kind it calls up).  ``disguise``: the item kinds a
mimic passes for.  ``immune``: statuses that never take hold of it.
``captive``: it may be found shackled, and freed becomes an ally.
``relic_boss``: it only guards a relic (never met elsewhere).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["MonsterKind", "MONSTERS", "MONSTER_BY_ID", "RELIC_BOSSES", "CAPTIVE_KINDS", "pick_monster",
           "pick_relic_boss", "pick_captive", "monster_stats", "monster_xp", "xp_to_next", "ally_xp_to_next",
           "MAX_SUMMONS", "summon_budget"]

MAX_SUMMONS = 4  # creatures one caster may call up or raise in its life


@dataclass(frozen=True, kw_only=True)
class MonsterKind:
    id: str
    name: str
    glyph: str
    colour: tuple[int, int, int]
    hp: int
    attack: int
    defence: int
    speed: int  # energy per game turn; 100 is the player's pace (see game.rules.creatures.energy)
    xp: int
    tier: int  # first tier it appears at
    sight: int = 8
    behaviour: str = "hunter"  # a name in game.rules.behaviours.BEHAVIOURS
    moves: str = "walk"  # walk | fly | swim | phase (see the module docstring)
    on_hit: str = ""  # a status its blows (or shots) may inflict: poisoned, burning, slowed, paralysed ...
    blow: str = ""  # a power every landed blow performs: steal, drain, knockback
    shot: int = 0  # ranged attack (or breath): its damage (0: none)
    shot_range: int = 0
    flee_below: float = 0.0  # cowards flee below this share of their HP
    group: int = 1  # how many spawn together (packs)
    escort: str = ""  # the kind of the group's other members (default: its own)
    summons: str = ""  # the kind it calls up (conjurers, warlords, liches)
    on_hurt: str = ""  # what a wound it survives sets off: split
    on_death: str = ""  # an effect burst around its corpse
    death_power: int = 0
    disguise: tuple[str, ...] = ()  # item kinds a mimic passes for
    immune: tuple[str, ...] = ()  # statuses that never take hold
    captive: bool = True  # may be found shackled (and freed, fights for the player)
    relic_boss: bool = False  # guards a relic; met nowhere else
    hearing: int = 10  # how far (steps on foot) it hears a sound of loudness 10
    note: str = ""  # its trait in a few words


MONSTERS: tuple[MonsterKind, ...] = (
    MonsterKind(id="rat", name="giant rat", glyph="r", colour=(176, 150, 120), hp=4, attack=2, defence=0,
                speed=100, xp=2, tier=0, behaviour="coward", flee_below=0.5,
                note="flees when hurt"),
    MonsterKind(id="bat", name="cave bat", glyph="b", colour=(150, 120, 200), hp=3, attack=2, defence=0,
                speed=160, xp=2, tier=0, sight=6, behaviour="erratic", moves="fly",
                note="flits about"),
    MonsterKind(id="kobold", name="kobold", glyph="k", colour=(210, 120, 80), hp=5, attack=3, defence=0,
                speed=100, xp=4, tier=1, behaviour="pack", group=3,
                note="hunts in packs that flank you"),
    MonsterKind(id="snake", name="viper", glyph="s", colour=(120, 210, 90), hp=6, attack=3, defence=0,
                speed=80, xp=5, tier=1, sight=6, behaviour="sleeper", on_hit="poisoned",
                note="sleeps deeply; its bite poisons"),
    MonsterKind(id="slime", name="slime", glyph="j", colour=(130, 220, 160), hp=12, attack=3, defence=1,
                speed=50, xp=5, tier=2, sight=5, behaviour="sleeper", on_hit="slowed",
                note="sleeps deeply; its touch slows"),
    MonsterKind(id="goblin", name="goblin", glyph="g", colour=(90, 200, 110), hp=9, attack=4, defence=1,
                speed=100, xp=6, tier=2, behaviour="coward", flee_below=0.35,
                note="runs when badly hurt"),
    MonsterKind(id="archer", name="goblin archer", glyph="a", colour=(170, 220, 110), hp=7, attack=2,
                defence=0, speed=100, xp=8, tier=3, sight=9, behaviour="archer", shot=4, shot_range=7,
                note="keeps its distance and shoots"),
    MonsterKind(id="wolf", name="wolf", glyph="w", colour=(190, 190, 200), hp=9, attack=4, defence=1,
                speed=140, xp=7, tier=3, sight=10, behaviour="pack", group=2,
                note="fast, hunts in pairs"),
    MonsterKind(id="skeleton", name="skeleton", glyph="z", colour=(235, 235, 215), hp=12, attack=5, defence=2,
                speed=90, xp=9, tier=4, behaviour="wanderer",
                immune=("poisoned",), note="roams the halls"),
    MonsterKind(id="orc", name="orc", glyph="o", colour=(120, 170, 60), hp=16, attack=6, defence=2, speed=100,
                xp=12, tier=5, behaviour="pack", group=2,
                note="hunts in pairs"),
    MonsterKind(id="wraith", name="wraith", glyph="W", colour=(160, 200, 255), hp=16, attack=7, defence=3,
                speed=120, xp=16, tier=7, sight=10, moves="fly", on_hit="slowed",
                immune=("poisoned",), note="flies; its touch slows"),
    MonsterKind(id="troll", name="troll", glyph="T", colour=(80, 150, 90), hp=30, attack=9, defence=4,
                speed=80, xp=24, tier=9, behaviour="sleeper",
                note="sleeps deeply and hits hard"),
    MonsterKind(id="ogre", name="ogre", glyph="O", colour=(210, 160, 100), hp=38, attack=11, defence=4,
                speed=70, xp=30, tier=11, behaviour="wanderer",
                note="roams; slow, and hits very hard"),
    MonsterKind(id="drake", name="drake", glyph="D", colour=(240, 90, 60), hp=44, attack=11, defence=5,
                speed=110, xp=45, tier=15, sight=10, behaviour="archer", moves="fly", on_hit="burning", shot=7,
                shot_range=6, immune=("burning",), note="breathes fire from afar"),
    # -- one trait each ---------------------------------------------------------------------
    MonsterKind(id="cutpurse", name="cutpurse", glyph="p", colour=(210, 180, 90), hp=6, attack=2, defence=0,
                speed=120, xp=6, tier=1, behaviour="thief", blow="steal", captive=False,
                note="steals from your pack and runs for the stairs"),
    MonsterKind(id="jelly", name="acid jelly", glyph="J", colour=(110, 230, 200), hp=14, attack=3, defence=0,
                speed=80, xp=3, tier=2, sight=5, on_hurt="split", captive=False, immune=("poisoned",),
                note="splits in two when struck"),
    MonsterKind(id="mimic", name="mimic", glyph="m", colour=(200, 150, 80), hp=14, attack=5, defence=1,
                speed=100, xp=10, tier=2, behaviour="mimic", disguise=("potion", "scroll_map", "wand_slow"),
                captive=False, note="passes for an item until touched"),
    MonsterKind(id="drummer", name="goblin drummer", glyph="d", colour=(160, 210, 90), hp=8, attack=3,
                defence=1, speed=100, xp=7, tier=2, behaviour="alarmist",
                note="beats a war drum when it sees you: the level wakes"),
    MonsterKind(id="eel", name="giant eel", glyph="e", colour=(90, 170, 210), hp=12, attack=6, defence=1,
                speed=120, xp=9, tier=3, moves="swim", behaviour="lurker", captive=False,
                note="strikes from deep water, then sinks out of reach"),
    MonsterKind(id="vampire_bat", name="vampire bat", glyph="v", colour=(190, 60, 100), hp=7, attack=3,
                defence=0, speed=160, xp=8, tier=3, sight=7, moves="fly", behaviour="flitter", blow="drain",
                note="drinks your blood to heal, then flits off"),
    MonsterKind(id="spider", name="cave spider", glyph="S", colour=(170, 150, 130), hp=9, attack=3, defence=1,
                speed=110, xp=9, tier=4, behaviour="archer", on_hit="paralysed", shot=1, shot_range=5,
                note="spits webs that hold you fast"),
    MonsterKind(id="bloat", name="bloat", glyph="B", colour=(190, 210, 120), hp=5, attack=1, defence=0,
                speed=60, xp=5, tier=4, moves="fly", on_death="confuse", death_power=6, captive=False,
                note="bursts into a maddening cloud when killed: strike it from afar"),
    MonsterKind(id="shaman", name="goblin shaman", glyph="h", colour=(170, 130, 230), hp=10, attack=3,
                defence=1, speed=100, xp=14, tier=5, behaviour="shaman", group=3, escort="goblin",
                note="hastes its pack"),
    MonsterKind(id="ghost", name="ghost", glyph="G", colour=(210, 225, 245), hp=12, attack=5, defence=2,
                speed=90, xp=12, tier=5, moves="phase", immune=("poisoned", "paralysed"), captive=False,
                note="drifts through walls"),
    MonsterKind(id="conjurer", name="goblin conjurer", glyph="c", colour=(230, 120, 230), hp=10, attack=3,
                defence=1, speed=100, xp=16, tier=6, behaviour="conjurer", summons="imp",
                note="blinks away and summons imps"),
    MonsterKind(id="imp", name="imp", glyph="i", colour=(255, 120, 80), hp=5, attack=3, defence=0, speed=150,
                xp=3, tier=6, moves="fly", behaviour="erratic", captive=False, note="fast and frail"),
    MonsterKind(id="ghoul", name="ghoul", glyph="u", colour=(140, 180, 120), hp=16, attack=5, defence=2,
                speed=90, xp=14, tier=6, on_hit="paralysed", immune=("poisoned",), note="its claws paralyse"),
    MonsterKind(id="salamander", name="salamander", glyph="l", colour=(255, 130, 40), hp=18, attack=6,
                defence=2, speed=100, xp=18, tier=7, behaviour="breather", shot=6, shot_range=5,
                immune=("burning",), note="breathes a line of fire that burns all in its path"),
    MonsterKind(id="wight", name="wight", glyph="X", colour=(190, 190, 165), hp=20, attack=7, defence=3,
                speed=100, xp=20, tier=8, on_hit="weakened", immune=("poisoned",),
                note="its touch saps your strength"),
    MonsterKind(id="necromancer", name="necromancer", glyph="N", colour=(180, 120, 255), hp=14, attack=4,
                defence=1, speed=100, xp=24, tier=8, behaviour="necromancer",
                note="raises the dead where they fell"),
    # -- the relics' guardians: each has its own trait ----------------------------------------------
    MonsterKind(id="warlord", name="orc warlord", glyph="K", colour=(220, 90, 60), hp=21, attack=6, defence=2,
                speed=100, xp=40, tier=6, behaviour="warlord", summons="goblin", relic_boss=True, captive=False,
                note="bellows for its guard when hurt, and rages"),
    MonsterKind(id="lich", name="lich", glyph="L", colour=(200, 160, 255), hp=16, attack=4, defence=1,
                speed=100, xp=45, tier=6, behaviour="lich", summons="skeleton", shot=4, shot_range=7,
                on_hit="slowed", immune=("poisoned", "paralysed"), relic_boss=True, captive=False,
                note="raises the dead and blinks away from blades"),
    MonsterKind(id="hydra", name="hydra", glyph="Y", colour=(110, 200, 120), hp=24, attack=3, defence=2,
                speed=90, xp=45, tier=6, behaviour="hydra", relic_boss=True, captive=False,
                note="grows heads as it is wounded: every head bites"),
    MonsterKind(id="colossus", name="stone colossus", glyph="C", colour=(190, 180, 170), hp=30, attack=6,
                defence=2, speed=70, xp=45, tier=6, blow="knockback", immune=("poisoned", "burning", "paralysed"),
                relic_boss=True, captive=False, note="its blows hurl you across the room"),
    # a vault's keeper (game.rules.world.vaults): never found at a spawn point (tier far out of reach)
    MonsterKind(id="sentinel", name="stone sentinel", glyph="&", colour=(196, 192, 200), hp=999, attack=14,
                defence=60, speed=100, xp=0, tier=10_000, sight=30, behaviour="statue", captive=False,
                immune=("poisoned", "burning", "paralysed", "confused", "afraid"),
                note="a vault's keeper: moves only when you do"),
)
MONSTER_BY_ID = {m.id: m for m in MONSTERS}
RELIC_BOSSES = tuple(m for m in MONSTERS if m.relic_boss)
CAPTIVE_KINDS = tuple(m for m in MONSTERS if m.captive and m.moves == "walk")


def pick_monster(rng: np.random.Generator, tier: int) -> MonsterKind:
    """A kind near the tier: unlocked kinds, weighted towards the newest few
    (never a relic's guardian)."""
    return _weighted(rng, [m for m in MONSTERS if m.tier <= tier and not m.relic_boss], tier)


def pick_captive(rng: np.random.Generator, tier: int) -> MonsterKind:
    """A kind found shackled at danger ``tier``: one that walks and can be an ally."""
    return _weighted(rng, [m for m in CAPTIVE_KINDS if m.tier <= tier], tier)


def pick_relic_boss(rng: np.random.Generator) -> MonsterKind:
    """The guardian of a relic: one of :data:`RELIC_BOSSES`."""
    return RELIC_BOSSES[int(rng.integers(0, len(RELIC_BOSSES)))]


def _weighted(rng: np.random.Generator, able: list[MonsterKind], tier: int) -> MonsterKind:
    weights = np.array([max(1, 6 - (tier - m.tier)) for m in able], dtype=np.int64)
    pick = int(rng.integers(0, int(weights.sum())))
    return able[int(np.searchsorted(np.cumsum(weights), pick, side="right"))]


def monster_stats(kind: MonsterKind, tier: int, called: bool = False) -> tuple[int, int, int]:
    """``(hp, attack, defence)`` scaled up when the tier is above the kind's own:
    a quarter more life, one more attack and a third of a defence per tier
    (a hero gains about a level a tier, and a perk with it).  A relic boss
    met below its kind's tier (the first island's) is scaled down alike, to
    at least 1 HP, 1 attack and no defence, and so is a creature ``called``
    up or raised below its kind's tier (the skeletons of the first island's
    lich: at full strength they killed divers of level 2 there, rules 16);
    other kinds are never met below theirs but for a vault's sentinels,
    which stay as written.

    >>> monster_stats(MONSTER_BY_ID["rat"], 0), monster_stats(MONSTER_BY_ID["rat"], 6)
    ((4, 2, 0), (10, 8, 2))
    >>> monster_stats(MONSTER_BY_ID["lich"], 6), monster_stats(MONSTER_BY_ID["lich"], 4)
    ((16, 4, 1), (8, 2, 1))
    >>> monster_stats(MONSTER_BY_ID["skeleton"], 1), monster_stats(MONSTER_BY_ID["skeleton"], 1, called=True)
    ((12, 5, 2), (3, 2, 1))
    """
    over = max(0, tier - kind.tier)
    under = max(0, kind.tier - tier) if kind.relic_boss or called else 0
    hp = kind.hp + (kind.hp * over) // 4 - (kind.hp * under) // 4
    return max(1, hp), max(1, kind.attack + over - under), max(0, kind.defence + over // 3 - under // 3)


def summon_budget(kind: MonsterKind, tier: int) -> int:
    """How many creatures one of ``kind`` met at danger ``tier`` may call up
    or raise in its life: :data:`MAX_SUMMONS`, one fewer per tier a relic
    boss stands below its kind's (the first island's, scaled down as
    :func:`monster_stats` says), never below one.  A diver at level 2 met a
    lich that called up four skeletons on the first island (rules 16).

    >>> [summon_budget(MONSTER_BY_ID["lich"], t) for t in (6, 5, 4, 2, 0)]
    [4, 3, 2, 1, 1]
    >>> summon_budget(MONSTER_BY_ID["conjurer"], 0), summon_budget(MONSTER_BY_ID["lich"], 9)
    (4, 4)
    """
    under = max(0, kind.tier - tier) if kind.relic_boss else 0
    return max(1, MAX_SUMMONS - under)


def monster_xp(kind: MonsterKind, tier: int, boss: bool = False) -> int:
    """XP for a kill: grows with how far the tier lifted the kind's stats."""
    over = max(0, tier - kind.tier)
    return (kind.xp + (kind.xp * over) // 4) * (3 if boss else 1)


def xp_to_next(level: int) -> int:
    """XP the player needs to go from ``level`` to the next.

    >>> [xp_to_next(n) for n in (1, 2, 3)]
    [35, 90, 165]
    """
    return 25 * level + 10 * level * level


def ally_xp_to_next(level: int) -> int:
    """XP an ally needs to go from ``level`` to the next (it learns faster than you).

    >>> [ally_xp_to_next(n) for n in (1, 2, 3)]
    [15, 30, 45]
    """
    return 15 * level
