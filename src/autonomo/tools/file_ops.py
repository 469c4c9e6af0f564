"""Copying and moving files inside the workspace, through folder descriptors.

Both work on names opened one component at a time without following symlinks
(``Workspace.open_folder`` / ``open_file``): a name swapped for a symlink by sandboxed code
between the check and the use is refused (copy) or moved as the link itself (move), never
followed out of the workspace.

Neither replaces an existing destination unless asked to (``overwrite``): a copy or a rename
onto the wrong name lost that file silently, as ``cp`` and ``mv`` do. The refusal holds against
a file put there between the check and the rename (``atomic.move``, ``keep``).
"""

from __future__ import annotations

import errno
import os
import stat

from autonomo.sandbox.disk import DiskGuard, free_bytes
from autonomo.tools import atomic, fstree
from autonomo.tools.context import CommandContext, durable, workspace
from autonomo.tools.grounding import NamedFile, NewFile, RemovedFile
from autonomo.tools.registry import CommandError, command
from autonomo.tools.workspace import Workspace


def _file_parts(ws: Workspace, path: str, *, entry: bool = False) -> tuple[str, ...]:
    parts = ws.entry(path) if entry else ws.parts(path)
    if not parts:
        raise CommandError(f"{path!r} names the workspace itself; give a file name.")
    return parts


def _check_room(ctx: CommandContext, ws: Workspace, needed: int, source: str) -> None:
    """The copy is written by the host, outside the sandbox's disk guard: it is refused where
    the guard would stop a sandboxed command (``sandbox.max_write_mb``, ``min_free_mb``)."""
    config = ctx.settings.sandbox
    if free_bytes(ws.root) - needed < DiskGuard(ws.root, config).floor:
        raise CommandError(
            f"Copying {source} needs {needed // 1024} KB of disk, more than the workspace may "
            f"still use (sandbox.max_write_mb = {config.max_write_mb}, sandbox.min_free_mb = "
            f"{config.min_free_mb}); nothing was copied.")


@command(category="files", example={"source": "notes.txt", "destination": "notes_copy.txt"})
def copy_file(ctx: CommandContext, source: NamedFile, destination: NewFile,
              overwrite: bool = False) -> str:
    """Copy a file to a new name in the workspace (a duplicate or backup; the source stays).

    Args:
        source: the file to copy, relative to the workspace
        destination: the new file's path, relative to the workspace
        overwrite: replace the destination if it exists (only when the task says so)
    """
    ws = workspace(ctx)
    src_parts, dst_parts = _file_parts(ws, source), _file_parts(ws, destination)
    src = ws.open_file(src_parts)
    try:
        # a new file renamed over the destination (``atomic``): a crash or a full disk
        # mid-copy leaves the destination's old text, not half of the source
        with atomic.replacing(ws, dst_parts, durable=durable(ctx), keep=not overwrite) as new:
            a, b = os.fstat(src), new.old
            # copying a file onto itself (or a hard link of it) is refused, not emptied
            if b is not None and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino):
                raise CommandError(f"{source} and {destination} are the same file.")
            _check_room(ctx, ws, a.st_blocks * 512, source)
            fstree.copy_data(src, new.fd)
    finally:
        os.close(src)
    return f"Copied {'/'.join(src_parts)} to {'/'.join(dst_parts)}."


@command(category="files", aliases=("move_file",),
         example={"source": "draft.txt", "destination": "final.txt"})
def rename_file(ctx: CommandContext, source: RemovedFile, destination: NewFile,
                overwrite: bool = False) -> str:
    """Rename or move a file in the workspace (the old name is gone afterwards).

    Args:
        source: the file to move, relative to the workspace
        destination: its new path, relative to the workspace
        overwrite: replace the destination if it exists (only when the task says so)
    """
    ws = workspace(ctx)
    # as ``mv``: a link is moved (or replaced) itself, not the file it points at
    src_parts = _file_parts(ws, source, entry=True)
    dst_parts = _file_parts(ws, destination, entry=True)
    if src_parts == dst_parts:
        raise CommandError(f"{source} already has that name.")
    src_dir = ws.open_folder(src_parts[:-1])
    try:
        dst_dir = ws.open_folder(dst_parts[:-1], create=True)
        try:
            try:
                st = os.stat(src_parts[-1], dir_fd=src_dir, follow_symlinks=False)
            except FileNotFoundError as exc:
                raise CommandError(f"{source} does not exist.") from exc
            if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
                raise CommandError(f"{source} is not a regular file.")
            try:
                atomic.move(src_dir, src_parts[-1], dst_dir, dst_parts[-1],
                            replace=overwrite)
            except OSError as exc:
                if exc.errno == errno.EEXIST and atomic.taken(dst_dir, dst_parts[-1]):
                    raise atomic.Taken("/".join(dst_parts)) from exc
                if exc.errno in (errno.EISDIR, errno.ENOTEMPTY, errno.EEXIST):
                    raise CommandError(f"{destination} is a folder; give a file name.") from exc
                raise CommandError(f"Cannot move {source}: {exc.strerror}.") from exc
        finally:
            os.close(dst_dir)
    finally:
        os.close(src_dir)
    return f"Moved {'/'.join(src_parts)} to {'/'.join(dst_parts)}."
