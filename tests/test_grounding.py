"""Grounded arguments: a parameter's schema narrowed to the agent's situation."""

from __future__ import annotations

import json

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import Turn, create_strategy
from autonomo.agent.strategies.grounding import mentioned_files, situation
from autonomo.agent.strategies.narrowing import ground
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.grounding import GROUNDED_KEY, grounded
from autonomo.tools.registry import CommandRegistry, CommandResult


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
    assert where.values("file") == ["reply.txt"]  # the new file the task names
    # (the file the task names, not every file: "sub/a.csv" was offered as well)
    assert situation(tmp_path, "Write yes to notes.txt").values("file") == ["notes.txt"]
    assert where.values("existing_file") == ["notes.txt", "sub/a.csv"]
    assert where.values("folder") == [".", "sub"]


def test_file_commands_declare_grounded_paths():
    commands = _commands("read_file", "write_file", "delete_file", "list_folder")
    kinds = {c.name: c.parameters_schema()["properties"]["path"][GROUNDED_KEY] for c in commands}
    assert kinds == {"read_file": "existing_file", "write_file": "file",
                     "delete_file": "removed_file", "list_folder": "folder"}


def _state(tmp_path, task: str) -> AgentState:
    return AgentState(tasks=[task], workspace=str(tmp_path))


def _path_schema(request, command: str) -> dict:
    options = request.schema["properties"]["command"]["anyOf"]
    call = next(o for o in options if o["properties"]["name"]["const"] == command)
    return call["properties"]["args"]["properties"]["path"]


def test_compact_strategy_narrows_paths_to_the_situation(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "other.txt").write_text("hi")  # not shown in the task message: worth reading
    strategy = create_strategy("one_shot", _commands("read_file", "write_file"), compact=True)
    request = strategy.request(state=_state(tmp_path, "Copy notes.txt to backup.txt"))
    assert _path_schema(request, "read_file")["enum"] == ["notes.txt", "other.txt"]
    assert _path_schema(request, "write_file")["enum"] == ["backup.txt"]  # not the source
    (tmp_path / "backup.txt").write_text("hello")  # the situation changes: so does the schema
    request = strategy.request(state=_state(tmp_path, "Copy notes.txt to backup.txt"))
    assert _path_schema(request, "read_file")["enum"] == ["backup.txt", "notes.txt", "other.txt"]
    # a file the task names that was not there when it started stays the one to write
    assert _path_schema(request, "write_file")["enum"] == ["backup.txt"]


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


def _offered(strategy, state) -> list[str]:
    """The commands the strategy's request offers for ``state``."""
    options = strategy.request(state=state).schema["properties"]["command"]["anyOf"]
    return [o["properties"]["name"]["const"] for o in options]


def _content_schema(request, command: str) -> dict:
    options = request.schema["properties"]["command"]["anyOf"]
    call = next(o for o in options if o["properties"]["name"]["const"] == command)
    return call["properties"]["args"]


