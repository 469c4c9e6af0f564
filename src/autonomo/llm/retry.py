"""Retry transient provider failures with exponential backoff and jitter (tenacity).

What is retried: HTTP 408, 409, 429 and 5xx, timeouts, refused or dropped connections — every
failure that is raised as ``TransientProviderError``. A ``Retry-After`` header (seconds or an
HTTP date) replaces the computed wait. Everything else (400, 401, 403, 404, ...) fails at once.
When retries run out, ``RetriesExhaustedError`` says what kept failing and how often.
"""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

import httpx
import tenacity

from autonomo.errors import (
    ConfigError,
    ProviderError,
    RetriesExhaustedError,
    TransientProviderError,
)

T = TypeVar("T")

#: statuses worth retrying: request timeout, conflict (busy), rate limit, server errors
RETRYABLE_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})


class ProviderHTTPError(ProviderError):
    """The provider answered with an HTTP error that retrying cannot fix."""

    def __init__(self, message: str, *, status: int, body: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.body = body


class TransientHTTPError(TransientProviderError):
    """A retryable HTTP status (429, 5xx, ...)."""

    def __init__(
        self, message: str, *, status: int, body: str = "", retry_after: float | None = None
    ) -> None:
        super().__init__(message, retry_after=retry_after)
        self.status = status
        self.body = body


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to wait. Tests shrink the waits; production keeps the defaults.

    ``sleep`` (and ``async_sleep``) can be replaced to observe waits without waiting.
    """

    max_retries: int = 5
    initial_wait: float = 0.5
    max_wait: float = 30.0
    jitter: float = 1.0
    #: a server asking for a longer pause than this is capped (keeps a run from stalling)
    max_retry_after: float = 120.0
    sleep: Callable[[float], None] = time.sleep
    async_sleep: Callable[[float], Awaitable[None]] | None = None

    def wait_for(self, state: tenacity.RetryCallState) -> float:
        """The pause before the next attempt: ``Retry-After`` if given, else backoff."""
        error = state.outcome.exception() if state.outcome else None
        retry_after = getattr(error, "retry_after", None)
        if retry_after is not None:
            return max(0.0, min(float(retry_after), self.max_retry_after))
        exponential = self.initial_wait * 2 ** (state.attempt_number - 1)
        return min(exponential, self.max_wait) + random.uniform(0, self.jitter)


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def _error_text(response: httpx.Response) -> str:
    """The provider's own error message when it sent one, else the body (shortened)."""
    try:
        data = response.json()
    except ValueError:
        return response.text[:500]
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        if isinstance(error, str):
            return error
    return response.text[:500]


#: words of a server error that blame the request, not the server: sending the same request
#: again cannot succeed (llama-cpp-python's server answers a validation error with HTTP 500)
_REQUEST_REJECTED = ("validation error", "literal_error", "input should be", "unrecognized request")


def _rejects_the_request(detail: str) -> bool:
    lowered = detail.lower()
    return any(words in lowered for words in _REQUEST_REJECTED)


def error_for_response(
    response: httpx.Response, *, endpoint: str, key_hint: str | None = None
) -> Exception:
    """The exception an HTTP error response stands for (not raised here)."""
    status = response.status_code
    detail = _error_text(response)
    where = f"{endpoint} answered HTTP {status}: {detail}"
    if status in RETRYABLE_STATUSES and not _rejects_the_request(detail):
        return TransientHTTPError(
            where,
            status=status,
            body=response.text,
            retry_after=parse_retry_after(response.headers.get("retry-after")),
        )
    if status == 401:
        hint = f" Check the API key ({key_hint})." if key_hint else " Check the API key."
        return ConfigError(f"{where}.{hint}")
    if status == 404:
        return ConfigError(f"{where}. Check the base URL and the model (or deployment) name.")
    return ProviderHTTPError(where, status=status, body=response.text)


def error_for_transport(error: httpx.TransportError, *, endpoint: str) -> TransientProviderError:
    """Timeouts, refused and dropped connections, as retryable errors."""
    kind = "timed out" if isinstance(error, httpx.TimeoutException) else "connection failed"
    return TransientProviderError(f"{endpoint}: {kind} ({type(error).__name__}: {error})")


def _exhausted(error: BaseException | None, attempts: int) -> RetriesExhaustedError:
    return RetriesExhaustedError(
        f"Gave up after {attempts} attempt{'s' if attempts != 1 else ''}: {error}. "
        "The provider kept failing; try again later or raise llm.*.max_retries."
    )


def call_with_retry(fn: Callable[[], T], policy: RetryPolicy) -> T:
    """Run ``fn``, retrying ``TransientProviderError`` under ``policy``."""
    retrying = tenacity.Retrying(
        stop=tenacity.stop_after_attempt(policy.max_retries + 1),
        wait=policy.wait_for,
        retry=tenacity.retry_if_exception_type(TransientProviderError),
        sleep=policy.sleep,
        reraise=False,
    )
    try:
        return retrying(fn)
    except tenacity.RetryError as exc:
        attempt = exc.last_attempt
        raise _exhausted(attempt.exception(), attempt.attempt_number) from attempt.exception()


async def acall_with_retry(fn: Callable[[], Awaitable[T]], policy: RetryPolicy) -> T:
    """Async ``call_with_retry``."""
    kwargs: dict[str, Any] = {}
    if policy.async_sleep is not None:
        kwargs["sleep"] = policy.async_sleep
    retrying = tenacity.AsyncRetrying(
        stop=tenacity.stop_after_attempt(policy.max_retries + 1),
        wait=policy.wait_for,
        retry=tenacity.retry_if_exception_type(TransientProviderError),
        reraise=False,
        **kwargs,
    )
    try:
        return await retrying(fn)
    except tenacity.RetryError as exc:
        attempt = exc.last_attempt
        raise _exhausted(attempt.exception(), attempt.attempt_number) from attempt.exception()
