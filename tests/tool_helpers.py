"""Shared set-up for the command tests: a workspace, settings and a context."""

from __future__ import annotations

import os
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


def make_deep_folder(root: Path, levels: int) -> None:
    """``root/d/d/…/d``, ``levels`` deep."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    for _ in range(levels):
        os.mkdir("d", dir_fd=fd)
        child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.close(fd)


def remove_deep_folder(root: Path) -> None:
    """Remove ``root/d/d/…`` one level at a time (``shutil.rmtree`` would recurse too deep)."""
    top, spare = root / "d", root / "d-spare"
    while top.exists():
        if (top / "d").exists():
            os.rename(top / "d", spare)
            top.rmdir()
            os.rename(spare, top)
        else:
            top.rmdir()


def swap_for_symlink(monkeypatch, workspace: Path, name: str, target: Path) -> Path:
    """The race a prober wins, made deterministic: right after ``Workspace.resolve`` has
    checked a path, ``workspace/name`` is renamed to ``name-real`` and a symlink to
    ``target`` takes its place (once). Returns where the original went."""
    from autonomo.tools.workspace import Workspace

    real_resolve = Workspace.resolve
    moved = workspace / f"{name}-real"

    def resolve_then_swap(self, path):
        resolved = real_resolve(self, path)
        if not moved.exists():
            os.rename(workspace / name, moved)
            os.symlink(target, workspace / name)
        return resolved

    monkeypatch.setattr(Workspace, "resolve", resolve_then_swap)
    return moved


def make_sparse(path: Path, size: int) -> None:
    """A file of ``size`` bytes that costs almost no disk: ``head`` at 0, ``middle`` half
    way, holes elsewhere (what ``truncate -s`` makes in the sandbox for nothing)."""
    with open(path, "wb") as handle:
        handle.truncate(size)
        handle.write(b"head")
        handle.seek(size // 2)
        handle.write(b"middle")


def swap_while_listed(monkeypatch, tmp_path: Path) -> tuple[Path, list]:
    """A workspace ``tmp_path/ws`` whose folder ``sub`` (holding ``mine.txt``) is swapped for
    a link to a host folder holding ``host_secret.txt`` right after the walk checked it and
    before it is listed (the second ``os.scandir`` call: the root was listed first).
    Returns the workspace and the calls seen, to check the hook was reached."""
    ws, host = tmp_path / "ws", tmp_path / "host"
    (ws / "sub").mkdir(parents=True)
    (ws / "sub" / "mine.txt").write_text("x")
    host.mkdir()
    (host / "host_secret.txt").write_text("x")
    real_scandir = os.scandir
    calls: list = []

    def scandir_after_swap(where=None):
        calls.append(where)
        if len(calls) == 2:
            os.rename(ws / "sub", ws / "sub-real")
            os.symlink(host, ws / "sub")
        return real_scandir(where)

    monkeypatch.setattr(os, "scandir", scandir_after_swap)
    return ws, calls
