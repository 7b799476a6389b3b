"""Words: one function for counts and articles (game.rules.text.words), over
every item and monster name, singular and plural, and the messages that
counted or named things wrongly ("8 x arrow", "the pearls is here", "1 sites
cleared", "killed by goblin archer") as a player now reads them."""

import pygame
import pytest
from gameloop import key, press, run_until
from test_bugs import in_dungeon
from test_comforts import calm
from test_rules import dungeon_run

import game.shell.app as app_module
from game.rules.text import words
from game.rules.content import ITEM_BY_ID, ITEMS, MONSTER_BY_ID, MONSTERS
from game.rules.creatures.entities import FloorItem, Monster
from game.rules.creatures.identify import appearances, item_name
from game.rules.world.location import WorldMap
from game.rules.run import Game, death_text
from game.rules.persistence.score import decode_table, encode_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def fast_clock(monkeypatch):
    monkeypatch.setattr(app_module, "FPS", 0)


#: Every name the game counts: (one with its article, three of it).
NAMES = {
    "potion of healing": ("a potion of healing", "3 potions of healing"),
    "potion of greater healing": ("a potion of greater healing", "3 potions of greater healing"),
    "potion of speed": ("a potion of speed", "3 potions of speed"),
    "potion of regeneration": ("a potion of regeneration", "3 potions of regeneration"),
    "potion of poison": ("a potion of poison", "3 potions of poison"),
    "potion of liquid fire": ("a potion of liquid fire", "3 potions of liquid fire"),
    "potion of confusion": ("a potion of confusion", "3 potions of confusion"),
    "scroll of blinking": ("a scroll of blinking", "3 scrolls of blinking"),
    "scroll of fire": ("a scroll of fire", "3 scrolls of fire"),
    "scroll of slowness": ("a scroll of slowness", "3 scrolls of slowness"),
    "scroll of confusion": ("a scroll of confusion", "3 scrolls of confusion"),
    "scroll of magic mapping": ("a scroll of magic mapping", "3 scrolls of magic mapping"),
    "scroll of identify": ("a scroll of identify", "3 scrolls of identify"),
    "scroll of teleportation": ("a scroll of teleportation", "3 scrolls of teleportation"),
    "scroll of enchanting": ("a scroll of enchanting", "3 scrolls of enchanting"),
    "wand of fire": ("a wand of fire", "3 wands of fire"),
    "wand of slowness": ("a wand of slowness", "3 wands of slowness"),
    "wand of confusion": ("a wand of confusion", "3 wands of confusion"),
    "dagger": ("a dagger", "3 daggers"), "short sword": ("a short sword", "3 short swords"),
    "spear": ("a spear", "3 spears"), "mace": ("a mace", "3 maces"), "long sword": ("a long sword", "3 long swords"),
    "battle axe": ("a battle axe", "3 battle axes"), "rune blade": ("a rune blade", "3 rune blades"),
    "sling": ("a sling", "3 slings"), "short bow": ("a short bow", "3 short bows"),
    "crossbow": ("a crossbow", "3 crossbows"), "sling stone": ("a sling stone", "3 sling stones"),
    "arrow": ("an arrow", "3 arrows"), "crossbow bolt": ("a crossbow bolt", "3 crossbow bolts"),
    "leather armour": ("leather armour", "3 suits of leather armour"),
    "shadow cloak": ("a shadow cloak", "3 shadow cloaks"),
    "studded leather": ("studded leather", "3 suits of studded leather"),
    "chain mail": ("chain mail", "3 suits of chain mail"), "scale mail": ("scale mail", "3 suits of scale mail"),
    "plate armour": ("plate armour", "3 suits of plate armour"), "mithril coat": ("a mithril coat", "3 mithril coats"),
    "iron ore": ("some iron ore", "3 iron ore"), "timber": ("some timber", "3 timber"),
    "herb": ("a herb", "3 herbs"), "hide": ("a hide", "3 hides"), "gem": ("a gem", "3 gems"),
    "pearl": ("a pearl", "3 pearls"),
    "the site's treasure": ("the site's treasure", "3 sites' treasures"), "the relic": ("the relic", "3 relics"),
    "giant rat": ("a giant rat", "3 giant rats"), "cave bat": ("a cave bat", "3 cave bats"),
    "kobold": ("a kobold", "3 kobolds"), "viper": ("a viper", "3 vipers"), "slime": ("a slime", "3 slimes"),
    "goblin": ("a goblin", "3 goblins"), "goblin archer": ("a goblin archer", "3 goblin archers"),
    "wolf": ("a wolf", "3 wolves"), "skeleton": ("a skeleton", "3 skeletons"), "orc": ("an orc", "3 orcs"),
    "wraith": ("a wraith", "3 wraiths"), "troll": ("a troll", "3 trolls"), "ogre": ("an ogre", "3 ogres"),
    "drake": ("a drake", "3 drakes"), "stone sentinel": ("a stone sentinel", "3 stone sentinels"),
    "potion of smoke": ("a potion of smoke", "3 potions of smoke"), "vault key": ("a vault key", "3 vault keys"),
    "acid jelly": ("an acid jelly", "3 acid jellies"), "bloat": ("a bloat", "3 bloats"),
    "cave spider": ("a cave spider", "3 cave spiders"), "cutpurse": ("a cutpurse", "3 cutpurses"),
    "ghost": ("a ghost", "3 ghosts"), "ghoul": ("a ghoul", "3 ghouls"), "giant eel": ("a giant eel", "3 giant eels"),
    "goblin conjurer": ("a goblin conjurer", "3 goblin conjurers"),
    "goblin drummer": ("a goblin drummer", "3 goblin drummers"),
    "goblin shaman": ("a goblin shaman", "3 goblin shamans"), "hydra": ("a hydra", "3 hydras"),
    "imp": ("an imp", "3 imps"), "lich": ("a lich", "3 liches"), "mimic": ("a mimic", "3 mimics"),
    "necromancer": ("a necromancer", "3 necromancers"), "orc warlord": ("an orc warlord", "3 orc warlords"),
    "salamander": ("a salamander", "3 salamanders"), "stone colossus": ("a stone colossus", "3 stone colossi"),
    "vampire bat": ("a vampire bat", "3 vampire bats"), "wight": ("a wight", "3 wights"),
    "potion of invisibility": ("a potion of invisibility", "3 potions of invisibility"),
    "potion of levitation": ("a potion of levitation", "3 potions of levitation"),
    "scroll of fear": ("a scroll of fear", "3 scrolls of fear"),
    "wand of paralysis": ("a wand of paralysis", "3 wands of paralysis"),
}


