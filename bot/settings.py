"""Bot settings: read from `.env` (python-dotenv) and the environment, validated with
pydantic. Every key is documented in .env.example; the real environment wins over .env."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from dotenv import dotenv_values
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message names the key."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("var/scouter.db")
    dev_guild_id: int | None = None  # sync commands to this guild only (instant, for development)
    decision_timeout_minutes: float = Field(default=10.0, gt=0, le=24 * 60)
    log_level: LogLevel = "INFO"
    # Processes drawing images (None: one per core; 0: threads in the bot's process).
    render_processes: int | None = Field(default=None, ge=0, le=64)

    @field_validator("discord_token", "dev_guild_id", "render_processes", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None

    @property
    def decision_timeout_seconds(self) -> float:
        return self.decision_timeout_minutes * 60


KEYS = {
    "DISCORD_TOKEN": "discord_token",
    "DATABASE_PATH": "database_path",
    "DEV_GUILD_ID": "dev_guild_id",
    "DECISION_TIMEOUT_MINUTES": "decision_timeout_minutes",
    "LOG_LEVEL": "log_level",
    "RENDER_PROCESSES": "render_processes",
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
            problems.append(f"{key}: {error['msg']}")
        raise SettingsError("invalid settings in .env: " + "; ".join(problems)) from None
