"""The default memory store against exact NumPy search, side by side in one run.

    python benchmarks/memory.py                  # 100,000 memories of dimension 384
    python benchmarks/memory.py --postgres       # also PostgreSQL + pgvector (HNSW)
    python benchmarks/memory.py --n 20000        # a smaller run

Random unit vectors stand in for embeddings. Prints one ``name: value`` line per figure:

* ``query_ratio``: median top-10 query time of the default store (SQLite file + in-memory
  matrix; includes fetching the 10 rows) ÷ exact NumPy search (matrix product +
  argpartition) over the same vectors already in memory; goal ≤ 1.0. Queries alternate
  between the two so both see the same machine load. ``store_query_ms`` and
  ``numpy_query_ms`` are the two medians; ``store_search`` says how the store searched
  (``int8+rescore`` with torch, ``exact`` without).
* ``recall_at_10``: share of the exact top 10 the store returns (1.0 for exact search);
  ``filtered_recall_at_10``: the same with a time filter that half of the memories pass.
* ``inserts_per_s``: memories stored per second, in adds of 1,000 (one transaction each);
  ``single_inserts_per_s``: the same, one memory per add (one step of an agent).
* ``disk_mb``: the store's size on disk; ``index_load_s``: first search after opening
  (reads every vector into the matrix).
* with ``--postgres``, the same figures prefixed ``pg_`` for the embedded PostgreSQL 18 +
  pgvector store (20,000 memories by default): with its HNSW index (approximate; random
  vectors are HNSW's worst case, so expect a low recall here) and with ``exact=True``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from autonomo.memory.sqlite_store import SQLiteVectorStore
from autonomo.memory.store import VectorStore

K = 10


def unit_vectors(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    vectors = rng.standard_normal((n, dim), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors


def exact_top_k(matrix: np.ndarray, query: np.ndarray, k: int) -> np.ndarray:
    """The baseline: exact cosine search in NumPy over unit vectors held in memory."""
    scores = matrix @ query
    top = np.argpartition(-scores, k)[:k]
    return top[np.argsort(-scores[top])]


#: memory ``i`` is stored with ``created_at = EPOCH + i``
EPOCH = 1_700_000_000.0


def fill(store: VectorStore, vectors: np.ndarray, batch: int = 1000) -> tuple[list[int], float]:
    ids: list[int] = []
    started = time.perf_counter()
    for start in range(0, len(vectors), batch):
        chunk = vectors[start : start + batch]
        texts = [f"memory {start + i}" for i in range(len(chunk))]
        times = [EPOCH + start + i for i in range(len(chunk))]
        ids.extend(store.add(texts, chunk, agent_id="bench", kind="result", created_at=times))
    return ids, time.perf_counter() - started


def single_inserts(store: VectorStore, vectors: np.ndarray) -> float:
    started = time.perf_counter()
    for i, vector in enumerate(vectors):
        store.add([f"single {i}"], vector[None, :], agent_id="bench", kind="result")
    return len(vectors) / (time.perf_counter() - started)


def compare(
    store: VectorStore, ids: list[int], matrix: np.ndarray, queries: np.ndarray
) -> tuple[float, float, float, float]:
    """(store seconds/query, numpy seconds/query, recall@10, first-query seconds)."""
    started = time.perf_counter()
    store.search(queries[0], K, agent_id="bench")
    first = time.perf_counter() - started
    position = {memory_id: i for i, memory_id in enumerate(ids)}
    store_times: list[float] = []
    numpy_times: list[float] = []
    found = 0
    for number, query in enumerate(queries):
        for turn in (0, 1) if number % 2 else (1, 0):  # alternate which goes first
            started = time.perf_counter()
            if turn == 0:
                hits = store.search(query, K, agent_id="bench")
                store_times.append(time.perf_counter() - started)
            else:
                exact = exact_top_k(matrix, query, K)
                numpy_times.append(time.perf_counter() - started)
        got = {position.get(h.record.id, -1) for h in hits}
        found += len(got & set(exact.tolist()))
    recall = found / (len(queries) * K)
    return statistics.median(store_times), statistics.median(numpy_times), recall, first


def filtered_recall(
    store: VectorStore, ids: list[int], matrix: np.ndarray, queries: np.ndarray
) -> float:
    """Recall@10 when only the newer half of the memories may be returned (``since``)."""
    half = len(matrix) // 2
    position = {memory_id: i for i, memory_id in enumerate(ids)}
    found = 0
    for query in queries:
        hits = store.search(query, K, agent_id="bench", since=EPOCH + half)
        got = {position.get(h.record.id, -1) for h in hits}
        found += len(got & set((half + exact_top_k(matrix[half:], query, K)).tolist()))
    return found / (len(queries) * K)


def report(prefix: str, figures: dict[str, float]) -> None:
    for name, value in figures.items():
        shown = str(value) if isinstance(value, int) else f"{value:.4g}"
        print(f"{prefix}{name}: {shown}", flush=True)


def bench_sqlite(vectors: np.ndarray, queries: np.ndarray, extra: np.ndarray, tmp: Path) -> None:
    path = tmp / "agents" / "bench" / "memory.sqlite"
    store = SQLiteVectorStore(path, vectors.shape[1])
    ids, took = fill(store, vectors)
    store.close()
    store = SQLiteVectorStore(path)  # a restart: the first search loads the matrix
    per_store, per_numpy, recall, first = compare(store, ids, vectors, queries)
    filtered = filtered_recall(store, ids, vectors, queries[:50])
    print(f"store_search: {store.search_method}")
    singles = single_inserts(store, extra)
    report("", {
        "query_ratio": per_store / per_numpy,
        "recall_at_10": recall,
        "filtered_recall_at_10": filtered,
        "inserts_per_s": round(len(vectors) / took),
        "single_inserts_per_s": round(singles),
        "disk_mb": store.stats().size_bytes / 1e6,
        "store_query_ms": per_store * 1e3,
        "numpy_query_ms": per_numpy * 1e3,
        "index_load_s": first,
    })
    store.close()


def bench_postgres(vectors: np.ndarray, queries: np.ndarray, tmp: Path) -> None:
    from autonomo.memory.postgres_store import PostgresVectorStore, embedded_server

    url = embedded_server(tmp / "pg")
    store = PostgresVectorStore(url, vectors.shape[1])
    ids, took = fill(store, vectors)
    store.analyze()
    per_store, per_numpy, recall, _ = compare(store, ids, vectors, queries)
    exact = PostgresVectorStore(url, exact=True)
    per_exact, per_numpy_exact, recall_exact, _ = compare(exact, ids, vectors, queries)
    report("pg_", {
        "memories": len(vectors),
        "query_ratio": per_store / per_numpy,
        "recall_at_10": recall,
        "exact_query_ratio": per_exact / per_numpy_exact,
        "exact_recall_at_10": recall_exact,
        "inserts_per_s": round(len(vectors) / took),
        "disk_mb": store.stats().size_bytes / 1e6,
        "store_query_ms": per_store * 1e3,
    })
    store.close()
    exact.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="memories to store")
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--postgres", action="store_true", help="also bench pgvector")
    parser.add_argument(
        "--pg-n", type=int, default=20_000, help="memories for PostgreSQL (HNSW inserts are slow)"
    )
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    vectors = unit_vectors(rng, args.n, args.dim)
    queries = unit_vectors(rng, args.queries, args.dim)
    extra = unit_vectors(rng, 200, args.dim)
    print(f"memories: {args.n}")
    print(f"dimension: {args.dim}")
    with tempfile.TemporaryDirectory(prefix="autonomo-bench-") as tmp:
        bench_sqlite(vectors, queries, extra, Path(tmp))
        if args.postgres:
            bench_postgres(vectors[: args.pg_n], queries[:50], Path(tmp))


if __name__ == "__main__":
    main()
