"""Cost, the usage ledger and the budget, with ScriptedModel and the loopback server."""

from __future__ import annotations

import pytest

from autonomo.config import ModelConfig, Prices
from autonomo.errors import BudgetExceededError
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import ChatRequest, Message, Usage
from autonomo.llm.usage import Meter, MeteredModel, cost_of, worst_case_cost
from openai_server import FakeOpenAIServer, isolate_environment, text

PRICES = Prices(prompt=1_000_000.0, cached_prompt=100_000.0, completion=2_000_000.0)  # $/token


def test_cost_of_counts_cached_prompt_tokens_at_their_price():
    usage = Usage(prompt_tokens=10, cached_prompt_tokens=4, completion_tokens=3)
    assert cost_of(usage, PRICES) == pytest.approx(6 * 1 + 4 * 0.1 + 3 * 2)
    no_cache_price = Prices(prompt=1_000_000.0, completion=2_000_000.0)
    assert cost_of(usage, no_cache_price) == pytest.approx(10 + 6)
    assert cost_of(usage, None) == 0.0
    assert cost_of(usage, Prices()) == 0.0  # the local model's default prices
    assert worst_case_cost(10, 5, PRICES) == pytest.approx(10 + 10)


def test_ledger_totals_and_per_model_breakdown():
    ledger = Meter()
    fast = MeteredModel(ScriptedModel(["a", "b"], name="fast"), ledger, prices=PRICES)
    smart = MeteredModel(ScriptedModel(["c"], name="smart"), ledger, prices=PRICES)
    fast.complete([Message.user("one")])
    fast.complete([Message.user("two")])
    smart.complete([Message.user("three")])
    by_model = ledger.by_model
    assert by_model["fast"].calls == 2 and by_model["smart"].calls == 1
    assert ledger.total.calls == 3
    assert ledger.total.cost == pytest.approx(by_model["fast"].cost + by_model["smart"].cost)
    assert ledger.total.cost > 0
    assert ledger.to_dict()["by_model"]["smart"]["calls"] == 1


def test_budget_stops_the_call_before_it_is_made():
    inner = ScriptedModel(["x"] * 5)
    prompt = [Message.user("hello there")]  # 2 + 4 = 6 estimated prompt tokens
    worst = worst_case_cost(inner.count_message_tokens(prompt), 10, PRICES)  # 6 + 20 = 26
    ledger = Meter(budget=worst)
    model = MeteredModel(inner, ledger, prices=PRICES)
    model.complete(prompt, max_tokens=10)  # exactly the budget in the worst case: allowed
    spent = ledger.total.cost
    assert spent > 0
    with pytest.raises(BudgetExceededError, match=r"Budget of \$26\.0000 reached") as info:
        model.complete(prompt, max_tokens=10)
    assert "agent.budget" in str(info.value)
    assert len(inner.calls) == 1  # the second call never reached the model
    assert ledger.total.cost == spent


def test_max_tokens_default_drives_the_worst_case():
    inner = ScriptedModel(["x"])
    model = MeteredModel(inner, Meter(budget=100.0), prices=PRICES)
    with pytest.raises(BudgetExceededError):
        model.complete([Message.user("hi")])  # 512 default tokens * $2 > $100
    assert inner.calls == []


def test_the_local_model_costs_nothing_and_never_hits_a_zero_budget():
    ledger = Meter(budget=0.0)
    model = MeteredModel(ScriptedModel(["a", "b"], name="local/smollm2"), ledger)
    model.complete([Message.user("one")])
    model.complete([Message.user("two")], max_tokens=4000)
    assert ledger.total.cost == 0.0 and ledger.total.calls == 2


def test_streamed_calls_are_metered_with_the_servers_usage(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)
    with FakeOpenAIServer(
        [text("streamed", usage={"prompt_tokens": 3, "completion_tokens": 2})]
    ) as s:
        inner = OpenAICompatModel(
            ModelConfig(provider="openai", base_url=s.url, model="m", prices=PRICES)
        )
        ledger = Meter(budget=1000.0)
        model = MeteredModel(inner, ledger)
        assert "".join(model.stream([Message.user("hi")], max_tokens=5)) == "streamed"
    assert ledger.total.prompt_tokens == 3 and ledger.total.completion_tokens == 2
    assert ledger.total.cost == pytest.approx(3 + 4)
    assert model.last_completion.text == "streamed"


def test_streams_without_reported_usage_are_estimated():
    ledger = Meter()
    model = MeteredModel(ScriptedModel(["a streamed answer"]), ledger, prices=PRICES)
    assert "".join(model.stream([Message.user("hi")])) == "a streamed answer"
    assert ledger.total.calls == 1 and ledger.total.completion_tokens > 0


async def test_async_calls_are_metered():
    ledger = Meter()
    model = MeteredModel(ScriptedModel(["async"]), ledger, prices=PRICES)
    await model.acomplete([Message.user("hi")])
    assert ledger.total.calls == 1


def test_calls_in_flight_count_with_their_worst_case():
    """Two parallel calls cannot both take the last of the budget."""
    inner = ScriptedModel(["x"] * 3)
    prompt = [Message.user("hello there")]
    worst = worst_case_cost(inner.count_message_tokens(prompt), 10, PRICES)
    meter = Meter(budget=worst * 1.5)
    model = MeteredModel(inner, meter, prices=PRICES)
    reserved = meter.reserve(model, ChatRequest.of(prompt, max_tokens=10))  # one in flight
    with pytest.raises(BudgetExceededError, match="spent or reserved"):
        model.complete(prompt, max_tokens=10)
    meter.settle(reserved, model.name, None)  # it failed: nothing spent, nothing reserved
    model.complete(prompt, max_tokens=10)
    assert meter.total.calls == 1 and inner.calls and len(inner.calls) == 1


def test_usage_arithmetic():
    a = Usage(prompt_tokens=5, cached_prompt_tokens=1, completion_tokens=2, cost=0.5, calls=1)
    b = Usage(prompt_tokens=3, completion_tokens=1, cost=0.25, calls=1)
    assert (a + b) - b == a
    assert sum([a, b]) == a + b
    assert (a - a) == Usage()
