"""SQLite files, each opened one way (``connect``) with its own ordered, named migrations.

Every store names its migrations in a list, in order, and applies them when it opens its file:
the agents (``AGENT_MIGRATIONS``), teams, SOP runs and the server share ``autonomo.db``, the
bench has ``bench.db`` (all through ``Database``); the memory store and the embedding cache
open their files with ``connect``. Which migrations a file has had is kept in it
(``_migrations``), so stores sharing a file each add theirs, once.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import tenacity

from autonomo.errors import UserError

Migration = Callable[[sqlite3.Connection], None]
Migrations = Sequence[tuple[str, Migration]]


def m001_agents(db: sqlite3.Connection) -> None:
    _run_script(
        db,
        """
        create table agents (
            id text primary key,
            name text not null,
            created_at text not null,
            updated_at text not null,
            status text not null,
            state text not null              -- JSON of AgentState without episodes
        );
        create table episodes (
            agent_id text not null references agents(id) on delete cascade,
            number integer not null,
            data text not null,               -- JSON of Episode
            primary key (agent_id, number)
        );
        create table messages (
            hash text primary key,            -- content-addressed: prompts repeat their prefix
            data text not null
        );
        create table model_calls (
            id integer primary key,
            agent_id text not null references agents(id) on delete cascade,
            step integer not null,
            purpose text not null,
            model text not null,
            message_hashes text not null,     -- JSON list of messages.hash
            options text not null,
            response text not null,           -- JSON of Completion
            created_at text not null
        );
        create index model_calls_agent on model_calls(agent_id, id);
        """
    )


def m002_agent_owner(db: sqlite3.Connection) -> None:
    """The process driving an agent (JSON: pid, host, start time, token, since); null when
    none. A run whose process died leaves it behind, which is how a crash is told apart."""
    db.execute("alter table agents add column owner text")


def m003_call_prompts(db: sqlite3.Connection) -> None:
    """A model call's prompt in its own row: JSON, each message either stored there or a
    reference to where an earlier call of the agent stored it (``storage/prompts.py``).
    Rows from before keep ``message_hashes`` into ``messages``; new rows leave it ``[]``."""
    db.execute("alter table model_calls add column prompt text")


def m004_call_usage(db: sqlite3.Connection) -> None:
    """The agent's usage as of a transaction's last model call (JSON of ``Usage``; null in
    the others and in older rows). A step whose agent row changed only by its usage writes
    the usage here instead of rewriting the row; loading takes the later of the two."""
    db.execute("alter table model_calls add column usage text")


#: the agent store's migrations, in order
AGENT_MIGRATIONS: list[tuple[str, Migration]] = [
    ("m001_agents", m001_agents),
    ("m002_agent_owner", m002_agent_owner),
    ("m003_call_prompts", m003_call_prompts),
    ("m004_call_usage", m004_call_usage),
]


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Run ``;``-separated statements inside the current transaction (``executescript``
    would commit it)."""
    for statement in script.split(";"):
        lines = [line.split("--")[0] for line in statement.splitlines()]
        if "".join(lines).strip():
            db.execute("\n".join(lines))


def run_script(db: sqlite3.Connection, script: str) -> None:
    """Run ``;``-separated statements inside the current transaction (``executescript``
    would commit it)."""
    _run_script(db, script)


def apply_migrations(db: sqlite3.Connection,
                     migrations: Sequence[tuple[str, Migration]]) -> None:
    """Run the migrations ``db`` has not had yet, in order (inside the caller's
    transaction); their names are kept in ``_migrations``."""
    db.execute("create table if not exists _migrations (name text primary key)")
    done = {row[0] for row in db.execute("select name from _migrations")}
    for name, function in migrations:
        if name not in done:
            function(db)
            db.execute("insert into _migrations(name) values (?)", (name,))


#: SQLite's result codes for a file another connection has locked
_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return (code & 0xFF) in _BUSY_CODES if code is not None else "locked" in str(exc)


def _wal(conn: sqlite3.Connection, busy_ms: int) -> None:
    """``conn``'s file in WAL mode, waiting up to ``busy_ms`` for other connections.

    Switching a file to WAL upgrades a shared lock to an exclusive one, which SQLite does
    without its busy handler: while another connection writes the file in rollback mode (as
    a second process creating the same fresh file does, its own switch writing the header),
    the pragma fails at once with "database is locked", busy timeout or not. So it is retried
    here until the busy timeout; a file already in WAL mode needs no lock and passes at once.
    """
    retrying = tenacity.Retrying(
        stop=tenacity.stop_after_delay(busy_ms / 1000),
        wait=tenacity.wait_exponential(multiplier=0.005, max=0.1),
        retry=tenacity.retry_if_exception(
            lambda exc: isinstance(exc, sqlite3.OperationalError) and _is_busy(exc)),
        reraise=True)
    for attempt in retrying:
        with attempt:
            conn.execute("pragma journal_mode=wal").fetchall()


