"""Writing files into a team's workspace from the host.

The workspace is shared with sandboxed code, which may have put a symlink where a file or a
folder should go; so files are written through folder descriptors, never following a symlink
(``Workspace.open_folder`` + ``O_NOFOLLOW``), and replaced atomically (``tools.atomic``: a
crash or a full disk leaves the old file).
"""

from __future__ import annotations

from pathlib import Path

from autonomo.tools import atomic
from autonomo.tools.workspace import Workspace


def write_file(workspace: Path, relative: str, data: bytes) -> None:
    """Write ``data`` to ``relative`` in ``workspace`` without following symlinks: a new file
    beside it, then renamed over it."""
    ws = Workspace(workspace)
    atomic.write_whole(ws, ws.parts(relative), data)
