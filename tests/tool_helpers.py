"""Shared set-up for the command tests: a workspace, settings and a context."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.context import CommandContext


def make_ctx(tmp_path: Path, model: Any = None, **sections: dict[str, Any]) -> CommandContext:
    workspace = tmp_path / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    settings = Settings(data_dir=tmp_path / "data", **sections)
    return CommandContext(workspace=workspace, settings=settings, model=model, agent_id="test")


def run(ctx: CommandContext, command_name: str, /, **arguments: Any):
    """Execute a built-in command the way the agent loop does."""
    return builtin_registry().execute(command_name, arguments, ctx)
