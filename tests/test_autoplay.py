"""The balance harness: whole runs through the rules, figures printed."""

import dataclasses
import subprocess
import sys

from game.tools.autoplay import RunReport, play_run, summary


def test_a_run_plays_until_it_ends_and_reports_it():
    r = play_run("Harness-1", "diver", "small", max_turns=3000, run_seed=1)
    assert isinstance(r, RunReport) and r.policy == "diver"
    assert r.turns > 0 and r.deepest >= 1 and r.level >= 1
    assert r.dead or r.won or r.turns >= 3000
    assert r.outcome in ("won", "died", "timed out")
    assert r.stuck * 20 < r.turns  # the policy rarely finds its moves change nothing
    again = play_run("Harness-1", "diver", "small", max_turns=3000, run_seed=1)
    assert again == r  # the same world, policy and seed play the same run
    assert len(r.hp_by_level) == r.level and r.hp_by_level[0] == 42  # a fighter: 32 HP and Vigour's 10
    assert list(r.hp_by_level) == sorted(r.hp_by_level)
    assert len(r.potions_by_level) == r.level and r.potions_by_level[0] == 2  # the kit's two
    assert r.potions_most >= max(r.potions_by_level + (r.potions_left,))


def test_the_careful_policy_goes_deeper_than_its_first_level():
    r = play_run("Harness-2", "careful", "small", max_turns=4000, run_seed=2)
    assert r.deepest >= 2 or r.dead


def test_the_tactician_uses_items_in_fights_and_frees_captives():
    from game.tools import fights
    from creatures import level_of, put, run_on
    g = run_on(level_of(captives=[(6, 3)]), pos=(2, 2))
    g.level.seen[:] = True
    for _ in range(8):
        if g.freed:
            break
        assert fights.free_captive(g)
    assert g.freed == 1 and not fights.free_captive(g)
    g.player.inventory = ["wand_slow"] * 3
    g.known.add("wand_slow")
    g.pos = (8, 2)
    g.level.update_view(*g.pos)
    ogre = put(g, "ogre", 11, 2, hp=80)
    assert not fights.dangerous(g, [ogre])  # one foe, the player unhurt: no call for items
    g.player.hp = g.player.max_hp // 3
    assert fights.dangerous(g, [ogre]) and fights.use_items(g)
    assert "slowed" in ogre.statuses and g.player.inventory == ["wand_slow"] * 2


def test_each_policy_takes_the_offered_perk_it_ranks_best():
    from game.tools.fights import PERK_RANKS, choose_perk
    from creatures import run_on
    for policy, rank in PERK_RANKS.items():
        g = run_on()
        g.player.perks_owed = 1
        offer = [c.id for c in g.perk_offer()]
        assert choose_perk(g, policy)
        assert g.player.perks[-1] == min(offer, key=rank.index)


def test_a_tactician_run_reports_what_it_met_and_freed():
    r = play_run("Harness-4", "tactician", "small", max_turns=1500, run_seed=2, background="adept")
    assert r.policy == "tactician" and r.background == "adept"
    assert r.dungeon_turns > 0 and 0 <= r.fight_turns <= r.dungeon_turns and len(r.kinds_met) >= 1
    assert r.vaults >= 1 and r.freed >= 1  # this run cracks vaults and frees captives (counted, not a field read)


def test_turns_a_policy_waits_out_because_its_moves_change_nothing_are_counted(monkeypatch):
    from game.tools import autoplay
    monkeypatch.setattr(autoplay, "overworld_turn", lambda g, policy, done: None)
    r = play_run("Stuck-1", "careful", "small", max_turns=150, run_seed=1)
    assert r.stuck == r.turns >= 20  # every turn of it waited out (the run is bounded by actions, 3 per turn)
    assert summary([r])["turns waited out stuck"] == r.stuck


