"""Sub-agent commands. The agent layer supplies the implementation as
``ctx.services["subagents"]`` (this layer must not import ``agent/``)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from autonomo.tools.context import CommandContext, cap_text, output_cap
from autonomo.tools.registry import CommandError, command


@runtime_checkable
class SubAgents(Protocol):
    """What the commands need from whoever runs sub-agents."""

    def start(self, name: str, task: str, prompt: str | None = None) -> str:
        """Create and start a sub-agent; return its id."""
        ...

    def message(self, agent_id: str, text: str) -> str:
        """Send ``text`` to a sub-agent and return its reply."""
        ...

    def list(self) -> list[dict[str, Any]]:
        """One dict per sub-agent (at least ``id``, ``name``, ``task``; ``status`` if known)."""
        ...

    def delete(self, agent_id: str) -> None:
        """Stop and remove a sub-agent; raise ``KeyError`` if there is none with that id."""
        ...


def _subagents(ctx: CommandContext) -> SubAgents:
    return ctx.service("subagents")


@command(
    category="agents",
    example={"name": "researcher", "task": "List the Python files and what each does"},
)
def start_agent(ctx: CommandContext, name: str, task: str, prompt: str | None = None) -> str:
    """Start a helper agent with its own task; it spends from your budget.

    Args:
        name: a short name for the helper
        task: what the helper should do
        prompt: extra instructions for the helper
    """
    agents = _subagents(ctx)
    agent_id = agents.start(name, task, prompt)
    outcome = next((a for a in agents.list() if a.get("id") == agent_id), {})
    text = f"Started agent {name!r} with id {agent_id}."
    if outcome.get("status"):
        text += f" It {outcome['status']}: {outcome.get('result', '')}"
    return cap_text(text, output_cap(ctx))


@command(category="agents", example={"agent_id": "agent-1", "message": "What did you find?"})
def message_agent(ctx: CommandContext, agent_id: str, message: str) -> str:
    """Send a message to a helper agent and get its reply.

    Args:
        agent_id: the id start_agent returned
        message: what to tell or ask it
    """
    try:
        reply = _subagents(ctx).message(agent_id, message)
    except KeyError as exc:
        raise CommandError(f"No agent with id {agent_id!r}; see list_agents.") from exc
    return cap_text(f"Agent {agent_id} replied: {reply}", output_cap(ctx))


@command(category="agents")
def list_agents(ctx: CommandContext) -> str:
    """List the helper agents you started."""
    agents = _subagents(ctx).list()
    if not agents:
        return "No helper agents."
    lines = []
    for info in agents:
        status = f" [{info['status']}]" if info.get("status") else ""
        result = f" → {info['result']}" if info.get("result") else ""
        lines.append(f"{info.get('id')}: {info.get('name')}{status} — "
                     f"{info.get('task', '')}{result}")
    return "\n".join(lines)


@command(category="agents", example={"agent_id": "agent-1"})
def delete_agent(ctx: CommandContext, agent_id: str) -> str:
    """Stop and remove a helper agent.

    Args:
        agent_id: the id start_agent returned
    """
    try:
        _subagents(ctx).delete(agent_id)
    except KeyError as exc:
        raise CommandError(f"No agent with id {agent_id!r}; see list_agents.") from exc
    return f"Deleted agent {agent_id}."
