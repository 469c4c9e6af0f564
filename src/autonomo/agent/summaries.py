"""One-line episode summaries, written by the model, computed once and then frozen."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from autonomo import prompts
from autonomo.agent.episodes import Episode
from autonomo.llm.types import Completion, Message

MAX_SUMMARY_CHARS = 300


def summary_messages(episode: Episode) -> list[Message]:
    result = episode.result
    output = (result.output if result else "")[:1500]
    reasoning = " ".join(str(v) for v in episode.action.thoughts.values())[:400]
    return [
        Message.system(prompts.render("summarize_episode", "system")),
        Message.user(
            prompts.render(
                "summarize_episode",
                "user",
                action=episode.action.describe()[:500],
                reasoning=reasoning,
                status=result.status if result else "interrupted",
                output=output or "(no output)",
            )
        ),
    ]


def clean_summary(text: str, episode: Episode) -> str:
    """The first non-empty line, capped; a plain description if the model gave nothing."""
    for line in text.strip().splitlines():
        line = line.strip().strip('"').strip()
        if line:
            return line[:MAX_SUMMARY_CHARS]
    status = episode.result.status if episode.result else "interrupted"
    return f"{episode.action.describe()[:200]} ({status})"


def summarize(
    episodes: list[Episode],
    call: Callable[[list[Message]], Completion],
    *,
    parallel: int = 4,
) -> None:
    """Fill in missing summaries; several model calls at once. Existing ones stay frozen."""
    todo = [e for e in episodes if e.summary is None]
    if not todo:
        return
    if parallel <= 1 or len(todo) == 1:
        completions = [call(summary_messages(e)) for e in todo]
    else:
        with ThreadPoolExecutor(max_workers=min(parallel, len(todo))) as pool:
            completions = list(pool.map(lambda e: call(summary_messages(e)), todo))
    for episode, completion in zip(todo, completions, strict=True):
        episode.summary = clean_summary(completion.text, episode)
