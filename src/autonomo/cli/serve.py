"""``autonomo serve``: the Agent Protocol server and its web page."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape

from autonomo.cli.common import console, settings, warn_if_unsandboxed


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: Annotated[str | None, typer.Option(help="Address to listen on (default 127.0.0.1; "
                                                  "others need --token).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default 8000).")] = None,
    token: Annotated[str | None, typer.Option(
        help="Bearer token every request must carry (or AUTONOMO_SERVER__TOKEN).")] = None,
    workers: Annotated[int | None, typer.Option(
        help="Steps that may run at once; more wait in a queue.")] = None,
    database: Annotated[str | None, typer.Option(
        help="PostgreSQL URL shared by several servers (default: SQLite in the data dir).",
    )] = None,
) -> int:
    """Serve agents over the Agent Protocol, with a web page to watch and steer them."""
    overrides: dict[str, Any] = {k: v for k, v in {
        "host": host, "port": port, "token": token, "workers": workers, "database": database,
    }.items() if v is not None}
    current = settings({"server": overrides} if overrides else None)
    warn_if_unsandboxed(current)
    from autonomo.server.run import serve as run_server

    token = current.server.token

    def ready(host: str, port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        address = f"http://{shown}:{port}/"
        if token:  # the page reads it from the fragment, which never reaches the server
            address += "#token=<your token>"
        console().print(f"autonomo is serving agents at [bold]{escape(address)}[/bold]",
                        soft_wrap=True)

    return run_server(current, on_ready=ready)
