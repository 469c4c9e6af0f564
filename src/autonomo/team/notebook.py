"""The notebook a DataInterpreter leaves in the workspace: every cell it ran, with outputs,
and each displayed plot as a PNG file.

The workspace is shared with sandboxed code, which may have put a symlink where the notebook
or the plots folder should go; so files are written through folder descriptors, never
following a symlink (``Workspace.open_folder`` + ``O_NOFOLLOW``), and replaced atomically.
"""

from __future__ import annotations

import base64
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from autonomo.errors import WorkspaceError
from autonomo.sandbox.kernel import CellResult
from autonomo.tools.workspace import Workspace


def write_file(workspace: Path, relative: str, data: bytes) -> None:
    """Write ``data`` to ``relative`` in ``workspace`` without following symlinks: a new file
    beside it, then renamed over it."""
    ws = Workspace(workspace)
    parts = Path(relative).parts
    folder = ws.open_folder(tuple(parts[:-1]), create=True)
    temp = f".{parts[-1]}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o644, dir_fd=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        try:
            target = os.stat(parts[-1], dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            target = None
        if target is not None and stat.S_ISDIR(target.st_mode):
            os.unlink(temp, dir_fd=folder)
            raise WorkspaceError(f"{relative} is a folder in the workspace; cannot save there.")
        os.replace(temp, parts[-1], src_dir_fd=folder, dst_dir_fd=folder)
    finally:
        os.close(folder)


class Notebook:
    """An nbformat v4 notebook built cell by cell and saved after each one."""

    def __init__(self, workspace: Path, name: str = "analysis.ipynb",
                 plots: str = "plots") -> None:
        import nbformat

        self.workspace, self.name, self.plots = Path(workspace), name, plots
        self.nb = nbformat.v4.new_notebook()
        self.nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                          "language": "python"}
        self.saved_plots: list[str] = []

    def add_markdown(self, text: str) -> None:
        import nbformat

        self.nb.cells.append(nbformat.v4.new_markdown_cell(text))

    def add_cell(self, code: str, result: CellResult) -> list[str]:
        """Append a code cell with its outputs; save the notebook and any new plots; returns
        the plots' paths (relative to the workspace)."""
        import nbformat

        count = sum(1 for c in self.nb.cells if c.cell_type == "code") + 1
        cell = nbformat.v4.new_code_cell(code, execution_count=count)
        cell.outputs = result.outputs
        self.nb.cells.append(cell)
        new = self._save_plots(count, result.outputs)
        self.save()
        return new

    def _save_plots(self, count: int, outputs: list[Any]) -> list[str]:
        new = []
        for index, out in enumerate(outputs, 1):
            png = out.get("data", {}).get("image/png") if hasattr(out, "get") else None
            if not png:
                continue
            path = f"{self.plots}/cell{count}_{index}.png"
            write_file(self.workspace, path, base64.b64decode(png))
            new.append(path)
        self.saved_plots.extend(new)
        return new

    def save(self) -> None:
        import nbformat

        write_file(self.workspace, self.name, nbformat.writes(self.nb).encode("utf-8"))
