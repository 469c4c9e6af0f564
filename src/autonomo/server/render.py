"""What a step says: readable ``output`` and structured ``additional_output``."""

from __future__ import annotations

from typing import Any

from autonomo import Action, Episode
from autonomo.llm.types import Usage

_THOUGHT_KEYS = ("speak", "text", "thought", "reasoning")


def thought_text(thoughts: dict[str, Any]) -> str:
    for key in _THOUGHT_KEYS:
        value = thoughts.get(key)
        if isinstance(value, str) and value.strip() and value.strip() != "-":
            return value.strip()
    return " ".join(str(v) for v in thoughts.values() if str(v).strip() not in ("", "-"))


def usage_dict(usage: Usage) -> dict[str, Any]:
    return {"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens,
            "total_tokens": usage.total_tokens, "cost": round(usage.cost, 6),
            "calls": usage.calls}


def usage_delta(after: Usage, before: Usage) -> Usage:
    return Usage(prompt_tokens=after.prompt_tokens - before.prompt_tokens,
                 cached_prompt_tokens=after.cached_prompt_tokens - before.cached_prompt_tokens,
                 completion_tokens=after.completion_tokens - before.completion_tokens,
                 cost=after.cost - before.cost, calls=after.calls - before.calls)


def executed_dict(episode: Episode | None) -> dict[str, Any] | None:
    if episode is None:
        return None
    result = episode.result
    return {"command": episode.action.name, "args": episode.action.arguments,
            "source": episode.source,
            "status": result.status if result else "interrupted",
            "output": result.output if result else ""}


def output_text(executed: Episode | None, proposal: Action | None, ended: str) -> str:
    """AutoGPT-like: what ran and what came of it, the agent's thinking, the next command."""
    parts = []
    if executed is not None and executed.result is not None:
        if executed.source == "human":
            parts.append(f"Feedback given instead of running {executed.action.describe()}: "
                         f"{executed.result.output}")
        else:
            output = executed.result.output
            if len(output) > 2000:
                output = output[:2000] + " …"
            parts.append(f"Ran {executed.action.describe()} → {executed.result.status}: "
                         f"{output}")
    if proposal is not None:
        thinking = thought_text(proposal.thoughts)
        if thinking:
            parts.append(thinking)
        parts.append(f"Next command: {proposal.describe()}")
    if ended:
        parts.append(ended)
    return "\n\n".join(parts)


def additional_output(executed: Episode | None, proposal: Action | None, step_usage: Usage,
                      total: Usage, status: str, reason: str) -> dict[str, Any]:
    return {
        "executed": executed_dict(executed),
        "thoughts": proposal.thoughts if proposal else None,
        "next_command": ({"name": proposal.name, "args": proposal.arguments}
                         if proposal else None),
        "tokens": usage_dict(step_usage),
        "cost": round(step_usage.cost, 6),
        "total": usage_dict(total),
        "task_status": status,
        "stop_reason": reason,
    }
