"""Slips read by their place in the sentence (engine.panini.cardtext.slips; docs/rulings.md
"Misspelt words, second pass"): each mended sentence compiles as the sentence spelt right,
and the near misses, where the written text has a reading of its own, are kept."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext.spelling import Respelling, respell
from tests.cardtext.spelt_right import assert_read_as_spelt_right

PC, EC, EV, DR = (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.EVENT,
                  CardType.DRILL)  # fmt: skip


@pytest.mark.parametrize(
    ("written", "meant", "card_type"),
    [
        ("Destroy the top 3 cards of your opponent;s Life Deck.",
         "Destroy the top 3 cards of your opponent's Life Deck.", EV),
        ("Destroy the top 3 cards of you opponent's Life Deck.",
         "Destroy the top 3 cards of your opponent's Life Deck.", EV),
        ("CONSTANT: You physical attacks cannot have their damage prevented.",
         "CONSTANT: Your physical attacks cannot have their damage prevented.", DR),
        ("Id you do not control a Drill, search your Life Deck for a Drill and play it.",
         "If you do not control a Drill, search your Life Deck for a Drill and play it.", EV),
        ("Draw a card. If you, banish a Setup or Drill in play.",
         "Draw a card. If you do, banish a Setup or Drill in play.", EV),
        ("Draw a card. If you dom your opponent discards a random card from his hand.",
         "Draw a card. If you do, your opponent discards a random card from his hand.", EV),
        ("Draw a card. If your do, lower your opponent's anger 1 level.",
         "Draw a card. If you do, lower your opponent's anger 1 level.", EV),
        ("Lowe your opponents anger 1 level.", "Lower your opponents anger 1 level.", EV),
        ("Your next attack this combat cannon be stopped.",
         "Your next attack this combat cannot be stopped.", EV),
        ("Banish this cad when your opponent deals critical damage.",
         "Banish this card when your opponent deals critical damage.", DR),
        ("Physical attack. DAMAGE: AT. HIT: Destroy teh top card of your opponent's Life Deck.",
         "Physical attack. DAMAGE: AT. HIT: Destroy the top card of your opponent's Life Deck.",
         PC),
        ("If your MP'slevel is lower than your opponent's MP's level, draw a card.",
         "If your MP's level is lower than your opponent's MP's level, draw a card.", EV),
    ],
)  # fmt: skip
def test_a_slip_compiles_as_the_card_spelt_right(
    written: str, meant: str, card_type: CardType
) -> None:
    assert_read_as_spelt_right(written, meant, card_type)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("your MP games 4 stages.", "your MP gains 4 stages."),
        ("Attacks can only be stooped by Physical Combat cards.",
         "Attacks can only be stopped by Physical Combat cards."),
        ("place it into play at 5 stages about 0.", "place it into play at 5 stages above 0."),
        ("a card that can attack to your MP", "a card that can attach to your MP"),
        ("under your controlm this attack", "under your control, this attack"),
        ("with tis card's effect", "with this card's effect"),
        ("cannot have its damage modified norprevented.",
         "cannot have its damage modified nor prevented."),
        ("Shuffle an Ally your controlinto its owner's Life Deck.",
         "Shuffle an Ally your control into its owner's Life Deck."),
        ("an attack card thaht is Styled", "an attack card that is Styled"),
        ("a Saitan Ally", "a Saiyan Ally"),
        ("X = the number of Drills your control.", "X = the number of Drills you control."),
        ("If your control less Drills than", "If you control less Drills than"),
        ("Whenever your perform an attack", "Whenever you perform an attack"),
        ("You mat search your Life Deck", "You may search your Life Deck"),
        ("shuffle it into it's owner's Life Deck", "shuffle it into its owner's Life Deck"),
        ("Banish up too 6 cards", "Banish up to 6 cards"),
        ("It cannot has its damage modified.", "It cannot have its damage modified."),
        ("place it on the op of your discard pile", "place it on the top of your discard pile"),
        ("Damage form this attack", "Damage from this attack"),
        ("banish this card frm play", "banish this card from play"),
        ("search your Like Deck for", "search your Life Deck for"),
        ("on the top of bottom of your Life Deck", "on the top or bottom of your Life Deck"),
        ("banish cards from he top of", "banish cards from the top of"),
        ("If this card is place on top of", "If this card is placed on top of"),
        ("POWER: Banished the top 2 cards of", "POWER: Banish the top 2 cards of"),
        ("(An Ally your control may perform this attack.)",
         "(An Ally you control may perform this attack.)"),
        ("If your banished an Ally, draw.", "If you banished an Ally, draw."),
        ("Shuffle an Ally in ply into its owner's Life Deck.",
         "Shuffle an Ally in play into its owner's Life Deck."),
        ("(Whenever you stop. If you dom that attack deals no damage.)",
         "(Whenever you stop. If you do, that attack deals no damage.)"),
        ("Banish up to 5 Villian Allies.", "Banish up to 5 Villain Allies."),
    ],
)  # fmt: skip
def test_each_slip_is_read_by_its_place(written: str, read: str) -> None:
    assert respell(written)[0] == read


@pytest.mark.parametrize(
    "sentence",
    [
        "Your opponent shows you his hand.",  # "you" is an object there
        "If the card you named was revealed, draw a card.",  # "named" is a verb
        "If you, or your opponent, draw a card.",  # "If you," opening a list
        "The cannon cannot be stopped.",  # "cannon" not before "be"
        "The games last 4 turns.",  # "games" not before an amount
        "It stooped low.",  # "stooped" after no "be"
        "about 5 stages",  # "about" not after stages
        "You can attack to win.",  # "attack to" before no MP
        "He is a cad.",  # "cad" after "a" ... but
        "you may eturn a Setup",  # "eturn": return or turn
        "Your attacks are considerto deal critical damage.",  # "to" is too short to split
        "Tenshinhan attacks.",  # a name is never split
        "When a Drill leaves your control, draw a card.",  # "control" a noun
        "Place it under your control.",  # "control" a noun
        "Skip your draw.",  # a noun after "your"
        "Banish up too many cards.",  # "too" before no number
        "Your Allies form your team.",  # "form" a verb after a plural subject
        "Cards form your hand.",  # idem
        "If your discarded card was a Drill, draw a card.",  # "discarded" an adjective
        "Banished cards cannot be used.",  # a past participle, not an order
        "Cards like Deck Drills stay.",  # "like" after no possessive
        "Place it on the top of the pile.",  # "top of" before no "bottom"
        'Search for "teh you opponent" and play it.',  # quoted: a title as printed
    ],
)
def test_a_near_miss_is_kept(sentence: str) -> None:
    text, made = respell(sentence)
    if sentence == "He is a cad.":
        # a determiner before "cad" is the rule's place: card texts have no cads
        assert made == [Respelling("a cad", "a card")]
        return
    assert (text, made) == (sentence, [])
