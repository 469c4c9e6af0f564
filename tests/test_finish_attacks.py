"""A hostile workspace against the finish check: ``finish_objection`` reads, parses JSON and
compiles Python from the workspace in the host process."""

from __future__ import annotations

import builtins
import json
import os
from pathlib import Path

import pytest

from agent_helpers import make_agent, recorded_state, reply
from autonomo.agent import finishing_files
from autonomo.agent.finishing import finish_objection
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState
from autonomo.llm.scripted import ScriptedModel


def _state(workspace: Path, task: str, *steps: tuple[str, dict, str, str]) -> AgentState:
    return recorded_state(workspace, task, steps)


#: files no parser of the host process can take whole: 100 000 levels of nesting
_NESTED = [("d.json", "[" * 100_000),                     # json: RecursionError
           ("m.py", "x = 1" + " + 1" * 100_000),           # compile: RecursionError
           ("n.py", "x = " + "-" * 100_000 + "1")]         # the parser: MemoryError


@pytest.mark.parametrize(("name", "text"), _NESTED, ids=[n for n, _ in _NESTED])
def test_a_file_nested_too_deeply_to_check_refuses_the_finish_instead_of_crashing(
        tmp_path, name, text):
    (tmp_path / name).write_text(text)
    state = _state(tmp_path, f"Write the data to {name}",
                   ("write_file", {"path": name, "content": "x"}, "success", ""))
    objection = finish_objection(state, "done")
    assert objection is not None and objection.startswith(f"Refused: {name} is not valid")
    assert "nested too deeply" in objection


def test_a_run_whose_file_is_nested_too_deeply_goes_on_after_the_refusal(tmp_path):
    agent, _, _ = make_agent(tmp_path, [
        reply("write_file", path="d.json", content="[" * 100_000),
        reply("finish", reason="done"),
        reply("write_file", path="d.json", content="[1]"),
        reply("finish", reason="done"),
    ], task="Write a list to d.json", tools=["write_file", "finish"],
        summary_model=ScriptedModel(["Wrote d.json."] * 4))  # the long step is summarised
    result = Runner(agent).run(max_steps=4)
    assert result.status == "finished"
    assert agent.state.episodes[1].result.status == "error"


@pytest.mark.parametrize("where", ["reason", "task"])
def test_a_file_name_too_long_for_the_system_is_refused_not_a_crash(tmp_path, where):
    long = "a" * 300 + ".txt"
    task = f"Write hi to {long}" if where == "task" else "Write hi to out.txt"
    agent, _, _ = make_agent(tmp_path, [
        reply("write_file", path="out.txt", content="hi"),
        reply("finish", reason=f"wrote {long}" if where == "reason" else "done"),
    ], task=task, tools=["write_file", "finish"])
    Runner(agent).run(max_steps=2)
    refusal = agent.state.episodes[1].result
    assert refusal.status == "error" and refusal.output.startswith("Refused")
    assert str(tmp_path) not in refusal.output


def test_whether_a_host_file_exists_does_not_show_through_a_link(tmp_path):
    """A link in the workspace to a host path is not a file of the workspace, whether the
    host path exists or not: the finish check answers the same for both."""
    ws, host = tmp_path / "ws", tmp_path / "host"
    ws.mkdir()
    host.mkdir()
    (host / "there.txt").write_text("host")
    (ws / "a.txt").symlink_to(host / "there.txt")
    (ws / "b.txt").symlink_to(host / "missing.txt")
    step = ("execute_shell", {"command": "ls"}, "success", "")
    answers = [finish_objection(_state(ws, "Tidy up", step), f"{name} holds it")
               for name in ("a.txt", "b.txt")]
    assert answers[0] is not None
    assert answers[0].replace("a.txt", "b.txt") == answers[1]


def test_a_valid_json_too_big_to_read_whole_is_not_called_invalid(tmp_path):
    """The reader stops at its limit (4 MB); the first 4 MB of a valid 7 MB JSON do not
    parse, and the finish of a done copy was refused for ever."""
    data = json.dumps([{"id": i, "name": "x" * 20} for i in range(150_000)])
    assert len(data) > 4 * 1024 * 1024
    for name in ("big.json", "backup.json"):
        (tmp_path / name).write_text(data)
    state = _state(tmp_path, "Copy big.json to backup.json",
                   ("copy_file", {"source": "big.json", "destination": "backup.json"},
                    "success", ""))
    assert finish_objection(state, "done") is None


