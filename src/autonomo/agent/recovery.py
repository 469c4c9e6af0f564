"""Picking up after an earlier run: what to tell the user, and the memories a crash lost.

A step's record (SQLite, with the agent) and its long-term memory (a vector store that may be
another database) cannot be written in one transaction. The step is written first; a crash
before its memory is written leaves the memory one step behind, so a run starting on a
stored agent first remembers the steps its memory lacks: memory and steps agree again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from autonomo.agent.episodes import Episode
from autonomo.agent.owner import Owner
from autonomo.agent.state import AgentState

if TYPE_CHECKING:
    from autonomo.memory.agent_memory import AgentMemory

#: memory kinds the runner writes for steps (``Runner._remember``)
STEP_KINDS = ("result", "feedback")
DESCRIBE_CHARS = 80


def shorten(text: str, limit: int = DESCRIBE_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def resume_note(state: AgentState, dead_owner: Owner | None) -> str | None:
    """Where a run on a stored agent starts and why the previous one ended; None for an
    agent's first run. Call it before the interrupted step is recovered."""
    episodes = state.episodes
    if not episodes and state.status == "created" and dead_owner is None:
        return None
    last = episodes[-1] if episodes else None
    name = f"{state.name} (agent {state.id})"
    follow_up = last is not None and last.task_index < len(state.tasks) - 1
    if last is None:
        where = f"Resuming {name} before its first step."
    elif last.result is None:
        where = (f"Resuming {name} at step {last.number}, "
                 f"{shorten(last.action.describe())}, which was running when the last run "
                 "ended: it may or may not have taken effect, and the agent is told so.")
    elif follow_up:
        where = f"Continuing {name} with a follow-up task after step {last.number}."
    else:
        where = (f"Resuming {name} after step {last.number}, "
                 f"{shorten(last.action.describe())} ({last.result.status}).")
    if dead_owner is not None:
        why = f"The last run was killed or crashed ({dead_owner.describe()} is gone)."
    elif state.status == "running" and not follow_up:
        why = "The last run did not end cleanly (it was killed or crashed)."
    elif state.stop_reason:
        label = {"finished": "finished", "failed": "failed",
                 "unverified": "ended not verified"}.get(state.status, "stopped")
        why = f"The last run {label}: {shorten(state.stop_reason, 200)}"
    else:
        why = ""
    return f"{where} {why}".strip()


def missing_memories(memory: AgentMemory | None, episodes: list[Episode]) -> list[Episode]:
    """The completed steps newer than the last one the memory holds."""
    if memory is None or not episodes:
        return []
    newest = memory.list(limit=1, kind=list(STEP_KINDS))
    done = int(newest[0].extra.get("step", 0)) if newest else 0
    return [e for e in episodes if e.result is not None and e.number > done]


def restore_memories(memory: AgentMemory | None, episodes: list[Episode],
                     remember: Callable[[Episode], None]) -> int:
    """Remember the steps the memory lacks (see the module docstring); how many."""
    missing = missing_memories(memory, episodes)
    for episode in missing:
        remember(episode)
    return len(missing)
