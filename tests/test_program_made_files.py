"""A file a program the task runs makes is that program's output: after the run it is not
written over (a 135M model wrote the runner's "Exit code 0." into it), and the finish check
reads it as made, not as a program to run nor an input never used (i12e's own wordings)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import explain
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy, printing
from autonomo.agent.strategies.offered import unneeded
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandResult

MAKER = "with open('crop_report.txt', 'w') as f:\n    f.write('wheat 12\\n')\n"
PRINTER = "print('wheat 12')\n"


def _after_run(workspace: Path, task: str, code: str) -> tuple[set[str], AgentState]:
    """The commands offered once ``harvest.py`` (``code``) ran, and the run's state."""
    (workspace / "harvest.py").write_text(code)
    agent = Settings().agent
    commands = builtin_registry().select(include=tuple(agent.small_model_commands))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(workspace))
    exclude = unneeded(task, agent.small_model_command_words, str(workspace))
    strategy.request(exclude, state)  # (the first look: the start listing)
    done = subprocess.run([sys.executable, "harvest.py"], cwd=workspace, capture_output=True,
                          text=True, check=True)
    state.episodes.append(Episode(number=1, action=Action(
        name="execute_python_file", arguments={"path": "harvest.py"}),
        result=CommandResult.ok(done.stdout or "Exit code 0.")))
    request = strategy.request(exclude, state)
    offered = {o["properties"]["name"]["const"]
               for o in request.schema["properties"]["command"]["anyOf"]}
    return offered, state


@pytest.mark.parametrize("task", [
    "run harvest.py - it writes crop_report.txt",
    "Execute harvest.py so that it creates crop_report.txt",
    "crop_report.txt gets made by harvest.py; please run it",
    "please run harvest.py, which produces crop_report.txt",
    "Run harvest.py (it saves its numbers to crop_report.txt)",
])
def test_a_file_the_program_made_is_not_written_over(tmp_path: Path, task):
    offered, state = _after_run(tmp_path, task, MAKER)
    assert not offered & {"write_file", "append_to_file"}
    assert "finish" in offered
    assert explain(state, "done", shown={".": "harvest.py"}) is None


def test_output_to_save_is_still_written(tmp_path: Path):
    # (the program prints, the file to save it in is not there yet: it is written)
    offered, _ = _after_run(tmp_path, "run harvest.py and save what it prints to crop.txt",
                            PRINTER)
    assert "write_file" in offered


def test_only_files_a_run_made_and_nothing_wrote_count():
    ran = Episode(number=1, action=Action(name="execute_python_file",
                                           arguments={"path": "harvest.py"}),
                  result=CommandResult.ok("Exit code 0."))
    wrote = Episode(number=2, action=Action(name="write_file", arguments={
        "path": "crop_report.txt", "content": "x"}), result=CommandResult.ok("written"))
    made = printing.made_by_programs
    assert made([ran], 0, ["crop_report.txt"], ["harvest.py"], ["harvest.py", "crop_report.txt"])
    # (there at the start, not there now, written by the run, or no program ran)
    assert not made([ran], 0, ["crop_report.txt"], ["harvest.py", "crop_report.txt"],
                    ["harvest.py", "crop_report.txt"])
    assert not made([ran], 0, ["crop_report.txt"], ["harvest.py"], ["harvest.py"])
    assert not made([ran, wrote], 0, ["crop_report.txt"], ["harvest.py"],
                    ["harvest.py", "crop_report.txt"])
    assert not made([], 0, ["crop_report.txt"], ["harvest.py"], ["harvest.py", "crop_report.txt"])
