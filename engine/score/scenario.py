"""Score family scenario files (rulesets `score`, `ocg`): a game state written as YAML,
played with scripted decisions chosen by label, checked against dotted expectations
(tests/score/scenarios/). The loading, the decisions and the expectations are the
engine's shared runner (engine.core.scenario); this module builds a Score state and lists
its state paths.

Piles are written top first. `start.step: setup` instead deals the players' cards as
decks to ScoreGame.new (p. 21-22: the Double Power Rule, who goes first, the announced
level of the Most Powerful Personality Victory); every other step starts there with the
zones exactly as written; `attack` is an Attacker Attacks phase of a declared Combat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.scenario import (
    SEATS,
    Instances,
    Model,
    ScenarioError,
    ScenarioResult,
    Seat,
    compare,
    load_model,
    run_script,
)
from engine.score.cards import Card, CardPool, Style, load_card_file, load_pool
from engine.score.deckcheck import ScoreDeck
from engine.score.game import ScoreGame
from engine.score.personalities import alignment_of
from engine.score.state import AllyInPlay, ScorePlayer, ScoreState

SANDBOX = Path(__file__).resolve().parents[2] / "data" / "cards" / "score"
Step = Literal["setup", "draw", "non_combat", "power_up", "declare", "combat", "attack",
               "discard", "rejuvenation"]  # fmt: skip


class AllySpec(Model):
    name: str
    stage: int = Field(default=3, ge=0)


class DragonBallSpec(Model):
    name: str
    owner: Seat | None = None  # set when the ball was captured from the other player


class PlayerSpec(Model):
    main_personality: list[str] = Field(min_length=1)  # the level cards, level 1 first
    level: int = Field(default=1, ge=1, le=5)
    stage: int = Field(default=5, ge=0)
    anger: int = Field(default=0, ge=0, le=4)
    tokui_waza: Style | None = None
    alignment: Literal["hero", "villain"] | None = None  # default: the MP card's
    life_deck: list[str] = []
    hand: list[str] = []
    discard_pile: list[str] = []
    removed: list[str] = []
    allies: list[AllySpec | str] = []
    non_combat: list[str] = []
    drills: list[str] = []
    dragon_balls: list[DragonBallSpec | str] = []
    sensei_deck: list[str] = []
    mastery: str | None = None
    sensei: str | None = None


class StartSpec(Model):
    turn: int = Field(default=1, ge=1)
    active: Seat = "p1"
    step: Step = "non_combat"
    attacker: Seat | None = None  # attack: who acts first (default: the active player)
    combat: bool = False  # whether Combat was declared this turn (attack: always)
    battleground: str | None = None  # the Battleground or Location in play
    battleground_owner: Seat = "p1"


class ScoreScenario(Model):
    name: str
    source: str  # the rulebook file and page the scenario checks
    ruleset: Literal["score", "ocg"] = "score"
    seed: int = 0
    sandbox: bool = True  # start from the sandbox card set (false: only the cards below)
    card_files: list[str] = []  # card YAML files (relative to the scenario) to add
    players: dict[Seat, PlayerSpec]
    start: StartSpec = StartSpec()
    decisions: list[dict[str, Any]] = []
    expect: dict[str, Any] = {}

    @model_validator(mode="after")
    def _two_players(self) -> ScoreScenario:
        if set(self.players) != {"p1", "p2"}:
            raise ValueError("players must define exactly p1 and p2")
        return self


def load_score_scenario(path: Path) -> ScoreScenario:
    return load_model(path, ScoreScenario)


def scenario_pool(spec: ScoreScenario, where: Path) -> CardPool:
    cards: list[Card] = list(_cards(load_pool(SANDBOX))) if spec.sandbox else []
    for name in spec.card_files:
        cards += load_card_file((where.parent / name).resolve())
    return CardPool(cards)


def _cards(pool: CardPool) -> Iterator[Card]:
    for name in pool.names():
        card = pool.find(name)
        if card is not None:
            yield card


# --- building the state ------------------------------------------------------------------------
class _Builder(Instances):
    def __init__(self, pool: CardPool) -> None:
        super().__init__(pool)
        self.score_pool = pool

    def pile(self, names: list[str], owner: int, zone: str) -> list[int]:
        """A pile written top first, kept top last as the state keeps it."""
        return list(reversed(self.many(names, owner, zone)))


def build_game(spec: ScoreScenario, pool: CardPool) -> ScoreGame:
    if spec.start.step == "setup":
        return _dealt(spec, pool)
    builder = _Builder(pool)
    players = [_player(builder, spec.players[seat], seat, index)  # type: ignore[index]
               for seat, index in SEATS.items()]  # fmt: skip
    for seat, index in SEATS.items():
        for ball in spec.players[seat].dragon_balls:  # type: ignore[index]
            ball_spec = DragonBallSpec(name=ball) if isinstance(ball, str) else ball
            owner = SEATS[ball_spec.owner] if ball_spec.owner else index
            players[index].dragon_balls.append(
                builder.instance(ball_spec.name, owner, f"{seat}.dragon_balls"))
    start = spec.start
    battleground = None
    if start.battleground is not None:
        battleground = builder.instance(start.battleground, SEATS[start.battleground_owner],
                                        "start.battleground")  # fmt: skip
    state = ScoreState(ruleset=spec.ruleset, seed=spec.seed, rng=spec.seed, cards=builder.cards,
                       owners=builder.owners, players=players,
                       win_level=max(len(p.mp) for p in players),
                       battleground=battleground)  # fmt: skip
    game = ScoreGame(state, pool)
    _start(game, start)
    return game


def _player(builder: _Builder, p: PlayerSpec, seat: str, index: int) -> ScorePlayer:
    if p.level > len(p.main_personality):
        raise ScenarioError(f"{seat}.level: {p.level}, but the MP has "
                            f"{len(p.main_personality)} level(s)")  # fmt: skip
    player = ScorePlayer(
        mp=builder.many(p.main_personality, index, f"{seat}.main_personality"),
        stage=p.stage, level=p.level, anger=p.anger,
        life=builder.pile(p.life_deck, index, f"{seat}.life_deck"),
        hand=builder.many(p.hand, index, f"{seat}.hand"),
        discard=builder.pile(p.discard_pile, index, f"{seat}.discard_pile"),
        removed=builder.pile(p.removed, index, f"{seat}.removed"),
        non_combat=builder.many(p.non_combat, index, f"{seat}.non_combat"),
        drills=builder.many(p.drills, index, f"{seat}.drills"),
        sensei_deck=builder.pile(p.sensei_deck, index, f"{seat}.sensei_deck"),
        tokui_waza=p.tokui_waza.value if p.tokui_waza else None,
    )  # fmt: skip
    if p.mastery is not None:
        player.mastery = builder.instance(p.mastery, index, f"{seat}.mastery")
    if p.sensei is not None:
        player.sensei = builder.instance(p.sensei, index, f"{seat}.sensei")
    for ally in p.allies:
        ally_spec = AllySpec(name=ally) if isinstance(ally, str) else ally
        player.allies.append(AllyInPlay(builder.instance(ally_spec.name, index, f"{seat}.allies"),
                                        ally_spec.stage))  # fmt: skip
    mp_card = builder.score_pool.find(p.main_personality[0])
    printed = mp_card.alignment.value if mp_card is not None and mp_card.alignment else None
    side = alignment_of((mp_card.personality or "") if mp_card is not None else "", printed)
    player.alignment = p.alignment or ("villain" if side == "villain" else "hero")
    return player


def _start(game: ScoreGame, start: StartSpec) -> None:
    """Start at `start.step` of the active player's turn, then run to the first decision."""
    state = game.state
    steps = game.rules.steps
    state.active = state.first_player = SEATS[start.active]
    state.turn = start.turn
    state.combat = start.combat or start.step == "attack"
    state.skip_combat = state.battleground is not None and start.step in ("power_up", "declare")
    if start.step == "draw":
        state.turn -= 1  # begin_turn counts the turn and starts at the Draw Step
        game.then(("begin_turn", {}))
    elif start.step == "attack":
        state.step = "combat"
        state.attacker = SEATS[start.attacker] if start.attacker else state.active
        game.then(("attack_phase", {}), ("step", {"index": steps.index("combat") + 1}))
    elif start.step not in steps:
        raise ScenarioError(f"start.step: {start.step!r} is not a step of {game.rules.name} "
                            f"({', '.join(steps)})")  # fmt: skip
    else:
        game.then(("step", {"index": steps.index(start.step)}))
    game.run()


