"""Plugin hooks (pluggy). A plugin implements only the hooks it needs.

Plugins are discovered through the ``autonomo`` entry-point group. Each kind of extension has
one ``register_*`` hook, and autonomo's own parts (``autonomo.plugins.builtin``) register
through the same hooks a third party implements; the configuration names any registered one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

hookspec = pluggy.HookspecMarker("autonomo")
hookimpl = pluggy.HookimplMarker("autonomo")


@hookspec
def register_commands(register: Callable[[Any], None]) -> None:
    """Call ``register(command)`` for each ``Command`` the plugin adds."""


@hookspec
def register_models(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Call ``register(provider_name, factory)``; ``factory(model_config)`` returns a ChatModel.
    A provider reads its own options with ``model_config.options_as(ItsOptionsModel)``."""


@hookspec
def register_strategies(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Call ``register(name, factory)``; ``factory(commands, compact=bool)`` returns a
    ``PromptStrategy`` (``agent.strategy = name`` in the config selects it)."""


@hookspec
def register_memory_stores(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Call ``register(name, factory)``; ``factory(settings, agent_id, dim)`` returns a
    ``VectorStore`` (``memory.backend = name``)."""


@hookspec
def register_embedders(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Call ``register(name, factory)``; ``factory(settings)`` returns an ``Embedder``
    (``memory.embedder = name``)."""


@hookspec
def register_sandboxes(register: Callable[[str, Callable[..., Any]], None]) -> None:
    """Call ``register(name, sandbox_class)``: a ``Sandbox`` subclass made as
    ``cls(workspace, sandbox_config)`` (``sandbox.backend = name``). Its
    ``unavailable_reason(config)`` says why it cannot run here; one with ``isolating = False``
    runs only with ``sandbox.allow_unsandboxed``; ``auto_order`` puts it in the "auto" choice."""


@hookspec(firstresult=True)
def chat_completion(model: Any, messages: list[Any], options: dict[str, Any]) -> Any:
    """Answer a model call instead of the configured model; return a Completion or None."""


@hookspec(firstresult=True)
def text_embedding(texts: list[str]) -> Any:
    """Embed texts instead of the configured embedder; return a list of vectors or None."""


@hookspec
def post_prompt(agent: Any, messages: list[Any]) -> list[Any] | None:
    """Edit the prompt about to be sent; return new messages or None to keep them."""


@hookspec
def on_planning(agent: Any, messages: list[Any]) -> None:
    """Called before the model proposes the next command."""


@hookspec
def post_planning(agent: Any, proposal: Any) -> Any:
    """Inspect the proposal (thoughts + command); return a replacement or None."""


@hookspec
def on_response(agent: Any, completion: Any) -> None:
    """See every model response of an agent (fired from the run's events, as the
    ``RunObserver.on_model_response`` a UI gets)."""


@hookspec(firstresult=True)
def pre_command(agent: Any, name: str, arguments: dict[str, Any]) -> Any:
    """Veto or rewrite a command: return ``(name, arguments)`` to rewrite, a string to veto
    (the string is the reason shown to the model), or None to let it run."""


@hookspec
def post_command(agent: Any, name: str, result: Any) -> Any:
    """See (or replace, by returning one) the command's result."""


@hookspec(firstresult=True)
def user_input(prompt: str) -> str | None:
    """Answer the agent's ``ask_user`` question instead of the user (e.g. a chat bridge);
    None = ask the user as usual."""


@hookspec
def report(message: str) -> None:
    """Receive what a run tells its user (a repeat caught, a compaction, why it stopped),
    as ``RunObserver.on_note`` does, to forward it elsewhere."""
