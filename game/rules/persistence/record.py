"""Recordings: a run as its seed and the player's commands, checked by digests.

The rules are deterministic given the world name, the dungeon size, the run
seed and the commands, so a run is recorded as exactly those.  A command is
one method of :class:`game.rules.run.Game` marked ``@recorded("m")``: its
one-letter code and its arguments go into the recording when the player
gives it (only the outermost call: ``stairs`` calling ``descend`` records
``stairs``; a command refused while ``busy`` changes nothing and is not
recorded).  Before the first command and the first command at or past each
:data:`CHECK_EVERY` turns, the recording keeps the state digest
(:func:`game.rules.persistence.digest.state_digest`); when it is finished it keeps the
final one.  A replay (:mod:`game.rules.persistence.replay`) gives the same commands to a
new run and compares every digest.

A command is its code, then its arguments as a JSON array if it has any::

    >>> encode_command("m", (1, -1)), encode_command("s", ()), encode_command("u", (2, (5, 7)))
    ('m[1,-1]', 's', 'u[2,[5,7]]')
    >>> parse_commands("m[1,-1]ssu[2,[5,7]]")
    [('m', (1, -1)), ('s', ()), ('s', ()), ('u', (2, (5, 7)))]

A recording travels as one line of text (a file, a ``?replay=`` link):
``DR1.`` then base64url(zlib(JSON)).  :func:`read_file` never raises: a
damaged, foreign, oversized or other version's text gives ``(None, why)``.
Beside a save, the recording of the run in progress is kept in storage
(:mod:`game.rules.persistence.recstore`).
"""

from __future__ import annotations

import base64
import functools
import inspect
import json
import zlib
from dataclasses import dataclass, field

import numpy as np

from .digest import state_digest
from ..state import RunState

__all__ = ["recorded", "COMMANDS", "RELOAD", "Recording", "encode_command", "parse_commands", "read_file", "from_parts",
           "next_check_after",
           "version", "RULES_VERSION", "PACKAGE_VERSION", "CHECK_EVERY", "MAX_COMMANDS", "MAX_FILE_CHARS", "FORMAT", "RecordingError"]

FORMAT = 1
PREFIX = f"DR{FORMAT}."
CHECK_EVERY = 1000  # turns between two digests
MAX_COMMANDS = 400_000  # a longer run stops recording there (about 150,000 turns of play)
MAX_FILE_CHARS = 3_000_000  # a recording text read is at most this long ...
MAX_JSON_CHARS = 12_000_000  # ... and inflates to at most this (a zlib bomb is refused unread)
MAX_ARGS = 4
MAX_TEXT_ARG = 16  # characters of a text argument (a mode's name: "smart")
RELOAD = "R"  # not a method: the run was saved and loaded here (R[1]: from a save made while a map was being built)

#: code -> the name of the ``Game`` method it records.
COMMANDS: dict[str, str] = {RELOAD: ""}


#: The package's version (pyproject.toml's; a test keeps them equal).
PACKAGE_VERSION = "0.1.0"

#: The rules' version: raised by hand whenever a change to the rules or the maps
#: makes a recorded run play differently, so a replay never pretends a run plays
#: the same under other rules.  ``tests/test_replay.py`` replays a committed
#: recording (``tests/data/golden.replay.txt``) and fails when it no longer
#: plays to its digests: then raise this number and remake the recording
#: (``make golden-replay``), in the same commit as the change, saying why.
RULES_VERSION = 18  # 2: terrain, vaults and site themes; 3: creatures, allies, backgrounds, perks; 4: the turn's mask follows every action, fire and clouds said only in view; 5: the balance retuned (danger per island, monster growth, relic guardians, perks held at most three times), walks round captives and through allies; 6: monsters gain a quarter of a defence per tier above their kind (a third before); 7: walks that plan themselves (travel, auto-explore) keep out of a guardian room whose sentinels were seen, and auto-explore from inside it leads out; 8: the first island grows a tier every other level, a relic boss below its tier is weaker, monsters gain a third of a defence per tier again, sentinels are neither confused nor afraid and walks go round and keep from beside them; 9: a save keeps the walk or rest under way and the map being built (a reload is given before or after that build, as it was made), the digest covers both, and crafting makes known only kinds that were not; 10: what goes on is a plan the engine steps, and a walk keeps only what it has seen itself (one on the overworld carried the last dungeon walk's monsters into the digest); 11: walks see as they step, stop before known clouds and once beside a vault that springs, helplessness ends in steadfast turns and a paralysed creature that is hit may struggle free; 12: scrolls are read first and asked after, scrolls of enchanting, a throw, a burst and a blink stop at the cell aimed at, missiles strike into brush, a blink lands short of a creature in its way; 13: a walk leaves the cloud the player stands in over any of its cells; 14: f with no foe it can reach says why and takes up no launcher (no turn passes), o on the overworld walks to the nearest site not yet entered, a refused > or < stops a walk; 15: scarcity: from the second island on, healing only one potion find in five (one in four, and an even share of the rest, before), 4 herbs a healing potion (3), 3 pearls make a scroll of enchanting (2 made a full heal and +3 max HP), 3 hides +4 max HP (+6), and crafting refuses what would overfill the pack; 16: healing one potion find in four again (by its own roll alone) from the seventh island's first tier, a relic boss below its kind's tier calls up or raises one fewer per tier (at least one), and what is called up or raised below its kind's tier is scaled down as such a boss is; 17: vaults face left and right too (a plan turned a quarter had its entrance on the side away from the ground, so none was ever carved sideways); 18: a rooms dungeon opens a wall between two floors that meet only at a corner even where both walls stand beside doors (one of them, which becomes a doorway; such a contact was left before, in about one map in two hundred)


