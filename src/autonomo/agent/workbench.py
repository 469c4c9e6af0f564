"""The one way to build an agent: a ``Workbench`` holds what every agent of a process shares
(settings, store, plugins, models, workbench-wide tools) and makes agents from it.

    bench = Workbench.open(settings)                       # or models=ScriptedModel([...])
    agent = bench.new_agent("task", tools=[my_function, "read_file"])
    Runner(agent).run()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pluggy

from autonomo.agent.agent import Agent
from autonomo.agent.context import ContextLimits
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.agent.profile_generation import profile_for
from autonomo.agent.state import AgentState, AgentStore, CallRecord
from autonomo.config import Settings
from autonomo.errors import UserError
from autonomo.llm.base import ChatModel
from autonomo.plugins.manager import create_plugin_manager
from autonomo.plugins.registry import lookup
from autonomo.tools.fstree import unsurrogated
from autonomo.tools.registry import Command, CommandRegistry, ToolLike, split_tools

if TYPE_CHECKING:
    from autonomo.memory.agent_memory import AgentMemory
    from autonomo.memory.embeddings import Embedder
    from autonomo.tools.mcp import MCPToolset

#: state -> the agent's long-term memory
MemoryFactory = Callable[[AgentState], "AgentMemory"]
Models = ChatModel | tuple[ChatModel, ChatModel, ChatModel]


@dataclass
class Workbench:
    """What every agent of a process shares: settings, store, plugins and models."""

    settings: Settings
    store: AgentStore
    plugins: pluggy.PluginManager
    model: ChatModel
    smart_model: ChatModel
    summary_model: ChatModel
    #: commands every agent of this workbench can choose besides the plugins' (MCP tools)
    tools: list[Command] = field(default_factory=list)
    #: False: agents get no long-term memory whatever ``settings.memory`` says
    memory: bool = True
    _embedder: Embedder | None = None
    #: the running MCP servers whose tools are in ``tools``
    _mcp: MCPToolset | None = None

    @classmethod
    def open(cls, settings: Settings, *, plugins: pluggy.PluginManager | None = None,
             models: Models | None = None, tools: Iterable[ToolLike] = ()) -> Workbench:
        """Models default to the configured ones; ``models`` is one model for every role,
        or ``(fast, smart, summary)``. ``tools`` are offered to every agent."""
        plugins = plugins or create_plugin_manager(disabled=settings.plugins_disabled)
        if models is None:
            models = _configured_models(settings, plugins)
        elif isinstance(models, ChatModel):
            models = (models, models, models)
        bench = cls(settings, AgentStore(settings.data_dir), plugins, *models,
                    tools=split_tools(t for t in tools if not isinstance(t, str))[1])
        if settings.mcp_servers:
            bench._start_mcp()
        return bench

    def _start_mcp(self) -> None:
        """Start the configured MCP servers; their tools (named ``<server>_<tool>``) join the
        workbench's, so the agent's command selection applies to them too."""
        from autonomo.tools.mcp import mcp_toolset

        self._mcp = mcp_toolset(self.settings)
        self.tools.extend(self._mcp.start())

    def memory_factory(self) -> MemoryFactory | None:
        """A function state -> the agent's long-term memory, or None when memory is off.

        The embedder is made once per process and shared by every agent."""
        if not (self.memory and self.settings.memory.enabled):
            return None
        from autonomo.memory.factory import make_embedder, open_memory

        if self._embedder is None:
            self._embedder = make_embedder(self.settings, self.plugins)
        embedder = self._embedder
        return lambda state: open_memory(self.settings, state.id, embedder=embedder,
                                         plugins=self.plugins)

    # -- agents ----------------------------------------------------------------------------
    def new_agent(
        self,
        task: str,
        *,
        profile: AgentProfile | None = None,
        directives: Directives | None = None,
        strategy: str | None = None,
        workspace: Path | None = None,
        tools: Sequence[ToolLike] | None = None,
        commands: Sequence[ToolLike] | None = None,
        budget: float | None = None,
        parent_id: str | None = None,
    ) -> Agent:
        """A new agent for ``task``; the model writes its profile unless one is given.

        ``tools`` is the agent's command list (``finish`` is always added): functions,
        ``Command``s or names of registered commands; None = the configured selection.
        ``commands`` is the older name of the same argument."""
        if not task.strip():
            raise UserError("The task is empty: say what the agent should do.")
        chosen = tools if tools is not None else commands
        names, made = split_tools(chosen) if chosen is not None else (None, [])
        state = AgentState(
            tasks=[unsurrogated(task.strip())],  # (an argument's undecodable byte)
            strategy=strategy or self.settings.agent.strategy,
            commands=names,
            budget=budget if budget is not None else self.settings.agent.budget,
            parent_id=parent_id,
        )
        base = Directives.load(self.settings)
        calls: list[CallRecord] = []
        generate = self.settings.agent.generate_profile
        if generate is None:  # not on a small local model: a call, a name, no better run
            generate = not self.model.enforces_schema
        if profile is None and generate:
            profile, generated, calls = profile_for(self.model, task, state, self.plugins)
            directives = (directives or base).merged_with(generated)
        state.profile = profile or AgentProfile()
        state.directives = directives or base
        state.workspace = str((workspace or self.store.default_workspace(state.id)).resolve())
        agent = self.assemble(state, tools=made)
        if calls:
            self.store.write(state, calls=calls)
        return agent

    def load_agent(self, agent_id: str, *, tools: Iterable[ToolLike] = ()) -> Agent:
        """A stored agent, ready to run again; pass the functions it was given as ``tools``."""
        return self.assemble(self.store.load(agent_id), tools=tools)

    def assemble(self, state: AgentState, *, tools: Iterable[ToolLike] = ()) -> Agent:
        """An ``Agent`` around existing state (new or loaded); saves it."""
        made = split_tools(t for t in tools if not isinstance(t, str))[1]
        Path(state.workspace).mkdir(parents=True, exist_ok=True)
        model = self.model
        commands = select_commands(self.all_commands().extended(made), self.settings,
                                   state.commands, small_model=model.enforces_schema,
                                   folders=_folder_commands(self.settings, state,
                                                            model.enforces_schema))
        agent = Agent(
            state=state, settings=self.settings, model=model, commands=commands,
            strategy=lookup(self.plugins, "strategies", state.strategy)(
                commands, compact=model.enforces_schema),
            store=self.store, smart_model=self.smart_model, summary_model=self.summary_model,
            plugins=self.plugins, memory=_memory(self.memory_factory(), state),
            limits=limits_from(self.settings),
        )
        evidence = self.settings.agent.finish_evidence
        agent.strategy.finish_evidence = model.enforces_schema if evidence is None else evidence
        self.store.save(state)
        from autonomo.agent.subagents import SubAgentManager

        agent.services["subagents"] = SubAgentManager(agent, self.new_agent, self.assemble)
        return agent

    def all_commands(self) -> CommandRegistry:
        """Every command the plugins (built-ins included) register, plus the workbench's."""
        registry = CommandRegistry()
        self.plugins.hook.register_commands(register=registry.register)
        return registry.extended(self.tools)

    def close(self) -> None:
        if self._mcp is not None:
            self._mcp.close()
        for model in {id(m): m for m in (self.model, self.smart_model, self.summary_model)
                      }.values():
            model.close()
        self.store.close()


