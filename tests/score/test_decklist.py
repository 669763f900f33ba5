"""Score deck lists (engine.score.decklist, docs/score-cards.md "Deck lists"): a good list
becomes the ScoreDeck it says, each kind of bad line is refused with its line number and
what is wrong, and hostile text is refused with a message, never an exception."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.score.cards import CardPool, Style, load_pool
from engine.score.deckcheck import ScoreDeck
from engine.score.decklist import MAX_LINE_LENGTH, MAX_LINES, LineError, parse_score_deck

POOL: CardPool = load_pool(Path(__file__).parents[2] / "data" / "cards" / "score")
GOOD = """\
# a Goku deck   (comments and blank lines are ignored)
Main Personality:
Goku - Hillside Farmboy
goku - waterfall trainee        # case does not matter
Goku - Storm Rider

Tokui-Waza: Saiyan
Life Deck:
3 Saiyan Pride Strike
2x Step Aside
Step Aside
Saiyan Sandbox Mastery
Sandbox Turtle Hermit
Sensei Deck:
Gogeta - Merged Warrior
2 Hermit's Hidden Technique
"""


def _errors(text: str) -> list[LineError]:
    parsed = parse_score_deck(text, POOL)
    assert isinstance(parsed, list), parsed
    return parsed


def test_a_good_list_is_the_deck_it_says() -> None:
    assert parse_score_deck(GOOD, POOL) == ScoreDeck(
        main_personality=("Goku - Hillside Farmboy", "Goku - Waterfall Trainee",
                          "Goku - Storm Rider"),
        life={"Saiyan Pride Strike": 3, "Step Aside": 3, "Saiyan Sandbox Mastery": 1,
              "Sandbox Turtle Hermit": 1},
        sensei_deck={"Gogeta - Merged Warrior": 1, "Hermit's Hidden Technique": 2},
        tokui_waza=Style.SAIYAN,
    )  # fmt: skip


def test_a_rogue_is_declared_and_no_tokui_waza_is_none() -> None:
    text = ("Alignment: Villain\nTokui-Waza: none\nMain Personality:\nVegeta - Proud Scout\n"
            "Vegeta - Bitter Rival\nVegeta - Burning Pride\n")  # fmt: skip
    parsed = parse_score_deck(text, POOL)
    assert isinstance(parsed, ScoreDeck)
    assert parsed.alignment == "villain" and parsed.tokui_waza is None


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("3 Saiyan Prde Strike", "unknown card 'Saiyan Prde Strike'; did you mean "
                                 "'Saiyan Pride Strike'"),
        ("Krillin", "did you mean 'Krillin - Bald Monk' or 'Krillin - Disc Thrower'"),
        ("Nothing Like Any Card", "unknown card 'Nothing Like Any Card'"),
        ("0 Step Aside", "count 0 is out of range: 1 to 99"),
        ("100 Step Aside", "count 100 is out of range"),
        ("-1 Step Aside", "'-1' is not a count"),
        ("2.5 Step Aside", "'2.5' is not a count"),
        ("3x", "a count without a card name"),
        ("Life Deck: Step Aside", "put the cards of 'Life Deck' on the lines below"),
        ("Tokui-Waza: Purple", "Tokui-Waza 'Purple': expected one of Red, Blue"),
        ("Alignment: rogue", "Alignment 'rogue': expected 'hero' or 'villain'"),
        ("Step\x07 Aside", "control character U+0007"),
        ("x" * (MAX_LINE_LENGTH + 1), f"at most {MAX_LINE_LENGTH}"),
    ],
)  # fmt: skip
def test_each_kind_of_bad_line_names_its_line(line: str, expected: str) -> None:
    text = f"Main Personality:\nGoku - Hillside Farmboy\nLife Deck:\n{line}\nStep Aside\n"
    errors = _errors(text)
    assert len(errors) == 1, errors
    assert errors[0].line == 4 and expected in errors[0].message, errors[0]
    assert str(errors[0]).startswith("line 4: ")


def test_a_level_listed_twice_a_card_before_a_header_and_a_second_declaration() -> None:
    text = ("Step Aside\nMain Personality:\n2 Goku - Hillside Farmboy\n"
            "Tokui-Waza: Red\nTokui-Waza: Blue\n")  # fmt: skip
    errors = _errors(text)
    assert [e.line for e in errors] == [1, 3, 5]
    assert "before any section header" in errors[0].message
    assert "list a level once" in errors[1].message
    assert "declared twice" in errors[2].message


def test_a_list_without_a_main_personality_is_refused() -> None:
    for text in ("", "# nothing\n", "Life Deck:\n3 Step Aside\n"):
        assert [str(e) for e in _errors(text)] == [
            "the list: no Main Personality: list its levels under 'Main Personality:'"
        ]


def test_every_bad_line_is_reported_at_once() -> None:
    text = "Main Personality:\nGoku - Hillside Farmboy\nLife Deck:\n" + "Bogus\n0 Step Aside\n" * 5
    assert [e.line for e in _errors(text)] == list(range(4, 14))


def test_hostile_text_is_refused_with_a_message() -> None:
    long_line = "Main Personality:\n" + "3 " + "Goku " * 20_000
    assert "characters; at most" in _errors(long_line)[0].message
    huge_count = "Main Personality:\n" + "9" * 150 + " Step Aside"
    assert "out of range" in _errors(huge_count)[0].message
    many = "Main Personality:\n" + "Step Aside\n" * 10_000
    assert [str(e) for e in _errors(many)] == [
        f"the list: 10001 lines; a deck list has at most {MAX_LINES}"
    ]
    controls = "Main Personality:\n\x00Goku\x1b[31m\nLife Deck:\n\x7f\n"
    assert [e.line for e in _errors(controls)] == [2, 4]


def test_random_text_never_raises() -> None:
    chooser = random.Random(15)
    alphabet = "ab Gok-u:#3x\n\t\x00\u00e9\u2028" + "Step Aside"
    for _ in range(300):
        text = "".join(chooser.choice(alphabet) for _ in range(chooser.randrange(200)))
        parsed = parse_score_deck(text, POOL)
        assert isinstance(parsed, ScoreDeck | list)


def test_a_starters_ruleset_comment() -> None:
    from engine.score.decklist import declared_rulesets
    assert declared_rulesets("# Goku\n# ruleset: score, ocg\nMain Personality:\n") == [
        "score", "ocg"]
    assert declared_rulesets("Main Personality:\n") == []
