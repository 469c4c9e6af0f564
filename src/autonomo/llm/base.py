"""The ``ChatModel`` interface every provider implements."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from typing import Any

from autonomo.config import Prices
from autonomo.llm.types import ChatRequest, Completion, Message, ToolSpec


class ChatModel:
    """A chat model: messages in, a ``Completion`` out.

    Callers use ``complete`` / ``acomplete`` / ``stream``; each makes one ``ChatRequest``.
    Providers implement ``call(request)``, and ``acall`` / ``stream_call`` when they can do
    better than the defaults (native async, real token streaming).

    ``schema`` asks for a response that satisfies a JSON schema: the text of the completion is
    then a JSON document. ``tools`` offers functions the model may call (native tool calling).
    """

    #: a short identifier, e.g. ``"local/SmolLM2-135M-Instruct"`` or ``"openai/gpt-4o-mini"``
    name: str = "model"
    #: how many tokens (prompt + completion) fit in one call
    context_window: int = 4096
    #: whether ``schema`` is enforced while decoding (valid by construction)
    enforces_schema: bool = False
    #: whether the model calls tools natively
    supports_tools: bool = False
    #: US$ per million tokens; None for a model that costs nothing (the local one)
    prices: Prices | None = None
    #: the answer length assumed when a call does not set ``max_tokens``
    default_max_tokens: int = 1024
    #: how many calls at once it answers sooner than one after another: several for a
    #: remote API; 1 for a model that answers one call at a time in this process (then
    #: threads would only cost: the summaries of old steps are asked for in turn)
    parallel_calls: int = 4
    #: the completion of the last call (after a stream: the whole of it, usage included)
    last_completion: Completion | None = None

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
        """Run one call and return its completion."""
        return self.call(ChatRequest.of(messages, tools=tools, schema=schema,
                                        max_tokens=max_tokens, temperature=temperature,
                                        stop=stop))

    async def acomplete(self, messages: Sequence[Message], **options: Any) -> Completion:
        """Async ``complete``."""
        return await self.acall(ChatRequest.of(messages, **options))

    def stream(self, messages: Sequence[Message], **options: Any) -> Iterator[str]:
        """Yield the response text in pieces as it is generated; afterwards
        ``last_completion`` holds the whole completion."""
        request = ChatRequest.of(messages, **options)
        request.stream = True
        return self.stream_call(request)

    # -- what a provider implements ----------------------------------------------------------
    def call(self, request: ChatRequest) -> Completion:
        """Answer one request (providers implement this, not ``complete``)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement call().")

    async def acall(self, request: ChatRequest) -> Completion:
        """By default the sync call, in a worker thread."""
        return await asyncio.to_thread(self.send, request)

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        """By default the whole answer as one piece."""
        self.last_completion = self.send(request)
        if self.last_completion.text:
            yield self.last_completion.text

    def send(self, request: ChatRequest) -> Completion:
        """``request`` through ``complete`` (so that a subclass overriding it is honoured)."""
        return self.complete(request.messages, **request.options())

    def count_tokens(self, text: str) -> int:
        """Tokens in ``text`` for this model; a rough estimate unless a provider knows better."""
        return max(1, len(text) // 4) if text else 0

    def count_message_tokens(self, messages: Sequence[Message]) -> int:
        """Tokens the messages take in a prompt, including a small per-message overhead."""
        return sum(self.count_tokens(m.content) + 4 for m in messages)

    def estimate_cost(self, messages: Sequence[Message], max_tokens: int | None = None) -> float:
        """The most a call could cost: the whole prompt uncached and a full-length answer."""
        from autonomo.llm.usage import worst_case_cost

        return worst_case_cost(
            self.count_message_tokens(messages), max_tokens or self.default_max_tokens,
            self.prices,
        )

    def close(self) -> None:
        """Release resources (loaded weights, HTTP clients)."""
