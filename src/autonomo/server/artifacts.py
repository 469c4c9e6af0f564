"""A task's artifacts are the files of its agent's workspace, reached only through the
``Workspace`` rules: names checked, folders opened one descriptor at a time, links refused."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from autonomo.errors import WorkspaceError
from autonomo.tools import atomic, fstree
from autonomo.tools.workspace import Workspace

#: folders never shown as artifacts (tool caches, the agent's own bookkeeping)
_HIDDEN = {".git", "__pycache__", ".autonomo"}

Snapshot = dict[tuple[str, str], tuple[int, int]]

#: Linux's limits: a longer name (e.g. read from the database) would still be created one
#: folder at a time through descriptors, nesting thousands of folders
_PATH_MAX, _NAME_MAX = 4095, 255


def split_name(relative_path: str | None, file_name: str) -> tuple[str, str]:
    """(folder, name) of an uploaded file, or ``WorkspaceError``: no absolute paths, no
    ``..``, no empty names — even when they would stay inside the workspace."""
    folder = (relative_path or "").replace("\\", "/").strip()
    name = (file_name or "").replace("\\", "/").strip()
    for text in (folder, name):
        if "\x00" in text:
            raise WorkspaceError("Refused artifact name: it contains a NUL byte.")
        if text.startswith("/") or text.startswith("~"):
            raise WorkspaceError(f"Refused artifact path {text!r}: absolute paths are not "
                                 "allowed; give a path relative to the task's workspace.")
        if ".." in PurePosixPath(text).parts:
            raise WorkspaceError(f"Refused artifact path {text!r}: '..' is not allowed.")
    whole = PurePosixPath(folder) / name if folder else PurePosixPath(name)
    parts = [p for p in whole.parts if p not in ("", ".")]
    if not parts:
        raise WorkspaceError("The artifact has no file name.")
    whole_text = "/".join(parts)
    if len(whole_text.encode()) > _PATH_MAX or any(len(p.encode()) > _NAME_MAX for p in parts):
        raise WorkspaceError(f"Refused artifact path {whole_text[:80]!r}...: longer than "
                             f"{_PATH_MAX} bytes, or a name in it longer than {_NAME_MAX}.")
    return "/".join(parts[:-1]), parts[-1]


def _parts(ws: Workspace, folder: str, name: str) -> tuple[str, ...]:
    rel = f"{folder}/{name}" if folder else name
    return ws.parts(rel)


def write(ws: Workspace, folder: str, name: str, chunks: Iterator[bytes]) -> int:
    """Write an uploaded file (folders made as needed), whole or not at all (``atomic``: a
    full disk mid-upload leaves the file it would replace); returns its size."""
    size = 0
    with atomic.replacing(ws, _parts(ws, folder, name)) as new:
        for chunk in chunks:
            atomic.write_all(new.fd, chunk)
            size += len(chunk)
    return size


def exact(folder: str, name: str) -> tuple[str, ...]:
    """The components of a name ``split_name`` accepted, taken as they are: opened through
    ``Workspace.open_folder``/``open_file``, a link at any of them is refused, not
    followed (even one pointing inside the workspace)."""
    return (*[p for p in folder.split("/") if p], name)


def write_exact(ws: Workspace, folder: str, name: str, data: bytes) -> None:
    """Write ``folder/name`` itself (folders made as needed; no link followed)."""
    atomic.write_whole(ws, exact(folder, name), data)


def remove(ws: Workspace, folder: str, name: str) -> None:
    """Delete ``folder/name`` (a link is removed itself, never followed; no folder on the
    way may be a link); gone already is fine."""
    try:
        fd = ws.open_folder(exact(folder, name)[:-1])
    except FileNotFoundError:
        return
    try:
        os.unlink(name, dir_fd=fd)
    except FileNotFoundError:
        pass
    finally:
        os.close(fd)


def read_all(ws: Workspace, folder: str, name: str, limit: int) -> bytes:
    """``folder/name``'s bytes (a regular file, no link followed; ``WorkspaceError`` beyond
    ``limit``)."""
    fd = ws.open_file(exact(folder, name))
    with os.fdopen(fd, "rb") as source:
        data = source.read(limit + 1)
    if len(data) > limit:
        raise WorkspaceError(f"larger than {limit} bytes")
    return data


def open_file(ws: Workspace, folder: str, name: str) -> tuple[int, int]:
    """(descriptor, size) of a regular file to download; the caller closes it."""
    fd = ws.open_file(_parts(ws, folder, name))
    return fd, os.fstat(fd).st_size


def read_chunks(fd: int, total: int, chunk: int = 64 * 1024) -> Iterator[bytes]:
    """At most ``total`` bytes of ``fd`` (the size announced in content-length: the agent may
    be appending to the file meanwhile), then the descriptor is closed."""
    try:
        while total > 0 and (data := os.read(fd, min(chunk, total))):
            total -= len(data)
            yield data
    finally:
        os.close(fd)


def snapshot(root: Path, limit: int = 5000,
             hidden: frozenset[str] | set[str] = _HIDDEN) -> Snapshot:
    """(folder, name) -> (size, mtime_ns) of the workspace's regular files, links not
    followed, folders named in ``hidden`` skipped; at most ``limit`` files, looked for in at
    most ``limit`` folders (it runs twice a step: the work is bounded, deep or wide).

    Walked through descriptors (``fstree.walk``: no recursion, so a tree thousands of levels
    deep cannot raise ``RecursionError``; a folder swapped for a link while listed is not
    entered). A name that is not UTF-8 is left out: it could be neither stored nor asked for.
    """
    found: Snapshot = {}
    try:
        top = Workspace(root).open_folder(())
    except OSError:
        return found
    try:
        with contextlib.closing(fstree.walk(top, max_entries=2 * limit,
                                            max_folders=limit)) as walk:
            for place in walk:
                place.dirs[:] = [d for d in place.dirs if d not in hidden and _storable(d)]
                folder = "/".join(place.parts) if place.files else ""
                for name in filter(_storable, place.files):
                    try:
                        info = os.stat(name, dir_fd=place.fd, follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISREG(info.st_mode):
                        found[(folder, name)] = (info.st_size, info.st_mtime_ns)
                        if len(found) >= limit:
                            return found
    finally:
        os.close(top)
    return found


def _storable(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes, kept by Python as lone surrogates
        return False
    return True


def changed(before: Snapshot, after: Snapshot) -> list[tuple[str, str]]:
    """Files new or modified between two snapshots."""
    return [key for key, value in after.items() if before.get(key) != value]


def visible(folder: str) -> bool:
    """Whether files in ``folder`` are shown as artifacts (not in a tool's cache)."""
    return not _HIDDEN.intersection(folder.split("/"))
