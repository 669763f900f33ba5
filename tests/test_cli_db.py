"""`scouter db backup|restore`, and what SQLite guarantees the bot after a crash: backups
taken while another connection writes, a restore round trip, refused restores that change
nothing, and a writer killed before COMMIT leaving no partial write."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot import backups
from bot.cli import main
from bot.db import Database
from bot.migrations import MIGRATIONS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A migrated Scouter database with two committed rows in `meta`, found through
    DATABASE_PATH (run from tmp_path so no developer .env is read)."""
    path = tmp_path / "var" / "scouter.db"

    async def create() -> None:
        db = await Database.open(path)
        async with db.write() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('a', '1'), ('b', '2')")
        await db.close()

    asyncio.run(create())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    return path


def meta(path: Path) -> dict[str, str]:
    connection = sqlite3.connect(path)
    try:
        return dict(connection.execute("SELECT key, value FROM meta").fetchall())
    finally:
        connection.close()


def set_meta(path: Path, key: str, value: str) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
    connection.close()


def scouter(*argv: str) -> int:
    return main(["db", *argv])


def test_backup_while_a_write_transaction_is_open(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO meta (key, value) VALUES ('uncommitted', 'x')")
    try:
        assert scouter("backup", str(tmp_path / "copy.db")) == 0
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert "Backed up" in capsys.readouterr().out
    copy = tmp_path / "copy.db"
    assert meta(copy) == {"a": "1", "b": "2"}  # committed data only
    assert backups.check_backup(copy) is None
    assert not list(tmp_path.glob(".*.partial"))


def test_backup_while_writes_continue(database: Path, tmp_path: Path) -> None:
    stop = threading.Event()
    written: list[int] = []

    def keep_writing() -> None:
        connection = sqlite3.connect(database, isolation_level=None, timeout=5)
        number = 0
        while not stop.is_set():
            number += 1
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO meta (key, value) VALUES (?, 'w')", (f"w{number}",))
            connection.execute("COMMIT")
            written.append(number)
        connection.close()

    thread = threading.Thread(target=keep_writing)
    thread.start()
    try:
        while len(written) < 20:
            threading.Event().wait(0.01)
        codes = [scouter("backup", str(tmp_path / f"copy{i}.db")) for i in range(3)]
    finally:
        stop.set()
        thread.join()
    assert codes == [0, 0, 0]
    for i in range(3):
        copy = tmp_path / f"copy{i}.db"
        assert backups.check_backup(copy) is None
        rows = meta(copy)
        writes = sorted(int(key[1:]) for key in rows if key.startswith("w"))
        # a consistent snapshot: a prefix of the committed writes, nothing half-done
        assert writes == list(range(1, len(writes) + 1)) and len(writes) >= 20
        assert rows["a"] == "1"


def test_backup_refusals(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "copy.db"
    target.write_text("keep me")
    assert scouter("backup", str(target)) == 1
    assert "already exists" in capsys.readouterr().out and target.read_text() == "keep me"
    assert scouter("backup", str(target), "--force") == 0
    assert meta(target) == {"a": "1", "b": "2"}
    folder = tmp_path / "backups"
    folder.mkdir()
    assert scouter("backup", str(folder)) == 0  # a folder: a timestamped file in it
    assert len(list(folder.glob("scouter-*.db"))) == 1
    assert scouter("backup", str(tmp_path / "copy2.db"), "--database",
                   str(tmp_path / "missing.db")) == 1
    assert "there is no database" in capsys.readouterr().out
    assert not (tmp_path / "missing.db").exists()


def test_restore_round_trip_keeps_the_old_file(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copy.db"
    assert scouter("backup", str(copy)) == 0
    set_meta(database, "a", "changed after the backup")
    set_meta(database, "c", "new")
    assert scouter("restore", str(copy)) == 0
    assert "Restored" in capsys.readouterr().out
    assert meta(database) == {"a": "1", "b": "2"}
    kept = database.with_name("scouter.db.bak")
    assert meta(kept) == {"a": "changed after the backup", "b": "2", "c": "new"}

    async def reopen() -> int:  # the bot starts on the restored file as usual
        db = await Database.open(database)
        try:
            return await db.user_version()
        finally:
            await db.close()

    assert asyncio.run(reopen()) == len(MIGRATIONS)


def test_restore_into_a_fresh_location(database: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    assert scouter("backup", str(copy)) == 0
    fresh = tmp_path / "fresh.db"
    assert scouter("restore", str(copy), "--database", str(fresh)) == 0
    assert meta(fresh) == {"a": "1", "b": "2"}
    assert not fresh.with_name("fresh.db.bak").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not an SQLite database"),
        (b"just some text\n" * 100, "not an SQLite database"),
        (os.urandom(4096), "not an SQLite database"),
        ("corrupt", "damaged"),
        ("empty-sqlite", "not a Scouter database"),
        ("future", "newer than this Scouter knows"),
    ],
)
def test_restore_refuses_a_bad_backup_and_changes_nothing(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    content: bytes | str, message: str,
) -> None:
    bad = tmp_path / "bad.db"
    if content == "corrupt":
        assert scouter("backup", str(bad)) == 0
        capsys.readouterr()
        data = bytearray(bad.read_bytes())
        page = 4096
        assert len(data) > 3 * page
        data[page + 8 : page * 3] = os.urandom(page * 2 - 8)  # scramble b-tree pages
        bad.write_bytes(bytes(data))
    elif content == "empty-sqlite":
        sqlite3.connect(bad).execute("CREATE TABLE t (x)").connection.close()
    elif content == "future":
        assert scouter("backup", str(bad)) == 0
        capsys.readouterr()
        connection = sqlite3.connect(bad, isolation_level=None)
        connection.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
        connection.close()
    else:
        assert isinstance(content, bytes)
        bad.write_bytes(content)
    before = database.read_bytes()
    assert scouter("restore", str(bad)) == 1
    out = capsys.readouterr().out
    assert message in out and "nothing was changed" in out, out
    assert database.read_bytes() == before
    assert not database.with_name("scouter.db.bak").exists()
    assert meta(database) == {"a": "1", "b": "2"}


def restore_while_open(database: Path, copy: Path, *options: str) -> int:
    """`scouter db restore` while the database is open the way an idle bot holds it (its
    connections), but with nothing serving restore requests."""
    async def run() -> int:
        db = await Database.open(database)
        try:
            await db.fetchone("SELECT 1")
            return await asyncio.to_thread(scouter, "restore", str(copy), *options)
        finally:
            await db.close()

    return asyncio.run(run())


def test_restore_offline_refuses_while_the_database_is_open(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copy.db"
    assert scouter("backup", str(copy)) == 0
    set_meta(database, "c", "after")
    assert restore_while_open(database, copy, "--offline") == 1
    out = capsys.readouterr().out
    assert "is in use" in out and "stop the bot" in out, out
    assert meta(database)["c"] == "after"
    assert not database.with_name("scouter.db.bak").exists()
    assert scouter("restore", str(copy)) == 0  # once it has stopped


def test_restore_withdraws_its_request_when_nothing_takes_it(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copy.db"
    assert scouter("backup", str(copy)) == 0
    set_meta(database, "c", "after")
    assert restore_while_open(database, copy, "--wait", "0.5") == 1
    out = capsys.readouterr().out
    assert "asking the running bot" in out
    assert "no running Scouter took the restore within 0.5 s" in out, out
    assert meta(database)["c"] == "after"
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT status FROM restore_requests").fetchall() == [
            ("cancelled",)]


CHILD = """
import asyncio, sys
from bot.db import Database

async def main():
    db = await Database.open(sys.argv[1])
    async with db.write() as conn:
        await conn.execute("INSERT INTO meta (key, value) VALUES ('half', 'written')")
        await conn.execute("UPDATE meta SET value='overwritten' WHERE key='a'")
        print("inside the transaction", flush=True)
        await asyncio.sleep(60)

asyncio.run(main())
"""


def test_a_writer_killed_before_commit_leaves_no_partial_write(database: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(database)], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "inside the transaction", child.stderr.read() if child.stderr else ""
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()

    async def reopen() -> dict[str, str]:
        db = await Database.open(database)
        try:
            rows = await db.fetchall("SELECT key, value FROM meta")
            async with db.write() as conn:  # and it can be written again: no stale lock
                await conn.execute("INSERT INTO meta (key, value) VALUES ('next', 'ok')")
            return {row[0]: row[1] for row in rows}
        finally:
            await db.close()

    assert asyncio.run(reopen()) == {"a": "1", "b": "2"}
    assert backups.check_backup(database) is None  # integrity_check ok
    assert meta(database) == {"a": "1", "b": "2", "next": "ok"}
