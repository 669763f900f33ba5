"""A throwaway PostgreSQL server for the tests: initdb in a temporary directory, started on
a free loopback port, one fresh database per test, stopped at the end of the session.

Debian's `postgresql` package provides the server (`./test` installs it where it can);
where no server can be found, the PostgreSQL tests are skipped with the reason."""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

MISSING = ("PostgreSQL tests skipped: no PostgreSQL server here (install Debian's "
           "`postgresql` package; ./test does when it runs as root with apt-get)")


def server_bin() -> Path | None:
    """The folder holding initdb and pg_ctl (Debian keeps them out of PATH)."""
    found = shutil.which("initdb")
    if found:  # the package's own folder, holding pg_dump too, not a folder of links
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                      else 0)
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    def __init__(self, directory: Path, port: int, as_user: list[str]) -> None:
        self.directory = directory
        self.port = port
        self._as_user = as_user
        self._numbers = itertools.count(1)

    @property
    def admin_url(self) -> str:
        return f"postgresql://scouter@127.0.0.1:{self.port}/postgres"

    def new_database(self) -> str:
        """A fresh, empty database's URL (each test gets its own)."""
        name = f"t{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://scouter@127.0.0.1:{self.port}/{name}"

    def restart(self) -> None:
        """Restart the server (a fast shutdown: every connection is ended), waiting until it
        takes connections again; it keeps the options it was started with."""
        subprocess.run([*self._as_user, str(self.directory / "bin" / "pg_ctl"), "restart",
                        "-w", "-m", "fast", "-D", str(self.directory / "data"),
                        "-l", str(self.directory / "log")],
                       capture_output=True, check=True)

    def end_connections(self, url: str, keep: Collection[int] = ()) -> list[int]:
        """End every connection to `url`'s database (pg_terminate_backend) but those of the
        backends `keep`, as a dropped network would; returns the ended backends' process
        ids once PostgreSQL has closed them all."""
        name = url.rsplit("/", 1)[1].split("?")[0]
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            pids = [row[0] for row in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,))
                    if row[0] not in keep]
            conn.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) pid",
                         (pids,))
            self._gone(conn, pids)
        return pids

    @staticmethod
    def _gone(conn: psycopg.Connection[Any], pids: list[int]) -> None:
        """Until none of `pids` is a backend any more (the server's own pace)."""
        for _ in range(1000):
            row = conn.execute("SELECT count(*) FROM pg_stat_activity"
                               " WHERE pid = ANY(%s)", (pids,)).fetchone()
            if row is not None and row[0] == 0:
                return
            time.sleep(0.01)
        raise AssertionError(f"PostgreSQL kept backends {pids} running")

    def allow_connections(self, url: str, allowed: bool) -> None:
        """Let `url`'s database take new connections, or refuse every new one (those open
        stay open)."""
        name = url.rsplit("/", 1)[1].split("?")[0]
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {str(allowed).lower()}")

    def dump(self, url: str, path: Path) -> None:
        """`pg_dump -Fc` of `url`'s database into `path`, as docs/operations.md says."""
        subprocess.run([str(self.directory / "bin" / "pg_dump"), "-Fc", "-f", str(path),
                        "-d", url], capture_output=True, check=True)

    def restore(self, path: Path) -> str:
        """A dump restored with `pg_restore` into a new database; that database's URL."""
        url = self.new_database()
        subprocess.run([str(self.directory / "bin" / "pg_restore"), "--exit-on-error",
                        "-d", url, str(path)], capture_output=True, check=True)
        return url

    def stop(self) -> None:
        subprocess.run([*self._as_user, str(self.directory / "bin" / "pg_ctl"), "stop",
                        "-m", "immediate", "-D", str(self.directory / "data")],
                       capture_output=True, check=False)


@contextmanager
def running_server() -> Iterator[Server | None]:
    """A started server, or None where there is no PostgreSQL to start."""
    binaries = server_bin()
    if binaries is None:
        yield None
        return
    directory = Path(tempfile.mkdtemp(prefix="scouter-pg-"))
    # PostgreSQL refuses to run as root: run it as the package's `postgres` user then.
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:
        shutil.chown(directory, "postgres")
    (directory / "bin").symlink_to(binaries)
    port = _free_port()
    data = directory / "data"
    try:
        subprocess.run([*as_user, str(binaries / "initdb"), "-D", str(data), "-U", "scouter",
                        "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"],
                       capture_output=True, check=True)
        # A test server: no fsync (the bot is what the tests kill, never the server).
        options = (f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
        subprocess.run([*as_user, str(binaries / "pg_ctl"), "start", "-w", "-D", str(data),
                        "-l", str(directory / "log"), "-o", options],
                       capture_output=True, check=True)
    except (subprocess.CalledProcessError, OSError) as exc:
        shutil.rmtree(directory, ignore_errors=True)
        raise RuntimeError(f"could not start PostgreSQL: {exc}") from exc
    server = Server(directory, port, as_user)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)
