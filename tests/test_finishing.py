"""No false success: ``finish`` is refused while the agent's own record contradicts it."""

from __future__ import annotations

import json

import pytest

from agent_helpers import make_agent, recorded_state, reply
from autonomo.agent.finishing import finish_objection
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState


def test_a_finish_naming_a_missing_file_is_refused_and_the_run_goes_on(tmp_path):
    agent, model, _ = make_agent(tmp_path, [
        reply("finish", reason="city.txt holds Lisbon"),           # nothing done yet
        reply("write_note", path="town.txt", text="Lisbon"),
        reply("finish", reason="city.txt holds Lisbon"),           # city.txt does not exist
        reply("write_note", path="city.txt", text="Porto"),
        reply("finish", reason="city.txt holds Lisbon"),           # it holds something else
        reply("write_note", path="city.txt", text="Lisbon"),
        reply("finish", reason="city.txt holds Lisbon"),
    ], task="Find the city in person.txt and write it to city.txt")
    (agent.workspace / "person.txt").write_text("City: Lisbon\n")
    result = Runner(agent).run()
    assert result.status == "finished" and result.reason == "city.txt holds Lisbon"
    finishes = [e.result for e in agent.state.episodes if e.action.name == "finish"]
    assert [r.status for r in finishes] == ["error", "error", "error", "success"]
    assert "nothing has been done" in finishes[0].output
    assert "city.txt does not exist" in finishes[1].output
    assert "holds 'Lisbon', but it does not" in finishes[2].output
    # the model is told why, in the next prompt
    assert "city.txt does not exist" in model.calls[3]["messages"][-2].content


def test_a_run_that_only_finishes_falsely_does_not_end_finished(tmp_path):
    agent, _, store = make_agent(
        tmp_path, [reply("finish", reason="done: report.txt written")] * 3,
        task="Write the report to report.txt")
    result = Runner(agent).run(max_steps=3)
    assert result.status != "finished"
    assert store.load(agent.state.id).status != "finished"
    assert not (agent.workspace / "report.txt").exists()


def _state(tmp_path, task: str, *steps: tuple[str, dict, str]) -> AgentState:
    return recorded_state(tmp_path, task, steps)


