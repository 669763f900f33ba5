"""The Score family's game state: plain data, every zone of the rulebook, serialisable to
JSON (score-ccg-2003-buu-saga-rulebook.txt "Preparing the Arena", p. 14-15).

Card instances are integers (an index into `ScoreState.cards`); piles keep their top at
the end (`life[-1]` is the top of the Life Deck)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, Option, Task
from engine.core.plain import plain

STATE_VERSION = 1
JsonDict = dict[str, Any]


@dataclass(slots=True)
class AllyInPlay:
    iid: int
    stage: int  # power stages above 0
    power_used: bool = False  # p. 29: once per turn, when in control of Combat (p. 36)
    under: list[int] = field(default_factory=list)  # overlaid levels, not in play (p. 35)

    def cards(self) -> list[int]:
        return [self.iid, *self.under]


@dataclass(slots=True)
class FusionInPlay:
    """A fusion in play (p. 53 "Fusion"): the Fusion Personality card, the Ally cards
    "temporarily" removed from play for it (the MP's level cards stay in `mp`), and the
    cards under the Warrior Sword that count the turns until it defuses."""

    card: int
    with_mp: bool  # the Fusion Personality card is the Main Personality
    aside: list[AllyInPlay] = field(default_factory=list)
    sword: list[int] = field(default_factory=list)

    def cards(self) -> list[int]:
        """Every card the fusion holds out of the other zones."""
        held = [iid for ally in self.aside for iid in ally.cards()]
        return [*([self.card] if self.with_mp else []), *held, *self.sword]


@dataclass(slots=True)
class ScorePlayer:
    mp: list[int]  # the Main Personality's level cards, level 1 first
    stage: int
    level: int = 1
    anger: int = 0  # the Warrior Sword
    life: list[int] = field(default_factory=list)  # top last
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # top last
    removed: list[int] = field(default_factory=list)  # removed from the game
    allies: list[AllyInPlay] = field(default_factory=list)
    non_combat: list[int] = field(default_factory=list)
    drills: list[int] = field(default_factory=list)
    dragon_balls: list[int] = field(default_factory=list)  # controlled
    sensei_deck: list[int] = field(default_factory=list)
    mastery: int | None = None  # on the playmat from the start (p. 46)
    sensei: int | None = None  # on the playmat from the start (p. 45)
    tokui_waza: str | None = None
    alignment: str = "hero"
    final_attack_used: bool = False  # p. 28: then it passes for the rest of Combat
    shields_used: list[int] = field(default_factory=list)  # Defense Shields, this Combat
    control: int | None = None  # the Ally in control of Combat (p. 35-36); None: the MP
    sensei_used: bool = False  # "Once per game" (p. 45)
    resolving: list[int] = field(default_factory=list)  # a card being used (p. 39)
    # [card, which of its floating effects] in force (p. 48, engine/score/floating.py)
    floating: list[list[int]] = field(default_factory=list)
    # OCG "Remain X": [card, uses left] of cards left on the table this Combat
    remaining: list[list[int]] = field(default_factory=list)
    triggered_combat: list[int] = field(default_factory=list)  # "Once per Combat" cards used
    triggered_turn: list[int] = field(default_factory=list)  # "Once per turn" cards used
    # p. 29: a personality power once per turn, again after the MP changes level (p. 30)
    mp_power_used: bool = False
    mppv_barred: bool = False  # OCG: advanced a level by a card effect once
    skip_power_up: bool = False  # an effect: "skips the next Power Up Step"
    fusion: FusionInPlay | None = None  # p. 53 (engine/score/fusion.py)

    @property
    def mp_card(self) -> int:
        """The MP's current level card, or the Fusion Personality card the MP fused into."""
        if self.fusion is not None and self.fusion.with_mp:
            return self.fusion.card
        return self.mp[self.level - 1]

    def card_count(self) -> int:
        return (
            len(self.mp) + len(self.life) + len(self.hand) + len(self.discard)
            + len(self.removed) + sum(len(a.cards()) for a in self.allies)
            + len(self.non_combat) + len(self.drills)
            + len(self.resolving)
            + len(self.dragon_balls) + len(self.sensei_deck)
            + (self.mastery is not None) + (self.sensei is not None)
            + (len(self.fusion.cards()) if self.fusion is not None else 0)
        )  # fmt: skip


@dataclass(slots=True)
class ScoreState:
    ruleset: str
    seed: int
    rng: int
    cards: list[str]  # card names by instance
    owners: list[int]
    players: list[ScorePlayer]
    win_level: int  # the Most Powerful Personality Victory's level (p. 21 step 3)
    first_player: int = 0
    active: int = 0
    turn: int = 0
    step: str = "setup"
    combat: bool = False  # Combat declared this turn
    skip_combat: bool = False  # a Battleground or Location placed this turn (p. 42)
    attacker: int = 0  # who acts in the Attacker Attacks phase
    passes: int = 0  # consecutive passes in Attacker Attacks phases
    in_battle: bool = False  # in the Attack Phases: Combat has begun (after phase (b))
    battleground: int | None = None  # the Battleground or Location in play
    # the attack in the Battle Sequencer (p. 31-33), from its costs to its "If successful"
    # effects: engine/score/battle.py
    attack: JsonDict | None = None
    tasks: list[Task] = field(default_factory=list)
    pending: Decision | None = None
    seq: int = 0
    winner: int | None = None
    win_reason: str | None = None

    def to_json(self) -> str:
        return json.dumps({"version": STATE_VERSION, **plain(self)}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> ScoreState:
        data = json.loads(text)
        if data.pop("version", None) != STATE_VERSION:
            raise ValueError("a Score game state of another version")
        players = [
            ScorePlayer(**{**p, "allies": [AllyInPlay(**a) for a in p["allies"]],
                           "fusion": _fusion(p["fusion"]),
                           "floating": [f if isinstance(f, list) else [f, 0]
                                        for f in p["floating"]]})  # a card, before 365
            for p in data.pop("players")
        ]  # fmt: skip
        pending = data.pop("pending")
        if pending is not None:
            pending = Decision(
                **{**pending, "options": [Option(**o) for o in pending["options"]],
                   "resume": Task(**pending["resume"])}
            )  # fmt: skip
        tasks = [Task(**task) for task in data.pop("tasks")]
        return cls(**data, players=players, pending=pending, tasks=tasks)


def _fusion(data: JsonDict | None) -> FusionInPlay | None:
    if data is None:
        return None
    return FusionInPlay(**{**data, "aside": [AllyInPlay(**a) for a in data["aside"]]})
