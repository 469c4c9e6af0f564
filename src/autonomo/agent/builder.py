"""The pieces ``Workbench`` builds an agent from: command selection, directives, profile."""

from __future__ import annotations

import os
from pathlib import Path

import pluggy

from autonomo.agent.calls import ModelCalls
from autonomo.agent.context import ContextLimits
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.agent.profile_generation import generate_profile
from autonomo.agent.state import AgentState, CallRecord
from autonomo.config import Settings
from autonomo.errors import BudgetExceededError, ModelResponseError, UserError
from autonomo.llm.base import ChatModel
from autonomo.tools.registry import CommandRegistry

#: commands that every agent keeps, whatever the selection
ESSENTIAL_COMMANDS = ("finish",)


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
                f"Available: {', '.join(registry.names())}. (An agent given functions as "
                "tools needs them again when it is loaded: load_agent(id, tools=[...]).)"
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


def profile_for(
    model: ChatModel, task: str, state: AgentState, plugins: pluggy.PluginManager | None
) -> tuple[AgentProfile, Directives, list[CallRecord]]:
    """The model's ``create_agent`` answer, and its call for the trajectory; the call is
    counted in the agent's usage and budget like any other. The default profile when the
    answer is unusable or the budget too small."""
    calls = ModelCalls(state, plugins)
    try:
        profile, directives = generate_profile(calls.model(model, "profile"), task)
    except (ModelResponseError, BudgetExceededError):
        profile, directives = AgentProfile(), Directives()
    return profile, directives, calls.take_unsaved()


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
