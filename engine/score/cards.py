"""Score DBZ CCG and DBZ OCG cards as data: the pydantic card model and its YAML loader.

Card text stays text (the Score card-text compiler is later work); what deck building and
the rules need to know about a card (its type, personality, level, style, restrictions,
printed limits) are fields, validated on load. docs/score-cards.md documents the format.
Page numbers are the Score 2003 Buu Saga rulebook's.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from engine.core.yamlfile import safe_load

# p. 48 "Z Power Stages": a stage printed "Z" instead of a power rating
PowerRating = int | Literal["Z"]


class CardType(StrEnum):
    PERSONALITY = "personality"  # a Main Personality level or an Ally (p. 29)
    PHYSICAL_COMBAT = "physical_combat"
    ENERGY_COMBAT = "energy_combat"
    COMBAT = "combat"  # OCG: "Event"
    NON_COMBAT = "non_combat"  # OCG: "Setup"
    DRILL = "drill"
    DRAGON_BALL = "dragon_ball"
    BATTLEGROUND = "battleground"
    LOCATION = "location"
    SENSEI = "sensei"
    MASTERY = "mastery"


# OCG p. 33: "Combat cards are called Events", "Non-Combat / Non-Drill cards are called
# Setups"; a card file may use either name
TYPE_ALIASES = {"event": CardType.COMBAT, "setup": CardType.NON_COMBAT}
OCG_TYPE_NAMES = {CardType.COMBAT: "Event", CardType.NON_COMBAT: "Setup"}


class Style(StrEnum):
    """p. 29 "Martial Arts Styles", from the first word of a card's title; Freestyle is
    "NOT a Martial Arts Style" (p. 46), only the absence of one."""

    RED = "red"
    BLUE = "blue"
    ORANGE = "orange"
    BLACK = "black"
    SAIYAN = "saiyan"
    NAMEKIAN = "namekian"
    FREESTYLE = "freestyle"


class Alignment(StrEnum):
    HERO = "hero"
    VILLAIN = "villain"
    ROGUE = "rogue"  # p. 37 "Rogue Personality Rule": hero or villain as declared


class DragonBallSet(StrEnum):
    # p. 42: "There are 3 types of Dragon Balls: Earth, Namek and Dende"
    EARTH = "earth"
    NAMEK = "namek"
    DENDE = "dende"


def fold(name: str) -> str:
    """A name compared without case, spaces or punctuation ("Kid Trunks" = "kid trunks")."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def title_style(title: str) -> Style:
    """p. 46 "REMEMBER: The first word in a card title is what determines the Martial Arts
    Style of the card"; any other first word is Freestyle."""
    # a word's letters and apostrophes: "Saiyan's" is not "Saiyan"
    words = re.findall("[A-Za-z'\u2019]+", title)
    first = words[0].casefold() if words else ""
    try:
        style = Style(first)
    except ValueError:
        return Style.FREESTYLE
    return style


class _Strict(BaseModel):
    # strict: a level written "2" or a flag written "yes" is a mistake in the file, not a
    # value to guess; enum fields alone take their YAML strings (strict=False on them)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class DragonBall(_Strict):
    set: DragonBallSet = Field(strict=False)
    number: int = Field(ge=1, le=7)


class Only(_Strict):
    """A "____ only" phrase of the power text (p. 52 "'___ only' Effects"): who may use
    the card. All given parts are listed alternatives ("Goku and Gohan only")."""

    personalities: list[str] = []  # exact names (p. 56: "must match their names exactly")
    alignment: Literal["hero", "villain"] | None = None  # "Heroes only" / "Villains only"
    # p. 52 "Saiyan / Namekian Heritage Rule"; "Villains, Goku and Gohan only" is "Saiyan
    # Heritage only" and is written so
    heritage: Literal["saiyan", "namekian"] | None = None

    @model_validator(mode="after")
    def _says_something(self) -> Only:
        if not (self.personalities or self.alignment or self.heritage):
            raise ValueError("`only` names personalities, an alignment or a heritage")
        return self


