"""Keys from one table (game.rules.content.keys): the play scene handles
exactly the keys the table binds, the help screen lists every one of them
and states the goal, the touch and panel buttons take their labels from it,
and no message names a key the table does not bind to what it says."""

import ast
import re
from pathlib import Path

import pygame
import pytest
from gameloop import key, press, run
from test_bugs import in_dungeon
from test_comforts import calm

import game.shell.app as app_module
from game.shell.controls import COMMAND_BY_NAME, COMMANDS, MOVES, binding, key_codes
from game.rules.content import ITEMS
from game.rules.play.look import TERRAIN_TEXT, item_use
from game.scenes.help import GOAL, key_rows
from game.scenes.play import PANEL_BUTTONS, PlayScene
from game.tools.autoplay import play_run
from game.view import ui
from game.view.touch import BUTTONS

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[1]
LABELS = {label for c in COMMANDS for label in c.keys}
_SHIFTED = {".": ">", ",": "<", "/": "?", ";": ":", "'": '"', "5": "%", "1": "!", "2": "@", "-": "_", "=": "+"}


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def every_key_press():
    """A press of every key pygame names, plain and shifted, with the character it types."""
    for name in dir(pygame):
        if not name.startswith("K_"):
            continue
        code = getattr(pygame, name)
        chars = {""}
        if 32 <= code < 127:
            ch = chr(code)
            chars |= {ch, ch.upper(), _SHIFTED.get(ch, ch)}
        for ch in chars:
            yield pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0)


def help_texts(app):
    """Every line the help screen draws."""
    press(app, key(pygame.K_SLASH, "?"))
    scene = app.top
    assert type(scene).__name__ == "HelpScene"
    scene._layer_key = object()
    ui.drawn = []
    try:
        scene.draw(app.screen)
        texts = [text for _, _, text in ui.drawn]
    finally:
        ui.drawn = None
    press(app, key(pygame.K_ESCAPE), frames=2)
    return texts


# -- the play scene, the help, the buttons -----------------------------------------------------------------
def test_every_key_the_play_scene_handles_is_in_the_table_and_on_the_help_screen(tmp_path):
    app, g = in_dungeon(tmp_path, "Keyring")
    calm(g)
    shown = " ".join(help_texts(app))
    scene = app.top
    assert isinstance(scene, PlayScene)
    app.open = app.switch = lambda *a, **k: None  # the scenes a key asks for are not opened here
    handled = set()
    for event in every_key_press():
        g.player.hp, g.dead = g.player.max_hp, False
        g.stop_walk()
        if scene.handle_event(event):
            bound = binding(event)
            assert bound is not None, f"key {pygame.key.name(event.key)!r} ({event.unicode!r}) is handled off the table"
            name, label = bound
            assert label in COMMAND_BY_NAME[name].keys
            handled.add(name)
    assert handled == {c.name for c in COMMANDS if c.keys}
    for keys, what in key_rows():
        assert keys in shown and what in shown
    for command in COMMANDS:
        if command.keys and not command.shown:
            assert all(f"[{k}]" in shown for k in command.keys), command.name
    move = COMMAND_BY_NAME["move"].shown
    letters = {k for k in MOVES if len(k) == 1}
    assert all(k in move or k.upper() in move for k in letters)
    assert "arrows" in move and "numpad" in move


def test_the_help_states_the_goal(tmp_path):
    app, g = in_dungeon(tmp_path, "Keyring")
    texts = help_texts(app)
    assert all(line in texts for line in GOAL)
    goal = " ".join(GOAL)
    assert "relic" in goal and "wins" in goal and "magenta" in goal


@pytest.mark.parametrize("name", [c.name for c in COMMANDS if c.keys])
def test_each_commands_first_key_does_what_the_table_says(tmp_path, name):
    app, g = in_dungeon(tmp_path, "Keyring")
    calm(g)
    g.player.hp = g.player.max_hp // 2
    first = COMMAND_BY_NAME[name].keys[0]
    codes = key_codes(first)
    event = key(codes[0] if codes else 0, first if len(first) == 1 else {"Enter": "\r", "Esc": "\x1b", "Tab": "\t",
                                                                          "Space": " "}.get(first, ""))
    assert binding(event)[0] == name
    before = (g.turn, g.player.weapon, app.top, app.top.view.map.ascii, app.audio.muted, g.resting, g.exploring)
    press(app, event, frames=1)
    opened = type(app.top).__name__
    expected = {"pack": "PackScene", "throw": "PackScene", "history": "HistoryScene", "look": "LookScene",
                "world_map": "WorldMapScene", "help": "HelpScene", "menu": "MenuScene"}
    if name in expected:
        assert opened == expected[name]
    elif name in ("move", "wait", "interact", "pick_up"):
        assert g.turn > before[0] or g.log[-1].text  # a step, a turn, or why not
    elif name == "rest":
        assert g.resting == "rest" or g.turn > before[0]
    elif name == "search":
        assert g.resting == "search" or g.turn > before[0]
    elif name == "swap":
        assert g.player.weapon != before[1] and g.player.weapon == "sling"
    elif name == "explore":
        assert g.exploring or "explored" in g.log[-1].text
    elif name == "goal":  # the objective line's step: explore for the stairs, or walk to them
        assert g.exploring or g.path or g.busy
    elif name == "fire":
        # the sling readied and aimed, or why not (no foe it can reach: calm() sent them to sleep far off)
        assert opened == "TargetScene" or g.player.weapon == "sling" or "shoot at" in g.log[-1].text \
            or "out of range" in g.log[-1].text
    elif name in ("descend", "ascend"):  # walks to the stairs, takes them (the start is on the stairs up), or why not
        assert g.path or g.mode != "dungeon" or g.busy or "stairs" in g.log[-1].text
    elif name == "ascii":
        assert app.top.view.map.ascii != before[3]
    elif name == "mute":
        assert app.audio.muted != before[4]
    elif name == "close_doors":  # a door beside the player closed, or why not
        assert "door" in g.log[-1].text
    elif name == "allies":  # orders given, or why not (no ally here)
        assert "all" in g.log[-1].text.lower() and g.turn == before[0]
    elif name == "perks":  # the choice, or why not (none owed)
        assert opened == "PerksScene" or "You have no perk to choose." in [t[0] for t in app.top.toasts.items]
    else:
        raise AssertionError(f"no check for {name}")


