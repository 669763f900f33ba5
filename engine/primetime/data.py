"""Prime Time's data as validated models: character profiles, deck cards and the table
cards (Location, Mission, Condition), read from YAML under data/primetime/ and checked on
load. The core rules (prime-time-core-rules.txt) refer to a character reference and a card
pool we do not have; docs/primetime-data.md documents the formats we define instead.

A file that does not fit raises DataError naming the file and the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "primetime"

# "Base Sizes": 35 mm standard, 50 mm giant forms
BaseSize = Literal[35, 50]
# the races and special bodies the core rules give rules to
Race = Literal["Saiyan", "Human", "Android", "Namekian", "Bio-Android", "Majin", "Wizard"]
TechniqueKind = Literal["melee", "ranged", "beam"]
# "KEYWORD GLOSSARY": attack keywords a technique may carry
ATTACK_KEYWORDS = frozenset(
    {"Beam", "Blast", "Piercing", "Impactful", "Planet-Shaker", "Unopposed", "Undeniable"}
)
# "Special Abilities & Traits" (and "Regeneration", "Fly"); "Absorb" takes a number
MODEL_KEYWORDS = frozenset({
    "Breakthrough", "Absorb", "Regeneration", "Fly", "Weighted Clothing", "Technical",
    "Incapable", "Saiyan", "Human", "Infinite Engine", "Support", "Devoted Support",
    "Joint Attack", "Open Ally", "Unaffiliated", "Expendable", "Leader Eligible",
    "Command Ability",
})  # fmt: skip
_KEYWORD = re.compile(r"^(?P<name>[A-Za-z -]+?)(?: (?P<value>\d+)\"?)?$")


class DataError(ValueError):
    """A data file that does not fit its format: the message names the file and field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_keywords(words: list[str], known: frozenset[str], what: str) -> None:
    for word in words:
        match = _KEYWORD.match(word)
        if match is None or match["name"] not in known:
            raise ValueError(f"unknown {what} keyword {word!r}: known are {sorted(known)}")


# "Model States" a technique or a card may apply (engine.primetime.lasting; Majin Brand:
# Babidi's Command Ability, PT-53)
AppliedState = Literal["bound", "petrified", "showboating", "confection", "majin-brand"]


class StateEffect(_Model):
    """A state applied to a model; with `save`, the model resists it with D20 + that stat
    at or over `at` (Chocolate Beam: "FOC check >= 16, failure")."""

    name: AppliedState
    save: Literal["imp", "foc", "rfx", "spr"] | None = None
    at: int | None = None

    @model_validator(mode="after")
    def _pair(self) -> StateEffect:
        if (self.save is None) != (self.at is None):
            raise ValueError("save and at go together")
        return self


class Technique(_Model):
    name: str
    kind: TechniqueKind  # melee uses IMP, ranged and beam use FOC
    range: float = Field(gt=0)  # inches, base edge to base edge; melee is 1"
    damage: int = Field(ge=0)
    bk: int = Field(default=0, ge=0)  # Battle Ki cost
    keywords: list[str] = []
    state: StateEffect | None = None  # applied to the target it hits

    @model_validator(mode="after")
    def _known(self) -> Technique:
        _check_keywords(self.keywords, ATTACK_KEYWORDS, "attack")
        if self.kind == "melee" and self.range != 1:
            raise ValueError("a melee technique has range 1 (Melee Range 1\")")
        return self

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"


class Tier(_Model):
    """One tier of a profile: Base is tier 0 ("SK Tax by Tier")."""

    name: str
    hp: int = Field(gt=0)
    move1: int = Field(gt=0)  # "Movement Values": the 1st Move is always higher
    move2: int = Field(gt=0)
    imp: int
    foc: int
    rfx: int
    spr: int | None = None  # may be missing ("Stat Fallback": treat as 10)
    res: int = Field(ge=0)
    oc: int = Field(default=1, ge=0)
    base: BaseSize = 35
    dissolution: int | None = Field(default=None, gt=0)  # Cell and Buu only
    techniques: list[Technique] = []

    @model_validator(mode="after")
    def _moves(self) -> Tier:
        if self.move1 <= self.move2:
            raise ValueError(f"move1 ({self.move1}) must be higher than move2 ({self.move2})")
        return self


