"""The save body of a run: what play changed, and only that.

Maps are rebuilt from the world name, so a body holds the player (with the
background they started as, the perks they chose and the choices still
owed), where they are, cleared sites, the site whose treasure is being
carried out, the allies travelling with them, the message history (``log``,
the last ``MAX_LOG`` lines), and a snapshot of every visited level as the
player left it (:mod:`game.rules.persistence.snapshot`: explored mask, secret doors and
traps found, every monster and floor item as they stand).  Random rolls are derived from the run seed and the turn
(:meth:`~game.rules.state.RunState.rng`), so the body holds every random
stream's state too.  Reading never trusts a value: :func:`run_from_json`
clamps and names what it changed, and a level snapshot that does not fit
its rebuilt level is refused whole.  The envelope (version, checksum, the
safe write) is :mod:`game.rules.persistence.save`.
"""

from __future__ import annotations

from worldgen.generators.world import SITES_PER_LOCATION

from .. import content
from ..content import BACKGROUND_BY_ID, ITEM_BY_ID, MAX_STATUS_TURNS, MONSTER_BY_ID, PERK_BY_ID, STATUSES, UNIDENTIFIED_KINDS
from ..creatures.energy import ACTION_COST, Energy
from ..creatures.entities import Player
from ..world.location import WorldMap
from ..text.log import KINDS, MAX_LOG, MAX_TEXT, Message
from ..creatures.pack import clamp_pack, reletter
from .reading import BIG, as_dict, as_list, cell, clamp_int
from .snapshot import level_snapshot, monster_from_json, monster_to_json
from ..state import ARRIVALS, DEFAULT_PICKUP, PICKUP_MODES, REST_KINDS, LevelRequest, LocationRequest, RunState
from ..content.tips import TIP_BY_ID

__all__ = ["run_to_json", "run_from_json", "usable", "player_to_json", "player_from_json", "flush_levels",
           "log_to_json", "log_from_json", "activity_to_json", "activity_from_json", "MAX_COMPANIONS", "MAX_PERKS",
           "MAX_PATH"]

MAX_COMPANIONS = 32  # allies a save may say travel with the player
MAX_PERKS = 1000  # perks a save may say were chosen (a level each)
MAX_PLUS = 1000  # a kind's enchantment a save may claim (a scroll each)
MAX_PATH = 10_000  # cells a saved walk may still have to go (a map has at most 40,000; walks are shortest)
MAX_SEEN = 1000  # monsters a saved walk may say it has seen


# -- the run ---------------------------------------------------------------------------
def run_to_json(run: RunState) -> dict:
    """Only what play changed.  Call between actions; while a map is being
    built, the body says where the build takes the player (:func:`_where`),
    so loading it builds the same map and arrives as the build would have."""
    flush_levels(run)
    request = run.pending
    location = request.index if isinstance(request, LocationRequest) and run.loc is not None else run.location
    activity = activity_to_json(run)
    return {
        "world": run.name, "size": run.size_name, "run": run.run_seed, "turn": run.turn,
        "location": location, "unlocked": run.unlocked,
        "cleared": {str(k): sorted(v) for k, v in run.cleared.items() if v},
        "over": {str(k): list(v) for k, v in run.over_pos.items()},
        "player": player_to_json(run.player), "where": _where(run), "levels": dict(run.deltas),
        "stats": {"kills": run.kills, "deepest": run.deepest, **({"freed": run.freed} if run.freed else {})},
        "known": sorted(run.known), "relics": sorted(run.relics),
        "log": log_to_json(run.log),
        **({"carrying": run.carrying} if run.carrying is not None else {}),
        **({"relic": True} if run.carrying_relic else {}),
        **({"companions": [monster_to_json(m) for m in run.companions]} if run.companions else {}),
        **({"slain": dict(sorted(run.slain.items()))} if run.slain else {}),
        **({"daily": run.daily} if run.daily else {}),
        **({"tips": sorted(run.tips_seen)} if run.tips_seen else {}),
        **({"activity": activity} if activity is not None else {}),
        **({"pickup": run.pickup} if run.pickup != DEFAULT_PICKUP else {}),
    }


