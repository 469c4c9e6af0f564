"""The agent's workspace: every path a command touches is resolved here, or refused."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from autonomo.errors import WorkspaceError

#: where sandboxed processes see the workspace; paths under it are accepted as relative
SANDBOX_MOUNT = "/workspace"

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC

_FILE_FLAGS = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC

_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._-]+")

_RULE = "Use a path relative to the workspace root, e.g. 'notes.txt' or 'src/main.py'."
#: the longest path the system takes (``PATH_MAX``): a longer one names no file, and checking
#: it cost O(n²) (a 100 KB path of "a/a/…", 4 s a check)
PATH_MAX = 4096


def kind_of(mode: int) -> str:
    """``st_mode`` in words, for messages: "a regular file", "a named pipe (FIFO)" …"""
    for test, words in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
                        (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "a device"


def _component_error(parent: int, parts: tuple[str, ...], exc: OSError) -> OSError:
    """A clear error for a folder component that could not be opened (Linux reports a
    symlink met with ``O_NOFOLLOW | O_DIRECTORY`` as ENOTDIR)."""
    shown = "/".join(parts)
    if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
        return exc
    try:
        is_link = stat.S_ISLNK(os.stat(parts[-1], dir_fd=parent, follow_symlinks=False).st_mode)
    except OSError:
        is_link = exc.errno == errno.ELOOP
    if is_link:
        return WorkspaceError(
            f"Refused path {shown!r}: it became a symbolic link while being used. {_RULE}"
        )
    return WorkspaceError(f"{shown!r} is not a folder. {_RULE}")


def give_to_owner(fd: int, folder: int) -> None:
    """Give what the host just made (``fd``) to the owner of the ``folder`` it is in, when
    the host runs as root: a file or folder root made in a user's workspace could not be
    changed by the sandbox afterwards (its programs run as the workspace owner's uid,
    mapped), so ``echo more >> out.txt`` failed on a file ``write_file`` made."""
    if os.geteuid() != 0:
        return
    owner, made = os.fstat(folder), os.fstat(fd)
    if (made.st_uid, made.st_gid) != (owner.st_uid, owner.st_gid):
        os.fchown(fd, owner.st_uid, owner.st_gid)


def _open_made(folder: int, name: str, flags: int) -> int:
    """``os.open`` with ``O_CREAT``; a file it makes is given to the folder's owner."""
    try:
        fd = os.open(name, flags | os.O_EXCL, 0o644, dir_fd=folder)
    except FileExistsError:  # a link there too: then opened below, and refused
        return os.open(name, flags, 0o644, dir_fd=folder)
    give_to_owner(fd, folder)
    return fd


def folder_name(text: str, fallback: str = "run") -> str:
    """``text`` (a challenge, SOP or run name read from a file) as one safe folder name: no
    separators, no ``..``, no leading dot, so a name like ``../../x`` cannot place a folder
    outside the one it is joined to."""
    name = _UNSAFE_IN_NAME.sub("_", text).lstrip("._")[:100]
    return name or fallback


