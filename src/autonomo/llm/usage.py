"""Cost per call, usage per run, and a budget that stops a run *before* it is exceeded."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from autonomo.config import Prices
from autonomo.errors import BudgetExceededError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import USAGE_FIELDS, ChatRequest, Completion, Message, Usage
from autonomo.llm.wrapper import ModelWrapper, Wrap

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


class Meter:
    """Usage and budget of one spender (a run, an agent, a chat), shared by its models and
    safe across threads: the one place usage is added up and the budget enforced.

    Before a call, ``reserve`` sets its worst case aside (the whole prompt uncached and a
    full-length answer) and refuses with ``BudgetExceededError`` when spending plus what
    calls in flight reserved plus this worst case would pass the budget; ``settle`` then
    replaces the reservation with the real usage.
    """

    def __init__(self, budget: float | None = None, usage: Usage | None = None) -> None:
        self._lock = threading.Lock()
        self._budget = budget
        self._usage = usage or Usage()
        #: per model name, each ``Usage`` field summed (made into ``Usage`` when read)
        self._by_model: dict[str, dict[str, Any]] = {}
        self._reserved = 0.0

    # the two values a subclass may keep elsewhere (an agent's state)
    @property
    def budget(self) -> float | None:
        return self._budget

    @budget.setter
    def budget(self, value: float | None) -> None:
        self._budget = value

    @property
    def total(self) -> Usage:
        return self._usage

    @total.setter
    def total(self, value: Usage) -> None:
        self._usage = value

    @property
    def by_model(self) -> dict[str, Usage]:
        with self._lock:
            return {name: Usage(**sums) for name, sums in self._by_model.items()}

    def reserve(self, model: ChatModel, request: ChatRequest) -> float:
        """Set the call's worst-case cost aside, or raise if it could pass the budget."""
        budget = self.budget
        if budget is None:
            return 0.0
        worst = model.estimate_cost(request.messages, request.max_tokens)
        with self._lock:
            committed = self.total.cost + self._reserved
            if committed + worst > budget:
                raise BudgetExceededError(
                    f"Budget of ${budget:.4f} reached: ${committed:.4f} spent or reserved, and "
                    f"the next call to {model.name} could cost up to ${worst:.4f}. Raise the "
                    "budget (agent.budget, --budget) to go on."
                )
            self._reserved += worst
        return worst

    def settle(self, reserved: float, model: str, usage: Usage | None) -> None:
        """The call is over: drop its reservation and count what it used (None: failed)."""
        with self._lock:
            self._reserved -= reserved
            if usage is not None:
                self.total = self.total + usage
                sums = self._by_model.get(model)
                if sums is None:
                    sums = self._by_model[model] = dict.fromkeys(USAGE_FIELDS, 0)
                values = usage.__dict__
                for name in USAGE_FIELDS:
                    sums[name] += values[name]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for storage or display."""
        return {
            "total": self.total.model_dump(),
            "by_model": {name: u.model_dump() for name, u in self.by_model.items()},
        }


#: the older name
UsageLedger = Meter


class MeteredModel(ModelWrapper):
    """A model whose calls are counted by a ``Meter`` and refused past its budget.

    Several models may share one meter and so one budget. The cost of a call is computed
    from ``prices`` (the argument, else the inner model's) when the provider did not set it.
    """

    def __init__(self, inner: ChatModel, meter: Meter, *, prices: Prices | None = None) -> None:
        super().__init__(inner)
        self.meter = meter
        self._prices = prices

    @property  # type: ignore[override]
    def prices(self) -> Prices | None:
        return self._prices if self._prices is not None else self.inner.prices

    def estimate_cost(self, messages: Sequence[Message], max_tokens: int | None = None) -> float:
        if self._prices is None:
            return self.inner.estimate_cost(messages, max_tokens)
        return worst_case_cost(self.count_message_tokens(messages),
                               max_tokens or self.default_max_tokens, self._prices)

    def wrap(self, request: ChatRequest) -> Wrap:
        reserved = self.meter.reserve(self, request)
        try:
            completion = yield
        except BaseException:
            self.meter.settle(reserved, self.name, None)
            raise
        self.charge(reserved, completion)
        return completion

    def charge(self, reserved: float, completion: Completion) -> None:
        """Count a finished call: its cost from ``prices`` if the provider left it at 0,
        at least one call, then the meter settles the reservation."""
        usage, prices = completion.usage, self.prices
        if usage.cost == 0.0 and prices is not None:
            usage.cost = cost_of(usage, prices)
        if usage.calls == 0:
            usage.calls = 1
        self.meter.settle(reserved, self.name, usage)