def _where(run: RunState) -> dict:
    """Where the player is: on the overworld, or in a site at a depth and cell.
    While a level is being built, where it takes them: its site and depth,
    and ``arrive`` (by the stairs ``"up"`` or ``"down"``, or a ``"fall"``)
    in place of the cell; while a location is being built, its start (no
    cell: the body's ``location`` is the one being built)."""
    request = run.pending
    over = list(run.over_pos.get(run.location, run.pos))
    if isinstance(request, LevelRequest):
        where = {"mode": "dungeon", "site": request.site, "depth": request.depth, "over": over}
        if isinstance(request.arrive, tuple):  # ("at", cell): a save's own place
            return dict(where, pos=list(request.arrive[1]))
        return dict(where, pos=None, arrive=request.arrive)
    if isinstance(request, LocationRequest) and run.loc is not None:
        return {"mode": "overworld", "pos": None}
    if run.mode == "dungeon" and run.site is not None:
        return {"mode": "dungeon", "site": run.site, "depth": run.depth, "pos": list(run.pos), "over": over}
    return {"mode": "overworld", "pos": list(run.pos)}


def activity_to_json(run: RunState) -> dict | None:
    """What goes on by itself (a walk, auto-explore, a rest or a search) and
    what it has already seen, so a loaded run goes on exactly as it would
    have (:func:`game.rules.actions.travel.danger` compares against it);
    None when nothing goes on."""
    if not run.ongoing:
        return None
    act = run.activity
    return {"path": [list(c) for c in act.path], "explore": run.exploring, "rest": run.resting,
            "turns": act.turns, "seen": sorted(act.seen), "awake": sorted(act.awake),
            "hp": act.hp, "hurt": run.blows - act.blows, "finds": act.finds,
            **({"plan": act.kind} if act.kind in ("seek", "head") else {}),
            **({"target": list(act.target)} if act.target is not None else {})}


def activity_from_json(value) -> dict | None:
    """A saved activity, clamped (at most :data:`MAX_PATH` cells, :data:`MAX_SEEN`
    monsters; a rest is one of ``REST_KINDS``); None when there is none or it
    goes nowhere.  :func:`game.rules.play.build.restore_activity` puts it back."""
    if not isinstance(value, dict):
        return None
    path = [c for c in (cell(v) for v in as_list(value.get("path"))[:MAX_PATH]) if c is not None]
    rest = value.get("rest") if value.get("rest") in REST_KINDS else ""
    explore = value.get("explore") is True and not rest
    if not (path or explore or rest):
        return None
    # An explore may be the goal key's ("seek") or towards a tapped cell ("head", with its target).
    target = cell(value.get("target")) if explore and value.get("plan") == "head" else None
    plan = "head" if target is not None else "seek" if explore and value.get("plan") == "seek" else ""

    def ids(key: str) -> set[int]:
        return {clamp_int(i, 0, BIG, 0) for i in as_list(value.get(key))[:MAX_SEEN]}

    return {"path": [] if rest else path, "explore": explore, "rest": rest,
            "turns": clamp_int(value.get("turns"), 0, BIG, 0), "seen": ids("seen"), "awake": ids("awake"),
            "hp": clamp_int(value.get("hp"), 0, BIG, 0), "hurt": clamp_int(value.get("hurt"), 0, BIG, 0),
            "finds": clamp_int(value.get("finds"), 0, BIG, 0), "plan": plan, "target": target}


def flush_levels(run: RunState) -> None:
    """Keep the snapshots of the current site's levels (before they are dropped or saved)."""
    for level in run.levels.values():
        run.deltas[level.key.text()] = level_snapshot(level)