def test_a_file_is_compiled_once_while_it_does_not_change(tmp_path, monkeypatch):
    """The finish check runs before every step of a small model: a big file the run
    copied was compiled again each time (seconds per step for a few MB)."""
    compiled = []

    def counting(source, name, mode):
        compiled.append(name)
        return builtins.compile(source, name, mode)

    monkeypatch.setattr(finishing_files, "compile", counting, raising=False)
    (tmp_path / "m.py").write_text("print(1)\n")
    state = _state(tmp_path, "Write a program to m.py",
                   ("write_file", {"path": "m.py", "content": "print(1)\n"}, "success", ""))
    assert finish_objection(state, "done") is None
    assert finish_objection(state, "done") is None
    assert compiled == ["m.py"]
    (tmp_path / "m.py").write_text("print(x)\n")
    assert "x is not defined" in finish_objection(state, "done")
    assert compiled == ["m.py", "m.py"]


def _swap(workspace: Path, name: str, kind: str) -> None:
    path = workspace / name
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "host link":
        host = workspace.parent / "host.txt"
        host.write_text("[1, 2]")
        path.symlink_to(host)
    else:
        path.mkdir()


@pytest.mark.parametrize("kind", ["fifo", "host link", "folder"])
@pytest.mark.parametrize(("name", "task", "content"), [
    ("out.json", "Write a JSON list of 1 and 2 to out.json", "[1, 2]"),
    ("out.txt", "Write hi to out.txt", "hi")])
def test_a_written_file_swapped_for_something_unreadable_refuses_the_finish(
        tmp_path, kind, name, task, content):
    """Sandboxed code swaps the file the run wrote for a FIFO, a link to a host file or a
    folder: every reader gave None, each check skipped the file and the finish passed."""
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / name).write_text(content)
    state = _state(workspace, task, ("write_file", {"path": name, "content": content},
                                     "success", ""))
    assert finish_objection(state, f"wrote {name}") is None
    _swap(workspace, name, kind)
    objection = finish_objection(state, f"wrote {name}")
    assert objection is not None and objection.startswith(f"Refused: you wrote {name}, but "
                                                          "it is now ")
    assert "host" not in objection and "[1, 2]" not in objection


def test_a_written_file_made_a_link_inside_the_workspace_is_still_read(tmp_path):
    (tmp_path / "data.txt").write_text("hi")
    state = _state(tmp_path, "Write hi to out.txt",
                   ("write_file", {"path": "out.txt", "content": "hi"}, "success", ""))
    (tmp_path / "out.txt").symlink_to("data.txt")
    assert finish_objection(state, "wrote out.txt") is None


@pytest.mark.parametrize("how", ["a shell command", "code in the background"])
def test_a_written_file_removed_afterwards_refuses_the_finish(tmp_path, how):
    """The run wrote out.txt, then a shell command (or a program it left running) removed
    it: the file was "touched", so the finish passed with nothing in the workspace."""
    steps = [("write_file", {"path": "out.txt", "content": "hi"}, "success", "")]
    if how == "a shell command":
        steps.append(("execute_shell", {"command_line": "rm -f out.txt"}, "success", ""))
    state = _state(tmp_path, "Write hi to out.txt", *steps)
    objection = finish_objection(state, "wrote out.txt")
    assert objection is not None and objection.startswith(
        "Refused: you wrote out.txt, but it no longer exists"), objection
    (tmp_path / "out.txt").write_text("hi")
    assert finish_objection(state, "wrote out.txt") is None


def test_a_written_file_the_task_moves_away_may_be_gone(tmp_path):
    (tmp_path / "b.txt").write_text("hi")
    state = _state(tmp_path, "Write hi to a.txt, then move a.txt to b.txt",
                   ("write_file", {"path": "a.txt", "content": "hi"}, "success", ""),
                   ("execute_shell", {"command_line": "mv a.txt b.txt"}, "success", ""))
    assert finish_objection(state, "moved a.txt to b.txt") is None


