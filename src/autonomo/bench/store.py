"""Benchmark runs and their results in SQLite (``<data dir>/bench.db``), so runs can be
compared over time. The tables come from this file's named migrations (``BENCH_MIGRATIONS``)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from autonomo.bench.execute import ChallengeResult
from autonomo.errors import UserError
from autonomo.storage.db import Database


def m_bench_001_runs_and_results(db: sqlite3.Connection) -> None:
    db.execute("""
        create table bench_runs (
            id text primary key,
            started_at text not null,
            finished_at text,
            suite text not null,
            agent text not null,
            repeat integer not null,
            executor text not null,
            meta text not null
        )""")
    db.execute("""
        create table bench_results (
            run_id text not null references bench_runs(id) on delete cascade,
            challenge text not null,
            attempt integer not null,
            category text not null,
            difficulty text not null,
            status text not null,
            data text not null,
            primary key (run_id, challenge, attempt)
        )""")


#: ``bench.db``'s migrations, in order
BENCH_MIGRATIONS = [("m_bench_001_runs_and_results", m_bench_001_runs_and_results)]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class BenchStore:
    def __init__(self, data_dir: Path) -> None:
        self.db = Database(Path(data_dir) / "bench.db", BENCH_MIGRATIONS)
        self.db.conn.row_factory = sqlite3.Row

    def start_run(self, run_id: str, *, suite: str, agent: str, repeat: int, executor: str,
                  meta: dict[str, Any]) -> None:
        with self.db.transaction() as db:
            db.execute("insert into bench_runs(id, started_at, suite, agent, repeat, executor,"
                       " meta) values (?, ?, ?, ?, ?, ?, ?)",
                       (run_id, _now(), suite, agent, repeat, executor, json.dumps(meta)))

    def finish_run(self, run_id: str) -> None:
        with self.db.transaction() as db:
            db.execute("update bench_runs set finished_at = ? where id = ?", (_now(), run_id))

    def add(self, result: ChallengeResult) -> None:
        """Store one result; a second result for the same attempt replaces the first."""
        with self.db.transaction() as db:
            db.execute(
                "insert into bench_results(run_id, challenge, attempt, category, difficulty,"
                " status, data) values (?, ?, ?, ?, ?, ?, ?)"
                " on conflict(run_id, challenge, attempt)"
                " do update set status=excluded.status, data=excluded.data",
                (result.run_id, result.challenge, result.attempt, result.category,
                 result.difficulty, result.status, result.model_dump_json()))

    def run(self, run_id: str) -> dict[str, Any]:
        rows = self.db.query("select * from bench_runs where id = ?", (run_id,))
        if not rows:
            rows = self.db.query("select * from bench_runs where id like ? order by started_at",
                                 (run_id + "%",))
            if len(rows) != 1:
                known = ", ".join(r["id"] for r in self.runs()[:10]) or "none yet"
                raise UserError(f"No single benchmark run {run_id!r}. Recent runs: {known}.")
        return dict(rows[0]) | {"meta": json.loads(rows[0]["meta"])}

    def runs(self) -> list[dict[str, Any]]:
        rows = self.db.query("select * from bench_runs order by started_at desc, rowid desc")
        return [dict(r) for r in rows]

    def results(self, run_id: str) -> list[ChallengeResult]:
        rows = self.db.query("select data from bench_results where run_id = ? order by rowid",
                             (run_id,))
        return [ChallengeResult.model_validate_json(r["data"]) for r in rows]

    def close(self) -> None:
        self.db.close()
