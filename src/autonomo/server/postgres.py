"""The server's tables in PostgreSQL, so that several ``autonomo serve`` processes share the
work: a task is claimed by one worker at a time (a row lock, then its owner) under a lease
that the worker renews while it holds the task; a worker that dies stops renewing, and once
the lease has run out another worker may claim the task — its step in flight is then reported
interrupted, never run again.

Everything a worker needs to continue a task is in the database too — the agent's state, its
episodes and its workspace files, under a version number per task (``server/replica.py``) —
so the processes may run on different machines, each with its own data directory.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from autonomo.errors import MissingDependencyError
from autonomo.server.replica import Bundle, Changes
from autonomo.server.store import INTERRUPTED, SCHEMA, RequestError, TaskStore

#: the shared copies of the agents and their workspaces (PostgreSQL only)
SHARED_SCHEMA = """
alter table server_tasks add column if not exists version integer not null default 0;
create table if not exists server_agents (
    task_id text primary key references server_tasks(task_id) on delete cascade,
    state text not null                     -- JSON of AgentState (without episodes)
);
create table if not exists server_episodes (
    task_id text not null references server_tasks(task_id) on delete cascade,
    number integer not null,
    data text not null,                     -- JSON of Episode
    primary key (task_id, number)
);
create table if not exists server_files (
    task_id text not null references server_tasks(task_id) on delete cascade,
    relative_path text not null,
    file_name text not null,
    version integer not null,               -- the task's version that last changed it
    data bytea,                             -- null: deleted
    primary key (task_id, relative_path, file_name)
)
"""


def _statements(script: str) -> list[str]:
    found = []
    for statement in script.split(";"):
        lines = [line.split("--")[0] for line in statement.splitlines()]
        if "".join(lines).strip():
            found.append("\n".join(lines))
    return found


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise MissingDependencyError(
            "A PostgreSQL server database needs psycopg: pip install 'psycopg[binary]'.") from exc
    return psycopg


class _Connection:
    """A psycopg connection that takes the SQLite-style ``?`` placeholders of the store."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def execute(self, sql: str, params: tuple = ()) -> Any:
        return self.conn.execute(sql.replace("?", "%s"), params)

    def executemany(self, sql: str, rows: list[tuple]) -> None:
        if rows:
            self.conn.cursor().executemany(sql.replace("?", "%s"), rows)


