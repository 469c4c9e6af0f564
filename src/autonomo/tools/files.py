"""File commands, confined to the workspace, with caps on what goes back to the model."""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from autonomo.tools import atomic, fstree
from autonomo.tools.context import CommandContext, cap_text, durable, output_cap, workspace
from autonomo.tools.grounding import (
    AddedText,
    ExistingFile,
    FilePath,
    FolderPath,
    GroundedText,
    RemovedFile,
)
from autonomo.tools.registry import CommandError, CommandResult, command
from autonomo.tools.workspace import Workspace, kind_of

#: names ``list_folder`` reads per folder at most (a million take seconds to read and sort)
LIST_MAX_NAMES = 100_000
_BINARY_SNIFF = 8192
#: read_file reads at most this much of a file (a huge or sparse file is not loaded whole)
_READ_MAX_BYTES = 4 * 1024 * 1024
_READ_FLAGS = fstree.READ_FLAGS
#: an append to a file up to this size is made whole or not at all (the file is copied into a
#: new one); a larger file is appended to in place
APPEND_COPY_MAX = 64 * 1024 * 1024
#: … but a file above ``APPEND_COPY_FREE`` is copied only for a text at least 1/``RATIO`` of
#: its size: a short line added to a long log goes in place. Copied each time, a log grown by
#: short lines cost O(n²) (~1.7 ms per MB copied); now each append copies at most
#: max(256 KB, 64 × its text), and a text cut short in place is rarer the shorter it is.
APPEND_COPY_FREE = 256 * 1024
APPEND_COPY_RATIO = 64


def is_binary(data: bytes) -> bool:
    return b"\x00" in data[:_BINARY_SNIFF]


def read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = os.read(fd, min(left, 1024 * 1024))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def open_regular(folder: int, name: str, shown: str,
                 flags: int = _READ_FLAGS) -> tuple[int, os.stat_result]:
    """Open ``name`` in ``folder`` (for reading unless ``flags`` say otherwise): no symlink,
    no blocking on a FIFO, and nothing but a regular file (a FIFO or device could hang or
    never end)."""
    try:
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)
    except FileNotFoundError as exc:
        raise CommandError(f"{shown} does not exist. Use list_folder to see what is there.") \
            from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CommandError(f"{shown} became a symbolic link while being read; refused.") \
                from exc
        if exc.errno == errno.EISDIR:  # opened for writing
            raise CommandError(f"{shown} is a folder; give a file name.") from exc
        raise CommandError(f"Cannot read {shown}: {exc.strerror}.") from exc
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        os.close(fd)
        raise CommandError(f"{shown} is a folder; use list_folder to see its contents.")
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        kind = kind_of(st.st_mode)
        raise CommandError(f"{shown} is {kind}, not a regular file; it cannot be read.")
    return fd, st


def read_text(ws: Workspace, path: str) -> tuple[str, str, int | None]:
    """(text, relative path, total size when only the first part was read): the file is
    opened through folder descriptors and ``O_NOFOLLOW``, never by path, so a file or folder
    swapped for a symlink after the path check is refused. Every host-side reader of a
    workspace file goes through here."""
    parts = ws.parts(path)
    if not parts:
        raise CommandError(f"{path} is a folder; use list_folder to see its contents.")
    try:
        folder = ws.open_folder(parts[:-1])
    except FileNotFoundError as exc:
        raise CommandError(f"{path} does not exist. Use list_folder to see what is there.") from exc
    try:
        fd, st = open_regular(folder, parts[-1], path)
    finally:
        os.close(folder)
    try:
        data = read_at_most(fd, _READ_MAX_BYTES + 1)
    finally:
        os.close(fd)
    shown = "/".join(parts)
    if is_binary(data):
        raise CommandError(f"{path} is a binary file ({st.st_size} bytes); it cannot be shown.")
    partial = len(data) > _READ_MAX_BYTES
    text = data[:_READ_MAX_BYTES].decode("utf-8", errors="replace")
    return text, shown, max(st.st_size, len(data)) if partial else None


@command(category="files", aliases=("read",), example={"path": "notes.txt"})
def read_file(
    ctx: CommandContext, path: ExistingFile, start_line: int = 1, max_lines: int | None = None
) -> str:
    """Read a text file from the workspace.

    Args:
        path: file path relative to the workspace
        start_line: first line to show (1-based), to page through long files
        max_lines: how many lines to show at most (default: as many as fit)
    """
    ws = workspace(ctx)
    text, _shown, partial_of = read_text(ws, path)
    lines = text.splitlines(keepends=True)
    if start_line < 1:
        raise CommandError("start_line must be 1 or more.")
    if lines and start_line > len(lines):
        raise CommandError(f"{path} has only {len(lines)} lines.")
    end = len(lines) if max_lines is None else min(len(lines), start_line - 1 + max_lines)
    chosen = lines[start_line - 1 : end]
    cap = output_cap(ctx)
    shown: list[str] = []
    size = 0
    for line in chosen:
        if size + len(line) > cap and shown:
            break
        shown.append(line)
        size += len(line)
    text = "".join(shown)
    last = start_line - 1 + len(shown)
    if last < len(lines):
        if len(text) > cap:  # one enormous line
            text = text[:cap]
        text += (
            f"\n[truncated: showing lines {start_line}-{last} of {len(lines)}; "
            f"call read_file with start_line={last + 1} to continue]"
        )
    if partial_of is not None:
        text += (
            f"\n[truncated: the file is {partial_of} bytes; only its first {_READ_MAX_BYTES} "
            "bytes were read. Use a shell command (e.g. tail, sed -n) to see the rest]"
        )
    return text if text else f"({path} is empty)"


