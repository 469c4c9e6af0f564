"""``Agent``: an agent's state plus the collaborators it works with."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

from autonomo.agent.context import ContextLimits
from autonomo.agent.state import AgentState, AgentStore
from autonomo.agent.strategies import PromptStrategy
from autonomo.config import Settings
from autonomo.llm.base import ChatModel
from autonomo.tools.context import CommandContext
from autonomo.tools.fstree import unsurrogated
from autonomo.tools.registry import CommandRegistry

if TYPE_CHECKING:
    from autonomo.memory.agent_memory import AgentMemory


@dataclass
class Agent:
    """Configuration and collaborators; the loop lives in ``Runner``."""

    state: AgentState
    settings: Settings
    model: ChatModel
    commands: CommandRegistry
    strategy: PromptStrategy
    store: AgentStore
    #: re-thinks after a caught repeat (AutoGPT's SMART_LLM); defaults to ``model``
    smart_model: ChatModel | None = None
    #: writes episode summaries; a separate instance keeps a local model's KV cache intact
    summary_model: ChatModel | None = None
    plugins: pluggy.PluginManager | None = None
    #: long-term memory (``autonomo.memory``): remember / relevant / recall
    memory: AgentMemory | None = None
    limits: ContextLimits = field(default_factory=ContextLimits)
    services: dict[str, Any] = field(default_factory=dict)

    def follow_up(self, task: str) -> None:
        """Give this finished (or stopped) agent its next task; ``Runner.run`` works on it."""
        from autonomo.errors import UserError

        if not task.strip():
            raise UserError("The follow-up task is empty.")
        self.state.tasks.append(unsurrogated(task.strip()))
        self.state.status = "running"
        self.store.save(self.state)

    #: ``workspace`` made from this ``state.workspace`` (every step's command context has it)
    _workspace: tuple[str, Path] | None = field(default=None, init=False, repr=False,
                                                compare=False)

    @property
    def workspace(self) -> Path:
        text, cached = self.state.workspace, self._workspace
        if cached is None or cached[0] != text:
            cached = self._workspace = (text, Path(text))
        return cached[1]

    def command_context(self) -> CommandContext:
        services = dict(self.services)
        if self.memory is not None:
            services.setdefault("memory", self.memory)
        return CommandContext(
            workspace=self.workspace,
            settings=self.settings,
            model=self.model,
            agent_id=self.state.id,
            services=services,
            plugins=self.plugins,
        )