def test_the_finish_check_reads_a_bounded_part_of_a_huge_folder(tmp_path, monkeypatch):
    """``files_below`` (the files a glob or "everything in drafts/" may mean) read a folder of
    any size whole and sorted it, at every finish check: a million files left by sandboxed
    code cost seconds and hundreds of MB each time."""
    from autonomo.agent import finishing_record
    from autonomo.tools import fstree

    monkeypatch.setattr(finishing_record, "MAX_FILES", 50)
    logs = tmp_path / "logs"
    logs.mkdir()
    for index in range(400):
        (logs / f"{index:03}.log").touch()
    read: list[int] = []
    real = fstree._listing
    monkeypatch.setattr(fstree, "_listing", lambda fd, limit=None: (
        read.append(limit), real(fd, limit))[1])
    assert len(finishing_record.files_below(tmp_path)) == 50
    assert read and all(limit == 50 for limit in read)


#: a CSV whose last field never closes its quote: Python's csv raises on a field over 128 KB
_UNCLOSED_CSV = "name,price\napples,1.20\npears,1.90\n\"" + "x" * 200_000 + "\n"
_CSV_TASKS = ["How many rows does prices.csv have? Write the number to n.txt",
              "Write the price of pears from prices.csv to n.txt",
              "Convert prices.csv to JSON in n.json",
              "Add a row for kiwis costing 3.10 to prices.csv",
              "Write the names of the fruits in prices.csv costing more than 1.5 to n.txt"]


def test_a_csv_the_csv_module_cannot_read_does_not_crash_the_run(tmp_path):
    """``csv.Error`` (field larger than field limit) went up through the finish check and
    ended the run with a traceback."""
    agent, _, _ = make_agent(tmp_path, [
        reply("write_file", path="n.txt", content="3"),
        reply("finish", reason="wrote n.txt"),
    ], task=_CSV_TASKS[0], tools=["write_file", "finish"])
    workspace = Path(agent.workspace)
    workspace.mkdir(parents=True, exist_ok=True)
    (workspace / "prices.csv").write_text(_UNCLOSED_CSV)
    result = Runner(agent).run(max_steps=2)
    assert result.status in ("finished", "stopped", "failed"), result
    assert agent.state.episodes[-1].action.name == "finish"


@pytest.mark.parametrize("task", _CSV_TASKS)
def test_the_policy_and_the_check_read_such_a_csv_as_far_as_it_parses(tmp_path, task):
    from autonomo.agent.strategies import grounding

    (tmp_path / "prices.csv").write_text(_UNCLOSED_CSV)
    grounding.situation(tmp_path, task)
    out = "n.json" if "JSON" in task else "n.txt"
    (tmp_path / out).write_text("3")
    state = _state(tmp_path, task, ("read_file", {"path": "prices.csv"}, "success", "name,"),
                   ("write_file", {"path": out, "content": "3"}, "success", ""))
    finish_objection(state, f"wrote {out}")  # an answer, not an exception


def test_a_yaml_file_whose_aliases_expand_to_billions_is_not_expanded(tmp_path, monkeypatch):
    """Six levels of ``&lN [*lN-1, …]`` (342 bytes, 531,441 values): turning the file into
    facts for a small model expanded every alias into JSON text (41 s and 1 GB in the host
    process, at every step of a task naming the file; nine levels: hours). Now it gives no
    facts, without expanding it."""
    import json

    from autonomo.agent.strategies import facts, grounding

    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, 6)]
    (tmp_path / "config.yaml").write_text("\n".join(lines) + "\n")
    real_dumps = json.dumps

    def dumps(data, **kwargs):
        assert "l5" not in data, "the aliases were expanded"
        return real_dumps(data, **kwargs)

    monkeypatch.setattr(facts.json, "dumps", dumps)
    assert facts._yaml_facts("config.yaml", (tmp_path / "config.yaml").read_text()) == []
    grounding.situation(tmp_path, "Write the value of l0 in config.yaml to out.txt")
    assert facts._yaml_facts("c.yaml", "a: [1, 2]\nb: &x {c: 3}\nd: *x\n")  # small: read
