"""Control and reflection commands: finish, ask_user, think, do_nothing, recall."""

from __future__ import annotations

from autonomo.tools.context import CommandContext, cap_text, output_cap
from autonomo.tools.registry import CommandResult, command


@command(category="control", example={"reason": "The file was written as asked."})
def finish(reason: str) -> CommandResult:
    """End the task: call this once the goal is reached, or when it cannot be reached.

    Args:
        reason: a short summary of what was achieved, or why it could not be
    """
    return CommandResult(status="success", output=reason, finished=True, data={"reason": reason})


@command(category="control", example={"question": "Which file should I summarise?"})
def ask_user(ctx: CommandContext, question: str) -> str:
    """Ask the user a question and wait for the answer.

    Args:
        question: one clear question
    """
    ask = ctx.service("ask_user")
    answer = ask(question)
    if answer is None or not str(answer).strip():
        return "The user gave no answer."
    return f"The user answered: {answer}"


@command(category="control", example={"thought": "First list the files, then read README."})
def think(thought: str) -> str:
    """Write down a thought or plan without acting (OpenDevin's think action).

    Args:
        thought: the reasoning to record
    """
    return "Noted."


@command(category="control")
def do_nothing() -> str:
    """Do nothing this step (e.g. while waiting for a background job)."""
    return "Nothing was done."


@command(category="memory", example={"query": "the user's preferred language"})
def recall(ctx: CommandContext, query: str, k: int = 5) -> str:
    """Search long-term memory for things remembered from earlier work.

    Args:
        query: what to look for
        k: how many memories to return at most
    """
    memory = ctx.service("memory")
    found = list(memory.recall(query, k=max(1, k)))
    if not found:
        return f"Nothing in memory matches {query!r}."
    lines = [f"{i}. {text}" for i, text in enumerate(found, 1)]
    return cap_text("\n".join(lines), output_cap(ctx))