@pytest.mark.parametrize(("task", "files", "steps", "reason", "refused"), [
    # a deleted file may be named; a file the task names must exist unless it was deleted
    ("Delete temp.txt", {}, [("delete_file", {"path": "temp.txt"}, "success")],
     "temp.txt was deleted", False),
    ("Delete temp.txt", {"temp.txt": "x"}, [("read_file", {"path": "temp.txt"}, "success")],
     "temp.txt is gone", True),    # the task asks for a change; only a read was done
    ("Read temp.txt", {"temp.txt": "x"}, [("read_file", {"path": "temp.txt"}, "success")],
     "temp.txt says x", False),    # a task that asks for no change may end after a read
    ("Rename a.txt to b.txt", {"a.txt": "x"}, [("read_file", {"path": "a.txt"}, "success")],
     "done", True),                # b.txt was never written
    ("Write 42 to answer.txt", {"answer.txt": "42\n"},
     [("write_file", {"path": "answer.txt", "content": "42"}, "success")],
     "answer.txt contains '42'", False),
    ("Write 42 to answer.txt", {"answer.txt": "41\n"},
     [("write_file", {"path": "answer.txt", "content": "41"}, "success")],
     "answer.txt holds the number 42", True),
    ("Say hi", {}, [], "hi", False),  # a task that names no file may finish at once
    ("Copy a.txt to b.txt", {"a.txt": "x", "b.txt": "x"},
     [("write_file", {"path": "b.txt", "content": "x"}, "success")],
     "b.txt contains the contents of a.txt", False),
    # a JSON or Python file the run wrote must parse
    ("Create p.json with name Ada", {"p.json": "{name: Ada}"},
     [("write_file", {"path": "p.json", "content": "{name: Ada}"}, "success")], "done", True),
    ("Create p.json with name Ada", {"p.json": '{"name": "Ada"}'},
     [("write_file", {"path": "p.json", "content": '{"name": "Ada"}'}, "success")], "done",
     False),
    ("Write hello.py that prints Hello", {"hello.py": "print(Hello"},
     [("write_file", {"path": "hello.py", "content": "print(Hello"}, "success")], "done", True),
    ("Write hello.py that prints Hello", {"hello.py": "print('Hello')"},
     [("write_file", {"path": "hello.py", "content": "print('Hello')"}, "success")], "done",
     False),
    # renaming a file the task only asks to read away is a removal it did not ask for
    ("Copy a.txt to b.txt", {"b.txt": "x"},
     [("rename_file", {"source": "a.txt", "destination": "b.txt"}, "success")], "done", True),
    ("Rename a.txt to b.txt", {"b.txt": "x"},
     [("rename_file", {"source": "a.txt", "destination": "b.txt"}, "success")], "done", False),
    # a Python file that names what nothing defines fails when run
    ("Write hello.py that prints Hello", {"hello.py": "Hello"},
     [("write_file", {"path": "hello.py", "content": "Hello"}, "success")], "done", True),
    ("Write add.py with add(a, b)", {"add.py": "def add(a, b):\n    return a + b\n"},
     [("write_file", {"path": "add.py", "content": "..."}, "success")], "done", False),
    # the task's plain words about its files
    ("Delete old.txt but keep new.txt", {"old.txt": "x"},
     [("delete_file", {"path": "new.txt"}, "success")], "done", True),
    ("Delete old.txt but keep new.txt", {"new.txt": "x"},
     [("delete_file", {"path": "old.txt"}, "success")], "done", False),
    ("Rename a.py to b.py", {"a.py": "x", "b.py": "x"},
     [("write_file", {"path": "b.py", "content": "x"}, "success")], "done", True),
    ("Make a copy of a.txt named b.txt", {"a.txt": "one\ntwo\n", "b.txt": "one"},
     [("write_file", {"path": "b.txt", "content": "one"}, "success")], "done", True),
    ("Copy the contents of a.txt into b.txt", {"a.txt": "one\n", "b.txt": "one\n"},
     [("copy_file", {"source": "a.txt", "destination": "b.txt"}, "success")], "done", False),
    ("Copy the first line of a.txt to b.txt", {"a.txt": "one\ntwo\n", "b.txt": "one"},
     [("write_file", {"path": "b.txt", "content": "one"}, "success")], "done", False),
])
def test_objections(tmp_path, task, files, steps, reason, refused):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    objection = finish_objection(_state(tmp_path, task, *steps), reason)
    assert (objection is not None) == refused, objection


def test_the_same_check_applies_to_the_tool_calling_strategy(tmp_path):
    from autonomo.llm.types import Completion, ToolCall

    def call(name, **args):
        return Completion(tool_calls=[ToolCall(id=name, name=name, arguments=args)])

    agent, _, _ = make_agent(tmp_path, [
        call("finish", reason="out.txt written"),
        call("write_note", path="out.txt", text="x"),
        call("finish", reason="out.txt written"),
    ], task="Write x to out.txt", strategy="tool_calling")
    result = Runner(agent).run()
    assert result.status == "finished"
    assert [e.result.status for e in agent.state.episodes] == ["error", "success", "success"]
    assert json.loads(json.dumps(agent.state.episodes[0].result.output)).startswith("Refused")


def test_a_constrained_model_cannot_repeat_a_refused_finish(tmp_path):
    from autonomo.llm.scripted import ScriptedModel

    class Constrained(ScriptedModel):
        enforces_schema = True  # like the local model: decoding follows the schema

    model = Constrained([
        reply("finish", reason="out.txt written"),
        reply("write_note", path="out.txt", text="x"),
        reply("finish", reason="out.txt written"),
    ])
    agent, _, _ = make_agent(tmp_path, [], task="Write x to out.txt")
    agent.model = agent.smart_model = model
    assert Runner(agent).run().status == "finished"
    offered = [{o["properties"]["name"]["const"]
                for o in call["schema"]["properties"]["command"]["anyOf"]}
               for call in model.calls]
    assert "finish" in offered[0] and "finish" not in offered[1] and "finish" in offered[2]


def test_a_file_name_inside_written_content_is_not_the_file(tmp_path):
    (tmp_path / "product.json").write_text('{"price": 25}')
    state = _state(tmp_path, "Write the price from product.json to price.txt",
                   ("write_file", {"path": "product.json", "content": "price.txt"}, "success"))
    assert "price.txt" in (finish_objection(state, "finish") or "")
