"""One SQLite helper with ordered migrations for every database file the project writes."""

from __future__ import annotations

import sqlite3

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