class PostgresTaskStore(TaskStore):
    shared = True

    def __init__(self, url: str, *, lease_s: float = 30.0) -> None:
        self.url, self.lease_s = url, lease_s
        self._local = threading.local()
        #: task -> its version when this process last claimed it (spares a query to see
        #: whether the local copy is current: nobody else writes it while it is claimed)
        self._claimed: dict[str, int] = {}
        self._all: list[Any] = []
        self._all_lock = threading.Lock()
        with self._tx() as db:
            db.execute("select pg_advisory_xact_lock(7411)")  # one creator at a time
            for statement in _statements(SCHEMA.replace(" real ", " double precision ")
                                         + ";" + SHARED_SCHEMA):
                db.execute(statement)

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            # reads run alone (one round trip each); writes in explicit transactions
            conn = _psycopg().connect(self.url, autocommit=True)
            self._local.conn = conn
            with self._all_lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        conn = self._conn()
        with conn.transaction():
            yield _Connection(conn)

    def _query(self, sql: str, params: tuple = ()) -> list[Any]:
        return _Connection(self._conn()).execute(sql, params).fetchall()

    def close(self) -> None:
        with self._all_lock:
            for conn in self._all:
                conn.close()
            self._all.clear()

    # -- claims -------------------------------------------------------------------------------
    def claim(self, task_id: str, worker: str) -> bool:
        """Take the task for ``worker`` unless another live worker holds it. A step left
        running by a worker whose lease ran out is reported interrupted."""
        with self._tx() as db:
            # wait for the row, never skip it: other transactions lock it for a moment (a
            # file registered, a renew that found nothing to renew, which keeps the lock
            # till it commits), and a row skipped would read as held by a running step.
            # ``no key update``: inserts that reference the task (key share) don't block
            row = db.execute("select owner, lease_until, version from server_tasks"
                             " where task_id = ? for no key update", (task_id,)).fetchone()
            if row is None:
                return False
            now = time.time()  # after the wait: a lease that ran out meanwhile counts
            owner, lease_until, version = row
            if owner not in (None, worker) and lease_until >= now:
                return False
            if owner not in (None, worker):
                db.execute("update server_steps set status = 'completed', output = ?,"
                           " additional_output = ? where task_id = ? and status = 'running'",
                           (INTERRUPTED, '{"interrupted": true}', task_id))
            db.execute("update server_tasks set owner = ?, lease_until = ? where task_id = ?",
                       (worker, now + self.lease_s, task_id))
        self._claimed[task_id] = version
        return True

    def release(self, task_id: str, worker: str) -> None:
        self._claimed.pop(task_id, None)
        with self._tx() as db:
            db.execute("update server_tasks set owner = null, lease_until = 0"
                       " where task_id = ? and owner = ?", (task_id, worker))

    def renew(self, worker: str) -> None:
        with self._tx() as db:
            db.execute("update server_tasks set lease_until = ? where owner = ?",
                       (time.time() + self.lease_s, worker))

    def claimable(self, limit: int) -> list[str]:
        """Tasks running on their own that no live worker holds."""
        rows = self._query(
            "select task_id from server_tasks where auto_steps > 0"
            " and status in ('created', 'running')"
            " and (owner is null or lease_until < ?) order by updated limit ?",
            (time.time(), limit))
        return [r[0] for r in rows]

    # -- the shared copies of agents and workspaces -----------------------------------------
    def _write_changes(self, db: Any, task_id: str, changes: Changes | None) -> int:
        """Store what changed and give the task its next version (returned)."""
        if changes is None:
            return 0
        version = db.execute("update server_tasks set version = version + 1 where task_id = ?"
                             " returning version", (task_id,)).fetchone()[0]
        if changes.state is not None:
            db.execute("insert into server_agents(task_id, state) values (?, ?) on conflict"
                       " (task_id) do update set state = excluded.state",
                       (task_id, changes.state))
        db.executemany("insert into server_episodes(task_id, number, data) values (?, ?, ?)"
                       " on conflict (task_id, number) do update set data = excluded.data",
                       [(task_id, number, data) for number, data in changes.episodes])
        db.executemany("insert into server_files(task_id, relative_path, file_name, version,"
                       " data) values (?, ?, ?, ?, ?) on conflict (task_id, relative_path,"
                       " file_name) do update set version = excluded.version,"
                       " data = excluded.data",
                       [(task_id, folder, name, version, data)
                        for folder, name, data in changes.files])
        return version

    def _check_owner(self, db: Any, task_id: str, worker: str | None) -> None:
        """A worker that lost its claim (its lease ran out, another took the task and
        reported the step interrupted) must not write the step's result."""
        if worker is None:
            return
        row = db.execute("select owner from server_tasks where task_id = ?"
                         " for no key update",
                         (task_id,)).fetchone()
        if row is None or row[0] != worker:
            raise RequestError(f"This server lost its claim on task {task_id} (another "
                               "took it over); the step's result is discarded.", 409)

    def bundle(self, task_id: str, since: int) -> Bundle | None:
        """The task's shared copy if newer than version ``since`` (files: only those changed
        after it). Read under a share lock, so no step's write lands half-way through."""
        if self._claimed.pop(task_id, since + 1) <= since:
            return None
        with self._tx() as db:
            row = db.execute("select t.version, t.agent_id, a.state from server_tasks t"
                             " join server_agents a on a.task_id = t.task_id"
                             " where t.task_id = ? for share of t", (task_id,)).fetchone()
            if row is None or row[0] <= since:
                return None
            episodes = db.execute("select number, data from server_episodes where task_id = ?"
                                  " order by number", (task_id,)).fetchall()
            files = db.execute("select relative_path, file_name, data from server_files"
                               " where task_id = ? and version > ? order by version",
                               (task_id, since)).fetchall()
        return Bundle(row[0], row[1], row[2], [tuple(e) for e in episodes],
                      [(f[0], f[1], bytes(f[2]) if f[2] is not None else None) for f in files])

    def interrupt_running_steps(self, task_ids: list[str] | None = None) -> list[str]:
        """Several servers share the tables: steps are recovered when their task is
        claimed from a dead worker, not at start-up."""
        return []

    def active_tasks(self) -> list[Any]:
        return []
