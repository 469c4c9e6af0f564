"""Changing a text inside a workspace file: every occurrence of one text replaced by another.

The file is opened once, through folder descriptors and without following a symlink
(``Workspace.open_folder``, ``files.open_regular``), read and rewritten through that one descriptor:
a file or folder swapped for a symlink by sandboxed code after the path check is refused,
and nothing swapped in after the open can receive the new text.
"""

from __future__ import annotations

import os

from autonomo.tools.context import CommandContext, workspace
from autonomo.tools.files import open_regular, read_at_most
from autonomo.tools.grounding import EditedFile, FileText, GroundedText
from autonomo.tools.registry import CommandError, CommandResult, command

#: a file larger than this is not edited (it is read whole into memory)
MAX_EDIT_BYTES = 4 * 1024 * 1024
#: how much of the text before the change the record keeps (``replaced``, as write_file)
_KEPT = 4000


def _open_for_edit(ctx: CommandContext, path: str) -> tuple[int, str]:
    ws = workspace(ctx)
    parts = ws.parts(path)
    if not parts:
        raise CommandError(f"{path} is a folder; give a file name.")
    shown = "/".join(parts)
    try:
        folder = ws.open_folder(parts[:-1])
    except FileNotFoundError as exc:
        raise CommandError(f"{path} does not exist.") from exc
    try:
        fd, st = open_regular(folder, parts[-1], shown, flags=os.O_RDWR)
    finally:
        os.close(folder)
    if st.st_size > MAX_EDIT_BYTES:
        os.close(fd)
        raise CommandError(f"{shown} is {st.st_size} bytes, more than the {MAX_EDIT_BYTES} "
                           "replace_text edits; use a program instead.")
    os.set_blocking(fd, True)
    return fd, shown


@command(category="files", example={"path": "notes.txt", "old": "Monday", "new": "Friday"})
def replace_text(ctx: CommandContext, path: EditedFile, old: FileText,
                 new: GroundedText) -> CommandResult:
    """Replace every occurrence of a text in a workspace file with another text; the rest
    of the file stays as it is.

    Args:
        path: the file to change, relative to the workspace
        old: the exact text to replace, as the file holds it
        new: the text to put in its place
    """
    if not old:
        raise CommandError("old is empty: give the exact text of the file to replace.")
    fd, shown = _open_for_edit(ctx, path)
    try:
        data = read_at_most(fd, MAX_EDIT_BYTES + 1)
        if len(data) > MAX_EDIT_BYTES:
            raise CommandError("The file grew past the size replace_text edits; refused.")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CommandError(f"{shown} is not UTF-8 text; it cannot be edited.") from exc
        count = text.count(old)
        if count == 0:
            start = text[:300] + (" …" if len(text) > 300 else "")
            raise CommandError(f"{shown} does not contain {old!r}; nothing was changed. "
                               f"It begins: {start!r}")
        # the result is bounded before it is built: 4 MB of "a" with each "a" replaced by 100
        # characters would be 400 MB in the host's memory, written past the sandbox's disk guard
        size = len(data) + count * (len(new.encode("utf-8")) - len(old.encode("utf-8")))
        if size > MAX_EDIT_BYTES:
            raise CommandError(f"Replacing {old[:50]!r} ({count} times) would make {shown} "
                               f"{size} bytes, more than the {MAX_EDIT_BYTES} replace_text "
                               "writes; nothing was changed.")
        changed = text.replace(old, new).encode("utf-8")
        os.lseek(fd, 0, os.SEEK_SET)
        view = memoryview(changed)
        while view:
            view = view[os.write(fd, view):]
        os.ftruncate(fd, len(changed))
    finally:
        os.close(fd)
    times = "once" if count == 1 else f"{count} times"
    return CommandResult.ok(f"Replaced {old!r} with {new!r} in {shown} ({times}).",
                            replaced=text[:_KEPT])
