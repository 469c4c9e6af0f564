"""On the embedded model: a value the task states is written whole, a value derived from a
table is the one written (fresh wordings of mine; short runs, temperature 0)."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.local import LlamaCppModel

pytestmark = pytest.mark.embedded


def _run(tmp_path, task: str, files: dict[str, str]) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    model = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    bench = Workbench.open(settings, models=(model, model, model))
    workspace = tmp_path / "ws"
    workspace.mkdir()
    for name, text in files.items():
        (workspace / name).write_text(text)
    agent = bench.new_agent(task, workspace=workspace)
    Runner(agent, AutoApproval()).run(max_steps=3)
    bench.close()


def test_a_stated_time_is_written_whole(tmp_path):
    _run(tmp_path, "The last train home leaves at 23:07. Save just that time in train.txt", {})
    assert (tmp_path / "ws" / "train.txt").read_text().strip() == "23:07"


def test_a_derived_distinct_count_is_written(tmp_path):
    _run(tmp_path, "count the different colours in cars.csv; the number goes in colours.txt",
         {"cars.csv": "plate,colour\nA1,red\nB2,blue\nC3,red\nD4,white\nE5,blue\n"})
    assert (tmp_path / "ws" / "colours.txt").read_text().strip() == "3"
