"""``autonomo memory AGENT list | search QUERY | stats | clear``: an agent's long-term memory."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from autonomo.cli.common import console, err_console, settings
from autonomo.errors import UserError

if TYPE_CHECKING:
    from autonomo.config import Settings
    from autonomo.memory.store import VectorStore

memory_app = typer.Typer(
    help="Inspect or clear an agent's long-term memory.", no_args_is_help=True
)


def register(app: typer.Typer) -> None:
    app.add_typer(memory_app, name="memory")


@memory_app.callback()
def _agent(
    ctx: typer.Context,
    agent: Annotated[str, typer.Argument(help="The agent's id.")],
) -> None:
    """Inspect or clear the long-term memory of AGENT."""
    ctx.obj = agent


def _open(current: Settings, agent: str) -> VectorStore:
    """The agent's store, without loading an embedding model unless memories wait to be
    embedded (``memory.lazy``); never creates a new one."""
    from autonomo.memory.factory import (
        agent_dir,
        memory_path,
        open_memory,
        open_store,
        pending_path,
    )

    if current.memory.backend == "sqlite":
        path = memory_path(current, agent)
        if not path.is_file():
            agents_dir = agent_dir(current, agent).parent
            known = sorted(
                p.parent.name for p in agents_dir.glob("*/memory.sqlite")
            ) if agents_dir.is_dir() else []
            hint = f" Agents with a memory: {', '.join(known)}." if known else ""
            raise UserError(f"Agent {agent!r} has no memory (no file {path}).{hint}")
    waiting = pending_path(current, agent)
    if waiting is None or not waiting.is_file():
        return open_store(current, agent)
    memory = open_memory(current, agent)
    memory.flush()
    return memory.store


def _when(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M:%S")


def _short(text: str, width: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


@memory_app.command("list")
def list_memories(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option("--limit", "-n", help="How many, newest first.")] = 20,
    kind: Annotated[str | None, typer.Option(help="Only this kind (result, feedback, ...).")]
    = None,
    full: Annotated[bool, typer.Option("--full", help="Show whole texts.")] = False,
) -> int:
    """List the agent's memories, newest first."""
    agent = ctx.obj
    store = _open(settings(), agent)
    try:
        records = store.list(agent_id=agent, kind=kind, limit=limit)
        total = store.stats(agent).count
    finally:
        store.close()
    table = Table(title=f"Memory of {escape(agent)}: {len(records)} of {total}")
    for column in ("id", "kind", "created", "text"):
        table.add_column(column, overflow="fold")
    for record in records:
        text = record.text if full else _short(record.text, 100)
        table.add_row(str(record.id), record.kind, _when(record.created_at), escape(text))
    console().print(table)
    return 0


@memory_app.command("search")
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    k: Annotated[int, typer.Option("-k", help="How many results.")] = 5,
    kind: Annotated[str | None, typer.Option(help="Only this kind.")] = None,
) -> int:
    """Find the memories most similar to QUERY (as the agent's recall does)."""
    from autonomo.memory.agent_memory import AgentMemory
    from autonomo.memory.factory import make_embedder

    agent = ctx.obj
    current = settings()
    store = _open(current, agent)
    waiting = err_console()
    if not waiting.is_terminal:
        waiting.print("[dim]Searching (loading the embedding model first)…[/]")
    try:
        with waiting.status("Searching (loading the embedding model first)…"):
            memory = AgentMemory(store, make_embedder(current), agent)
            hits = memory.search(query, k, kind=kind)
    finally:
        store.close()
    table = Table(title=f"{len(hits)} memories of {escape(agent)} for {escape(query)!r}")
    for column in ("score", "id", "kind", "created", "text"):
        table.add_column(column, overflow="fold")
    for hit in hits:
        record = hit.record
        table.add_row(
            f"{hit.score:.3f}", str(record.id), record.kind, _when(record.created_at),
            escape(_short(record.text, 160)),
        )
    console().print(table)
    return 0


@memory_app.command("stats")
def stats(ctx: typer.Context) -> int:
    """How many memories of each kind, and how much room they take."""
    agent = ctx.obj
    store = _open(settings(), agent)
    try:
        info = store.stats(agent)
        where = getattr(store, "path", None) or getattr(store, "table", "")
    finally:
        store.close()
    out = console()
    out.print(f"agent: {escape(agent)}")
    out.print(f"backend: {info.backend} ({escape(str(where))})")
    out.print(f"memories: {info.count}")
    for kind, count in info.by_kind.items():
        out.print(f"  {escape(kind)}: {count}")
    out.print(f"dimension: {info.dim or '-'}")
    out.print(f"size: {info.size_bytes / 1e6:.2f} MB")
    return 0


@memory_app.command("clear")
def clear(
    ctx: typer.Context,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]
    = False,
) -> int:
    """Delete every memory of the agent."""
    agent = ctx.obj
    store = _open(settings(), agent)
    try:
        count = store.stats(agent).count
        if count and not yes:
            typer.confirm(f"Delete all {count} memories of {agent}?", abort=True)
        deleted = store.clear(agent)
    finally:
        store.close()
    console().print(f"Deleted {deleted} memories of {escape(agent)}.")
    return 0

