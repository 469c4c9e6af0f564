"""Control and reflection commands: finish, ask_user, think, do_nothing, recall, code helpers."""

from __future__ import annotations

from autonomo.tools.context import CommandContext, ask_model, cap_text, output_cap, workspace
from autonomo.tools.files import read_text
from autonomo.tools.registry import CommandError, CommandResult, command


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


def _code_of(ctx: CommandContext, code: str | None, path: str | None) -> str:
    if code:
        return code
    if path:
        return read_text(workspace(ctx), path)[0]
    raise CommandError("Give either code or path.")


def _limited(ctx: CommandContext, code: str) -> str:
    return cap_text(code, output_cap(ctx), "only this part was given to the model")


@command(category="code", example={"path": "main.py"})
def analyze_code(ctx: CommandContext, code: str | None = None, path: str | None = None) -> str:
    """Review code and list concrete suggestions to improve it (one model call).

    Args:
        code: the code to review (or give path)
        path: a workspace file to review instead
    """
    return ask_model(ctx, "analyze_code", code=_limited(ctx, _code_of(ctx, code, path)))


@command(category="code", example={"path": "main.py", "suggestions": ["add type hints"]})
def improve_code(
    ctx: CommandContext,
    suggestions: list[str],
    code: str | None = None,
    path: str | None = None,
) -> str:
    """Rewrite code following the given suggestions; returns the new code (one model call).

    Args:
        suggestions: what to change
        code: the code to improve (or give path)
        path: a workspace file to improve instead (it is not modified; write the result)
    """
    source = _limited(ctx, _code_of(ctx, code, path))
    return ask_model(ctx, "improve_code", code=source, suggestions=suggestions)


@command(category="code", example={"path": "calc.py"})
def write_tests(
    ctx: CommandContext,
    code: str | None = None,
    path: str | None = None,
    focus: list[str] | None = None,
) -> str:
    """Write pytest tests for code; returns the test file's text (one model call).

    Args:
        code: the code to test (or give path)
        path: a workspace file to test instead
        focus: behaviours the tests should cover
    """
    source = _limited(ctx, _code_of(ctx, code, path))
    return ask_model(ctx, "write_tests", code=source, focus=focus or [], path=path or "")
