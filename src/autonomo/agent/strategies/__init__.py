"""Prompt strategies, by name."""

from __future__ import annotations

from autonomo.agent.strategies.actions import ActionsStrategy
from autonomo.agent.strategies.base import ModelRequest, PromptStrategy, Turn
from autonomo.agent.strategies.one_shot import OneShotStrategy
from autonomo.agent.strategies.tool_calling import ToolCallingStrategy
from autonomo.errors import ConfigError
from autonomo.tools.registry import CommandRegistry

STRATEGIES: dict[str, type[PromptStrategy]] = {
    s.name: s for s in (OneShotStrategy, ToolCallingStrategy, ActionsStrategy)
}

__all__ = ["STRATEGIES", "ModelRequest", "PromptStrategy", "Turn", "create_strategy"]


def create_strategy(name: str, commands: CommandRegistry, *, compact: bool) -> PromptStrategy:
    try:
        return STRATEGIES[name](commands, compact=compact)
    except KeyError:
        raise ConfigError(
            f"Unknown strategy {name!r}; choose one of: {', '.join(STRATEGIES)}."
        ) from None
