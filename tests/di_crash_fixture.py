"""A DataInterpreter run that SIGKILLs itself before its last model call (child process of
tests/test_data_interpreter.py)."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.llm.scripted import ScriptedModel
from autonomo.team import Team, TeamStore
from autonomo.team.data_interpreter import DataInterpreter

CONFIG = SandboxConfig(backend="bubblewrap", cpu_seconds=600, memory_mb=2048)
PLAN = {"tasks": [
    {"task_id": "1", "dependent_task_ids": [], "task_type": "", "instruction": "load"},
    {"task_id": "2", "dependent_task_ids": ["1"], "task_type": "", "instruction": "total"}]}
CELLS = ["import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint(len(df))",
         "df.to_csv('copy.csv')\nprint(df['sales'].sum())"]


def answers() -> list:
    return [PLAN] + [json.dumps({"thought": "next", "code": c}) for c in CELLS]


def roles() -> list:
    return [DataInterpreter()]


def build(data: Path, model: ScriptedModel) -> Team:
    return Team(TeamStore(data), model, roles=roles(), workspace=data.parent / "ws",
                services={"sandbox_config": CONFIG})


if __name__ == "__main__":
    data = Path(sys.argv[1])

    def kill(_messages):
        os.kill(os.getpid(), signal.SIGKILL)

    build(data, ScriptedModel([*answers()[:-1], kill])).run(idea="sum the sales")
