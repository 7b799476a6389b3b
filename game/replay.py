"""Watch or check a recorded run.

    python -m game.replay FILE            watch it in a window (the play screen,
                                          driven by the recording)
    python -m game.replay FILE --verify   play it headless and compare every digest

``--verify`` exits 0 when every digest matches, 1 when the replay diverges
(one line naming the first turn that differs), 2 on a file it cannot read
or replay (one line: damaged, not a recording, another version's).  Watching
a file it cannot read prints the same line and exits 2 before any window
opens.  Recordings come from the game (the end screen, the title's list of
finished runs) and from ``python -m game.tools.autoplay --record DIR``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .rules.record import MAX_FILE_CHARS
from .rules.run import open_replay
from .work import settle

__all__ = ["main", "verify", "read_text"]


def read_text(path: Path) -> tuple[str | None, str]:
    """The file's text, or ``(None, why)``; never more than a recording may be."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_CHARS + 1)
    except OSError as exc:
        return None, f"cannot read it ({exc.strerror or exc})"
    if len(data) > MAX_FILE_CHARS:
        return None, f"the recording is too large (over {MAX_FILE_CHARS:,} characters)"
    try:
        return data.decode("ascii"), ""
    except UnicodeDecodeError:
        return None, "that is not a Deepisle recording (not plain text)"


def verify(text: str) -> tuple[int, str]:
    """``(exit status, one line)`` for a recording's text, played headless."""
    replay, why = open_replay(text)
    if replay is None:
        return 2, why
    mismatch = replay.play_to_end(settle)
    if mismatch is not None:
        return 1, f"diverges: {mismatch.line}"
    if not replay.finished:
        return 1, f"diverges: the replay stopped at command {replay.index + 1} of {replay.total} (a map it could not build)"
    end = replay.recording.final[3] if replay.recording.final else "unfinished"
    cut = " (the recording stops early: the run was too long to record whole)" if replay.recording.cut else ""
    return 0, (f"ok: {replay.total} commands, {replay.game.turn} turns, {end}; "
               f"{replay.matched} digests match{cut}")


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