#: how much of the text a write replaced the record keeps (``replaced`` in its data)
_REPLACED_KEPT = 4000


@command(category="files", aliases=("write",), example={"path": "notes.txt", "content": "Hello"})
def write_file(ctx: CommandContext, path: FilePath, content: GroundedText) -> CommandResult:
    """Write text to a file in the workspace, replacing it; folders are created as needed.

    Args:
        path: file path relative to the workspace
        content: the complete new text of the file
    """
    replaced: list[str] = []  # the record keeps what the write replaced (the finish check)
    shown = _write(workspace(ctx), path, content, "w", durable(ctx), replaced)
    return CommandResult.ok(f"Wrote {len(content)} characters to {shown}.",
                            replaced=replaced[0] if replaced else None)


@command(category="files", example={"path": "log.txt", "content": "one more line\n"})
def append_to_file(ctx: CommandContext, path: FilePath, content: AddedText) -> str:
    """Append text to the end of a file in the workspace (created if missing).

    Args:
        path: file path relative to the workspace
        content: the text to add at the end
    """
    shown = _write(workspace(ctx), path, content, "a", durable(ctx))
    return f"Appended {len(content)} characters to {shown}."


def _write(ws: Workspace, path: str, content: str, mode: str, durable: bool,
           replaced: list[str] | None = None) -> str:
    """Write through folder descriptors, never following a symlink swapped in for a folder or
    the file; the relative path written. A whole write replaces the file atomically
    (``atomic``), and so does an append (``_append``): a crash or a full disk leaves the old
    text. ``replaced``: gets the start of the text the file held, if it was a readable text
    file."""
    parts = ws.parts(path)
    if not parts:
        raise CommandError(f"{path} is a folder; give a file name.")
    data = atomic.encoded(content, "/".join(parts))
    if replaced is not None:
        replaced += _text_at(ws, parts)
    if mode == "a":
        _append(ws, parts, data, durable)
    else:
        atomic.write_whole(ws, parts, data, durable=durable)
    return "/".join(parts)


def _append(ws: Workspace, parts: tuple[str, ...], data: bytes, durable: bool) -> None:
    """All or nothing: the old text is copied into a new file, the new text added after it,
    and the new file renamed over the old one if that is unchanged meanwhile. Appended to in
    place instead (the tail cut back if the write fails; a crash mid-way can leave part of
    the new text after the old): a file larger than ``APPEND_COPY_MAX``, or a short text
    added to a file above ``APPEND_COPY_FREE`` (copying it would cost too much; a growing log
    was O(n²)), and one that changed during the copy (a program in the sandbox writing the
    same log: its lines are kept, and the new text goes after them)."""
    shown = "/".join(parts)
    folder = ws.open_folder(parts[:-1], create=True)
    try:
        if atomic.existing(folder, parts[-1], shown) is None:
            try:
                with atomic.replacing_in(folder, parts[-1], shown, durable=durable,
                                         keep=True) as new:
                    atomic.write_all(new.fd, data)
            except atomic.Taken:  # made by something else meanwhile: added after its text
                _append_in_place(ws, parts, data)
            return
        fd, st = open_regular(folder, parts[-1], shown)
        try:
            if not copied_for_append(st.st_size, len(data)):
                _append_in_place(ws, parts, data)
                return
            try:
                with atomic.replacing_in(folder, parts[-1], shown, durable=durable,
                                         edited=st) as new:
                    fstree.copy_data(fd, new.fd)
                    os.lseek(new.fd, 0, os.SEEK_END)
                    atomic.write_all(new.fd, data)
            except atomic.Changed:
                _append_in_place(ws, parts, data)
        finally:
            os.close(fd)
    finally:
        os.close(folder)


def copied_for_append(size: int, added: int) -> bool:
    """Whether an append of ``added`` bytes to a file of ``size`` bytes copies the file (all
    or nothing) rather than writing in place (see ``APPEND_COPY_FREE``)."""
    return size <= APPEND_COPY_MAX and (size <= APPEND_COPY_FREE
                                        or size <= APPEND_COPY_RATIO * added)