def run_from_json(cls: type[RunState], body: dict, world: WorldMap | None = None) -> RunState:
    """The run a save body describes, as an instance of ``cls``.

    Raises ``ValueError`` (or ``TypeError``) when the body cannot be a
    run: not a dict, no world name, an unusable name, no player.
    Everything else is clamped, never trusted: numbers that are not
    numbers take their new-game value, counts and the turn are cut to
    ``[0, 2**31)``, the run seed to ``[0, 2**63)``, the location to the
    open ones, cleared sites and remembered positions that do not exist
    are dropped, and where the player stood is checked against the map
    when it is built (an unusable cell becomes the start or the stairs
    up).  The first-time tips said are known tips' ids (a save from before
    them has none).  The treasure carried is kept only for the dungeon site the save
    stands in, and the log as :func:`log_from_json` reads it; travelling
    allies are allies of known kinds (``snapshot.monster_from_json``'s
    clamps), at most :data:`MAX_COMPANIONS`.  The player's own clamps are in
    :func:`player_from_json`.
    """
    if not isinstance(body, dict) or not isinstance(body.get("world"), str):
        raise ValueError("the save names no world")
    size = body.get("size")
    size = size if isinstance(size, str) and size in content.DUNGEONS else "medium"
    world = world or WorldMap(body["world"], size)
    g = cls(world, size, clamp_int(body.get("run"), 0, 2**63 - 1, 0))
    g.turn = clamp_int(body.get("turn"), 0, BIG, 0)
    g.unlocked = clamp_int(body.get("unlocked"), 1, world.n_locations, 1)
    g.location = clamp_int(body.get("location"), 0, g.unlocked - 1, 0)
    g.cleared = {}
    for k, v in as_dict(body.get("cleared")).items():
        loc = clamp_int(k, -1, world.n_locations, -1)
        if 0 <= loc < world.n_locations and isinstance(v, list):
            ids = {clamp_int(i, -1, SITES_PER_LOCATION, -1) for i in v[:SITES_PER_LOCATION * 2]}
            g.cleared[loc] = ids - {-1, SITES_PER_LOCATION}
    g.over_pos = {}
    for k, v in as_dict(body.get("over")).items():
        loc, pos = clamp_int(k, -1, world.n_locations, -1), cell(v)
        if 0 <= loc < world.n_locations and pos is not None:
            g.over_pos[loc] = pos
    if not isinstance(body.get("player"), dict):
        raise ValueError("the save holds no player")
    g.player = player_from_json(body["player"])
    g.deltas = {str(k): v for k, v in as_dict(body.get("levels")).items() if isinstance(v, dict)}
    g.log = log_from_json(body.get("log"))
    stats = as_dict(body.get("stats"))
    g.kills, g.deepest = clamp_int(stats.get("kills"), 0, BIG, 0), clamp_int(stats.get("deepest"), 0, BIG, 0)
    g.freed = clamp_int(stats.get("freed"), 0, BIG, 0)
    g.companions = [m for m in (monster_from_json(e) for e in as_list(body.get("companions"))[:MAX_COMPANIONS])
                    if m is not None and m.ally]
    g.known = {i for i in as_list(body.get("known"))[:len(ITEM_BY_ID)] if _identifiable(i)}
    g.relics = {clamp_int(i, -1, world.n_locations, -1) for i in as_list(body.get("relics"))[:world.n_locations * 2]}
    g.relics.discard(-1)
    g.relics.discard(world.n_locations)
    g.carrying_relic = body.get("relic") is True
    g.slain = {k: clamp_int(v, 1, BIG, 1) for k, v in list(as_dict(body.get("slain")).items())[:len(MONSTER_BY_ID)]
               if k in MONSTER_BY_ID}
    daily = body.get("daily")
    g.daily = daily if isinstance(daily, str) and len(daily) == 10 else ""
    g.tips_seen = {t for t in as_list(body.get("tips"))[:len(TIP_BY_ID)] if isinstance(t, str) and t in TIP_BY_ID}
    g.pickup = body.get("pickup") if body.get("pickup") in PICKUP_MODES else DEFAULT_PICKUP
    where = as_dict(body.get("where"))
    g.saved_place = {"mode": "dungeon" if where.get("mode") == "dungeon" else "overworld",
                "site": clamp_int(where.get("site"), -1, SITES_PER_LOCATION, -1),
                "depth": clamp_int(where.get("depth"), 1, g.size.levels, 1),
                "pos": cell(where.get("pos")), "over": cell(where.get("over")),
                "arrive": where.get("arrive") if where.get("arrive") in ARRIVALS else None,
                "activity": activity_from_json(body.get("activity"))}
    carrying = clamp_int(body.get("carrying"), -1, SITES_PER_LOCATION, -1)
    g.carrying = carrying if g.saved_place["mode"] == "dungeon" and carrying == g.saved_place["site"] >= 0 else None
    g.pending = LocationRequest(g.location)
    g.repaired = _repaired(body, g)
    return g


def _identifiable(item_id) -> bool:
    """An item kind the player may come to know (one known from the start needs no place in ``known``)."""
    return isinstance(item_id, str) and item_id in ITEM_BY_ID and ITEM_BY_ID[item_id].kind in UNIDENTIFIED_KINDS


