"""What every family's scenario files share (docs/scenarios.md): loading the YAML safely
with each mistake named by its line, choosing a decision's option by its label, playing
the scripted decisions with checkpoints, and checking dotted expectations ("p2.stage: 4")
against the state paths a family lists. A family writes only its state (the players'
zones, where the game starts) and its state paths.

Players are "p1" and "p2" as the CLI names them ("Player 1", "Player 2")."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core.decisions import Decision
from engine.core.family import FamilyGame
from engine.core.yamlfile import safe_load

SEATS = {"p1": 0, "p2": 1}
Seat = Literal["p1", "p2"]
M = TypeVar("M", bound=BaseModel)
G = TypeVar("G", bound=FamilyGame)


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DecisionSpec(Model):
    player: Seat
    option: str


class Checkpoint(Model):
    expect: dict[str, Any]


class ScenarioError(ValueError):
    """A malformed scenario file; the message names the file, the line and what was
    expected."""


@dataclass
class ScenarioResult:
    path: str
    name: str
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


# --- loading --------------------------------------------------------------------------------
def _line_of(node: yaml.Node, loc: tuple[int | str, ...]) -> int:
    """The 1-based line in the YAML source of the value at pydantic location `loc`."""
    for key in loc:
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if k.value == key), None)
            if match is None:
                break
            node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int):
            if key >= len(node.value):
                break
            node = node.value[key]
        else:
            break
    return node.start_mark.line + 1


MAX_DEPTH = 50  # scenarios nest a few levels; YAML's composer recurses once per level
MAX_DIGITS = 100  # int() refuses more than 4,300 digits with a message for developers
_COLLECTION_EVENTS = {yaml.SequenceStartEvent: 1, yaml.MappingStartEvent: 1,
                      yaml.SequenceEndEvent: -1, yaml.MappingEndEvent: -1}  # fmt: skip


def _screen(text: str, path: Path) -> None:
    """Refuse, from YAML's event stream and before anything is built, what would crash
    the loader or flood it: anchors and aliases (a few lines can stand for billions of
    values), deep nesting and numbers longer than int() takes."""
    depth = 0
    for event in yaml.parse(text):
        mark = event.start_mark
        where = f"{path}: line {mark.line + 1 if mark is not None else 1}"
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise ScenarioError(f"{where}: anchors and aliases (&name, *name) are not accepted")
        depth += _COLLECTION_EVENTS.get(type(event), 0)
        if depth > MAX_DEPTH:
            raise ScenarioError(f"{where}: nested more than {MAX_DEPTH} levels deep")
        digits = _longest_number(event)
        if digits > MAX_DIGITS:
            raise ScenarioError(f"{where}: a number with {digits:,} digits is not a usable value")


def _longest_number(event: yaml.Event) -> int:
    """The most digits in a row of an unquoted value (one YAML may read as a number)."""
    if not isinstance(event, yaml.ScalarEvent) or event.style is not None:
        return 0
    return max(map(len, re.findall(r"\d+", event.value.replace("_", ""))), default=0)


def load_model(path: Path, model: type[M]) -> M:
    """The scenario file at `path` as `model`, or a ScenarioError naming each mistake's
    line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot read: {exc}") from exc
    try:
        _screen(text, path)
        root = yaml.compose(text)
        raw = safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise ScenarioError(f"{path}: {where}not valid YAML ({exc})") from exc
    if root is None or not isinstance(raw, dict):
        raise ScenarioError(f"{path}: line 1: expected a mapping with name, source, players")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        lines = []
        for error in exc.errors():
            loc = tuple(error["loc"])
            where = ".".join(str(part) for part in loc) or "(top)"
            lines.append(f"{path}: line {_line_of(root, loc)}: {where}: {error['msg']}")
        raise ScenarioError("\n".join(lines)) from exc


