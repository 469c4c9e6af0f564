"""Condensation (OpenDevin's condensed monologue): shrink the oldest history into facts.

When the history passes a token threshold, the model rewrites its oldest entries as a short
list of facts (valid JSON by construction on models that enforce ``schema``). The originals
go to the agent's vector store (kind ``condensed_original``), where ``recall`` still finds
them. A ``Condensation`` is computed once; the caller keeps (freezes) its ``summary`` in place
of the entries it replaces, so later prompts start with the same text and the cache survives.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

import json_repair

from autonomo import prompts
from autonomo.errors import ModelResponseError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Message
from autonomo.memory.agent_memory import AgentMemory

TokenCounter = Callable[[str], int]
ORIGINAL_KIND = "condensed_original"

@dataclass(frozen=True)
class Condensation:
    """The result of one condensation: ``summary`` replaces the first ``count`` entries."""

    summary: str
    facts: list[str]
    count: int
    #: ids of the originals in the vector store (empty without a memory)
    memory_ids: list[int] = field(default_factory=list)


@dataclass(eq=False)
class Condenser:
    """Condenses the oldest entries of a history with ``model``."""

    model: ChatModel
    _: KW_ONLY
    memory: AgentMemory | None = None
    keep_fraction: float = 0.5
    max_facts: int = 12
    fact_chars: int = 160
    max_tokens: int = 512
    retries: int = 1

    def __post_init__(self) -> None:
        if not 0.0 <= self.keep_fraction < 1.0:
            raise ValueError("keep_fraction must be in [0, 1)")

    @property
    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "facts": {
                    "type": "array",
                    "items": {"type": "string", "minLength": 1, "maxLength": self.fact_chars},
                    "minItems": 1,
                    "maxItems": self.max_facts,
                }
            },
            "required": ["facts"],
            "additionalProperties": False,
        }

    def oldest_part(
        self, items: Sequence[str], threshold: int, count_tokens: TokenCounter | None = None
    ) -> int:
        """How many of the oldest entries to condense: 0 while the history fits under
        ``threshold``; otherwise enough that the rest fits in ``keep_fraction`` of it. The
        newest entry is always kept."""
        count = count_tokens or self.model.count_tokens
        sizes = [count(item) for item in items]
        if len(items) < 2 or sum(sizes) <= threshold:
            return 0
        target = threshold * self.keep_fraction
        remaining = sum(sizes)
        n = 0
        while n < len(items) - 1 and (n == 0 or remaining > target):
            remaining -= sizes[n]
            n += 1
        return n

    def condense(
        self,
        items: Sequence[str],
        threshold: int,
        count_tokens: TokenCounter | None = None,
    ) -> Condensation | None:
        """Condense the oldest entries when ``items`` pass ``threshold`` tokens, else None."""
        n = self.oldest_part(items, threshold, count_tokens)
        if n == 0:
            return None
        return self.condense_entries(items[:n])

    def condense_entries(self, entries: Sequence[str]) -> Condensation:
        """Summarise exactly ``entries`` and store them in the memory."""
        entries = list(entries)
        facts: list[str] = []
        for batch in self._batches(entries):
            facts.extend(self._facts(batch))
        summary = prompts.render("condense", "summary", count=len(entries), facts=facts)
        ids: list[int] = []
        if self.memory is not None:
            digest = hashlib.sha256(summary.encode("utf-8")).hexdigest()[:16]
            ids = self.memory.remember_many(
                entries,
                kind=ORIGINAL_KIND,
                metas=[{"condensation": digest, "position": i} for i in range(len(entries))],
            )
        return Condensation(summary=summary, facts=facts, count=len(entries), memory_ids=ids)

    # -- the model call -------------------------------------------------------------------------
    def _batches(self, entries: list[str]) -> list[list[str]]:
        """Groups of entries whose prompt fits in the model's context window."""
        count = self.model.count_tokens
        fixed = count(prompts.render("condense", "system", max_facts=self.max_facts)) + count(
            prompts.render("condense", "user", items=[])
        )
        budget = max(256, self.model.context_window - self.max_tokens - fixed - 64)
        batches: list[list[str]] = [[]]
        used = 0
        for entry in entries:
            size = count(entry) + 4
            if size > budget:  # the original is kept whole in the store
                entry = entry[: budget * 3]
                size = count(entry) + 4
            if batches[-1] and used + size > budget:
                batches.append([])
                used = 0
            batches[-1].append(entry)
            used += size
        return batches

    def _facts(self, entries: list[str]) -> list[str]:
        messages = [
            Message.system(prompts.render("condense", "system", max_facts=self.max_facts)),
            Message.user(prompts.render("condense", "user", items=entries)),
        ]
        for attempt in range(self.retries + 1):
            completion = self.model.complete(
                messages, schema=self.schema, max_tokens=self.max_tokens, temperature=0.0
            )
            try:
                return parse_facts(completion.text, self.fact_chars)
            except ModelResponseError as exc:
                if attempt == self.retries:
                    raise
                messages = [
                    *messages,
                    Message.assistant(completion.text),
                    Message.user(prompts.render("condense", "retry", error=str(exc))),
                ]
        raise AssertionError("unreachable")


def parse_facts(text: str, max_chars: int = 160) -> list[str]:
    """The list of facts in a model's answer; ``ModelResponseError`` when there is none."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        data = json_repair.loads(text) if text.strip() else None
    if isinstance(data, dict):
        data = data.get("facts")
    if not isinstance(data, list):
        raise ModelResponseError(
            f'expected JSON {{"facts": [...]}}, got: {text[:200]!r}'
        )
    facts = [str(f).strip()[:max_chars] for f in data if isinstance(f, (str, int, float))]
    facts = [f for f in facts if f]
    if not facts:
        raise ModelResponseError("the list of facts is empty")
    return facts