def test_the_harness_strikes_with_a_spear_what_stands_within_its_reach_and_swaps_for_farther():
    """A spear in hand, a bow ready: a foe two cells off is struck (before,
    the policy swapped to the bow, then back to the spear, for ever)."""
    from game.tools.autoplay import _shoot
    from creatures import put, run_on
    g = run_on(pos=(2, 3))
    g.player.weapon, g.player.swap, g.player.inventory = "spear", "short_bow", ["arrow"] * 5
    near = put(g, "ogre", 4, 3, hp=200)
    turn = g.turn
    assert _shoot(g, [near]) and g.player.weapon == "spear" and g.turn > turn
    near.x = 8
    assert _shoot(g, [near]) and g.player.weapon == "short_bow"


def test_the_harness_never_takes_up_a_launcher_it_has_no_missiles_for():
    """A crossbow without bolts in the pack, a sling with stones in hand: the
    sling stays (before, the policy wielded the crossbow, `f` took the sling
    up again, and so on for 100,000 turns)."""
    from game.tools.autoplay import _manage_pack
    from creatures import run_on
    g = run_on(pos=(2, 3))
    g.player.weapon, g.player.inventory = "sling", ["crossbow"] + ["stone"] * 5
    assert not _manage_pack(g, safe=False) and g.player.weapon == "sling"
    g.player.inventory.append("bolt")
    assert _manage_pack(g, safe=False) and g.player.weapon == "crossbow"


def test_the_harness_enchants_the_less_enchanted_of_its_armour_and_its_weapon():
    """Scrolls of enchanting read when safe go to the armour worn and the
    weapon in hand by turns (the armour first), never to the one ready."""
    from game.tools.autoplay import _manage_pack
    from creatures import run_on
    g = run_on(pos=(2, 3))
    p = g.player
    p.weapon, p.swap, p.armour = "dagger", "sling", "leather"
    g.known.add("scroll_enchant")
    p.inventory = ["scroll_enchant"] * 3
    assert _manage_pack(g, safe=True) and p.enchants == {"leather": 1}
    assert _manage_pack(g, safe=True) and p.enchants == {"leather": 1, "dagger": 1}
    assert _manage_pack(g, safe=True) and p.enchants == {"leather": 2, "dagger": 1}
    assert not _manage_pack(g, safe=False) and not p.inventory


def test_the_harness_keeps_enchanted_gear_over_a_kind_no_better_with_the_plus():
    """A +3 leather armour (worth 4) is kept over a chain mail (4), a +2 one
    (3) is not; a +2 dagger (4) over a short sword (3)."""
    from game.tools.autoplay import _manage_pack
    from creatures import run_on
    g = run_on(pos=(2, 3))
    p = g.player
    p.weapon, p.swap, p.armour = "dagger", None, "leather"
    p.enchants = {"leather": 3, "dagger": 2}
    p.inventory = ["chain", "short_sword"]
    assert not _manage_pack(g, safe=False) and (p.armour, p.weapon) == ("leather", "dagger")
    p.enchants = {"leather": 2, "dagger": 0}
    assert _manage_pack(g, safe=False) and p.armour == "chain"
    assert _manage_pack(g, safe=False) and p.weapon == "short_sword"


def _two_rooms():
    """A hall with a small room west of it, behind a wall with one gap."""
    from test_tactics import hand_made
    return hand_made("""\
####################
#....#.............#
#....#.............#
#..................#
####################""")


def test_the_careful_harness_leaves_a_sleeping_guardian_be_and_explores():
    """A site's guardian asleep by its prize, a room not yet explored behind
    the player: the careful policy explores it and leaves the guardian be
    (before, where the way to the guardian left its sight, the policy stepped
    towards it, lost sight of it, explored back into view, and so on for
    100,000 turns; and with it in view the policy never rested)."""
    from game.tools.autoplay import _visible_monsters, dungeon_turn
    from creatures import put, run_on
    level = _two_rooms()
    g = run_on(level, pos=(9, 2))
    guardian = put(g, "shaman", 17, 2, awake=False, boss=True)
    level.seen[:, 5:], level.seen[:, :5] = True, False  # all explored but the west room
    assert guardian.behaviour == "guardian" and g.foes_in_view() == [guardian] and _visible_monsters(g) == []
    guardian.awake = True  # awake, it is a foe like any other
    assert _visible_monsters(g) == [guardian]
    guardian.awake = False
    dungeon_turn(g, "careful")
    assert g.pos[0] < 9 and not guardian.awake, g.pos


