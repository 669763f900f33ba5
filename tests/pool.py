"""A small card pool written for the engine tests, independent of the sandbox set."""

from __future__ import annotations

from typing import Any

from engine.panini.cards import Card, CardPool
from engine.panini.decklist import Deck

STAGES_1 = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]
STAGES_2 = [0, 10000, 20000, 30000, 40000, 50000, 60000, 70000, 80000, 90000, 99000]
STAGES_3 = [0, 100000, 150000, 200000, 250000, 300000, 350000, 400000, 450000, 480000, 499000]
STAGES_4 = [0, 500000, 600000, 700000, 800000, 900000, 1000000, 1200000, 1400000,
            1500000, 2000000]
LEVEL_STAGES = [STAGES_1, STAGES_2, STAGES_3, STAGES_4]


def _card(**fields: Any) -> Card:
    return Card.model_validate(fields)


def mp_set(personality: str, alignment: str, traits: list[str]) -> list[Card]:
    cards = []
    for level in range(1, 5):
        power: dict[str, Any] = {}
        if level == 1:
            power["attack"] = {"type": "energy", "cost": 2, "damage": {"kind": "life", "amount": 6}}
        elif level == 2:
            power["entering_combat"] = [{"do": "raise_anger", "amount": 1}]
            power["action"] = {"effects": [{"do": "gain_stages", "amount": 2}]}
        else:
            power["attack"] = {"type": "physical", "damage": {"kind": "at", "amount": 2}}
        cards.append(
            _card(name=f"{personality} Lv{level}", type="main_personality",
                  personality=personality, level=level, alignment=alignment, traits=traits,
                  pur=level if level < 4 else 3, power_stages=LEVEL_STAGES[level - 1],
                  text="Test MP.", **power)
        )
    return cards


TEST_CARDS: list[Card] = [
    *mp_set("Goku", "hero", ["saiyan"]),
    *mp_set("Vegeta", "villain", ["saiyan"]),
    _card(name="Saiyan Test Mastery", type="mastery", style="saiyan", text="Test.",
          constant=[{"mod": "physical_damage", "amount": 1}]),
    _card(name="Red Test Mastery", type="mastery", style="red", text="Test.",
          entering_combat=[{"do": "draw", "amount": 1}]),
    _card(name="Plain Punch", type="physical_combat", text="Physical attack. AT +1.",
          attack={"type": "physical", "damage": {"kind": "at", "amount": 1}}),
    _card(name="Angry Kick", type="physical_combat", text="Physical attack. AT +3.",
          attack={"type": "physical", "damage": {"kind": "at", "amount": 3},
                  "effects": [{"do": "raise_anger", "amount": 1}]}),
    _card(name="Ki Blast", type="energy_combat", text="Energy attack costing 2. 4 life.",
          attack={"type": "energy", "cost": 2, "damage": {"kind": "life", "amount": 4},
                  "hit": [{"do": "draw", "amount": 1}]}),
    _card(name="Big Beam", type="energy_combat", text="Energy attack costing 3. 6 life.",
          attack={"type": "energy", "cost": 3, "damage": {"kind": "life", "amount": 6}}),
    _card(name="Arm Block", type="physical_combat", text="Stops a physical attack.",
          defense={"against": "physical", "stops": True}),
    _card(name="Energy Deflect", type="energy_combat", text="Stops an energy attack.",
          defense={"against": "energy", "stops": True}),
    _card(name="Brace", type="event", text="Prevent 2 damage.",
          defense={"against": "any", "prevent": 2}),
    _card(name="Tough Guard", type="physical_combat", text="Endurance 2. Stops a physical.",
          endurance=2, defense={"against": "physical", "stops": True}),
    _card(name="Focus", type="event", text="Raise your anger 1 level.",
          action={"effects": [{"do": "raise_anger", "amount": 1}]}),
    _card(name="Quick Study", type="setup", text="Draw a card.",
          action={"effects": [{"do": "draw", "amount": 1}]}),
    _card(name="Power Drill", type="drill", style="saiyan", text="Your PUR +1.",
          constant=[{"mod": "pur", "amount": 1}]),
    _card(name="Krillin Ally", type="ally", personality="Krillin", alignment="hero",
          pur=1, power_stages=STAGES_1, text="Ally.",
          attack={"type": "physical", "damage": {"kind": "at", "amount": 1}}),
    _card(name="Nappa Ally", type="ally", personality="Nappa", alignment="villain",
          pur=1, power_stages=STAGES_1, text="Ally.",
          action={"effects": [{"do": "gain_stages", "amount": 2}]}),
    *[
        _card(name=f"Test Dragon Ball {n}", type="dragon_ball", text="Draw a card.",
              dragon_ball={"set": "Earth", "number": n},
              on_play=[{"do": "draw", "amount": 1}])
        for n in range(1, 8)
    ],
]

TEST_POOL = CardPool(TEST_CARDS)

_LIFE_COMMON = (
    ["Plain Punch"] * 3 + ["Angry Kick"] * 3 + ["Ki Blast"] * 3 + ["Big Beam"] * 3
    + ["Arm Block"] * 3 + ["Energy Deflect"] * 3 + ["Brace"] * 3 + ["Tough Guard"] * 3
    + ["Focus"] * 3 + ["Quick Study"] * 3
)


def test_deck(personality: str = "Goku", filler: int = 0) -> Deck:
    """A 60-card deck: the common cards, a few specials, padded with Plain Punch."""
    ally = "Krillin Ally" if personality == "Goku" else "Nappa Ally"
    life = [*_LIFE_COMMON, "Power Drill", ally, "Test Dragon Ball 1", "Test Dragon Ball 2"]
    life += ["Plain Punch"] * (60 - len(life))
    return Deck(
        name=f"{personality} test",
        main_personality=tuple(f"{personality} Lv{level}" for level in range(1, 5)),
        mastery="Saiyan Test Mastery",
        life_deck=tuple(life),
    )


test_deck.__test__ = False  # type: ignore[attr-defined]  # a factory, not a test