def test_the_table_covers_every_item_and_monster_name():
    assert {k.name for k in ITEMS} | {m.name for m in MONSTERS} == set(NAMES)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_name_counts_one_and_many(name):
    one, three = NAMES[name]
    assert words.a(name) == one and words.a(name, 3) == three
    plural = three.split(" ", 1)[1]
    assert words.number(name, 1) == f"1 {name.removeprefix('the ')}" and words.number(name, 2) == f"2 {plural}"
    assert words.the(name, 2) == f"the {plural}"
    mass = one.startswith("some ")
    assert words.be(name, 1) == "is" and words.be(name, 2) == ("is" if mass else "are")


def test_appearances_count_as_names_do():
    for shown in set(appearances(7).values()):
        assert words.a(shown) == ("an " if shown[0] in "aeiou" else "a ") + shown
        head = shown.split(" ")[0]
        assert words.a(shown, 2) == ("2 scrolls " + shown.split(" ", 1)[1] if head == "scroll" else f"2 {shown}s")


@pytest.mark.parametrize("cause, said", [("goblin archer", "killed by a goblin archer"), ("ogre", "killed by an ogre"),
                                         ("the guardian wolf", "killed by the guardian wolf"),
                                         ("a poison dart", "killed by a poison dart"), ("poison", "died of poison"),
                                         ("fire", "died of fire"), ("", "killed by something")])
def test_a_death_is_worded_with_its_article(cause, said):
    assert death_text(cause) == said