_PERSONALITY_FIELDS = ("personality", "level", "alignment", "pur", "power_stages")
_PERSONALITY_FLAGS = ("high_tech", "fusion", "majin")


class Card(_Strict):
    name: str = Field(min_length=1)  # unique in a pool; may add a set to the title
    title: str = ""  # as printed; defaults to `name`
    type: CardType = Field(strict=False)
    text: str = ""  # the power text, kept as printed
    # --- personality cards (p. 29)
    personality: str | None = None  # the character: "Goku", "Future Gohan"
    level: int | None = Field(default=None, ge=1, le=5)
    alignment: Alignment | None = Field(default=None, strict=False)
    pur: int | Literal["X"] | None = None  # p. 56: Majin Yakon's PUR of X
    power_stages: list[PowerRating] = []  # lowest stage above 0 first
    high_tech: bool = False  # p. 21 set-up: High-Tech foil personality card
    fusion: bool = False  # p. 56 "Fusion": a Fusion Personality card
    # p. 53 "Fusion": the 2 personalities a Fusion Personality card is for ("Gotenks":
    # Goten and Kid Trunks); without them the referee cannot fuse the card
    fuses: list[str] = []
    majin: bool = False  # p. 47: "Majins can only be in a deck with a Majin MP"
    # --- other kinds
    dragon_ball: DragonBall | None = None
    sensei_deck_size: int | None = Field(default=None, ge=0)  # p. 45, on Sensei cards
    # --- marks any card may carry
    named: str | None = None  # p. 29: the personality named in the title
    only: Only | None = None
    # p. 45: "Sensei Deck" / "Sensei Deck only" in the power text
    sensei_mark: Literal["sensei_deck", "sensei_deck_only"] | None = None
    limit_per_deck: int | None = Field(default=None, ge=1)  # p. 47 "Limit 1 per deck"
    endurance: int | Literal["X"] | None = None  # p. 49; "Endurance X" p. 56
    empower: int | None = Field(default=None, ge=1)  # p. 53
    remain: int | None = Field(default=None, ge=1)  # OCG p. 33 "Remain X"

    @field_validator("type", mode="before")
    @classmethod
    def _type_alias(cls, value: object) -> object:
        if isinstance(value, str):
            key = value.strip().casefold().replace("-", "_").replace(" ", "_")
            return TYPE_ALIASES.get(key, key)
        return value

    @field_validator("endurance")
    @classmethod
    def _endurance_positive(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, int) and value < 1:
            raise ValueError("Endurance is at least 1")
        return value

    @model_validator(mode="before")
    @classmethod
    def _title_defaults_to_name(cls, data: object) -> object:
        if isinstance(data, dict) and not data.get("title") and "name" in data:
            return {**data, "title": data["name"]}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        self._check_personality()
        if (self.dragon_ball is not None) != (self.type == CardType.DRAGON_BALL):
            raise ValueError("`dragon_ball` (set and number) is set exactly on Dragon Ball cards")
        if (self.sensei_deck_size is not None) != (self.type == CardType.SENSEI):
            raise ValueError("`sensei_deck_size` is set exactly on Sensei cards")
        # p. 40: "Drills are Non-Combat cards with the word 'Drill' in the title"
        if (self.type == CardType.DRILL) != bool(re.search(r"\bdrill\b", self.title, re.I)):
            raise ValueError("a card is a `drill` exactly when its title has the word Drill")
        if self.named is not None and fold(self.named) not in fold(self.title):
            raise ValueError(f"`named` {self.named!r} is not in the title {self.title!r}")
        if self.fuses and (not self.fusion or len(self.fuses) != 2):
            raise ValueError("`fuses` names the 2 personalities of a Fusion Personality card")
        if self.type == CardType.PERSONALITY and self.named is not None:
            raise ValueError("`named` is for non-personality cards (p. 29 Named cards)")
        return self

    def _check_personality(self) -> None:
        if self.type == CardType.PERSONALITY:
            missing = [f for f in _PERSONALITY_FIELDS if getattr(self, f) in (None, [])]
            if missing:
                raise ValueError(f"a personality card needs {', '.join(missing)}")
            # Score personality cards print a ladder of 10 or more power ratings
            if len(self.power_stages) < 10:
                raise ValueError(
                    f"`power_stages` has {len(self.power_stages)} values; "
                    "a personality prints 10 or more"
                )
            ratings = [r for r in self.power_stages if isinstance(r, int)]
            if any(r < 0 for r in ratings) or ratings != sorted(ratings):
                raise ValueError("`power_stages` are power ratings rising from the lowest")
            return
        given = [f for f in _PERSONALITY_FIELDS if getattr(self, f) not in (None, [])]
        given += [f for f in _PERSONALITY_FLAGS if getattr(self, f)]
        if given:
            raise ValueError(f"{', '.join(given)}: only personality cards have these")

    @property
    def style(self) -> Style:
        """The Martial Arts Style (p. 46); personality cards belong to none."""
        if self.type == CardType.PERSONALITY:
            return Style.FREESTYLE
        return title_style(self.title)

    @property
    def styled(self) -> bool:
        return self.style != Style.FREESTYLE

    @property
    def straining(self) -> bool:
        """p. 29: "Straining Move cards are Freestyle cards that have the word 'Straining'
        in the title"."""
        return bool(re.search(r"\bstraining\b", self.title, re.I))

    def type_name(self, ocg: bool = False) -> str:
        """The type as the ruleset's rulebook prints it."""
        if ocg and self.type in OCG_TYPE_NAMES:
            return OCG_TYPE_NAMES[self.type]
        return self.type.value.replace("_", "-").title()


