"""What a command can reach at call time: the workspace, the sandbox, the agent's services."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pluggy

    from autonomo.config import Settings
    from autonomo.llm.base import ChatModel


@dataclass
class CommandContext:
    """Injected as the first parameter of a command; never part of its schema.

    ``services`` holds optional collaborators by name (``"sandbox"``, ``"memory"``,
    ``"ask_user"``, ``"subagents"``, ``"jobs"`` …) so that lower layers do not import the agent.
    """

    workspace: Path
    settings: Settings
    model: ChatModel | None = None
    agent_id: str = ""
    services: dict[str, Any] = field(default_factory=dict)
    #: the agent's plugin manager (its sandbox backends, …); None: the installed plugins
    plugins: pluggy.PluginManager | None = None

    def service(self, name: str) -> Any:
        """A collaborator, or a clear error when this agent was not given it."""
        from autonomo.tools.registry import CommandError

        if name not in self.services:
            raise CommandError(f"This agent has no {name} available.")
        return self.services[name]
