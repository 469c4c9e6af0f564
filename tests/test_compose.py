"""Whole texts of code and data files composed from a task's phrases (``compose``)."""

from __future__ import annotations

import ast
import csv
import io
import json

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.compose import contents, expression
from autonomo.agent.strategies.grounding import situation
from autonomo.tools.builtin import builtin_registry


def _args_schema(request, command: str) -> dict:
    options = request.schema["properties"]["command"]["anyOf"]
    return next(o for o in options
                if o["properties"]["name"]["const"] == command)["properties"]["args"]


@pytest.mark.parametrize(("task", "data"), [
    ("Make lamp.json: a JSON object in which colour is green and watts = 40",
     {"colour": "green", "watts": 40}),
    ("Store a JSON object with city set to Quito and cold set to false in w.json",
     {"city": "Quito", "cold": False}),
    ("Put a JSON array of the words north, east, south and west into dirs.json",
     ["north", "east", "south", "west"]),
    ("Write a JSON list of 4.5, 6 and 8 to ns.json", [4.5, 6, 8]),
])
def test_a_new_json_file_is_the_task_s_pairs_or_enumeration(task, data):
    path = next(w.strip(":") for w in task.split() if w.strip(":").endswith(".json"))
    whole, added = contents(path, task, [path], None)
    assert [json.loads(t) for t in whole] == [data] and added == whole  # new: same texts


def test_an_existing_json_file_gets_the_values_the_task_changes():
    old = json.dumps({"level": 2, "name": "x"})
    whole, _ = contents("s.json", "In s.json, level = 5", ["s.json"], old)
    assert [json.loads(t) for t in whole] == [{"level": 5, "name": "x"}]
    # a key the file does not have is not made up
    assert contents("s.json", "In s.json, speed = 5", ["s.json"], old) == ((), ())


def test_csv_rows_are_the_comma_joined_cells_and_an_existing_file_gets_them_at_its_end():
    whole, _ = contents("t.csv", "Make t.csv with the header id,colour and a row 4,teal",
                        ["t.csv"], None)
    assert list(csv.reader(io.StringIO(whole[0]))) == [["id", "colour"], ["4", "teal"]]
    whole, added = contents("t.csv", "Add the row 9,pink to t.csv", ["t.csv"], "id,colour\n4,teal")
    assert added == ("\n9,pink\n",)  # the old text lacked its last newline
    assert whole[0] == "id,colour\n4,teal\n9,pink\n"


@pytest.mark.parametrize(("task", "runs_to"), [
    ("Write tri.py with a function triple(n) that returns n times 3", ("triple", 5, 15)),
    ("Create sub.py defining diff(p, q) which returns p minus q", ("diff", (7, 2), 5)),
    ("Write sq.py with a function sq(v) that returns v squared", ("sq", 4, 16)),
])
def test_a_function_returns_the_expression_the_task_says_in_words(task, runs_to):
    path = next(w for w in task.split() if w.endswith(".py"))
    whole, _ = contents(path, task, [path], None)
    scope: dict = {}
    exec(compile(whole[0], path, "exec"), scope)  # our own composed text, not model output
    name, args, value = runs_to
    assert scope[name](*(args if isinstance(args, tuple) else (args,))) == value


def test_a_script_prints_the_phrase_or_the_value_of_its_arithmetic():
    assert contents("g.py", "Create g.py that prints See you soon", ["g.py"], None)[0] == (
        'print("See you soon")\n',)
    whole = contents("c.py", "Write c.py that prints the cube of 3", ["c.py"], None)[0]
    assert whole[0] == "print(3 ** 3)\n" and ast.parse(whole[1])
    assert expression("x plus y", ["x"]) is None  # a name nothing defines is no expression
    assert expression("__import__('os')") is None


