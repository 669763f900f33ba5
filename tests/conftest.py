"""Fixtures shared by the tests: the storage backends the storage tests run on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.pg import MISSING, Server, running_server

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """One PostgreSQL server for the session (per xdist worker), started on first use."""
    with running_server() as server:
        if server is None:
            pytest.skip(MISSING)
        yield server


@pytest.fixture(params=BACKENDS)
def database_target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a storage test keeps its data: an SQLite file, or a fresh PostgreSQL
    database's URL (the same test runs on both)."""
    if request.param == "sqlite":
        return tmp_path / "t.db"
    server: Server = request.getfixturevalue("postgres_server")
    return server.new_database()


@pytest.fixture
def new_postgres(request: pytest.FixtureRequest) -> Callable[[], str]:
    """Fresh PostgreSQL databases for a test that needs them."""
    server: Server = request.getfixturevalue("postgres_server")
    return server.new_database
