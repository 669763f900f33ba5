"""Bot settings: read from `.env` (python-dotenv) and the environment, validated with
pydantic. Every key is documented in .env.example; the real environment wins over .env."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from dotenv import dotenv_values
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from bot.db import POSTGRES_SCHEMES, SQLITE_URL, is_postgres, sqlite_path

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message names the key."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("var/scouter.db")
    # Wins over database_path: sqlite:///path (the default's form) or postgresql://...
    database_url: str | None = None
    dev_guild_id: int | None = None  # sync commands to this guild only (instant, for development)
    decision_timeout_minutes: float = Field(default=10.0, gt=0, le=24 * 60)
    log_level: LogLevel = "INFO"
    # Processes drawing images (None: one per core; 0: threads in the bot's process).
    render_processes: int | None = Field(default=None, ge=0, le=64)
    # Sharding: this process serves shards `shard_ids` of `shard_count` (None: Discord's
    # one shard, or as many as it recommends when only shard_count is unset).
    shard_count: int | None = Field(default=None, ge=1, le=4096)
    shard_ids: tuple[int, ...] | None = None

    @field_validator("discord_token", "dev_guild_id", "render_processes", "database_url",
                     "shard_count", "shard_ids", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _id_list(cls, value: object) -> object:
        if isinstance(value, str) and value.strip():
            try:
                return tuple(int(part) for part in value.replace(" ", "").split(","))
            except ValueError:
                raise ValueError("a comma-separated list of shard numbers, e.g. 0,1") from None
        return None if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith((SQLITE_URL, *POSTGRES_SCHEMES)):
            raise ValueError("sqlite:///path/to/file.db or postgresql://user@host/database")
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"SHARD_IDS must be numbers from 0 to {self.shard_count - 1}")
        return self

    @property
    def database(self) -> Path | str:
        """What bot.db.Database.open takes: a PostgreSQL URL or the SQLite file."""
        if self.database_url is None:
            return self.database_path
        return self.database_url if is_postgres(self.database_url) else \
            sqlite_path(self.database_url)

    @property
    def postgres(self) -> bool:
        return self.database_url is not None and is_postgres(self.database_url)

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None

    @property
    def decision_timeout_seconds(self) -> float:
        return self.decision_timeout_minutes * 60


KEYS = {
    "DISCORD_TOKEN": "discord_token",
    "DATABASE_PATH": "database_path",
    "DATABASE_URL": "database_url",
    "DEV_GUILD_ID": "dev_guild_id",
    "DECISION_TIMEOUT_MINUTES": "decision_timeout_minutes",
    "LOG_LEVEL": "log_level",
    "RENDER_PROCESSES": "render_processes",
    "SHARD_COUNT": "shard_count",
    "SHARD_IDS": "shard_ids",
}


def load_settings(
    environ: Mapping[str, str] | None = None, dotenv: Path = Path(".env")
) -> Settings:
    """Settings from `dotenv` overridden by `environ` (the process environment by
    default). Raises SettingsError naming the key of any invalid value."""
    raw: dict[str, str] = {}
    if dotenv.is_file():
        raw.update({k: v for k, v in dotenv_values(dotenv).items() if v is not None})
    raw.update(os.environ if environ is None else environ)
    fields = {field: raw[key] for key, field in KEYS.items() if key in raw}
    try:
        return Settings.model_validate(fields)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else "?"
            key = next((k for k, f in KEYS.items() if f == field), field)
            problems.append(f"{key}: {error['msg']}" if error["loc"] else error["msg"])
        raise SettingsError("invalid settings in .env: " + "; ".join(problems)) from None
