"""What a command can reach at call time: ``CommandContext`` (the workspace, the settings, the
model, the agent's services) and the helpers the built-in commands reach them through — the
workspace, the output cap, the agent's sandbox, one model call."""

from __future__ import annotations

import atexit
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autonomo.tools.workspace import Workspace

if TYPE_CHECKING:
    import pluggy

    from autonomo.config import Settings
    from autonomo.llm.base import ChatModel
    from autonomo.sandbox.base import Sandbox


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


DEFAULT_CAP = 8000


def workspace(ctx: CommandContext) -> Workspace:
    return Workspace(ctx.workspace)


def output_cap(ctx: CommandContext) -> int:
    settings = getattr(ctx, "settings", None)
    return settings.sandbox.output_cap if settings is not None else DEFAULT_CAP


def durable(ctx: CommandContext) -> bool:
    """Whether files the commands replace are fsynced too (``agent.fsync_steps``: a power
    loss, not only a crash of the process)."""
    settings = getattr(ctx, "settings", None)
    return bool(settings is not None and settings.agent.fsync_steps)


def cap_text(text: str, cap: int, hint: str = "") -> str:
    """``text`` cut to ``cap`` characters, saying so (and how to get more) when cut."""
    if len(text) <= cap:
        return text
    note = f"\n[truncated: showing {cap} of {len(text)} characters{'; ' + hint if hint else ''}]"
    return text[:cap] + note


_SANDBOXES: dict[tuple[str, str, str], Sandbox] = {}
_SANDBOX_LOCK = threading.Lock()


def sandbox(ctx: CommandContext) -> Sandbox:
    """The agent's sandbox: ``ctx.services["sandbox"]`` if the caller provides one, else one
    per (agent, workspace, sandbox config) kept for the life of the process, so background
    jobs survive from one step's context to the next. Raises ``UserError`` when no backend may
    run."""
    existing = ctx.services.get("sandbox")
    if existing is not None:
        return existing
    from autonomo.sandbox import create_sandbox

    key = (ctx.agent_id, str(ctx.workspace), ctx.settings.sandbox.model_dump_json())
    with _SANDBOX_LOCK:
        box = _SANDBOXES.get(key)
        if box is None:
            box = _SANDBOXES[key] = create_sandbox(ctx.workspace, ctx.settings.sandbox,
                                                   ctx.plugins)
    return box


@atexit.register
def close_sandboxes() -> None:
    """Kill every background job the cached sandboxes started."""
    with _SANDBOX_LOCK:
        boxes = list(_SANDBOXES.values())
        _SANDBOXES.clear()
    for box in boxes:
        box.close()


def ask_model(ctx: CommandContext, prompt: str, max_tokens: int = 700, **values: Any) -> str:
    """One model call with prompt file ``prompt``; the reply text."""
    from autonomo import prompts
    from autonomo.llm.types import Message, Role
    from autonomo.tools.registry import CommandError

    if ctx.model is None:
        raise CommandError("No model is available to this command.")
    messages = [
        Message(role=Role.SYSTEM, content=prompts.render(prompt, "system", **values)),
        Message(role=Role.USER, content=prompts.render(prompt, "user", **values)),
    ]
    completion = ctx.model.complete(messages, max_tokens=max_tokens, temperature=0.0)
    return completion.text.strip()
