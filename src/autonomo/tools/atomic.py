"""Replacing a workspace file whole, so that a crash or a full disk never leaves it half written.

Truncating a file and then writing it loses the user's text if the process dies in between
(``kill -9``, the machine's OOM killer) or the disk fills up (``ENOSPC``, or ``EFBIG`` under a
file size limit): what is left is the start of the new text. Here the new bytes go to an
unnamed file in the same folder (``O_TMPFILE``), opened through the folder's descriptor; only
when all of them are written is it given a temporary name and renamed over the old name. A
process killed mid-write leaves the old file as it was and nothing else (the unnamed file goes
with it); a write that fails is discarded and says so. The old file's permissions and owner
are kept; ``rename`` replaces the name itself and never follows a symlink swapped in for it.

Unlike a write in place, the file's inode changes: another hard link to it keeps the old text,
and a program holding it open keeps its old file (``append_to_file`` therefore appends in
place, see ``files.py``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from dataclasses import dataclass

from autonomo.errors import WorkspaceError
from autonomo.tools.workspace import Workspace, give_to_owner, kind_of

_NEW_FLAGS = os.O_WRONLY | os.O_CLOEXEC
#: an unnamed file can be given a name only through /proc (``linkat(AT_EMPTY_PATH)`` needs a
#: capability); without /proc, or on a file system without ``O_TMPFILE``, a named one is used
_PROC_FD = "/proc/self/fd"


@dataclass(frozen=True)
class NewFile:
    """The file being written (``fd``) and what the name held before (None: nothing)."""

    fd: int
    old: os.stat_result | None


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def encoded(text: str, shown: str, what: str = "content") -> bytes:
    """``text`` in UTF-8, or a clear error before anything is touched (a JSON reply may carry
    an unpaired surrogate, ``"\\ud800"``, that no file can hold)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise WorkspaceError(f"The {what} is not valid text ({exc.reason} at character "
                             f"{exc.start}); {shown} was not changed.") from exc


def existing(folder: int, name: str, shown: str) -> os.stat_result | None:
    """What ``name`` in ``folder`` is now (not followed): None when missing; refused unless it
    is a regular file (a link, folder or FIFO swapped in by sandboxed code)."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a name longer than the system takes, …
        raise WorkspaceError(f"Cannot write {shown}: {exc.strerror}.") from exc
    if stat.S_ISREG(st.st_mode):
        if not os.access(name, os.W_OK, dir_fd=folder, follow_symlinks=False):
            # a rename would replace it all the same: the permission is asked for as before
            raise WorkspaceError(f"Cannot write {shown}: Permission denied.")
        return st
    if stat.S_ISLNK(st.st_mode):
        raise WorkspaceError(f"Refused {shown!r}: it is a symbolic link.")
    if stat.S_ISDIR(st.st_mode):
        raise WorkspaceError(f"{shown} is a folder; give a file name.")
    raise WorkspaceError(f"{shown} is {kind_of(st.st_mode)}, not a regular file; it was not "
                         "written.")


@contextlib.contextmanager
def replacing(ws: Workspace, parts: tuple[str, ...], *,
              durable: bool = False) -> Iterator[NewFile]:
    """``replacing_in`` the folder of ``parts`` (made as needed, opened through descriptors)."""
    shown = "/".join(parts)
    if not parts:
        raise WorkspaceError(f"{shown or '.'!r} names the workspace itself; give a file name.")
    folder = ws.open_folder(parts[:-1], create=True)
    try:
        with replacing_in(folder, parts[-1], shown, durable=durable) as new:
            yield new
    finally:
        os.close(folder)


def write_whole(ws: Workspace, parts: tuple[str, ...], data: bytes, *,
                durable: bool = False) -> None:
    """``data`` as the whole new content of the file ``parts``, or nothing changed."""
    with replacing(ws, parts, durable=durable) as new:
        write_all(new.fd, data)


@contextlib.contextmanager
def replacing_in(folder: int, name: str, shown: str, *, durable: bool = False,
                 edited: os.stat_result | None = None) -> Iterator[NewFile]:
    """A new file to fill in the ``with`` block; it replaces ``name`` when the block ends
    without an error, and is discarded otherwise. ``edited``: the file the new content was made
    from; if ``name`` is another file by then, nothing is replaced. ``durable``: the data and
    the rename are fsynced (survives a power loss, not only a crash of the process)."""
    old = edited if edited is not None else existing(folder, name, shown)
    fd, temp = _new_file(folder)
    try:
        yield NewFile(fd, old)
        if old is None:
            give_to_owner(fd, folder)
        else:
            _keep_owner_and_mode(fd, old)
        if durable:
            os.fdatasync(fd)
        if temp is None:
            temp = _random_name()
            os.link(f"{_PROC_FD}/{fd}", temp, dst_dir_fd=folder)
        if edited is not None:
            _same_file(folder, name, shown, edited)
        os.rename(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        temp = None
        if durable:
            os.fsync(folder)
    except OSError as exc:
        if exc.errno in (errno.EISDIR, errno.ENOTEMPTY, errno.EEXIST):
            raise WorkspaceError(f"{shown} is a folder; give a file name.") from exc
        left = "it was left as it was" if old is not None else "nothing was written"
        raise WorkspaceError(f"Could not write {shown}: {exc.strerror or exc}; {left}.") from exc
    finally:
        os.close(fd)
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=folder)


def _random_name() -> str:
    # not named after the file: a long (valid) name would make it longer than the limit
    return f".autonomo-{secrets.token_hex(8)}.tmp"


def _new_file(folder: int) -> tuple[int, str | None]:
    """(descriptor, None) of an unnamed file in ``folder``, or (descriptor, name) of a named
    one where the file system or the missing /proc does not allow the unnamed kind."""
    if os.path.isdir(_PROC_FD):
        try:
            return os.open(".", _NEW_FLAGS | os.O_TMPFILE, 0o644, dir_fd=folder), None
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise WorkspaceError(f"Cannot write in this folder: {exc.strerror}.") from exc
    temp = _random_name()
    fd = os.open(temp, _NEW_FLAGS | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644,
                 dir_fd=folder)
    return fd, temp


def _keep_owner_and_mode(fd: int, old: os.stat_result) -> None:
    """The replaced file's owner (when this process may give it: as root, the sandbox's files
    stay writable by the sandbox) and permission bits."""
    new = os.fstat(fd)
    if (new.st_uid, new.st_gid) != (old.st_uid, old.st_gid):
        with contextlib.suppress(PermissionError):
            os.fchown(fd, old.st_uid, old.st_gid)
    os.fchmod(fd, stat.S_IMODE(old.st_mode) & 0o777)


def _same_file(folder: int, name: str, shown: str, edited: os.stat_result) -> None:
    try:
        now = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        now = None
    if now is None or (now.st_dev, now.st_ino) != (edited.st_dev, edited.st_ino):
        raise WorkspaceError(f"{shown} was replaced or removed while it was being edited; "
                             "nothing was changed.")
