"""The morgue file: a finished run as plain text with every section, items
named as the player knows them, kills counted by kind (and kept in saves)."""

from game.rules.play import morgue
from game.rules.persistence import save
from game.rules.content import ITEM_BY_ID, MONSTER_BY_ID, PERK_BY_ID, UNIDENTIFIED_KINDS
from game.rules.creatures.identify import display_name
from game.rules.run import Game

from scripted import new_run, play


def _finished() -> Game:
    g = play(new_run(), 0, 0, 600)  # a scripted player that kills 3, then falls to a giant rat
    assert g.dead
    return g


def test_the_morgue_of_a_finished_run_holds_every_section():
    g = _finished()
    unknown = next(k for k in ITEM_BY_ID.values() if display_name(g, k) != k.name)
    g.player.inventory.append(unknown.id)
    text = g.morgue()
    head, *sections = text.split("\n\n")
    for line in ("Name:", f"World:   {g.name}", "Score:", "Outcome: killed by", f"Turns:   {g.turn}",
                 f"Level:   {g.player.level}"):
        assert line in head
    assert f"killed by a {g.killer}" in head or f"killed by an {g.killer}" in head
    titles = [s.splitlines()[0] for s in sections]
    assert titles == [title for title, _ in morgue.SECTIONS]
    body = dict(zip(titles, sections))
    assert "HP 0/" in body["Stats"] and f"Weapon: {ITEM_BY_ID[g.player.weapon].name}" in body["Equipment"]
    assert display_name(g, unknown) in body["Pack"] and unknown.name not in body["Pack"]
    assert g.slain, "the scripted player kills something before it falls"
    for kind, n in g.slain.items():
        assert f"{n}  {MONSTER_BY_ID[kind].name}" in body["Kills by kind"]
    assert g.log[-1].text in body["Last messages"]
    assert "@" in body["Map of the last level"]
    fighter = [line.strip() for line in body["Background and perks"].splitlines()]
    assert "Background: Fighter" in fighter and fighter[-1].startswith("Perk: Vigour")


def test_identified_kinds_are_listed_by_their_true_name():
    g = _finished()
    known = next(k for k in ITEM_BY_ID.values() if k.kind in UNIDENTIFIED_KINDS)
    g.known.add(known.id)
    assert f"  {known.name}" in g.morgue().split("Items identified")[1].split("\n\n")[0]


def test_kills_by_kind_survive_a_save():
    g = _finished()
    g.dead = False
    body, _ = save.decode(save.encode(g.to_json()))
    h = Game.from_json(body)
    assert h.slain == g.slain and "slain" not in h.repaired
    body["slain"] = {"rat": "many", "dragon-that-is-not": 3}
    assert Game.from_json(body).slain == {"rat": 1}


def test_a_background_and_perks_show_when_the_player_has_them():
    g = _finished()
    g.player.background = "hunter"
    g.player.perks = ["keen_eyes", "thick_skin"]
    section = g.morgue().split("Background and perks")[1].split("\n\n")[0]
    assert "Background: Hunter" in section
    for perk in ("keen_eyes", "thick_skin"):
        assert f"Perk: {PERK_BY_ID[perk].name} ({PERK_BY_ID[perk].note})" in section


def test_the_cause_of_a_death_reads_as_a_sentence():
    g = _finished()
    for killer, said in (("goblin archer", "killed by a goblin archer"), ("orc", "killed by an orc"),
                         ("poison", "died of poison"), ("the guardian wolf", "killed by the guardian wolf")):
        g.killer = killer
        assert morgue.cause_of_end(g) == said
    assert "rat" in MONSTER_BY_ID
