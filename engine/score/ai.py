"""AI players for the Score family (rulesets `score` and `ocg`).

Both answer the pending decision a person would, with one of its option ids, and read
nothing but that decision: its kind, its options' ids and (for the kind of an attack)
their labels, all of which its player may see. So they can never see a hidden card, and
a decision kind or option the engine adds later still gets a legal answer: the greedy
player falls back to a random choice for any decision kind it does not know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from engine.core.ai import RandomPlayer
from engine.core.decisions import Decision, Option
from engine.core.family import FamilyGame

AI_KINDS = ("random", "greedy")

# The greedy player's taste, per decision kind: a score for each option id (an exact id,
# or the part before ":" for ids like "place:12"). Higher is better; ties go to the first
# option, so it chooses the same again after a reload. An id the table does not name
# scores UNKNOWN_OPTION: a new card power offered in a known decision is tried before
# passing, after the plays the rules always allow.
UNKNOWN_OPTION = 1
PREFERENCES: Mapping[str, Mapping[str, int]] = {
    # put Allies, Dragon Balls, Drills in play; overlay an Ally's next level (p. 35)
    "non_combat": {"place": 2, "overlay": 2, "done": 0},
    "declare": {"declare": 2, "no": 0},  # fight whenever the rules allow
    # physical attacks (no cost) first, then the Final Physical Attack (p. 28), energy
    # attacks (2 power stages, p. 38), other powers; handing over control and passing last
    # (the attack ids say nothing of the kind: ATTACK_LABELS read it from the label)
    "attack": {"play": 2, "empower": 2, "mp": 2, "ally": 2, "use": 2, "sensei": 2,
               "final": 4, "control": 0, "pass": 0},
    "defend": {"play": 2, "mp": 2, "ally": 2, "use": 2, "none": 0},  # stop what it can
    "entering": {"play": 2, "use": 2, "done": 0},
    "captured_power": {"use": 2, "no": 0},
    "personality_capture": {"capture": 2, "deal": 0},  # p. 44: a Dragon Ball over damage
    "manual_confirm": {"accept": 2, "dispute": 0},  # it cannot judge text read by hand
    "endurance": {"endure": 2, "take": 0},  # p. 49: fewer life cards lost
    "capture": {"capture": 2, "none": 0},  # p. 44: a Dragon Ball taken
    "rejuvenate": {"rejuvenate": 2, "no": 0},  # a card back into the Life Deck
    "arrange": {"keep": 2, "top": 0},  # OCG: no reason to reorder without card powers
    "discard": {"discard": 0},  # every card is alike to it: the first
    "fuse": {"fuse": 2, "no": 0},  # p. 53: a Fusion Personality at its highest stage
    "needed": {"use": 2, "pass": 0},  # p. 51: a "Use when needed" card's effect at once
    "takeover": {"no": 2, "control": 0},  # p. 36: the MP's rating is usually the higher
}


class ScoreAI(Protocol):
    name: str

    def choose(self, game: FamilyGame, decision: Decision) -> str: ...


class GreedyPlayer:
    """Attacks, declares Combat, places cards, captures, endures and rejuvenates whenever
    it may (PREFERENCES); a decision kind it does not know gets a random option."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._fallback = RandomPlayer(seed)

    def choose(self, game: FamilyGame, decision: Decision) -> str:
        scores = PREFERENCES.get(decision.kind)
        if scores is None:
            return self._fallback.choose(game, decision)
        def score(option: Option) -> int:
            for prefix, value in ATTACK_LABELS.items():
                if decision.kind == "attack" and option.label.startswith(prefix):
                    return value
            return option_score(scores, option.id)

        return max(decision.options, key=score).id


# what the player reads on an attack option (engine.score.battle): its kind
ATTACK_LABELS = {"Attack (physical)": 5, "Attack (energy)": 3}


def option_score(scores: Mapping[str, int], option_id: str) -> int:
    """The score of an option id ("place:12" scores as "place")."""
    if option_id in scores:
        return scores[option_id]
    return scores.get(option_id.split(":", 1)[0], UNKNOWN_OPTION)


def make_player(kind: str, seed: int = 0) -> ScoreAI:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown AI {kind!r}: choose one of {', '.join(AI_KINDS)}")