class Workspace:
    """A folder the agent may read and write; nothing outside it is reachable.

    ``resolve`` follows symlinks to their real target before checking, so a link inside the
    workspace that points outside is refused like ``..`` or an absolute path.
    """

    def __init__(self, root: Path | str) -> None:
        self.root = Path(os.path.realpath(root))

    def resolve(self, path: str | os.PathLike[str]) -> Path:
        """The real, absolute path of ``path`` inside the workspace; ``WorkspaceError`` if it
        would leave it."""
        text = os.fspath(path)
        if "\x00" in text:
            raise WorkspaceError(f"Path {text!r} contains a NUL byte. {_RULE}")
        text = text.strip() or "."
        if len(text) > PATH_MAX and len(os.fsencode(text)) > PATH_MAX:
            raise WorkspaceError(f"Path {text[:60]!r}… is {len(os.fsencode(text))} bytes long; "
                                 f"a path has at most {PATH_MAX}. {_RULE}")
        if text == SANDBOX_MOUNT or text.startswith(SANDBOX_MOUNT + "/"):
            text = text[len(SANDBOX_MOUNT) :].lstrip("/") or "."
        candidate = Path(text).expanduser() if text.startswith("~") else Path(text)
        joined = candidate if candidate.is_absolute() else self.root / candidate
        try:
            real = Path(os.path.realpath(joined))
        except RecursionError as exc:  # realpath recurses once per link of a chain
            raise WorkspaceError(f"Refused path {text!r}: it goes through too many symbolic "
                                 f"links. {_RULE}") from exc
        if not real.is_relative_to(self.root):
            if candidate.is_absolute():
                why = "it is an absolute path outside the workspace"
            elif ".." in candidate.parts:
                why = "'..' climbs out of the workspace"
            else:
                why = "it goes through a symbolic link that points outside the workspace"
            raise WorkspaceError(f"Refused path {text!r}: {why}. {_RULE}")
        return real

    def parts(self, path: str | os.PathLike[str]) -> tuple[str, ...]:
        """The components of ``path`` below the root, after ``resolve`` has checked it."""
        return self.resolve(path).relative_to(self.root).parts

    def entry(self, path: str | os.PathLike[str]) -> tuple[str, ...]:
        """The components of ``path`` below the root, its folders resolved as in ``parts``
        but its last component as given, not followed: what ``rm`` or ``mv`` act on. Deleting
        or moving a link acts on the link (even one pointing out of the workspace), not on
        the file it points at."""
        text = os.fspath(path).strip().rstrip("/")
        head, name = os.path.split(text)
        if name in ("", ".", "..", "~") or "\x00" in name or text == SANDBOX_MOUNT:
            return self.parts(path)
        try:
            folder = self.parts(head or ".")
        except WorkspaceError:
            self.parts(path)  # the same refusal, naming the whole path
            raise
        return (*folder, name)

    def open_folder(self, parts: tuple[str, ...], *, create: bool = False) -> int:
        """A descriptor of the folder ``parts`` below the root, opened one component at a
        time relative to its parent without following symlinks (``create``: make missing
        folders the same way).

        ``resolve`` checks a path by name, but a process in the sandbox may rename a folder
        and put a symlink in its place right after; opening through descriptors means such a
        swap is refused instead of followed. The caller closes the descriptor.
        """
        fd = os.open(self.root, _DIR_FLAGS)
        try:
            for index, name in enumerate(parts):
                made = False
                if create:
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(name, dir_fd=fd)
                        made = True
                try:
                    child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                except OSError as exc:
                    raise _component_error(fd, parts[: index + 1], exc) from exc
                if made:
                    give_to_owner(child, fd)
                os.close(fd)
                fd = child
        except BaseException:
            os.close(fd)
            raise
        return fd

    def open_file(self, parts: tuple[str, ...], *, write: bool = False,
                  append: bool = False, truncate: bool = True) -> int:
        """A descriptor of the regular file ``parts`` (its folders opened as in
        ``open_folder``; ``write``: created or truncated, ``append``: created or appended to,
        folders made as needed for either).

        The file itself is opened without following a symlink and without blocking, then
        checked to be a regular file: a FIFO planted by sandboxed code would otherwise hang
        the host's open forever. The caller closes the descriptor. ``truncate=False`` (write):
        the old bytes stay until the caller ``ftruncate``s to what it wrote — on ext4, a file
        truncated to zero is flushed on close (auto_da_alloc), ~3 ms a write here.
        """
        shown = "/".join(parts)
        if not parts:
            raise WorkspaceError(f"{shown or '.'!r} names the workspace itself; give a file name.")
        write = write or append
        flags = _FILE_FLAGS | (os.O_RDONLY if not write else
                               os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else
                                                           os.O_TRUNC if truncate else 0))
        folder = self.open_folder(parts[:-1], create=write)
        try:
            fd = _open_made(folder, parts[-1], flags) if write else \
                os.open(parts[-1], flags, dir_fd=folder)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise WorkspaceError(f"Refused {shown!r}: it is a symbolic link.") from exc
            if exc.errno == errno.EISDIR:
                raise WorkspaceError(f"{shown} is a folder; give a file name.") from exc
            raise WorkspaceError(f"Cannot {'write' if write else 'read'} {shown}: "
                                 f"{exc.strerror}.") from exc
        finally:
            os.close(folder)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise WorkspaceError(f"{shown} is not a regular file.")
        os.set_blocking(fd, True)
        return fd

    def exists(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` names an entry of the workspace, looked up through folder
        descriptors like ``open_file``: a link out of the workspace is not one (whether its
        target exists is not told), nor is a name the system refuses (too long)."""
        try:
            parts = self.parts(path)
        except (WorkspaceError, OSError):
            return False
        return self._mode(parts) is not None

    def kind(self, path: str | os.PathLike[str]) -> str | None:
        """What ``path`` is (``kind_of``), looked up like ``exists`` (a link inside the
        workspace is followed, as the readers do); "a symbolic link out of the workspace"
        for one that leaves it (its target is not looked at); None when it is no entry."""
        try:
            mode = self._mode(self.parts(path))
        except (WorkspaceError, OSError):
            try:
                mode = self._mode(self.entry(path))
            except (WorkspaceError, OSError):
                return None
            return "a symbolic link out of the workspace" \
                if mode is not None and stat.S_ISLNK(mode) else None
        return None if mode is None else kind_of(mode)

    def _mode(self, parts: tuple[str, ...]) -> int | None:
        """The ``st_mode`` of the entry ``parts`` (not followed), None when there is none."""
        try:
            folder = self.open_folder(parts[:-1])
        except (WorkspaceError, OSError):
            return None
        try:
            if not parts:
                return stat.S_IFDIR
            return os.stat(parts[-1], dir_fd=folder, follow_symlinks=False).st_mode
        except OSError:
            return None
        finally:
            os.close(folder)

    def relative(self, path: Path) -> str:
        """``path`` (already resolved) relative to the root, for messages."""
        rel = path.relative_to(self.root).as_posix()
        return rel or "."

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r})"
