"""Writing files into a team's workspace from the host.

The workspace is shared with sandboxed code, which may have put a symlink where a file or a
folder should go; so files are written through folder descriptors, never following a symlink
(``Workspace.open_folder`` + ``O_NOFOLLOW``), and replaced atomically.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from autonomo.errors import WorkspaceError
from autonomo.tools.workspace import Workspace


def write_file(workspace: Path, relative: str, data: bytes) -> None:
    """Write ``data`` to ``relative`` in ``workspace`` without following symlinks: a new file
    beside it, then renamed over it."""
    ws = Workspace(workspace)
    parts = ws.parts(relative)
    if not parts:
        raise WorkspaceError(f"{relative!r} names the workspace itself; give a file name.")
    folder = ws.open_folder(tuple(parts[:-1]), create=True)
    # not named after the file: a long (valid) name would make it longer than the limit
    temp = f".autonomo-{secrets.token_hex(8)}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o644, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            try:
                target = os.stat(parts[-1], dir_fd=folder, follow_symlinks=False)
            except FileNotFoundError:
                target = None
            if target is not None and stat.S_ISDIR(target.st_mode):
                raise WorkspaceError(
                    f"{relative} is a folder in the workspace; cannot save there.")
            os.replace(temp, parts[-1], src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with contextlib.suppress(OSError):  # a failed write leaves nothing behind
                os.unlink(temp, dir_fd=folder)
            raise
    finally:
        os.close(folder)
