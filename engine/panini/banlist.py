"""Banned and restricted lists, one data file per ruleset (data/banlists/<ruleset>.yaml).
A server's organisers edit the file; deck checks then name the entry and its reason."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.yamlfile import safe_load
from engine.panini.cards import DATA_DIR

BANLIST_DIR = DATA_DIR / "banlists"


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    reason: str = ""


class Restricted(_Entry):
    max: int = Field(ge=1)  # copies allowed in a deck


class Banlist(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str = ""  # the announcement or date the list follows
    banned: tuple[_Entry, ...] = ()
    restricted: tuple[Restricted, ...] = ()


class BanlistError(ValueError):
    """A banlist file that cannot be read; the message names the file and the problem."""


@cache
def load_banlist(ruleset: str, directory: Path = BANLIST_DIR) -> Banlist:
    """The list for `ruleset`; no file means nothing is banned or restricted."""
    path = directory / f"{ruleset}.yaml"
    if not path.is_file():
        return Banlist()
    try:
        data = safe_load(path.read_text(encoding="utf-8")) or {}
        return Banlist.model_validate(data)
    except (yaml.YAMLError, ValidationError, OSError) as exc:
        raise BanlistError(f"{path}: {exc}") from None
