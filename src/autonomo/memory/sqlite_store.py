"""The default vector store: one SQLite file, searched through an in-memory matrix.

Vectors are float32 BLOBs in the ``memories`` table. Searches run against a NumPy matrix
loaded from the file once and kept in step with this connection's writes; writes by another
connection (another process) are noticed through ``PRAGMA data_version`` and reload it.

Small stores are searched exactly. From ``MatrixIndex.quantize_from`` rows on, and when torch
is installed, a search runs in two stages: an int8 copy of the matrix scores every row
(a quarter of the bytes to read; see ``int8_scan``), then the best ``10 × k`` (at least 100)
candidates are rescored with their float32 rows. Returned scores are exact; a true top-k
member is missed only if int8 rounding pushes it below the candidate cut, which the benchmark
(``benchmarks/memory.py``) has not seen happen (recall@10 = 1.0 at 100,000 × 384).

Why not sqlite-vec: measured on this project's 2-core machine at 100,000 × 384, a ``vec0``
k-NN query took ~40 ms against ~6–9 ms for exact NumPy search, and Python's ``sqlite3`` here
cannot load extensions at all.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from autonomo.memory.int8_scan import Int8Scan
from autonomo.memory.store import (
    RECORD_COLUMNS,
    Filter,
    Hit,
    MemoryRecord,
    SQLVectorStore,
    StoreStats,
    record_from_row,
)
from autonomo.storage.db import connect, run_script

_SCHEMA = """
create table if not exists meta (key text primary key, value text not null);
create table if not exists memories (
    id integer primary key,
    agent_id text not null,
    kind text not null,
    text text not null,
    created_at real not null,
    extra text not null default '{}',
    vector blob not null
);
create index if not exists memories_agent_kind on memories(agent_id, kind, created_at);
create index if not exists memories_created on memories(created_at);
"""
#: this file's migrations, in order (the first one's tables may predate the list)
MIGRATIONS = [("m001_memories", lambda db: run_script(db, _SCHEMA))]
_SQLITE_VARIABLES = 500


class MatrixIndex:
    """Cosine top-k over a growable float32 matrix with metadata columns.

    Exact below ``quantize_from`` rows (or without torch); above, an int8 scan picks
    candidates that are rescored exactly. Rows appended after the int8 copy was made (the
    tail) are scored exactly; the copy is rebuilt when the tail passes ``1/16`` of the rows
    (at least 1,024), and after a delete.
    """

    #: rows from which the two-stage search is used
    quantize_from = 20_000
    #: candidates rescored exactly: ``oversample × k``, at least ``min_candidates``
    oversample = 10
    min_candidates = 100

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.size = 0
        self._matrix = np.zeros((0, dim), dtype=np.float32)
        self._scores = np.zeros(0, dtype=np.float32)
        self.ids = np.zeros(0, dtype=np.int64)
        self.created = np.zeros(0, dtype=np.float64)
        self.agents = np.zeros(0, dtype=np.int32)
        self.kinds = np.zeros(0, dtype=np.int32)
        self._codes: dict[str, int] = {}
        #: rows per agent code, so a filter every row passes costs nothing
        self._agent_rows: dict[int, int] = {}
        #: the int8 copy of the first ``_scan.rows`` rows, if any
        self._scan: Int8Scan | None = None
        self._scan_unavailable = False

    @property
    def method(self) -> str:
        """``int8+rescore`` once the int8 copy is built (at a search), else ``exact``."""
        return "int8+rescore" if self._scan is not None else "exact"

    def code(self, label: str) -> int:
        return self._codes.setdefault(label, len(self._codes))

    def append(
        self,
        ids: Sequence[int],
        vectors: np.ndarray,
        agents: Sequence[str],
        kinds: Sequence[str],
        created: Sequence[float],
    ) -> None:
        count = len(ids)
        if not count:
            return
        needed = self.size + count
        if needed > len(self._matrix):
            capacity = max(needed, 2 * len(self._matrix), 1024)
            self._matrix = _grow(self._matrix, capacity)
            self._scores = np.zeros(capacity, dtype=np.float32)
            self.ids = _grow(self.ids, capacity)
            self.created = _grow(self.created, capacity)
            self.agents = _grow(self.agents, capacity)
            self.kinds = _grow(self.kinds, capacity)
        end = self.size + count
        self._matrix[self.size : end] = vectors
        self.ids[self.size : end] = ids
        self.created[self.size : end] = created
        codes = [self.code(a) for a in agents]
        self.agents[self.size : end] = codes
        for code in codes:
            self._agent_rows[code] = self._agent_rows.get(code, 0) + 1
        self.kinds[self.size : end] = [self.code(k) for k in kinds]
        self.size = end

    def remove(self, ids: Sequence[int]) -> None:
        keep = ~np.isin(self.ids[: self.size], np.asarray(ids, dtype=np.int64))
        count = int(keep.sum())
        for code in self.agents[: self.size][~keep].tolist():
            self._agent_rows[code] -= 1
        for name in ("_matrix", "ids", "created", "agents", "kinds"):
            column = getattr(self, name)
            column[:count] = column[: self.size][keep]
        self.size = count
        self._scan = None  # its rows moved; rebuilt at the next search

    def search(
        self,
        query: np.ndarray,
        k: int,
        *,
        agent_id: str | None,
        kinds: list[str] | None,
        since: float | None,
        until: float | None,
    ) -> list[tuple[int, float]]:
        """``(id, score)`` pairs, best first."""
        n = self.size
        if n == 0 or k <= 0:
            return []
        mask = self._mask(agent_id, kinds, since, until)
        if mask is not None and not mask.any():
            return []
        if mask is not None and mask.sum() < n // 4:
            # A small subset: score only its rows.
            rows = np.flatnonzero(mask)
            scores = self._matrix[rows] @ query
        elif (scan := self._scanner()) is not None:
            rows = self._candidates(scan, query, k, mask)
            scores = self._matrix[rows] @ query
        else:
            rows = None
            scores = self._scores[:n]
            np.matmul(self._matrix[:n], query, out=scores)
            if mask is not None:
                scores[~mask] = -np.inf
        count = len(scores) if mask is None or rows is not None else int(mask.sum())
        k = min(k, count)
        if k < len(scores):
            top = np.argpartition(scores, len(scores) - k)[len(scores) - k :]  # no copy
        else:
            top = np.arange(len(scores))
        top = top[np.argsort(-scores[top], kind="stable")]
        positions = rows[top] if rows is not None else top
        return [(int(self.ids[p]), float(scores[t])) for p, t in zip(positions, top, strict=True)]

    def _scanner(self) -> Int8Scan | None:
        """The int8 copy, (re)built when missing or when the exact tail has grown too long."""
        n = self.size
        if n < self.quantize_from or self._scan_unavailable:
            return None
        if self._scan is None or n - self._scan.rows > max(1024, n // 16):
            self._scan = Int8Scan.build(self._matrix[:n])
            self._scan_unavailable = self._scan is None
        return self._scan

    def _candidates(
        self, scan: Int8Scan, query: np.ndarray, k: int, mask: np.ndarray | None
    ) -> np.ndarray:
        """Rows to rescore: the int8 scan's best rows plus the whole tail, all passing ``mask``."""
        covered = scan.rows
        approx = scan.scores(query)
        tail = np.arange(covered, self.size)
        if mask is not None:
            approx[~mask[:covered]] = -np.inf
            tail = tail[mask[covered:]]
        wanted = min(max(self.oversample * k, self.min_candidates), covered)
        best = np.argpartition(approx, covered - wanted)[covered - wanted :]
        if mask is not None:
            best = best[approx[best] > -np.inf]
        return np.sort(np.concatenate([best, tail]))  # ties break by row, as when exact

    def _mask(
        self,
        agent_id: str | None,
        kinds: list[str] | None,
        since: float | None,
        until: float | None,
    ) -> np.ndarray | None:
        n = self.size
        mask: np.ndarray | None = None

        def narrow(condition: np.ndarray) -> None:
            nonlocal mask
            mask = condition if mask is None else mask & condition

        if agent_id is not None:
            code = self._codes.get(agent_id)
            if code is None:
                return np.zeros(n, dtype=bool)
            if self._agent_rows.get(code, 0) < n:
                narrow(self.agents[:n] == code)
        if kinds is not None:
            codes = [self._codes[k] for k in kinds if k in self._codes]
            narrow(np.isin(self.kinds[:n], codes))
        if since is not None:
            narrow(self.created[:n] >= since)
        if until is not None:
            narrow(self.created[:n] <= until)
        return mask


