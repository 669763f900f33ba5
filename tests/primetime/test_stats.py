"""Stats and their modifications ("STAT MODIFICATION CAP", "Same-Named Effect Stacking",
"Stat Fallback for Missing Defensive Stats", "Critical Evasion — Deflect")."""

from __future__ import annotations

import pytest

from engine.primetime.stats import modify, stat
from tests.primetime.helpers import activate, answer, by_name, dice, duel, to_activation


def test_modifications_are_capped_at_3_and_same_names_do_not_stack() -> None:
    # "capped at +3 / -3 per stat per model"; "Effects with the same name do not stack."
    game = to_activation()
    goku = by_name(game, "goku")
    assert modify(goku, "Battle Cry", "imp", 1)
    assert not modify(goku, "Battle Cry", "imp", 1)
    for name in ("A", "B", "C"):
        modify(goku, name, "imp", 1)
    assert stat(game, goku, "imp") == 5 + 3
    modify(goku, "Curse", "rfx", -5)
    assert stat(game, goku, "rfx") == 13 - 3
    assert stat(game, goku, "foc") == 4  # "per stat independently"


def test_a_missing_spr_counts_as_10() -> None:
    # "treat the missing stat as 10"
    game = to_activation()
    assert stat(game, by_name(game, "android-18"), "spr") == 10


def test_a_critical_evasion_of_a_melee_attack_deflects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "If your Z-Evasion roll exceeds the attack total by 10 or more ... Melee Deflect: The
    # attacker suffers RFX -2 until the end of the round"
    game, goku, _ = duel()
    activate(game, goku)
    strike = next(o.id for o in game.pending.options  # type: ignore[union-attr]
                  if o.label == "Basic Strike at Cell")  # fmt: skip
    answer(game, strike)
    dice(monkeypatch, 8, 20)  # Goku 8 + 5 = 13 hits RFX 12; Cell 20 + 4 = 24: by 11
    answer(game, "evade")
    assert stat(game, goku, "rfx") == 13 - 2
    assert any(e.kind == "deflect" for e in game.events)
