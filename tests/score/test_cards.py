"""The Score card model and its loader (engine/score/cards.py; docs/score-cards.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.score.cards import Card, CardFileError, CardType, Style, load_card_file
from tests.score.decks import POOL

LADDER = [1000 * i for i in range(1, 11)]


def personality(**changes: Any) -> dict[str, Any]:
    card: dict[str, Any] = {"name": "Goku - Test", "type": "personality", "personality": "Goku",
                            "level": 1, "alignment": "hero", "pur": 2, "power_stages": LADDER}
    card.update(changes)
    return card


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_test_cards_load() -> None:
    assert len(POOL) > 100
    goku = POOL.find("goku - sandbox sprout")
    assert goku is not None and goku.level == 1 and goku.title == "Goku - Sandbox Sprout"


def test_p46_style_is_the_first_word_of_the_title() -> None:
    def style(title: str) -> Style:
        return Card(name=title, type=CardType.PHYSICAL_COMBAT).style

    assert style("Black Heavy Kick") == Style.BLACK
    assert style("NAMEKIAN Push") == Style.NAMEKIAN
    assert style("Saiyan's Rush") == Style.FREESTYLE  # possessive: not the style's word
    assert style("Heavy Black Kick") == Style.FREESTYLE
    assert style("Freestyle Mastery") == Style.FREESTYLE


def test_p29_straining_and_named_cards() -> None:
    assert Card(name="Desperate Straining Push", type=CardType.COMBAT).straining
    assert not Card(name="Desperate Push", type=CardType.COMBAT).straining
    drill = Card(name="Gohan's Kata Drill", type=CardType.DRILL, named="Gohan")
    assert drill.named == "Gohan" and not drill.styled
    with pytest.raises(ValueError, match="not in the title"):
        Card(name="Kata Drill", type=CardType.DRILL, named="Gohan")


def test_p40_drills_are_the_cards_with_drill_in_the_title() -> None:
    with pytest.raises(ValueError, match="Drill"):
        Card(name="Orange Spying", type=CardType.DRILL)
    with pytest.raises(ValueError, match="Drill"):
        Card(name="Orange Spying Drill", type=CardType.NON_COMBAT)


def test_ocg_type_names_are_aliases() -> None:
    event = Card.model_validate({"name": "Quick Event", "type": "Event"})
    setup = Card.model_validate({"name": "Quick Setup", "type": "setup"})
    assert (event.type, setup.type) == (CardType.COMBAT, CardType.NON_COMBAT)
    assert event.type_name(ocg=True) == "Event" and event.type_name() == "Combat"


def test_personality_cards_need_their_fields_and_a_ladder_of_10() -> None:
    Card.model_validate(personality())
    Card.model_validate(personality(power_stages=["Z"] * 10))  # p. 48 "Z Power Stages"
    Card.model_validate(personality(pur="X"))  # p. 56 Majin Yakon
    with pytest.raises(ValueError, match="needs level"):
        Card.model_validate(personality(level=None))
    with pytest.raises(ValueError, match="10 or more"):
        Card.model_validate(personality(power_stages=LADDER[:9]))
    with pytest.raises(ValueError, match="rising"):
        Card.model_validate(personality(power_stages=LADDER[::-1]))
    with pytest.raises(ValueError, match="level"):
        Card.model_validate(personality(level=6))
    with pytest.raises(ValueError, match="level"):
        Card.model_validate(personality(level="2"))  # strict: no guessing from text
    with pytest.raises(ValueError, match="high_tech"):
        Card.model_validate(personality(high_tech="yes"))
    with pytest.raises(ValueError, match="only personality cards"):
        Card(name="Kick", type=CardType.PHYSICAL_COMBAT, level=1)


def test_dragon_balls_and_senseis_carry_their_numbers() -> None:
    ball = Card.model_validate({"name": "Namek Ball 2", "type": "dragon_ball",
                                "dragon_ball": {"set": "namek", "number": 2}})
    assert ball.dragon_ball is not None and ball.dragon_ball.number == 2
    with pytest.raises(ValueError, match="dragon_ball"):
        Card.model_validate({"name": "Ball", "type": "dragon_ball"})
    with pytest.raises(ValueError, match="number"):
        Card.model_validate({"name": "Ball", "type": "dragon_ball",
                             "dragon_ball": {"set": "earth", "number": 8}})
    with pytest.raises(ValueError, match="sensei_deck_size"):
        Card.model_validate({"name": "Old Master", "type": "sensei"})


def test_marks_as_fields() -> None:
    card = Card.model_validate({
        "name": "Hero Stand", "type": "combat", "text": "Heroes only. Limit 1 per deck.",
        "only": {"alignment": "hero"}, "limit_per_deck": 1, "endurance": 2, "empower": 1,
        "remain": 1, "sensei_mark": "sensei_deck"})
    assert card.only is not None and card.only.alignment == "hero"
    with pytest.raises(ValueError, match="only"):
        Card.model_validate({"name": "X", "type": "combat", "only": {}})
    with pytest.raises(ValueError, match="Endurance"):
        Card.model_validate({"name": "X", "type": "combat", "endurance": 0})


def test_loader_errors_name_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    path = write(tmp_path, "- name: Good Kick\n  type: physical_combat\n"
                           "- name: Bad Kick\n  type: physical_combat\n  levle: 2\n")
    with pytest.raises(CardFileError) as error:
        load_card_file(path)
    assert str(path) in str(error.value) and "'Bad Kick'" in str(error.value)
    assert "levle" in str(error.value)
    path = write(tmp_path, "- name: Odd\n  type: spell\n")
    with pytest.raises(CardFileError, match=r"'Odd': type: Input should be"):
        load_card_file(path)


def test_loader_rejects_what_is_not_a_list_of_cards(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match="expected a list"):
        load_card_file(write(tmp_path, "name: Kick\n"))
    with pytest.raises(CardFileError, match="not valid YAML"):
        load_card_file(write(tmp_path, "- [unclosed\n"))
