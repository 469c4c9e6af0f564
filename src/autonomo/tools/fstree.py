"""Walking and copying folder trees through descriptors, never by path.

A process in the sandbox can rename any folder of the workspace and put a symlink in its place
while the host works on it. Everything here opens each folder relative to its parent's
descriptor with ``O_NOFOLLOW``, so such a swap is skipped instead of followed; the walk is a
loop, not a recursion (a tree 1,100 levels deep must not raise ``RecursionError``), keeps at
most ``max_depth`` descriptors open and does not cross into other file systems.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass

#: deepest folder level walked; deeper folders are reported as not entered
MAX_DEPTH = 128

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def shown(text: str) -> str:
    """``text`` with control characters (newline, ESC …) and undecodable bytes written as
    escapes, so a file name cannot forge extra lines or terminal codes in a listing."""

    def escape(match: re.Match[str]) -> str:
        char = match.group()
        if char in _NAMED:
            return _NAMED[char]
        code = ord(char)
        return f"\\x{code - 0xDC00 if code >= 0xD800 else code:02x}"

    return _CONTROL.sub(escape, text)


@dataclass
class Folder:
    """One folder met by ``walk``: its path below the top, an open descriptor (valid until
    the walk moves past it), its sub-folders (prune them to skip) and its other entries."""

    parts: tuple[str, ...]
    fd: int
    dirs: list[str]
    files: list[str]


def _listing(fd: int, parts: tuple[str, ...]) -> Folder:
    dirs: list[str] = []
    files: list[str] = []
    with os.scandir(fd) as entries:
        for entry in entries:
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            (dirs if is_dir else files).append(entry.name)
    return Folder(parts, fd, sorted(dirs), sorted(files))


def walk(top: int, max_depth: int = MAX_DEPTH) -> Iterator[Folder]:
    """Every folder below the folder descriptor ``top`` (itself first), depth first, in name
    order. Sub-folders that became symlinks or other file systems are not entered, nor are
    the sub-folders of a folder ``max_depth`` levels down."""
    device = os.fstat(top).st_dev
    root = _listing(os.dup(top), ())
    stack: list[tuple[Folder, Iterator[str]]] = [(root, iter(()))]
    try:
        yield root
        stack[-1] = (root, iter(list(root.dirs)))
        while stack:
            folder, children = stack[-1]
            name = next(children, None)
            if name is None:
                os.close(folder.fd)
                stack.pop()
                continue
            if len(folder.parts) >= max_depth:
                continue
            try:
                fd = os.open(name, DIR_FLAGS, dir_fd=folder.fd)
            except OSError:  # gone, or swapped for a symlink: not entered
                continue
            try:
                if os.fstat(fd).st_dev != device:
                    raise OSError("another file system")
                child = _listing(fd, (*folder.parts, name))
            except OSError:
                os.close(fd)
                continue
            stack.append((child, iter(())))
            yield child
            stack[-1] = (child, iter(list(child.dirs)))
    finally:
        for folder, _ in stack:
            os.close(folder.fd)


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
        try:  # non-blocking: a FIFO planted in the destination must not hang the host
            out = os.open(name, _WRITE_FLAGS | os.O_NONBLOCK, 0o644, dir_fd=dst)
        except OSError as exc:
            if exc.errno == errno.ENXIO:  # a FIFO nobody reads
                return False
            raise
        if not stat.S_ISREG(os.fstat(out).st_mode):
            os.close(out)
            return False
        os.set_blocking(out, True)
        try:
            copy_data(fd, out)
        finally:
            os.close(out)
        return True
    finally:
        os.close(fd)


def copy_tree(src: int, dst: int) -> int:
    """Copy everything below the folder descriptor ``src`` into the folder descriptor ``dst``
    (existing files are replaced; a symlink met where a folder or file is to be written is
    refused with ``OSError``). Returns how many files and links were copied."""
    opened = [os.dup(dst)]
    copied = 0
    try:
        for folder in walk(src):
            depth = len(folder.parts)
            while len(opened) > max(depth, 1):
                os.close(opened.pop())
            if depth:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(folder.parts[-1], 0o755, dir_fd=opened[-1])
                opened.append(os.open(folder.parts[-1], DIR_FLAGS, dir_fd=opened[-1]))
            copied += sum(_copy_entry(folder.fd, opened[-1], name) for name in folder.files)
    finally:
        for fd in opened:
            os.close(fd)
    return copied


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
            listed = _listing(os.dup(top), ())
            os.close(listed.fd)
            if not listed.dirs and not listed.files:
                break
            for entry in listed.files:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry, dir_fd=top)
            for entry in listed.dirs:
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
