""" "At the end of any combat in which <something happened>, <effects>." (engine.panini.cardtext.
end_of_combat; docs/rulings.md 285)."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


@pytest.mark.parametrize(
    ("head", "happened"),
    [
        ("At the end of any combat in which you used a critical damage effect",
         {"event": "critical_effect"}),
        ("At the end of each combat where your opponent dealt critical damage",
         {"event": "critical_damage", "who": "opponent"}),
    ],
)  # fmt: skip
def test_end_of_combat_in_which(head: str, happened: dict[str, object]) -> None:
    result = compile_text(f"[CONSTANT]: {head}, draw a card.", CardType.MASTERY)
    assert result.status == "automated", result.unread
    assert result.fields["triggers"] == [
        {
            "on": "combat_ended",
            "who": "any",
            "requires": {"happened": [happened]},
            "effects": [{"do": "draw", "amount": 1}],
        }
    ]


@pytest.mark.parametrize(
    "text",
    [
        # a state, not something done in the combat: when is it read?
        "[CONSTANT]: At the end of any combat in which your MP is at level 3 or higher, draw a "
        "card.",
        # "this turn" inside "in which": said twice, differently
        "[CONSTANT]: At the end of any combat in which you used a critical damage effect this "
        "turn, draw a card.",
        # in a Power: once, after it is used (as "At the end of combat" there)
        "POWER: At the end of any combat in which you used a critical damage effect, draw a "
        "card.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    assert compile_text(text, CardType.MASTERY).status == "manual", text