def test_the_harness_strikes_a_sleeping_guardian_that_stands_in_its_way():
    """A guardian asleep in a corridor, the unexplored beyond it: every
    policy strikes it (a walk never steps into a monster: left be, it stopped
    every walk, a free action, for ever)."""
    from game.tools.autoplay import dungeon_turn
    from creatures import put, run_on
    from test_tactics import hand_made
    for policy in ("careful", "tactician", "diver"):
        level = hand_made("""\
############
#..........#
############""")
        g = run_on(level, pos=(3, 1))
        guardian = put(g, "orc", 4, 1, hp=500, awake=False, boss=True)
        level.seen[:, 6:] = False
        dungeon_turn(g, policy)
        assert guardian.awake and g.turn > 0, policy


def test_the_harness_never_strikes_a_stone_sentinel_beside_it_and_explores():
    """A vault's sentinel beside the player, the unexplored west room behind:
    no policy strikes it (a blow does 1 of its 999 HP, and it moves only when
    the player steps: a diver struck one for 40 turns while an archer shot
    it dead); each walks on instead, round it, the sentinel neither hunted nor
    hit: the careful ones to explore the west room, the diver to the stairs
    down beyond the sentinel."""
    from game.tools.autoplay import _visible_monsters, dungeon_turn
    from creatures import put, run_on
    for policy in ("careful", "tactician", "diver"):
        level = _two_rooms()
        g = run_on(level, pos=(9, 2))
        sentinel = put(g, "sentinel", 10, 2)
        level.seen[:, 5:], level.seen[:, :5] = True, False  # all explored but the west room
        assert g.foes_in_view() == [sentinel] and _visible_monsters(g) == []
        dungeon_turn(g, policy)
        assert sentinel.hp == sentinel.max_hp and g.pos != (9, 2), (policy, g.pos, sentinel.hp)
        assert (g.pos[0] < 9) == (policy != "diver"), (policy, g.pos)


def test_the_harness_steps_back_out_of_a_guardian_rooms_doorway():
    """The doorway is where a guardian room and its sentinels are first seen:
    every policy steps back out (a diver went on in, to the stairs or the
    room's finds, and four sentinels' blows of 14 killed it on island 1)."""
    from game.rules.world import vaults
    from game.tools.autoplay import dungeon_turn
    from test_rules import dungeon_run
    from test_rules_vaults import stand_at_door, vault_level
    for policy in ("careful", "tactician", "diver"):
        g = dungeon_run(vault_level("guardian"))
        g.pos = stand_at_door(g)
        g.level.update_view(*g.pos)
        x, y, w, h = g.level.vaults[0]["box"]
        g.level.seen[:] = True
        far = y + 1 if abs(y + 1 - g.pos[1]) > abs(y + h - 2 - g.pos[1]) else y + h - 2
        g.level.seen[far, x + 1:x + w - 1] = False  # the room's far row, behind its sentinels: unexplored
        g.level.seen[:, -6:] = False  # and the hall's far end
        assert vaults.guarded(g.level)[g.pos[1], g.pos[0]]
        dungeon_turn(g, policy)
        assert not vaults.guarded(g.level)[g.pos[1], g.pos[0]], (policy, g.pos)


