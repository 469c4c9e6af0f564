"""A DataInterpreter with a small sales table in its workspace.

    autonomo team run autonomo.team.examples.data_analysis \
        --idea "Total and mean sales per region from sales.csv, as a table and a bar chart"
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from autonomo.team.data_interpreter import roles  # noqa: F401 - the team's roles
from autonomo.team.files import write_file


def prepare(workspace: Path) -> None:
    data = resources.files(__package__).joinpath("sales.csv").read_bytes()
    write_file(workspace, "sales.csv", data)
