"""SOP runs in the data directory's SQLite database: each run and every event, written as it
happens (a crash loses at most the event in flight)."""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from autonomo.errors import UserError
from autonomo.storage.db import Database, run_script
from autonomo.team.sop.events import SopEvent
from autonomo.team.store import TeamStore

#: events that write what is pending at once
FLUSH_ON = ("message", "run_finished", "resumed", "ask")


def m101_sop_runs(db: sqlite3.Connection) -> None:
    run_script(
        db,
        """
        create table sop_runs (
            id text primary key,
            name text not null,
            source text not null,             -- the SOP file or company folder
            format text not null,
            task text not null,
            workspace text not null,
            status text not null,             -- running, finished, failed, stopped
            created_at real not null,
            updated_at real not null
        );
        create table sop_events (
            run_id text not null references sop_runs(id) on delete cascade,
            seq integer not null,
            kind text not null,
            data text not null,               -- JSON
            at real not null,
            primary key (run_id, seq)
        );
        """
    )


#: the SOP store's migrations, in order (the team store, on the same file, adds its own)
SOP_MIGRATIONS = [("m101_sop_runs", m101_sop_runs)]


@dataclass
class RunRecord:
    id: str
    name: str
    source: str
    format: str
    task: str
    workspace: str
    status: str
    created_at: float
    updated_at: float


class SopStore:
    """Runs and their events in ``<data dir>/autonomo.db``."""

    def __init__(self, data_dir: Path, *, fsync: bool = False) -> None:
        self.db = Database(Path(data_dir) / "autonomo.db", SOP_MIGRATIONS)
        #: fsync checkpoints (survive a power cut); without it they survive a crash of the
        #: process, like the agent's steps without ``agent.fsync_steps``
        self.fsync = fsync
        self._pending: list[tuple[str, SopEvent]] = []
        self.data_dir = Path(data_dir)
        #: the team store, on this same connection: an SOP run is a team whose calls it keeps
        self.teams = TeamStore(self.data_dir, db=self.db)
        #: per run: where its unsaved model calls wait, and its team row (see ``attach``)
        self._runs: dict[str, Any] = {}

    def create(self, *, name: str, source: str, format: str, task: str, workspace: str) -> str:
        run_id = uuid.uuid4().hex[:12]
        now = time.time()
        with self.db.transaction() as db:
            db.execute(
                "insert into sop_runs values (?, ?, ?, ?, ?, ?, 'running', ?, ?)",
                (run_id, name, source, format, task, workspace, now, now),
            )
        return run_id

    def append(self, run_id: str, event: SopEvent, *, hold: bool = False) -> None:
        """Keep an event; events are written together with the next message a role says (or
        the end of the run): one transaction per turn, as the agent writes one per step.
        ``hold``: wait for the next such event even so (a question and its answer)."""
        self._pending.append((run_id, event))
        if event.kind in FLUSH_ON and not hold and not event.data.get("opening"):  # an opening
            self.flush()  # line is written with the reply to it (a resumed state says it again)

    def attach(self, run_id: str, calls: Any) -> None:
        """``calls`` (the run's ``TeamCalls``, batching) has its unsaved model calls written
        with the run's next events, and its team row with the ``run_finished`` event: one
        transaction per chat turn for both."""
        self._runs[run_id] = calls

    def detach(self, run_id: str) -> None:
        self.flush()
        self._runs.pop(run_id, None)

    def flush(self) -> None:
        calls = {run_id: c.take_unsaved() for run_id, c in self._runs.items()}
        if not self._pending and not any(calls.values()):
            return
        pending, self._pending = self._pending, []
        durable = self.fsync and any(e.kind in ("checkpoint", "run_finished") for _, e in pending)
        with self.db.transaction(durable=durable) as db:
            for run_id, source in self._runs.items():  # calls first: an event never names
                finished = any(r == run_id and e.kind == "run_finished" for r, e in pending)
                self.teams.write_rows(db, run_id, calls=calls[run_id],  # a call not kept
                                      state=source.state if finished else None)
            db.executemany("insert into sop_events values (?, ?, ?, ?, ?)", [
                (run_id, e.seq, e.kind, _json(e.data), e.at) for run_id, e in pending])
            for run_id, event in pending:  # (the run's row is not rewritten each turn: its
                if event.kind == "run_finished":  # events' times say when it last moved)
                    db.execute("update sop_runs set status = ?, updated_at = ? where id = ?",
                               (event.data.get("status", "finished"), event.at, run_id))

    def set_status(self, run_id: str, status: str) -> None:
        with self.db.transaction() as db:
            db.execute("update sop_runs set status = ?, updated_at = ? where id = ?",
                       (status, time.time(), run_id))

    def get(self, run_id: str) -> RunRecord:
        rows = self.db.query("select * from sop_runs where id = ? or id like ?",
                             (run_id, f"{run_id}%"))
        if len(rows) != 1:
            known = ", ".join(r.id for r in self.list()[:10]) or "none yet"
            what = "matches several runs" if rows else "is not a saved SOP run"
            raise UserError(f"{run_id!r} {what}. Recent runs: {known} (autonomo sop list).")
        return RunRecord(*rows[0])

    def list(self) -> list[RunRecord]:
        return [RunRecord(*row) for row in
                self.db.query("select * from sop_runs order by created_at desc")]

    def events(self, run_id: str, after: int = 0) -> list[SopEvent]:
        """The run's saved events (those after seq ``after``), in order."""
        self.flush()
        rows = self.db.query(
            "select kind, data, seq, at from sop_events where run_id = ? and seq > ? "
            "order by seq", (run_id, after))
        return [SopEvent(kind, orjson.loads(data), seq, at) for kind, data, seq, at in rows]

    def last_seq(self, run_id: str) -> int:
        rows = self.db.query("select max(seq) from sop_events where run_id = ?", (run_id,))
        return rows[0][0] or 0

    def close(self) -> None:
        self.flush()
        self._runs.clear()
        self.db.close()

    def data(self, run_id: str) -> dict[str, Any]:
        record = self.get(run_id)
        return {"run": record.__dict__, "events": [e.__dict__ for e in self.events(record.id)]}


def _json(data: dict[str, Any]) -> str:
    """An event's data as JSON text (orjson: ~8x json's speed on a run's events)."""
    try:
        return orjson.dumps(data).decode()
    except TypeError:  # a value orjson does not take (e.g. an int beyond 64 bits)
        return json.dumps(data, default=str)