def next_check_after(checks: list) -> int:
    """The turn at or past which the next digest is due, after ``checks``:
    the first command gets one, then the first command at or past each
    multiple of :data:`CHECK_EVERY` turns.  The recorder and the replay's
    check of a recording's digests (:mod:`game.rules.persistence.replay`) share it.

    >>> next_check_after([]), next_check_after([(0, 0, "d")]), next_check_after([(9, 2480, "d")])
    (0, 1000, 3000)
    """
    return (checks[-1][1] // CHECK_EVERY + 1) * CHECK_EVERY if checks else 0


def version() -> str:
    """The version a recording is made under: ``"0.1.0+rules.2"``."""
    return f"{PACKAGE_VERSION}+rules.{RULES_VERSION}"


class RecordingError(ValueError):
    """A recording that cannot be read; ``str(exc)`` is one line for the player."""


# -- marking commands ------------------------------------------------------------------------
def recorded(code: str):
    """Mark a ``Game`` method as a player's command recorded under ``code``
    (one character, unique).  Arguments may be ints, bools, None, pairs and
    short texts (at most :data:`MAX_TEXT_ARG` printable characters)."""
    if len(code) != 1 or code in "[]" or code in COMMANDS:
        raise ValueError(f"a command code is one new character, not {code!r}")

    def mark(method):
        signature = inspect.signature(method)
        COMMANDS[code] = method.__name__

        @functools.wraps(method)
        def command(self, *args, **kwargs):
            run = getattr(self, "run", self)  # the game's run (the facade holds it)
            recording = getattr(run, "recording", None)
            if recording is None or recording.depth or run.busy:
                return method(self, *args, **kwargs)
            args = signature.bind(self, *args, **kwargs).args[1:]
            recording.add(run, code, args)
            recording.depth += 1
            try:
                return method(self, *args)
            finally:
                recording.depth -= 1

        command.code = code
        return command

    return mark


def _plain(value):
    """An argument as JSON holds it (tuples as lists, numpy ints as ints)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, str) and len(value) <= MAX_TEXT_ARG and value.isprintable():
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    raise TypeError(f"a recorded argument must be an int, a bool, None, a pair or a short text, "
                    f"not {type(value).__name__}")


def _tupled(value):
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def encode_command(code: str, args: tuple) -> str:
    return code + (json.dumps(_plain(list(args)), separators=(",", ":")) if args else "")


def _valid_arg(value, nested: bool = False) -> bool:
    """An argument a command may have: a small int, a bool, None, a pair of them, or a short text."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, str):
        return not nested and len(value) <= MAX_TEXT_ARG and value.isprintable()
    if isinstance(value, int):
        return abs(value) < 2**31
    return isinstance(value, list) and not nested and len(value) <= 2 and all(_valid_arg(v, True) for v in value)


def parse_commands(text: str, limit: int = MAX_COMMANDS) -> list[tuple[str, tuple]]:
    """``[(code, args), ...]`` from a command text; raises :class:`RecordingError`
    naming the first command that is not one (an unknown code, arguments that
    are not small ints, bools, None, pairs or short texts)."""
    out, i, n = [], 0, len(text)
    decoder = json.JSONDecoder()
    while i < n:
        if len(out) >= limit:
            raise RecordingError(f"more than {limit:,} commands")
        code, i = text[i], i + 1
        if code not in COMMANDS:
            raise RecordingError(f"command {len(out) + 1} is not one this game knows")
        args: list = []
        if i < n and text[i] == "[":
            try:
                args, i = decoder.raw_decode(text, i)
            except (ValueError, RecursionError):
                raise RecordingError(f"command {len(out) + 1} is damaged") from None
            if not isinstance(args, list) or len(args) > MAX_ARGS or not all(_valid_arg(a) for a in args):
                raise RecordingError(f"command {len(out) + 1} is damaged")
        out.append((code, tuple(_tupled(a) for a in args)))
    return out


# -- a recording -------------------------------------------------------------------------------
@dataclass
class Recording:
    """A run's start, its commands (encoded, in order) and its digests.

    ``checks`` are ``(command index, turn, digest)``: the state just before
    that command; ``final`` is ``(commands, turn, digest, outcome)`` once
    the recording is finished (``outcome``: died, won, or playing).
    """

    world: str
    size: str
    seed: int
    daily: str = ""  # the UTC date of a daily world's run
    background: str = ""  # the background the run started as ("": the default)
    version: str = field(default_factory=lambda: version())
    commands: list[str] = field(default_factory=list)
    checks: list[tuple[int, int, str]] = field(default_factory=list)
    final: tuple[int, int, str, str] | None = None
    cut: bool = False  # stopped at MAX_COMMANDS: the replay ends there
    summary: dict = field(default_factory=dict)  # what a list of replays shows
    depth: int = field(default=0, repr=False)  # > 0 inside a recorded command
    next_check: int = field(default=0, repr=False)  # the turn of the next digest
    chunk_sums: list = field(default_factory=list, repr=False)  # digests of the chunks in storage (recstore) ...
    chunks_in: object = field(default=None, repr=False, compare=False)  # ... in this storage

    @classmethod
    def start(cls, run: RunState) -> "Recording":
        return cls(run.name, run.size_name, run.run_seed, daily=getattr(run, "daily", "") or "",
                   background=run.player.background)

    def add(self, run: RunState, code: str, args: tuple) -> None:
        """Record a command about to be given (with a digest first when one is due)."""
        if self.cut or self.final is not None:
            return
        if len(self.commands) >= MAX_COMMANDS:
            self.cut = True
            return
        if run.turn >= self.next_check:
            self.checks.append((len(self.commands), run.turn, state_digest(run)))
            self.next_check = next_check_after(self.checks)
        self.commands.append(encode_command(code, args))

    def reloaded(self, building: bool) -> None:
        """The run was saved and loaded: the replay does what loading does.
        ``building``: the save was made while a map was being built (the
        replay reloads before building it, not after)."""
        if not self.cut and self.final is None:
            self.commands.append(encode_command(RELOAD, (1,) if building else ()))
        self.next_check = next_check_after(self.checks)

    def finish(self, run: RunState, summary: dict | None = None) -> None:
        """The run ended (or is handed over as it stands): the final digest."""
        if self.final is None:
            outcome = "won" if run.won else "died" if run.dead else "playing"
            n = len(self.commands)
            turn = run.turn if not self.cut else (self.checks[-1][1] if self.checks else 0)
            # a cut recording's final state is not what its commands reach: its last check is its end
            self.final = (n, turn, state_digest(run) if not self.cut else "", outcome)
        if summary is not None:
            self.summary = dict(summary)

    # -- text ----------------------------------------------------------------------------
    def header(self) -> dict:
        return {"game": "deepisle", "version": self.version, "world": self.world, "size": self.size,
                "seed": self.seed, **({"daily": self.daily} if self.daily else {}),
                **({"background": self.background} if self.background else {})}

    def to_file(self) -> str:
        """One line of text: a file's contents, or a link's ``replay=`` value."""
        payload = dict(self.header(), commands="".join(self.commands), checks=[list(c) for c in self.checks],
                       final=list(self.final) if self.final else None, cut=self.cut, summary=self.summary)
        raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=True).encode("ascii")
        return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


