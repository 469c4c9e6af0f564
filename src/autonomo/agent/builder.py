"""Putting an agent together: new from a task, or resumed from the store."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pluggy

from autonomo.agent.agent import Agent
from autonomo.agent.context import ContextLimits
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.agent.profile_generation import generate_profile
from autonomo.agent.state import AgentState, AgentStore, CallRecord
from autonomo.agent.strategies import create_strategy
from autonomo.config import Settings
from autonomo.errors import ModelResponseError, UserError
from autonomo.llm.base import ChatModel
from autonomo.plugins.manager import create_plugin_manager
from autonomo.tools.registry import CommandRegistry

#: commands that every agent keeps, whatever the selection
ESSENTIAL_COMMANDS = ("finish",)


def all_commands(plugins: pluggy.PluginManager) -> CommandRegistry:
    """Every command the installed plugins (built-ins included) register."""
    registry = CommandRegistry()
    plugins.hook.register_commands(register=registry.register)
    return registry


def select_commands(
    registry: CommandRegistry, settings: Settings, names: list[str] | None,
    *, small_model: bool = False,
) -> CommandRegistry:
    wanted = names if names is not None else settings.agent.commands
    if wanted is None and small_model:
        wanted = settings.agent.small_model_commands
    if wanted is not None:
        unknown = [n for n in wanted if n not in registry]
        if unknown:
            raise UserError(
                f"Unknown command(s) {', '.join(unknown)} in the agent's command list. "
                f"Available: {', '.join(registry.names())}."
            )
        wanted = list(dict.fromkeys([*wanted, *ESSENTIAL_COMMANDS]))
    return registry.select(
        settings=settings, include=wanted, exclude=settings.agent.disabled_commands
    )


def limits_from(settings: Settings) -> ContextLimits:
    return ContextLimits(
        history_budget=settings.agent.history_budget,
        full_episodes=settings.agent.full_episodes,
    )


def new_agent(
    task: str,
    settings: Settings,
    store: AgentStore,
    model: ChatModel,
    *,
    smart_model: ChatModel | None = None,
    summary_model: ChatModel | None = None,
    profile: AgentProfile | None = None,
    directives: Directives | None = None,
    strategy: str | None = None,
    workspace: Path | None = None,
    commands: list[str] | None = None,
    plugins: pluggy.PluginManager | None = None,
    memory_factory: Any = None,
    budget: float | None = None,
    parent_id: str | None = None,
) -> Agent:
    """A new agent for ``task``; the model writes its profile unless one is given."""
    if not task.strip():
        raise UserError("The task is empty: say what the agent should do.")
    plugins = plugins or create_plugin_manager(disabled=settings.plugins_disabled)
    state = AgentState(
        tasks=[task.strip()],
        strategy=strategy or settings.agent.strategy,
        commands=commands,
        budget=budget if budget is not None else settings.agent.budget,
        parent_id=parent_id,
    )
    base = load_directives(settings)
    calls: list[CallRecord] = []
    generate = settings.agent.generate_profile
    if generate is None:
        generate = not model.enforces_schema
    if profile is None and generate:
        profile, generated = _generated_profile(model, task, state, calls)
        directives = (directives or base).merged_with(generated)
    state.profile = profile or AgentProfile()
    state.directives = directives or base
    state.workspace = str((workspace or store.default_workspace(state.id)).resolve())
    agent = assemble(state, settings, store, model, smart_model=smart_model,
                     summary_model=summary_model, plugins=plugins, memory_factory=memory_factory)
    if calls:
        store.write(state, calls=calls)
    return agent


def _generated_profile(
    model: ChatModel, task: str, state: AgentState, calls: list[CallRecord]
) -> tuple[AgentProfile, Directives]:
    """The model's ``create_agent`` answer, counted in the agent's usage, budget and
    trajectory; the default profile when the answer is unusable or the budget is too small."""

    def call(m: ChatModel, messages: list[Any], **options: Any) -> Any:
        if state.budget is not None and m.estimate_cost(
                messages, options.get("max_tokens")) > state.budget:
            raise ModelResponseError("The budget is too small to generate a profile.")
        completion = m.complete(messages, **options)
        state.usage = state.usage + completion.usage.model_copy(update={"calls": 1})
        logged = {k: v for k, v in options.items() if k not in ("tools", "schema")}
        calls.append(CallRecord(0, "profile", list(messages), logged, completion))
        return completion

    try:
        return generate_profile(model, task, call=call)
    except ModelResponseError:
        return AgentProfile(), Directives()


def assemble(
    state: AgentState,
    settings: Settings,
    store: AgentStore,
    model: ChatModel,
    *,
    smart_model: ChatModel | None = None,
    summary_model: ChatModel | None = None,
    plugins: pluggy.PluginManager | None = None,
    memory_factory: Any = None,
) -> Agent:
    """An ``Agent`` around existing state (new or loaded); saves it."""
    plugins = plugins or create_plugin_manager(disabled=settings.plugins_disabled)
    Path(state.workspace).mkdir(parents=True, exist_ok=True)
    commands = select_commands(all_commands(plugins), settings, state.commands,
                               small_model=model.enforces_schema)
    strategy = create_strategy(state.strategy, commands, compact=model.enforces_schema)
    memory = memory_factory(state) if memory_factory else None
    agent = Agent(
        state=state, settings=settings, model=model, commands=commands, strategy=strategy,
        store=store, smart_model=smart_model, summary_model=summary_model, plugins=plugins,
        memory=memory, limits=limits_from(settings),
    )
    store.save(state)
    return agent


def resume_agent(
    agent_id: str, settings: Settings, store: AgentStore, model: ChatModel, **kwargs: Any
) -> Agent:
    return assemble(store.load(agent_id), settings, store, model, **kwargs)


def follow_up(agent: Agent, task: str) -> None:
    """Give a finished (or stopped) agent its next task."""
    if not task.strip():
        raise UserError("The follow-up task is empty.")
    agent.state.tasks.append(task.strip())
    agent.state.status = "running"
    agent.store.save(agent.state)


def load_directives(settings: Settings) -> Directives:
    """The user's prompt-settings file if present, else the packaged defaults."""
    custom = Path(os.environ.get("AUTONOMO_DIRECTIVES", settings.data_dir / "directives.yaml"))
    if custom.is_file():
        import yaml

        try:
            return Directives.model_validate(yaml.safe_load(custom.read_text("utf-8")) or {})
        except Exception as exc:
            raise UserError(f"{custom} is not a valid directives file: {exc}") from exc
    return Directives.defaults()