def _repaired(body: dict, g: RunState) -> list[str]:
    """The parts of a save body the clamps of :func:`run_from_json` changed."""
    where = as_dict(body.get("where"))
    r = g.saved_place
    read = {
        "size": g.size_name, "run": g.run_seed, "turn": g.turn, "location": g.location, "unlocked": g.unlocked,
        "cleared": {str(k): sorted(v) for k, v in g.cleared.items() if v},
        "over": {str(k): list(v) for k, v in g.over_pos.items()},
        "player": _player_read(g.player, as_dict(body.get("player"))),
        "stats": {"kills": g.kills, "deepest": g.deepest, **({"freed": g.freed} if g.freed else {})},
        "known": sorted(g.known), "relics": sorted(g.relics),
        "log": log_to_json(g.log) if "log" in body else None,
        "carrying": g.carrying, "relic": g.carrying_relic or None,
        "companions": [monster_to_json(m) for m in g.companions] or None,
        "slain": dict(sorted(g.slain.items())) or None, "daily": g.daily or None,
        "tips": sorted(g.tips_seen) or None,
        "where": {"mode": r["mode"], "pos": list(r["pos"]) if r["pos"] else None,
                  **({"site": r["site"], "depth": r["depth"], "over": list(r["over"]) if r["over"] else None}
                     if r["mode"] == "dungeon" else {}), **({"arrive": r["arrive"]} if "arrive" in where else {})},
        "activity": _activity_read(r["activity"]) if "activity" in body else None,
        "pickup": g.pickup,
    }
    # Kinds known from the start carry nothing (saves before rules 9 kept crafted ones): not a repair.
    known = body.get("known")
    if isinstance(known, list):
        known = [i for i in known if not (isinstance(i, str) and i in ITEM_BY_ID) or _identifiable(i)]
    saved = dict(body, where={k: where.get(k) for k in read["where"]}, log=body.get("log"), known=known)
    for name in _ADDED_KEYS:  # saves from before these keys existed are not "repaired"
        if name not in body:
            del read[name]
    return [name for name, value in read.items() if saved.get(name) != value]


def _player_read(p: Player, saved: dict) -> dict:
    """The player as :func:`player_from_json` read it, written back as the save
    holds it: letters a save from before them did not keep are given, not repaired."""
    read = player_to_json(p)
    if "letters" not in saved:
        read.pop("letters", None)
    return read


def _activity_read(act: dict | None) -> dict | None:
    """An activity as :func:`activity_from_json` read it, written back as the save holds it."""
    if act is None:
        return None
    return {"path": [list(c) for c in act["path"]], "explore": act["explore"], "rest": act["rest"],
            "turns": act["turns"], "seen": sorted(act["seen"]), "awake": sorted(act["awake"]), "hp": act["hp"],
            "hurt": act["hurt"], "finds": act["finds"], **({"plan": act["plan"]} if act["plan"] else {}),
            **({"target": list(act["target"])} if act["target"] is not None else {})}


#: Keys added to the save body after version 1 shipped; absent means their new-game value.
_ADDED_KEYS = ("known", "relics", "relic", "slain", "daily", "companions", "activity", "pickup", "tips")


def usable(body: dict) -> bool:
    """Whether a decoded save body can be played (for :func:`game.rules.persistence.save.load`)."""
    try:
        run_from_json(RunState, body)
    except Exception:  # noqa: BLE001 - any failure means "cannot be played"
        return False
    return True


# -- the message log ---------------------------------------------------------------------
def log_to_json(log: list[Message]) -> list:
    return [[m.text, m.kind, m.turn] for m in log]


def log_from_json(value) -> list[Message]:
    """The run's history from a save: the last :data:`MAX_LOG` lines that are
    ``[text, kind, turn]`` with a known kind; text cut to :data:`MAX_TEXT`
    characters, turns clamped like the run's.  Anything else is dropped (a
    save from before the history was kept has none: an empty log)."""
    if not isinstance(value, list):
        return []
    out = []
    make = tuple.__new__   # Message(...) without its keyword handling: a save checks 1000 lines each time
    for line in value[-MAX_LOG:]:
        if isinstance(line, list) and len(line) == 3:
            text, kind, turn = line
            if isinstance(text, str) and isinstance(kind, str) and kind in KINDS:
                if type(turn) is not int or not 0 <= turn <= BIG:   # the usual turn needs no clamping
                    turn = clamp_int(turn, 0, BIG, 0)
                out.append(make(Message, (text[:MAX_TEXT], kind, turn)))
    return out