# -- reading ------------------------------------------------------------------------------------
def _inflate(data: bytes, limit: int) -> bytes:
    inflate = zlib.decompressobj()
    raw = inflate.decompress(data, limit + 1)
    if len(raw) > limit:
        raise RecordingError("the recording is too large")
    if not inflate.eof:
        raise RecordingError("the recording is cut short")
    return raw


def _text_field(payload: dict, key: str, limit: int = 200) -> str:
    value = payload.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise RecordingError(f"the recording is damaged (no {key})")
    return value


def read_file(text) -> tuple[Recording | None, str]:
    """``(recording, "")`` from a file's or a link's text, else ``(None, why)``
    with one line for the player.  Never raises; bounded in size and time."""
    try:
        return _read(text), ""
    except RecordingError as exc:
        return None, str(exc)


def _read(text) -> Recording:
    if not isinstance(text, str):
        raise RecordingError("that is not a recording (not text)")
    text = text.strip()
    if len(text) > MAX_FILE_CHARS:
        raise RecordingError(f"the recording is too large (over {MAX_FILE_CHARS:,} characters)")
    if not text.startswith("DR") or "." not in text[:8]:
        raise RecordingError("that is not a Deepisle recording")
    form = text[2:text.index(".")]
    if form != str(FORMAT):
        raise RecordingError(f"the recording is of another format ({form[:6]}); this game reads format {FORMAT}")
    body = text[len(PREFIX):]
    if len(body) % 4 == 1:  # a lone last character holds no whole byte: the text was cut there
        body = body[:-1]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        raw = _inflate(data, MAX_JSON_CHARS)
        payload = json.loads(raw.decode("ascii"))
    except RecordingError:
        raise
    except (ValueError, zlib.error, UnicodeDecodeError, RecursionError, TypeError):
        raise RecordingError("the recording is damaged (it does not decode)") from None
    if not isinstance(payload, dict) or payload.get("game") != "deepisle":
        raise RecordingError("that is not a Deepisle recording")
    theirs = payload.get("version")
    if theirs != version():
        raise RecordingError(f"the recording is from Deepisle {str(theirs)[:40]}; this is {version()}, "
                             "whose rules may differ: it cannot be replayed here")
    return _from_payload(payload)


