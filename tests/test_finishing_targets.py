"""Which named files a task's removal acts on (``finishing_targets``), files removed by a
shell line or Python code (``finishing_record.code_removals``), and the finish check built
on both: a named file the task does not remove must survive, one it removes must go."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import explain, finish_objection
from autonomo.agent.finishing_record import code_moves, code_removals
from autonomo.agent.finishing_targets import removal_objects, roles
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.tools.registry import CommandResult


@pytest.mark.parametrize(("task", "objects"), [
    ("contacts_dup.vcf is just a duplicate of contacts.vcf. remove the duplicate",
     {"contacts_dup.vcf"}),
    ("x.bak is a backup of x.txt; delete the backup too", {"x.bak"}),
    ("old.txt is obsolete, get rid of it", {"old.txt"}),
    ("poster.svg goes in the print folder - move it there", {"poster.svg"}),
    ("Delete a.txt and b.txt", {"a.txt", "b.txt"}),
    ("Get rid of junk.txt", {"junk.txt"}),
    ("Delete a.txt but keep b.txt", {"a.txt"}),
    ("Do not delete keep.txt. Delete junk.txt", {"junk.txt"}),
    ("Delete the older of a.txt and b.txt", {"a.txt", "b.txt"}),
    ("Change the name of todo_old.txt to todo.txt", {"todo_old.txt"}),
    ("Give notes.txt the new name notes.md", {"notes.txt"}),
    ("Rename script.py to run.py", {"script.py"}),
    ("put s.txt in old/", {"s.txt"}),
    # complements, pointers and descriptions of other things are no objects
    ("Remove the line x from a.txt", set()),
    ("target.txt names a file. Delete that file", set()),
    ("notes.txt is messy: remove the blank lines", set()),
    ("Make a backup of diary.txt named diary.bak", set()),
    ("Remove the files ending in .bak; keep notes.txt", set()),
    ("Put a copy of logo.txt into the assets folder", set()),
])
def test_removal_objects(task: str, objects: set[str]) -> None:
    assert removal_objects(task, mentioned_files(task)) == objects


@pytest.mark.parametrize(("command", "text", "found"), [
    ("execute_shell", "rm junk.txt keep.txt", [("junk.txt", "delete_file"),
                                              ("keep.txt", "delete_file")]),
    ("execute_shell", "ls && rm -f ./a.txt; echo done", [("a.txt", "delete_file")]),
    ("execute_shell", "mv a.txt b.txt c/", [("a.txt", "rename_file"), ("b.txt", "rename_file")]),
    ("execute_shell", "rm *.bak", []),  # a pattern: Record.globbed
    ("execute_shell", "echo rm a.txt", []),
    ("execute_python_code", "import os\nos.remove('a.txt')", [("a.txt", "delete_file")]),
    ("execute_python_code", "from pathlib import Path\nPath(\"b.txt\").unlink()",
     [("b.txt", "delete_file")]),
    ("execute_python_code", "import shutil\nshutil.move('a.txt', 'd/')",
     [("a.txt", "rename_file")]),
    ("execute_python_code", "print(open('a.txt').read())", []),
])
def test_code_removals(command: str, text: str, found: list[tuple[str, str]]) -> None:
    assert code_removals(command, text) == found


def _state(ws: Path, task: str, steps: list[tuple[str, dict, dict]]) -> AgentState:
    state = AgentState(tasks=[task], workspace=str(ws))
    for number, (name, args, data) in enumerate(steps, 1):
        state.episodes.append(Episode(number=number, action=Action(name=name, arguments=args),
                                      result=CommandResult.ok("ok", **data)))
    return state


def _judge(tmp: Path, task: str, files: dict[str, str],
           steps: list[tuple[str, dict, dict]]) -> str | None:
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    return finish_objection(_state(tmp, task, steps), "done")


DUP = "contacts_dup.vcf is just a duplicate of contacts.vcf. remove the duplicate"


def test_the_original_of_a_duplicate_must_survive(tmp_path: Path) -> None:
    both = [("delete_file", {"path": "contacts.vcf"}, {"size": 9}),
            ("delete_file", {"path": "contacts_dup.vcf"}, {"size": 9})]
    objection = _judge(tmp_path, DUP, {}, both)
    assert objection is not None and "contacts.vcf" in objection
    assert _judge(tmp_path, DUP, {"contacts.vcf": "BEGIN"}, both[1:]) is None


def test_the_duplicate_must_go(tmp_path: Path) -> None:
    files = {"contacts.vcf": "BEGIN", "contacts_dup.vcf": "BEGIN"}
    objection = _judge(tmp_path, DUP, files,
                       [("write_file", {"path": "notes.txt", "content": "BEGIN"}, {})])
    assert objection is not None and "contacts_dup.vcf is still there" in objection


def test_a_shell_deletion_of_a_file_the_task_keeps_is_refused(tmp_path: Path) -> None:
    task = "Get rid of junk.txt, keep notes.txt"
    steps = [("execute_shell", {"command": "rm junk.txt notes.txt"}, {})]
    objection = _judge(tmp_path, task, {}, steps)
    assert objection is not None and "notes.txt" in objection
    right = [("execute_shell", {"command": "rm junk.txt"}, {})]
    assert _judge(tmp_path, task, {"notes.txt": "n"}, right) is None


def test_a_file_written_then_removed_by_code_is_not_written(tmp_path: Path) -> None:
    task = "Write hello to greet.txt"
    steps = [("write_file", {"path": "greet.txt", "content": "hello"}, {}),
             ("execute_python_code", {"code": "import os\nos.remove('greet.txt')"}, {})]
    objection = _judge(tmp_path, task, {}, steps)
    assert objection is not None and "greet.txt" in objection


def test_a_rename_worded_without_rename(tmp_path: Path) -> None:
    task = "Change the name of todo_old.txt to todo.txt"
    copied = [("copy_file", {"source": "todo_old.txt", "destination": "todo.txt"}, {})]
    objection = _judge(tmp_path, task, {"todo_old.txt": "a", "todo.txt": "a"}, copied)
    assert objection is not None and "todo_old.txt is still there" in objection


def test_changing_a_plain_value_needs_only_the_new_one(tmp_path: Path) -> None:
    task = "In bio.txt, change Leipzig to Valencia."
    steps = [("replace_text", {"path": "bio.txt", "old": "Leipzig", "new": "Valencia"},
              {"replaced": "I live in Leipzig.\n"})]
    assert _judge(tmp_path, task, {"bio.txt": "I live in Valencia.\n"}, steps) is None
    # a key the file holds as a key stays required: "change debug to true"
    task = "In app.ini change debug to true"
    steps = [("replace_text", {"path": "app.ini", "old": "debug", "new": "true"},
              {"replaced": "debug = false\n"})]
    assert _judge(tmp_path, task, {"app.ini": "true = false\n"}, steps) is not None


@pytest.mark.parametrize(("task", "objects", "protected"), [
    ("old_theme.css is outdated since theme.css exists; remove it.", {"old_theme.css"},
     {"theme.css"}),
    ("Now that v2.cfg exists, v1.cfg can go", {"v1.cfg"}, {"v2.cfg"}),
    ("report_copy.txt is only a copy of report.txt, so remove the copy", {"report_copy.txt"},
     {"report.txt"}),
    ("b.txt repeats a.txt word for word; get rid of the repeat", {"b.txt"}, {"a.txt"}),
    ("Since main.py replaced run.py, delete the old script", set(), {"main.py"}),
    ("Throw away both error.log and access.log", {"error.log", "access.log"}, set()),
    ("Put invoice_7.txt into the invoices folder", {"invoice_7.txt"}, set()),
    ("Put notes.txt's last line into summary.txt", set(), set()),
    ("Put a.txt and b.txt together into c.txt", set(), set()),
    ("Everything in drafts/ can go except final.txt", set(), {"final.txt"}),
    ("Remove the line x from a.txt", set(), {"a.txt"}),
])
def test_roles(task: str, objects: set[str], protected: set[str]) -> None:
    found = roles(task, mentioned_files(task))
    assert (found.objects, found.protected) == (objects, protected)


def test_a_file_named_below_a_folder_is_found(tmp_path: Path) -> None:
    task = "Everything in drafts/ can go except final.txt"
    steps = [("delete_file", {"path": "drafts/a.txt"}, {"size": 1})]
    assert _judge(tmp_path, task, {"drafts/final.txt": "f"}, steps) is None


@pytest.mark.parametrize(("command", "text", "moves"), [
    ("execute_shell", "mv draft.txt essay.txt", {"draft.txt": "essay.txt"}),
    ("execute_shell", "mv -f a.txt old/", {"a.txt": "old/a.txt"}),
    ("execute_shell", "mv a.txt b.txt c/", {}),
    ("execute_python_code", "import os\nos.rename('a.txt', 'b.txt')", {"a.txt": "b.txt"}),
])
def test_code_moves(command: str, text: str, moves: dict[str, str]) -> None:
    assert code_moves(command, text) == moves


def test_a_rename_by_shell_to_the_name_the_task_gives(tmp_path: Path) -> None:
    task = "draft_FINAL2.txt is a silly name; I'd like it to be called essay.txt"
    steps = [("execute_shell", {"command": "mv draft_FINAL2.txt essay.txt"}, {})]
    assert _judge(tmp_path, task, {"essay.txt": "text"}, steps) is None


def test_what_is_missing_comes_as_values(tmp_path: Path) -> None:
    both = [("delete_file", {"path": "contacts.vcf"}, {"size": 9}),
            ("delete_file", {"path": "contacts_dup.vcf"}, {"size": 9})]
    found = explain(_state(tmp_path, DUP, both), "done")
    assert found is not None and found.rule == "no_mandate"
    assert found.files == ("contacts.vcf",) and found.text.startswith("Refused: you deleted")
    task = "Write the code B-14 to locker.txt"
    (tmp_path / "locker.txt").write_text("B-41")
    found = explain(_state(tmp_path, task, [("write_file", {"path": "locker.txt",
                                                            "content": "B-41"}, {})]), "done")
    assert found is not None and found.rule == "described_unlanded"
    assert found.values == ("B-14",) and found.files == ("locker.txt",)


def test_an_editors_leftover_is_not_the_file_it_was_left_by(tmp_path: Path) -> None:
    """``draft.md~`` is its own file: deleting ``draft.md`` for it loses the user's text."""
    task = "Tidy up: draft.md~ is a stale editor copy, remove it and leave draft.md alone"
    assert mentioned_files(task) == ("draft.md~", "draft.md")
    wrong = [("delete_file", {"path": "draft.md"}, {"size": 5})]
    objection = _judge(tmp_path, task, {"draft.md~": "stale"}, wrong)
    assert objection is not None and "draft.md" in objection
    right = [("delete_file", {"path": "draft.md~"}, {"size": 5})]
    (tmp_path / "draft.md~").unlink()
    assert _judge(tmp_path, task, {"draft.md": "text"}, right) is None
