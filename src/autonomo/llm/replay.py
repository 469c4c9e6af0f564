"""Record the calls of a real session to a cassette and replay them later as a model.

A cassette is a JSONL file, one call per line::

    {"version": 1, "kind": "complete" | "stream", "model": ..., "context_window": ...,
     "request": {"messages": [...], "tools": [...], "schema": ..., "max_tokens": ...,
                 "temperature": ..., "stop": ...},
     "completion": {...}, "chunks": [...]}

Secrets never reach the file: values under key-like names (``api_key``, ``authorization``,
...) are replaced, and so are strings that look like keys (``sk-...``, ``Bearer ...``) and the
values of ``*_API_KEY`` / ``*_TOKEN`` environment variables. ``ReplayModel`` plays the calls
back in order and, by default, checks that each request is the one recorded.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from autonomo.config import ProviderOptions
from autonomo.errors import ConfigError, UserError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import ChatRequest, Completion, Message
from autonomo.llm.wrapper import ModelWrapper, Wrap

CASSETTE_VERSION = 1
REDACTED = "[REDACTED]"
_SECRET_KEYS = {
    "api_key",
    "api-key",
    "apikey",
    "authorization",
    "proxy-authorization",
    "x-api-key",
    "password",
    "secret",
}
_SECRET_PATTERNS = [
    re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"),
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9_\-.=]{8,}"),
]
_SECRET_ENV_SUFFIXES = ("_API_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
_write_locks: dict[Path, threading.Lock] = {}
_locks_guard = threading.Lock()


class ReplayOptions(ProviderOptions):
    """The replay provider's options."""

    #: the JSONL file to play back (default: the config's ``model`` field)
    cassette: str | None = None


class ReplayError(UserError):
    """A cassette cannot be played back for this run."""


class ReplayMismatchError(ReplayError):
    """The code asked for something other than what the cassette recorded."""


class ReplayExhaustedError(ReplayError):
    """The code made more calls than the cassette holds."""


def _environment_secrets() -> list[str]:
    return [
        value
        for name, value in os.environ.items()
        if name.upper().endswith(_SECRET_ENV_SUFFIXES) and len(value) >= 8
    ]


def scrub(value: Any, secrets: Iterable[str] = ()) -> Any:
    """A copy of ``value`` (JSON data) with secrets replaced by ``[REDACTED]``."""
    known = sorted({s for s in secrets if s}, key=len, reverse=True)
    return _scrub(value, known)


def _scrub(value: Any, secrets: list[str]) -> Any:
    if isinstance(value, dict):
        return {
            key: REDACTED if str(key).lower() in _SECRET_KEYS and value[key] else _scrub(v, secrets)
            for key, v in value.items()
        }
    if isinstance(value, list):
        return [_scrub(item, secrets) for item in value]
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, REDACTED)
        for pattern in _SECRET_PATTERNS:
            value = pattern.sub(REDACTED, value)
    return value


def request_record(messages: Sequence[Message], **options: Any) -> dict[str, Any]:
    """The request as plain JSON data, the form stored and compared."""
    return ChatRequest.of(messages, **options).record()


class RecordingModel(ModelWrapper):
    """Wraps a model and appends every call to a JSONL cassette (created if missing)."""

    def __init__(
        self, inner: ChatModel, path: str | Path, *, secrets: Iterable[str] = ()
    ) -> None:
        super().__init__(inner)
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.secrets = [*secrets, *_inner_secrets(inner)]
        with _locks_guard:
            self._lock = _write_locks.setdefault(self.path.resolve(), threading.Lock())

    def wrap(self, request: ChatRequest) -> Wrap:
        completion = yield
        entry: dict[str, Any] = {
            "version": CASSETTE_VERSION,
            "kind": "stream" if request.stream else "complete",
            "model": self.name,
            "context_window": self.context_window,
            "request": request.record(),
            "completion": completion.model_dump(mode="json"),
        }
        if self.chunks is not None:
            entry["chunks"] = self.chunks
        line = json.dumps(scrub(entry, [*self.secrets, *_environment_secrets()]))
        with self._lock, self.path.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        return completion


