"""Removing a hidden name of the host's own in a workspace folder, and only if it is still ours.

Linux has no "unlink this name only if it is this inode". Checked by name and then removed by
name, an entry that a program in the sandbox put at the name between the two calls would be
removed instead of ours. So the entry is first moved, in one ``rename``, into a folder of the
host's own made for the call (``private``), checked there and removed there; anything else
goes back to its name, replacing nothing.

The folder is private where the system allows it: when autonomo runs as root it belongs to a
uid other than the workspace's owner, mode 0700, and the sandbox's uid (the owner's files
appear as its own through the idmapped workspace) cannot enter it. A host run by a normal user
shares its uid with its sandbox: a program there could still race the check, but it could as
well have removed the file itself; no right is gained either way.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator

from autonomo.errors import WorkspaceError

Identity = tuple[int, int]
#: the owner of a private folder in a workspace that root owns: not the owner, so not mapped
#: to the sandbox's uid (any other uid shows as the overflow uid inside, which no sandbox runs as)
_NOT_THE_OWNER = 65534
_HELD = "x"


def random_name(ending: str = ".tmp") -> str:
    # not named after the file: a long (valid) name would make it longer than the limit
    return f".autonomo-{secrets.token_hex(8)}{ending}"


def identity(at: int, name: str | None = None) -> Identity | None:
    """(device, inode) of ``name`` in the folder ``at`` (not followed), or of the open file
    ``at``; None when missing."""
    try:
        st = os.fstat(at) if name is None else os.stat(name, dir_fd=at, follow_symlinks=False)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


@contextlib.contextmanager
def private(folder: int) -> Iterator[int]:
    """A new empty folder in ``folder`` (its descriptor) that only the host may enter when it
    runs as root; removed after the block (only if empty: ``rmdir`` never loses data)."""
    name = random_name(".d")
    os.mkdir(name, 0o700, dir_fd=folder)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                     dir_fd=folder)
    except OSError:
        with contextlib.suppress(OSError):
            os.rmdir(name, dir_fd=folder)
        raise
    try:
        _seal(fd, folder)
        if os.listdir(fd):  # entered between the mkdir and the seal
            raise WorkspaceError("A program in the workspace entered a folder the host made "
                                 f"for its own use ({name}); nothing was removed.")
        yield fd
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.rmdir(name, dir_fd=folder)


def _seal(fd: int, folder: int) -> None:
    """As root: owned by a uid other than the workspace folder's owner, mode 0700 (root
    enters it all the same). Otherwise left as made (0700, the user's own)."""
    if os.geteuid() != 0:
        return
    owner = os.fstat(folder).st_uid
    if owner == 0:
        os.fchown(fd, _NOT_THE_OWNER, _NOT_THE_OWNER)
    os.fchmod(fd, 0o700)


def discard(folder: int, name: str, ours: set[Identity]) -> tuple[Identity | None, str | None]:
    """Remove ``name`` from ``folder`` if it is one of ``ours`` (not followed). Returns what
    was there (None: nothing) and, when that was not ours and ``name`` was taken again
    meanwhile, the hidden name it is kept at (None: back at ``name``, or removed)."""
    with private(folder) as held:
        try:
            os.rename(name, _HELD, src_dir_fd=folder, dst_dir_fd=held)
        except FileNotFoundError:
            return None, None
        there = identity(held, _HELD)
        if there in ours:
            os.unlink(_HELD, dir_fd=held)
            return there, None
        return there, _put_back(held, folder, name)


def _put_back(held: int, folder: int, name: str) -> str | None:
    """The entry ``held`` holds, back at ``name`` replacing no file; at a new hidden name when
    ``name`` is taken again (returned)."""
    with contextlib.suppress(OSError):
        _place(held, folder, name)
        return None
    kept = random_name()
    try:
        _place(held, folder, kept)
    except OSError as exc:
        raise WorkspaceError(f"Could not put back {name}, taken again meanwhile ({exc.strerror}"
                             "): the entry is kept in a hidden .autonomo-….d folder there.") \
            from exc
    return kept


def _place(held: int, folder: int, name: str) -> None:
    """A hard link, which never replaces (a folder, which cannot be linked, is renamed: that
    replaces an empty folder at most)."""
    if stat.S_ISDIR(os.stat(_HELD, dir_fd=held, follow_symlinks=False).st_mode):
        os.rename(_HELD, name, src_dir_fd=held, dst_dir_fd=folder)
        return
    os.link(_HELD, name, src_dir_fd=held, dst_dir_fd=folder, follow_symlinks=False)
    os.unlink(_HELD, dir_fd=held)
