"""``ModelWrapper``: a model around another one, for recording, metering, plugins, tracing.

A wrapper overrides one method, ``wrap(request)``: a generator that runs code before the
call, ``yield``s while the inner model answers (plain, async or streamed), receives the
completion, and returns it (or another). Returning before the ``yield`` answers without
the inner model; an error of the inner call is raised at the ``yield``::

    class Counting(ModelWrapper):
        def wrap(self, request):
            self.calls += 1
            completion = yield
            return completion

Everything else (name, context window, prices, token counting, ``close``) is the inner
model's, so wrappers never copy attributes and cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import Any

from autonomo.llm.base import ChatModel
from autonomo.llm.types import ChatRequest, Completion, Message, Usage

Wrap = Generator[None, Completion, Completion | None]


class ModelWrapper(ChatModel):
    """Delegates to ``inner``; subclasses override ``wrap``."""

    def __init__(self, inner: ChatModel) -> None:
        self.inner = inner
        #: the text pieces of the stream being finished (None outside a streamed call)
        self.chunks: list[str] | None = None

    def wrap(self, request: ChatRequest) -> Wrap:
        """Around one call: code before ``yield`` runs first; the completion comes back.
        An error of the inner call is raised at the ``yield`` and goes on to the caller."""
        return (yield)

    # -- the three ways a call is made, each through ``wrap`` -------------------------------
    def call(self, request: ChatRequest) -> Completion:
        steps = self.wrap(request)
        answered = _start(steps)
        if answered is not None:
            return answered
        try:
            completion = send_to(self.inner, request)
        except BaseException as exc:
            _throw(steps, exc)
            raise
        self.last_completion = _finish(steps, completion)
        return self.last_completion

    async def acall(self, request: ChatRequest) -> Completion:
        steps = self.wrap(request)
        answered = _start(steps)
        if answered is not None:
            return answered
        try:
            completion = await self.inner.acomplete(request.messages, **request.options())
        except BaseException as exc:
            _throw(steps, exc)
            raise
        self.last_completion = _finish(steps, completion)
        return self.last_completion

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        steps = self.wrap(request)
        answered = _start(steps)
        if answered is not None:
            self.last_completion = answered
            if answered.text:
                yield answered.text
            return
        before = self.inner.last_completion
        chunks: list[str] = []
        try:
            for piece in self.inner.stream(request.messages, **request.options()):
                chunks.append(piece)
                yield piece
        except BaseException as exc:
            _throw(steps, exc)
            raise
        completion = self.inner.last_completion
        if completion is None or completion is before:  # the stream reported no usage
            text = "".join(chunks)
            completion = Completion(text=text, model=self.name, usage=Usage(
                prompt_tokens=self.count_message_tokens(request.messages),
                completion_tokens=self.count_tokens(text), calls=1))
        self.chunks = chunks
        try:
            self.last_completion = _finish(steps, completion)
        finally:
            self.chunks = None

    # -- the inner model's properties (name, context_window, prices … below the class) -------
    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def count_message_tokens(self, messages: Sequence[Message]) -> int:
        return self.inner.count_message_tokens(messages)

    def estimate_cost(self, messages: Sequence[Message], max_tokens: int | None = None) -> float:
        return self.inner.estimate_cost(messages, max_tokens)

    def close(self) -> None:
        self.inner.close()

    def __getattr__(self, name: str) -> Any:  # anything else a provider offers
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


def _delegated(name: str) -> property:
    return property(lambda self: getattr(self.inner, name), doc=f"The inner model's {name}.")


for _name in ("name", "context_window", "enforces_schema", "supports_tools", "prices",
              "default_max_tokens", "parallel_calls"):
    setattr(ModelWrapper, _name, _delegated(_name))


def send_to(model: ChatModel, request: ChatRequest) -> Completion:
    """``request`` to ``model``: straight to ``call``, unless the model overrides ``complete``
    (an older provider, or a test double), which is then honoured."""
    if type(model).complete is ChatModel.complete:
        return model.call(request)
    return model.complete(request.messages, **request.options())


def _start(steps: Wrap) -> Completion | None:
    """Run the wrapper up to its ``yield``; a completion if it answered without the model."""
    try:
        next(steps)
    except StopIteration as stop:
        if stop.value is None:
            raise TypeError("wrap() returned before the call without a completion") from None
        return stop.value
    return None


def _finish(steps: Wrap, completion: Completion) -> Completion:
    try:
        steps.send(completion)
    except StopIteration as stop:
        return completion if stop.value is None else stop.value
    raise TypeError("wrap() must yield exactly once")


def _throw(steps: Wrap, exc: BaseException) -> None:
    """Raise the inner call's error inside the wrapper (so its ``finally`` runs)."""
    try:
        steps.throw(exc)
    except StopIteration:
        pass
    except BaseException as raised:
        if raised is not exc:
            raise
