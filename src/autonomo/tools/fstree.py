"""Walking and copying folder trees through descriptors, never by path.

A process in the sandbox can rename any folder of the workspace and put a symlink in its place
while the host works on it. Everything here opens each folder relative to its parent's
descriptor with ``O_NOFOLLOW``, so such a swap is skipped instead of followed; the walk is a
loop, not a recursion (a tree 1,100 levels deep must not raise ``RecursionError``), goes
down however deep with at most ``OPEN_LEVELS`` descriptors open, does not cross into other
file systems, and names every folder it did not enter (``Walk.missed``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Callable, Iterator

from autonomo.errors import WorkspaceError
from autonomo.tools import atomic
from autonomo.tools.workspace import give_to_owner

#: descriptors a walk keeps open at most; folders above them are reached again through ``..``
OPEN_LEVELS = 64
#: folders a walk names in ``missed`` at most (each name is a path as deep as the tree)
MISSED_KEPT = 100

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, as Python reads a name or argument
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"


def shown(text: str) -> str:
    """``text`` with control characters (newline, ESC …) and undecodable bytes written as
    escapes, so a file name cannot forge extra lines or terminal codes in a listing."""
    return _CONTROL.sub(_escape, text)


def unsurrogated(text: str) -> str:
    """``text`` with its lone surrogates (an undecodable byte of a file name or of an
    argument, as Python reads them) written as escapes, as ``shown`` writes them, the rest
    as it is: UTF-8 has no form for them, so no record, prompt or model could take the text
    (a refusal naming such a file crashed the run when its episode was saved)."""
    return _SURROGATE.sub(_escape, text) if _SURROGATE.search(text) else text


class Folder:
    """One folder met by ``walk``: its name and depth below the top, an open descriptor
    (valid until the walk moves past it), its sub-folders (prune them to skip) and its other
    entries. ``parts``, its path, is built when asked: a folder holding its whole path would
    make a walk's memory grow with the depth squared (a chain 20,000 deep: 1.6 GB)."""

    __slots__ = ("cut", "depth", "dirs", "fd", "files", "name", "parent")

    def __init__(self, fd: int, dirs: list[str], files: list[str], cut: bool = False,
                 parent: Folder | None = None, name: str = "") -> None:
        self.fd, self.dirs, self.files, self.parent, self.name = fd, dirs, files, parent, name
        #: more entries were there than the walk's ``max_entries`` (only that many were read)
        self.cut = cut
        self.depth: int = parent.depth + 1 if parent is not None else 0

    @property
    def parts(self) -> tuple[str, ...]:
        names: list[str] = []
        node: Folder | None = self
        while node is not None and node.parent is not None:
            names.append(node.name)
            node = node.parent
        return tuple(reversed(names))


class TreeMoved(OSError):
    """A folder above the current one was moved while the tree was walked: the way back up
    leads somewhere else, so the walk cannot go on."""


def _listing(fd: int, limit: int | None = None) -> tuple[list[str], list[str], bool]:
    """The folder ``fd``'s sub-folders and other entries, sorted; with ``limit``, only the
    first ``limit`` the file system gives (and True: more were left)."""
    dirs: list[str] = []
    files: list[str] = []
    cut = False
    with os.scandir(fd) as entries:
        for count, entry in enumerate(entries):
            if limit is not None and count >= limit:
                cut = True
                break
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(entry.name)
    return sorted(dirs), sorted(files), cut


def _identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


class _Chain:
    """The open folders from a top one down to the current one. Only the deepest
    ``OPEN_LEVELS`` keep a descriptor: a tree can be deeper than a process may open files.
    Going back up to a closed folder reopens it as its child's ``..`` and checks it is the
    same folder (device and inode), so a folder moved meanwhile is never taken for it."""

    def __init__(self, fd: int) -> None:
        self.fds = [fd]
        self.ids = [_identity(fd)]

    def __len__(self) -> int:
        return len(self.fds)

    @property
    def fd(self) -> int:
        return self.fds[-1]

    def down(self, fd: int) -> None:
        self.fds.append(fd)
        self.ids.append(_identity(fd))
        oldest = len(self.fds) - 1 - OPEN_LEVELS
        if oldest >= 0 and self.fds[oldest] >= 0:
            os.close(self.fds[oldest])
            self.fds[oldest] = -1

    def up(self) -> None:
        child = self.fds.pop()
        self.ids.pop()
        try:
            if self.fds and self.fds[-1] < 0:
                try:
                    parent = os.open("..", DIR_FLAGS, dir_fd=child)
                except OSError as exc:
                    raise TreeMoved(exc.errno, "the way back up is gone") from exc
                if _identity(parent) != self.ids[-1]:
                    os.close(parent)
                    raise TreeMoved(errno.ESTALE, "a folder above was moved meanwhile")
                self.fds[-1] = parent
        finally:
            os.close(child)

    def close(self) -> None:
        for fd in self.fds:
            if fd >= 0:
                os.close(fd)
        self.fds, self.ids = [], []


