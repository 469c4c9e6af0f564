"""A step's look at the workspace reads each file once: the previews, the edits, the texts
composed for a data file, the programs that print nothing and, on the first step, the first
look all take the text of one read (they read the file a task names up to seven times, each
read a chance to see other bytes than the last). Wordings of this file's own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.tools import files as file_tools
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry

_SMALL = ("write_file", "read_file", "append_to_file", "delete_file", "copy_file",
          "rename_file", "execute_python_file", "list_folder", "replace_text", "finish")

CASES = [
    ("Add the line 2027-01-04,Porto,388 at the end of trips.csv",
     {"trips.csv": "date,city,km\n2026-12-30,Braga,120\n", "fuel.csv": "a,b\n1,2\n"}),
    ('in settings.json set "retries" to 5 please',
     {"settings.json": '{"retries": 2, "verbose": false}\n'}),
    ("run tally.py - then put whatever it prints into tally.txt",
     {"tally.py": "print(sum(range(5)))\n", "notes.txt": "nothing\n"}),
    ("Change 'colour' to 'color' in notes.md, nothing else",
     {"notes.md": "# Notes\nThe colour of the door.\n"}),
    ("copy the phone number from contacts.txt into phone.txt",
     {"contacts.txt": "Ana: 555-0142\nBo: 555-0177\n", "phone.txt": ""}),
]


def _commands() -> CommandRegistry:
    commands = CommandRegistry()
    for name in _SMALL:
        commands.register(builtin_registry().get(name))
    return commands


@pytest.mark.parametrize(("task", "tree"), CASES)
def test_a_step_look_reads_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          task: str, tree: dict[str, str]) -> None:
    for name, text in tree.items():
        (tmp_path / name).write_text(text)
    opened: Counter[str] = Counter()
    real = file_tools.open_regular

    def counted(folder: int, name: str, shown: str, *args):
        opened[shown] += 1
        return real(folder, name, shown, *args)

    monkeypatch.setattr(file_tools, "open_regular", counted)
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    where = strategy.step_situation(state)  # the first step: the first look as well
    named = [n for n in where.named if tree.get(n)]
    assert named, where.named
    assert {n: opened[n] for n in named} == dict.fromkeys(named, 1)
    assert max(opened.values()) == 1, opened
