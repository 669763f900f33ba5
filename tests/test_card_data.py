"""The sandbox card set (data/cards/sandbox) and the starter decks (data/decks).

The vocabulary tests compare what the set uses with what engine/panini/cards.py declares, so
adding a new effect, modifier, trigger, damage kind or condition field to the model
without a sandbox card that uses it fails here.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from engine.panini.cards import (
    DATA_DIR,
    Alignment,
    AttachTo,
    Attack,
    Card,
    CardPool,
    CardType,
    Condition,
    Damage,
    Defense,
    Destroy,
    Effect,
    Modifier,
    PutIntoPlay,
    Style,
    Trigger,
    load_pool,
)
from engine.panini.rulesets import PANINI_2016

DECK_DIR = DATA_DIR / "decks"
STYLES = [style for style in Style if style is not Style.FREESTYLE]
EFFECT_CLASSES: tuple[type[BaseModel], ...] = get_args(get_args(Effect)[0])
# Declared effects the sandbox set deliberately leaves unused, with the reason.
UNUSED_EFFECTS = {"hook": "no Python hooks are registered in engine.panini.hooks yet"}
MIN_OTHER_CARDS = 120
LIFE_DECK_SIZE = PANINI_2016.life_deck_size


def pool() -> CardPool:
    return load_pool()


def cards() -> list[Card]:
    return list(pool().by_name.values())


def of_type(*types: CardType) -> list[Card]:
    return [card for card in cards() if card.type in types]


def walk(value: object) -> Iterator[BaseModel]:
    """Every pydantic model inside `value` (the value itself included)."""
    if isinstance(value, BaseModel):
        yield value
        for field in type(value).model_fields:
            yield from walk(getattr(value, field))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from walk(item)


def nodes() -> list[BaseModel]:
    return [node for card in cards() for node in walk(card)]


def effects() -> list[Any]:
    """Every effect (one sentence of card text) in the set."""
    return [node for node in nodes() if isinstance(node, EFFECT_CLASSES)]


def declared(model: type[BaseModel], field: str) -> set[Any]:
    """The values a Literal-typed field of `model` admits."""
    values = set(get_args(model.model_fields[field].annotation))
    assert values, f"{model.__name__}.{field} is not a Literal"
    return values


def used(model: type[BaseModel], field: str) -> set[Any]:
    return {getattr(node, field) for node in nodes() if isinstance(node, model)}


# --- the pool ---------------------------------------------------------------------------
def test_pool_loads() -> None:
    assert len(pool()) == len(cards()) > 0


def test_every_card_has_text() -> None:
    blank = [card.name for card in cards() if not card.text.strip()]
    assert not blank


def test_text_states_the_keywords() -> None:
    for card in cards():
        if card.endurance:
            assert f"Endurance {card.endurance}." in card.text, card.name
        if card.banish_after_use:
            assert "(Banish after use.)" in card.text, card.name
        if card.limit_per_deck:
            assert f"Limit {card.limit_per_deck} per deck." in card.text, card.name
        if card.attack and card.attack.unstoppable:
            assert "unstoppable" in card.text, card.name
        if card.attach_to:
            assert card.text.startswith("Attach to") or " Attach to " in card.text, card.name


def test_styled_titles_start_with_their_style() -> None:
    """2016 "Freestyle": a card is Styled when its title's first word is a style."""
    style_words = {style.value.capitalize() for style in STYLES}
    for card in cards():
        first = card.name.split()[0]
        if card.style is Style.FREESTYLE:
            assert first not in style_words, card.name
        else:
            assert first == card.style.value.capitalize(), card.name


# --- counts --------------------------------------------------------------------------------
def mp_sets() -> dict[str, list[Card]]:
    sets: dict[str, list[Card]] = defaultdict(list)
    for card in of_type(CardType.MAIN_PERSONALITY):
        assert card.personality
        sets[card.personality].append(card)
    return sets


def test_main_personality_sets() -> None:
    sets = mp_sets()
    assert len(sets) >= 6
    alignments = Counter(levels[0].alignment for levels in sets.values())
    assert alignments[Alignment.HERO] >= 2
    assert alignments[Alignment.VILLAIN] >= 2
    for personality, levels in sets.items():
        levels.sort(key=lambda card: card.level or 0)
        assert [card.level for card in levels] == [1, 2, 3, 4], personality
        assert len({card.name for card in levels}) == 4, personality
        assert len({card.alignment for card in levels}) == 1, personality
        assert len({tuple(card.traits) for card in levels}) == 1, personality
        for card in levels:
            assert len(card.power_stages) == 11, card.name
            assert card.power_stages[0] == 0, card.name
            assert card.power_stages == sorted(card.power_stages), card.name
            assert 1 <= card.pur <= 4, card.name
            assert card.attack or card.action or card.defense, f"{card.name} has no Power"
        tops = [card.power_stages[-1] for card in levels]
        assert tops == sorted(tops) and len(set(tops)) == 4, personality


