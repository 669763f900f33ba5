"""Scenario files: a game state written as YAML, played with scripted decisions, checked
against expectations (docs/scenarios.md documents the format and every state path).

Players are "p1" and "p2" as the CLI names them ("Player 1", "Player 2"). Piles are
written top first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.decisions import Task
from engine.core.scenario import (  # the shared runner; names re-exported for callers
    SEATS,
    Checkpoint,
    DecisionSpec,
    Instances,
    ScenarioError,
    ScenarioResult,
    Seat,
    compare,
    find_option,
    load_model,
    run_script,
    scenario_paths,
)
from engine.core.scenario import Model as _Model
from engine.panini.cards import Card, CardPool, CardType, load_card_file, load_pool
from engine.panini.game import MAIN_PERSONALITY, Game
from engine.panini.rulesets import DEFAULT_RULESET, get_ruleset
from engine.panini.state import AllyInPlay, AttachedCard, GameState, PlayerState

__all__ = ["SEATS", "Checkpoint", "DecisionSpec", "ScenarioError", "ScenarioResult", "Seat",
           "find_option", "scenario_paths"]  # fmt: skip
Step = Literal[
    "opening", "draw", "planning", "declare_combat", "combat_action", "discard", "rejuvenation"
]


class AllySpec(_Model):
    name: str
    stage: int = 3


class DragonBallSpec(_Model):
    name: str
    owner: Seat | None = None  # set when the ball was captured from the other player


class AttachedSpec(_Model):
    name: str
    owner: Seat | None = None  # its controller, when the other player attached it here
    ally: str | None = None  # attached to this Ally (by name) instead of the MP


class PlayerSpec(_Model):
    main_personality: str | list[str]  # a personality name, or the four level card names
    level: int = Field(default=1, ge=1, le=4)
    stage: int = Field(default=5, ge=0)
    anger: int = Field(default=0, ge=0, le=5)
    mastery: str
    life_deck: list[str] = []
    hand: list[str] = []
    discard_pile: list[str] = []
    banished: list[str] = []
    allies: list[AllySpec | str] = []
    setups: list[str] = []
    drills: list[str] = []
    dragon_balls: list[DragonBallSpec | str] = []
    attached: list[AttachedSpec | str] = []  # cards attached to this player's personalities
    used_powers: list[str] = []  # Powers already used this turn, by card name


class StartSpec(_Model):
    turn: int = Field(default=1, ge=1)
    active: Seat = "p1"
    step: Step = "planning"
    player: Seat | None = None  # combat_action: who acts first (default: the active player)
    declared_combat: bool = False  # rejuvenation/discard: whether combat was declared


class ScenarioFile(_Model):
    name: str
    source: str  # rulebook file and section the scenario checks
    ruleset: str = DEFAULT_RULESET
    seed: int = 0
    sandbox: bool = True  # start from the sandbox card set (false: only the cards below)
    card_files: list[str] = []  # card YAML files (relative to the scenario) to add
    cards: list[dict[str, Any]] = []  # extra card definitions for this scenario only
    players: dict[Seat, PlayerSpec]
    start: StartSpec = StartSpec()
    decisions: list[dict[str, Any]] = []
    expect: dict[str, Any] = {}

    @model_validator(mode="after")
    def _two_players(self) -> ScenarioFile:
        if set(self.players) != {"p1", "p2"}:
            raise ValueError("players must define exactly p1 and p2")
        return self


def load_scenario(path: Path) -> ScenarioFile:
    return load_model(path, ScenarioFile)


def scenario_pool(spec: ScenarioFile, where: Path, base: CardPool | None = None) -> CardPool:
    """The sandbox set plus the scenario's card files and inline cards."""
    if not spec.sandbox:
        base = CardPool([])
    elif base is None:
        base = load_pool()
    if not spec.cards and not spec.card_files:
        return base
    extra: list[Card] = []
    for name in spec.card_files:
        extra += load_card_file((where.parent / name).resolve())
    extra += [Card.model_validate(card) for card in spec.cards]
    return CardPool([*base.by_name.values(), *extra])