class Walk:
    """Every folder below the folder descriptor ``top`` (itself first), depth first, in name
    order, however deep (see ``_Chain``). Sub-folders that became symlinks, vanished, cannot
    be read or are other file systems are not entered, nor are the sub-folders of a folder
    ``max_depth`` levels down: each such folder is named in ``missed`` with the reason, so
    a caller can say what it left out instead of losing it silently.

    ``max_entries`` bounds the work per folder for callers that look often and need only a
    sample (a folder of a million files costs seconds to read whole and sort): only that
    many entries of each folder are read, in the file system's order, then sorted; such a
    folder is named in ``missed`` too. ``max_folders`` stops the walk after that many
    folders (a tree of a hundred thousand folders, deep or wide, costs seconds to walk)."""

    def __init__(self, top: int, max_depth: int | None = None,
                 max_entries: int | None = None, max_folders: int | None = None) -> None:
        #: (path, why) of the first ``MISSED_KEPT`` folders not entered; ``more_missed``
        #: counts the others
        self.missed: list[tuple[tuple[str, ...], str]] = []
        self.more_missed = 0
        self._limit = max_entries
        self._folders = self._walk(top, max_depth, max_folders)

    def __iter__(self) -> Iterator[Folder]:
        return self._folders

    def close(self) -> None:
        self._folders.close()

    def _miss(self, parts: Callable[[], tuple[str, ...]], why: str) -> None:
        if len(self.missed) < MISSED_KEPT:
            self.missed.append((parts(), why))
        else:
            self.more_missed += 1

    def _walk(self, top: int, max_depth: int | None,
              max_folders: int | None) -> Iterator[Folder]:
        device = os.fstat(top).st_dev
        chain = _Chain(os.dup(top))
        root = self._list(chain.fd, None, "")
        levels: list[tuple[Folder, Iterator[str]]] = [(root, iter(()))]
        walked = 1
        try:
            yield root
            levels[-1] = (root, iter(list(root.dirs)))
            while levels:
                folder, children = levels[-1]
                name = next(children, None)
                if name is None:
                    levels.pop()
                    if levels:
                        chain.up()
                    continue
                if max_depth is not None and folder.depth >= max_depth:
                    self._miss(lambda f=folder: f.parts, f"deeper than {max_depth} levels")
                    levels[-1] = (folder, iter(()))
                    continue
                if max_folders is not None and walked >= max_folders:
                    self._miss(lambda f=folder, n=name: (*f.parts, n),
                               f"more than {max_folders} folders; the rest was not walked")
                    return
                child = self._enter(chain.fd, folder, name, device)
                if child is None:
                    continue
                chain.down(child.fd)
                levels.append((child, iter(())))
                walked += 1
                yield child
                levels[-1] = (child, iter(list(child.dirs)))
        except TreeMoved:
            self._miss(lambda: levels[-1][0].parts if levels else (),
                       "moved while it was walked; the rest was not walked")
        finally:
            chain.close()

    def _list(self, fd: int, parent: Folder | None, name: str) -> Folder:
        folder = Folder(fd, *_listing(fd, self._limit), parent=parent, name=name)
        if folder.cut:
            self._miss(lambda: folder.parts, f"more than {self._limit} entries; only "
                                             f"{self._limit} were looked at")
        return folder

    def _enter(self, parent_fd: int, parent: Folder, name: str, device: int) -> Folder | None:
        try:
            fd = os.open(name, DIR_FLAGS, dir_fd=parent_fd)
        except OSError as exc:  # gone, or swapped for a symlink: not entered
            self._miss(lambda: (*parent.parts, name), _reason(exc))
            return None
        try:
            if os.fstat(fd).st_dev != device:
                raise OSError(errno.EXDEV, "another file system")
            return self._list(fd, parent, name)
        except OSError as exc:
            os.close(fd)
            self._miss(lambda: (*parent.parts, name), _reason(exc))
            return None


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
        return "no longer a folder (replaced, perhaps by a symbolic link)"
    if exc.errno == errno.ENOENT:
        return "removed meanwhile"
    return exc.strerror or str(exc)


