"""Stats and their modifications ("STAT MODIFICATION CAP", "Same-Named Effect Stacking",
"Stat Fallback for Missing Defensive Stats", "Critical Evasion — Deflect")."""

from __future__ import annotations

import pytest

from engine.primetime.activation import move_value
from engine.primetime.roster import sample_roster
from engine.primetime.stats import modify, stat
from tests.primetime.helpers import (
    activate,
    answer,
    by_name,
    dice,
    duel,
    empty_table,
    place,
    to_activation,
)


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


def test_weighted_clothing_until_taken_off_at_the_start_of_an_activation() -> None:
    # "Weighted Clothing | While worn: +1 FOC, +1 IMP (counts toward +/-3 stat cap).
    # Remove: free action at start of activation only (permanent ...). On removal: gain
    # +1 MOV and +1 RFX permanently."; "Weighted Clothing removal bonuses ... are also
    # exempt" from the cap
    game = empty_table([sample_roster("Babidi's Forces"), sample_roster("Z-Fighters")])
    piccolo = place(game, "piccolo", 15, 15)
    tier = game.tier(piccolo)
    assert (stat(game, piccolo, "foc"), stat(game, piccolo, "imp")) == (tier.foc + 1,
                                                                        tier.imp + 1)  # fmt: skip
    modify(piccolo, "A", "foc", 1)
    modify(piccolo, "B", "foc", 1)
    modify(piccolo, "C", "foc", 1)
    assert stat(game, piccolo, "foc") == tier.foc + 3  # the cap
    activate(game, piccolo)
    answer(game, "unweight")
    assert game.state.active is not None and game.state.active.actions == 2
    assert stat(game, piccolo, "imp") == tier.imp and stat(game, piccolo, "rfx") == tier.rfx + 1
    assert move_value(game, piccolo, 0) == tier.move1 + 1
    assert game.pending is not None and "unweight" not in [o.id for o in game.pending.options]
    piccolo.unweighted = False
    answer(game, "power_up")
    assert "unweight" not in [o.id for o in game.pending.options]  # only at the start
