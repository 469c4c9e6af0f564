"""From settings to a running agent: models, plugins and memory, built once per process."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pluggy

from autonomo.agent.agent import Agent
from autonomo.agent.builder import assemble, new_agent
from autonomo.agent.state import AgentState, AgentStore
from autonomo.agent.subagents import SubAgentManager
from autonomo.config import Settings
from autonomo.llm.base import ChatModel
from autonomo.llm.factory import create_model, create_model_pair
from autonomo.plugins.hookspecs import hookimpl
from autonomo.plugins.manager import create_plugin_manager


class _Commands:
    """Registers a fixed list of commands through the plugin hook."""

    def __init__(self, commands: list[Any]) -> None:
        self.commands = commands

    @hookimpl
    def register_commands(self, register: Any) -> None:
        for cmd in self.commands:
            register(cmd)


@dataclass
class Workbench:
    """What every agent of a process shares: settings, store, plugins and models."""

    settings: Settings
    store: AgentStore
    plugins: pluggy.PluginManager
    model: ChatModel
    smart_model: ChatModel
    summary_model: ChatModel
    _embedder: Any = None
    #: the running MCP servers whose tools this workbench's agents can call
    _mcp: Any = None

    @classmethod
    def open(cls, settings: Settings, *, plugins: pluggy.PluginManager | None = None,
             models: tuple[ChatModel, ChatModel, ChatModel] | None = None) -> Workbench:
        plugins = plugins or create_plugin_manager(disabled=settings.plugins_disabled)
        if models is None:
            pair = create_model_pair(settings.llm, plugins=plugins)
            # A local model keeps one KV cache: summaries get their own instance so that the
            # agent's cached prompt survives them (the weights are memory-mapped, not copied).
            summary = (create_model(settings.llm.fast, plugins=plugins)
                       if settings.llm.fast.provider == "local" else pair.fast)
            models = (pair.fast, pair.smart, summary)
        bench = cls(settings, AgentStore(settings.data_dir), plugins, *models)
        if settings.mcp_servers:
            bench._start_mcp()
        return bench

    def _start_mcp(self) -> None:
        """Start the configured MCP servers; their tools register like any plugin's commands
        (named ``<server>_<tool>``), so the agent's command selection applies to them too."""
        from autonomo.tools.mcp import mcp_toolset

        self._mcp = mcp_toolset(self.settings)
        self.plugins.register(_Commands(self._mcp.start()), name="mcp")

    def memory_factory(self) -> Any:
        """A function state -> the agent's long-term memory, or None when memory is off.

        The embedder is made once per process and shared by every agent."""
        if not self.settings.memory.enabled:
            return None
        from autonomo.memory.factory import make_embedder, open_memory

        if self._embedder is None:
            self._embedder = make_embedder(self.settings, self.plugins)
        return lambda state: open_memory(self.settings, state.id, embedder=self._embedder)

    def new_agent(self, task: str, **kwargs: Any) -> Agent:
        agent = new_agent(task, self.settings, self.store, self.model,
                          smart_model=self.smart_model, summary_model=self.summary_model,
                          plugins=self.plugins, memory_factory=self.memory_factory(), **kwargs)
        return self._equip(agent)

    def load_agent(self, agent_id: str) -> Agent:
        return self.assemble(self.store.load(agent_id))

    def assemble(self, state: AgentState) -> Agent:
        agent = assemble(state, self.settings, self.store, self.model,
                         smart_model=self.smart_model, summary_model=self.summary_model,
                         plugins=self.plugins, memory_factory=self.memory_factory())
        return self._equip(agent)

    def _equip(self, agent: Agent) -> Agent:
        """Services that need the workbench: sub-agents."""
        agent.services["subagents"] = SubAgentManager(agent, self.new_agent, self.assemble)
        return agent

    def close(self) -> None:
        if self._mcp is not None:
            self._mcp.close()
        for model in {id(m): m for m in (self.model, self.smart_model, self.summary_model)
                      }.values():
            model.close()
        self.store.close()
