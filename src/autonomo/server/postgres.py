"""The server's tables in PostgreSQL, so that several ``autonomo serve`` processes share the
work: a task is claimed by one worker at a time (``FOR UPDATE SKIP LOCKED``) under a lease
that the worker renews while it holds the task; a worker that dies stops renewing, and once
the lease has run out another worker may claim the task — its step in flight is then reported
interrupted, never run again.

The agents' own state stays in the data directory's SQLite file, so the processes must share
that folder (one machine, or a shared file system).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from autonomo.errors import MissingDependencyError
from autonomo.server.store import INTERRUPTED, SCHEMA, TaskStore


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


class PostgresTaskStore(TaskStore):
    shared = True

    def __init__(self, url: str, *, lease_s: float = 30.0) -> None:
        self.url, self.lease_s = url, lease_s
        self._local = threading.local()
        self._all: list[Any] = []
        self._all_lock = threading.Lock()
        with self._tx() as db:
            db.execute("select pg_advisory_xact_lock(7411)")  # one creator at a time
            for statement in SCHEMA.replace(" real ", " double precision ").split(";"):
                lines = [line.split("--")[0] for line in statement.splitlines()]
                if "".join(lines).strip():
                    db.execute("\n".join(lines))

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = _psycopg().connect(self.url)
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
        with self._tx() as db:
            return db.execute(sql, params).fetchall()

    def close(self) -> None:
        with self._all_lock:
            for conn in self._all:
                conn.close()
            self._all.clear()

    # -- claims -------------------------------------------------------------------------------
    def claim(self, task_id: str, worker: str) -> bool:
        """Take the task for ``worker`` unless another live worker holds it. A step left
        running by a worker whose lease ran out is reported interrupted."""
        now = time.time()
        with self._tx() as db:
            row = db.execute(
                "select owner, lease_until from server_tasks where task_id = ?"
                " for update skip locked", (task_id,)).fetchone()
            if row is None:
                return False
            owner, lease_until = row
            if owner not in (None, worker) and lease_until >= now:
                return False
            if owner not in (None, worker):
                db.execute("update server_steps set status = 'completed', output = ?,"
                           " additional_output = ? where task_id = ? and status = 'running'",
                           (INTERRUPTED, '{"interrupted": true}', task_id))
            db.execute("update server_tasks set owner = ?, lease_until = ? where task_id = ?",
                       (worker, now + self.lease_s, task_id))
        return True

    def release(self, task_id: str, worker: str) -> None:
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

    def interrupt_running_steps(self, task_ids: list[str] | None = None) -> list[str]:
        """Several servers share the tables: steps are recovered when their task is
        claimed from a dead worker, not at start-up."""
        return []

    def active_tasks(self) -> list[Any]:
        return []
