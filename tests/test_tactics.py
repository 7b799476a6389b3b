"""Issue 14's mechanics through the real loop: throwing, firing, aiming,
unknown items, stealth, guardians, winning, the high-score table and sound.

Each test plays in a running app (SDL dummy driver, scripted key presses) on
a small hand-made level put in place of the generated one, so it does not
depend on where a seed puts walls and monsters; every action goes through
events."""

import numpy as np
import pygame
import pytest

import game.shell.app as app_module
from game.rules.persistence import score
from game.rules.content import DUNGEONS, MONSTERS
from game.rules.content import dungeons as dungeon_table
from game.rules.creatures.energy import Energy
from game.rules.creatures.entities import Monster
from game.rules.creatures.identify import display_name
from game.rules.world.level import Level, LevelKey
from game.rules.creatures.pack import stacks
from game.rules.content import ITEM_BY_ID
from game.scenes.end import EndScene
from game.scenes.pack import PackScene
from game.scenes.play import PlayScene
from game.scenes.target import TargetScene
from worldgen.core.registry import Stage
from worldgen.core.tiles import T

from gameloop import key, make_app, press, run, run_until

ARENA = """\
####################
#..................#
#..................#
#......#...........#
#......#...........#
#..................#
####################"""


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


def hand_made(text: str, last: bool = False) -> Level:
    """A level from a picture; the stairs up at (1, 1), down (or the prize) at the bottom-right floor."""
    rows = text.splitlines()
    tiles = np.full((len(rows), len(rows[0])), T.wall, dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            tiles[y, x] = {"#": T.wall, ".": T.floor, "~": T.deep_water}[ch]
    exit_ = [len(rows[0]) - 2, len(rows) - 2]
    stage = Stage("final", tiles, points={"start": np.array([[1, 1]]), "exit": np.array([exit_]),
                                          "monsters": np.zeros((0, 2), int), "items": np.zeros((0, 2), int)})
    return Level(LevelKey(0, 0, 1), stage, style="rooms", terrain=int(T.grass), seed=1, tier=0,
                 size=DUNGEONS["small"], last=last)


def in_dungeon(tmp_path, level=None, world="Tactica"):
    """A running app whose player stands at (1, 1) of a hand-made level."""
    app = make_app(f"world={world}&size=small", tmp_path)
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and not app.top.game.busy
                     and app.top.game.loc is not None)
    g = app.top.game
    site = g.loc.sites[0]
    g.pos = (site.x, site.y)
    press(app, key(pygame.K_RETURN, "\r"))
    assert run_until(app, lambda: g.mode == "dungeon" and not g.busy)
    level = level or hand_made(ARENA)
    g.levels, g.level, g.depth = {1: level}, level, 1
    g.pos = (1, 1)
    level.update_view(*g.pos)
    g.touch()
    run(app, 1)
    return app, g


def monster(level, kind_id, x, y, hp=30, awake=True):
    kind = next(k for k in MONSTERS if k.id == kind_id)
    m = Monster(500 + len(level.monsters), kind, x=x, y=y, hp=hp, max_hp=hp, attack=kind.attack,
                energy=Energy(0), awake=awake)
    level.monsters.append(m)
    level.update_view(1, 1)
    return m


def test_a_thrown_potion_shatters_on_a_monster_and_its_effect_takes_hold(tmp_path):
    app, g = in_dungeon(tmp_path)
    m = monster(g.level, "orc", 5, 1, awake=False)
    g.player.inventory = ["potion_confusion"]
    shown = display_name(g, ITEM_BY_ID["potion_confusion"])
    assert shown.endswith("potion") and shown != "potion of confusion"  # unknown before
    press(app, key(pygame.K_t, "t"))
    assert isinstance(app.top, PackScene) and app.top.mode == "throw"
    press(app, key(pygame.K_a, "a"), key(pygame.K_RETURN, "\r"))  # select, throw
    assert isinstance(app.top, TargetScene) and app.top.cursor == (5, 1)  # the nearest monster
    press(app, key(pygame.K_RETURN, "\r"))
    assert isinstance(app.top, PlayScene)
    assert "confused" in m.statuses
    assert g.player.inventory == [] and "potion_confusion" in g.known
    assert any("shatters" in line for line, _, _ in g.log)
    assert any("was a potion of confusion" in line for line, _, _ in g.log)