class Passive(_Model):
    name: str
    text: str


class FusionProfile(_Model):
    """ "FUSION MECHANICS": the components, the methods, the roster card's Threat."""

    components: tuple[str, str]
    methods: list[Literal["dance", "potara"]] = Field(min_length=1)
    card_threat: int = Field(ge=0)  # "printed as +X Threat"


class SaibamenDeploy(_Model):
    """ "Saibamen are autonomous tokens deployed by Nappa (Capacity 3, within 6") and Raditz
    (Capacity 2, within 8")": a profile's Saibamen Deploy, as data (PT-55)."""

    capacity: int = Field(gt=0)
    within: float = Field(gt=0)  # inches from the deploying model, base edge to base edge


StatName = Literal["imp", "foc", "rfx", "spr", "res"]
# "Dende <-> any named character | Dende as support | Declare partner before the game
# begins. One partner per game." (PT-71)
ANY_PARTNER = "any"


class Merge(_Model):
    """ "Piccolo (Z-Fighter) <-> Nail | Merge pair | One-time only. Nail removed from game
    when Merge triggers. See Piccolo ZF profile." That profile is not ours: on the merging
    model's profile, what it gains when its `partner` is Dazed within `within` inches of
    it (PT-72): HP (its maximum too) and a stat, for the rest of the game."""

    partner: str
    within: float = Field(gt=0)
    hp: int = Field(default=0, ge=0, le=5)
    stat: StatName | None = None
    value: int = Field(default=0, ge=-3, le=3)
    text: str

    @model_validator(mode="after")
    def _gives(self) -> Merge:
        if (self.stat is None) != (self.value == 0):
            raise ValueError("stat and value go together")
        if not self.hp and self.stat is None:
            raise ValueError("a Merge gives HP or a stat")
        return self


class Character(_Model):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    race: Race
    threat: int = Field(ge=0)
    loyalty: dict[str, int] = {}  # "Affiliation Loyalty Discount": affiliation -> Threat
    affiliations: list[str] = []
    keywords: list[str] = []
    passives: list[Passive] = []
    sk_cap: int = Field(default=5, ge=0)
    devoted_partner: str | None = None  # "DEVOTED SUPPORT PAIRS"
    fusion: FusionProfile | None = None  # set on a Fused model's profile only
    tiers: list[Tier] = Field(min_length=1)
    command: CommandAbilities | None = None  # "Command Ability" (PT-48)
    saibamen: SaibamenDeploy | None = None  # "Saibamen Deploy" (engine.primetime.saibamen)
    merge: Merge | None = None  # a Merge pair's merging model (engine.primetime.merge)

    @model_validator(mode="after")
    def _rules(self) -> Character:
        _check_keywords(self.keywords, MODEL_KEYWORDS, "model")
        if len(self.tiers) > 4:
            raise ValueError("at most four tiers: Base, T1, T2, T3 (SK Tax by Tier)")
        if self.race == "Human" and len(self.tiers) > 1:
            raise ValueError("Humans do not transform (HUMAN RACE MECHANICS)")
        if (self.devoted_partner is not None) != ("Devoted Support" in self.keywords):
            raise ValueError("devoted_partner and the Devoted Support keyword go together")
        if self.command is not None and "Command Ability" not in self.keywords:
            raise ValueError("Command Abilities need the Command Ability keyword")
        if self.race == "Android" and "Infinite Engine" not in self.keywords:
            raise ValueError("an Android has Infinite Engine (Infinite Engine: Android passive)")
        return self

    def keyword(self, name: str) -> bool:
        return any(word == name or word.startswith(name + " ") for word in self.keywords)

    def threat_in(self, affiliation: str) -> int:
        return self.loyalty.get(affiliation, self.threat)


