"""How an agent's model calls are made: each goes through one chain of wrappers.

    AgentModel     budget (reservations for calls in flight) and usage, kept in the state;
                   the observer hears of it; timed; kept for the trajectory
      PluginModel  a plugin's ``chat_completion`` hook may answer instead of the model
        the model

The runner, the summaries, the condenser and profile generation all call through it, so
usage and budget are counted in one place.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pluggy

from autonomo.agent.observer import RunObserver
from autonomo.agent.state import AgentState, CallRecord
from autonomo.config import Prices
from autonomo.llm.base import ChatModel
from autonomo.llm.types import ChatRequest, Completion, Message, Usage
from autonomo.llm.usage import Meter, MeteredModel
from autonomo.llm.wrapper import ModelWrapper, Wrap, send_to


def implemented(plugins: pluggy.PluginManager | None, name: str) -> pluggy.HookCaller | None:
    """The plugins' hook ``name`` if a plugin implements it, else None: the loop skips the
    dispatch of a hook nobody implements (most of them, in most runs)."""
    if plugins is None:
        return None
    caller: pluggy.HookCaller = getattr(plugins.hook, name)
    return caller if caller.get_hookimpls() else None


class StateMeter(Meter):
    """A ``Meter`` whose budget and usage are the agent state's, so they are saved with it."""

    def __init__(self, state: AgentState) -> None:
        super().__init__()
        self.state = state

    @property
    def budget(self) -> float | None:
        return self.state.budget

    @budget.setter
    def budget(self, value: float | None) -> None:
        self.state.budget = value

    @property
    def total(self) -> Usage:
        return self.state.usage

    @total.setter
    def total(self, value: Usage) -> None:
        self.state.usage = value


class PluginModel(ModelWrapper):
    """Lets a plugin's ``chat_completion`` hook answer a call instead of the model."""

    def __init__(self, inner: ChatModel, plugins: pluggy.PluginManager) -> None:
        super().__init__(inner)
        self.plugins = plugins

    def call(self, request: ChatRequest) -> Completion:
        if implemented(self.plugins, "chat_completion") is None:  # nobody intercepts
            self.last_completion = send_to(self.inner, request)
            return self.last_completion
        return super().call(request)

    def wrap(self, request: ChatRequest) -> Wrap:
        answer = self.plugins.hook.chat_completion(
            model=self.inner, messages=request.messages, options=request.options())
        if answer is not None:
            return answer
        return (yield)


class AgentModel(MeteredModel):
    """A model as an agent calls it for one purpose: metered (budget and usage, kept in the
    state), told to the observer, timed and kept for the trajectory; one layer for both.

    ``call`` (every step's path) runs the same steps as ``wrap`` (async and streamed calls)
    without a generator, and goes straight to the model when no plugin intercepts."""

    def __init__(self, inner: ChatModel, calls: ModelCalls, purpose: str,
                 model: ChatModel) -> None:
        super().__init__(inner, calls.meter)
        self.calls, self.purpose = calls, purpose
        #: the model itself (``inner`` is it, or a ``PluginModel`` around it)
        self.model = model

    def call(self, request: ChatRequest) -> Completion:
        reserved, started = self._before(request)
        inner = self.inner
        if inner is not self.model and implemented(self.calls.plugins,
                                                   "chat_completion") is None:
            inner = self.model  # nobody intercepts: no hop through PluginModel
        try:
            completion = send_to(inner, request)
        except BaseException:
            self.meter.settle(reserved, self.model.name, None)
            raise
        self.last_completion = self._after(request, reserved, started, completion)
        return self.last_completion

    def wrap(self, request: ChatRequest) -> Wrap:
        reserved, started = self._before(request)
        try:
            completion = yield
        except BaseException:
            self.meter.settle(reserved, self.model.name, None)
            raise
        return self._after(request, reserved, started, completion)

    def _before(self, request: ChatRequest) -> tuple[float, float]:
        """The budget reservation (refused past the budget); the observer hears of the call."""
        reserved = self.meter.reserve(self, request)
        self.calls.observer.on_model_call(self.purpose, request.messages)
        return reserved, time.perf_counter()

    def _after(self, request: ChatRequest, reserved: float, started: float,
               completion: Completion) -> Completion:
        completion.latency_s = completion.latency_s or time.perf_counter() - started
        self.calls.record(self.purpose, request, completion)
        self.charge(reserved, completion)
        return completion

    @property  # type: ignore[override]
    def name(self) -> str:
        return self.model.name

    @property  # type: ignore[override]
    def prices(self) -> Prices | None:
        return self.model.prices


class ModelCalls:
    """An agent's gate to its models; thread-safe (summaries call from several threads)."""

    def __init__(self, state: AgentState, plugins: pluggy.PluginManager | None,
                 observer: RunObserver | None = None) -> None:
        self.state, self.plugins = state, plugins
        self.observer = observer or RunObserver()
        self.meter = StateMeter(state)
        self._lock = threading.Lock()
        self._unsaved: list[CallRecord] = []
        self._models: dict[tuple[int, str], ChatModel] = {}

    def model(self, model: ChatModel, purpose: str) -> ChatModel:
        """``model`` as this agent calls it for ``purpose`` (a ChatModel like any other)."""
        key = (id(model), purpose)
        wrapped = self._models.get(key)
        if wrapped is None:
            inner = PluginModel(model, self.plugins) if self.plugins is not None else model
            wrapped = AgentModel(inner, self, purpose, model)
            self._models[key] = wrapped
        return wrapped

    def call(self, model: ChatModel, purpose: str, messages: list[Message],
             **options: Any) -> Completion:
        # what ``complete`` does (the wrapper does not override it), without its keywords
        return self.model(model, purpose).call(ChatRequest.of(messages, **options))

    def record(self, purpose: str, request: ChatRequest, completion: Completion) -> None:
        with self._lock:
            self._unsaved.append(CallRecord(len(self.state.episodes) + 1, purpose,
                                            request.messages, request.loggable(), completion))
        self.observer.on_model_response(purpose, completion)

    def take_unsaved(self) -> list[CallRecord]:
        """The calls not yet written (they go with the step's next write)."""
        with self._lock:
            calls, self._unsaved = self._unsaved, []
        return calls