def _grow(array: np.ndarray, capacity: int) -> np.ndarray:
    grown = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    grown[: len(array)] = array
    return grown


class SQLiteVectorStore(SQLVectorStore):
    """The default store: ``path`` is created on first use; safe to share across threads."""

    backend = "sqlite"

    def __init__(self, path: str | Path, dim: int | None = None) -> None:
        self.path = Path(path)
        self._db = connect(self.path, MIGRATIONS, busy_ms=10000, private=False)
        self._lock = threading.RLock()
        self._index: MatrixIndex | None = None
        self._data_version: int | None = None
        with self._lock:
            self._db.execute("pragma synchronous=normal")
            row = self._db.execute("select value from meta where key = 'dim'").fetchone()
        self.dim = int(row[0]) if row else None
        if dim is not None:
            self._check_dim(dim, str(self.path))
            if self.dim is None:
                self._set_dim(dim)

    def _set_dim(self, dim: int) -> None:
        self._db.execute("insert or replace into meta (key, value) values ('dim', ?)", (str(dim),))
        self.dim = dim

    # -- writes ---------------------------------------------------------------------------------
    def _insert(self, texts: list[str], vectors: np.ndarray, agent_id: str, kind: str,
                times: list[float], extras: list[dict[str, Any]]) -> list[int]:
        with self._lock:
            self._check_dim(vectors.shape[1], str(self.path))
            self._refresh_if_changed()
            self._db.execute("begin immediate")
            try:
                if self.dim is None:
                    self._set_dim(vectors.shape[1])
                start = self._db.execute("select coalesce(max(id), 0) from memories").fetchone()[0]
                ids = list(range(start + 1, start + 1 + len(texts)))
                self._db.executemany(
                    "insert into memories (id, agent_id, kind, text, created_at, extra, vector)"
                    " values (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (i, agent_id, kind, t, c, json.dumps(e), v.tobytes())
                        for i, t, c, e, v in zip(ids, texts, times, extras, vectors, strict=True)
                    ],
                )
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")
            if self._index is not None:
                self._index.append(ids, vectors, [agent_id] * len(ids), [kind] * len(ids), times)
        return ids

    def delete(self, ids: Sequence[int]) -> int:
        ids = [int(i) for i in ids]
        deleted = 0
        with self._lock:
            self._refresh_if_changed()
            for start in range(0, len(ids), _SQLITE_VARIABLES):
                chunk = ids[start : start + _SQLITE_VARIABLES]
                marks = ",".join("?" * len(chunk))
                deleted += self._db.execute(
                    f"delete from memories where id in ({marks})", chunk
                ).rowcount
            if self._index is not None:
                self._index.remove(ids)
        return deleted

    def clear(self, agent_id: str | None = None) -> int:
        with self._lock:
            if agent_id is None:
                deleted = self._db.execute("delete from memories").rowcount
            else:
                deleted = self._db.execute(
                    "delete from memories where agent_id = ?", (agent_id,)
                ).rowcount
            self._index = None  # rebuilt at the next search
        return deleted

    # -- reads ----------------------------------------------------------------------------------
    def _search(self, query: np.ndarray, k: int, where: Filter) -> list[Hit]:
        with self._lock:
            self._refresh_if_changed()
            if self.dim is None:
                return []
            self._check_dim(len(query), str(self.path))
            norm = float(np.linalg.norm(query))
            if norm > 0:
                query = query / norm
            index = self._loaded_index()
            ranked = index.search(query, k, agent_id=where.agent_id, kinds=where.kinds,
                                  since=where.since, until=where.until)
            records = self._records([i for i, _ in ranked])
        return [Hit(records[i], score) for i, score in ranked if i in records]

    def get(self, ids: Sequence[int]) -> list[MemoryRecord]:
        with self._lock:
            records = self._records([int(i) for i in ids])
        return [records[i] for i in ids if i in records]

    def stats(self, agent_id: str | None = None) -> StoreStats:
        by_kind = self._count_by_kind(agent_id)
        size = sum(
            p.stat().st_size
            for p in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm"))
            if p.exists()
        )
        return StoreStats(self.backend, sum(by_kind.values()), self.dim, by_kind, size)

    @property
    def search_method(self) -> str:
        """How a search over many rows runs (``int8+rescore`` or ``exact``); for reports."""
        with self._lock:
            return self._index.method if self._index is not None else "exact"

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._index = None

    # -- the in-memory index --------------------------------------------------------------------
    def _refresh_if_changed(self) -> None:
        version = self._db.execute("pragma data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._index = None
            row = self._db.execute("select value from meta where key = 'dim'").fetchone()
            self.dim = int(row[0]) if row else self.dim

    def _loaded_index(self) -> MatrixIndex:
        self._refresh_if_changed()
        if self._index is None:
            assert self.dim is not None
            index = MatrixIndex(self.dim)
            cursor = self._db.execute(
                "select id, agent_id, kind, created_at, vector from memories order by id"
            )
            while rows := cursor.fetchmany(20_000):
                ids, agents, kinds, created, blobs = zip(*rows, strict=True)
                matrix = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(-1, self.dim)
                index.append(ids, matrix, agents, kinds, created)
            self._index = index
        return self._index

    def _records(self, ids: list[int]) -> dict[int, MemoryRecord]:
        found: dict[int, MemoryRecord] = {}
        for start in range(0, len(ids), _SQLITE_VARIABLES):
            chunk = ids[start : start + _SQLITE_VARIABLES]
            marks = ",".join("?" * len(chunk))
            for row in self._db.execute(
                f"select {RECORD_COLUMNS} from memories where id in ({marks})", chunk
            ):
                found[row[0]] = record_from_row(row)
        return found
