"""Code commands the model answers in one call: analyze_code, improve_code, write_tests (the
code is given inline or read from a workspace file)."""

from __future__ import annotations

from autonomo.tools.context import CommandContext, ask_model, cap_text, output_cap, workspace
from autonomo.tools.files import read_text
from autonomo.tools.registry import CommandError, command


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