@pytest.mark.parametrize(("files", "task", "first"), [
    ({"person.txt": "Name: Ana\nCity: Lisbon\n"},
     "Find the city in person.txt and write it to city.txt", "Lisbon"),
    ({"prices.csv": "item,price\napple,3\ncheese,7\n"},
     "Write the price of cheese from prices.csv to cheese.txt", "7"),
    ({"animals.txt": "cat\ndog\ncow\n"},
     "Count the lines in animals.txt and write the number to count.txt", "3"),
    ({"list.txt": "red\ngreen\n"}, "Write the last line of list.txt to last.txt", "green"),
    ({"app.json": '{"name": "x", "port": 8080}'},
     "Write the port from app.json to port.txt", "8080"),
    ({"n.csv": "name,value\na,2\nb,5\n"},
     "Add up the value column of n.csv and write the total to t.txt", "7"),
    ({"a.log": "", "b.log": "", "c.txt": ""},
     "Count the .log files in the workspace and write the number to n.txt", "2"),
    ({"nums.txt": "4\n9\n2\n"}, "Write the largest number in nums.txt to max.txt", "9"),
    ({"nums.txt": "4\n9\n2\n"}, "Write the sum of the numbers in nums.txt to s.txt", "15"),
    ({"list.txt": "red\ngreen\nblue\n"}, "Write the second line of list.txt to 2.txt", "green"),
    ({"w.json": '{"depth": -12, "unit": "m"}'}, "Write the depth from w.json to d.txt", "-12"),
    ({"q.json": '[{"id": 1}, {"id": 2}, {"id": 5}]'},
     "Count the items in the list in q.json; write the number to n.txt", "3"),
    ({"q.json": '[{"who": "Kim"}, {"who": "Lee"}]'},
     "Write each who of q.json to w.txt, one per line", "Kim\nLee"),
    ({"src/a.c": "", "src/b.c": "", "top.txt": ""},
     "Write the names of the files in the src folder to i.txt", "a.c\nb.c"),
    ({"a.py": "", "b.py": "", "c.md": ""}, "List the python scripts here in p.txt", "a.py\nb.py"),
    ({"w.txt": "3\n", "h.txt": "8\n"},
     "Multiply the number in w.txt by the number in h.txt; write the result to a.txt", "24"),
    ({"w.txt": "3\n", "h.txt": "8\n"},
     "Add the number in w.txt to the one in h.txt and put the sum in a.txt", "11"),
    ({"given.txt": "Ana\n", "family.txt": "Silva\n"},
     "Read given.txt and family.txt and write the full name to n.txt", "Ana Silva"),
    ({"pet.txt": "Rex\n"}, "pet.txt holds a name. Write tag.txt containing: Dog [the name] here",
     "Dog Rex here"),
    ({"pet.txt": "Rex\n"}, "Read pet.txt and write Good boy followed by that name to t.txt",
     "Good boy Rex"),
    ({"o.csv": "id,colour\n1,red\n2,tan\n"},
     "List the values of the colour column of o.csv in i.txt, one per line", "red\ntan"),
    ({"o.csv": "id,colour\n1,red\n2,tan\n"},
     "Write the column names of o.csv to c.txt, one per line", "id\ncolour"),
    ({"items.json": '["a", "b"]'}, "Count the items in items.json; write it to n.txt", "2"),
    ({"s.txt": "eggs\n"}, "Add milk as the last line of s.txt", None),
])
def test_text_arguments_offer_the_values_the_task_points_at(tmp_path, files, task, first):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    where = situation(tmp_path, task)
    if first is None:  # no value of the files fits
        assert where.hints == () and where.texts[0] == "milk"
        return
    assert where.hints[0] == first and where.texts[0] == first
    assert "Find the city" not in where.texts  # the task's own words only when no value fits


def test_without_a_fitting_value_text_arguments_are_spans_of_the_task(tmp_path):
    (tmp_path / "todo.txt").write_text("buy milk\n")
    where = situation(tmp_path, "Append the line 'walk the dog' to todo.txt")
    assert where.hints == ()
    assert where.texts[0] == "walk the dog"  # a quoted text comes first
    assert "buy milk" not in where.texts and "todo.txt" not in where.texts
    assert "the" not in where.texts  # a lone filler word is never content


def test_text_is_grounded_for_text_files_and_never_free_for_code(tmp_path):
    (tmp_path / "other.txt").write_text("x")
    commands = _commands("write_file", "read_file")
    strategy = create_strategy("one_shot", commands, compact=True)
    args = _content_schema(strategy.request(state=_state(
        tmp_path, "Write the word Berlin to capital.txt")), "write_file")
    assert "Berlin" in args["properties"]["content"]["enum"]
    # no text composed for a program: no free text, and no write of it at all
    request = strategy.request(state=_state(tmp_path, "Write hello.py that greets whoever runs it"))
    assert [o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]] == ["read_file"]
    # two files, one with a text: only that one is written
    both = _content_schema(strategy.request(state=_state(
        tmp_path, "Write Hi to a.txt and print(1) to b.py")), "write_file")
    assert both["properties"]["path"] == {"enum": ["a.txt"]}
    assert "Hi" in both["properties"]["content"]["enum"]
    assert GROUNDED_KEY not in json.dumps(both)
    large = create_strategy("one_shot", commands, compact=False).request(state=_state(
        tmp_path, "Write the word Berlin to capital.txt"))
    assert GROUNDED_KEY not in json.dumps(large.schema)
    assert "enum" not in json.dumps(large.schema)


def test_a_small_model_sees_the_workspace_and_the_named_files_and_no_useless_command(tmp_path):
    (tmp_path / "person.txt").write_text("City: Lisbon\n")
    commands = _commands("write_file", "read_file", "list_folder", "finish")
    strategy = create_strategy("one_shot", commands, compact=True)
    state = _state(tmp_path, "Find the city in person.txt and write it to city.txt")
    shown = strategy.task_message(state, 0).content
    assert "Files in the workspace: person.txt" in shown and "City: Lisbon" in shown
    names = [o["properties"]["name"]["const"]
             for o in strategy.request(state=state).schema["properties"]["command"]["anyOf"]]
    assert names == ["write_file"]  # all is shown; finish would be refused: nothing done yet
    assert "Lisbon" in strategy.trigger_message(state, Turn(now="")).content


def test_a_value_the_task_states_comes_before_the_values_of_its_files(tmp_path):
    (tmp_path / "n.txt").write_text("4\n9\n")
    where = situation(tmp_path, "Add 25 as a new last line of n.txt")
    assert where.texts[0] == "25" and where.hints == ()
    where = situation(tmp_path, "Append a line to n.txt that reads: 7 is next")
    assert where.texts[0] == "7 is next"


