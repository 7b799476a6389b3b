"""What every ``worldgen`` subcommand parses alike: the parser that fails in one
line, the name the command was run by, and the value types whose errors name
their option."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from worldgen.core.image import PIXEL_BUDGET
from worldgen.core.seeding import MAX_SEED_CHARS, clean_seed_text

__all__ = ["UsageError", "Parser", "command_name", "whole", "key_value", "map_size", "frame", "seed"]


class UsageError(ValueError):
    """A bad argument, raised instead of argparse's exit: one line on stderr, status 2."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, but an error is a :class:`UsageError`, and a bad option is
    named before a missing one (argparse checks what is required first, so
    ``island --bogus`` said ``--out`` is required and never named ``--bogus``)."""

    def error(self, message: str) -> None:  # noqa: D401 - argparse hook
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):
        try:
            return super().parse_known_args(args, namespace)
        except UsageError as missing:
            if not str(missing).startswith("the following arguments are required"):
                raise
            unknown = self._unknown_args(args)
            if unknown:
                self.error(f"unrecognized arguments: {' '.join(unknown)}")
            raise

    def _unknown_args(self, args) -> list[str]:
        """The arguments no option takes, parsed again with nothing required."""
        required = [a for a in self._actions if a.required]
        for action in required:
            action.required = False
        try:
            return super().parse_known_args(args, None)[1]
        except UsageError:
            return []
        finally:
            for action in required:
                action.required = True


def command_name(argv0: str) -> str:
    """How the usage names the command: as it was run (``worldgen``), or
    ``python -m worldgen`` when run as a module or a script.

    >>> command_name("/home/me/.venv/bin/worldgen"), command_name("/src/worldgen/__main__.py")
    ('worldgen', 'python -m worldgen')
    >>> command_name("C:\\\\venv\\\\Scripts\\\\worldgen.exe")
    'worldgen'
    """
    name = Path(argv0.replace("\\", "/")).name
    stem = name[:-4] if name.lower().endswith(".exe") else name
    return "python -m worldgen" if not stem or stem.endswith(".py") or stem.startswith("-") else stem


def whole(lo: int, hi: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number ``lo..hi`` (argparse puts the option's name first).

    >>> whole(1, 32)("8"), whole(1, 32, "for island")("32")
    (8, 32)
    >>> whole(1, 32)("33")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 1..32; got 33
    """
    where = f" {what}" if what else ""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number {lo}..{hi}{where}, got {text[:20]!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be {lo}..{hi}{where}; got {value}")
        return value
    return parse


def key_value(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` as a pair."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text[:40]!r}")
    return key.strip(), value


def _wxh(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` as two ints, ``(0, 0)`` when it is not that."""
    width, sep, height = text.lower().partition("x")
    try:
        return (int(width, 10), int(height, 10)) if sep else (0, 0)
    except ValueError:
        return 0, 0


def map_size(text: str) -> tuple[int, int]:
    size = _wxh(text)
    if size == (0, 0):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 79x29, got {text[:20]!r}")
    return size


def frame(text: str) -> tuple[int, int]:
    size = _wxh(text)
    if not (1 <= size[0] <= 16384 and 1 <= size[1] <= 16384 and size[0] * size[1] <= PIXEL_BUDGET):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 960x540 (each 1..16384), got {text[:20]!r}")
    return size


def seed(text: str) -> str:
    """The seed as every entry point cleans it (``seeding.clean_seed_text``); empty once
    cleaned is no seed (one is rolled: ``seeding.seed_text``)."""
    clean = clean_seed_text(text)
    if len(clean) > MAX_SEED_CHARS:
        raise argparse.ArgumentTypeError(f"seed longer than {MAX_SEED_CHARS} characters once cleaned "
                                         f"(got {len(clean)})")
    return clean
