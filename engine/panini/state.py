"""The game state: plain data, every zone of the rulebook, serialisable to JSON.

Card instances are integers (an index into `GameState.cards`), so two copies of a card
are told apart. Lists that are piles keep their *top at the end*: `life[-1]` is the top of
the Life Deck, `discard[-1]` the top of the Discard Pile.

The work still to do is data too: `tasks` is a stack of small (kind, args) records and
`pending` names the task that resumes when the decision is answered. So a game stopped
at any decision reloads from JSON and carries on identically.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core.decisions import Decision, Option, Task
from engine.core.plain import plain

STATE_VERSION = 1
JsonDict = dict[str, Any]


class StateVersionError(ValueError):
    pass


@dataclass(slots=True)
class AllyInPlay:
    iid: int
    stage: int


@dataclass(slots=True)
class AttachedCard:
    """A card attached to a personality (2016 GLOSSARY "Attached Cards"). It is kept by
    the player whose personality it is attached to; its controller is its owner."""

    iid: int
    host: int  # -1: the Main Personality; otherwise the Ally's card instance


@dataclass(slots=True)
class StayingCard:
    """A used attack card that stays in play to be used `left` more times this combat
    (engine.panini.after_use)."""

    iid: int
    left: int


@dataclass(slots=True)
class PlayerState:
    mp: list[int]  # the four Main Personality level cards, level 1 first
    mastery: int
    level: int = 1
    stage: int = 5  # power stages above zero of the MP (0..10)
    anger: int = 0
    life: list[int] = field(default_factory=list)  # top is last
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # top is last, kept in order
    banished: list[int] = field(default_factory=list)
    allies: list[AllyInPlay] = field(default_factory=list)
    setups: list[int] = field(default_factory=list)
    drills: list[int] = field(default_factory=list)
    dragon_balls: list[int] = field(default_factory=list)  # controlled (owner may differ)
    used_powers: list[int] = field(default_factory=list)  # once-per-turn Powers used
    spent_powers: list[int] = field(default_factory=list)  # once-per-game ones (panini.limits)
    held_discards: list[int] = field(default_factory=list)  # 2014 simultaneous discard
    resolving: list[int] = field(default_factory=list)  # played, not yet discarded
    attached: list[AttachedCard] = field(default_factory=list)  # on this player's personalities
    staying: list[StayingCard] = field(default_factory=list)  # used, to be used again

    @property
    def mp_card(self) -> int:
        return self.mp[self.level - 1]

    def card_count(self) -> int:
        """Cards this player holds in every zone (captured Dragon Balls count for their
        controller here, attached cards for the player they are attached to; the
        conservation check counts by owner instead)."""
        return (
            len(self.mp)
            + 1
            + len(self.life)
            + len(self.hand)
            + len(self.discard)
            + len(self.banished)
            + len(self.allies)
            + len(self.setups)
            + len(self.drills)
            + len(self.dragon_balls)
            + len(self.held_discards)
            + len(self.resolving)
            + len(self.attached)
            + len(self.staying)
        )


@dataclass(slots=True)
class AttackState:
    attacker: int  # player index
    source: int  # card instance of the attack (a card played, a Power or a Setup)
    origin: str  # "hand", "power", "setup" or "copy" (engine.panini.copies)
    actor: int  # -1: the Main Personality; otherwise the Ally's card instance
    type: str  # "physical" or "energy"
    stopped: bool = False
    prevented: int = 0
    defense: int | None = None
    life_cards: int = 0  # life cards of damage the defender discarded from this attack
    # what effects gave the attack in progress (engine.panini.after_use)
    unstoppable: bool = False
    unpreventable: bool = False
    unmodifiable: bool = False
    no_endurance: bool = False  # "Endurance cannot be used on this attack" (AttackGains)
    no_damage: bool = False  # "choose for this attack to deal no damage" (AttackGains)
    critical: bool = False  # "This attack is considered to deal critical damage" (AttackGains)
    critical_effects: int = 1  # "you may use 2 critical damage effects instead of 1" (AttackGains)
    critical_different: bool = False  # "... 2 different critical effects"
    life_as_stages: bool = False  # "... deal its life card damage as stages" (AttackGains)
    # "X = ... when you perform that attack": X of each such card as it was performed
    x_performed: dict[str, int] = field(default_factory=dict)
    base: list[Any] | None = None  # "base damage is 7 stages instead": [unit, amount]
    not_stopped_by: list[str] = field(default_factory=list)
    not_prevented_by: list[str] = field(default_factory=list)
    start_level: int = 0  # the attacker's MP level when the attack began
    defender_start_level: int = 0  # the defender's ("your opponent advanced ... with this card")
    after_use_to: str | None = None  # where this use sends the card (AfterUseTo)
    remain: int = 0  # further uses this combat once this one is over ("stays in play")
    reused: bool = False  # this use is one of those: "stays in play" is not granted again
    # "This attack deals +3 life cards of damage": added by its own effects (panini.attack_bonus)
    bonus_stages: int = 0
    bonus_life: int = 0
    # "Prevent 3 life cards and 3 stages of damage": prevented from each part of the damage
    prevented_each: int = 0
    # damage from this attack its defender prevented with Endurance (engine.panini.this_attack)
    endurance_prevented: int = 0
    # the defense card's further uses this combat ("this card stays in play", engine.panini.stays)
    defense_remain: int = 0
    defense_reused: bool = False  # the defense is a further use of a staying card


@dataclass(slots=True)
class GameState:
    ruleset: str
    seed: int
    rng: int
    cards: list[str]  # card name of each instance
    owners: list[int]
    players: list[PlayerState]
    version: int = STATE_VERSION
    turn: int = 0
    active: int = 0
    first_player: int = 0
    step: str = "setup"
    declared_combat: bool = False
    combat_declarer: int | None = None
    consecutive_passes: int = 0
    attack: AttackState | None = None
    tasks: list[Task] = field(default_factory=list)
    pending: Decision | None = None
    seq: int = 0
    winner: int | None = None
    win_reason: str | None = None
    trigger_queue: list[JsonDict] = field(default_factory=list)
    # "Once per combat/turn" triggers already set off: "combat:<iid>:<index>" (panini.triggers)
    triggers_used: list[str] = field(default_factory=list)
    # Floating effects: {"controller", "card", "modifier"} records that last until the end
    # of the turn (2016 GLOSSARY "Effects"); cleared when a turn starts.
    floating: list[JsonDict] = field(default_factory=list)
    # Armed triggers of played cards: {"player", "card", "path", "index", "lasts"[, "once",
    # "until_turn"]} waiting for their event (engine.panini.armed).
    armed: list[JsonDict] = field(default_factory=list)
    # What happened this turn / combat (engine.panini.history): conditions read it.
    history: list[JsonDict] = field(default_factory=list)
    # The cards the last `move` of a card's effects moved, by that card's instance (as a
    # string: JSON keys), for "X = the number of Allies you destroyed" (engine.panini.quantities)
    results: dict[str, list[int]] = field(default_factory=dict)
    # Copies of attacks waiting for their copier's next Action: {"player", "card", "turn"}
    # (engine.panini.copies)
    copies: list[JsonDict] = field(default_factory=list)

    def to_dict(self) -> JsonDict:
        """Shares lists with the state (engine.core.plain): serialise it, do not keep it."""
        data: JsonDict = plain(self)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_dict(cls, data: JsonDict) -> GameState:
        version = data.get("version")
        if version != STATE_VERSION:
            raise StateVersionError(
                f"game state version {version!r} is not supported (expected {STATE_VERSION})"
            )
        players = []
        for raw in data["players"]:
            player = dict(raw)
            player["allies"] = [AllyInPlay(**ally) for ally in player["allies"]]
            player["attached"] = [AttachedCard(**card) for card in player.get("attached", [])]
            player["staying"] = [StayingCard(**card) for card in player.get("staying", [])]
            players.append(PlayerState(**player))
        pending = None
        if data["pending"] is not None:
            raw_pending = dict(data["pending"])
            raw_pending["options"] = [Option(**option) for option in raw_pending["options"]]
            raw_pending["resume"] = Task(**raw_pending["resume"])
            pending = Decision(**raw_pending)
        attack = AttackState(**data["attack"]) if data["attack"] is not None else None
        fields = dict(data)
        fields.update(
            players=players,
            pending=pending,
            attack=attack,
            tasks=[Task(**task) for task in data["tasks"]],
        )
        return cls(**fields)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return cls.from_dict(json.loads(text))