def _dealt(spec: ScoreScenario, pool: CardPool) -> ScoreGame:
    """`start.step: setup`: each player's cards as a deck, set up by ScoreGame.new."""
    decks = []
    for seat in SEATS:
        p = spec.players[seat]  # type: ignore[index]
        life = Counter([*p.life_deck, *(c for c in (p.mastery, p.sensei) if c is not None)])
        decks.append(ScoreDeck(main_personality=tuple(p.main_personality), life=dict(life),
                               sensei_deck=dict(Counter(p.sensei_deck)),
                               tokui_waza=p.tokui_waza, alignment=p.alignment))  # fmt: skip
    return ScoreGame.new(decks, spec.seed, spec.ruleset, pool)


# --- state paths -------------------------------------------------------------------------------
def state_paths(game: ScoreGame) -> Iterator[tuple[str, Any]]:
    """Every state path a scenario may expect, with its current value."""
    state = game.state
    seat_names = {0: "p1", 1: "p2", None: None}
    yield "winner", seat_names[state.winner]
    yield "win_reason", state.win_reason
    yield "win_level", state.win_level
    yield "turn", state.turn
    yield "active", seat_names[state.active]
    yield "first_player", seat_names[state.first_player]
    yield "step", state.step
    yield "combat", state.combat
    there = state.battleground
    yield "battleground", None if there is None else game.name(there)
    for index, seat in ((0, "p1"), (1, "p2")):
        p = state.players[index]
        yield f"{seat}.level", p.level
        yield f"{seat}.stage", p.stage
        yield f"{seat}.anger", p.anger
        yield f"{seat}.main_personality", game.name(p.mp_card)
        yield f"{seat}.final_attack_used", p.final_attack_used
        piles = {
            "life_deck": list(reversed(p.life)),
            "hand": list(p.hand),
            "discard_pile": list(reversed(p.discard)),
            "removed": list(reversed(p.removed)),
            "non_combat": list(p.non_combat),
            "drills": list(p.drills),
            "dragon_balls": list(p.dragon_balls),
            "allies": [ally.iid for ally in p.allies],
        }
        for zone, iids in piles.items():
            yield f"{seat}.{zone}", [game.name(iid) for iid in iids]
            yield f"{seat}.{zone}.count", len(iids)
        for ally in p.allies:
            yield f"{seat}.ally.{game.name(ally.iid)}.stage", ally.stage
        yield f"{seat}.under_sword.count", len(p.fusion.sword) if p.fusion else 0
        yield f"{seat}.captured", [game.name(iid) for iid in p.dragon_balls
                                   if state.owners[iid] != index]  # fmt: skip
    pending = state.pending
    yield "pending.player", seat_names[pending.player] if pending else None
    yield "pending.kind", pending.kind if pending else None
    yield "pending.options", [o.label for o in pending.options] if pending else []


def check_expectations(game: ScoreGame, expect: dict[str, Any]) -> list[str]:
    return compare(dict(state_paths(game)), expect)


def run_score_scenario(path: Path) -> ScenarioResult:
    spec = load_score_scenario(path)
    return run_script(
        path,
        spec.name,
        lambda: build_game(spec, scenario_pool(spec, path)),
        lambda game: dict(state_paths(game)),
        spec.decisions,
        spec.expect,
    )