def test_a_shot_is_stopped_by_a_wall_and_hits_in_the_open(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.weapon, g.player.inventory = "short_bow", ["arrow"] * 6
    behind = monster(g.level, "goblin", 9, 3, awake=False)  # the pillar at (7, 3) hides it
    g.pos = (4, 3)
    g.level.update_view(*g.pos)
    assert not g.level.visible[3, 9]
    press(app, key(pygame.K_f, "f"))  # nothing in sight to aim at: said, and no aiming
    assert isinstance(app.top, PlayScene) and g.log[-1].text == "There is no foe in view to shoot at."
    seen = monster(g.level, "rat", 4, 5, awake=False)  # a foe in sight: aiming opens on it
    g.level.update_view(*g.pos)
    press(app, key(pygame.K_f, "f"))
    target = app.top
    assert isinstance(target, TargetScene) and target.cursor == (seen.x, seen.y)
    g.level.monsters.remove(seen)
    target.cursor = g.pos
    for _ in range(5):  # walk the cursor onto the hidden goblin
        press(app, key(pygame.K_RIGHT), frames=1)
    assert target.cursor == (9, 3)
    cells, hit, past = target.preview()
    assert cells[-1] == (6, 3) and hit is None and (7, 3) in past  # the preview stops at the pillar
    press(app, key(pygame.K_RETURN, "\r"))
    assert behind.hp == behind.max_hp and g.player.inventory.count("arrow") == 5
    # In the open the arrow flies true (a few tries: a shot can miss).
    g.level.monsters.remove(behind)
    g.pos = (4, 1)
    g.level.update_view(*g.pos)
    open_ = monster(g.level, "goblin", 10, 1, hp=200)
    for _ in range(6):
        press(app, key(pygame.K_f, "f"))
        assert isinstance(app.top, TargetScene) and app.top.cursor == (open_.x, open_.y)
        press(app, key(pygame.K_f, "f"))
        if open_.hp < 200:
            break
    assert open_.hp < 200 and any("arrow hits the goblin" in line for line, _, _ in g.log)


def test_reading_an_unknown_scroll_identifies_it(tmp_path):
    app, g = in_dungeon(tmp_path)
    g.player.inventory = ["scroll_map"]
    before = display_name(g, ITEM_BY_ID["scroll_map"])
    assert before.startswith("scroll labelled ")
    seen = int(g.level.seen.sum())
    press(app, key(pygame.K_i, "i"))
    press(app, key(pygame.K_a, "a"), key(pygame.K_RETURN, "\r"))  # select, read
    assert "scroll_map" in g.known and display_name(g, ITEM_BY_ID["scroll_map"]) == "scroll of magic mapping"
    assert g.level.seen.sum() > seen
    assert any(f"The {before} was a scroll of magic mapping." == line for line, _, _ in g.log)


def test_a_quiet_player_sneaks_past_a_sleeper_and_a_loud_one_wakes_it(tmp_path):
    corridor = """\
####################
#..................#
####################"""
    woke = []
    for armour in ("cloak", "plate"):
        app, g = in_dungeon(tmp_path / armour, hand_made(corridor), world=f"Sneak{armour}")
        g.player.armour = armour
        snake = monster(g.level, "snake", 10, 1, awake=False)
        g.level.items.clear()
        # walk to two steps from the viper and back: quiet feet never wake it, loud ones do
        for _ in range(7):
            press(app, key(pygame.K_RIGHT), frames=1)
        assert g.pos == (8, 1) or snake.awake  # (a woken viper comes to meet you)
        for _ in range(7):
            press(app, key(pygame.K_LEFT), frames=1)
        woke.append(snake.awake)
    assert woke == [False, True]


def test_the_guardian_wakes_when_the_treasure_is_touched(tmp_path):
    level = hand_made(ARENA, last=True)
    app, g = in_dungeon(tmp_path, level)
    guardian = next(m for m in level.monsters if m.boss)
    treasure = next(it for it in level.items if it.kind.kind == "treasure")
    assert not guardian.awake
    guardian.hp = guardian.max_hp = 10_000  # it must outlast the walk
    g.player.hp = g.player.max_hp = 10_000
    g.pos = (treasure.x - 1, treasure.y)
    level.update_view(*g.pos)
    for _ in range(3):  # standing next to it, it does not stir
        press(app, key(pygame.K_PERIOD, "."), frames=1)
    assert not guardian.awake
    press(app, key(pygame.K_RIGHT))
    assert guardian.awake and any("wakes with a roar" in line for line, _, _ in g.log)


def test_winning_a_run_shows_victory_and_records_the_score(tmp_path, monkeypatch):
    monkeypatch.setattr(dungeon_table, "FINAL_LOCATION", 0)  # the test hook: the first relic wins
    app, g = in_dungeon(tmp_path)
    relic_site = len(g.loc.sites) - 1
    g.site = relic_site
    level = hand_made(ARENA, last=True)
    level.relic = True
    level.items = [it for it in level.items if it.kind.kind != "treasure"]
    relic = level.drop("treasure", 18, 5)
    relic.kind = ITEM_BY_ID["relic"]
    level.monsters.clear()
    g.levels, g.level = {1: level}, level
    g.pos = (17, 5)
    press(app, key(pygame.K_RIGHT))
    assert g.carrying_relic
    g.pos = level.up
    press(app, key(pygame.K_COMMA, "<"))
    assert run_until(app, lambda: isinstance(app.top, EndScene))
    end = app.top
    assert g.won and end.rank == 0 and end.entry["outcome"] == "won" and end.entry["score"] >= 2500
    table = score.decode_table(app.storage.get(score.KEY))
    assert table[0]["world"] == "Tactica" and table[0]["outcome"] == "won"
    assert app.storage.get("save") is None  # a finished run leaves no save to continue


def test_death_adds_an_entry_to_the_high_scores(tmp_path):
    app, g = in_dungeon(tmp_path)
    app.storage.set(score.KEY, score.encode_table([{"score": 10**6, "world": "Champion", "outcome": "won"}]))
    killer = monster(g.level, "orc", 2, 1, hp=500)
    killer.attack = 500
    g.player.hp = 1
    for _ in range(20):
        if isinstance(app.top, EndScene):
            break
        press(app, key(pygame.K_PERIOD, "."), frames=1)
    end = app.top
    assert isinstance(end, EndScene) and end.rank == 1 and end.entry["cause"] == "orc"
    table = score.decode_table(app.storage.get(score.KEY))
    assert [e["world"] for e in table] == ["Champion", "Tactica"]


def test_sound_waits_for_the_first_input_and_m_mutes_it(tmp_path):
    app = make_app("world=Soundings&size=small", tmp_path)
    assert not app.audio.unlocked
    run(app, 3)
    assert not app.audio.unlocked  # no input yet: browsers would refuse
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and app.top.game.loc is not None)
    press(app, key(pygame.K_PERIOD, "."))
    assert app.audio.unlocked
    if not app.audio.available:
        pytest.skip("no audio device, even a dummy one")
    g = app.top.game
    g.emit("pickup")
    run(app, 1)
    assert app.audio.played[-1] == "pickup"
    press(app, key(pygame.K_m, "M"))
    assert app.audio.muted
    g.emit("hit")
    run(app, 1)
    assert app.audio.played[-1] == "pickup"


