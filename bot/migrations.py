"""The database schema, one script per version. Never edit a released script: append a
new one. SQLite records how many have been applied in `PRAGMA user_version`, PostgreSQL in
the table `schema_version` (bot/db.py, bot/db_postgres.py).

A script is written for SQLite and runs on PostgreSQL too when it is plain portable SQL
(`postgresql_statements` maps its types): columns INTEGER, REAL or TEXT, ids as
`id INTEGER PRIMARY KEY`, no triggers and nothing else only SQLite knows. A script that
needs a trigger is a `Migration` whose `postgresql` part says what PostgreSQL runs in place
of the script's triggers (docs/operations.md, "Migrations")."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """A script with triggers: SQLite runs `sqlite` as released; PostgreSQL runs the same
    script without its triggers, then `postgresql` (PL/pgSQL doing what they do)."""

    sqlite: str
    postgresql: str


# What PostgreSQL runs in place of migration 1's triggers: two tables are append-only.
_APPEND_ONLY = """
CREATE FUNCTION scouter_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER match_decisions_append_only BEFORE UPDATE OR DELETE ON match_decisions
FOR EACH ROW EXECUTE FUNCTION scouter_append_only();
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION scouter_append_only();
"""

# ... and in place of migration 4's: one live match per player, a queue of free players.
# Every write transaction holds one lock first (bot/db_postgres.py), so, as on SQLite,
# no two transactions check these at once.
_ONE_LIVE_MATCH = """
CREATE FUNCTION scouter_one_live_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'active' AND (TG_OP = 'INSERT' OR OLD.status != 'active') AND (
        NEW.player0_id = NEW.player1_id OR EXISTS (
            SELECT 1 FROM matches WHERE status = 'active' AND id != NEW.id
            AND (player0_id IN (NEW.player0_id, NEW.player1_id)
                 OR player1_id IN (NEW.player0_id, NEW.player1_id)))) THEN
        RAISE EXCEPTION 'a player already plays a live match'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER matches_one_live_per_player BEFORE INSERT OR UPDATE OF status ON matches
FOR EACH ROW EXECUTE FUNCTION scouter_one_live_match();
CREATE FUNCTION scouter_clear_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM queue WHERE user_id IN (NEW.player0_id, NEW.player1_id);
    RETURN NULL;
END $$;
CREATE TRIGGER matches_clear_queue AFTER INSERT ON matches
FOR EACH ROW EXECUTE FUNCTION scouter_clear_queue();
CREATE FUNCTION scouter_queue_only_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM matches WHERE status = 'active'
               AND NEW.user_id IN (player0_id, player1_id)) THEN
        RAISE EXCEPTION 'a player already plays a live match'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER queue_only_free_players BEFORE INSERT ON queue
