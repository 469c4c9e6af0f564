"""Replacing a workspace file whole, so that a crash or a full disk never leaves it half written.

Truncating a file and then writing it loses the user's text if the process dies in between
(``kill -9``, the machine's OOM killer) or the disk fills up (``ENOSPC``, or ``EFBIG`` under a
file size limit): what is left is the start of the new text. Here the new bytes go to an
unnamed file in the same folder (``O_TMPFILE``), opened through the folder's descriptor; only
when all of them are written is it given a temporary name and renamed over the old name. A
process killed mid-write leaves the old file as it was and nothing else (the unnamed file goes
with it); a write that fails is discarded and says so. The old file's permissions and owner
are kept; ``rename`` replaces the name itself and never follows a symlink swapped in for it.

Unlike a write in place, the file's inode changes: the name gets the new text, while another
hard link to the old file, or a program holding it open, keeps the old file and its old text
(``append_to_file`` too, when it copies; see ``files.copied_for_append``).

``keep=True`` (``copy_file`` without ``overwrite``, a new file): the new file is linked to its
name only if the name is still free, so a file put there meanwhile is never replaced (the
unnamed file linked straight to it, which never replaces; ``move`` does the same for
``rename_file`` with ``renameat2(RENAME_NOREPLACE)``).

``renaming.renameat2`` calls the system's ``renameat2`` through the C library (names as
the file system's bytes); where the kernel or the file system lacks a flag, a move goes the
link way (``_move_by_link``) and an edit renames over the old file, both tested.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NoReturn

from autonomo.errors import WorkspaceError
from autonomo.tools import renaming
from autonomo.tools.discarding import Identity, discard, identity, random_name
from autonomo.tools.workspace import Workspace, give_to_owner, kind_of

_NEW_FLAGS = os.O_WRONLY | os.O_CLOEXEC
#: an unnamed file can be given a name only through /proc (``linkat(AT_EMPTY_PATH)`` needs a
#: capability); without /proc, or on a file system without ``O_TMPFILE``, a named one is used
_PROC_FD = "/proc/self/fd"


class Taken(WorkspaceError):
    """The name to write is taken and was to be kept (``keep=True``)."""

    def __init__(self, shown: str, meanwhile: bool = False) -> None:
        when = " (made by something else meanwhile)" if meanwhile else ""
        super().__init__(f"{shown} already exists{when} and was left as it was. Give a new "
                         "name, or overwrite=true only if the task asks to replace that file.")


class Changed(WorkspaceError):
    """The file a new text was made from was changed, replaced or removed meanwhile."""


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
def replacing(ws: Workspace, parts: tuple[str, ...], *, durable: bool = False,
              keep: bool = False) -> Iterator[NewFile]:
    """``replacing_in`` the folder of ``parts`` (made as needed, opened through descriptors)."""
    shown = "/".join(parts)
    if not parts:
        raise WorkspaceError(f"{shown or '.'!r} names the workspace itself; give a file name.")
    folder = ws.open_folder(parts[:-1], create=True)
    try:
        with replacing_in(folder, parts[-1], shown, durable=durable, keep=keep) as new:
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
                 edited: os.stat_result | None = None, keep: bool = False) -> Iterator[NewFile]:
    """A new file to fill in the ``with`` block; it replaces ``name`` when the block ends
    without an error, and is discarded otherwise. ``edited``: the file the new content was made
    from; if ``name`` is another file by then, or that file was changed meanwhile, nothing is
    replaced. ``keep``: ``name`` must be free, now and when the new file is put there
    (``Taken`` otherwise). ``durable``: the data and the rename are fsynced (survives a power
    loss, not only a crash of the process)."""
    old = edited if edited is not None else existing(folder, name, shown)
    if keep and old is not None:
        raise Taken(shown)
    fd, temp = _new_file(folder)
    ours: set[Identity] = set()  # what ``temp`` may name: removed below only if it does
    try:
        ours = {_id(os.fstat(fd))}
        yield NewFile(fd, old)
        if old is None:
            give_to_owner(fd, folder)
        else:
            _keep_owner_and_mode(fd, old)
        if durable:
            os.fdatasync(fd)
        if temp is None and keep:  # the unnamed file linked to the name: never replaces
            os.link(f"{_PROC_FD}/{fd}", name, dst_dir_fd=folder)
        else:
            if temp is None:
                temp = random_name()
                os.link(f"{_PROC_FD}/{fd}", temp, dst_dir_fd=folder)
            if edited is None:
                move(folder, temp, folder, name, replace=not keep)
                temp = None
            else:
                if (early := _change(folder, name, shown, edited)) is not None:
                    raise early
                if not _exchange(folder, temp, name):  # no exchange here: that window stays
                    os.rename(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
                    temp = None
                elif (late := _change(folder, temp, shown, edited)) is not None:
                    # written between the check and the swap: the changed file goes back
                    aside, temp = temp, None
                    _swap_back(folder, aside, name, fd, shown, late)
                else:  # ``temp`` names the old file now: removed below
                    ours = {_id(edited)}
        if durable:
            os.fsync(folder)
    except OSError as exc:
        if exc.errno == errno.ENOENT and edited is not None and \
                (late := _change(folder, name, shown, edited)) is not None:
            raise late from exc  # removed meanwhile: nothing to swap with
        if keep and exc.errno == errno.EEXIST and taken(folder, name):
            raise Taken(shown, meanwhile=True) from exc
        if exc.errno in (errno.EISDIR, errno.ENOTEMPTY, errno.EEXIST):
            raise WorkspaceError(f"{shown} is a folder; give a file name.") from exc
        left = "it was left as it was" if old is not None else "nothing was written"
        raise WorkspaceError(f"Could not write {shown}: {exc.strerror or exc}; {left}.") from exc
    finally:
        os.close(fd)
        if temp is not None:
            with contextlib.suppress(OSError):
                discard(folder, temp, ours)


def move(src_dir: int, src: str, dst_dir: int, dst: str, *, replace: bool) -> None:
    """Rename ``src`` to ``dst`` (each in its folder). ``replace=False``: never replaces what
    ``dst`` names, even when it appears between a check and this call (``FileExistsError``):
    ``renameat2(RENAME_NOREPLACE)``, or where the file system does not take that flag, a hard
    link to the new name (which fails on any existing name) and then the old name removed."""
    if replace:
        os.rename(src, dst, src_dir_fd=src_dir, dst_dir_fd=dst_dir)
        return
    try:
        renaming.renameat2(src_dir, src, dst_dir, dst, renaming.NOREPLACE)
        return
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOSYS):
            raise
    _move_by_link(src_dir, src, dst_dir, dst)


def _move_by_link(src_dir: int, src: str, dst_dir: int, dst: str) -> None:
    """A hard link to the new name (never replaces), then the old name removed, but only if
    it still names the moved file: it is first moved into a private folder and checked
    there (``discarding.discard``). Removed by name at once, a file another program put at
    the old name between the link and the removal (a log rotated by rename) was lost. A
    crash in between leaves the file under both names (or the new one and one in a hidden
    ``.autonomo-….d`` folder), never under none."""
    os.link(src, dst, src_dir_fd=src_dir, dst_dir_fd=dst_dir, follow_symlinks=False)
    moved = identity(dst_dir, dst)
    # checked and removed in a private folder; another entry that took the old name
    # meanwhile goes back there, replacing nothing; should a third one be there by then, it
    # keeps a hidden name
    _, kept = discard(src_dir, src, {moved} if moved else set())
    if kept is not None:
        raise WorkspaceError(f"The file was moved, but {src} was replaced meanwhile, and then "
                             f"again; the replacement is kept as {kept}.")


def taken(folder: int, name: str) -> bool:
    """Whether ``name`` exists and is not a folder (a folder gets its own message)."""
    try:
        return not stat.S_ISDIR(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _new_file(folder: int) -> tuple[int, str | None]:
    """(descriptor, None) of an unnamed file in ``folder``, or (descriptor, name) of a named
    one where the file system or the missing /proc does not allow the unnamed kind."""
    if os.path.isdir(_PROC_FD):
        try:
            return os.open(".", _NEW_FLAGS | os.O_TMPFILE, 0o644, dir_fd=folder), None
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise WorkspaceError(f"Cannot write in this folder: {exc.strerror}.") from exc
    temp = random_name()
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


def _exchange(folder: int, a: str, b: str) -> bool:
    """Swap what the names ``a`` and ``b`` of ``folder`` name, in one step
    (``RENAME_EXCHANGE``); False where the file system cannot.

    An edit renamed over the old file after checking it unchanged lost a write that came
    between the check and the rename; swapped instead, the old file is checked again at
    ``a`` afterwards, and swapped back if it changed."""
    try:
        renaming.renameat2(folder, a, folder, b, renaming.EXCHANGE)
    except OSError as exc:
        if exc.errno in (errno.EINVAL, errno.ENOSYS):
            return False
        raise
    return True


def _swap_back(folder: int, aside: str, name: str, fd: int, shown: str,
               late: Changed) -> NoReturn:
    """Put the old file, changed after its check and now at ``aside``, back at ``name``, and
    remove the new file (``fd``) it comes back from; then ``late`` (nothing changed: an append
    is then made in place). The new file was at ``name`` for a moment: something that moved it
    elsewhere meanwhile (a log rotated by rename) keeps its text, which is then not written
    again (it was written twice: in the moved file and in place); a third file that took
    ``name`` meanwhile is kept at ``aside``, as is the old file if ``name`` is taken again."""
    try:
        swapped = _exchange(folder, aside, name)
    except FileNotFoundError:  # ``name`` was moved or removed meanwhile: the old file goes back
        with contextlib.suppress(OSError):
            move(folder, aside, folder, name, replace=False)
    except OSError as exc:
        raise _not_put_back(shown, aside, f" ({exc.strerror})") from exc
    else:
        if not swapped:  # it swapped a moment ago: this file system no longer does
            raise _not_put_back(shown, aside, "")
    mine = identity(fd)
    there, moved = discard(folder, aside, {mine} if mine else set())
    kept = f"; {moved or aside} keeps another version of it" if there not in (None, mine) \
        else ""
    if os.fstat(fd).st_nlink:
        raise WorkspaceError(f"{shown} was changed and then moved away by something else "
                             "while it was being written: the new text went with the moved "
                             f"file and was not written again{kept}.")
    if kept:
        raise Changed(f"{shown} was changed twice by something else while it was being "
                      f"edited; one version is kept as {moved or aside}.")
    raise late


def _not_put_back(shown: str, aside: str, why: str) -> WorkspaceError:
    """The old file changed after its check and could not be swapped back: the new text
    stays at the name (so an append is not made again), the changed file at ``aside``."""
    return WorkspaceError(f"{shown} was changed by something else while it was being written "
                          f"and could not be put back{why}: {shown} holds the new text, the "
                          f"changed version is kept as {aside}.")


def _id(st: os.stat_result) -> Identity:
    return st.st_dev, st.st_ino


def _change(folder: int, name: str, shown: str, edited: os.stat_result) -> Changed | None:
    """Why ``name`` is no longer the file ``edited`` describes, unchanged (a program in the
    sandbox may append to it while the host makes the new text: those bytes would be lost),
    or None."""
    try:
        st = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        st = None
    if st is None or (st.st_dev, st.st_ino) != (edited.st_dev, edited.st_ino):
        return Changed(f"{shown} was replaced or removed while it was being edited; nothing "
                       "was changed.")
    if (st.st_size, st.st_mtime_ns) != (edited.st_size, edited.st_mtime_ns):
        return Changed(f"{shown} was changed by something else while it was being edited; "
                       "nothing was changed (try again).")
    return None
