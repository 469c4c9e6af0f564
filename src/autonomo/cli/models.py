"""``autonomo models`` and ``autonomo chat``: is a model configured, and does it answer?"""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from autonomo.cli.common import (
    build_model,
    console,
    describe_endpoint,
    err_console,
    override_model,
    settings,
)
from autonomo.config import ModelConfig, Settings
from autonomo.llm.types import Message
from autonomo.llm.usage import Meter, MeteredModel

CHECK_PROMPT = "Reply with the single word: OK"


def register(app: typer.Typer) -> None:
    app.command("models")(models)
    app.command("chat")(chat)


def _check(config: ModelConfig, current: Settings, timeout: float) -> tuple[bool, str]:
    """One tiny real call: whether it answered, and what to show."""
    quick = config.model_copy(update={"timeout_s": timeout, "max_retries": 0})
    started = time.perf_counter()
    try:
        model = build_model(quick, current)
        try:
            completion = model.complete([Message.user(CHECK_PROMPT)], max_tokens=8)
        finally:
            model.close()
    except Exception as exc:  # reported to the user, not swallowed: the check is the point
        return False, f"[red]no answer[/red]: {escape(type(exc).__name__)}: {escape(str(exc))}"
    took = time.perf_counter() - started
    answer = completion.text.strip() or f"{len(completion.tool_calls)} tool call(s)"
    return True, f"[green]answers[/green] in {took:.2f} s: {escape(answer[:40])!r}"


def models(
    check: Annotated[
        bool, typer.Option("--check/--no-check", help="Make a tiny real call to each model.")
    ] = True,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each check.")] = 60.0,
) -> int:
    """Show the configured fast/smart models and whether they answer."""
    current = settings()
    pairs = [("fast", current.llm.fast)]
    if current.llm.smart is not None:
        pairs.append(("smart", current.llm.smart))
    table = Table(title="Configured models")
    for column in ("role", "provider", "model", "endpoint", *(["status"] if check else [])):
        table.add_column(column)
    failed = 0
    for role, config in pairs:
        row = [escape(cell) for cell in (role, config.provider, config.model or "-")]
        row.append(escape(describe_endpoint(config)))
        if check:
            ok, status = _check(config, current, timeout)
            failed += not ok
            row.append(status)
        table.add_row(*row)
    if current.llm.smart is None:
        table.add_row("smart", "", "(same as fast)", "", *([""] if check else []))
    console().print(table)
    if current.llm.record_to:
        console().print(f"Recording calls to {escape(current.llm.record_to)}")
    return 1 if failed else 0


def chat(
    prompt: Annotated[str, typer.Argument(help="What to ask the model.")],
    model: Annotated[str | None, typer.Option("--model", "-m", help="Model name.")] = None,
    provider: Annotated[
        str | None, typer.Option(help="Provider: local, openai, azure, replay, ...")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    ] = None,
    system: Annotated[str | None, typer.Option(help="A system prompt.")] = None,
    smart: Annotated[bool, typer.Option("--smart", help="Use the smart model.")] = False,
    max_tokens: Annotated[int | None, typer.Option(help="Longest answer, in tokens.")] = None,
    temperature: Annotated[float | None, typer.Option(help="Sampling temperature.")] = None,
) -> int:
    """Ask a model one question and stream the answer (a check that it works)."""
    current = settings()
    base = (current.llm.smart or current.llm.fast) if smart else current.llm.fast
    config = override_model(base, provider=provider, model=model, base_url=base_url)
    chat_model = MeteredModel(build_model(config, current), Meter())
    messages = ([Message.system(system)] if system else []) + [Message.user(prompt)]
    out = console()
    started = time.perf_counter()
    first_piece: float | None = None
    try:
        for piece in chat_model.stream(messages, max_tokens=max_tokens, temperature=temperature):
            first_piece = first_piece or time.perf_counter() - started
            out.print(piece, end="", markup=False, soft_wrap=True)
        out.print()
    finally:
        chat_model.close()
    total = time.perf_counter() - started
    usage = chat_model.meter.total
    err_console().print(
        f"[dim]{escape(chat_model.name)} · {usage.prompt_tokens} prompt tokens "
        f"({usage.cached_prompt_tokens} cached) · {usage.completion_tokens} completion tokens · "
        f"first text after {first_piece or total:.2f} s · {total:.2f} s · ${usage.cost:.6f}[/dim]"
    )
    return 0