# -- the player --------------------------------------------------------------------------
def player_to_json(p: Player) -> dict:
    out = {"hp": p.hp, "max_hp": p.max_hp, "atk": p.base_attack, "def": p.base_defence,
           "level": p.level, "xp": p.xp, "weapon": p.weapon, "armour": p.armour,
           "inventory": list(p.inventory), "regen": p.regen_counter}
    # Written only when they differ from a new player's, so older saves read back equal.
    if p.statuses:
        out["statuses"] = dict(sorted(p.statuses.items()))
    if p.energy.value != ACTION_COST:
        out["energy"] = p.energy.value
    if p.background:
        out["background"] = p.background
    if p.perks:
        out["perks"] = list(p.perks)
    if p.perks_owed:
        out["perks_owed"] = p.perks_owed
    if p.swap:  # the weapon ready to swap
        out["swap"] = p.swap
    if p.reading:  # a scroll read, its choice still to come
        out["reading"] = p.reading
    if p.enchants:
        out["enchants"] = dict(sorted(p.enchants.items()))
    letters = reletter(p.inventory, p.letters)  # as the pack shows them (a pack set up by hand included)
    if letters:
        out["letters"] = {k: list(v) for k, v in sorted(letters.items())}
    return out


def player_from_json(d: dict) -> Player:
    """The player from a save, clamped: a missing or non-number value takes
    the new player's; max HP 1..100000, HP 1..max HP, attack and defence
    0..10000, level 1..1000, XP 0..10**9; gear must be of its kind (a
    weapon wielded or ready to swap, armour worn) and the pack holds known items, never a
    prize, in at most ``MAX_INVENTORY`` rows (:func:`game.rules.creatures.pack.clamp_pack`);
    statuses are known ones of 1..99 turns, energy -10000..10000; the
    background a known one (else none), perks known ones (one that may not
    repeat, once), at most :data:`MAX_PERKS`, perks still owed 0..level - 1;
    a scroll waiting for its choice one that asks for one; enchantments
    on weapon and armour kinds, 1..:data:`MAX_PLUS`; the pack's letters
    each row's own (:func:`~game.rules.creatures.pack.reletter`).
    Raises ``TypeError`` if ``d`` is not a dict."""
    if not isinstance(d, dict):
        raise TypeError("the player is not a dict")
    new = Player()

    def num(key, lo, hi, default):
        return clamp_int(d.get(key), lo, hi, default)

    def gear(key, kind):
        v = d.get(key)
        return v if isinstance(v, str) and v in ITEM_BY_ID and ITEM_BY_ID[v].kind == kind else None

    pack = d.get("inventory")
    pack = pack if isinstance(pack, list) else []
    statuses = {k: clamp_int(v, 1, MAX_STATUS_TURNS, 1) for k, v in list(as_dict(d.get("statuses")).items())[:16]
                if k in STATUSES}
    p = Player(max_hp=num("max_hp", 1, 100_000, new.max_hp), base_attack=num("atk", 0, 10_000, new.base_attack),
               base_defence=num("def", 0, 10_000, new.base_defence), level=num("level", 1, 1000, new.level),
               xp=num("xp", 0, 10**9, new.xp), weapon=gear("weapon", "weapon"), armour=gear("armour", "armour"),
               swap=gear("swap", "weapon"),
               inventory=clamp_pack([i for i in pack if isinstance(i, str) and i in ITEM_BY_ID
                                     and ITEM_BY_ID[i].kind not in ("treasure", "relic")]),
               regen_counter=num("regen", 0, 1000, 0), statuses=statuses,
               energy=Energy(num("energy", -10_000, 10_000, ACTION_COST)))
    p.hp = num("hp", 1, p.max_hp, p.max_hp)
    background = d.get("background")
    p.background = background if isinstance(background, str) and background in BACKGROUND_BY_ID else ""
    p.perks = _perks(d.get("perks"))
    p.perks_owed = num("perks_owed", 0, p.level - 1, 0)
    reading = d.get("reading")
    p.reading = reading if isinstance(reading, str) and reading in ITEM_BY_ID and ITEM_BY_ID[reading].asks else ""
    p.letters = reletter(p.inventory, as_dict(d.get("letters")))
    p.enchants = {k: clamp_int(v, 1, MAX_PLUS, 1) for k, v in list(as_dict(d.get("enchants")).items())[:len(ITEM_BY_ID)]
                  if k in ITEM_BY_ID and ITEM_BY_ID[k].kind in ("weapon", "armour")}
    return p


def _perks(value) -> list[str]:
    """Chosen perks from a save: known ids, each at most as often as it may be chosen."""
    out: list[str] = []
    for perk in as_list(value)[:MAX_PERKS]:
        if isinstance(perk, str) and perk in PERK_BY_ID and out.count(perk) < PERK_BY_ID[perk].most:
            out.append(perk)
    return out
