"""A persistent embedding cache: the same text is never embedded twice by the same model."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from autonomo.memory.embeddings import Embedder
from autonomo.storage.db import connect

_SQLITE_VARIABLES = 500  # well under SQLite's limit on bound parameters


#: this file's migrations, in order (the first one's table may predate the list)
MIGRATIONS = [("m001_embeddings", lambda db: db.execute(
    "create table if not exists embeddings ("
    " model text not null, key text not null, vector blob not null,"
    " primary key (model, key)) without rowid"))]


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EmbeddingCache:
    """SQLite table ``(model, sha256(text)) -> float32 vector``; safe across threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = connect(self.path, MIGRATIONS, busy_ms=10000, private=False)
        self._lock = threading.Lock()

    def get_many(self, model: str, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by text key, for the texts that have one."""
        keys = list(dict.fromkeys(text_key(t) for t in texts))
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), _SQLITE_VARIABLES):
                chunk = keys[start : start + _SQLITE_VARIABLES]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"select key, vector from embeddings where model = ? and key in ({marks})",
                    [model, *chunk],
                )
                for key, blob in rows:
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, model: str, texts: Sequence[str], vectors: np.ndarray) -> None:
        rows = [
            (model, text_key(t), np.asarray(v, dtype=np.float32).tobytes())
            for t, v in zip(texts, vectors, strict=True)
        ]
        with self._lock:
            self._db.execute("begin immediate")
            try:
                self._db.executemany(
                    "insert or replace into embeddings (model, key, vector) values (?, ?, ?)",
                    rows,
                )
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")

    def count(self, model: str | None = None) -> int:
        with self._lock:
            if model is None:
                return self._db.execute("select count(*) from embeddings").fetchone()[0]
            return self._db.execute(
                "select count(*) from embeddings where model = ?", (model,)
            ).fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class CachedEmbedder:
    """An embedder that looks texts up in an ``EmbeddingCache`` before embedding the rest."""

    def __init__(self, inner: Embedder, cache: EmbeddingCache) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name
        #: texts actually sent to ``inner`` (not found in the cache), for statistics
        self.misses = 0

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = [str(t) for t in texts]
        found = self.cache.get_many(self.name, texts)
        missing = list(dict.fromkeys(t for t in texts if text_key(t) not in found))
        if missing:
            vectors = self.inner.embed(missing)
            self.cache.put_many(self.name, missing, vectors)
            self.misses += len(missing)
            for text, vector in zip(missing, vectors, strict=True):
                found[text_key(text)] = vector
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[text_key(t)] for t in texts]).astype(np.float32, copy=False)
