"""Memory beyond the context window: embeddings, vector stores, relevant memories, condensation.

Typical use::

    memory = open_memory(settings, agent_id)        # survives restarts
    memory.remember("Step 3: wrote notes.txt ...", kind="result")
    memory.relevant(recent_history, token_budget=400, count_tokens=model.count_tokens)
    memory.recall("where did I save the notes?")
"""

from autonomo.memory.agent_memory import AgentMemory
from autonomo.memory.cache import CachedEmbedder, EmbeddingCache
from autonomo.memory.condense import Condensation, Condenser
from autonomo.memory.embeddings import (
    Embedder,
    HashingEmbedder,
    HookEmbedder,
    LocalEmbedder,
    OpenAIEmbedder,
)
from autonomo.memory.factory import make_embedder, memory_path, open_memory, open_store
from autonomo.memory.store import Hit, MemoryRecord, StoreStats, VectorStore

__all__ = [
    "AgentMemory",
    "CachedEmbedder",
    "Condensation",
    "Condenser",
    "Embedder",
    "EmbeddingCache",
    "HashingEmbedder",
    "Hit",
    "HookEmbedder",
    "LocalEmbedder",
    "MemoryRecord",
    "OpenAIEmbedder",
    "StoreStats",
    "VectorStore",
    "make_embedder",
    "memory_path",
    "open_memory",
    "open_store",
]
