"""Settings for storage and sharding (issue 17, "Past one machine"): DATABASE_URL chooses
SQLite or PostgreSQL, SHARD_COUNT / SHARD_IDS the shards a process serves, and the
SQLite-only backup commands refuse PostgreSQL with a message."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import ScouterBot, ShardedScouterBot, create_bot, shard_options
from bot.cli import main
from bot.settings import Settings, SettingsError, load_settings

NO_FILE = Path("/nonexistent/.env")


def settings(**environ: str) -> Settings:
    return load_settings(environ, NO_FILE)


def test_database_url_chooses_the_backend() -> None:
    assert settings().database == Path("var/scouter.db")
    assert settings(DATABASE_PATH="x/y.db").database == Path("x/y.db")
    assert settings(DATABASE_URL="sqlite:///data/s.db").database == Path("data/s.db")
    assert settings(DATABASE_URL="sqlite:////srv/s.db").database == Path("/srv/s.db")
    pg = settings(DATABASE_URL="postgresql://scouter@db/scouter", DATABASE_PATH="x.db")
    assert pg.database == "postgresql://scouter@db/scouter" and pg.postgres
    assert settings(DATABASE_URL="").database == Path("var/scouter.db")
    with pytest.raises(SettingsError, match=r"DATABASE_URL: .*postgresql://"):
        settings(DATABASE_URL="mysql://db/scouter")


def test_shard_settings_are_checked_and_passed_to_discord() -> None:
    assert shard_options(settings()) == {}
    one = settings(SHARD_COUNT="4", SHARD_IDS="2")
    assert shard_options(one) == {"shard_count": 4, "shard_id": 2}
    several = settings(SHARD_COUNT="4", SHARD_IDS="0, 3")
    assert shard_options(several) == {"shard_count": 4, "shard_ids": [0, 3]}
    assert shard_options(settings(SHARD_COUNT="4")) == {"shard_count": 4, "shard_ids": None}
    for bad, message in (({"SHARD_IDS": "1"}, "needs SHARD_COUNT"),
                         ({"SHARD_IDS": "0,4", "SHARD_COUNT": "4"}, "from 0 to 3"),
                         ({"SHARD_IDS": "one", "SHARD_COUNT": "4"}, "comma-separated"),
                         ({"SHARD_COUNT": "0"}, "SHARD_COUNT")):
        with pytest.raises(SettingsError, match=message):
            settings(**bad)


def test_a_process_serves_the_servers_on_its_shards() -> None:
    # Discord sends a server's events to shard (guild_id >> 22) % shard_count.
    one = ScouterBot(settings(SHARD_COUNT="2", SHARD_IDS="1"), pool=object())  # type: ignore[arg-type]
    assert one.shard_id == 1 and one.shard_count == 2
    assert one.owns_guild(1 << 22) and not one.owns_guild(2 << 22)
    assert ScouterBot(settings(), pool=object()).owns_guild(2 << 22)  # type: ignore[arg-type]
    several = create_bot(settings(SHARD_COUNT="4", SHARD_IDS="0,3"), pool=object())
    assert isinstance(several, ShardedScouterBot) and several.shard_ids == [0, 3]
    assert several.owns_guild(3 << 22) and not several.owns_guild(1 << 22)
    assert type(create_bot(settings(), pool=object())) is ScouterBot


def test_sqlite_backups_refuse_postgresql(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://scouter@127.0.0.1:1/scouter")
    for command in (["db", "backup", str(tmp_path / "b.db")],
                    ["db", "restore", str(tmp_path / "b.db")]):
        assert main(command) == 2
        assert "pg_dump" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []  # nothing written
