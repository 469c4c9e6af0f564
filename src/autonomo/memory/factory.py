"""Build an agent's memory from ``Settings``: embedder, store and where their files live.

Layout under ``Settings.data_dir``::

    agents/<agent_id>/memory.sqlite   the agent's memories (SQLite backend)
    embeddings.sqlite                 the embedding cache, shared by all agents
    postgres/                         the embedded PostgreSQL server (postgres backend, no URL)
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autonomo.errors import ConfigError, UserError
from autonomo.memory.agent_memory import AgentMemory
from autonomo.memory.cache import CachedEmbedder, EmbeddingCache
from autonomo.memory.embeddings import (
    LOCAL_MODEL_NAME,
    Embedder,
    HashingEmbedder,
    HookEmbedder,
    LocalEmbedder,
    OpenAIEmbedder,
)
from autonomo.memory.store import VectorStore

if TYPE_CHECKING:
    from autonomo.config import Settings

_AGENT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")


def agent_dir(settings: Settings, agent_id: str) -> Path:
    if not _AGENT_ID.match(agent_id) or ".." in agent_id:
        raise UserError(
            f"{agent_id!r} is not a valid agent id (letters, digits, '_', '-', '.'; "
            "at most 128 characters)."
        )
    return Path(settings.data_dir).expanduser() / "agents" / agent_id


def memory_path(settings: Settings, agent_id: str) -> Path:
    return agent_dir(settings, agent_id) / "memory.sqlite"


def make_embedder(settings: Settings, plugins: Any = None, *, cache: bool = True) -> Embedder:
    """The configured embedder, behind the plugins' ``text_embedding`` hook and the cache."""
    from autonomo.plugins.registry import lookup

    embedder: Embedder = lookup(plugins, "embedders", settings.memory.embedder)(settings)
    if plugins is not None:
        embedder = HookEmbedder(plugins, embedder)
    if cache:
        data_dir = Path(settings.data_dir).expanduser()
        embedder = CachedEmbedder(embedder, EmbeddingCache(data_dir / "embeddings.sqlite"))
    return embedder


def hashing_embedder(settings: Settings) -> Embedder:
    """Matches shared words only; needs no model."""
    return HashingEmbedder(batch_size=max(settings.memory.embedding_batch_size, 1))


def openai_embedder(settings: Settings) -> Embedder:
    config, fast = settings.memory, settings.llm.fast
    base_url = config.embedding_base_url or fast.base_url or "https://api.openai.com/v1"
    key_env = config.embedding_api_key_env or fast.api_key_env
    api_key = os.environ.get(key_env) or fast.api_key
    if config.embedding_model == LOCAL_MODEL_NAME:
        raise ConfigError(
            "memory.embedder is 'openai' but memory.embedding_model is the local model's "
            "name; set it to the endpoint's model, e.g. text-embedding-3-small."
        )
    return OpenAIEmbedder(
        config.embedding_model, base_url=base_url, api_key=api_key,
        batch_size=config.embedding_batch_size, timeout_s=fast.timeout_s,
        max_retries=fast.max_retries, headers=fast.headers,
    )


def local_embedder(settings: Settings) -> Embedder:
    config = settings.memory
    path = None if config.embedding_model == LOCAL_MODEL_NAME else config.embedding_model
    return LocalEmbedder(path, batch_size=config.embedding_batch_size)


def sqlite_store(settings: Settings, agent_id: str, dim: int | None = None) -> VectorStore:
    from autonomo.memory.sqlite_store import SQLiteVectorStore

    return SQLiteVectorStore(memory_path(settings, agent_id), dim)


def postgres_store(settings: Settings, agent_id: str, dim: int | None = None) -> VectorStore:
    from autonomo.memory.postgres_store import PostgresVectorStore, embedded_server

    url = settings.memory.postgres_url or embedded_server(
        Path(settings.data_dir).expanduser() / "postgres")
    return PostgresVectorStore(url, dim)


def open_store(settings: Settings, agent_id: str, dim: int | None = None, *,
               plugins: Any = None) -> VectorStore:
    """The configured store for ``agent_id`` (any registered ``memory.backend``)."""
    from autonomo.plugins.registry import lookup

    return lookup(plugins, "memory_stores", settings.memory.backend)(settings, agent_id, dim)


def open_memory(
    settings: Settings,
    agent_id: str,
    *,
    embedder: Embedder | None = None,
    plugins: Any = None,
) -> AgentMemory:
    """``agent_id``'s memory as configured; it survives restarts (a file or a server)."""
    embedder = embedder or make_embedder(settings, plugins)
    store = open_store(settings, agent_id, embedder.dim, plugins=plugins)
    return AgentMemory(store, embedder, agent_id, pending_path=pending_path(settings, agent_id))


def pending_path(settings: Settings, agent_id: str) -> Path | None:
    """Where ``agent_id``'s memories wait to be embedded (lazy mode), or None."""
    return agent_dir(settings, agent_id) / "memory_pending.jsonl" if settings.memory.lazy \
        else None