def test_a_mastery_for_each_style() -> None:
    masteries = of_type(CardType.MASTERY)
    assert sorted(card.style for card in masteries) == sorted(STYLES)
    for card in masteries:
        assert (
            card.constant or card.triggers or card.entering_combat or card.action or (card.defense)
        ), card.name


@pytest.mark.parametrize("dragon_ball_set", ["Earth", "Namek"])
def test_full_dragon_ball_sets(dragon_ball_set: str) -> None:
    numbers = sorted(
        card.dragon_ball.number
        for card in of_type(CardType.DRAGON_BALL)
        if card.dragon_ball and card.dragon_ball.set == dragon_ball_set
    )
    assert numbers == [1, 2, 3, 4, 5, 6, 7]


def test_dragon_balls_have_wishes() -> None:
    for card in of_type(CardType.DRAGON_BALL):
        assert card.on_play, card.name
        assert card.style is Style.FREESTYLE, card.name


def test_allies() -> None:
    allies = of_type(CardType.ALLY)
    assert len(allies) >= 8
    assert {card.alignment for card in allies} == set(Alignment)
    for card in allies:
        assert card.attack or card.action or card.defense or card.constant, card.name


OTHER_TYPES = (
    CardType.PHYSICAL_COMBAT,
    CardType.ENERGY_COMBAT,
    CardType.EVENT,
    CardType.SETUP,
    CardType.DRILL,
    CardType.ALLY,
)


def test_other_cards_cover_every_type_and_style() -> None:
    others = of_type(*OTHER_TYPES)
    assert len(others) >= MIN_OTHER_CARDS
    assert {card.type for card in others} == set(OTHER_TYPES)
    assert {card.style for card in others} == set(Style)
    styled = [card for card in others if card.style is not Style.FREESTYLE]
    for style in STYLES:
        types = {card.type for card in styled if card.style is style}
        assert types >= set(OTHER_TYPES) - {CardType.ALLY}, style


def test_combat_cards_attack_or_defend() -> None:
    for card in of_type(CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT):
        assert (card.attack is None) != (card.defense is None), card.name
        if card.attack:
            expected = "physical" if card.type is CardType.PHYSICAL_COMBAT else "energy"
            assert card.attack.type == expected, card.name


# --- vocabulary coverage -------------------------------------------------------------------
def test_every_effect_is_used() -> None:
    declared_dos = {value for cls in EFFECT_CLASSES for value in declared(cls, "do")}
    used_dos = {effect.do for effect in effects()}
    assert set(UNUSED_EFFECTS) <= declared_dos, "stale UNUSED_EFFECTS entry"
    assert used_dos == declared_dos - set(UNUSED_EFFECTS)


@pytest.mark.parametrize(
    ("model", "field"),
    [
        (Modifier, "mod"),
        (Trigger, "on"),
        (Trigger, "attack_type"),
        (Damage, "kind"),
        (Attack, "type"),
        (Defense, "against"),
        (Destroy, "target"),
        (PutIntoPlay, "source"),
        (PutIntoPlay, "mode"),
        (AttachTo, "target"),
        (AttachTo, "who"),
    ],
)
def test_every_literal_value_is_used(model: type[BaseModel], field: str) -> None:
    assert used(model, field) == declared(model, field)


def test_every_condition_field_is_used() -> None:
    conditions = [node for node in nodes() if isinstance(node, Condition)]
    fields_set = set().union(*(condition.model_fields_set for condition in conditions))
    assert fields_set == set(Condition.model_fields)
    assert "opponent" in {condition.who for condition in conditions}


def test_every_card_type_and_style_is_used() -> None:
    assert {card.type for card in cards()} == set(CardType)
    assert {card.style for card in cards()} == set(Style)


def test_keywords_and_card_kinds_are_used() -> None:
    non_personal = [card for card in cards() if not card.is_personality]
    defenses = [node for node in nodes() if isinstance(node, Defense)]
    attacks = [node for node in nodes() if isinstance(node, Attack)]
    assert any(card.endurance for card in cards())
    assert any(card.banish_after_use for card in cards())
    assert any(card.limit_per_deck for card in cards())
    assert {card.personality for card in cards() if card.is_named} >= {"Goku", "Vegeta"}
    assert {card.alignment for card in non_personal if card.alignment} == set(Alignment)
    assert any(defense.stops for defense in defenses)
    assert any(defense.prevent and not defense.stops for defense in defenses)
    assert any(attack.hit for attack in attacks)
    assert any(attack.effects for attack in attacks)
    assert any(attack.unstoppable for attack in attacks)
    assert {card.type for card in cards() if card.attach_to} >= {CardType.SETUP, CardType.EVENT}
    assert any(attack.cost for attack in attacks if attack.type == "physical")
    assert any(card.entering_combat for card in cards())
    assert any(card.triggers for card in cards())
    assert any(card.constant for card in cards())
    requires = [node for node in nodes() if getattr(node, "requires", None) is not None]
    assert {type(node) for node in requires} >= {Attack, Defense, Modifier}
    effect_conditions = [effect.when for effect in effects() if effect.when]
    assert any(condition.trait == "saiyan" for condition in effect_conditions)
    assert any(condition.level_at_least for condition in effect_conditions)
    # The Dragon Ball that puts a card into play from the Life Deck stays a rarity.
    life_deck = [n for n in nodes() if isinstance(n, PutIntoPlay) and n.source == "life_deck"]
    assert len(life_deck) <= 2