def test_the_harness_walks_on_to_where_a_foe_it_closed_in_on_was_last_seen():
    """A viper asleep, seen from one cell only: the first step towards it
    left its sight.  The policy walks on to where it saw it (before, it
    forgot it and auto-explore walked back into view, for 75,000 turns),
    once rested, and forgets it once there or once it is dead."""
    from game.tools.autoplay import _HUNTED, dungeon_turn
    from creatures import put, run_on
    level = _two_rooms()
    g = run_on(level, pos=(9, 2))
    viper = put(g, "snake", 15, 2, awake=False)
    level.seen[:, 5:], level.seen[:, :5] = True, False  # all explored but the west room
    dungeon_turn(g, "careful")
    assert g.pos == (10, 2) and _HUNTED[level] == (viper.index, (15, 2))
    viper.hidden = True  # out of sight now
    assert g.foes_in_view() == []
    g.player.hp = g.player.max_hp // 4  # hurt: it rests first (before, following first, careful runs died)
    dungeon_turn(g, "careful")
    assert g.pos == (10, 2) and g.player.hp > g.player.max_hp // 2
    for x in (11, 12, 13, 14):
        dungeon_turn(g, "careful")
        assert g.pos[0] == x, g.pos
    level.monsters.remove(viper)  # dead: forgotten, and the west room explored
    dungeon_turn(g, "careful")
    assert g.pos[0] < 14 and level not in _HUNTED


def test_the_careful_harness_explores_rather_than_chase_a_fleeing_coward():
    """A goblin hurt and in flight, a room not yet explored behind the player:
    the careful policy explores (before, it chased the goblin out of sight,
    met it again by auto-explore, and chased it for 100,000 turns); the
    same goblin turned to fight, it closes in."""
    from game.tools.autoplay import dungeon_turn
    from creatures import put, run_on

    def first_step(fleeing: bool) -> int:
        level = _two_rooms()
        g = run_on(level, pos=(9, 2))
        goblin = put(g, "goblin", 15, 2, hp=1, fleeing=fleeing)
        level.seen[:, 5:], level.seen[:, :5] = True, False  # all explored but the west room
        assert g.foes_in_view() == [goblin]
        dungeon_turn(g, "careful")
        return g.pos[0] - 9

    assert first_step(fleeing=True) < 0 < first_step(fleeing=False)


def test_summary_figures():
    reps = [RunReport("a", "careful", False, True, "orc", 100, 3, 0, 2, 1),
            RunReport("b", "careful", True, False, "", 900, 40, 10, 14, 0)]
    s = summary(reps)
    assert s["win rate"] == "50%" and s["deaths by cause"] == {"orc": 1}
    assert s["healing potions unused at death (mean)"] == 1.0


def _report(world="a", potions=0, pearls=0, unknown=0, hps=(), most=0, held=()):
    return RunReport(world, "careful", False, True, "orc", 100, 3, 0, max(1, len(hps)), potions,
                     pearls_left=pearls, unknown_left=unknown, hp_by_level=tuple(hps), potions_most=most,
                     potions_by_level=tuple(held))


def test_summary_gives_the_median_healing_potions_pearls_and_unknown_items_held_at_the_end():
    reps = [_report(potions=p, pearls=q, unknown=u, most=m)
            for p, q, u, m in ((0, 9, 1, 4), (2, 0, 3, 14), (7, 4, 2, 9), (3, 1, 0, 3))]
    s = summary(reps)
    assert s["most healing potions held at once (median)"] == 6.5
    assert s["healing potions held at the end (median)"] == 2.5  # (2 + 3) / 2, not the mean 3
    assert s["pearls held at the end (median)"] == 2.5
    assert s["unidentified consumables held at the end (median)"] == 1.5