def walk(top: int, max_depth: int | None = None, max_entries: int | None = None,
         max_folders: int | None = None) -> Walk:
    """``Walk(…)``: iterate it for the folders, then read its ``missed``."""
    return Walk(top, max_depth, max_entries, max_folders)


def missed_text(missed: list[tuple[tuple[str, ...], str]], limit: int = 5,
                more_missed: int = 0) -> str:
    """The folders a walk left out, for a message: ``a/b (reason); …``."""
    shown_ = [f"{shown('/'.join(parts)) or '.'} ({why})" for parts, why in missed[:limit]]
    left = max(0, len(missed) - limit) + more_missed
    more = f" and {left} more" if left else ""
    return "; ".join(shown_) + more


_CHUNK = 1024 * 1024


def copy_data(src: int, dst: int) -> None:
    """The bytes of the regular file ``src`` into the empty file ``dst``, holes kept as holes:
    a sparse file costs its writer no disk (``truncate -s 1G`` in the sandbox), and written
    out whole, each copy would cost the host all of it. Copies what ``src`` held when the
    copy started (a file that keeps growing does not keep the copy going)."""
    size = os.fstat(src).st_size
    offset = 0
    while offset < size:
        try:
            start = os.lseek(src, offset, os.SEEK_DATA)
            end = min(os.lseek(src, start, os.SEEK_HOLE), size)
        except OSError as exc:
            if exc.errno == errno.ENXIO:  # nothing but a hole up to the end
                break
            if exc.errno != errno.EINVAL:  # EINVAL: the file system cannot tell holes
                raise
            start, end = offset, size
        while start < end:
            chunk = os.pread(src, min(_CHUNK, end - start), start)
            if not chunk:  # the file was cut short meanwhile
                end = size = start
                break
            start += os.pwrite(dst, chunk, start)
        offset = end
    os.ftruncate(dst, size)


def _copy_entry(src: int, dst: int, name: str) -> bool:
    """Copy one non-folder entry: a regular file's bytes, a symlink as a symlink (never
    followed); anything else is skipped. True when something was copied."""
    try:
        fd = os.open(name, READ_FLAGS, dir_fd=src)
    except OSError:
        try:
            target = os.readlink(name, dir_fd=src)
        except OSError:
            return False
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name, dir_fd=dst)
        os.symlink(target, name, dir_fd=dst)
        return True
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        os.set_blocking(fd, True)
        if not _may_replace(dst, name):
            return False
        try:  # a new file renamed over the old one: a crash mid-copy keeps the old file
            with atomic.replacing_in(dst, name, shown(name)) as new:
                copy_data(fd, new.fd)
        except WorkspaceError as exc:
            raise OSError(errno.EIO, str(exc), name) from exc
        return True
    finally:
        os.close(fd)


def _may_replace(dst: int, name: str) -> bool:
    """Whether ``name`` in ``dst`` may be replaced by a copied file: missing or a regular file;
    a FIFO or device there is skipped (False); a link or folder is refused (``OSError``)."""
    try:
        old = os.stat(name, dir_fd=dst, follow_symlinks=False)
    except FileNotFoundError:
        return True
    if stat.S_ISLNK(old.st_mode):
        raise OSError(errno.ELOOP, "a symbolic link is in the way", name)
    if stat.S_ISDIR(old.st_mode):
        raise OSError(errno.EISDIR, "a folder is in the way", name)
    return stat.S_ISREG(old.st_mode)