def connect(path: Path, migrations: Sequence[tuple[str, Migration]], *,
            busy_ms: int = 5000, private: bool = True) -> sqlite3.Connection:
    """``path`` opened the project's way: WAL, foreign keys, a busy timeout, and with
    ``private`` a file only its owner reads (0600 in a 0700 folder); the ``migrations`` not
    yet applied to it run once each, in order, in one transaction (their names are kept in
    ``_migrations``)."""
    path = Path(path)
    path.parent.mkdir(mode=0o700 if private else 0o777, parents=True, exist_ok=True)
    if private:
        os.close(os.open(path, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600))
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"pragma busy_timeout={int(busy_ms)}")
        _wal(conn, busy_ms)
        conn.execute("pragma foreign_keys=on")
    except BaseException:
        conn.close()
        raise
    conn.execute("begin immediate")
    try:
        apply_migrations(conn, migrations)
    except BaseException:
        conn.execute("rollback")
        conn.close()
        raise
    conn.execute("commit")
    return conn


class _Transaction:
    """``Database.transaction``'s context manager (a class: the agent store opens two a
    step, and a generator-based one costs twice as much)."""

    __slots__ = ("db", "synchronous")

    def __init__(self, db: Database, synchronous: str) -> None:
        self.db, self.synchronous = db, synchronous

    def __enter__(self) -> sqlite3.Connection:
        db = self.db
        db._lock.acquire()
        try:
            if self.synchronous != db._synchronous:
                db.conn.execute(f"pragma synchronous={self.synchronous}")
                db._synchronous = self.synchronous
            db.conn.execute("begin immediate")
        except BaseException:
            db._lock.release()
            raise
        return db.conn

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            self.db.conn.execute("rollback" if kind is not None else "commit")
        finally:
            self.db._lock.release()


class Database:
    """One SQLite file in WAL mode; a lock serialises writers from worker threads.

    Writes made with ``durable=True`` are fsynced (synchronous=FULL); the others survive a
    crash of the process (WAL, synchronous=NORMAL) and become durable with the next durable
    write.
    """

    def __init__(self, path: Path, migrations: Migrations) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        # prompts, history and results: readable by the owner only (SQLite gives its -wal and
        # -shm files the database file's mode)
        self.conn = connect(self.path, ())
        self._synchronous = ""
        self.migrate(migrations)

    def migrate(self, migrations: Migrations) -> None:
        """Apply those of ``migrations`` this file has not had, in order, in one transaction
        (a store opening a file shared with others adds its own this way)."""
        with self.transaction(durable=True) as db:
            apply_migrations(db, migrations)

    def transaction(self, *, durable: bool = True) -> _Transaction:
        """``with db.transaction() as conn:`` one write transaction (``begin immediate``),
        committed at the end of the block, rolled back if it raises."""
        return _Transaction(self, "FULL" if durable else "NORMAL")

    def query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            cursor = self.conn.execute(sql, params)
            return cursor.fetchall()

    def state_by_id(self, table: str, key: str, *, what: str, listing: str,
                    or_name: bool = False) -> str:
        """The ``state`` of the one row of ``table`` whose id is ``key``, else whose id starts
        with it (or, ``or_name``, whose name is it); a ``UserError`` naming ``what`` and the
        ``listing`` subcommand when none or several match."""
        rows = self.query(f"select id, state from {table} where id = ?", (key,))
        if not rows:
            pattern = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            by_name = " or name = ?" if or_name else ""
            rows = self.query(f"select id, state from {table} where id like ? escape '\\'"
                              f"{by_name}", (pattern + "%", *([key] if or_name else [])))
        if len(rows) > 1:
            ids = ", ".join(r[0] for r in rows[:10])
            raise UserError(f"{key!r} matches several {what}s ({ids}); use the full id.")
        if not rows:
            raise UserError(f"No {what} {key!r}. List them with `{listing}`.")
        return rows[0][1]

    def close(self) -> None:
        with self._lock:
            self.conn.close()