def from_parts(payload: dict, commands) -> Recording:
    """A recording from its header fields in ``payload`` (world, size, seed,
    daily, background), its digests and cut mark, and ``commands`` (their
    text): what a file holds and what a save carries
    (:func:`game.rules.persistence.recstore.load`) are read by this one function.
    Raises :class:`RecordingError`."""
    seed = payload.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordingError("the recording is damaged (no run seed)")
    if not isinstance(commands, str):
        raise RecordingError("the recording is damaged (no commands)")
    parsed = parse_commands(commands)
    rec = Recording(_text_field(payload, "world"), _text_field(payload, "size", 20), seed,
                    daily=payload.get("daily") if isinstance(payload.get("daily"), str) else "",
                    background=payload.get("background") if isinstance(payload.get("background"), str)
                    and len(payload["background"]) <= 20 else "",
                    commands=[encode_command(code, args) for code, args in parsed])
    rec.checks = _checks(payload.get("checks"), len(parsed))
    rec.next_check = next_check_after(rec.checks)
    rec.cut = payload.get("cut") is True
    return rec


def _from_payload(payload: dict) -> Recording:
    rec = from_parts(payload, payload.get("commands"))
    final = payload.get("final")
    if final is not None:
        if not (isinstance(final, list) and len(final) == 4 and _count(final[0]) == len(rec.commands)
                and _count(final[1]) is not None and isinstance(final[2], str) and len(final[2]) <= 64
                and final[3] in ("died", "won", "playing")):
            raise RecordingError("the recording is damaged (its end)")
        rec.final = tuple(final)
    summary = payload.get("summary")
    rec.summary = {k: v for k, v in summary.items() if isinstance(k, str) and isinstance(v, (str, int))
                   and not isinstance(v, bool)} if isinstance(summary, dict) else {}
    return rec


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31 else None


def _checks(value, n: int) -> list[tuple[int, int, str]]:
    """The digests, in order, each before a command that exists."""
    if not isinstance(value, list) or len(value) > n + 1:
        raise RecordingError("the recording is damaged (its digests)")
    out, last = [], -1
    for c in value:
        if not (isinstance(c, list) and len(c) == 3 and _count(c[0]) is not None and last < c[0] < max(n, 1)
                and _count(c[1]) is not None and isinstance(c[2], str) and len(c[2]) <= 64):
            raise RecordingError("the recording is damaged (its digests)")
        out.append((c[0], c[1], c[2]))
        last = c[0]
    return out