def test_destructive_paths_are_the_files_of_the_kind_named_and_never_one_to_keep(tmp_path):
    for name in ("a.tmp", "b.tmp", "c.txt", "d.txt", "e.txt"):
        (tmp_path / name).write_text("x")
    assert situation(tmp_path, "Remove all .tmp files").values("named_file") == [
        "a.tmp", "b.tmp"]
    assert situation(tmp_path, "Delete c.txt and d.txt but keep e.txt").values(
        "named_file") == ["c.txt", "d.txt"]
    assert "e.txt" not in situation(tmp_path, "Delete every file except e.txt").values(
        "named_file")
    assert situation(tmp_path, "Delete every .tmp file but keep the .txt files").values(
        "named_file") == ["a.tmp", "b.tmp"]
    (tmp_path / "old").mkdir()
    assert situation(tmp_path, "Move c.txt into the old folder").values("file")[0] == (
        "old/c.txt")


def test_a_program_the_task_asks_to_run_runs_before_anything_is_written(tmp_path):
    (tmp_path / "p.py").write_text("print(6 * 7)\n")
    commands = CommandRegistry()  # all three, whether or not a sandbox can run code here
    for name in ("write_file", "execute_python_file", "finish"):
        commands.register(builtin_registry().get(name))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = _state(tmp_path, "Run p.py and save what it prints to out.txt")

    assert _offered(strategy, state) == ["execute_python_file"]
    state.episodes.append(Episode(
        number=1, action=Action(name="execute_python_file", arguments={"path": "p.py"}),
        result=CommandResult.ok("STDOUT:\n42\n")))
    assert "write_file" in _offered(strategy, state)
    assert strategy.situation(state).texts[0] == "42"


def test_a_file_that_points_at_another_is_not_the_one_to_destroy(tmp_path):
    (tmp_path / "which.txt").write_text("old.log\n")
    (tmp_path / "old.log").write_text("x")
    (tmp_path / "new.log").write_text("x")
    assert situation(tmp_path, "which.txt names a file. Remove that file.").values(
        "named_file") == ["old.log"]
    assert situation(tmp_path, "Remove which.txt").values("named_file")[0] == "which.txt"


@pytest.mark.parametrize(("task", "texts"), [
    ("Append the line feed the cat to jobs.txt", ["feed the cat"]),  # not "cat"
    ("Please add a line saying buy more tea to the end of list.txt", ["buy more tea"]),
    ("Could you save the number 2.5 into x.txt?", ["2.5"]),
    ("Add the word over at the end of log.txt", ["over"]),
])
def test_task_spans_are_the_whole_phrase_the_task_asks_for(tmp_path, task, texts):
    assert list(situation(tmp_path, task).texts) == texts


def test_after_a_write_the_record_accepts_a_small_model_is_offered_no_more_writing(tmp_path):
    commands = _commands("write_file", "append_to_file", "read_file", "finish")
    strategy = create_strategy("one_shot", commands, compact=True)
    state = _state(tmp_path, "Create m.txt containing the phrase one step at a time")
    (tmp_path / "m.txt").write_text("one step at a time")
    state.episodes.append(Episode(
        number=1, action=Action(name="write_file", arguments={
            "path": "m.txt", "content": "one step at a time"}),
        result=CommandResult.ok("Wrote 18 characters to m.txt.")))
    assert _offered(strategy, state) == ["finish"]


def test_a_task_that_only_moves_files_is_offered_no_writing(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "b.txt").write_text("7")
    commands = _commands("write_file", "append_to_file", "rename_file", "finish")
    strategy = create_strategy("one_shot", commands, compact=True)

    assert _offered(strategy, _state(tmp_path, "Move a.txt into the old folder")) == [
        "rename_file"]
    assert "write_file" in _offered(strategy, _state(
        tmp_path, "Move a.txt into the old folder and write 1 to c.txt"))


def test_a_part_of_a_file_is_not_copied_whole_and_a_folder_named_is_the_destination(tmp_path):
    (tmp_path / "poem.txt").write_text("Ode\nrain\n")
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "old.txt").write_text("o")
    commands = _commands("write_file", "copy_file", "finish")
    strategy = create_strategy("one_shot", commands, compact=True)

    assert _offered(strategy, _state(
        tmp_path, "Copy the first line of poem.txt into title.txt")) == ["write_file"]
    assert "copy_file" in _offered(strategy, _state(tmp_path, "Copy poem.txt into title.txt"))
    where = situation(tmp_path, "Copy poem.txt into the box folder")
    assert where.values("file") == ["box/poem.txt"]  # not over box/old.txt
