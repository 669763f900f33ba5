"""Score family card lists (engine/score/importers.py): hand-typed Lackey-style lists with
their spelling variants, CSV and JSON, each unusable record rejected with its reason; and
the whole sandbox set written out as a Lackey list imports back card for card."""

from __future__ import annotations

import json

from engine.score.cards import SANDBOX_DIR, Card, CardType, load_pool
from engine.score.cardtext import compile_power
from engine.score.importers import parse_score_cards

HEADER = "Name\tSet\tType\tLevel\tPUR\tPower\tAlignment\tText\tImageFile"
LADDER = "/".join(f"{100 + 10 * i},000" for i in range(10))


def _tsv(*rows: str) -> bytes:
    return "\n".join([HEADER, *rows]).encode("utf-8")


def _import(*rows: str) -> tuple[dict[str, Card], dict[str, str]]:
    result = parse_score_cards("cards.tsv", _tsv(*rows))
    assert result.file_problem is None, result.file_problem
    return ({c.name: c for c in result.cards},
            {label.split(" (")[1].rstrip(")"): why for label, why in result.rejected})  # fmt: skip


def test_personalities_with_their_alignment_and_ladder_in_any_spelling() -> None:
    cards, rejected = _import(
        f"Goku - Farm Boy\tBuu\tPersonality\t1\t2\t{LADDER}\tHero\tPhysical attack.\tg.jpg",
        "Vegeta - Prince\tBuu\tRogue Personality\t1\t2\t"
        "120000 130000 140000 150000 160000 170000 180000 190000 200000 Z\t\tEnergy attack.\t",
        "Frieza - Tyrant\tBuu\tPersonality\t1\t2\t"
        "100.000; 110.000; 120.000; 130.000; 140.000; 150.000; 160.000; 170.000; 180.000; "
        "190.000\tred\tEnergy attack.\t",
        f"Nobody - Faceless\tBuu\tPersonality\t1\t2\t{LADDER}\t\tPhysical attack.\t",
        "Krillin - Short\tBuu\tPersonality\t1\t2\t100000/110000\tHero\t\t",
    )
    assert cards["Goku - Farm Boy"].power_stages[0] == 100000
    goku = cards["Goku - Farm Boy"]
    assert goku.alignment == "hero" and goku.personality == "Goku"
    assert cards["Vegeta - Prince"].alignment == "rogue"  # from the type label
    assert cards["Vegeta - Prince"].power_stages[-1] == "Z"
    assert cards["Frieza - Tyrant"].alignment == "villain"  # a red background
    assert "alignment" in rejected["Nobody - Faceless"]
    assert "10 or more" in rejected["Krillin - Short"]


def test_card_types_as_players_type_them() -> None:
    cards, rejected = _import(
        "Open Kick\tBuu\tPhyscial Combat\t\t\t\t\tPhysical attack.\t",
        "Camp Rest\tBuu\tNon Combat\t\t\t\t\tPower: gain 1 power stage.\t",
        "Calm Drill\tBuu\tNon-Combat\t\t\t\t\tYour Power Up Step gains 1 more power stage.\t",
        "Earth Dragon Ball 3\tBuu\tDragon Ball\t\t\t\t\tDraw a card.\t",
        "Lucky Ball\tBuu\tDragon Ball\t\t\t\t\tDraw a card.\t",
        "Old Master\tBuu\tSensei\t\t\t\t\tOnce per game, draw a card.\t",
        "Wise Master\tBuu\tSensei\t\t\t\t\tDeck Size: 6. Once per game, draw a card.\t",
        "Flying Nimbus\tBuu\tVehicle\t\t\t\t\t\t",
    )
    assert cards["Open Kick"].type == CardType.PHYSICAL_COMBAT  # a typo, noted
    assert cards["Camp Rest"].type == CardType.NON_COMBAT
    assert cards["Calm Drill"].type == CardType.DRILL  # p. 40: a Drill is a Non-Combat card
    ball = cards["Earth Dragon Ball 3"].dragon_ball
    assert ball is not None and ball.set == "earth" and ball.number == 3
    assert "set" in rejected["Lucky Ball"]
    assert "Sensei Deck size" in rejected["Old Master"]
    assert cards["Wise Master"].sensei_deck_size == 6
    assert "unknown card type" in rejected["Flying Nimbus"]