FOR EACH ROW EXECUTE FUNCTION scouter_queue_only_free();
"""

MIGRATIONS: list[str | Migration] = [
    # 1: server settings, decks with versions, matches and their append-only decisions,
    #    the queue, challenges, the Discord messages each match keeps up to date, league
    #    seasons and ratings, disputes and the judges' audit log.
    Migration("""
    CREATE TABLE guild_config (
        guild_id INTEGER PRIMARY KEY,
        games_channel_id INTEGER,
        decision_timeout_s REAL,
        judge_role_id INTEGER,
        judges_channel_id INTEGER
    );
    CREATE TABLE decks (
        id INTEGER PRIMARY KEY,
        owner_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        created_at REAL NOT NULL,
        deleted_at REAL
    );
    CREATE UNIQUE INDEX decks_owner_name ON decks(owner_id, name_key) WHERE deleted_at IS NULL;
    CREATE TABLE deck_versions (
        id INTEGER PRIMARY KEY,
        deck_id INTEGER NOT NULL REFERENCES decks(id),
        version INTEGER NOT NULL,
        text TEXT NOT NULL,
        record_json TEXT NOT NULL,
        created_at REAL NOT NULL,
        UNIQUE (deck_id, version)
    );
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        thread_id INTEGER,
        ruleset TEXT NOT NULL,
        seed INTEGER NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('ranked', 'casual', 'practice')),
        player0_id INTEGER NOT NULL,
        player1_id INTEGER,
        deck0_version_id INTEGER REFERENCES deck_versions(id),
        deck1_version_id INTEGER REFERENCES deck_versions(id),
        decks_json TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'void')),
        winner INTEGER,
        win_reason TEXT,
        season_id INTEGER REFERENCES seasons(id),
        epoch INTEGER NOT NULL DEFAULT 0,
        paused INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        finished_at REAL,
        decision_since REAL NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        timeouts0 INTEGER NOT NULL DEFAULT 0,
        timeouts1 INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX matches_active ON matches(status) WHERE status = 'active';
    CREATE TABLE match_decisions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        epoch INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        player INTEGER NOT NULL,
        option TEXT NOT NULL,
        actor_id INTEGER,
        source TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (match_id, epoch, seq)
    ) WITHOUT ROWID;
    CREATE TRIGGER match_decisions_append_only_update BEFORE UPDATE ON match_decisions
    BEGIN SELECT RAISE(ABORT, 'match_decisions is append-only'); END;
    CREATE TRIGGER match_decisions_append_only_delete BEFORE DELETE ON match_decisions
    BEGIN SELECT RAISE(ABORT, 'match_decisions is append-only'); END;
    CREATE TABLE match_messages (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        kind TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (match_id, kind)
    );
    CREATE TABLE queue (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        ruleset TEXT NOT NULL,
        mode TEXT NOT NULL,
        deck_version_id INTEGER NOT NULL REFERENCES deck_versions(id),
        joined_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        challenger_id INTEGER NOT NULL,
        challenged_id INTEGER NOT NULL,
        ruleset TEXT NOT NULL,
        mode TEXT NOT NULL,
        deck_version_id INTEGER NOT NULL REFERENCES deck_versions(id),
        status TEXT NOT NULL DEFAULT 'open',
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL
    );
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE seasons (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        started_at REAL NOT NULL,
        ended_at REAL,
        UNIQUE (guild_id, number)
    );
    CREATE TABLE ratings (
        season_id INTEGER NOT NULL REFERENCES seasons(id),
        ruleset TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        last_match_id INTEGER REFERENCES matches(id),
        last_played_at REAL,
        PRIMARY KEY (season_id, ruleset, user_id)
    );
    CREATE TABLE rating_changes (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        user_id INTEGER NOT NULL,
        season_id INTEGER NOT NULL REFERENCES seasons(id),
        ruleset TEXT NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu_after REAL NOT NULL,
        sigma_after REAL NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE TABLE disputes (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches(id),
        opened_by INTEGER NOT NULL,
        reason TEXT NOT NULL,
        opened_at REAL NOT NULL,
        closed_by INTEGER,
        closed_at REAL
    );
    CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        match_id INTEGER REFERENCES matches(id),
        actor_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TRIGGER audit_log_append_only_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
    CREATE TRIGGER audit_log_append_only_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END
    """, postgresql=_APPEND_ONLY),
    # 2: card sets imported by a server (the compiled cards as YAML in the data/cards schema;
    #    cards a re-import dropped stay in `retired_yaml` so stored matches still replay)
    #    and which of them each server enables, per ruleset.
    """
    CREATE TABLE card_sets (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        format TEXT NOT NULL,
        cards_yaml TEXT NOT NULL,
        retired_yaml TEXT NOT NULL DEFAULT '',
        imported_at REAL NOT NULL,
        imported_by INTEGER NOT NULL,
        UNIQUE (guild_id, name_key)
    );
    CREATE TABLE guild_card_sets (
        guild_id INTEGER NOT NULL,
        set_id INTEGER NOT NULL REFERENCES card_sets(id),
        ruleset TEXT NOT NULL,
        PRIMARY KEY (guild_id, set_id, ruleset)
    )
    """,
    # 3: restores asked of the running bot by `scouter db restore` (the CLI adds a row and
    #    waits; the bot claims it, restores, and writes the outcome into the restored file).
    """
    CREATE TABLE restore_requests (
        token TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
            CHECK (status IN ('pending', 'running', 'done', 'failed', 'cancelled')),
        message TEXT NOT NULL DEFAULT '',
        requested_at REAL NOT NULL,
        finished_at REAL
    )
    """,
    # 4: one live match per player, held by the database in the transaction that inserts
    #    (or reactivates) a match, and a queue that only holds players free to play: a
    #    match starting any way clears both players' queue entries in every server.
    Migration("""
    CREATE TRIGGER matches_one_live_per_player BEFORE INSERT ON matches
    WHEN NEW.status = 'active' AND (NEW.player0_id = NEW.player1_id OR EXISTS (
        SELECT 1 FROM matches WHERE status = 'active'
        AND (player0_id IN (NEW.player0_id, NEW.player1_id)
             OR player1_id IN (NEW.player0_id, NEW.player1_id))))
    BEGIN SELECT RAISE(ABORT, 'a player already plays a live match'); END;
    CREATE TRIGGER matches_one_live_per_player_again BEFORE UPDATE OF status ON matches
    WHEN NEW.status = 'active' AND OLD.status != 'active' AND EXISTS (
        SELECT 1 FROM matches WHERE status = 'active' AND id != NEW.id
        AND (player0_id IN (NEW.player0_id, NEW.player1_id)
             OR player1_id IN (NEW.player0_id, NEW.player1_id)))
    BEGIN SELECT RAISE(ABORT, 'a player already plays a live match'); END;
    CREATE TRIGGER matches_clear_queue AFTER INSERT ON matches
    BEGIN DELETE FROM queue WHERE user_id IN (NEW.player0_id, NEW.player1_id); END;
    CREATE TRIGGER queue_only_free_players BEFORE INSERT ON queue
    WHEN EXISTS (SELECT 1 FROM matches WHERE status = 'active'
                 AND NEW.user_id IN (player0_id, player1_id))
    BEGIN SELECT RAISE(ABORT, 'a player already plays a live match'); END
    """, postgresql=_ONE_LIVE_MATCH),
    # 5: the server a deck version was registered in: its list is read with that server's
    #    cards where no other server is named (a server's imported cards are its own).
    """
    ALTER TABLE deck_versions ADD COLUMN guild_id INTEGER
    """,
    # 6: the names players go by in each server, as their interactions show them, so a
    #    board never fetches a user from Discord (that spends the rate limit edits need).
    """
    CREATE TABLE player_names (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    )
    """,
    # 7: a server's card set is of one game family: Panini's (engine.panini.importers) or
    #    the Score family's (engine.score.importers), each read with its own card model.
    """
    ALTER TABLE card_sets ADD COLUMN family TEXT NOT NULL DEFAULT 'panini'
    """,
    # 8: Swiss events with a top cut (bot/services/tournaments.py): the event, its players
    #    (the deck version each is locked to), and each round's tables with their match and
    #    result. Judges' actions on events go to audit_log (match_id NULL). And rematches:
    #    the first player to press Rematch after a match, and the match both presses made.
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        mode TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        cut INTEGER NOT NULL,
        minutes INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        stage TEXT NOT NULL DEFAULT 'signup',
        round INTEGER NOT NULL DEFAULT 0,
        round_started_at REAL,
        created_by INTEGER NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        user_id INTEGER NOT NULL,
        deck_version_id INTEGER NOT NULL,
        joined_round INTEGER NOT NULL,
        dropped_round INTEGER,
        disqualified INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        table_no INTEGER NOT NULL,
        player0_id INTEGER NOT NULL,
        player1_id INTEGER,
        match_id INTEGER,
        done INTEGER NOT NULL DEFAULT 0,
        winner INTEGER,
        how TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (tournament_id, round, table_no)
    );
    CREATE INDEX tournament_tables_match ON tournament_tables (match_id);
    CREATE TABLE rematches (
        match_id INTEGER PRIMARY KEY REFERENCES matches(id),
        asked_by INTEGER NOT NULL,
        asked_at REAL NOT NULL,
        rematch_id INTEGER
    )
    """,
]


