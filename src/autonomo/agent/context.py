"""Building the prompt from state, and deciding when to compact episodes into summaries.

Compaction happens rarely and in batches: once more than ``full_episodes + batch`` episodes are
shown in full, or the progress passes its token budget, the oldest full episodes are replaced
by their one-line summaries at once. Every other step only appends, so the prefix cache holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from autonomo.agent.episodes import Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.base import PromptStrategy, Turn
from autonomo.llm.types import Message


@dataclass
class ContextLimits:
    #: tokens the progress (summaries + full episodes) may take
    history_budget: int = 1500
    #: latest episodes always shown in full
    full_episodes: int = 3
    #: how many more full episodes may pile up before a compaction
    batch: int = 4
    #: characters of a result shown in full
    result_chars: int = 1200


def build_messages(
    state: AgentState, strategy: PromptStrategy, turn: Turn, limits: ContextLimits
) -> list[Message]:
    messages = [strategy.system_message(state)]
    messages.extend(progress_messages(state, strategy, limits))
    messages.append(strategy.trigger_message(state, turn))
    return messages


def progress_messages(
    state: AgentState, strategy: PromptStrategy, limits: ContextLimits
) -> list[Message]:
    """Task, summaries of compacted episodes, then the full episodes, with follow-up tasks
    in the order they were given."""
    messages = [strategy.task_message(state, 0)] if state.tasks else []
    compacted = [e for e in state.episodes if e.number <= state.compacted_upto]
    full = [e for e in state.episodes if e.number > state.compacted_upto]
    if compacted:
        lines = [e.summary or e.action.describe() for e in compacted]
        messages.append(strategy.summaries_message(_fit_lines(lines, limits, strategy)))
    shown_task = compacted[-1].task_index if compacted else 0
    for episode in full:
        while episode.task_index > shown_task:
            shown_task += 1
            messages.append(strategy.task_message(state, shown_task))
        messages.extend(strategy.cached_episode_messages(episode, limits.result_chars))
    while shown_task < len(state.tasks) - 1:
        shown_task += 1
        messages.append(strategy.task_message(state, shown_task))
    return messages


def _fit_lines(lines: list[str], limits: ContextLimits, strategy: PromptStrategy) -> list[str]:
    """Keep the latest summary lines within a third of the history budget."""
    budget = limits.history_budget // 3
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        cost = len(line) // 4 + 2
        if kept and used + cost > budget:
            omitted = len(lines) - len(kept)
            kept.append(f"({omitted} earlier steps omitted; `recall` can search them)")
            break
        kept.append(line)
        used += cost
    return list(reversed(kept))


def episodes_to_compact(
    state: AgentState,
    strategy: PromptStrategy,
    limits: ContextLimits,
    count_tokens: Callable[[str], int],
) -> list[Episode]:
    """The episodes to turn into summaries now (empty on most steps)."""
    full = [e for e in state.episodes if e.number > state.compacted_upto and e.result]
    if len(full) <= limits.full_episodes:
        return []
    too_many = len(full) > limits.full_episodes + limits.batch
    tokens = sum(
        count_tokens(m.content)
        for e in full
        for m in strategy.cached_episode_messages(e, limits.result_chars)
    )
    if not too_many and tokens <= limits.history_budget:
        return []
    return full[: len(full) - limits.full_episodes]