def test_what_the_text_says_about_the_card() -> None:
    cards, _ = _import(
        f"Goku - Farm Boy\tBuu\tPersonality\t1\t2\t{LADDER}\tHero\tPhysical attack.\t",
        "Goku's Big Kick\tBuu\tPhysical Combat\t\t\t\t\tEndurance 2. Physical attack.\t",
        "Blue Drop\tBuu\tEnergy Combat\t\t\t\t\tVillains only. Energy attack. Empower 2.\t",
        "Saiyan Rush\tBuu\tPhysical Combat\t\t\t\t\tVillains, Goku and Gohan only. Physical "
        "attack.\t",
        "Hidden Scroll\tBuu\tCombat\t\t\t\t\tSensei Deck only. Draw 2 cards. Limit 1 per deck.\t",
    )
    kick = cards["Goku's Big Kick"]
    assert kick.endurance == 2 and kick.named == "Goku"
    assert cards["Blue Drop"].only is not None and cards["Blue Drop"].only.alignment == "villain"
    assert cards["Blue Drop"].empower == 2
    rush = cards["Saiyan Rush"].only
    assert rush is not None and rush.heritage == "saiyan"  # p. 52
    scroll = cards["Hidden Scroll"]
    assert scroll.sensei_mark == "sensei_deck_only" and scroll.limit_per_deck == 1


def test_tokens_are_skipped_and_bad_rows_rejected() -> None:
    result = parse_score_cards("cards.tsv", _tsv(
        "Anger Counter\tBuu\tToken\t\t\t\t\t\t",
        "Too Long\tBuu\tCombat\t\t\t\t\tDraw a card.\t\textra",
        "Step In\tBuu\tCombat\t\t\t\t\tStops a physical attack.\t",
        "Step In\tBuu\tCombat\t\t\t\t\tStops a physical attack.\t",  # the same card twice
        "Step In\tBuu\tCombat\t\t\t\t\tStops an energy attack.\t",
    ))
    assert result.skipped == ["line 2 (Anger Counter)"]
    assert [c.name for c in result.cards] == ["Step In"]
    reasons = dict(result.rejected)
    assert "header names" in reasons["line 3 (Too Long)"]
    assert "another card" in reasons["line 6 (Step In)"]


def test_unreadable_files_say_why() -> None:
    assert "UTF-16" in (parse_score_cards("c.tsv", HEADER.encode("utf-16-le")).file_problem or "")
    assert "Type" in (parse_score_cards("c.tsv", b"Name\tSet\nA\tB").file_problem or "")
    assert "JSON" in (parse_score_cards("c.json", b"[{").file_problem or "")
    nested = parse_score_cards("c.json", json.dumps([{"name": {"a": 1}}]).encode())
    assert nested.rejected and not nested.cards


def test_json_and_csv_read_the_same_columns() -> None:
    entry = {"name": "Open Kick", "type": "Physical Combat", "text": "Physical attack."}
    result = parse_score_cards("c.json", json.dumps({"set": "Mine", "cards": [entry]}).encode())
    assert result.set_name == "Mine" and [c.name for c in result.cards] == ["Open Kick"]
    result = parse_score_cards("c.csv", b"Name,Type,Text\nOpen Kick,Physical Combat,Physical "
                                        b"attack.\n")  # fmt: skip
    assert [c.type for c in result.cards] == [CardType.PHYSICAL_COMBAT]


def _row(card: Card) -> str:
    """A sandbox card as a hand-typed Lackey row would write it."""
    kind = {CardType.NON_COMBAT: "Non Combat", CardType.DRILL: "Non-Combat"}.get(
        card.type, card.type.value.replace("_", " ").title())
    if card.fusion:
        kind = "Fusion Personality"
    ladder = "; ".join(f"{r:,}" if isinstance(r, int) else r for r in card.power_stages)
    text = card.text
    if card.type == CardType.SENSEI:
        text = f"Deck Size: {card.sensei_deck_size}. {text}"
    return "\t".join([card.name, "Sandbox", kind, str(card.level or ""), str(card.pur or ""),
                      ladder, card.alignment.value if card.alignment else "", text, "",
                      "; ".join(card.fuses), card.personality or ""])


def test_the_sandbox_set_written_as_a_lackey_list_imports_back_card_for_card() -> None:
    pool = load_pool(SANDBOX_DIR)
    originals = [pool.find(name) for name in pool.names()]
    rows = [_row(card) for card in originals if card is not None]
    # p. 53 the personalities a Fusion fuses; a personality its title does not begin with
    table = "\n".join([f"{HEADER}\tFuses\tPersonality", *rows]).encode("utf-8")
    result = parse_score_cards("sandbox.tsv", table)
    assert result.rejected == [] and result.skipped == []
    imported = {card.name: card for card in result.cards}
    for card in originals:
        assert card is not None
        back = imported[card.name]
        expected = card.model_copy(update={"text": back.text}) if card.type == CardType.SENSEI \
            else card  # fmt: skip
        assert back == expected, card.name
        assert compile_power(back.text).automated, card.name