def _append_in_place(ws: Workspace, parts: tuple[str, ...], data: bytes) -> None:
    fd = ws.open_file(parts, append=True)
    try:
        size = os.fstat(fd).st_size
        try:
            atomic.write_all(fd, data)
        except OSError as exc:  # a full disk or a size limit: the old end is put back
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise CommandError(f"Could not append to {'/'.join(parts)}: {exc.strerror}; it "
                               "was left as it was.") from exc
    finally:
        os.close(fd)


def _text_at(ws: Workspace, parts: tuple[str, ...]) -> list[str]:
    """The start of the text of the file at ``parts`` (already checked), opened through
    descriptors like everything here; nothing when it is missing, not text, or unreadable."""
    try:
        folder = ws.open_folder(parts[:-1])
    except OSError:
        return []
    try:
        fd, _st = open_regular(folder, parts[-1], "/".join(parts))
    except (CommandError, OSError):
        return []
    finally:
        os.close(folder)
    try:
        data = read_at_most(fd, _REPLACED_KEPT * 4)
    finally:
        os.close(fd)
    return [] if is_binary(data) else [data.decode("utf-8", errors="replace")[:_REPLACED_KEPT]]


@command(category="files", example={"path": "old.txt"})
def delete_file(ctx: CommandContext, path: RemovedFile) -> CommandResult:
    """Delete a file (or an empty folder) in the workspace.

    Args:
        path: file path relative to the workspace
    """
    ws = workspace(ctx)
    parts = ws.entry(path)  # a link is deleted, not the file it points at
    if not parts:
        raise CommandError("The workspace itself cannot be deleted.")
    try:
        folder = ws.open_folder(parts[:-1])
    except FileNotFoundError as exc:
        raise CommandError(f"{path} does not exist.") from exc
    name = parts[-1]
    try:
        try:
            st = os.stat(name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError as exc:
            raise CommandError(f"{path} does not exist.") from exc
        try:
            if stat.S_ISDIR(st.st_mode):
                os.rmdir(name, dir_fd=folder)
            else:
                os.unlink(name, dir_fd=folder)
        except OSError as exc:
            if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
                raise CommandError(
                    f"{path} is a folder that is not empty; delete its files first."
                ) from exc
            raise CommandError(f"Cannot delete {path}: {exc.strerror}.") from exc
    finally:
        os.close(folder)
    # the record keeps how big it was (the finish check: "delete the empty files")
    return CommandResult.ok(f"Deleted {'/'.join(parts)}.", size=st.st_size)


@command(category="files", example={"path": "."})
def list_folder(ctx: CommandContext, path: FolderPath = ".", recursive: bool = False) -> str:
    """List the files and folders in a workspace folder (folders end with '/').

    Args:
        path: folder path relative to the workspace
        recursive: also list everything inside sub-folders
    """
    ws = workspace(ctx)
    parts = ws.parts(path)
    top = open_listed_folder(ws, parts, path)
    cap = output_cap(ctx)
    entries: list[str] = []
    size, full = 0, False
    # descriptors all the way down: a folder swapped for a symlink is not entered
    folders = fstree.walk(top, max_entries=LIST_MAX_NAMES)
    try:
        for folder in folders:
            here = (*parts, *folder.parts)
            names = [(d, True) for d in folder.dirs] + [(f, False) for f in folder.files]
            if not recursive:
                names.sort()
            for name, is_dir in names:  # a file's size is looked up only if it is shown
                text = shown_path(here, name) + "/" if is_dir else \
                    _describe_file(folder.fd, name, shown_path(here, name))
                entries.append(text)
                size += len(text) + 1
                if size > cap:  # a huge tree: stop the work, not only the output
                    full = True
                    break
            if full or not recursive:
                break
    finally:
        folders.close()
        os.close(top)
    notes = [f"[{shown_path((*parts, *missed)) or '.'}/: not listed whole: {why}]"
             for missed, why in folders.missed]
    if full:
        return "\n".join([*notes, "\n".join(entries)[:cap]]) + (
            f"\n[truncated after {cap} characters; list a sub-folder to see more]")
    entries += notes
    if not entries:
        return f"{shown_path(parts) or '.'} is empty."
    return cap_text("\n".join(entries), cap, "list a sub-folder to see more")


def open_listed_folder(ws: Workspace, parts: tuple[str, ...], path: str) -> int:
    try:
        return ws.open_folder(parts)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise CommandError(f"{path} is not a folder in the workspace.") from exc


def shown_path(parts: tuple[str, ...], name: str | None = None) -> str:
    """A workspace-relative path for output, control characters escaped."""
    return fstree.shown("/".join((*parts, name) if name is not None else parts))


def _describe_file(folder: int, name: str, shown: str) -> str:
    try:
        return f"{shown} ({os.stat(name, dir_fd=folder, follow_symlinks=False).st_size} bytes)"
    except OSError:
        return shown
