"""Prime Time scenario files (ruleset `prime-time`, tests/primetime/scenarios/): a table
written as YAML, played with scripted decisions chosen by label or id, checked against
dotted expectations. The loading, the decisions and the expectations are the engine's
shared runner (engine.core.scenario); this module builds a Prime Time game and lists its
state paths.

The two rosters are sample rosters (by affiliation or name) or written in full. A game
starts as the rule tests' do: set up taking each decision's first option (no Ascension,
no Fusion), every model then waits in its side's corner row and the table is bare; the
file's terrain, models (by character id), players and hands are then written over it.
`start.phase: setup` instead starts at the first set-up decision; `activation` starts with
`start.model` declared by its player (its start-of-activation triggers run) or, without a
model, at the first player's choice. `dice` are the next D20 rolls; then the seed's.

State paths: winner, win_reason, round, phase, round_winners, active.model (a character
id), active.actions, terrain ("name:state"); p1.bk (also players.0.bk), wt, orders, hand,
hand.count, glory; models.<character id>.x, y, level, hp, sk, tier, status, dazes,
states; log.last.<event kind> (the latest public event's text, e.g. log.last.move);
pending.player, pending.kind, pending.options. A destination is chosen by its label or
its id on the 1" grid ("at:15,6")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.events import Event, Outcome
from engine.core.scenario import (
    SEATS,
    Model,
    ScenarioError,
    ScenarioResult,
    Seat,
    compare,
    load_model,
    run_script,
)
from engine.primetime.data import Level, TerrainPiece
from engine.primetime.game import PrimeTimeGame
from engine.primetime.pool import Pool, sample_pool
from engine.primetime.roster import Roster, sample_rosters
from engine.primetime.rulesets import RULESETS
from engine.primetime.state import ModelState, Status

SKIP_IN_SETUP = {"ascension": "done", "fusion": "no"}  # no Ascension, no Fusion
SEAT_OF = {0: "p1", 1: "p2", None: None}


class ModelSpec(Model):
    """A model as it stands: unset fields keep what the set-up gave it."""

    x: float | None = None
    y: float | None = None
    level: Level | None = None  # "Altitude Levels"
    hp: int | None = Field(default=None, ge=0)
    sk: int | None = Field(default=None, ge=0)
    tier: int | None = Field(default=None, ge=0)
    status: Status | None = None
    states: list[str] | None = None  # "Model States": staggered, ...

    @model_validator(mode="after")
    def _both_coordinates(self) -> ModelSpec:
        if (self.x is None) != (self.y is None):
            raise ValueError("give both x and y, or neither")
        return self


class PlayerSpec(Model):
    bk: int | None = Field(default=None, ge=0)
    wt: int | None = Field(default=None, ge=0)
    hand: list[str] | None = None  # card ids


class StartSpec(Model):
    phase: Literal["setup", "activation"] = "activation"
    model: str | None = None  # activation: the character id declared first


class PrimeTimeScenario(Model):
    name: str
    source: str  # the rulebook section the scenario checks
    ruleset: Literal["prime-time"] = "prime-time"
    seed: int = 1
    rosters: dict[Seat, str | Roster]
    terrain: list[TerrainPiece] = []
    models: dict[str, ModelSpec] = {}
    players: dict[Seat, PlayerSpec] = {}
    start: StartSpec = StartSpec()
    dice: list[int] = []  # the next D20 rolls, each 1-20
    decisions: list[dict[str, Any]] = []
    expect: dict[str, Any] = {}

    @model_validator(mode="after")
    def _consistent(self) -> PrimeTimeScenario:
        if set(self.rosters) != {"p1", "p2"}:
            raise ValueError("rosters must define exactly p1 and p2")
        if any(not 1 <= roll <= 20 for roll in self.dice):
            raise ValueError("dice are D20 rolls, each from 1 to 20")
        if self.start.phase == "setup" and (self.terrain or self.models or self.start.model):
            raise ValueError("start.phase setup: the set-up places the models and terrain; "
                             "leave out terrain, models and start.model")  # fmt: skip
        return self


class ScenarioGame(PrimeTimeGame):
    """A game whose next D20 rolls may be scripted, and which keeps every event since the
    scenario started (for `log.*` expectations)."""

    scripted: list[int]
    log: list[Event]

    def d20(self) -> int:
        if getattr(self, "scripted", None):
            return self.scripted.pop(0)
        return super().d20()

    def apply(self, player: int, option_id: str, seq: int | None = None) -> Outcome:
        outcome = super().apply(player, option_id, seq)
        self.log.extend(outcome.events)
        return outcome


def load_primetime_scenario(path: Path) -> PrimeTimeScenario:
    return load_model(path, PrimeTimeScenario)


# --- building the game -------------------------------------------------------------------------
def roster_of(wanted: str | Roster, seat: str) -> Roster:
    """A sample roster by its affiliation or name (any case), or the one written out."""
    if isinstance(wanted, Roster):
        return wanted
    samples = sample_rosters()
    folded = wanted.strip().casefold()
    for roster in samples:
        if folded in (roster.affiliation.casefold(), roster.name.casefold()):
            return roster
    names = ", ".join(r.name for r in samples)
    raise ScenarioError(f"rosters.{seat}: no sample roster {wanted!r} (sample rosters: {names})")


def build_game(spec: PrimeTimeScenario, pool: Pool) -> ScenarioGame:
    rosters = [roster_of(spec.rosters[seat], seat) for seat in SEATS]  # type: ignore[index]
    game = ScenarioGame.new(rosters, spec.seed, spec.ruleset, pool)
    if not isinstance(game, ScenarioGame):  # `new` builds its own class
        raise TypeError(type(game).__name__)
    game.log = []
    if spec.start.phase == "activation":
        to_activation(game)
        _clear_table(game)
        game.state.terrain = list(spec.terrain)
        for cid, model_spec in spec.models.items():
            _stand(game, _model(game, cid, "models"), model_spec)
    for seat, player_spec in spec.players.items():
        _resources(game, SEATS[seat], player_spec, pool)
    game.scripted, game.log = list(spec.dice), []
    if spec.start.phase == "activation":
        _declare(game, spec.start.model)
    return game


def to_activation(game: PrimeTimeGame) -> None:
    """Set up taking each decision's first option (no Ascension, no Fusion), up to the
    first activation: the scenarios' start and the rule tests' (tests/primetime/helpers.py)."""
    while game.state.phase != "activation":
        decision = game.pending
        if decision is None:
            raise ScenarioError(f"the set-up stopped in phase {game.state.phase}")
        option = SKIP_IN_SETUP.get(decision.kind) or decision.options[0].id
        outcome = game.apply(decision.player, option, decision.seq)
        if not outcome.ok:
            raise ScenarioError(f"the set-up refused {option!r}: {outcome.reason}")


def _clear_table(game: PrimeTimeGame) -> None:
    """Every model to its side's corner row, out of everyone's way, and no terrain."""
    game.state.terrain = []
    for index, m in enumerate(game.state.models):
        if m.on_table:
            m.x, m.y = 1.0 + 2 * index, 1.0 + 28 * m.owner


def _model(game: PrimeTimeGame, cid: str, field: str) -> ModelState:
    found = next((m for m in game.state.models if m.character == cid), None)
    if found is None:
        fielded = ", ".join(m.character for m in game.state.models)
        raise ScenarioError(f"{field}.{cid}: not a model of either roster ({fielded})")
    return found


def _stand(game: PrimeTimeGame, m: ModelState, spec: ModelSpec) -> None:
    where = f"models.{m.character}"
    if spec.tier is not None:
        if spec.tier >= len(game.character(m).tiers):
            raise ScenarioError(f"{where}.tier: {spec.tier}, but {game.name(m)} has "
                                f"{len(game.character(m).tiers)} tier(s)")  # fmt: skip
        m.tier = spec.tier
    if spec.x is not None and spec.y is not None:
        game.put(m, (spec.x, spec.y))
    for name in ("level", "hp", "sk", "status", "states"):
        value = getattr(spec, name)
        if value is not None:
            setattr(m, name, value)
    if m.hp > game.tier(m).hp:
        raise ScenarioError(f"{where}.hp: {m.hp} is more than {game.name(m)}'s "
                            f"{game.tier(m).hp}")  # fmt: skip


def _resources(game: PrimeTimeGame, index: int, spec: PlayerSpec, pool: Pool) -> None:
    player = game.state.players[index]
    if spec.bk is not None:
        player.bk = spec.bk
    if spec.wt is not None:
        player.wt = spec.wt
    if spec.hand is not None:
        unknown = [cid for cid in spec.hand if cid not in pool.cards]
        if unknown:
            raise ScenarioError(f"players.{SEAT_OF[index]}.hand: unknown cards "
                                f"{', '.join(unknown)}")  # fmt: skip
        player.hand = list(spec.hand)


def _declare(game: PrimeTimeGame, cid: str | None) -> None:
    """Start the Activation Phase's next activation: `cid`'s, declared by its player, or
    the first player's choice."""
    state = game.state
    state.active, state.pending = None, None
    state.tasks.clear()
    if cid is not None:
        m = _model(game, cid, "start.model")
        state.turn = m.owner
    game.then(("next_activation", {}))
    game.run()
    if cid is None:
        return
    decision = game.pending
    option = f"model:{m.uid}"
    if decision is None or decision.option(option) is None:
        raise ScenarioError(f"start.model: {game.name(m)} cannot be activated here")
    outcome = game.apply(decision.player, option, decision.seq)
    if not outcome.ok:
        raise ScenarioError(f"start.model: {outcome.reason}")


