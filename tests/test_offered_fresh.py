"""What a small model is offered on fresh wordings (i10x's audit of the observe-before-write
rules and the derived facts): the right command and the right value must stay possible.

Found at fb0ab7f (write_file not offered to overwrite, copy_file alone for a part, the
slowest car offered as the fastest), fixed by i10g at 19bda1a.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.offered import unneeded
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry


def _offered(workspace: Path, task: str, files: dict[str, str]) -> set[str]:
    """The commands a small model may pick at the first step of ``task``."""
    for name, text in files.items():
        (workspace / name).write_text(text)
    agent = Settings().agent
    commands = builtin_registry().select(include=tuple(agent.small_model_commands))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(workspace))
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(workspace)),
                               state)
    return {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]}


@pytest.mark.parametrize(("task", "files", "needed"), [
    pytest.param("Write the word done to status.txt", {}, "write_file"),
    pytest.param("Append the line milk to list.txt", {"list.txt": "eggs\n"}, "append_to_file"),
    pytest.param("Copy notes.txt to notes_copy.txt", {"notes.txt": "x\n"}, "copy_file"),
    pytest.param("Copy the first line of a.txt into b.txt", {"a.txt": "one\ntwo\n"},
                 "write_file"),
    pytest.param("Overwrite notes.txt with the word done", {"notes.txt": "old stuff\n"},
                 "write_file"),
    pytest.param("Make todo.txt hold only the line milk", {"todo.txt": "eggs\nbread\n"},
                 "write_file"),
    pytest.param("Sort the lines of names.txt alphabetically", {"names.txt": "zoe\nadam\n"},
                 "write_file"),
    pytest.param("Copy Maria's email from contacts.csv into maria.txt",
                 {"contacts.csv": "name,email\nMaria,maria@mail.test\n"}, "write_file"),
    pytest.param("Copy the text ready into status.txt", {}, "write_file"),
])
def test_the_command_the_task_needs_is_offered(tmp_path, task, files, needed):
    assert needed in _offered(tmp_path, task, files)


SPEEDS = "car,kmh\nZip,180\nVan,120\nBolt,240\n"


@pytest.mark.parametrize(("task", "answer"), [
    pytest.param("Write the name of the car with the highest kmh in speeds.csv to fast.txt",
                 "Bolt"),
    pytest.param("Write the name of the fastest car in speeds.csv to fast.txt", "Bolt"),
    pytest.param("Write the name of the slowest car in speeds.csv to slow.txt", "Van"),
])
def test_the_answer_is_among_the_grounded_texts(tmp_path, task, answer):
    (tmp_path / "speeds.csv").write_text(SPEEDS)
    where = situation(tmp_path, task, (("read_file", "speeds.csv", SPEEDS),))
    assert answer in where.texts


@pytest.mark.parametrize(("task", "literal"), [
    pytest.param("Put the line Maria's birthday is Friday in dates.txt",
                 "Maria's birthday is Friday"),
    pytest.param("Write I will be late to status.txt", "I will be late"),
    pytest.param("Leave the message your parcel is ready in note.txt", "your parcel is ready"),
    pytest.param("status.txt should say: we open at nine", "we open at nine"),
    pytest.param("Write the words ready to ship to state.txt", "ready to ship"),
])
def test_a_literal_the_task_states_is_offered_whole(tmp_path, task, literal):
    """The text a task gives to write, unquoted, is one of the grounded texts as a whole,
    also when it speaks in the first or second person or holds a possessive (i10x, s20)."""
    assert literal in situation(tmp_path, task).texts
