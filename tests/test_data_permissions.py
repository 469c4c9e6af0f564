"""Prompts and history are stored for the owner's eyes only."""

from __future__ import annotations

import stat
from pathlib import Path

from autonomo import Workbench
from autonomo.agent.profile import AgentProfile
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel


def test_the_data_folder_and_database_are_private(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    model = ScriptedModel([])
    bench = Workbench.open(settings, models=(model, model, model))
    bench.new_agent("a secret task", profile=AgentProfile(name="A", role="r"))
    data = settings.data_dir
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for db_file in data.glob("autonomo.db*"):
        assert stat.S_IMODE(db_file.stat().st_mode) == 0o600, db_file