def test_the_max_hp_table_gives_level_1_and_every_fifth_level_over_the_runs_that_reached_it():
    from game.tools.autoplay import by_level
    short = _report(hps=[30, 34, 38, 42, 46, 50])  # died at level 6
    long = _report(hps=[40 + 10 * k for k in range(12)])  # reached level 12
    longer = _report(hps=[30 + 5 * k for k in range(11)])  # reached level 11
    table = by_level([short, long, longer])
    assert list(table) == [1, 5, 10]  # level 15 reached by none
    assert table[1] == (30, 3) and table[5] == (50, 3)  # medians of 30, 40, 30 and of 46, 80, 50
    assert table[10] == ((130 + 75) / 2, 2)  # the run that died at level 6 is not counted
    assert "L1 30 (3 runs) · L5 50 (3) · L10 102.5 (2)" in summary([short, long, longer])[
        "max HP on reaching a level (median, runs that reached it)"]
    assert by_level([_report()]) == {}


def test_the_healing_potions_held_on_reaching_a_level_are_tabled_as_max_hp_is():
    reps = [_report(hps=[40] * 6, held=[2, 3, 3, 4, 6, 5]), _report(hps=[40] * 5, held=[2, 1, 0, 0, 0]),
            _report(hps=[40] * 5, held=[2, 2, 2, 2, 1])]
    assert summary(reps)["healing potions held on reaching a level (median, runs that reached it)"] \
        == "L1 2 (3 runs) · L5 1 (3)"


def test_the_max_hp_of_each_level_is_noted_once_and_a_level_passed_at_once_takes_the_next_ones():
    from game.tools.autoplay import note_levels
    from creatures import run_on
    p = run_on().player
    hps: list[int] = []
    held: list[int] = []
    p.inventory = ["potion", "big_potion", "potion_speed", "pearls"]
    note_levels(p, hps, held)
    assert hps == [p.max_hp] and held == [2]
    p.level, p.max_hp = 3, 77  # two levels in one kill
    p.inventory.append("potion")
    note_levels(p, hps, held)
    p.max_hp = 90  # a later padded jerkin changes no level already noted
    note_levels(p, hps, held)
    assert hps[1:] == [77, 77] and held == [2, 3, 3]


def test_what_the_pack_holds_at_the_end_counts_healing_pearls_and_each_unknown_item_a_wand_once():
    from game.tools.autoplay import held_at_end
    from creatures import run_on
    g = run_on()
    g.player.inventory = (["potion"] * 2 + ["big_potion"] + ["pearls"] * 5 + ["potion_speed"] * 2
                          + ["scroll_map"] + ["wand_fire"] * 4 + ["wand_slow"] * 3 + ["dagger"])
    g.known.discard("potion_speed"), g.known.discard("scroll_map"), g.known.discard("wand_fire")
    g.known.add("wand_slow")
    assert held_at_end(g) == (3, 5, 2 + 1 + 1)  # 2 unknown potions, 1 scroll, the unknown wand once
    g.known.add("potion_speed")
    assert held_at_end(g) == (3, 5, 2)


def test_reports_keep_the_max_hp_table_and_read_lines_from_before_it(tmp_path):
    from game.tools.autoplay import read_reports, report_line
    r = _report(potions=2, pearls=1, unknown=3, hps=[42, 46])
    line = report_line(r)
    old = line[:line.index(',"pearls_left"')] + "}"  # a line written before the scarcity figures
    assert "hp_by_level" not in old and "potions_most" not in old
    (tmp_path / "r.jsonl").write_text(report_line(r) + "\n" + old + "\n")
    now, before = read_reports(tmp_path / "r.jsonl")
    assert now == r and before.hp_by_level == () and before.pearls_left == 0


