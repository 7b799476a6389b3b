"""Watch or check a recorded run.

    python -m game.replay FILE            watch it in a window (the play screen,
                                          driven by the recording)
    python -m game.replay FILE --verify   play it headless and compare every digest

``--verify`` exits 0 when the replay reaches every digest the recorder must
have written and the end the file states (it prints the outcome, turns,
relics and score the replay reached, never the file's), 1 when it does not
(one line: the first turn that differs, a digest missing, or the file's
claim beside the replay's), 2 on a file it cannot read or replay (one line:
damaged, not a recording, another version's, not a regular file).  Watching
a file it cannot read prints the same line and exits 2 before any window
opens.  Recordings come from the game (the end screen, the title's list of
finished runs) and from ``python -m game.tools.autoplay --record DIR``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .shell.files import read_regular
from .rules.persistence.record import MAX_FILE_CHARS
from .rules.run import open_replay
from .shell.work import settle

__all__ = ["main", "verify", "read_text"]


def read_text(path: Path) -> tuple[str | None, str]:
    """The file's text, or ``(None, why)``: a regular file only (a FIFO, a
    device or a folder is refused, never waited on), and never more than a
    recording may be."""
    data, why = read_regular(path, MAX_FILE_CHARS)
    if data is None:
        if why.startswith("it is too large"):
            return None, f"the recording is too large (over {MAX_FILE_CHARS:,} characters)"
        return None, f"cannot read it ({why})"
    try:
        return data.decode("ascii"), ""
    except UnicodeDecodeError:
        return None, "that is not a Deepisle recording (not plain text)"


def verify(text: str) -> tuple[int, str]:
    """``(exit status, one line)`` for a recording's text, played headless.
    Everything the line says of the run is what the replay reached; what the
    file states of its end is only compared with it."""
    replay, why = open_replay(text)
    if replay is None:
        return 2, why
    mismatch = replay.play_to_end(settle)
    if mismatch is not None:
        return 1, f"diverges: {mismatch.line}"
    if not replay.finished:
        return 1, f"diverges: the replay stopped at command {replay.index + 1} of {replay.total} (a map it could not build)"
    claims = replay.claims()
    if claims:
        field, said, shown = claims[0]
        more = f" (and {len(claims) - 1} more: {', '.join(c[0] for c in claims[1:])})" if len(claims) > 1 else ""
        return 1, f"false: the file says {field} {said!r}, the replay reaches {shown!r}{more}"
    cut = (" (the recording stops early: the run was too long to record whole, and its end is not checked)"
           if replay.recording.cut else "")
    return 0, f"ok: {replay.total} commands, {ending(replay)}; {replay.matched} digests match{cut}"


def ending(replay) -> str:
    """How the replayed run stands, in words: turns, outcome, where, relics, score."""
    g, reached = replay.game, replay.reached()
    where = f"depth {g.depth} of site {g.site + 1}" if g.mode == "dungeon" and g.site is not None else "outdoors"
    outcome = replay.outcome()
    said = {"won": "won", "died": f"died ({reached['cause']}) at {where}",
            "playing": f"still playing at {where}"}[outcome]
    return (f"{g.turn} turns, {said} on island {g.location + 1}, {reached['relics']} "
            f"relic{'s' if reached['relics'] != 1 else ''}, score {reached['score']}")


def _parse(argv: list[str]) -> argparse.Namespace:
    class Parser(argparse.ArgumentParser):
        def error(self, message: str):
            print(f"replay: error: {message}", file=sys.stderr)
            raise SystemExit(2)

    ap = Parser(prog="python -m game.replay", description="Watch or check a recorded Deepisle run.")
    ap.add_argument("file", type=Path, help="a recording (.replay.txt)")
    ap.add_argument("--verify", action="store_true", help="play it headless and compare every digest")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    text, why = read_text(args.file)
    if text is None:
        print(f"{args.file}: {why}", file=sys.stderr)
        return 2
    if args.verify:
        status, line = verify(text)
        print(f"{args.file}: {line}", file=sys.stdout if status == 0 else sys.stderr)
        return status
    replay, why = open_replay(text)
    if replay is None:
        print(f"{args.file}: {why}", file=sys.stderr)
        return 2
    return _watch(text)


def _watch(text: str) -> int:
    """The game's window, showing the replay first (Esc leaves it for the title)."""
    import asyncio

    from .launch import main as game_main

    asyncio.run(game_main(replay=text))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
