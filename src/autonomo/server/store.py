"""Tasks, steps and artifacts of the server, in the data directory's SQLite database.

The same SQL runs on PostgreSQL (``server/postgres.py``) when several server processes share
the work; only the connection and the claiming of tasks differ.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autonomo.errors import UserError
from autonomo.storage.db import Database, Migration, apply_migrations, connect, run_script

SCHEMA = """
create table if not exists server_tasks (
    task_id text primary key,
    agent_id text not null,
    input text,
    additional_input text not null,         -- JSON
    status text not null,                   -- created|running|finished|stopped|failed
    proposal text,                          -- JSON of the Action waiting for approval
    auto_steps integer not null default 0,  -- steps still to run without asking
    total text,                             -- JSON: tokens and cost so far
    created real not null,
    updated real not null,
    owner text,                             -- the worker running it (PostgreSQL)
    lease_until real not null default 0
);
create index if not exists server_tasks_created on server_tasks(created);
create table if not exists server_steps (
    step_id text primary key,
    task_id text not null references server_tasks(task_id) on delete cascade,
    number integer not null,
    input text,
    additional_input text,
    name text,
    status text not null,                   -- created|running|completed
    output text,
    additional_output text,                 -- JSON
    artifacts text not null default '[]',   -- JSON list of artifact ids
    is_last integer not null default 0,
    created real not null,
    unique (task_id, number)
);
create table if not exists server_artifacts (
    artifact_id text primary key,
    task_id text not null references server_tasks(task_id) on delete cascade,
    relative_path text not null,            -- folder part, '' at the workspace root
    file_name text not null,
    agent_created integer not null,
    created real not null,
    unique (task_id, relative_path, file_name)
)
"""


def m101_server_tasks(db: sqlite3.Connection) -> None:
    run_script(db, SCHEMA)


#: the server tables' own migrations (kept apart from the agent store's, in the same file)
MIGRATIONS: list[tuple[str, Migration]] = [("m101_server_tasks", m101_server_tasks)]


class RequestError(UserError):
    """A request the server cannot carry out; ``status`` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


#: what an in-flight step says after a crash or restart of the server
INTERRUPTED = ("Interrupted: the server stopped while this step was running. Its command was "
               "not run again; send the next step to continue.")


@dataclass
class TaskRow:
    task_id: str
    agent_id: str
    input: str | None
    additional_input: dict[str, Any]
    status: str
    proposal: dict[str, Any] | None = None
    auto_steps: int = 0
    created: float = field(default_factory=time.time)
    total: dict[str, Any] | None = None


@dataclass
class StepRow:
    step_id: str
    task_id: str
    number: int
    input: str | None
    additional_input: dict[str, Any] | None
    status: str
    name: str | None = None
    output: str | None = None
    additional_output: dict[str, Any] | None = None
    artifacts: list[str] = field(default_factory=list)
    is_last: bool = False


@dataclass
class ArtifactRow:
    artifact_id: str
    task_id: str
    relative_path: str
    file_name: str
    agent_created: bool


_TASK_COLUMNS = ("task_id, agent_id, input, additional_input, status, proposal, auto_steps,"
                 " created, total")
_STEP_COLUMNS = ("step_id, task_id, number, input, additional_input, status, name, output,"
                 " additional_output, artifacts, is_last")
_ARTIFACT_COLUMNS = "artifact_id, task_id, relative_path, file_name, agent_created"


def _task(row: Any) -> TaskRow:
    return TaskRow(row[0], row[1], row[2], json.loads(row[3]), row[4],
                   json.loads(row[5]) if row[5] else None, row[6], row[7],
                   json.loads(row[8]) if row[8] else None)


def _step(row: Any) -> StepRow:
    return StepRow(row[0], row[1], row[2], row[3], json.loads(row[4]) if row[4] else None,
                   row[5], row[6], row[7], json.loads(row[8]) if row[8] else None,
                   json.loads(row[9]), bool(row[10]))


def _artifact(row: Any) -> ArtifactRow:
    return ArtifactRow(row[0], row[1], row[2], row[3], bool(row[4]))


def new_id() -> str:
    return str(uuid.uuid4())