def test_a_small_model_writes_a_data_file_only_as_one_of_the_composed_texts(tmp_path):
    (tmp_path / "t.csv").write_text("id,colour\n4,teal\n")
    commands = builtin_registry().select(include=("write_file", "append_to_file"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Make cfg.json with a JSON object where mode is fast"],
                       workspace=str(tmp_path))
    assert situation(tmp_path, state.task).composed_for("cfg.json", "text") == (
        '{"mode": "fast"}',)
    write = _args_schema(strategy.request(state=state), "write_file")["properties"]
    assert write == {"path": {"enum": ["cfg.json"]}, "content": {"enum": ['{"mode": "fast"}']}}
    state = AgentState(tasks=["Add the row 9,pink to t.csv"], workspace=str(tmp_path))
    append = _args_schema(strategy.request(state=state), "append_to_file")["properties"]
    assert append == {"path": {"enum": ["t.csv"]}, "content": {"enum": ["9,pink\n"]}}
    # (a row shaped like the file's rows is appended: writing the file whole is not offered)
    options = strategy.request(state=state).schema["properties"]["command"]["anyOf"]
    assert "write_file" not in {o["properties"]["name"]["const"] for o in options}
    # without a composed text, no free text: nothing is written (a 135M model wrote its
    # command's name, "write_file.json", into a .py file it was given free text for)
    commands = builtin_registry().select(include=("write_file", "append_to_file", "read_file"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["Make notes.json"], workspace=str(tmp_path))
    options = strategy.request(state=state).schema["properties"]["command"]["anyOf"]
    assert {o["properties"]["name"]["const"] for o in options} == {"read_file"}


def test_a_grammar_holds_constants_with_quotes_backslashes_and_newlines():
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    from autonomo.llm.local_grammar import schema_grammar

    values = ['{"a": 1}', "x\ny", "back\\slash"]
    grammar = schema_grammar({"type": "object", "properties": {"v": {"enum": values}},
                              "required": ["v"]})
    # each constant as the GBNF literal of its JSON text: quotes and backslashes escaped
    assert r'"\"{\\\"a\\\": 1}\""' in grammar
    assert r'"\"x\\ny\""' in grammar and r'"\"back\\\\slash\""' in grammar
    assert "autonomo-constant" not in grammar


@pytest.mark.embedded
def test_the_embedded_model_writes_a_composed_json_text_exactly(tmp_path):
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    from autonomo.config import Settings
    from autonomo.llm.local import LlamaCppModel
    from autonomo.llm.types import Message

    commands = builtin_registry().select(include=("write_file",))
    strategy = create_strategy("one_shot", commands, compact=True)
    task = "Make cfg.json with a JSON object where mode is fast and size is 3"
    schema = strategy.request(state=AgentState(tasks=[task], workspace=str(tmp_path))).schema
    model = LlamaCppModel(Settings().llm.fast, seed=0, temperature=0.0)
    try:
        completion = model.complete([Message.user(task)], schema=schema, max_tokens=80)
    finally:
        model.close()
    args = json.loads(completion.text)["command"]["args"]
    assert json.loads(args["content"]) == {"mode": "fast", "size": 3}


def test_a_json_file_whose_new_text_is_known_whole_is_written_not_appended_to(tmp_path):
    (tmp_path / "s.json").write_text('{"level": 1}')
    commands = builtin_registry().select(include=("write_file", "append_to_file"))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=["In s.json, level = 4"], workspace=str(tmp_path))
    offered = [o["properties"]["name"]["const"]
               for o in strategy.request(state=state).schema["properties"]["command"]["anyOf"]]
    assert offered == ["write_file"]
    content = _args_schema(strategy.request(state=state), "write_file")["properties"]["content"]
    assert [json.loads(t) for t in content["enum"]] == [{"level": 4}]



def test_a_script_printing_several_numbers_prints_one_a_line():
    from autonomo.agent.strategies.compose import python_texts

    texts = python_texts("Write up.py: when run it should print 1, then 2, then 3.")
    assert texts[0] == "print(1)\nprint(2)\nprint(3)\n"
    assert python_texts("Create greet.py that prints Good night") == [
        'print("Good night")\n']


def test_a_key_the_task_adds_to_an_existing_json_object():
    whole, _ = contents("c.json", "Add timeout = 30 to c.json", ["c.json"], '{"debug": true}')
    assert [json.loads(t) for t in whole] == [{"debug": True, "timeout": 30}]
    whole, _ = contents("c.json", "Insert a new setting, retries = 3, into c.json", ["c.json"],
                        '{"a": 1}')
    assert json.loads(whole[0]) == {"a": 1, "retries": 3}
