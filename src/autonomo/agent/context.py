"""Building the prompt from state, and deciding when to compact episodes into summaries.

Compaction happens rarely and in batches: once the episodes shown in full pass the history
budget, all but the latest few are replaced by their one-line summaries at once. Every other
step only appends, so the prefix cache holds.
"""

from __future__ import annotations

import bisect
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
    #: at most this many of the latest episodes stay in full after a compaction
    full_episodes: int = 3
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
    split = first_full(state)
    compacted, full = state.episodes[:split], state.episodes[split:]
    if compacted:
        # the block changes only when a compaction or condensation does (summaries are
        # frozen before ``compacted_upto`` passes them): not rebuilt from every line each step
        key = (state.id, id(state), state.compacted_upto, state.condensed_upto,
               len(state.condensed), limits.history_budget)
        messages.append(strategy.once("summaries block", key, lambda: strategy.summaries_message(
            _fit_lines([*state.condensed, *summary_lines(state)], limits, strategy))))
    shown_task = 0
    # tasks given during the compacted steps: they change only when a compaction does
    while compacted and shown_task < compacted[-1].task_index:
        shown_task += 1
        messages.append(strategy.task_message(state, shown_task))
    for episode in full:
        while episode.task_index > shown_task:
            shown_task += 1
            messages.append(strategy.task_message(state, shown_task))
        messages.extend(strategy.cached_episode_messages(episode, limits.result_chars))
    while shown_task < len(state.tasks) - 1:
        shown_task += 1
        messages.append(strategy.task_message(state, shown_task))
    return messages


def first_full(state: AgentState) -> int:
    """The index of the first episode shown in full (after ``compacted_upto``). Episodes
    are numbered 1, 2, 3 …, so it is ``compacted_upto`` (checked against the neighbours);
    else a binary search (they are kept in number order) finds it."""
    episodes, upto = state.episodes, state.compacted_upto
    if 0 < upto < len(episodes):
        if episodes[upto].number == upto + 1 and episodes[upto - 1].number == upto:
            return upto
    elif upto == 0 and (not episodes or episodes[0].number > 0):
        return 0
    return bisect.bisect_right(episodes, upto, key=lambda e: e.number)


def summary_lines(state: AgentState) -> list[str]:
    """One line per compacted episode not yet condensed."""
    return [
        e.summary or e.action.describe()
        for e in state.episodes
        if state.condensed_upto < e.number <= state.compacted_upto
    ]


def summaries_budget(limits: ContextLimits) -> int:
    """Tokens the summary block may take before its oldest lines are condensed."""
    return limits.history_budget // 3


def _fit_lines(lines: list[str], limits: ContextLimits, strategy: PromptStrategy) -> list[str]:
    """Keep the latest summary lines within budget (a guard: condensation normally keeps the
    block small; this only acts when condensing failed)."""
    budget = summaries_budget(limits) * 2
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
    """The episodes to turn into summaries now (empty on most steps).

    A compaction is due when the episodes shown in full pass the history budget. It keeps at
    most ``full_episodes`` of the latest within a quarter of the budget (at least one), so
    that many steps append before the next compaction.
    """
    full = [e for e in state.episodes[first_full(state):] if e.result]
    if len(full) <= 1:
        return []
    sizes = [strategy.episode_tokens(e, limits.result_chars, count_tokens) for e in full]
    if sum(sizes) <= limits.history_budget:
        return []
    keep, used = 0, 0
    for size in reversed(sizes):
        if keep >= limits.full_episodes or (keep and used + size > limits.history_budget // 4):
            break
        keep, used = keep + 1, used + size
    return full[: len(full) - keep]