class TaskStore:
    """Server tables over SQLite. ``_tx``/``_query`` are the only database-specific parts;
    claims matter only when several servers share the tables (``server/postgres.py``)."""

    shared = False
    lease_s = 0.0

    def __init__(self, data_dir: Path, *, durable: bool = False,
                 db: Database | None = None) -> None:
        self.path = Path(data_dir) / "autonomo.db"
        #: writes share the agent store's connection when given it: one writer lock in the
        #: process instead of SQLite's busy-waiting between two connections
        self.db = db if db is not None else Database(self.path, MIGRATIONS)
        self._owns_db = db is None
        if db is not None:  # the agent store's file: add the server's tables to it
            with self.db.transaction() as conn:
                apply_migrations(conn, MIGRATIONS)
        #: reads use a connection per thread (WAL): listing never waits behind a write
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        #: fsync each write; without it every write still survives a crash of the process
        self.durable = durable

    # -- the database-specific part ---------------------------------------------------------
    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self.db.transaction(durable=self.durable) as conn:
            yield conn

    def _query(self, sql: str, params: tuple = ()) -> list[Any]:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = connect(self.path, MIGRATIONS)
            self._local.conn = conn
            with self._readers_lock:
                self._readers.append(conn)
        return conn.execute(sql, params).fetchall()

    def close(self) -> None:
        if self._owns_db:
            self.db.close()
        with self._readers_lock:
            for conn in self._readers:
                conn.close()
            self._readers.clear()

    # -- claims: one process owns SQLite, so its in-memory locks are enough ---------------------
    def claim(self, task_id: str, worker: str) -> bool:
        return True

    def release(self, task_id: str, worker: str) -> None:
        pass

    def renew(self, worker: str) -> None:
        pass

    def claimable(self, limit: int) -> list[str]:
        return []

    # -- tasks ------------------------------------------------------------------------------
    def add_task(self, task: TaskRow, changes: Any = None) -> int:
        """Add a task (with PostgreSQL: and the first shared copy of its agent, ``changes``);
        returns the task's version."""
        now = time.time()
        with self._tx() as db:
            db.execute(
                f"insert into server_tasks({_TASK_COLUMNS}, updated)"
                " values (?,?,?,?,?,?,?,?,?,?)",
                (task.task_id, task.agent_id, task.input, json.dumps(task.additional_input),
                 task.status, None, task.auto_steps, now, None, now))
            version = self._write_changes(db, task.task_id, changes)
        task.created = now
        return version

    def task(self, task_id: str) -> TaskRow | None:
        rows = self._query(f"select {_TASK_COLUMNS} from server_tasks where task_id = ?",
                           (task_id,))
        return _task(rows[0]) if rows else None

    def tasks(self, offset: int, limit: int, *, newest_first: bool = False
              ) -> tuple[list[TaskRow], int]:
        order = "desc" if newest_first else "asc"
        rows = self._query(f"select {_TASK_COLUMNS} from server_tasks order by created {order},"
                           f" task_id limit ? offset ?", (limit, offset))
        total = self._query("select count(*) from server_tasks")[0][0]
        return [_task(r) for r in rows], total

    def update_task(self, task_id: str, **values: Any) -> None:
        """Set columns of a task (``proposal`` and ``additional_input`` given as objects)."""
        for key in ("proposal", "additional_input"):
            if key in values and values[key] is not None:
                values[key] = json.dumps(values[key])
        values["updated"] = time.time()
        assignments = ", ".join(f"{k} = ?" for k in values)
        with self._tx() as db:
            db.execute(f"update server_tasks set {assignments} where task_id = ?",
                       (*values.values(), task_id))

    def active_tasks(self) -> list[TaskRow]:
        """Tasks with steps left to run on their own (to continue after a restart)."""
        rows = self._query(f"select {_TASK_COLUMNS} from server_tasks"
                           " where auto_steps > 0 and status in ('created', 'running')")
        return [_task(r) for r in rows]

    # -- steps ------------------------------------------------------------------------------
    def start_step(self, step: StepRow, changes: Any = None, worker: str | None = None) -> int:
        """Record a step as running and take the task's proposal out of the task, in one
        transaction: after a crash the proposal is gone, so it can never run twice. Returns
        the task's version (shared copies: ``changes`` holds the command about to run, written
        only if ``worker`` still holds the task)."""
        now = time.time()
        with self._tx() as db:
            self._check_owner(db, step.task_id, worker)
            db.execute(
                f"insert into server_steps({_STEP_COLUMNS}, created)"
                " values (?,?,?,?,?,?,?,?,?,?,?,?)",
                (step.step_id, step.task_id, step.number, step.input,
                 json.dumps(step.additional_input) if step.additional_input else None,
                 step.status, step.name, step.output, None, "[]", 0, now))
            db.execute("update server_tasks set proposal = null, status = 'running',"
                       " updated = ? where task_id = ?", (now, step.task_id))
            return self._write_changes(db, step.task_id, changes)

    def finish_step(self, step: StepRow, *, task_status: str,
                    proposal: dict[str, Any] | None, total: dict[str, Any],
                    files: list[tuple[str, str]] = (), changes: Any = None,
                    worker: str | None = None) -> int:
        """The step's result, the artifacts of the ``files`` it wrote (into
        ``step.artifacts``) and the task's next proposal, in one transaction (shared copies:
        with the agent's new state and files, ``changes``, if ``worker`` still holds the
        task). Returns the task's version."""
        with self._tx() as db:
            self._check_owner(db, step.task_id, worker)
            step.artifacts = self._register(db, step.task_id, files, True)
            db.execute(
                "update server_steps set status = ?, name = ?, output = ?, additional_output = ?,"
                " artifacts = ?, is_last = ? where step_id = ?",
                (step.status, step.name, step.output, json.dumps(step.additional_output),
                 json.dumps(step.artifacts), int(step.is_last), step.step_id))
            db.execute(
                "update server_tasks set status = ?, proposal = ?, total = ?, updated = ?"
                " where task_id = ?",
                (task_status, json.dumps(proposal) if proposal else None, json.dumps(total),
                 time.time(), step.task_id))
            return self._write_changes(db, step.task_id, changes)

    # -- shared copies of agents and workspaces (PostgreSQL) -----------------------------------
    def _write_changes(self, db: Any, task_id: str, changes: Any) -> int:
        return 0

    def _check_owner(self, db: Any, task_id: str, worker: str | None) -> None:
        pass

    def write_changes(self, task_id: str, changes: Any, worker: str | None = None) -> int:
        """Store changes made outside a step (an upload, a stop); returns the version."""
        with self._tx() as db:
            self._check_owner(db, task_id, worker)
            return self._write_changes(db, task_id, changes)

    def bundle(self, task_id: str, since: int) -> Any:
        """One process owns SQLite: there is no other copy to restore from."""
        return None

    def steps(self, task_id: str, offset: int, limit: int) -> tuple[list[StepRow], int]:
        rows = self._query(f"select {_STEP_COLUMNS} from server_steps where task_id = ?"
                           " order by number limit ? offset ?", (task_id, limit, offset))
        total = self._query("select count(*) from server_steps where task_id = ?",
                            (task_id,))[0][0]
        return [_step(r) for r in rows], total

    def step(self, task_id: str, step_id: str) -> StepRow | None:
        rows = self._query(f"select {_STEP_COLUMNS} from server_steps"
                           " where task_id = ? and step_id = ?", (task_id, step_id))
        return _step(rows[0]) if rows else None

    def step_count(self, task_id: str) -> int:
        return self._query("select count(*) from server_steps where task_id = ?",
                           (task_id,))[0][0]

    def interrupt_running_steps(self, task_ids: list[str] | None = None) -> list[str]:
        """Mark steps left running by a dead server as interrupted; returns their tasks."""
        sql = f"select {_STEP_COLUMNS} from server_steps where status = 'running'"
        rows = [_step(r) for r in self._query(sql)]
        if task_ids is not None:
            rows = [r for r in rows if r.task_id in task_ids]
        with self._tx() as db:
            for row in rows:
                db.execute("update server_steps set status = 'completed', output = ?,"
                           " additional_output = ? where step_id = ?",
                           (INTERRUPTED, json.dumps({"interrupted": True}), row.step_id))
        return [r.task_id for r in rows]

    # -- artifacts --------------------------------------------------------------------------
    def artifact_for(self, task_id: str, relative_path: str, file_name: str,
                     agent_created: bool) -> ArtifactRow:
        """The artifact of a file, made on first sight."""
        with self._tx() as db:
            artifact_id = self._register(db, task_id, [(relative_path, file_name)],
                                         agent_created)[0]
            return _artifact(db.execute(f"select {_ARTIFACT_COLUMNS} from server_artifacts"
                                        " where artifact_id = ?", (artifact_id,)).fetchone())

    def add_artifacts(self, task_id: str, names: list[tuple[str, str]]) -> None:
        """Make artifacts of files not registered yet (agent-created), in one transaction."""
        with self._tx() as db:
            self._register(db, task_id, names, True)

    @staticmethod
    def _register(db: Any, task_id: str, names: list[tuple[str, str]] | tuple,
                  agent_created: bool) -> list[str]:
        """Artifacts of files, made on first sight, in the caller's transaction; their ids."""
        now = time.time()
        db.executemany(f"insert into server_artifacts({_ARTIFACT_COLUMNS}, created)"
                       " values (?,?,?,?,?,?) on conflict do nothing",
                       [(new_id(), task_id, folder, name, int(agent_created), now)
                        for folder, name in names])
        return [db.execute("select artifact_id from server_artifacts where task_id = ? and"
                           " relative_path = ? and file_name = ?",
                           (task_id, folder, name)).fetchone()[0] for folder, name in names]

    def artifacts(self, task_id: str) -> list[ArtifactRow]:
        rows = self._query(f"select {_ARTIFACT_COLUMNS} from server_artifacts where task_id = ?"
                           " order by created, relative_path, file_name", (task_id,))
        return [_artifact(r) for r in rows]

    def artifact(self, task_id: str, artifact_id: str) -> ArtifactRow | None:
        rows = self._query(f"select {_ARTIFACT_COLUMNS} from server_artifacts"
                           " where task_id = ? and artifact_id = ?", (task_id, artifact_id))
        return _artifact(rows[0]) if rows else None

    def artifacts_by_id(self, task_id: str, ids: list[str]) -> list[ArtifactRow]:
        wanted = set(ids)
        return [a for a in self.artifacts(task_id) if a.artifact_id in wanted]