def test_sounds_are_made_on_first_play_and_every_one_can_be_made():
    """Unlocking starts the mixer only (making all sounds at once held a frame
    12 ms); a sound is made the first time it plays, once."""
    from game.shell.audio import SOUNDS, Audio, synthesize

    for name in SOUNDS:  # every sound, for a mono and a stereo mixer at another rate
        mono, stereo = synthesize(name), synthesize(name, 2, 44100)
        assert mono.dtype == np.int16 and mono.ndim == 1 and mono.size > 0 and np.abs(mono).max() > 0
        assert stereo.shape[1] == 2 and abs(stereo.shape[0] - mono.size * 44100 / 22050) <= 1
    audio = Audio()
    assert audio.sound("hit") is None  # locked: silent
    audio.unlock()
    if not audio.available:
        pytest.skip("no audio device, even a dummy one")
    assert audio._sounds == {}
    audio.play("hit")
    made = audio._sounds["hit"]
    assert list(audio._sounds) == ["hit"] and audio.played == ["hit"]
    audio.play("hit")
    assert audio._sounds["hit"] is made
    assert audio.sound("no-such-sound") is None
    assert all(audio.sound(name) is not None for name in SOUNDS)


def test_statuses_show_in_the_panel_with_their_turns_and_count_down(tmp_path, monkeypatch):
    from game.view import ui

    drawn = []
    real = ui.text

    def record(surface, content, *args, **kwargs):
        drawn.append(content)
        return real(surface, content, *args, **kwargs)

    monkeypatch.setattr(ui, "text", record)
    app, g = in_dungeon(tmp_path)
    g.player.statuses.update({"poisoned": 5, "hasted": 9})
    g.touch()
    run(app, 2)
    assert "Poisoned 5" in drawn and "Hasted 9" in drawn
    drawn.clear()
    hp = g.player.hp
    press(app, key(pygame.K_PERIOD, "."))  # a turn passes (a hasted player waits half of one)
    press(app, key(pygame.K_PERIOD, "."))
    assert "Poisoned 4" in drawn and "Hasted 8" in drawn and g.player.hp < hp


def test_fire_and_throw_by_touch(tmp_path):
    from test_touch import button, tap

    def cell_centre(app, cell):  # where a cell is on screen (the play scene's view, under any dialog)
        play = next(s for s in app.scenes if isinstance(s, PlayScene))
        return play.view.map.cell_rect(*cell).center

    app, g = in_dungeon(tmp_path)
    g.player.weapon, g.player.inventory = "short_bow", ["arrow"] * 4 + ["potion_poison"]
    gob = monster(g.level, "goblin", 6, 1, hp=500)
    tap(app, (300, 200))  # a finger on the game: the thumb buttons show
    tap(app, button(app, "fire"))
    assert isinstance(app.top, TargetScene) and app.top.cursor == (gob.x, gob.y)
    tap(app, cell_centre(app, (gob.x, gob.y)))  # a tap on the target lets fly
    assert isinstance(app.top, PlayScene) and g.player.inventory.count("arrow") == 3
    tap(app, button(app, "pack"))
    pack = app.top
    assert isinstance(pack, PackScene)
    row = next(r for r, st in enumerate(stacks(g.player.inventory)) if st.item == "potion_poison")
    tap(app, (200, pack.TOP + row * pack.ROW + pack.ROW // 2))  # select the potion's row
    tap(app, next(b.rect.center for b in pack.buttons if b.label == "Throw"))
    assert isinstance(app.top, TargetScene) and app.top.purpose == "throw"
    tap(app, cell_centre(app, (gob.x, gob.y)))
    assert "poisoned" in gob.statuses and "potion_poison" not in g.player.inventory
