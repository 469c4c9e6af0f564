"""The vector store interface shared by the SQLite and PostgreSQL backends."""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from autonomo.errors import ConfigError


@dataclass(frozen=True)
class MemoryRecord:
    """One stored memory. ``created_at`` is seconds since the epoch (UTC)."""

    id: int
    text: str
    agent_id: str
    kind: str
    created_at: float
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Hit:
    """A search result; ``score`` is the cosine similarity to the query (1.0 = same)."""

    record: MemoryRecord
    score: float


@dataclass(frozen=True)
class StoreStats:
    backend: str
    count: int
    dim: int | None
    by_kind: dict[str, int]
    #: bytes on disk (SQLite file, or the PostgreSQL table with its indexes)
    size_bytes: int


Kinds = str | Sequence[str] | None


@dataclass(frozen=True)
class Filter:
    """Which memories a search or listing covers; ``None`` means any."""

    agent_id: str | None = None
    kinds: list[str] | None = None
    since: float | None = None
    until: float | None = None

    def sql(self, mark: str, kinds: Callable[[list[str]], tuple[str, list[Any]]]
            ) -> tuple[str, list[Any]]:
        """A ``where`` clause (or "") and its parameters, ``mark`` being the placeholder;
        ``kinds`` gives the test of the kind column against a list, with its parameters."""
        clauses: list[str] = []
        params: list[Any] = []
        if self.agent_id is not None:
            clauses.append(f"agent_id = {mark}")
            params.append(self.agent_id)
        if self.kinds is not None:
            clause, values = kinds(self.kinds)
            clauses.append(clause)
            params.extend(values)
        for value, test in ((self.since, ">="), (self.until, "<=")):
            if value is not None:
                clauses.append(f"created_at {test} {mark}")
                params.append(float(value))
        return ("where " + " and ".join(clauses)) if clauses else "", params