def test_the_command_prints_the_figures_and_refuses_bad_arguments():
    done = subprocess.run([sys.executable, "-m", "game.tools.autoplay", "--runs", "1", "--policy", "diver",
                           "--size", "small", "--max-turns", "1500", "--world", "Cmd"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for figure in ("win rate", "median deepest", "median turns", "deaths by cause",
                   "healing potions unused at death", "turns with an enemy in view", "distinct monster kinds met",
                   "vaults opened", "allies freed", "turns waited out stuck", "healing potions held at the end",
                   "pearls held at the end", "unidentified consumables held at the end", "max HP on reaching a level",
                   "most healing potions held at once", "healing potions held on reaching a level"):
        assert figure in done.stdout
    bad = subprocess.run([sys.executable, "-m", "game.tools.autoplay", "--runs", "0"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--runs" in bad.stderr


def test_runs_shared_between_processes_merge_into_the_figures_of_one_measurement(tmp_path):
    """``--first`` numbers a shard's worlds, ``--reports`` keeps each run as it
    ends (a progress line on stderr too), ``--merge`` sums the shards."""
    from game.tools.autoplay import main, read_reports
    common = ["--policy", "diver", "--size", "small", "--max-turns", "400", "--world", "Shard"]
    assert main(common + ["--runs", "1", "--reports", str(tmp_path / "a.jsonl")]) == 0
    assert main(common + ["--runs", "2", "--first", "2", "--reports", str(tmp_path / "b.jsonl")]) == 0
    a, b = read_reports(tmp_path / "a.jsonl"), read_reports(tmp_path / "b.jsonl")
    assert [r.world for r in a + b] == ["Shard-1", "Shard-2", "Shard-3"]
    assert b[0] == dataclasses.replace(play_run("Shard-2", "diver", "small", max_turns=400, run_seed=2), recording="")
    done = subprocess.run([sys.executable, "-m", "game.tools.autoplay", "--merge",
                           str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "(3 runs, worlds Shard-k)" in done.stdout
    assert f"median turns: {int(sorted(r.turns for r in a + b)[1])}" in done.stdout


def test_a_harness_run_prints_one_progress_line_as_it_ends(capsys):
    from game.tools.autoplay import main
    assert main(["--policy", "diver", "--size", "small", "--max-turns", "300", "--world", "Prog", "--runs", "2"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.split()[0] for line in lines] == ["Prog-1", "Prog-2"] and all("s CPU]" in line for line in lines)


def test_merging_a_file_that_is_not_reports_is_one_line_of_error(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"world": "x"}\n')
    for files in ([str(bad)], [str(tmp_path / "missing.jsonl")]):
        done = subprocess.run([sys.executable, "-m", "game.tools.autoplay", "--merge", *files],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""
    assert "bad.jsonl:1" in subprocess.run([sys.executable, "-m", "game.tools.autoplay", "--merge", str(bad)],
                                           capture_output=True, text=True, timeout=60).stderr


def test_when_nothing_is_left_to_explore_the_harness_sweeps_for_secret_doors(tmp_path):
    """The way on lies behind a secret door far from where the player stands:
    the harness walks the walls searching until it finds it (no stalled run)."""
    from game.tools.autoplay import dungeon_turn
    from worldgen.core.tiles import T
    from test_tactics import hand_made, in_dungeon
    level = hand_made("""\
####################
#.............#....#
#.............#....#
#.............#....#
#.............#....#
####################""")
    level.tiles[3, 14] = T.secret_door
    level.secret = level.tiles == T.secret_door
    level._refresh_masks()
    app, g = in_dungeon(tmp_path, level)
    level.seen[:, :15] = True  # the near room is all explored: the player stands at its far end
    for _ in range(600):
        if g.pos[0] > 14:
            break
        dungeon_turn(g, "careful")
    assert not level.secret[3, 14] and g.pos[0] > 14, g.pos


def test_a_vault_counts_as_opened_once_any_of_its_finds_is_taken():
    from game.rules.world import vaults
    from game.tools.autoplay import _looted_vaults
    from test_rules_vaults import vault_level

    level = vault_level("locked")
    finds: dict = {}
    assert _looted_vaults(level, finds) == set()
    inside = [it for it in level.items if vaults.vault_of_item(level, it.index) == 0]
    assert len(inside) >= 2, "the locked vault holds finds"
    level.take(inside[0])
    assert _looted_vaults(level, finds) == {(level.key.text(), 0)}
    level.take(inside[1])
    assert _looted_vaults(level, finds) == {(level.key.text(), 0)}  # still the one vault
