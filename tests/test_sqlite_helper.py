"""One SQLite helper with ordered migrations for every database file the project writes."""

from __future__ import annotations

import gzip
import multiprocessing
import os
import sqlite3
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from autonomo.memory.cache import EmbeddingCache
from autonomo.memory.sqlite_store import SQLiteVectorStore
from autonomo.storage.db import connect


def test_migrations_run_once_each_in_order(tmp_path):
    ran = []
    migrations = [(f"m00{i}", lambda db, i=i: ran.append(i)) for i in (1, 2)]
    connect(tmp_path / "x.sqlite", migrations).close()
    connect(tmp_path / "x.sqlite", [*migrations, ("m003", lambda db: ran.append(3))]).close()
    assert ran == [1, 2, 3]
    assert (tmp_path / "x.sqlite").stat().st_mode & 0o777 == 0o600


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path):
    def broken(db):
        db.execute("create table half (x)")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        connect(tmp_path / "y.sqlite", [("m001", broken)])
    with sqlite3.connect(tmp_path / "y.sqlite") as db:
        tables = {r[0] for r in db.execute("select name from sqlite_master")}
    assert "half" not in tables


def test_memory_and_cache_files_have_migrations_and_older_files_still_open(tmp_path):
    old = tmp_path / "old.sqlite"  # a memory file written before migrations were recorded
    with sqlite3.connect(old) as db:
        db.executescript("create table meta (key text primary key, value text not null);"
                         "create table memories (id integer primary key, agent_id text not null,"
                         " kind text not null, text text not null, created_at real not null,"
                         " extra text not null default '{}', vector blob not null);")
    store = SQLiteVectorStore(old, 3)
    store.add(["kept"], np.ones((1, 3), dtype=np.float32), agent_id="a")
    assert [h.text for h in store.list(agent_id="a")] == ["kept"]
    EmbeddingCache(tmp_path / "cache.sqlite")
    for path in (old, tmp_path / "cache.sqlite"):
        with sqlite3.connect(path) as db:
            assert [r[0] for r in db.execute("select name from _migrations")] in (
                ["m001_memories"], ["m001_embeddings"])


OLD_STORES = Path(__file__).parent / "fixtures" / "old_stores"


def test_every_store_lists_its_own_migrations_and_older_files_still_open(tmp_path):
    """``old_stores/*.db.gz`` were written by the code at a67d83e, when every file got every
    migration registered by import (bench tables in autonomo.db, agent tables in bench.db)."""
    from autonomo.agent.state import AgentStore
    from autonomo.bench.store import BenchStore
    from autonomo.team.sop.store import SopStore
    from autonomo.team.store import TeamStore

    old = tmp_path / "old"
    old.mkdir(mode=0o700)
    for name in ("autonomo.db", "bench.db"):
        (old / name).write_bytes(gzip.decompress((OLD_STORES / f"{name}.gz").read_bytes()))
        os.chmod(old / name, 0o600)
    agents, teams, sops, bench = (AgentStore(old), TeamStore(old), SopStore(old),
                                  BenchStore(old))
    assert agents.load("55029fb4").tasks == ["old task"]
    assert teams.load("0428").name == "oldteam"
    assert sops.get("2a8719b291a8").name == "oldsop"
    assert [r["id"] for r in bench.runs()] == ["run-old"]
    bench.start_run("run-new", suite="builtin", agent="a", repeat=1, executor="local", meta={})
    for store in (agents, teams, sops, bench):
        store.db.close()

    fresh = tmp_path / "fresh"
    for store in (AgentStore(fresh), TeamStore(fresh), SopStore(fresh), BenchStore(fresh)):
        store.db.close()
    with sqlite3.connect(fresh / "autonomo.db") as db:
        done = [r[0] for r in db.execute("select name from _migrations order by rowid")]
    assert done == ["m001_agents", "m002_agent_owner", "m003_call_prompts",
                    "m004_call_usage", "m101_teams", "m101_sop_runs"]
    with sqlite3.connect(fresh / "bench.db") as db:
        done = [r[0] for r in db.execute("select name from _migrations")]
        tables = {r[0] for r in db.execute("select name from sqlite_master where type='table'")}
    assert done == ["m_bench_001_runs_and_results"]
    assert tables == {"_migrations", "bench_runs", "bench_results"}


def test_a_prefix_finds_one_agent_or_team_and_says_what_matches_otherwise(tmp_path):
    from autonomo.errors import UserError
    from autonomo.team.store import TeamState, TeamStore

    teams = TeamStore(tmp_path)
    for team_id in ("abc_1", "abcd2", "xyz"):
        teams.save(TeamState(id=team_id, name=f"team {team_id}"))
    assert teams.load("abc_").id == "abc_1"  # "_" is a letter here, not a wildcard
    assert teams.load("xyz").id == "xyz"
    with pytest.raises(UserError, match=r"'abc' matches several teams \(abc_1, abcd2\)"):
        teams.load("abc")
    with pytest.raises(UserError, match=r"No team 'q'\. List them with `autonomo team list`"):
        teams.load("q")


def _writing_in_rollback_mode(path: Path) -> sqlite3.Connection:
    """A connection holding a write transaction on ``path``, a file still in rollback mode
    (as a second process creating the same fresh file does while it writes its header)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("create table t (x)")
    other.execute("begin immediate")
    other.execute("insert into t values (1)")
    return other


def test_opening_waits_for_a_writer_that_holds_the_file_in_rollback_mode(tmp_path):
    # the switch to WAL mode needs an exclusive lock that SQLite takes without its busy
    # handler: it used to fail at once with "database is locked" (two Ray workers opening a
    # fresh autonomo.db at the same moment)
    path = tmp_path / "x.sqlite"
    other = _writing_in_rollback_mode(path)
    threading.Timer(0.3, lambda: other.execute("commit")).start()
    conn = connect(path, [("m001", lambda db: db.execute("create table u (y)"))])
    assert conn.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert conn.execute("select x from t").fetchall() == [(1,)]  # the other's write kept
    conn.close()
    other.close()


def test_opening_gives_up_after_the_busy_timeout(tmp_path):
    path = tmp_path / "x.sqlite"
    other = _writing_in_rollback_mode(path)
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        connect(path, (), busy_ms=300)
    assert 0.25 <= time.monotonic() - started < 5
    other.execute("commit")
    connect(path, ()).close()
    other.close()


def _open_at_once(path: str, barrier, results) -> None:
    from autonomo.storage.db import AGENT_MIGRATIONS, Database

    barrier.wait()
    try:
        Database(Path(path), AGENT_MIGRATIONS).close()
        results.put("ok")
    except Exception as exc:  # reported to the test
        results.put(f"{type(exc).__name__}: {exc}")


def test_processes_creating_one_store_at_once_all_open_it(tmp_path):
    context = multiprocessing.get_context("fork")
    for round_ in range(10):
        path = tmp_path / f"r{round_}" / "autonomo.db"
        barrier, results = context.Barrier(3), context.Queue()
        procs = [context.Process(target=_open_at_once, args=(str(path), barrier, results))
                 for _ in range(3)]
        for proc in procs:
            proc.start()
        outcomes = [results.get(timeout=30) for _ in procs]
        for proc in procs:
            proc.join(timeout=30)
        assert outcomes == ["ok"] * 3, outcomes
