"""Grounded arguments: a parameter's schema narrowed to the agent's situation."""

from __future__ import annotations

import json

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import ground, mentioned_files, situation
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.grounding import GROUNDED_KEY, grounded


def _commands(*names: str):
    return builtin_registry().select(include=names)


def test_file_names_are_read_from_the_task():
    task = "Copy settings.ini to data/settings.bak, e.g. with read_file. Count the .log files."
    assert mentioned_files(task) == ("settings.ini", "data/settings.bak")
    assert mentioned_files("Write 3.5 to out.txt. Then stop.") == ("out.txt",)
    assert mentioned_files("Read /etc/passwd or ../secret.txt") == ()


def test_situation_lists_the_workspace_without_hidden_entries(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.csv").write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("x")
    where = situation(tmp_path, "Write the word yes to reply.txt")
    assert where.files == ("notes.txt", "sub/a.csv")
    assert where.folders == ("sub",)
    assert where.values("file") == ["reply.txt", "notes.txt", "sub/a.csv"]
    assert where.values("existing_file") == ["notes.txt", "sub/a.csv"]
    assert where.values("folder") == [".", "sub"]


def test_file_commands_declare_grounded_paths():
    commands = _commands("read_file", "write_file", "delete_file", "list_folder")
    kinds = {c.name: c.parameters_schema()["properties"]["path"][GROUNDED_KEY] for c in commands}
    assert kinds == {"read_file": "existing_file", "write_file": "file",
                     "delete_file": "existing_file", "list_folder": "folder"}


def _state(tmp_path, task: str) -> AgentState:
    return AgentState(tasks=[task], workspace=str(tmp_path))


def _path_schema(request, command: str) -> dict:
    options = request.schema["properties"]["command"]["anyOf"]
    call = next(o for o in options if o["properties"]["name"]["const"] == command)
    return call["properties"]["args"]["properties"]["path"]


def test_compact_strategy_narrows_paths_to_the_situation(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    strategy = create_strategy("one_shot", _commands("read_file", "write_file"), compact=True)
    request = strategy.request(state=_state(tmp_path, "Copy notes.txt to backup.txt"))
    assert _path_schema(request, "read_file")["enum"] == ["notes.txt"]
    assert _path_schema(request, "write_file")["enum"] == ["notes.txt", "backup.txt"]
    (tmp_path / "backup.txt").write_text("hello")  # the situation changes: so does the schema
    request = strategy.request(state=_state(tmp_path, "Copy notes.txt to backup.txt"))
    assert _path_schema(request, "read_file")["enum"] == ["backup.txt", "notes.txt"]


def test_large_models_get_plain_strings_without_the_mark(tmp_path):
    strategy = create_strategy("one_shot", _commands("read_file"), compact=False)
    request = strategy.request(state=_state(tmp_path, "Read notes.txt"))
    path = _path_schema(request, "read_file")
    assert path["type"] == "string" and "enum" not in path
    assert GROUNDED_KEY not in json.dumps(request.schema)
    tools = create_strategy("tool_calling", _commands("read_file"), compact=False).request(
        state=_state(tmp_path, "Read notes.txt")).tools
    assert GROUNDED_KEY not in json.dumps(tools[0].parameters)


def test_a_plugin_schema_can_carry_the_mark_and_nothing_fitting_leaves_it_open(tmp_path):
    where = situation(tmp_path, "Summarise the report")  # empty workspace, no file named
    schema = {"type": "object", "properties": {
        "source": {"type": "string", **grounded("existing_file")},
        "target": {"anyOf": [{"type": "string", **grounded("file")}, {"type": "null"}]}}}
    assert ground(json.loads(json.dumps(schema)), where)["properties"]["source"] == {
        "type": "string"}
    named = situation(tmp_path, "Summarise report.md into summary.md")
    grounded_schema = ground(json.loads(json.dumps(schema)), named)
    assert grounded_schema["properties"]["target"]["anyOf"][0] == {
        "enum": ["report.md", "summary.md"]}
    with pytest.raises(ValueError):
        grounded("url")  # type: ignore[arg-type]


@pytest.mark.embedded
def test_the_embedded_model_cannot_name_a_file_outside_the_grounded_set(tmp_path):
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    from autonomo.config import Settings
    from autonomo.llm.local import LlamaCppModel
    from autonomo.llm.types import Message

    (tmp_path / "notes.txt").write_text("hello")
    strategy = create_strategy("one_shot", _commands("read_file", "finish"), compact=True)
    schema = strategy.request(state=_state(tmp_path, "Read notes.txt")).schema
    model = LlamaCppModel(Settings().llm.fast, seed=0, temperature=0.0)
    try:
        for wanted in ("/etc/passwd", "data.csv", "../../secret.txt"):
            completion = model.complete([
                Message.system('Reply with JSON: {"command": {"name": "read_file", '
                               f'"args": {{"path": "{wanted}"}}}}, "thoughts": ...}}'),
                Message.user(f"Read the file {wanted}"),
            ], schema=schema, max_tokens=120)
            command = json.loads(completion.text)["command"]
            if command["name"] == "read_file":
                assert command["args"]["path"] == "notes.txt", completion.text
    finally:
        model.close()
