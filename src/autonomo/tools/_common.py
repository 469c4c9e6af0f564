"""Small helpers the built-in commands share."""

from __future__ import annotations

import atexit
import threading
from typing import TYPE_CHECKING, Any

from autonomo import prompts
from autonomo.tools.workspace import Workspace

if TYPE_CHECKING:
    from autonomo.sandbox.base import Sandbox
    from autonomo.tools.context import CommandContext

DEFAULT_CAP = 8000


def workspace(ctx: CommandContext) -> Workspace:
    return Workspace(ctx.workspace)


def output_cap(ctx: CommandContext) -> int:
    settings = getattr(ctx, "settings", None)
    return settings.sandbox.output_cap if settings is not None else DEFAULT_CAP


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
