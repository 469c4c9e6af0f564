"""The notebook a DataInterpreter leaves in the workspace: every cell it ran, with outputs,
and each displayed plot as a PNG file.
Files are written with ``team.files.write_file`` (no symlink is ever followed).
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from autonomo.sandbox.kernel import CellResult
from autonomo.team.files import write_file


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