# who a card's effect reaches: the playing model, one friendly or enemy model (chosen,
# within `within` inches of the playing model), every friendly model (within `within`,
# if given), or the team's pool
CardTarget = Literal["self", "friend", "enemy", "friends", "team"]


class CardEffect(_Model):
    """What a deck card does, in words the referee knows (docs/primetime-data.md). Every
    field that is set applies, in this order: BK, HP, the stat, Staggered, SK drained, a
    Reposition, an attack; a Z-Reaction card's `evade` and `res` answer an attack."""

    target: CardTarget = "self"
    within: float | None = Field(default=None, gt=0)
    bk: int = Field(default=0, ge=0)  # the team gains it
    heal: int = Field(default=0, ge=0)  # HP recovered, up to the tier's maximum
    stat: StatName | None = None  # +value until the end of the round ("until end of round")
    value: int = 0
    stagger: bool = False
    drain: int = Field(default=0, ge=0)  # SK lost ("Surge Ki Drain Fallback" applies)
    reposition: float = Field(default=0, ge=0)  # "Reposition up to X"" (the playing model)
    technique: Technique | None = None  # an attack the playing model makes with the card
    state: StateEffect | None = None  # a state the target gains (engine.primetime.lasting)
    ascend: bool = False  # an emergency Ascension of the target (PT-51)
    # Z-Reaction cards ("Card Response"): a Z-Evasion with this bonus, or RES added
    # against the attack (no roll); `against` limits the attacks it answers
    evade: int | None = None
    res: int = Field(default=0, ge=0)
    against: Literal["any", "melee", "ranged", "beam"] = "any"

    @model_validator(mode="after")
    def _sense(self) -> CardEffect:
        if (self.stat is None) != (self.value == 0):
            raise ValueError("stat and value go together")
        if self.target in ("friend", "enemy") and self.within is None:
            raise ValueError(f"a card that chooses a {self.target} says `within` how far")
        if self.ascend and self.target != "self":
            raise ValueError("an emergency Ascension (`ascend`) is the playing model's own")
        return self


class LegacyGate(_Model):
    """ "Legacy Cards: ... Each has a trigger gate": what must have happened before the card
    may be played (PT-69); every field set must hold. The printed gates are not ours: these
    are the ones the referee can see."""

    from_round: int | None = Field(default=None, ge=2, le=4)  # from this round on
    # the model has been brought to half its HP or less by damage ("HP Burn ... Cannot
    # trigger ... Legacy cards")
    wounded: bool = False

    @model_validator(mode="after")
    def _some(self) -> LegacyGate:
        if self.from_round is None and not self.wounded:
            raise ValueError("a gate says what opens it: from_round or wounded")
        return self


