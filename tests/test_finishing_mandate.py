"""Destruction needs a mandate (``finishing_mandate``): a file the workspace held before the
run may be deleted, renamed away or overwritten only when the task itself governs it."""

from __future__ import annotations

from pathlib import Path

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import explain
from autonomo.agent.finishing_mandate import Loss, losses, resolve
from autonomo.agent.finishing_record import Record
from autonomo.agent.finishing_targets import denied
from autonomo.agent.state import AgentState
from autonomo.tools.registry import CommandResult

Step = tuple[str, dict, dict]


def _state(ws: Path, task: str, steps: list[Step]) -> AgentState:
    state = AgentState(tasks=[task], workspace=str(ws))
    for number, (name, args, data) in enumerate(steps, 1):
        state.episodes.append(Episode(number=number, action=Action(name=name, arguments=args),
                                      result=CommandResult.ok("ok", **data)))
    return state


def _rule(tmp: Path, task: str, files: dict[str, str], steps: list[Step]) -> str | None:
    """The rule that refuses a finish after ``steps`` (``files``: the workspace after)."""
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    found = explain(_state(tmp, task, steps), "done")
    return found.rule if found else None


def test_only_files_that_were_there_before_count_as_lost() -> None:
    steps = [("write_file", {"path": "tmp.txt", "content": "x"}, {"replaced": None}),
             ("delete_file", {"path": "tmp.txt"}, {}),
             ("write_file", {"path": "old.md", "content": "new"}, {"replaced": "old text"}),
             ("rename_file", {"source": "a.txt", "destination": "b.txt"}, {}),
             ("execute_shell", {"command": "rm c.log"}, {})]
    state = _state(Path("."), "t", steps)
    assert losses(Record.of(state.episodes)) == [
        Loss("old.md", "overwrote"), Loss("a.txt", "renamed", "b.txt"), Loss("c.log", "deleted")]


def test_a_name_said_apart_from_its_folder_is_the_file_in_it() -> None:
    files = {"music/desktop.ini", "music/song.ogg", "desktop.txt", "a/x.cfg", "b/x.cfg"}
    found = resolve(["desktop.ini", "x.cfg", "song.ogg", "new.txt"], files, ["music"])
    assert found == {"desktop.ini": "music/desktop.ini", "x.cfg": "x.cfg",
                     "song.ogg": "music/song.ogg", "new.txt": "new.txt"}


def test_a_denied_act_is_no_mandate() -> None:
    assert denied("notes.md => notes.md.orig (keep a copy, don't move it)") == {"move": {"*"}}
    assert denied("Back up db.sqlite without deleting anything") == {"delete": {"*"}}
    assert denied("Delete a.txt and rename b.txt to c.txt") == {}
    assert denied("Never remove keep.txt. Delete junk.txt") == {"delete": {"keep.txt"}}
    assert denied("lock.txt is not needed. Delete it.") == {}


def test_a_file_in_the_folder_the_task_names_is_not_the_one_it_names(tmp_path: Path) -> None:
    task = "There is a desktop.ini inside music/ that I never asked for; get rid of it"
    wrong = [("delete_file", {"path": "music/song.ogg"}, {})]
    assert _rule(tmp_path, task, {"music/desktop.ini": "[x]"}, wrong) == "no_mandate"
    (tmp_path / "music/desktop.ini").unlink()
    right = [("delete_file", {"path": "music/desktop.ini"}, {})]
    assert _rule(tmp_path, task, {"music/song.ogg": "ogg"}, right) is None


def test_a_copy_that_is_no_move_keeps_the_original(tmp_path: Path) -> None:
    task = "notes.md => notes.md.orig (keep a copy, don't move it)"
    wrong = [("copy_file", {"source": "notes.md", "destination": "notes.md.orig"}, {}),
             ("rename_file", {"source": "notes.md", "destination": "notes.md.orig"}, {})]
    assert _rule(tmp_path, task, {"notes.md.orig": "n"}, wrong) == "no_mandate"
    (tmp_path / "notes.md").write_text("n")
    assert _rule(tmp_path, task, {}, wrong[:1]) is None


def test_a_file_the_task_does_not_name_may_not_be_overwritten(tmp_path: Path) -> None:
    task = "Put the word lantern in word.txt"
    wrong = [("write_file", {"path": "diary.txt", "content": "lantern"},
              {"replaced": "dear diary"})]
    assert _rule(tmp_path, task, {"diary.txt": "lantern"}, wrong) == "no_mandate"
    right = [("write_file", {"path": "word.txt", "content": "lantern"}, {"replaced": None})]
    assert _rule(tmp_path, task, {"word.txt": "lantern", "diary.txt": "dear diary"},
                 right) is None


def test_a_rename_to_the_other_name_the_task_says_is_asked(tmp_path: Path) -> None:
    task = "budget_v1.ods ought to carry the name budget.ods from now on"
    right = [("rename_file", {"source": "budget_v1.ods", "destination": "budget.ods"}, {})]
    assert _rule(tmp_path, task, {"budget.ods": "b"}, right) is None
    # to a name the task does not say: no mandate
    (tmp_path / "budget.ods").unlink()
    wrong = [("rename_file", {"source": "budget_v1.ods", "destination": "b.ods"}, {})]
    assert _rule(tmp_path, task, {"b.ods": "b"}, wrong) == "no_mandate"


def test_a_removal_scope_gives_the_mandate(tmp_path: Path) -> None:
    task = "Clear out everything in the spool folder"
    steps = [("delete_file", {"path": "spool/a.job"}, {}),
             ("delete_file", {"path": "spool/b.job"}, {})]
    assert _rule(tmp_path, task, {"keep.txt": "k"}, steps) is None
    task = "Delete every .swp file"
    steps = [("delete_file", {"path": "x.swp"}, {}), ("delete_file", {"path": "x.txt"}, {})]
    assert _rule(tmp_path, task, {}, steps) == "no_mandate"
    assert _rule(tmp_path, task, {}, steps[:1]) is None


def test_a_copy_onto_another_file_overwrote_it(tmp_path: Path) -> None:
    task = "Put a duplicate of crest.svg in the icons folder"
    listing = {".": "crest.svg\nicons/home.svg"}
    wrong = [("copy_file", {"source": "crest.svg", "destination": "icons/home.svg",
                            "overwrite": True}, {})]
    files = {"crest.svg": "<svg/>", "icons/home.svg": "<svg/>"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = explain(_state(tmp_path, task, wrong), "done", shown=listing)
    assert found is not None and found.rule == "no_mandate"
    (tmp_path / "icons/home.svg").write_text("<svg>home</svg>")
    (tmp_path / "icons/crest.svg").write_text("<svg/>")
    right = [("copy_file", {"source": "crest.svg", "destination": "icons/crest.svg"}, {})]
    assert explain(_state(tmp_path, task, right), "done", shown=listing) is None
