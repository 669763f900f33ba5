"""The Ascension Phase ("PHASE 2 — ASCENSION PHASE", "SK Tax by Tier", "HUMAN RACE
MECHANICS")."""

from __future__ import annotations

from engine.primetime.ascension import can_ascend, sk_tax
from engine.primetime.game import PrimeTimeGame
from tests.primetime.helpers import answer, by_name, new_game, place, to_activation


def _to_ascension(seed: int = 1) -> PrimeTimeGame:
    game = new_game(seed)
    while game.pending is not None and game.pending.kind != "ascension":
        answer(game, game.pending.options[0].id)
    return game


def _player_of(game: PrimeTimeGame, cid: str) -> int:
    return by_name(game, cid).owner


def test_saiyans_ascend_free_humans_never_others_for_1_sk() -> None:
    # "Cost: 1 SK upfront per Ascension. Saiyan Accelerant ... bypass this cost" (PT-15);
    # Humans: "No Ascension"
    game = to_activation()
    assert can_ascend(game, by_name(game, "goku"))
    assert not can_ascend(game, by_name(game, "krillin"))
    cell = by_name(game, "cell")
    assert not can_ascend(game, cell)
    cell.sk = 1
    assert can_ascend(game, cell)
    assert not can_ascend(game, by_name(game, "android-18"))  # one tier only


def test_one_tier_per_phase_and_the_hp_upshift() -> None:
    # "One tier per model per phase"; "HP Upshift — Ascending to a tier with higher HP
    # max → recover the difference immediately"
    game = _to_ascension()
    z = _player_of(game, "goku")
    while game.pending is not None and game.pending.player != z:
        answer(game, "done")
    goku = by_name(game, "goku")
    goku.hp = 5
    assert game.pending is not None and game.pending.kind == "ascension"
    answer(game, f"ascend:{goku.uid}")
    assert (goku.tier, goku.hp, goku.sk) == (1, 6, 0)  # 7 -> 8 HP max: +1
    decision = game.pending
    if decision is not None and decision.kind == "ascension":
        assert f"ascend:{goku.uid}" not in [o.id for o in decision.options]


def test_the_sk_tax_is_paid_or_the_model_descends() -> None:
    # "SK Tax — Each ascending model pays their tier's SK Tax (T1: 1, T2: 2, T3: 3).
    # Cannot pay → descend."
    game = to_activation()
    goku, cell = by_name(game, "goku"), by_name(game, "cell")
    goku.tier, goku.hp, goku.sk = 2, 8, 2
    cell.tier, cell.hp, cell.sk = 2, 7, 1
    sk_tax(game, {})
    assert (goku.tier, goku.sk) == (2, 0)
    assert (cell.tier, cell.hp, cell.sk) == (1, 6, 1)  # Semi-Perfect: 6 HP at most


def test_a_giant_form_needs_room_for_its_large_base() -> None:
    # "Base Sizes: Large 50mm — Giant forms only: Oozaru (Vegeta SS T1)"; PT-16
    game = to_activation()
    vegeta = place(game, "vegeta", 15, 15)
    assert can_ascend(game, vegeta)
    place(game, "cell", 15, 15 + 0.69 + 0.99 - 0.1)  # clear of 35 mm, not of 50 mm
    assert not can_ascend(game, vegeta)


def test_a_tier_with_less_hp_caps_the_hp() -> None:
    # Buu: "T1 (Evil Buu) | 5 HP"; "T2 (Kid Buu) | 4 HP" (PT-25)
    from engine.primetime.ascension import ascended

    game = to_activation()
    buu = by_name(game, "majin-buu")
    buu.tier, buu.hp, buu.sk = 1, 5, 1
    ascended(game, {"choice": f"ascend:{buu.uid}", "player": buu.owner, "done": []})
    assert (buu.tier, buu.hp) == (2, 4)
