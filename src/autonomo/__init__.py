"""autonomo: autonomous LLM agents, offline by default.

Everything a program or a plugin needs is importable from here::

    from autonomo import Runner, Settings, Workbench, tool

Names are imported on first use, so ``import autonomo`` stays cheap. Modules whose names start
with ``_`` and names missing from ``__all__`` are internal and may change.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> the module that defines it
_EXPORTS: dict[str, str] = {
    # building and running agents
    "Workbench": "autonomo.agent.workbench",
    "Agent": "autonomo.agent.agent",
    "Runner": "autonomo.agent.runner",
    "RunResult": "autonomo.agent.runner",
    "RunObserver": "autonomo.agent.observer",
    "AgentProfile": "autonomo.agent.profile",
    "Directives": "autonomo.agent.profile",
    "AgentState": "autonomo.agent.state",
    "Action": "autonomo.agent.episodes",
    "Episode": "autonomo.agent.episodes",
    "Approval": "autonomo.agent.approval",
    "AutoApproval": "autonomo.agent.approval",
    "Decision": "autonomo.agent.approval",
    "PromptStrategy": "autonomo.agent.strategies",
    # configuration
    "Settings": "autonomo.config",
    "ModelConfig": "autonomo.config",
    "load_settings": "autonomo.config",
    # tools
    "tool": "autonomo.tools.registry",
    "command": "autonomo.tools.registry",
    "Command": "autonomo.tools.registry",
    "CommandResult": "autonomo.tools.registry",
    "CommandError": "autonomo.tools.registry",
    "CommandContext": "autonomo.tools.context",
    # models
    "ChatModel": "autonomo.llm.base",
    "ScriptedModel": "autonomo.llm.scripted",
    "ReplayModel": "autonomo.llm.replay",
    "create_model": "autonomo.llm.factory",
    "Message": "autonomo.llm.types",
    "Completion": "autonomo.llm.types",
    "ToolCall": "autonomo.llm.types",
    "ToolSpec": "autonomo.llm.types",
    "Usage": "autonomo.llm.types",
    # plugins
    "hookimpl": "autonomo.plugins.hookspecs",
    "create_plugin_manager": "autonomo.plugins.manager",
    # errors
    "AutonomoError": "autonomo.errors",
    "UserError": "autonomo.errors",
    "ConfigError": "autonomo.errors",
    "BudgetExceededError": "autonomo.errors",
    "ModelResponseError": "autonomo.errors",
    "ProviderError": "autonomo.errors",
}

__all__ = [
    "Action",
    "Agent",
    "AgentProfile",
    "AgentState",
    "Approval",
    "AutoApproval",
    "AutonomoError",
    "BudgetExceededError",
    "ChatModel",
    "Command",
    "CommandContext",
    "CommandError",
    "CommandResult",
    "Completion",
    "ConfigError",
    "Decision",
    "Directives",
    "Episode",
    "Message",
    "ModelConfig",
    "ModelResponseError",
    "PromptStrategy",
    "ProviderError",
    "ReplayModel",
    "RunObserver",
    "RunResult",
    "Runner",
    "ScriptedModel",
    "Settings",
    "ToolCall",
    "ToolSpec",
    "Usage",
    "UserError",
    "Workbench",
    "command",
    "create_model",
    "create_plugin_manager",
    "hookimpl",
    "load_settings",
    "tool",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'autonomo' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next lookup does not come here
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # for type checkers and editors; at run time names load lazily
    from autonomo.agent.agent import Agent
    from autonomo.agent.approval import Approval, AutoApproval, Decision
    from autonomo.agent.episodes import Action, Episode
    from autonomo.agent.observer import RunObserver
    from autonomo.agent.profile import AgentProfile, Directives
    from autonomo.agent.runner import Runner, RunResult
    from autonomo.agent.state import AgentState
    from autonomo.agent.strategies import PromptStrategy
    from autonomo.agent.workbench import Workbench
    from autonomo.config import ModelConfig, Settings, load_settings
    from autonomo.errors import (
        AutonomoError,
        BudgetExceededError,
        ConfigError,
        ModelResponseError,
        ProviderError,
        UserError,
    )
    from autonomo.llm.base import ChatModel
    from autonomo.llm.factory import create_model
    from autonomo.llm.replay import ReplayModel
    from autonomo.llm.scripted import ScriptedModel
    from autonomo.llm.types import Completion, Message, ToolCall, ToolSpec, Usage
    from autonomo.plugins.hookspecs import hookimpl
    from autonomo.plugins.manager import create_plugin_manager
    from autonomo.tools.context import CommandContext
    from autonomo.tools.registry import Command, CommandError, CommandResult, command, tool
