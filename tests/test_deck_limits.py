"""An MP level's note forbidding cards that perform an attack kind (engine.panini.deck_limits;
docs/rulings.md 229): "(Your Life Deck cannot include cards that perform energy
attacks.)"."""

from __future__ import annotations

from engine.panini.cards import Attack, Card, CardPool, CardType, DeckNote, Defense
from engine.panini.cardtext import compile_text
from engine.panini.deckcheck import check_deck
from engine.panini.decklist import parse_deck_list
from engine.panini.rulesets import PANINI_2016
from tests.test_decklist import STAGES, deck_text, tiny_pool


def _pool() -> CardPool:
    cards = list(tiny_pool().by_name.values())
    note = DeckNote(no_attacks="energy")
    cards += [
        Card(name=f"Champ Level {n}", type=CardType.MAIN_PERSONALITY, personality="Champ",
             level=n, power_stages=STAGES, deck_note=note if n == 1 else None)
        for n in range(1, 5)
    ]  # fmt: skip
    cards += [
        # read: its attack is an energy attack
        Card(name="Read Beam", type=CardType.ENERGY_COMBAT, text="Energy attack. DAMAGE: 2.",
             attack=Attack.model_validate({"type": "energy", "damage": {"kind": "life"}})),
        # not read in full: its text opens an energy attack
        Card(name="Odd Beam", type=CardType.ALLY, personality="Odd", power_stages=STAGES,
             automation="manual", text="POWER: Energy attack costing 2 stages. Do a thing."),
        # an Energy Combat card that stops energy attacks performs none
        Card(name="Energy Wall", type=CardType.ENERGY_COMBAT, text="Stops an energy attack.",
             defense=Defense(against="energy", stops=True)),
    ]  # fmt: skip
    return CardPool(cards)


def _rules(mp: str, extra: list[tuple[int, str]]) -> list[str]:
    pool = _pool()
    text = deck_text(mp=mp, mastery="Red Mastery", extra=extra)
    return [v.rule for v in check_deck(parse_deck_list(text, pool, name="t"), pool, PANINI_2016)]


def test_cards_that_perform_energy_attacks_are_refused_under_the_note() -> None:
    assert _rules("Champ", [(1, "Read Beam")]) == ["deck.noted-attacks"]
    assert _rules("Champ", [(1, "Odd Beam")]) == ["deck.noted-attacks"]
    # defenses and physical attacks are allowed; without the note, so are energy attacks
    assert _rules("Champ", [(1, "Energy Wall")]) == []
    assert _rules("Goku", [(1, "Read Beam"), (1, "Odd Beam")]) == []


def test_the_note_compiles_only_on_an_mp_level() -> None:
    text = "(Your Life Deck cannot include cards that perform energy attacks.) POWER: Draw a card."
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.fields["deck_note"] == {"no_attacks": "energy"} and not result.unread
    assert compile_text(text, CardType.MASTERY).unread  # a Mastery's deck notes: not read
    near = "(Your Life Deck cannot include cards that perform attacks.) POWER: Draw a card."
    assert compile_text(near, CardType.MAIN_PERSONALITY).unread