# -- the messages that counted or named things wrongly --------------------------------------------------
def test_picking_up_says_8_arrows_and_a_wand_with_its_charges():
    g = dungeon_run()
    g.known.add("wand_fire")
    g.level.items += [FloorItem(900, ITEM_BY_ID["arrow"], *g.pos, 8),
                      FloorItem(901, ITEM_BY_ID["wand_fire"], *g.pos, 4), FloorItem(902, ITEM_BY_ID["gems"], *g.pos, 1)]
    g.pick_up()
    said = [m.text for m in g.log[-3:]]
    assert said == ["You pick up 8 arrows.", "You pick up a wand of fire (4 charges).", "You pick up a gem."]


def test_the_pack_names_a_wand_once_with_its_charges_and_counts_stacks():
    g = dungeon_run()
    g.player.inventory = ["wand_fire"] * 3 + ["wand_slow"] * 5 + ["arrow"] * 8 + ["herbs"] + ["pearls"] * 2
    g.known.add("wand_fire")
    labels = [row.label for row in g.pack_rows()]
    iron = appearances(g.world.seed)["wand_slow"]
    assert labels == ["a wand of fire (3 charges)", f"{words.a(iron)} (5 charges)", "8 arrows", "a herb", "2 pearls"]


def test_a_walk_stops_saying_the_pearls_are_here(tmp_path):
    app, g = in_dungeon(tmp_path, "Pearlshore")
    calm(g)
    lv = g.level
    ys, xs = (lv.visible & lv.walkable).nonzero()
    far = max(zip(xs.tolist(), ys.tolist()), key=lambda c: max(abs(c[0] - g.pos[0]), abs(c[1] - g.pos[1])))
    g.travel_to(*far)
    route = list(g.path)
    g.stop_walk()
    assert len(route) >= 3
    lv.items.append(FloorItem(903, ITEM_BY_ID["pearls"], *route[1], 2))
    g.player.inventory = ["mace"] * 20  # full
    g.travel_to(*far)
    assert run_until(app, lambda: not g.ongoing, 100)
    assert g.pos == route[1] and g.log[-1].text == "You stop: the pearls are here."


def test_the_world_map_says_1_site_cleared():
    g = Game(WorldMap("Counting", "small"), "small", 1)
    g.cleared = {0: {2}}
    g.unlocked = 2
    assert g.location_status(0) == "1 site cleared"
    g.cleared = {0: {2, 4}, 1: set()}
    assert g.location_status(0) == "2 sites cleared" and g.location_status(1).startswith("0 sites cleared (need")
    assert g.location_status(5) == "locked"


def test_the_death_screen_and_the_score_table_say_killed_by_a_goblin_archer(tmp_path):
    app, g = in_dungeon(tmp_path, "Deathly")
    calm(g)
    lv = g.level
    x, y = next((g.pos[0] + dx, g.pos[1] + dy) for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
                if lv.walkable[g.pos[1] + dy, g.pos[0] + dx])
    kind = MONSTER_BY_ID["archer"]
    lv.monsters.append(Monster(800, kind, x=x, y=y, hp=50, max_hp=50, attack=500, awake=True))
    g.player.hp = 1
    for _ in range(40):  # wait until it strikes (an archer may step back to shoot)
        if type(app.top).__name__ == "EndScene":
            break
        press(app, key(pygame.K_PERIOD, "."))
    assert type(app.top).__name__ == "EndScene"
    assert g.killer == "goblin archer"
    assert app.top.summary()[0].startswith("Killed by a goblin archer in depth 1")
    assert decode_table(app.storage.get("scores"))[0]["cause"] == "goblin archer"  # kept as it was
    old = encode_table([{"score": 5, "world": "Old", "outcome": "died", "cause": "goblin archer"}])
    assert death_text(decode_table(old)[0]["cause"]) == "killed by a goblin archer"  # old tables read well too


def test_item_names_in_messages_come_from_one_function():
    g = dungeon_run()
    kind = ITEM_BY_ID["potion_confusion"]
    assert item_name(g, kind) == words.a(appearances(g.world.seed)["potion_confusion"])
    g.known.add("potion_confusion")
    assert item_name(g, kind, 2, "the") == "the potions of confusion"