# --- building the state ------------------------------------------------------------------------
class _Builder(Instances):
    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)
        self.panini_pool = pool

    def mp_names(self, spec: PlayerSpec, seat: str) -> list[str]:
        if isinstance(spec.main_personality, list):
            if len(spec.main_personality) != 4:
                raise ScenarioError(f"{seat}.main_personality: expected four level cards")
            return spec.main_personality
        levels = {
            card.level: card.name
            for card in self.panini_pool.by_name.values()
            if card.type == CardType.MAIN_PERSONALITY
            and card.level is not None
            and card.personality == spec.main_personality
        }
        if sorted(levels) != [1, 2, 3, 4]:
            raise ScenarioError(
                f"{seat}.main_personality: no four-level set for {spec.main_personality!r}"
            )
        return [levels[level] for level in (1, 2, 3, 4)]


def build_game(spec: ScenarioFile, pool: CardPool) -> Game:
    get_ruleset(spec.ruleset)
    builder = _Builder(pool)
    players: list[PlayerState] = []
    for seat, index in SEATS.items():
        p = spec.players[seat]  # type: ignore[index]
        mp = builder.many(builder.mp_names(p, seat), index, f"{seat}.main_personality")
        player = PlayerState(
            mp=mp,
            mastery=builder.instance(p.mastery, index, f"{seat}.mastery"),
            level=p.level,
            stage=p.stage,
            anger=p.anger,
            life=builder.many(list(reversed(p.life_deck)), index, f"{seat}.life_deck"),
            hand=builder.many(p.hand, index, f"{seat}.hand"),
            discard=builder.many(list(reversed(p.discard_pile)), index, f"{seat}.discard_pile"),
            banished=builder.many(list(reversed(p.banished)), index, f"{seat}.banished"),
            setups=builder.many(p.setups, index, f"{seat}.setups"),
            drills=builder.many(p.drills, index, f"{seat}.drills"),
        )
        for ally in p.allies:
            ally_spec = AllySpec(name=ally) if isinstance(ally, str) else ally
            iid = builder.instance(ally_spec.name, index, f"{seat}.allies")
            player.allies.append(AllyInPlay(iid, ally_spec.stage))
        players.append(player)
    for seat, index in SEATS.items():
        for ball in spec.players[seat].dragon_balls:  # type: ignore[index]
            ball_spec = DragonBallSpec(name=ball) if isinstance(ball, str) else ball
            owner = SEATS[ball_spec.owner] if ball_spec.owner else index
            iid = builder.instance(ball_spec.name, owner, f"{seat}.dragon_balls")
            players[index].dragon_balls.append(iid)
        for raw in spec.players[seat].attached:  # type: ignore[index]
            attached = AttachedSpec(name=raw) if isinstance(raw, str) else raw
            owner = SEATS[attached.owner] if attached.owner else index
            iid = builder.instance(attached.name, owner, f"{seat}.attached")
            host = MAIN_PERSONALITY
            if attached.ally is not None:
                hosts = [
                    ally.iid
                    for ally in players[index].allies
                    if builder.cards[ally.iid].casefold() == attached.ally.casefold()
                ]
                if not hosts:
                    raise ScenarioError(f"{seat}.attached: no Ally {attached.ally!r} in play")
                host = hosts[0]
            players[index].attached.append(AttachedCard(iid, host))
    state = GameState(
        ruleset=spec.ruleset,
        seed=spec.seed,
        rng=spec.seed,
        cards=builder.cards,
        owners=builder.owners,
        players=players,
    )
    game = Game(state, pool)
    for seat, index in SEATS.items():
        for name in spec.players[seat].used_powers:  # type: ignore[index]
            card = pool.find(name)
            player = players[index]
            allies = [ally.iid for ally in player.allies]
            for iid in [*player.mp, player.mastery, *allies, *player.drills]:
                if card is not None and state.cards[iid] == card.name:
                    player.used_powers.append(iid)
    _start(game, spec.start)
    return game