def scenario_paths(paths: list[Path]) -> list[Path]:
    """Files as given; directories expand to their *.yaml files, sorted."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return found


# --- decisions and expectations -----------------------------------------------------------------
def find_option(decision: Decision, wanted: str) -> str | None:
    """An option by exact label (any case), by id, or by a unique label prefix."""
    folded = wanted.strip().casefold()
    for option in decision.options:
        if option.label.casefold() == folded or option.id == wanted:
            return option.id
    prefixed = [o.id for o in decision.options if o.label.casefold().startswith(folded)]
    return prefixed[0] if len(prefixed) == 1 else None


def compare(values: Mapping[str, Any], expect: Mapping[str, Any]) -> list[str]:
    """Each expectation `values` does not meet: "path: expected X, got Y". Besides the
    paths themselves: `pending.options_include` / `_exclude` (labels) and
    `<path>.count_at_least`."""
    failures = []
    for path, wanted in expect.items():
        if path in ("pending.options_include", "pending.options_exclude"):
            labels = values["pending.options"]
            for label in wanted:
                present = label in labels
                if present != path.endswith("include"):
                    verb = "missing" if path.endswith("include") else "present"
                    failures.append(f"{path}: option {label!r} {verb}; options are {labels}")
            continue
        if path.endswith(".count_at_least"):
            actual = values.get(path.replace("_at_least", ""))
            if actual is None or actual < wanted:
                failures.append(f"{path}: expected at least {wanted}, got {actual}")
            continue
        if path not in values:
            failures.append(f"{path}: not a state path (see docs/scenarios.md)")
            continue
        if values[path] != wanted:
            failures.append(f"{path}: expected {wanted!r}, got {values[path]!r}")
    return failures


Check = Callable[[dict[str, Any]], list[str]]  # expectations -> failures


def play_script(game: FamilyGame, steps: list[dict[str, Any]],
                check: Check) -> tuple[list[str], bool]:  # fmt: skip
    """Answer the scripted decisions in order (`- p1: Option label`), checking each
    `- expect: {...}` checkpoint with `check`: the failures, and whether every decision
    was made (the first that cannot be made stops the script)."""
    failures: list[str] = []
    for number, step in enumerate(steps, start=1):
        if "expect" in step:
            failed = check(Checkpoint.model_validate(step).expect)
            failures += [f"checkpoint before decision {number}: {f}" for f in failed]
            continue
        try:
            decision_spec = _decision_spec(step)
        except ValueError as exc:
            return [*failures, f"decision {number}: {exc}"], False
        pending = game.pending
        if pending is None:
            return [*failures, f"decision {number}: the game is over, nothing to decide"], False
        seat = SEATS[decision_spec.player]
        option = find_option(pending, decision_spec.option)
        if seat != pending.player or option is None:
            labels = [o.label for o in pending.options]
            return [*failures, f"decision {number}: {decision_spec.player} cannot choose "
                    f"{decision_spec.option!r}; pending is {pending.kind} for "
                    f"p{pending.player + 1} with options {labels}"], False  # fmt: skip
        outcome = game.apply(seat, option, pending.seq)
        if not outcome.ok:
            return [*failures, f"decision {number}: rejected: {outcome.reason}"], False
    return failures, True


def _decision_spec(step: dict[str, Any]) -> DecisionSpec:
    """A decision is written `- p1: Option label` or `- {player: p1, option: ...}`."""
    if set(step) <= {"p1", "p2"} and len(step) == 1:
        ((seat, option),) = step.items()
        return DecisionSpec.model_validate({"player": seat, "option": str(option)})
    try:
        return DecisionSpec.model_validate(step)
    except ValidationError as exc:
        raise ValueError(f"expected `p1: <option>` or an expect checkpoint ({exc})") from exc


def run_script(
    path: Path,
    name: str,
    build: Callable[[], G],
    values: Callable[[G], dict[str, Any]],
    decisions: list[dict[str, Any]],
    expect: dict[str, Any],
) -> ScenarioResult:
    """Set up the game with `build`, play the scripted `decisions` and check `expect`
    against the state paths `values` lists: every failure, or none."""
    result = ScenarioResult(str(path), name)
    try:
        game = build()
    except (ScenarioError, ValueError, OSError) as exc:
        result.failures.append(f"cannot set up: {exc}")
        return result
    failures, finished = play_script(game, decisions, lambda wanted: compare(values(game), wanted))
    result.failures += failures
    if finished:
        result.failures += compare(values(game), expect)
    return result


# --- building a state ---------------------------------------------------------------------------
class _Card(Protocol):
    @property
    def name(self) -> str: ...


class _Pool(Protocol):
    def find(self, name: str) -> _Card | None: ...


class Instances:
    """The card instances of a scenario's state: names and owners by instance number, each
    name checked against the pool (any family's: `find(name)` and the card's `name`)."""

    def __init__(self, pool: _Pool) -> None:
        self.pool = pool
        self.cards: list[str] = []
        self.owners: list[int] = []

    def instance(self, name: str, owner: int, zone: str) -> int:
        card = self.pool.find(name)
        if card is None:
            raise ScenarioError(f"{zone}: unknown card {name!r}")
        self.cards.append(card.name)
        self.owners.append(owner)
        return len(self.cards) - 1

    def many(self, names: list[str], owner: int, zone: str) -> list[int]:
        return [self.instance(name, owner, zone) for name in names]
