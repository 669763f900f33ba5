"""The Score family's sandbox set (data/cards/score/) and starter decks (data/decks/score/):
the set covers the mechanics deck building and play know, every starter parses, is legal
in each ruleset its header names, and plays random games to the end holding the
invariants."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.score.cards import Card, CardPool, CardType, Style, load_card_file, load_pool
from engine.score.deckcheck import ScoreDeck, check_deck
from engine.score.decklist import parse_score_deck
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS

DATA = Path(__file__).parents[2] / "data"
POOL: CardPool = load_pool(DATA / "cards" / "score")
CARDS: list[Card] = [c for f in sorted((DATA / "cards" / "score").glob("*.yaml"))
                     for c in load_card_file(f)]  # fmt: skip
STARTERS = sorted((DATA / "decks" / "score").glob("*.txt"))
_RULESET_LINE = re.compile(r"^#\s*ruleset:\s*(?P<names>.+)$", re.IGNORECASE | re.MULTILINE)
FAMILY = ScoreFamily(POOL)
GAMES_EACH = 3
MAX_ANSWERS = 5000  # far more than a random game needs; a game that runs on is a bug


def _rulesets(path: Path) -> list[str]:
    """The rulesets its header comment names ("# ruleset: score, ocg")."""
    found = _RULESET_LINE.search(path.read_text(encoding="utf-8"))
    assert found is not None, f"{path.name}: no '# ruleset:' line"
    names = [name.strip() for name in found["names"].split(",")]
    assert names and all(name in RULESETS for name in names), f"{path.name}: {names}"
    return names


def _deck(path: Path) -> ScoreDeck:
    parsed = parse_score_deck(path.read_text(encoding="utf-8"), POOL)
    assert isinstance(parsed, ScoreDeck), [str(error) for error in parsed]
    return parsed


def test_the_sandbox_set_covers_the_mechanics() -> None:
    kinds = {card.type for card in CARDS}
    assert kinds == set(CardType)
    mps = [c for c in CARDS if c.type == CardType.PERSONALITY and not c.fusion]
    by_character: dict[str, set[int]] = {}
    for card in mps:
        by_character.setdefault(card.personality or "", set()).add(card.level or 0)
    full = [name for name, lv in by_character.items() if {1, 2, 3} <= lv]
    assert len(full) >= 4, full
    assert {c.alignment for c in mps if c.personality in full} >= {"hero", "villain", "rogue"}
    assert any("Z" in c.power_stages for c in mps)
    assert any(c.fusion for c in CARDS) and any(c.majin for c in CARDS)
    for kind in (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.COMBAT):
        assert {c.style for c in CARDS if c.type == kind} == set(Style), kind
    assert {c.style for c in CARDS if c.type == CardType.MASTERY} == set(Style)
    drills = [c for c in CARDS if c.type == CardType.DRILL]
    assert any(c.styled for c in drills) and any(c.named for c in drills)
    assert any(not c.styled and not c.named for c in drills)
    assert any(c.straining for c in CARDS) and any(c.named for c in CARDS)
    earth = sorted(c.dragon_ball.number for c in CARDS
                   if c.dragon_ball and c.dragon_ball.set.value == "earth")  # fmt: skip
    assert earth == list(range(1, 8))
    assert {c.sensei_mark for c in CARDS} >= {"sensei_deck", "sensei_deck_only"}
    assert any(c.type == CardType.SENSEI and c.sensei_deck_size for c in CARDS)


def test_every_ruleset_has_four_starters_of_fifty_cards_or_more() -> None:
    for ruleset in RULESETS:
        assert sum(ruleset in _rulesets(path) for path in STARTERS) >= 4, ruleset
    for path in STARTERS:
        deck = _deck(path)
        assert len(deck.main_personality) + sum(deck.life.values()) >= 50, path.name


@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.stem)
def test_a_starter_is_legal_in_its_rulesets(path: Path) -> None:
    deck = _deck(path)
    for name in _rulesets(path):
        assert [str(v) for v in check_deck(deck, POOL, RULESETS[name])] == [], name


@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.stem)
def test_a_starter_plays_random_games_to_the_end(path: Path) -> None:
    names = _rulesets(path)
    for seed in range(GAMES_EACH):
        ruleset = names[seed % len(names)]
        rivals = [p for p in STARTERS if ruleset in _rulesets(p)]
        rival = rivals[(rivals.index(path) + 1 + seed) % len(rivals)]
        game = FAMILY.new_game([_deck(path), _deck(rival)], seed, ruleset)
        chooser = random.Random(seed)
        assert FAMILY.violations(game) == []
        for _ in range(MAX_ANSWERS):
            decision = game.pending
            if decision is None:
                break
            option = chooser.choice(decision.options)
            assert game.apply(decision.player, option.id, decision.seq).ok
            assert FAMILY.violations(game) == [], (ruleset, seed, game.state.turn)
        assert game.over, (path.name, ruleset, seed)