# --- state paths -------------------------------------------------------------------------------
def state_paths(game: ScenarioGame) -> Iterator[tuple[str, Any]]:
    """Every state path a scenario may expect, with its current value."""
    state = game.state
    yield "winner", SEAT_OF[state.winner]
    yield "win_reason", state.win_reason
    yield "round", state.round
    yield "phase", state.phase
    yield "round_winners", [SEAT_OF[w] for w in state.round_winners]
    active = state.active
    yield "active.model", None if active is None else game.model(active.model).character
    yield "active.actions", None if active is None else active.actions
    yield "terrain", [f"{t.name}:{t.state}" for t in state.terrain]
    for index, seat in SEAT_OF.items():
        if index is None:
            continue
        p = state.players[index]
        for name, value in (("bk", p.bk), ("wt", p.wt), ("orders", p.orders),
                            ("hand", list(p.hand)), ("hand.count", len(p.hand)),
                            ("glory", sum(p.glory))):  # fmt: skip
            yield f"{seat}.{name}", value
            yield f"players.{index}.{name}", value
    for m in state.models:
        where = f"models.{m.character}"
        for name in ("x", "y", "level", "hp", "sk", "tier", "status", "dazes"):
            yield f"{where}.{name}", getattr(m, name)
        yield f"{where}.states", list(m.states)
    yield from _log_paths(game.log)
    pending = state.pending
    yield "pending.player", SEAT_OF[pending.player] if pending else None
    yield "pending.kind", pending.kind if pending else None
    yield "pending.options", [o.label for o in pending.options] if pending else []


def _log_paths(log: Sequence[Event]) -> Iterator[tuple[str, Any]]:
    """`log.last.<kind>`: the text of the latest event of each kind since the start."""
    latest: dict[str, str] = {}
    for event in log:
        if event.public:
            latest[event.kind] = event.text
    for kind, text in latest.items():
        yield f"log.last.{kind}", text


def check_expectations(game: ScenarioGame, expect: dict[str, Any]) -> list[str]:
    return compare(dict(state_paths(game)), expect)


def run_primetime_scenario(path: Path, pool: Pool | None = None) -> ScenarioResult:
    spec = load_primetime_scenario(path)
    if spec.ruleset not in RULESETS:  # the Literal names them; kept in step with the engine
        raise ScenarioError(f"{path}: ruleset {spec.ruleset!r} is not a Prime Time ruleset")
    return run_script(
        path,
        spec.name,
        lambda: build_game(spec, pool or sample_pool()),
        lambda game: dict(state_paths(game)),
        spec.decisions,
        spec.expect,
    )
