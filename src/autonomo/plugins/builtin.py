"""autonomo's own model providers, strategies, memory stores, embedders and sandboxes,
registered through the same hooks a third-party plugin implements (``create_plugin_manager``
adds this module)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autonomo.plugins.hookspecs import hookimpl

Register = Callable[[str, Callable[..., Any]], None]


@hookimpl
def register_models(register: Register) -> None:
    from autonomo.llm import factory

    register("local", factory.local_model)
    register("openai", factory.openai_model)
    register("azure", factory.openai_model)
    register("scripted", factory.scripted_model)
    register("replay", factory.replay_model)


@hookimpl
def register_strategies(register: Register) -> None:
    from autonomo.agent.strategies import STRATEGIES

    for name, strategy in STRATEGIES.items():
        register(name, strategy)


@hookimpl
def register_memory_stores(register: Register) -> None:
    from autonomo.memory import factory

    register("sqlite", factory.sqlite_store)
    register("postgres", factory.postgres_store)


@hookimpl
def register_embedders(register: Register) -> None:
    from autonomo.memory import factory

    register("local", factory.local_embedder)
    register("openai", factory.openai_embedder)
    register("hashing", factory.hashing_embedder)


@hookimpl
def register_sandboxes(register: Register) -> None:
    from autonomo.sandbox.bubblewrap import BubblewrapSandbox
    from autonomo.sandbox.container import DockerSandbox, PodmanSandbox
    from autonomo.sandbox.local import LocalSandbox

    for backend in (BubblewrapSandbox, DockerSandbox, PodmanSandbox, LocalSandbox):
        register(backend.name, backend)