def test_the_touch_and_panel_buttons_are_labelled_from_the_table(tmp_path):
    assert {n for n, _ in BUTTONS} <= set(COMMAND_BY_NAME)
    assert all(label == COMMAND_BY_NAME[n].button and label for n, label in BUTTONS)
    app, g = in_dungeon(tmp_path, "Keyring")
    labels = [b.label for b in app.top.buttons]
    assert labels == [f"{COMMAND_BY_NAME[n].button} {COMMAND_BY_NAME[n].keys[0]}"
                      if len(COMMAND_BY_NAME[n].keys[0]) == 1 else COMMAND_BY_NAME[n].button for n in PANEL_BUTTONS]
    assert labels[0] == "Explore o" and labels[-1] == "Menu"


# -- messages that name a key ---------------------------------------------------------------------------------
_MENTION = re.compile(r"\(([^():]+?): ([^()]+?)\)")


def key_mentions(text: str) -> list[tuple[tuple[str, ...], str]]:
    """``(keys, words)`` of every "(K: words)" or "(K or L: words)" in ``text`` whose keys are key labels."""
    out = []
    for keys, words in _MENTION.findall(text):
        labels = tuple(keys.split(" or "))
        if all(label in LABELS for label in labels):
            out.append((labels, words))
    return out


def check_mentions(texts) -> list[str]:
    """Every key mention in ``texts`` that names a key for something it does not do."""
    wrong = []
    for text in texts:
        for labels, words in key_mentions(text):
            for label in labels:
                doing = next(c for c in COMMANDS if label in c.keys)
                if words != doing.short:
                    wrong.append(f"{text!r}: {label} is {doing.short!r}, not {words!r}")
    return wrong


def test_the_mention_check_catches_the_old_world_map_message():
    assert key_mentions("The way to Brindle is open! (M: world map)") == [(("M",), "world map")]
    assert check_mentions(["The way to Brindle is open! (M: world map)"])
    assert not check_mentions(["The way to Brindle is open! (m: world map)", "a wand of fire (3 charges)"])


def test_no_message_of_whole_runs_names_a_key_for_something_it_does_not_do(monkeypatch):
    from game.rules.state import RunState
    said = []
    real = RunState.say
    monkeypatch.setattr(RunState, "say", lambda self, text, kind="note": said.append(text) or real(self, text, kind))
    for world in ("Keysay-1", "Keysay-2"):
        play_run(world, "careful", "small", max_turns=8000, run_seed=4)
    statics = list(TERRAIN_TEXT.values()) + [item_use(k, known) for k in ITEMS for known in (True, False)]
    mentions = [m for text in said + statics for m in key_mentions(text)]
    assert any(words == "world map" for _, words in mentions), "no run opened a location: the scan missed it"
    assert check_mentions(said + statics) == []


def test_the_screens_name_keys_only_as_the_table_binds_them(tmp_path):
    app, g = in_dungeon(tmp_path, "Keyring")
    texts = help_texts(app)
    ui.drawn = []
    try:
        g.pos = g.level.up
        g.touch()
        run(app, 2)
        texts += [text for _, _, text in ui.drawn]
    finally:
        ui.drawn = None
    assert any(key_mentions(t) for t in texts), "the panel names the stairs key"
    assert check_mentions(texts) == []


def test_no_source_writes_a_key_mention_by_hand():
    """Messages name keys through ``hint``: a literal "(M: world map)" in the code would drift."""
    found = []
    for path in (ROOT / "game").rglob("*.py"):
        if path.name in ("keys.py", "controls.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and key_mentions(node.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


def test_a_scripted_player_plays_by_keys_alone():
    """The key-run tool (game.tools.keyrun) plays through the real loop posting
    key presses and clicks only; its first frames type the world's name on the
    title screen and choose a background there, read the help, explore, shoot
    with the sling the f key readies, and swap back to the blade for a fight."""
    from game.tools.keyrun import play
    report = play(None, "Keyrun", "small", max_frames=2500, background="fighter")
    assert report["background"] == "fighter"
    assert {"title", "help", "fire", "swap"} <= set(report["shots"])
    assert {"typed", "Enter", "?", "o", "f", "W"} <= set(report["keys"]) and report["turns"] > 20


def test_a_scripted_player_starts_as_the_background_it_picks_by_keys():
    from game.tools.keyrun import play
    report = play(None, "Keyrun", "small", max_frames=60, background="adept")
    assert report["background"] == "adept" and report["keys"]["Down"] == 2  # fighter, hunter, adept