#: commands that every agent keeps, whatever the selection
ESSENTIAL_COMMANDS = ("finish",)


def select_commands(
    registry: CommandRegistry, settings: Settings, names: list[str] | None,
    *, small_model: bool = False, folders: tuple[str, ...] = (),
) -> CommandRegistry:
    """The agent's commands: ``names`` (else the configured list, else the small-model list on
    a small model, with ``folders``: the folder commands its task calls for, else every
    enabled one), always with ``finish``, never a disabled one."""
    wanted = names if names is not None else settings.agent.commands
    if wanted is None and small_model:
        wanted = [*settings.agent.small_model_commands, *folders]
    if wanted is not None:
        unknown = [n for n in wanted if n not in registry]
        if unknown:
            raise UserError(
                f"Unknown command(s) {', '.join(unknown)} in the agent's command list. "
                f"Available: {', '.join(registry.names())}. (An agent given functions as "
                "tools needs them again when it is loaded: load_agent(id, tools=[...]).)"
            )
        wanted = list(dict.fromkeys([*wanted, *ESSENTIAL_COMMANDS]))
    return registry.select(
        settings=settings, include=wanted, exclude=settings.agent.disabled_commands
    )


def _folder_commands(settings: Settings, state: AgentState, small_model: bool
                     ) -> tuple[str, ...]:
    """The small-model folder commands (``small_model_folder_commands``) the agent's first
    task designates a folder for; none on another model or a chosen command list."""
    if not small_model or state.commands is not None or settings.agent.commands is not None \
            or not state.tasks:
        return ()
    from autonomo.agent.strategies.folders import called_for

    return tuple(c for c in called_for(state.tasks[0], state.workspace)
                 if c in settings.agent.small_model_folder_commands)


def limits_from(settings: Settings) -> ContextLimits:
    return ContextLimits(
        history_budget=settings.agent.history_budget,
        full_episodes=settings.agent.full_episodes,
    )


def _memory(factory: MemoryFactory | None, state: AgentState) -> AgentMemory | None:
    return factory(state) if factory is not None else None


def _configured_models(settings: Settings, plugins: pluggy.PluginManager) -> Models:
    from autonomo.llm.factory import create_model, create_model_pair

    pair = create_model_pair(settings.llm, plugins=plugins)
    # A local model keeps one KV cache: summaries get their own instance so that the
    # agent's cached prompt survives them (the weights are memory-mapped, not copied).
    summary = (create_model(settings.llm.fast, plugins=plugins)
               if settings.llm.fast.provider == "local" else pair.fast)
    return pair.fast, pair.smart, summary