class VectorStore(ABC):
    """Memories with their vectors; top-k cosine search with metadata filters.

    Vectors are normalised on the way in, so a search scores by cosine similarity. The
    dimension is fixed by the first ``add`` (or the constructor) and checked afterwards.
    """

    backend: str = "store"
    dim: int | None = None

    def add(
        self,
        texts: Sequence[str],
        vectors: np.ndarray,
        *,
        agent_id: str,
        kind: str = "memory",
        created_at: float | Sequence[float] | None = None,
        extra: dict[str, Any] | Sequence[dict[str, Any]] | None = None,
    ) -> list[int]:
        """Store one memory per text; returns their ids in order."""
        texts = [str(t) for t in texts]
        if not texts:
            return []
        vectors, times, extras = prepare_rows(texts, vectors, created_at, extra)
        return self._insert(texts, vectors, agent_id, kind, times, extras)

    @abstractmethod
    def _insert(self, texts: list[str], vectors: np.ndarray, agent_id: str, kind: str,
                times: list[float], extras: list[dict[str, Any]]) -> list[int]:
        """Store prepared rows (one per text, vectors checked, times and extras filled)."""

    def search(
        self,
        vector: np.ndarray,
        k: int = 5,
        *,
        agent_id: str | None = None,
        kind: Kinds = None,
        since: float | None = None,
        until: float | None = None,
    ) -> list[Hit]:
        """The ``k`` memories most similar to ``vector``, best first."""
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if not np.all(np.isfinite(query)):
            raise ValueError("the query vector contains NaN or infinity")
        if k <= 0:
            return []
        return self._search(query, k, Filter(agent_id, kinds_list(kind), since, until))

    @abstractmethod
    def _search(self, query: np.ndarray, k: int, where: Filter) -> list[Hit]:
        """The best ``k`` (at least 1) hits for a finite float32 ``query`` among ``where``."""

    def list(
        self,
        *,
        agent_id: str | None = None,
        kind: Kinds = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[MemoryRecord]:
        """Memories newest first."""
        return self._list(Filter(agent_id, kinds_list(kind)), int(limit), int(offset))

    @abstractmethod
    def _list(self, where: Filter, limit: int, offset: int) -> list[MemoryRecord]:
        """Memories of ``where``, newest first (then highest id first)."""

    @abstractmethod
    def delete(self, ids: Sequence[int]) -> int:
        """Delete by id; returns how many were deleted."""

    @abstractmethod
    def clear(self, agent_id: str | None = None) -> int:
        """Delete every memory (of one agent); returns how many were deleted."""

    @abstractmethod
    def stats(self, agent_id: str | None = None) -> StoreStats: ...

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections."""

    def __enter__(self) -> VectorStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- helpers for the backends ---------------------------------------------------------------
    def _check_dim(self, dim: int, where: str) -> None:
        if self.dim is not None and dim != self.dim:
            raise ConfigError(
                f"{where} holds vectors of dimension {self.dim}, but the embedder gives {dim}. "
                "Use the embedding model the memory was built with, or clear the memory "
                "(`autonomo memory AGENT clear`)."
            )


class SQLVectorStore(VectorStore):
    """What the SQL backends share: filters as ``where`` clauses, listings, counts by kind.

    A backend sets ``table``, ``_mark`` (its placeholder) and ``_db``/``_lock`` (a connection
    whose ``execute`` returns a cursor, and the lock that serialises it)."""

    table: str = "memories"
    _mark: str = "?"
    _db: Any
    _lock: Any

    def _kinds_sql(self, kinds: list[str]) -> tuple[str, list[Any]]:
        """The test of the kind column against ``kinds``, with its parameters."""
        if not kinds:
            return "false", []
        return f"kind in ({','.join([self._mark] * len(kinds))})", list(kinds)

    def _where(self, where: Filter) -> tuple[str, list[Any]]:
        return where.sql(self._mark, self._kinds_sql)

    def _has_table(self) -> bool:
        return True

    def _list(self, where: Filter, limit: int, offset: int) -> list[MemoryRecord]:
        if not self._has_table():
            return []
        clause, params = self._where(where)
        with self._lock:
            rows = self._db.execute(
                f"select {RECORD_COLUMNS} from {self.table} {clause}"
                f" order by created_at desc, id desc limit {self._mark} offset {self._mark}",
                [*params, limit, offset],
            ).fetchall()
        return [record_from_row(row) for row in rows]

    def _count_by_kind(self, agent_id: str | None) -> dict[str, int]:
        clause, params = self._where(Filter(agent_id))
        with self._lock:
            return dict(self._db.execute(
                f"select kind, count(*) from {self.table} {clause} group by kind order by kind",
                params,
            ).fetchall())


#: the columns ``record_from_row`` reads, in order
RECORD_COLUMNS = "id, text, agent_id, kind, created_at, extra"


def record_from_row(row: Sequence[Any]) -> MemoryRecord:
    id_, text, agent_id, kind, created_at, extra = row
    if isinstance(extra, str):
        extra = json.loads(extra)
    return MemoryRecord(int(id_), text, agent_id, kind, float(created_at), dict(extra or {}))


def prepare_rows(
    texts: Sequence[str],
    vectors: np.ndarray,
    created_at: float | Sequence[float] | None,
    extra: dict[str, Any] | Sequence[dict[str, Any]] | None,
) -> tuple[np.ndarray, list[float], list[dict[str, Any]]]:
    """Validate an ``add`` call and expand per-call metadata to per-row lists."""
    from autonomo.memory.embeddings import normalize

    vectors = normalize(np.asarray(vectors, dtype=np.float32)) if len(texts) else vectors
    if len(texts) != len(vectors):
        raise ValueError(f"{len(texts)} texts but {len(vectors)} vectors")
    if not np.all(np.isfinite(vectors)):
        raise ValueError("vectors contain NaN or infinity")
    count = len(texts)
    if created_at is None:
        times = [time.time()] * count
    elif isinstance(created_at, (int, float)):
        times = [float(created_at)] * count
    else:
        times = [float(t) for t in created_at]
    if extra is None:
        extras: list[dict[str, Any]] = [{} for _ in range(count)]
    elif isinstance(extra, dict):
        extras = [dict(extra) for _ in range(count)]
    else:
        extras = [dict(e) for e in extra]
    if len(times) != count or len(extras) != count:
        raise ValueError("created_at and extra must have one entry per text")
    return vectors, times, extras


def kinds_list(kind: Kinds) -> list[str] | None:
    if kind is None:
        return None
    return [kind] if isinstance(kind, str) else list(kind)
