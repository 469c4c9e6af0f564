"""Changing a text inside a workspace file: every occurrence of one text replaced by another.

The file is opened once, through folder descriptors and without following a symlink
(``Workspace.open_folder``, ``files.open_regular``), and read through that descriptor: a file or
folder swapped for a symlink by sandboxed code after the path check is refused. The new text
goes to a new file in the same folder (the same folder descriptor), renamed over the old one
only if the name still holds the file that was read (``atomic.replacing_in``): a crash or a
full disk mid-write leaves the old text.
"""

from __future__ import annotations

import os

from autonomo.tools import atomic
from autonomo.tools.context import CommandContext, durable, workspace
from autonomo.tools.files import open_regular, read_at_most
from autonomo.tools.grounding import EditedFile, FileText, GroundedText
from autonomo.tools.registry import CommandError, CommandResult, command

#: a file larger than this is not edited (it is read whole into memory)
MAX_EDIT_BYTES = 4 * 1024 * 1024
#: how much of the text before the change the record keeps (``replaced``, as write_file)
_KEPT = 4000


def _open_for_edit(ctx: CommandContext, path: str) -> tuple[int, int, os.stat_result, str]:
    """(folder, file, the file's stat, its relative path), both opened through descriptors."""
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
        # opened for writing as before: a file the user made read-only stays refused
        fd, st = open_regular(folder, parts[-1], shown, flags=os.O_RDWR)
    except BaseException:
        os.close(folder)
        raise
    if st.st_size > MAX_EDIT_BYTES:
        os.close(fd)
        os.close(folder)
        raise CommandError(f"{shown} is {st.st_size} bytes, more than the {MAX_EDIT_BYTES} "
                           "replace_text edits; use a program instead.")
    os.set_blocking(fd, True)
    return folder, fd, st, shown


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
    new_bytes = atomic.encoded(new, path, "new text")
    folder, fd, st, shown = _open_for_edit(ctx, path)
    try:
        data = read_at_most(fd, MAX_EDIT_BYTES + 1)
        os.close(fd)
        fd = -1
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
        size = len(data) + count * (len(new_bytes) - len(old.encode("utf-8")))
        if size > MAX_EDIT_BYTES:
            raise CommandError(f"Replacing {old[:50]!r} ({count} times) would make {shown} "
                               f"{size} bytes, more than the {MAX_EDIT_BYTES} replace_text "
                               "writes; nothing was changed.")
        changed = text.replace(old, new).encode("utf-8")
        # a new file renamed over the old one in the same folder (``atomic``): a crash or a
        # full disk mid-write leaves the old text whole
        with atomic.replacing_in(folder, os.path.basename(shown), shown,
                                 durable=durable(ctx), edited=st) as out:
            atomic.write_all(out.fd, changed)
    finally:
        if fd >= 0:
            os.close(fd)
        os.close(folder)
    times = "once" if count == 1 else f"{count} times"
    return CommandResult.ok(f"Replaced {old!r} with {new!r} in {shown} ({times}).",
                            replaced=text[:_KEPT])
