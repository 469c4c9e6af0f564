"""``ScriptedModel``: a deterministic model that plays queued responses (tests and demos)."""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from autonomo.llm.base import ChatModel
from autonomo.llm.types import ChatRequest, Completion, Message, ToolCall, Usage

Response = str | dict[str, Any] | Completion | ToolCall | list[ToolCall]
ResponseFactory = Callable[[Sequence[Message]], Response]


class ScriptExhaustedError(AssertionError):
    """The scripted model was asked for more responses than it was given."""


class ScriptedModel(ChatModel):
    """Plays a queue of responses in order and records every call.

    A response is text, a dict (sent as JSON text), a ``ToolCall`` or list of them, a full
    ``Completion``, or a callable that receives the messages and returns one of those.
    """

    enforces_schema = False
    supports_tools = True
    parallel_calls = 1  # answers at once, in this process

    def __init__(
        self,
        responses: Iterable[Response | ResponseFactory] = (),
        *,
        name: str = "scripted",
        context_window: int = 32_768,
    ) -> None:
        self.queue: deque[Response | ResponseFactory] = deque(responses)
        self.calls: list[dict[str, Any]] = []
        self.name = name
        self.context_window = context_window
        self._previous_prompt: list[Message] = []

    def add(self, *responses: Response | ResponseFactory) -> None:
        self.queue.extend(responses)

    @property
    def remaining(self) -> int:
        return len(self.queue)

    def assert_all_used(self) -> None:
        if self.queue:
            raise AssertionError(f"{len(self.queue)} scripted responses were never used")

    def call(self, request: ChatRequest) -> Completion:
        started = time.perf_counter()
        messages = request.messages
        self.calls.append(
            {"messages": messages, "tools": list(request.tools or []), "schema": request.schema}
        )
        if not self.queue:
            raise ScriptExhaustedError(
                f"ScriptedModel has no response left for call {len(self.calls)}"
            )
        item = self.queue.popleft()
        if callable(item) and not isinstance(item, (ToolCall, Completion)):
            item = item(messages)
        completion = self._to_completion(item)
        prompt_tokens = self.count_message_tokens(messages)
        cached = self._shared_prefix_tokens(messages)
        completion.usage = Usage(
            prompt_tokens=prompt_tokens,
            cached_prompt_tokens=cached,
            completion_tokens=self.count_tokens(completion.text),
            cost=completion.usage.cost,  # a scripted Completion may set a cost (budget tests)
            calls=1,
        )
        completion.model = self.name
        completion.latency_s = time.perf_counter() - started
        self._previous_prompt = list(messages)
        return completion

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        self.last_completion = self.call(request)
        text = self.last_completion.text
        for start in range(0, len(text), 8):
            yield text[start : start + 8]

    def _shared_prefix_tokens(self, messages: Sequence[Message]) -> int:
        """Tokens of whole messages shared with the previous call: what a prefix cache reuses."""
        shared = 0
        for old, new in zip(self._previous_prompt, messages, strict=False):
            if old != new:
                break
            shared += self.count_tokens(new.content) + 4
        return shared

    @staticmethod
    def _to_completion(item: Response) -> Completion:
        if isinstance(item, Completion):
            return item.model_copy(deep=True)
        if isinstance(item, ToolCall):
            return Completion(tool_calls=[item], finish_reason="tool_calls")
        if isinstance(item, list):
            return Completion(tool_calls=list(item), finish_reason="tool_calls")
        if isinstance(item, dict):
            return Completion(text=json.dumps(item), finish_reason="stop")
        return Completion(text=str(item), finish_reason="stop")
