"""Perk cards say exactly what they change (issue 38): a blow's perk does
not touch shots, a shot's perk does not touch blows."""

from __future__ import annotations

from game.rules.actions import ranged
from game.rules.content import PERK_BY_ID

from creatures import put, run_on


def _shot_power(g, monkeypatch) -> int:
    powers = []
    monkeypatch.setattr(ranged, "attack_roll", lambda rng, power, defence: powers.append(power) or 0)
    g.player.inventory[:] = ["arrow"]
    put(g, "orc", 6, 3)
    assert g.fire((6, 3))
    return powers[0]


def test_might_strikes_harder_with_blows_only_and_its_card_says_so(monkeypatch):
    plain, mighty = run_on(pos=(2, 3)), run_on(pos=(2, 3))
    for g in (plain, mighty):
        g.player.weapon = "short_bow"
    mighty.player.perks.append("might")
    mighty.player.strengthen(attack=PERK_BY_ID["might"].attack)
    plain.player.weapon = mighty.player.weapon = "dagger"
    assert mighty.player.blow_power == plain.player.blow_power + 2
    plain.player.weapon = mighty.player.weapon = "short_bow"
    assert _shot_power(mighty, monkeypatch) == _shot_power(plain, monkeypatch)
    assert "not shots or throws" in PERK_BY_ID["might"].note


def test_marksman_shoots_harder_and_strikes_no_harder(monkeypatch):
    plain, marksman = run_on(pos=(2, 3)), run_on(pos=(2, 3))
    marksman.player.perks.append("marksman")
    plain.player.weapon = marksman.player.weapon = "short_bow"
    assert _shot_power(marksman, monkeypatch) == _shot_power(plain, monkeypatch) + ranged.SKILL_BONUS
    plain.player.weapon = marksman.player.weapon = "dagger"
    assert marksman.player.blow_power == plain.player.blow_power
    assert PERK_BY_ID["marksman"].note == f"+{ranged.SKILL_BONUS} damage with launchers"