def sqlite_script(migration: str | Migration) -> str:
    return migration if isinstance(migration, str) else migration.sqlite


def sqlite_statements(script: str) -> list[str]:
    """Split a script into statements (a trigger's body keeps its inner semicolons)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip().removesuffix(";").strip())
            current = ""
    if current.strip():
        statements.append(current.strip())
    return statements


# SQLite's types as PostgreSQL has them: ids and Discord's snowflakes need 64 bits, and
# times (seconds since 1970 as REAL) need a double to keep their milliseconds.
_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\)\s*WITHOUT ROWID\s*$"), ")"),
)
_TABLE = re.compile(r"^CREATE TABLE (\w+)")
_REFERENCES = re.compile(r"\bREFERENCES (\w+)")


def postgresql_statements(migration: str | Migration) -> list[str]:
    """The migration for PostgreSQL: the SQLite script's tables (types mapped, a table
    created after the tables it references: SQLite allows either order), its triggers
    replaced by the migration's `postgresql` part."""
    statements = []
    for statement in sqlite_statements(sqlite_script(migration)):
        if statement.upper().startswith("CREATE TRIGGER"):
            continue
        for pattern, replacement in _TYPES:
            statement = pattern.sub(replacement, statement)
        statements.append(statement)
    statements = _referenced_first(statements)
    if isinstance(migration, Migration):
        statements.append(migration.postgresql.strip())  # PL/pgSQL: sent as one script
    return statements


def _referenced_first(statements: list[str]) -> list[str]:
    created = {m[1]: s for s in statements if (m := _TABLE.match(s))}
    ordered: list[str] = []

    def place(statement: str) -> None:
        if statement in ordered:
            return
        for target in _REFERENCES.findall(statement):
            if target in created and created[target] is not statement:
                place(created[target])
        ordered.append(statement)

    for statement in statements:
        place(statement)
    return ordered
