"""Retries against injected failures on a loopback server; waits are recorded, not slept."""

from __future__ import annotations

import socket
from datetime import UTC, datetime

import pytest

from autonomo.config import ModelConfig
from autonomo.errors import ConfigError, RetriesExhaustedError
from autonomo.llm.openai_compat import OpenAICompatModel
from autonomo.llm.retry import ProviderHTTPError, RetryPolicy, parse_retry_after
from autonomo.llm.types import Message
from openai_server import FakeOpenAIServer, drop, error, isolate_environment, slow, text

HI = [Message.user("hi")]


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


class Waits:
    """Records the pauses the retry policy asks for."""

    def __init__(self) -> None:
        self.seen: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.seen.append(seconds)

    async def async_sleep(self, seconds: float) -> None:
        self.seen.append(seconds)


@pytest.fixture
def waits():
    return Waits()


def make(url: str, waits: Waits, *, retries: int = 3, timeout: float = 5.0) -> OpenAICompatModel:
    policy = RetryPolicy(
        max_retries=retries,
        initial_wait=0.01,
        max_wait=1.0,
        jitter=0,
        max_retry_after=30,
        sleep=waits.sleep,
        async_sleep=waits.async_sleep,
    )
    config = ModelConfig(provider="openai", base_url=url, model="m", timeout_s=timeout)
    return OpenAICompatModel(config, retry=policy)


def test_rate_limit_honours_retry_after_seconds(server, waits):
    server.add(error(429, "slow down", retry_after="7"), text("ok"))
    assert make(server.url, waits).complete(HI).text == "ok"
    assert len(server.requests) == 2
    assert waits.seen == [7.0]


def test_retry_after_as_an_http_date_and_its_cap(server, waits):
    later = datetime.now(UTC).timestamp() + 3600
    date = datetime.fromtimestamp(later, UTC).strftime("%a, %d %b %Y %H:%M:%S GMT")
    server.add(error(503, "maintenance", retry_after=date), text("ok"))
    assert make(server.url, waits).complete(HI).text == "ok"
    assert waits.seen == [30.0]  # an hour was asked for; max_retry_after caps it


def test_parse_retry_after():
    now = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("2.5") == 2.5
    assert parse_retry_after("Thu, 01 Jan 2026 12:00:09 GMT", now=now) == 9.0
    assert parse_retry_after("Thu, 01 Jan 2026 11:00:00 GMT", now=now) == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None


@pytest.mark.parametrize("status", [408, 429, 500, 502, 503, 504])
def test_transient_statuses_are_retried_with_exponential_backoff(server, waits, status):
    server.add(error(status), error(status), error(status), text("finally"))
    assert make(server.url, waits).complete(HI).text == "finally"
    assert len(server.requests) == 4
    assert waits.seen == pytest.approx([0.01, 0.02, 0.04])


def test_backoff_has_jitter_when_enabled(server):
    seen: list[float] = []
    policy = RetryPolicy(
        max_retries=2, initial_wait=0.01, max_wait=1, jitter=0.5, sleep=seen.append
    )
    server.add(error(500), error(500), text("ok"))
    OpenAICompatModel(
        ModelConfig(provider="openai", base_url=server.url, model="m"), retry=policy
    ).complete(HI)
    assert len(seen) == 2
    assert 0.01 <= seen[0] <= 0.51 and 0.02 <= seen[1] <= 0.52


def test_timeouts_are_retried(server, waits):
    server.add(slow(1.0), text("fast enough"))
    model = make(server.url, waits, timeout=0.2)
    assert model.complete(HI).text == "fast enough"
    assert len(server.requests) == 2
    assert len(waits.seen) == 1


def test_dropped_connections_are_retried(server, waits):
    server.add(drop(), drop(), text("reconnected"))
    assert make(server.url, waits).complete(HI).text == "reconnected"
    assert len(server.requests) == 3


def test_refused_connections_are_retried_then_exhausted(waits):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(RetriesExhaustedError, match="3 attempts") as info:
        make(f"http://127.0.0.1:{port}/v1", waits, retries=2).complete(HI)
    assert "connection failed" in str(info.value)
    assert len(waits.seen) == 2


def test_retries_run_out_with_a_clear_error(server, waits):
    server.add(*[error(500, "database on fire")] * 4)
    with pytest.raises(RetriesExhaustedError) as info:
        make(server.url, waits, retries=3).complete(HI)
    message = str(info.value)
    assert "4 attempts" in message and "HTTP 500" in message and "database on fire" in message
    assert len(server.requests) == 4


@pytest.mark.parametrize("status", [400, 403, 404, 422])
def test_errors_that_cannot_succeed_are_not_retried(server, waits, status):
    server.add(error(status, "nope"), text("never reached"))
    with pytest.raises((ProviderHTTPError, ConfigError), match="nope"):
        make(server.url, waits).complete(HI)
    assert len(server.requests) == 1
    assert waits.seen == []


def test_404_and_401_say_what_to_check(server, waits):
    server.add(error(404, "model not found"), error(401, "bad key"))
    model = make(server.url, waits)
    with pytest.raises(ConfigError, match="base URL and the model"):
        model.complete(HI)
    with pytest.raises(ConfigError, match="Check the API key"):
        model.complete(HI)


def test_zero_retries_fails_at_the_first_transient_error(server, waits):
    server.add(error(429), text("ok"))
    with pytest.raises(RetriesExhaustedError, match="1 attempt:"):
        make(server.url, waits, retries=0).complete(HI)


def test_opening_a_stream_is_retried(server, waits):
    server.add(error(429, retry_after="0"), drop(), text("streamed after retries"))
    model = make(server.url, waits)
    assert "".join(model.stream(HI)) == "streamed after retries"
    assert waits.seen[0] == 0.0 and len(waits.seen) == 2


async def test_async_calls_are_retried(server, waits):
    server.add(error(503), drop(), text("async ok"))
    model = make(server.url, waits)
    assert (await model.acomplete(HI)).text == "async ok"
    assert len(waits.seen) == 2
    await model.aclose()


async def test_async_retries_run_out(server, waits):
    server.add(*[error(502)] * 3)
    with pytest.raises(RetriesExhaustedError, match="3 attempts"):
        await make(server.url, waits, retries=2).acomplete(HI)


def test_max_retries_comes_from_the_model_config(server):
    server.add(*[error(500)] * 5)
    config = ModelConfig(provider="openai", base_url=server.url, model="m", max_retries=1)
    model = OpenAICompatModel(config)
    assert model.retry.max_retries == 1
    model.retry = RetryPolicy(max_retries=1, initial_wait=0.001, jitter=0)
    with pytest.raises(RetriesExhaustedError, match="2 attempts"):
        model.complete(HI)
    assert len(server.requests) == 2
