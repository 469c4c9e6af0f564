"""A dotted token of code in a task ("math.pi", "os.path.join", "df.head()") names no file:
it was offered as a new file to write, and a right result was refused ("the task names
math.pi, which does not exist") until a run wrote a file math.pi. A module's name before a
file's ending is still a file ("json.txt"). Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.names import mentioned_files

CASES = [
    ("compute the area of a circle of radius 2 using math.pi and write it to area.txt",
     ("area.txt",)),
    ("join the parts with os.path.join in paths.py", ("paths.py",)),
    ("call np.mean on the numbers in data.csv and save it to mean.txt",
     ("data.csv", "mean.txt")),
    ("print df.head() of data.csv into head.txt", ("data.csv", "head.txt")),
    ("what does math.sqrt(81) give? answer in root.txt", ("root.txt",)),
]


@pytest.mark.parametrize(("task", "files"), CASES)
def test_code_is_no_file_name(tmp_path: Path, task: str, files: tuple[str, ...]) -> None:
    assert mentioned_files(task) == files
    assert situation(tmp_path, task).named == files


def test_a_module_name_before_a_files_ending_is_a_file() -> None:
    assert mentioned_files("copy json.txt to time.log, then config.debug") == (
        "json.txt", "time.log", "config.debug")


def test_a_result_computed_with_math_pi_is_not_refused_for_a_missing_math_pi(
        tmp_path: Path) -> None:
    model = ConstrainedModel([reply("write_file", path="area.txt", content="12.566"),
                              *[reply("finish", reason="done")] * 2])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    (tmp_path / "ws").mkdir()
    try:
        agent = bench.new_agent(CASES[0][0], workspace=tmp_path / "ws")
        result = Runner(agent, AutoApproval()).run(max_steps=3)
    finally:
        bench.close()
    assert "math.pi" not in result.reason
    assert [e.result.status for e in agent.state.episodes if e.result] == ["success"] * 2
