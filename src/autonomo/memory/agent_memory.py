"""An agent's long-term memory (AutoGPT): remember everything, bring back what is relevant.

The runner stores each step's reply, result and feedback with ``remember``; before each
prompt it asks ``relevant(recent history, token budget)`` for the memories to show (placed
after the stable prefix, so the prompt cache survives); the agent's ``recall`` command
searches on demand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any

from autonomo.memory.embeddings import Embedder
from autonomo.memory.store import Hit, Kinds, MemoryRecord, StoreStats, VectorStore

TokenCounter = Callable[[str], int]

#: all-MiniLM-L6-v2 reads 256 word pieces (~1,000 characters); longer texts are split so no
#: part of them is invisible to search.
DEFAULT_CHUNK_CHARS = 1000


@dataclass(eq=False)
class AgentMemory:
    """One agent's view of a vector store, through one embedder."""

    store: VectorStore
    embedder: Embedder
    agent_id: str
    _: KW_ONLY
    chunk_chars: int = DEFAULT_CHUNK_CHARS
    #: lazy mode: ``remember`` appends to this file (one JSON line per call, no embedding);
    #: the first search, listing or ``flush`` — in any process — embeds and stores them
    pending_path: Path | None = None
    _stored_any: bool | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.agent_id:
            raise ValueError("AgentMemory needs an agent_id")

    # -- writing --------------------------------------------------------------------------------
    def remember(
        self, text: str, kind: str = "memory", meta: dict[str, Any] | None = None
    ) -> list[int]:
        """Store ``text`` (split into chunks when long); returns the new memory ids."""
        return self.remember_many([text], kind=kind, metas=[meta or {}])

    def remember_many(
        self,
        texts: Sequence[str],
        kind: str = "memory",
        metas: Sequence[dict[str, Any]] | None = None,
        created_at: float | Sequence[float] | None = None,
    ) -> list[int]:
        """Store several texts in one embedding batch and one transaction (lazy: queue them,
        and return no ids)."""
        metas = list(metas) if metas is not None else [{} for _ in texts]
        if self.pending_path is not None:
            line = json.dumps({"texts": list(texts), "kind": kind, "metas": metas,
                               "created_at": created_at})
            self.pending_path.parent.mkdir(parents=True, exist_ok=True)
            with self.pending_path.open("a", encoding="utf-8") as fh:
                fh.write(line + "\n")
            return []
        return self._store(texts, kind, metas, created_at)

    def _pending(self) -> list[dict[str, Any]]:
        if self.pending_path is None or not self.pending_path.is_file():
            return []
        lines = self.pending_path.read_text("utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]

    def has_pending(self) -> bool:
        return self.pending_path is not None and self.pending_path.is_file()

    def flush(self) -> None:
        """Embed and store what ``remember`` queued (lazy mode)."""
        pending = self._pending()
        for item in pending:
            self._store(item["texts"], item["kind"], item["metas"], item["created_at"])
        if pending and self.pending_path is not None:
            self.pending_path.unlink()

    def _has_searchable(self, exclude: Collection[str]) -> bool:
        """Whether a search could find something outside ``exclude`` (no embedding needed)."""
        if any(t not in exclude for item in self._pending() for t in item["texts"]):
            return True
        if self._stored_any is None:
            self._stored_any = self.store.stats(self.agent_id).count > 0
        return self._stored_any

    def _store(
        self,
        texts: Sequence[str],
        kind: str,
        metas: list[dict[str, Any]],
        created_at: float | Sequence[float] | None,
    ) -> list[int]:
        times = (
            [created_at] * len(texts)
            if created_at is None or isinstance(created_at, (int, float))
            else list(created_at)
        )
        pieces: list[str] = []
        extras: list[dict[str, Any]] = []
        stamps: list[float | None] = []
        for text, meta, stamp in zip(texts, metas, times, strict=True):
            chunks = split_text(text, self.chunk_chars)
            for number, chunk in enumerate(chunks):
                extra = dict(meta)
                if len(chunks) > 1:
                    extra.update(chunk=number, chunks=len(chunks))
                pieces.append(chunk)
                extras.append(extra)
                stamps.append(stamp)
        if not pieces:
            return []
        vectors = self.embedder.embed(pieces)
        when = None if created_at is None else [float(s or 0.0) for s in stamps]
        self._stored_any = True
        return self.store.add(
            pieces, vectors, agent_id=self.agent_id, kind=kind, created_at=when, extra=extras
        )

    # -- reading --------------------------------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 5,
        *,
        kind: Kinds = None,
        since: float | None = None,
        until: float | None = None,
    ) -> list[Hit]:
        if not query.strip():
            return []
        self.flush()
        vector = self.embedder.embed([query])[0]
        return self.store.search(
            vector, k, agent_id=self.agent_id, kind=kind, since=since, until=until
        )

    def recall(self, query: str, k: int = 5) -> list[str]:
        """The texts of the ``k`` memories most similar to ``query``, best first."""
        return [hit.record.text for hit in self.search(query, k)]

    def relevant(
        self,
        query_text: str,
        token_budget: int,
        count_tokens: TokenCounter,
        *,
        k: int = 10,
        min_score: float = 0.0,
        exclude: Collection[str] = (),
        kind: Kinds = None,
    ) -> list[str]:
        """Memories most relevant to ``query_text`` that fit in ``token_budget``, best first.

        Less relevant memories are dropped first: the result is always the best-ranked
        prefix that fits. ``exclude`` skips texts the prompt already shows.
        """
        if token_budget <= 0 or not self._has_searchable(exclude):
            return []
        chosen: list[str] = []
        used = 0
        for hit in self.search(query_text, k, kind=kind):
            text = hit.record.text
            if hit.score < min_score:
                break
            if text in exclude or text in chosen:
                continue
            cost = count_tokens(text)
            if used + cost > token_budget:
                break
            chosen.append(text)
            used += cost
        return chosen

    # -- housekeeping ---------------------------------------------------------------------------
    def list(self, limit: int = 50, *, kind: Kinds = None, offset: int = 0) -> list[MemoryRecord]:
        self.flush()
        return self.store.list(agent_id=self.agent_id, kind=kind, limit=limit, offset=offset)

    def forget(self, ids: Sequence[int]) -> int:
        return self.store.delete(ids)

    def clear(self) -> int:
        return self.store.clear(self.agent_id)

    def stats(self) -> StoreStats:
        self.flush()
        return self.store.stats(self.agent_id)

    def close(self) -> None:
        self.store.close()


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into pieces of at most ``limit`` characters, preferring paragraph,
    line, sentence and word boundaries (in that order). Empty text gives no pieces."""
    text = text.strip()
    if not text:
        return []
    pieces: list[str] = []
    while len(text) > limit:
        cut = 0
        for pattern in (r"\n\s*\n", r"\n", r"(?<=[.!?;])\s+", r"\s+"):
            boundaries = [m.start() for m in re.finditer(pattern, text[: limit + 1])]
            boundaries = [b for b in boundaries if b >= limit // 3]
            if boundaries:
                cut = boundaries[-1]
                break
        if cut == 0:
            cut = limit
        pieces.append(text[:cut].strip())
        text = text[cut:].strip()
    if text:
        pieces.append(text)
    return [p for p in pieces if p]