def _start(game: Game, start: StartSpec) -> None:
    state = game.state
    state.active = state.first_player = SEATS[start.active]
    state.turn = start.turn
    # Inside a declared combat the step is "combat", as declare_combat sets it.
    state.step = "combat" if start.step == "combat_action" else start.step
    state.declared_combat = start.declared_combat
    if start.step in ("draw", "opening"):  # "opening": the set-up choices first
        state.turn = start.turn - 1
        task = Task("start_turn", {})
        if start.step == "opening":
            state.tasks.append(task)
            task = Task("opening", {})
    elif start.step == "combat_action":
        state.declared_combat = True
        state.combat_declarer = state.active
        actor = SEATS[start.player] if start.player else state.active
        task = Task("combat_action", {"player": actor})
    elif start.step == "discard":
        task = Task("discard_step", {"player": state.active, "first": True})
    else:
        task = Task(start.step, {})
    state.tasks.append(task)
    game.run()


# --- decisions and expectations -----------------------------------------------------------------
def _names(game: Game, iids: list[int]) -> list[str]:
    return [game.name(iid) for iid in iids]


def state_paths(game: Game) -> Iterator[tuple[str, Any]]:
    """Every documented state path with its current value (docs/scenarios.md)."""
    state = game.state
    seat_names = {0: "p1", 1: "p2", None: None}
    yield "winner", seat_names[state.winner]
    yield "win_reason", state.win_reason
    yield "turn", state.turn
    yield "active", seat_names[state.active]
    yield "step", state.step
    for index, seat in ((0, "p1"), (1, "p2")):
        p = state.players[index]
        mp = game.card(p.mp_card)
        yield f"{seat}.level", p.level
        yield f"{seat}.stage", p.stage
        yield f"{seat}.power_level", game.power_level(index, MAIN_PERSONALITY)
        yield f"{seat}.anger", p.anger
        yield f"{seat}.main_personality", mp.name
        piles = {
            "life_deck": list(reversed(p.life)),
            "hand": list(p.hand),
            "discard_pile": list(reversed(p.discard)),
            "banished": list(reversed(p.banished)),
            "setups": list(p.setups),
            "drills": list(p.drills),
            "dragon_balls": list(p.dragon_balls),
            "allies": [ally.iid for ally in p.allies],
            "attached": [attached.iid for attached in p.attached],
            "staying": [staying.iid for staying in p.staying],
        }
        for zone, iids in piles.items():
            yield f"{seat}.{zone}", _names(game, iids)
            yield f"{seat}.{zone}.count", len(iids)
        for ally in p.allies:
            yield f"{seat}.ally.{game.name(ally.iid)}.stage", ally.stage
        yield f"{seat}.captured", [
            game.name(iid) for iid in p.dragon_balls if state.owners[iid] != index
        ]
        yield f"{seat}.used_powers", _names(game, p.used_powers)
        yield f"{seat}.floating", [
            game.name(entry["card"]) for entry in state.floating if entry["controller"] == index
        ]
    pending = state.pending
    yield "pending.player", seat_names[pending.player] if pending else None
    yield "pending.kind", pending.kind if pending else None
    yield "pending.options", [o.label for o in pending.options] if pending else []


def check_expectations(game: Game, expect: dict[str, Any]) -> list[str]:
    return compare(dict(state_paths(game)), expect)


def run_scenario(path: Path, pool: CardPool | None = None) -> ScenarioResult:
    spec = load_scenario(path)
    return run_script(
        path,
        spec.name,
        lambda: build_game(spec, scenario_pool(spec, path, pool)),
        lambda game: dict(state_paths(game)),
        spec.decisions,
        spec.expect,
    )
