"""Cost per call, usage per run, and a budget that stops a run *before* it is exceeded."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any

from autonomo.config import Prices
from autonomo.errors import BudgetExceededError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion, Message, ToolSpec, Usage

PER_TOKEN = 1_000_000  # prices are per million tokens


def cost_of(usage: Usage, prices: Prices | None) -> float:
    """US dollars for one call's tokens; cached prompt tokens at the cached price if set."""
    if prices is None:
        return 0.0
    cached = min(usage.cached_prompt_tokens, usage.prompt_tokens)
    cached_price = prices.prompt if prices.cached_prompt is None else prices.cached_prompt
    return (
        (usage.prompt_tokens - cached) * prices.prompt
        + cached * cached_price
        + usage.completion_tokens * prices.completion
    ) / PER_TOKEN


def worst_case_cost(prompt_tokens: int, max_tokens: int, prices: Prices | None) -> float:
    """The most a call can cost: the whole prompt uncached plus a full-length answer."""
    if prices is None:
        return 0.0
    return (prompt_tokens * prices.prompt + max_tokens * prices.completion) / PER_TOKEN


class UsageLedger:
    """Usage of a run: the total and a breakdown per model. Safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_model: dict[str, Usage] = {}

    def record(self, model: str, usage: Usage) -> None:
        with self._lock:
            self._by_model[model] = self._by_model.get(model, Usage()) + usage

    @property
    def total(self) -> Usage:
        with self._lock:
            return sum(self._by_model.values(), Usage())

    @property
    def by_model(self) -> dict[str, Usage]:
        with self._lock:
            return {name: usage.model_copy() for name, usage in self._by_model.items()}

    def to_dict(self) -> dict[str, Any]:
        """Plain data for storage or display."""
        return {
            "total": self.total.model_dump(),
            "by_model": {name: u.model_dump() for name, u in self.by_model.items()},
        }


class MeteredModel(ChatModel):
    """Wraps a model: records every call in a ledger and enforces a budget (US dollars).

    Before each call the worst case (prompt at full price + ``max_tokens`` of answer) is added
    to what the ledger has spent; if that would pass the budget the call is not made and
    ``BudgetExceededError`` says how much was spent. Several models may share one ledger and
    so one budget. Prices come from the argument or from the inner model's ``prices``.
    """

    def __init__(
        self,
        inner: ChatModel,
        ledger: UsageLedger,
        budget: float | None = None,
        *,
        prices: Prices | None = None,
    ) -> None:
        self.inner = inner
        self.ledger = ledger
        self.budget = budget
        self.prices = prices if prices is not None else getattr(inner, "prices", None)
        self.name = inner.name
        self.context_window = inner.context_window
        self.enforces_schema = inner.enforces_schema
        self.supports_tools = inner.supports_tools
        self.default_max_tokens: int = getattr(inner, "default_max_tokens", 512)
        self.last_completion: Completion | None = None

    def check_budget(self, messages: Sequence[Message], max_tokens: int | None) -> None:
        """Raise ``BudgetExceededError`` if the call could take spending past the budget."""
        if self.budget is None:
            return
        spent = self.ledger.total.cost
        worst = worst_case_cost(
            self.inner.count_message_tokens(messages),
            max_tokens or self.default_max_tokens,
            self.prices,
        )
        if spent + worst > self.budget:
            raise BudgetExceededError(
                f"Budget of ${self.budget:.4f} reached: ${spent:.4f} spent, and the next call "
                f"to {self.name} could cost up to ${worst:.4f}. Raise agent.budget to go on."
            )

    def _account(self, completion: Completion) -> Completion:
        if completion.usage.cost == 0.0 and self.prices is not None:
            completion.usage.cost = cost_of(completion.usage, self.prices)
        if completion.usage.calls == 0:
            completion.usage.calls = 1
        self.ledger.record(self.name, completion.usage)
        self.last_completion = completion
        return completion

    def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[ToolSpec] | None = None,
        schema: dict[str, Any] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] | None = None,
    ) -> Completion:
        self.check_budget(messages, max_tokens)
        completion = self.inner.complete(
            messages,
            tools=tools,
            schema=schema,
            max_tokens=max_tokens,
            temperature=temperature,
            stop=stop,
        )
        return self._account(completion)

    async def acomplete(self, messages: Sequence[Message], **options: Any) -> Completion:
        self.check_budget(messages, options.get("max_tokens"))
        return self._account(await self.inner.acomplete(messages, **options))

    def stream(self, messages: Sequence[Message], **options: Any) -> Iterator[str]:
        self.check_budget(messages, options.get("max_tokens"))
        before = getattr(self.inner, "last_completion", None)
        pieces: list[str] = []
        for piece in self.inner.stream(messages, **options):
            pieces.append(piece)
            yield piece
        completion = getattr(self.inner, "last_completion", None)
        if completion is None or completion is before:  # no usage reported for the stream
            text = "".join(pieces)
            completion = Completion(
                text=text,
                model=self.name,
                usage=Usage(
                    prompt_tokens=self.inner.count_message_tokens(messages),
                    completion_tokens=self.inner.count_tokens(text),
                    calls=1,
                ),
            )
        self._account(completion)

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def count_message_tokens(self, messages: Sequence[Message]) -> int:
        return self.inner.count_message_tokens(messages)

    def close(self) -> None:
        self.inner.close()