class DeckCard(_Model):
    """A card of the 20-card deck ("Card Deck Mechanics": 10 Generic, 6 Character,
    4 Affiliation). A card without `effect` is shown but never offered to play."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    kind: Literal["generic", "character", "affiliation"]
    timing: Literal["action", "z-reaction", "persistent", "instant"]
    sk: int = Field(default=0, ge=0)  # Surge Ki to play it
    character: str | None = None  # character cards: whose
    affiliation: str | None = None  # affiliation cards: whose
    text: str
    effect: CardEffect | None = None
    # "Legacy Cards: Permanent upgrades placed beside the Human model's profile when
    # played. Never return to the deck." (its stat lasts for the game, PT-43)
    legacy: bool = False
    gate: LegacyGate | None = None  # a Legacy card's trigger gate (PT-69)
    hp: int = Field(default=0, ge=0, le=5)  # HP a Legacy card grants, restored at once

    @model_validator(mode="after")
    def _owner(self) -> DeckCard:
        if (self.kind == "character") != (self.character is not None):
            raise ValueError("a character card names its character, and only it does")
        if (self.kind == "affiliation") != (self.affiliation is not None):
            raise ValueError("an affiliation card names its affiliation, and only it does")
        reacts = self.effect is not None and (self.effect.evade is not None or self.effect.res)
        if self.effect is not None and bool(reacts) != (self.timing == "z-reaction"):
            raise ValueError("a z-reaction card, and only it, has `evade` or `res`")
        if self.legacy and self.timing not in ("action", "instant"):
            raise ValueError("a Legacy card is played as an action or an instant")
        if self.legacy and self.effect is not None and self.effect.target != "self":
            raise ValueError("a Legacy card upgrades the model that plays it (target: self)")
        if not self.legacy and (self.gate is not None or self.hp):
            raise ValueError("only a Legacy card has a gate or grants HP (`legacy: true`)")
        return self


class CommandAbilities(_Model):
    """ "Command Ability | ... Two abilities: one triggered (once/round), one
    once-per-game": each written as a card (its `effect`), used by the Leader (PT-48)."""

    round: DeckCard
    game: DeckCard

    @model_validator(mode="after")
    def _shape(self) -> CommandAbilities:
        for card in (self.round, self.game):
            effect = card.effect
            if effect is None or effect.technique is not None or card.timing == "z-reaction":
                raise ValueError("a Command Ability has an effect, no attack, no Z-Reaction")
        return self


Character.model_rebuild()

Level = Literal[0, 1, 2]  # "Altitude Levels": how tall a terrain piece is


class TerrainPiece(_Model):
    """A rectangle on the 30" board; size S/M/L from its longest side ("Terrain Sizing")."""

    name: str
    x: float
    y: float
    width: float = Field(gt=0)
    depth: float = Field(gt=0)
    level: Level = 0
    state: Literal["intact", "damaged", "rubble"] = "intact"


class Location(_Model):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    kind: Literal["location"] = "location"
    name: str
    deployment: float = Field(default=8, gt=0)  # depth of each zone from its short edge
    terrain: list[TerrainPiece] = Field(min_length=1)
    text: str


class Mission(_Model):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    kind: Literal["mission"] = "mission"
    name: str
    stage: Literal["opening", "escalation", "finale"]  # rounds 1, 2, 3-4
    objectives: list[tuple[float, float]] = Field(min_length=1)
    zoc: float = Field(default=3, gt=0)  # "ZOC: 3\" unless a Mission Card specifies"
    glory: int = Field(default=1, gt=0)  # Glory per objective controlled at Cleanup
    text: str


class Condition(_Model):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    kind: Literal["condition"] = "condition"
    name: str
    text: str
    # what the referee applies for the whole game ("Draw Condition Card"): a change to
    # every model's 1st Move, and a modifier to ranged attacks longer than `far` inches
    move1: int = 0
    far: float | None = Field(default=None, gt=0)
    far_modifier: int = 0


M = TypeVar("M", bound=BaseModel)
TableCard = Annotated[Location | Mission | Condition, Field(discriminator="kind")]


def _where(error: ValidationError) -> str:
    first = error.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "(top)"
    return f"{field}: {first['msg']}"


def read_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"{path.name}: {exc}") from exc


def load_list(path: Path, model: type[M]) -> list[M]:
    """The items of a YAML list file, each validated; errors name the file, item and field."""
    return validate_list(read_yaml(path), model, path.name)


def validate_list(raw: Any, model: type[M], where: str) -> list[M]:
    """`raw` (read YAML) as a list of `model` entries; errors name `where`, the entry and
    the field."""
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of {model.__name__} entries")
    items = []
    for index, entry in enumerate(raw):
        try:
            items.append(model.model_validate(entry))
        except ValidationError as exc:
            name = entry.get("id", index) if isinstance(entry, dict) else index
            raise DataError(f"{where}: entry {name}: {_where(exc)}") from exc
    return items