# the Score family's sandbox set, written by us (docs/score-cards.md)
SANDBOX_DIR = Path(__file__).resolve().parents[2] / "data" / "cards" / "score"


class CardPool:
    """Cards by name, found without case or punctuation."""

    def __init__(self, cards: list[Card]) -> None:
        self._by_name: dict[str, Card] = {}
        for card in cards:
            key = fold(card.name)
            if key in self._by_name:
                raise ValueError(f"duplicate card name {card.name!r}")
            self._by_name[key] = card

    def find(self, name: str) -> Card | None:
        return self._by_name.get(fold(name))

    def names(self) -> list[str]:
        """Every card's name, as written in the card files."""
        return [card.name for card in self._by_name.values()]

    def __len__(self) -> int:
        return len(self._by_name)


class CardFileError(ValueError):
    """A card file that does not match the model; the message names file, card and field."""


def load_card_file(path: Path) -> list[Card]:
    """The cards of one YAML file (a list of cards); every card's errors are reported at
    once, each as `card 'name': field: message`."""
    try:
        raw = safe_load(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        raise CardFileError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, list):
        raise CardFileError(f"{path}: expected a list of cards")
    try:
        return _CARD_LIST.validate_python(raw)
    except ValidationError as exc:
        lines = [_located(raw, error) for error in exc.errors()]
        raise CardFileError(f"{path}: " + "; ".join(lines)) from exc


_CARD_LIST = TypeAdapter(list[Card])


def _located(raw: list[object], error: ErrorDetails) -> str:
    """ "card 'Bad Kick': level: message": the card by its name (or number), then the field
    (a whole-card check has none)."""
    index, *where = error["loc"]
    entry = raw[index] if isinstance(index, int) else None
    name = entry.get("name") if isinstance(entry, dict) else None
    label = repr(name) if name else f"#{index + 1 if isinstance(index, int) else index}"
    message = error["msg"].removeprefix("Value error, ")
    field = ".".join(str(part) for part in where)
    return f"card {label}: {field}: {message}" if field else f"card {label}: {message}"


def load_pool(directory: Path, *more: Path) -> CardPool:
    """Every *.yaml card file under `directory` (and the other folders given: imported
    sets beside the sandbox); one name may not be two cards."""
    cards: list[Card] = []
    for folder in (directory, *more):
        for path in sorted(folder.glob("*.yaml")):
            cards.extend(load_card_file(path))
    return CardPool(cards)