def _inner_secrets(inner: ChatModel) -> list[str]:
    """Keys the wrapped model holds (its config's api_key and the key it resolved)."""
    found = [getattr(inner, "_api_key", None)]
    config = getattr(inner, "config", None)
    found.append(getattr(config, "api_key", None))
    found.extend(getattr(config, "headers", {}).values() if config is not None else [])
    return [s for s in found if isinstance(s, str) and len(s) >= 8]


def load_cassette(path: str | Path) -> list[dict[str, Any]]:
    """The entries of a cassette; a missing or damaged file is a ``ConfigError``."""
    file = Path(path).expanduser()
    if not file.is_file():
        raise ConfigError(
            f"The cassette {file} does not exist. Record one first (llm.record_to) "
            "or fix the cassette path."
        )
    entries = []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError as exc:
            raise ConfigError(f"{file}, line {number}, is not JSON: {exc}") from exc
        if not isinstance(entry, dict) or "request" not in entry or "completion" not in entry:
            raise ConfigError(f"{file}, line {number}, is not a cassette entry.")
        entries.append(entry)
    return entries


def _first_difference(recorded: Any, actual: Any, where: str = "request") -> str | None:
    if isinstance(recorded, dict) and isinstance(actual, dict):
        for key in sorted(set(recorded) | set(actual)):
            found = _first_difference(recorded.get(key), actual.get(key), f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(actual, list):
        for index, (old, new) in enumerate(zip(recorded, actual, strict=False)):
            found = _first_difference(old, new, f"{where}[{index}]")
            if found:
                return found
        if len(recorded) != len(actual):
            return f"{where} has {len(actual)} items, the cassette {len(recorded)}"
        return None
    if recorded != actual:
        return f"{where} is {_short(actual)}, the cassette has {_short(recorded)}"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 120 else text[:117] + "..."


class ReplayModel(ChatModel):
    """Plays a cassette back in order.

    With ``verify=True`` (the default) every request must equal the recorded one, or
    ``ReplayMismatchError`` names the first difference; a call past the end raises
    ``ReplayExhaustedError``.
    """

    supports_tools = True

    def __init__(self, path: str | Path, *, verify: bool = True) -> None:
        self.path = Path(path).expanduser()
        self.entries = load_cassette(self.path)
        self.verify = verify
        self.position = 0
        self.last_completion: Completion | None = None
        self._lock = threading.Lock()
        first = self.entries[0] if self.entries else {}
        self.name = f"replay/{first.get('model', 'empty')}"
        self.context_window = int(first.get("context_window") or 32_768)

    @property
    def remaining(self) -> int:
        return len(self.entries) - self.position

    def assert_all_used(self) -> None:
        if self.remaining:
            raise ReplayError(f"{self.remaining} recorded calls in {self.path} were not replayed")

    def _next(self, request: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            if self.position >= len(self.entries):
                raise ReplayExhaustedError(
                    f"The cassette {self.path} holds {len(self.entries)} calls and call "
                    f"{self.position + 1} was asked for. Record the session again."
                )
            entry = self.entries[self.position]
            self.position += 1
        if self.verify:
            actual = json.loads(json.dumps(scrub(request, _environment_secrets())))
            difference = _first_difference(entry["request"], actual)
            if difference:
                raise ReplayMismatchError(
                    f"Call {self.position} does not match the cassette {self.path}: "
                    f"{difference}. The code or prompt changed since recording; record again."
                )
        return entry

    def call(self, request: ChatRequest) -> Completion:
        entry = self._next(request.record())
        self.last_completion = Completion.model_validate(entry["completion"])
        return self.last_completion

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        entry = self._next(request.record())
        completion = Completion.model_validate(entry["completion"])
        yield from entry.get("chunks") or ([completion.text] if completion.text else [])
        self.last_completion = completion