# --- starter decks ---------------------------------------------------------------------------
DECK_LINE = re.compile(r"^(\d+)x?\s+(\S.*?)\s*$")


def read_deck(path: Path) -> Counter[str]:
    """Copies by card name. `# comment` and `Section:` lines are skipped."""
    counts: Counter[str] = Counter()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.endswith(":"):
            continue
        match = DECK_LINE.match(line)
        assert match, f"{path.name}: unreadable line {raw!r}"
        counts[match[2]] += int(match[1])
    return counts


DECKS = sorted(DECK_DIR.glob("*.txt"))


def test_starter_decks_exist() -> None:
    assert len(DECKS) >= 4
    alignments = set()
    for path in DECKS:
        mps = [pool()[name] for name in read_deck(path) if name in pool()]
        alignments |= {c.alignment for c in mps if c.type is CardType.MAIN_PERSONALITY}
    assert alignments == set(Alignment)


@pytest.mark.parametrize("path", DECKS, ids=[path.stem for path in DECKS])
def test_starter_deck_is_legal(path: Path) -> None:
    counts = read_deck(path)
    unknown = [name for name in counts if name not in pool()]
    assert not unknown, f"{path.name}: unknown cards {unknown}"
    deck = [(pool()[name], copies) for name, copies in counts.items()]

    mps = [card for card, copies in deck if card.type is CardType.MAIN_PERSONALITY]
    assert sorted(card.level or 0 for card in mps) == [1, 2, 3, 4]
    assert all(copies == 1 for card, copies in deck if card in mps)
    assert len({card.personality for card in mps}) == 1
    assert len({card.alignment for card in mps}) == 1
    personality, alignment = mps[0].personality, mps[0].alignment
    assert personality and alignment

    masteries = [(card, n) for card, n in deck if card.type is CardType.MASTERY]
    assert len(masteries) == 1 and masteries[0][1] == 1
    mastery_style = masteries[0][0].style

    life = [
        (card, n)
        for card, n in deck
        if card.type not in (CardType.MAIN_PERSONALITY, CardType.MASTERY)
    ]
    assert sum(n for _, n in life) == LIFE_DECK_SIZE
    for card, copies in life:
        assert copies <= PANINI_2016.max_copies, card.name
        if card.type in (CardType.ALLY, CardType.DRAGON_BALL):
            assert copies == 1, card.name
        if card.limit_per_deck:
            assert copies <= card.limit_per_deck, card.name
        assert card.style in (Style.FREESTYLE, mastery_style), card.name
        if card.is_named:
            assert card.personality == personality, card.name
        if card.alignment:
            assert card.alignment == alignment, card.name
        if card.type is CardType.ALLY:
            assert card.personality != personality, card.name
    if mastery_style is Style.SAIYAN:
        assert personality in PANINI_2016.saiyan_personalities
    if mastery_style is Style.NAMEKIAN:
        assert personality in PANINI_2016.namekian_personalities

    dragon_balls = [card for card, _ in life if card.dragon_ball]
    assert len({card.dragon_ball.set for card in dragon_balls if card.dragon_ball}) == 1
    assert 3 <= len(dragon_balls) <= 4

    def copies_where(test: Any) -> int:
        return sum(n for card, n in life if card.type is not CardType.ALLY and test(card))

    assert 20 <= copies_where(lambda card: card.attack is not None) <= 26
    assert 13 <= copies_where(lambda card: card.defense is not None) <= 17
    assert copies_where(lambda card: card.type is CardType.EVENT) >= 5
    assert copies_where(lambda card: card.type in (CardType.SETUP, CardType.DRILL)) >= 3
    assert any(card.type is CardType.ALLY for card, _ in life)


def test_pool_finds_cards_by_the_ids_of_their_records() -> None:
    """Deck files (OCTGN .o8d) name cards by their record ids, in any case."""
    card = Card(name="Blue Slide", type=CardType.PHYSICAL_COMBAT,
                source_ids=["5049FB94-c966", "77aa"])
    pool = CardPool([card])
    assert pool.find_source_id("5049fb94-C966") is card
    assert pool.find_source_id(" 77aa ") is card
    assert pool.find_source_id("nope") is None
