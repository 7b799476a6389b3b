"""The one key table: every command of the play screen with its keys, the
words a message says after a key, and a line of help.

The play scene finds the command a key press means here
(:func:`game.shell.controls.binding`), the help screen lists this table, the
touch and panel buttons take their labels from it, and every message that
names a key asks :func:`hint` ("The way on is open! (m: world map)"), so no
screen or message can name a key the game does not bind to what it says.

A key is written as a player reads it: one character is that character as
typed (``"?"``, ``"M"``, ``"."``; a lowercase letter, a digit or ``. , ; '``
is also its key pressed with any modifier), a name is that key (``"Enter"``,
``"Tab"``, ``"numpad 5"``).  The table holds no pygame: the rules read it
to word their messages, and ``game.shell.controls`` turns the names into key codes.

>>> hint("world_map"), hint("swap"), keys_text("interact")
('m: world map', 'W: swap weapons', 'Enter or Space')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Command", "COMMANDS", "COMMAND_BY_NAME", "MOVES", "hint", "keys_text"]

#: The eight steps and the keys for each: arrows, the numpad, vi-keys, WASD with QEZC.
MOVES: dict[str, tuple[int, int]] = {
    "Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1),
    "numpad 4": (-1, 0), "numpad 6": (1, 0), "numpad 8": (0, -1), "numpad 2": (0, 1),
    "numpad 7": (-1, -1), "numpad 9": (1, -1), "numpad 1": (-1, 1), "numpad 3": (1, 1),
    "h": (-1, 0), "l": (1, 0), "k": (0, -1), "j": (0, 1), "y": (-1, -1), "u": (1, -1), "b": (-1, 1), "n": (1, 1),
    "a": (-1, 0), "d": (1, 0), "w": (0, -1), "s": (0, 1), "q": (-1, -1), "e": (1, -1), "z": (-1, 1), "c": (1, 1),
}

@dataclass(frozen=True, kw_only=True)
class Command:
    name: str  # what the play scene does: a Game command or a screen it opens
    keys: tuple[str, ...]  # the keys that ask for it, as a player reads them (see the module docstring)
    short: str  # the words a message puts after a key: "(m: world map)"
    help: str  # the help screen's line
    shown: str = ""  # how the help lists the keys when not one by one (movement)
    button: str = ""  # the label of its button on a touch screen ("" for none)


COMMANDS: tuple[Command, ...] = (
    Command(name="move", keys=tuple(MOVES), short="move", shown="arrows, numpad, hjkl yubn, WASD QEZC",
            help="move; into a monster: attack (not swimming); a captive: free it; a door: open it"),
    Command(name="wait", keys=(".", "5", "numpad 5", "numpad ."), short="wait",
            help="wait a turn (searching close by)", button="Wait"),
    Command(name="rest", keys=("R", "Z"), short="rest",
            help="rest until healed, or until something comes (any key stops)", button="Rest"),
    Command(name="search", keys=("S",), short="search", help="search 5 turns for secret doors and traps"),
    Command(name="explore", keys=("o",), short="explore",
            help="auto-explore, picking things up; on the island: to the nearest site not entered",
            button="Explore"),
    Command(name="goal", keys=("T",), short="go to the goal",
            help="go for the goal the line under the map names (travel, stairs, explore)", button="Goal"),
    Command(name="interact", keys=("Enter", "Space", "numpad Enter"), short="go in",
            help="enter a dungeon site, take the stairs here, or pick up"),
    Command(name="descend", keys=(">",), short="go down", help="take the stairs down, or walk to them",
            button="Down"),
    Command(name="ascend", keys=("<",), short="go up", help="take the stairs up, or walk to them", button="Up"),
    Command(name="pick_up", keys=("g", ","), short="pick up", help="pick up what lies here, whatever it is"),
    Command(name="pack", keys=("i", "Tab"), short="pack", help="the pack: use, wield, wear, craft, drop",
            button="Pack"),
    Command(name="fire", keys=("f",), short="fire",
            help="fire the launcher (one carried is readied first), or strike with a spear", button="Fire"),
    Command(name="swap", keys=("W", "'"), short="swap weapons",
            help="swap the weapon in hand and the one ready (a launcher and a blade)", button="Swap"),
    Command(name="close_doors", keys=("C",), short="close doors",
            help="close the open doors beside you (nothing may stand in them)"),
    Command(name="throw", keys=("t",), short="throw", help="throw something from the pack"),
    Command(name="allies", keys=("A",), short="allies", help="tell your allies to wait here, or to follow again"),
    Command(name="perks", keys=("L",), short="perks",
            help="choose a perk (one is offered at each level gained: the choice opens by itself)"),
    Command(name="look", keys=("x", ";"), short="look", help="look around (movement keys move the cursor)"),
    Command(name="history", keys=("p",), short="history", help="the message history", button="Log"),
    Command(name="world_map", keys=("m",), short="world map", help="the world map: travel between locations"),
    Command(name="ascii", keys=("v",), short="ASCII map", help="the ASCII map on or off"),
    Command(name="mute", keys=("M",), short="sound", help="sound on or off"),
    Command(name="help", keys=("?",), short="help", help="this help"),
    Command(name="menu", keys=("Esc",), short="menu", help="the menu: what walking picks up, tips on/off, save and quit",
            button="Menu"),
)
COMMAND_BY_NAME = {c.name: c for c in COMMANDS}


def keys_text(name: str) -> str:
    """The first keys of command ``name``, as messages name them: ``"Enter or Space"``."""
    command = COMMAND_BY_NAME[name]
    return command.shown or " or ".join(command.keys[:2])


def hint(name: str) -> str:
    """A key and what it does, the way every message names a key: ``"m: world map"``
    (its first key: a message names one)."""
    command = COMMAND_BY_NAME[name]
    return f"{command.keys[0]}: {command.short}"
