"""The agent's workspace: every path a command touches is resolved here, or refused."""

from __future__ import annotations

import os
from pathlib import Path

from autonomo.errors import WorkspaceError

#: where sandboxed processes see the workspace; paths under it are accepted as relative
SANDBOX_MOUNT = "/workspace"

_RULE = "Use a path relative to the workspace root, e.g. 'notes.txt' or 'src/main.py'."


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
        if text == SANDBOX_MOUNT or text.startswith(SANDBOX_MOUNT + "/"):
            text = text[len(SANDBOX_MOUNT) :].lstrip("/") or "."
        candidate = Path(text).expanduser() if text.startswith("~") else Path(text)
        joined = candidate if candidate.is_absolute() else self.root / candidate
        real = Path(os.path.realpath(joined))
        if real != self.root and self.root not in real.parents:
            if candidate.is_absolute():
                why = "it is an absolute path outside the workspace"
            elif ".." in candidate.parts:
                why = "'..' climbs out of the workspace"
            else:
                why = "it goes through a symbolic link that points outside the workspace"
            raise WorkspaceError(f"Refused path {text!r}: {why}. {_RULE}")
        return real

    def relative(self, path: Path) -> str:
        """``path`` (already resolved) relative to the root, for messages."""
        rel = path.relative_to(self.root).as_posix()
        return rel or "."

    def __repr__(self) -> str:
        return f"Workspace({str(self.root)!r})"
