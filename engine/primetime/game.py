"""A Prime Time game on the engine's task machine (engine.core.machine): one pending
decision at a time, every option legal, the whole state JSON. The rules live in small
modules that register their task handlers (engine.primetime.handlers): setup (pre-game),
rounds (the phases, Glory, victory), ascension, activation (actions and movement),
reactions and clash, engagement, devoted, fusion, reformation and wish; attacks, damage,
keywords, altitude and states are the functions they share. docs/games.md lists them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from engine.core import rng
from engine.core.decisions import Option
from engine.core.events import Outcome
from engine.core.machine import Handlers, TaskMachine
from engine.primetime import (  # noqa: F401 (they register their handlers)
    activation,
    ascension,
    attacks,
    engagement,
    fusion,
    merge,
    reactions,
    reformation,
    rounds,
    saibamen,
    setup,
)
from engine.primetime.data import Character, Condition, Tier
from engine.primetime.geometry import Base, base_radius
from engine.primetime.handlers import HANDLERS
from engine.primetime.options import AT, parse_point, point_label
from engine.primetime.pool import Pool, sample_pool
from engine.primetime.roster import Roster, roster_problems
from engine.primetime.rulesets import RULESETS, PrimeTimeRules
from engine.primetime.state import ModelState, PlayerState, PrimeTimeState

NO_CONDITION = Condition(id="none", name="none", text="")


class PrimeTimeGame(TaskMachine):
    handlers: ClassVar[Handlers] = HANDLERS

    def __init__(self, state: PrimeTimeState, pool: Pool) -> None:
        self.state: PrimeTimeState = state
        self.pool = pool
        self.rules: PrimeTimeRules = RULESETS[state.ruleset]
        self.events = []
        self._radii: dict[tuple[str, int], float] = {}

    @classmethod
    def new(cls, rosters: Sequence[Roster], seed: int, ruleset: str = "prime-time",
            pool: Pool | None = None) -> PrimeTimeGame:  # fmt: skip
        pool = pool or sample_pool()
        if len(rosters) != 2:
            raise ValueError("a Prime Time game has two rosters")
        if ruleset not in RULESETS:
            raise ValueError(f"no Prime Time ruleset {ruleset!r}")
        for roster in rosters:
            problems = roster_problems(roster, pool)
            if problems:
                raise ValueError(f"{roster.name}: {'; '.join(problems)}")
        models: list[ModelState] = []
        players = []
        for owner, roster in enumerate(rosters):
            players.append(PlayerState(name=roster.name, affiliation=roster.affiliation,
                                       deck=list(roster.deck), leader=roster.leader))  # fmt: skip
            for cid in roster.models:
                hp = pool.character(cid).tiers[0].hp
                models.append(ModelState(uid=len(models), owner=owner, character=cid, hp=hp))
            for cid in roster.fusions:  # "formed during play — it is not deployed"
                hp = pool.character(cid).tiers[0].hp
                models.append(ModelState(uid=len(models), owner=owner, character=cid, hp=hp,
                                         status="unformed"))  # fmt: skip
        state = PrimeTimeState(ruleset=ruleset, seed=seed, rng=seed & ((1 << 64) - 1),
                               players=players, models=models)  # fmt: skip
        game = cls(state, pool)
        game.then(("setup", {}))
        game.run()
        return game

    @classmethod
    def from_json(cls, text: str, pool: Pool | None = None) -> PrimeTimeGame:
        return cls(PrimeTimeState.from_json(text), pool or sample_pool())

    def to_json(self) -> str:
        return self.state.to_json()

    # -- answers -----------------------------------------------------------------------

    def apply(self, player: int, option_id: str, seq: int | None = None) -> Outcome:
        """As TaskMachine.apply; a destination may also be answered by any legal point,
        "at:x,y", not only the 1" grid the options list (engine.primetime.activation)."""
        decision = self.state.pending
        if (decision is not None and option_id.startswith(AT)
                and decision.option(option_id) is None and player == decision.player
                and (seq is None or seq == decision.seq)):  # fmt: skip
            point = parse_point(option_id)
            if point is None:
                return Outcome(False, f"{option_id!r}: a point is 'at:x,y' in inches")
            reason = activation.point_problem(self, decision, point)
            if reason:
                return Outcome(False, reason)
            decision.options.append(Option(option_id, point_label(point)))
        return super().apply(player, option_id, seq)

    def win(self, player: int, reason: str) -> None:
        if self.state.winner is None:
            self.state.winner, self.state.win_reason = player, reason
            self.state.phase = "over"
            self.state.pending = None
            self.state.tasks.clear()
            self.emit("win", f"{self.who(player)} wins ({reason}).")

    def concede(self, player: int, reason: str = "concede") -> Outcome:
        """ "Forfeit Rule: ... The opponent immediately wins the current round and all
        remaining rounds." (the round results say so; the game is over at once)."""
        state = self.state
        if state.winner is None:
            last = max(self.rules.rounds, state.round)
            while len(state.round_winners) < last:
                state.round_winners.append(1 - player)
        return super().concede(player, reason)

    def who(self, player: int) -> str:
        return f"Player {player + 1} ({self.state.players[player].name})"

    # -- dice --------------------------------------------------------------------------

    def d20(self) -> int:
        self.state.rng, value = rng.below(self.state.rng, 20)
        return value + 1

    def pick(self, count: int) -> int:
        self.state.rng, value = rng.below(self.state.rng, count)
        return value

    # -- lookups -----------------------------------------------------------------------

    def model(self, uid: int) -> ModelState:
        return self.state.models[uid]

    def condition(self) -> Condition:
        """The game's Condition card ("Draw Condition Card": it applies for the whole
        game); none before it is drawn."""
        if self.state.condition is None:
            return NO_CONDITION
        return self.pool.conditions[self.state.condition]

    def character(self, m: ModelState) -> Character:
        return self.pool.character(m.character)

    def tier(self, m: ModelState) -> Tier:
        """The model's tier, its HP maximum raised by the Legacy cards beside it (PT-69)
        and by its Merge (PT-72)."""
        character = self.character(m)
        tier = character.tiers[m.tier]
        if m.legacy or m.merged:
            granted = sum(self.pool.cards[cid].hp for cid in m.legacy)
            if m.merged and character.merge is not None:
                granted += character.merge.hp
            if granted:
                return tier.model_copy(update={"hp": tier.hp + granted})
        return tier

    def name(self, m: ModelState) -> str:
        return self.character(m).name

    def put(self, m: ModelState, point: tuple[float, float]) -> None:
        """Stand a model on the table at a point (deployed, returned, moved)."""
        m.x, m.y = point
        m.status = "active"

    def base_radius(self, m: ModelState) -> float:
        key = (m.character, m.tier)
        radius = self._radii.get(key)
        if radius is None:  # looked up for every base of every check: kept
            radius = self._radii[key] = base_radius(self.tier(m).base)
        return radius

    def base(self, m: ModelState) -> Base:
        if m.x is None or m.y is None:
            raise ValueError(f"{self.name(m)} is not on the table")
        return Base(m.x, m.y, self.base_radius(m), m.level)

    def bases_except(self, m: ModelState) -> list[Base]:
        """The other bases on the table: models and Saibamen tokens (engine.primetime.saibamen)."""
        return [self.base(o) for o in self.state.models if o.on_table and o.uid != m.uid] \
            + saibamen.bases(self)  # fmt: skip

    def table_bases(self, skip_tokens: Sequence[int] = ()) -> list[Base]:
        """Every base on the table (models and tokens, but the tokens skipped)."""
        return [self.base(o) for o in self.state.models if o.on_table] \
            + [saibamen.base(t) for t in self.state.tokens if t.id not in skip_tokens]

    def enemies(self, m: ModelState) -> list[ModelState]:
        """Enemies that may be targeted: on the table, not Dazed ("Dazed: invulnerable")."""
        return [o for o in self.state.models if o.owner != m.owner and o.status == "active"]

    def starting_hp(self, m: ModelState) -> int:
        return self.character(m).tiers[0].hp

    def half_hp(self, m: ModelState) -> int:
        """ "half starting HP (rounded up)" (Dazed)."""
        return math.ceil(self.starting_hp(m) / 2)

