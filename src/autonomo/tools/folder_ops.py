"""Removing and renaming a whole folder of the workspace, through folder descriptors.

A folder is reached one component at a time without following links
(``Workspace.open_folder``); its contents are removed by ``fstree.remove_tree``, which opens
each sub-folder with ``O_NOFOLLOW`` relative to its parent: a folder swapped for a link to a
host folder between the check and the removal is refused, and a link inside is removed,
never followed. A rename never replaces what the new name holds (``atomic.move``).

A small model is offered these only for a folder its task designates for the act
(``removed_folder``, ``named_folder``; see ``tools.grounding``), never the workspace itself.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from autonomo.tools import atomic, fstree
from autonomo.tools.context import CommandContext, workspace
from autonomo.tools.grounding import NamedFolder, NewFolder, RemovedFolder
from autonomo.tools.registry import CommandError, CommandResult, command
from autonomo.tools.workspace import Workspace


def _folder_parts(ws: Workspace, path: str) -> tuple[str, ...]:
    parts = ws.entry(path)  # (a link at the end is checked as itself, not followed)
    if not parts:
        raise CommandError("The workspace itself cannot be removed or renamed; name a folder "
                           "inside it.")
    return parts


def _is_folder(parent: int, name: str, path: str) -> None:
    try:
        st = os.stat(name, dir_fd=parent, follow_symlinks=False)
    except FileNotFoundError as exc:
        raise CommandError(f"{path} does not exist.") from exc
    if not stat.S_ISDIR(st.st_mode):
        raise CommandError(f"{path} is not a folder (use the file commands for a file).")


@command(category="files", example={"path": "old_stuff"})
def delete_folder(ctx: CommandContext, path: RemovedFolder) -> CommandResult:
    """Delete a folder of the workspace with everything in it.

    Args:
        path: folder path relative to the workspace
    """
    ws = workspace(ctx)
    parts = _folder_parts(ws, path)
    try:
        parent = ws.open_folder(parts[:-1])
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise CommandError(f"{path} does not exist.") from exc
    try:
        _is_folder(parent, parts[-1], path)
        try:  # (swapped after the check: the count's open is refused as the removal's is)
            files = _count_files(parent, parts[-1])
            fstree.remove_tree(parent, parts[-1])
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise CommandError(f"{path} changed into something else than a folder while "
                                   "being removed; nothing more was removed.") from exc
            raise CommandError(f"Cannot delete {path}: {exc.strerror}.") from exc
    finally:
        os.close(parent)
    return CommandResult.ok(f"Deleted the folder {'/'.join(parts)} and the {files} "
                            f"file{'' if files == 1 else 's'} in it.", files=files)


#: entries a removal's count looks at at most (the count is for the message only)
_COUNTED = 100_000


def _count_files(parent: int, name: str) -> int:
    """How many files the folder ``name`` holds, at any depth (not followed; bounded)."""
    top = os.open(name, fstree.DIR_FLAGS, dir_fd=parent)
    try:
        with contextlib.closing(fstree.walk(top, max_entries=_COUNTED,
                                            max_folders=_COUNTED)) as walk:
            return sum(len(folder.files) for folder in walk)
    finally:
        os.close(top)


@command(category="files", aliases=("move_folder",),
         example={"source": "drafts", "destination": "archive/drafts"})
def rename_folder(ctx: CommandContext, source: NamedFolder, destination: NewFolder) -> str:
    """Rename or move a folder with everything in it (the old name is gone afterwards).

    Args:
        source: the folder to move, relative to the workspace
        destination: its new path, relative to the workspace
    """
    ws = workspace(ctx)
    src_parts, dst_parts = _folder_parts(ws, source), _folder_parts(ws, destination)
    if src_parts == dst_parts:
        raise CommandError(f"{source} already has that name.")
    if dst_parts[:len(src_parts)] == src_parts:
        raise CommandError(f"{destination} is inside {source}; a folder cannot go into itself.")
    src_dir = ws.open_folder(src_parts[:-1])
    try:
        _is_folder(src_dir, src_parts[-1], source)
        dst_dir = ws.open_folder(dst_parts[:-1], create=True)
        try:
            atomic.move(src_dir, src_parts[-1], dst_dir, dst_parts[-1], replace=False)
        except OSError as exc:
            if exc.errno in (errno.EEXIST, errno.ENOTEMPTY):
                raise CommandError(f"{destination} already exists; nothing was moved.") from exc
            raise CommandError(f"Cannot move {source}: {exc.strerror}.") from exc
        finally:
            os.close(dst_dir)
    finally:
        os.close(src_dir)
    return f"Moved the folder {'/'.join(src_parts)} to {'/'.join(dst_parts)}."