class IncompleteCopy(OSError):
    """``copy_tree`` copied all it could reach, but left out the folders named here."""

    def __init__(self, copied: int, missed: list[tuple[tuple[str, ...], str]],
                 more_missed: int = 0) -> None:
        super().__init__(errno.EIO, f"{copied} files were copied, but not the folders "
                                    f"{missed_text(missed, more_missed=more_missed)}")
        self.copied, self.missed = copied, missed


def copy_tree(src: int, dst: int) -> int:
    """Copy everything below the folder descriptor ``src`` into the folder descriptor ``dst``,
    however deep (existing files are replaced; a symlink met where a folder or file is to be
    written is refused with ``OSError``). Returns how many files and links were copied;
    raises ``IncompleteCopy`` after copying the rest when folders could not be entered."""
    out = _Chain(os.dup(dst))
    copied = 0
    folders = walk(src)
    try:
        for folder in folders:
            while len(out) > max(folder.depth, 1):
                out.up()
            if folder.depth:
                made = False
                with contextlib.suppress(FileExistsError):
                    os.mkdir(folder.name, 0o755, dir_fd=out.fd)
                    made = True
                child = os.open(folder.name, DIR_FLAGS, dir_fd=out.fd)
                if made:
                    give_to_owner(child, out.fd)
                out.down(child)
            copied += sum(_copy_entry(folder.fd, out.fd, name) for name in folder.files)
    finally:
        folders.close()
        out.close()
    if folders.missed:
        raise IncompleteCopy(copied, folders.missed, folders.more_missed)
    return copied


def give_tree(top: int, uid: int, gid: int) -> None:
    """Give the folder descriptor ``top`` and everything below it to ``uid:gid`` (links
    themselves, never followed), however deep. Raises ``IncompleteCopy`` naming the folders
    it could not enter."""
    folders = walk(top)
    try:
        for folder in folders:
            os.fchown(folder.fd, uid, gid)
            for name in folder.files:
                with contextlib.suppress(FileNotFoundError):
                    os.chown(name, uid, gid, dir_fd=folder.fd, follow_symlinks=False)
    finally:
        folders.close()
    if folders.missed:
        raise IncompleteCopy(0, folders.missed, folders.more_missed)


#: rounds of ``remove_tree`` before it gives up on a folder something keeps filling
_MAX_ROUNDS = 1_000_000


def remove_tree(parent: int, name: str) -> None:
    """Remove the folder ``name`` of the folder descriptor ``parent`` and everything in it;
    links are removed, never followed.

    ``shutil.rmtree`` recurses once per level, and sandboxed code can nest thousands of
    folders (``RecursionError``). Here a loop holds two descriptors: each round moves the
    entries of the top folder's sub-folders up into it and removes what is left empty,
    until the top folder itself is empty."""
    top = os.open(name, DIR_FLAGS, dir_fd=parent)
    moved = 0
    try:
        for _round in range(_MAX_ROUNDS):
            dirs, files, _ = _listing(top)
            if not dirs and not files:
                break
            for entry in files:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry, dir_fd=top)
            for entry in dirs:
                moved = _lift(top, entry, moved)
        else:
            raise OSError(errno.ENOTEMPTY, "something keeps writing into it", name)
    finally:
        os.close(top)
    os.rmdir(name, dir_fd=parent)


def _lift(top: int, entry: str, moved: int) -> int:
    """Move the entries of ``top``'s sub-folder ``entry`` up into ``top`` under fresh names,
    then remove ``entry`` (a folder swapped for a link is left to the next round)."""
    try:
        sub = os.open(entry, DIR_FLAGS, dir_fd=top)
    except OSError:
        return moved
    try:
        with os.scandir(sub) as entries:
            names = [e.name for e in entries]
        for child in names:
            for _attempt in range(100):
                moved += 1
                try:
                    os.rename(child, f".removing-{moved}", src_dir_fd=sub, dst_dir_fd=top)
                    break
                except FileNotFoundError:
                    break
                except OSError as exc:  # the fresh name was taken: take the next one
                    if exc.errno not in (errno.EEXIST, errno.ENOTEMPTY, errno.EISDIR,
                                         errno.ENOTDIR):
                        raise
    finally:
        os.close(sub)
    with contextlib.suppress(OSError):  # refilled meanwhile: the next round
        os.rmdir(entry, dir_fd=top)
    return moved
