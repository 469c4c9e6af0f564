"""Do no harm, by construction: on a small model the grammar can produce a command that
overwrites, adds to, moves away or deletes a file that was there only for a file the task
designates for that act (``Situation.changeable``, ``removed_file``), never one it keeps,
copies, reads from or merely has. Names no shape reads (spaces and brackets, hidden lock
files) and files described rather than named are resolved to one file or to none.
Wordings of this file's own, none from a task set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.names import described, holding, task_files
from autonomo.agent.strategies.offered import unneeded
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry, CommandResult

_SMALL = ("write_file", "read_file", "append_to_file", "delete_file", "copy_file",
          "rename_file", "execute_python_file", "list_folder", "replace_text", "finish")
#: (command, its parameter that names a file it changes, moves away or deletes)
_DESTRUCTIVE = (("write_file", "path"), ("append_to_file", "path"), ("replace_text", "path"),
                ("delete_file", "path"), ("rename_file", "source"),
                ("copy_file", "destination"), ("rename_file", "destination"))


def _commands() -> CommandRegistry:
    commands = CommandRegistry()
    for name in _SMALL:
        commands.register(builtin_registry().get(name))
    return commands


def _values(schema: Any, key: str) -> set[str]:
    """Every value the grammar allows for parameter ``key`` anywhere in ``schema``."""
    out: set[str] = set()
    if isinstance(schema, dict):
        prop = schema.get("properties", {}).get(key) if isinstance(
            schema.get("properties"), dict) else None
        if isinstance(prop, dict):
            assert "enum" in prop or "const" in prop, f"{key} is a free string"
            out |= set(prop.get("enum") or [prop.get("const")])
        for value in schema.values():
            out |= _values(value, key)
    elif isinstance(schema, list):
        for item in schema:
            out |= _values(item, key)
    return out


def _harmable(state: AgentState, workspace: Path, strategy=None) -> set[tuple[str, str]]:
    """(command, file that was there) of every destructive act the grammar can produce."""
    strategy = strategy or create_strategy("one_shot", _commands(), compact=True)
    words = Settings().agent.small_model_command_words
    request = strategy.request(unneeded(state.task, words, str(workspace)), state)
    out = set()
    for option in request.schema["properties"]["command"]["anyOf"]:
        name = option["properties"]["name"]["const"]
        for command, key in _DESTRUCTIVE:
            if command == name:
                out |= {(name, v) for v in _values(option["properties"]["args"], key)
                        if (workspace / v).is_file()}
    return out


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _state(task: str, root: Path) -> AgentState:
    return AgentState(tasks=[task], workspace=str(root))


def _touched(acts: set[tuple[str, str]]) -> set[str]:
    return {path for _, path in acts}


def test_a_file_the_task_keeps_is_never_deleted_nor_written(tmp_path):
    _tree(tmp_path, {"scratch.txt": "tmp\n", "todo.txt": "buy stamps\n"})
    acts = _harmable(_state("erase scratch.txt; todo.txt stays as it is, keep todo.txt",
                            tmp_path), tmp_path)
    assert ("delete_file", "scratch.txt") in acts
    assert "todo.txt" not in _touched(acts)


def test_an_accidental_duplicate_with_spaces_and_brackets_is_the_one_deleted(tmp_path):
    _tree(tmp_path, {"report.pdf": "%PDF a", "report (2).pdf": "%PDF a"})
    task = "'report (2).pdf' came down twice from the mail, get rid of it"
    assert task_files(task, tmp_path, ["report.pdf", "report (2).pdf"]) == ("report (2).pdf",)
    acts = _harmable(_state(task, tmp_path), tmp_path)
    # (before: the original as well, as the one file of the kind .pdf the task says)
    assert _touched(acts) == {"report (2).pdf"}


def test_once_the_duplicate_is_gone_its_original_is_still_not_offered(tmp_path):
    _tree(tmp_path, {"plan.md": "# plan\n", "plan (old).md": "# plan\n"})
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = _state("'plan (old).md' is a stray duplicate; remove it", tmp_path)
    assert _touched(_harmable(state, tmp_path, strategy)) == {"plan (old).md"}
    (tmp_path / "plan (old).md").unlink()
    state.episodes.append(Episode(number=1, action=Action(
        name="delete_file", arguments={"path": "plan (old).md"}),
        result=CommandResult(status="success", output="done")))
    # (before: read again, ".md)" was "every .md file": the original was deleted next)
    assert _touched(_harmable(state, tmp_path, strategy)) == set()


def test_the_source_of_a_copy_is_never_written_nor_a_file_beside_the_copy(tmp_path):
    _tree(tmp_path, {"cfg/app.toml": "port = 1\n", "cfg/old/other.toml": "x = 2\n"})
    state = _state("Keep a spare of cfg/app.toml in cfg/old/ under the same name.", tmp_path)
    strategy = create_strategy("one_shot", _commands(), compact=True)
    assert not _touched(_harmable(state, tmp_path, strategy)) & {
        "cfg/app.toml", "cfg/old/other.toml"}
    # once the copy is there, neither its source nor the file beside it is written
    _tree(tmp_path, {"cfg/old/app.toml": "port = 1\n"})
    state.episodes.append(Episode(number=1, action=Action(
        name="append_to_file", arguments={"path": "cfg/old/app.toml", "content": "port = 1\n"}),
        result=CommandResult(status="success", output="done")))
    assert not _touched(_harmable(state, tmp_path, strategy)) & {
        "cfg/app.toml", "cfg/old/other.toml"}


def test_a_file_merely_there_is_never_added_to(tmp_path):
    _tree(tmp_path, {"svc/.python-version": "3.12\n", "web/serve.py": "print('up')\n"})
    task = "web/ should pin the same .python-version as svc/ does - copy it across"
    acts = _harmable(_state(task, tmp_path), tmp_path)
    # (before: the one program of web/ was offered to add lines to)
    assert "web/serve.py" not in _touched(acts)
    assert task_files(task, tmp_path, ["web/serve.py"]) == ("svc/.python-version",)


def test_a_file_only_read_from_is_not_written_when_another_is_the_target(tmp_path):
    """The file the names are taken from is the source (``twostep.taken_from``), not the
    one-line target whose whole text is offered as a text."""
    _tree(tmp_path, {"guests.txt": "Ana\nBo\n", "seating.txt": "table 1: Cy\n"})
    acts = _harmable(_state("Put the names from guests.txt under the last line of "
                            "seating.txt", tmp_path), tmp_path)
    assert "guests.txt" not in _touched(acts)


@pytest.mark.parametrize("task, expected", [
    ("Trash the invoice from Bolt in bills/, it was refunded", {"bills/invoice_bolt_2025.pdf"}),
    # two files fit alike: nothing destructive at all
    ("Trash the older of the two scans in bills/", set()),
])
def test_a_described_file_is_resolved_only_when_one_fits(tmp_path, task, expected):
    _tree(tmp_path, {"bills/invoice_bolt_2025.pdf": "a", "bills/invoice_acme.pdf": "b",
                     "bills/receipt_bolt.pdf": "c", "bills/scan_1.png": "d",
                     "bills/scan_2.png": "e"})
    acts = _harmable(_state(task, tmp_path), tmp_path)
    assert _touched(acts) == expected


def test_described_reads_the_words_of_names_not_a_list_of_words():
    files = ["cv/letter_to_marlow.md", "cv/letter_to_quince.md", "cv/resume.pdf"]
    assert described("drop the letter to Quince", files) == ("cv/letter_to_quince.md",)
    assert described("drop the letter", files) == ()  # (two letters)
    assert described("drop the thing", files) is None  # (no word of any name)


def test_a_hidden_lock_file_named_beside_the_document_is_the_one_removed(tmp_path):
    _tree(tmp_path, {"work/.#plan.org": "lock", "work/plan.org": "* plan\n"})
    task = "Emacs left .#plan.org behind in work/. Delete that lock file, not plan.org itself."
    acts = _harmable(_state(task, tmp_path), tmp_path)
    assert _touched(acts) == {"work/.#plan.org"}


def test_of_two_named_files_the_one_the_removal_describes_is_removed(tmp_path):
    _tree(tmp_path, {"data/.~lock.sheet.ods#": "lock", "data/sheet.ods": "cells"})
    task = ("a stale lock .~lock.sheet.ods# sits by sheet.ods in data/. Erase the lock, "
            "not the sheet")
    assert _touched(_harmable(_state(task, tmp_path), tmp_path)) == {"data/.~lock.sheet.ods#"}


def test_an_editor_backup_is_not_its_file(tmp_path):
    _tree(tmp_path, {"essay.md": "# essay\n", "essay.md~": "# old\n"})
    acts = _harmable(_state("clear away essay.md~ but essay.md itself stays", tmp_path),
                     tmp_path)
    assert _touched(acts) == {"essay.md~"}


@pytest.mark.parametrize("task", [
    "delete pics.zip, the folder shots.zip must stay",
    "remove pics.zip and shots.zip is to be left as it is",
    "get rid of pics.zip (shots.zip remains)",
])
def test_a_name_that_starts_a_new_clause_is_not_the_removal_object(tmp_path, task):
    _tree(tmp_path, {"pics.zip": "a", "shots.zip": "b"})
    assert _touched(_harmable(_state(task, tmp_path), tmp_path)) == {"pics.zip"}


def test_every_name_of_a_removal_list_is_its_object(tmp_path):
    _tree(tmp_path, {"a.log": "1", "b.log": "2", "c.log": "3", "d.log": "4"})
    task = "delete a.log, b.log and c.log from here; d.log is fine"
    assert _touched(_harmable(_state(task, tmp_path), tmp_path)) == {"a.log", "b.log", "c.log"}



def test_the_task_files_are_looked_up_once_a_step(tmp_path, monkeypatch):
    """The word gates (``offered.unneeded``) read the files the step's situation found."""
    from agent_helpers import constrained_agent, reply
    from autonomo.agent.runner import Runner
    from autonomo.agent.strategies import grounding, names, offered

    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0])
        return names.task_files(*args, **kwargs)

    monkeypatch.setattr(grounding, "task_files", counted)
    monkeypatch.setattr(offered, "task_files", counted)
    agent, _ = constrained_agent(tmp_path, [
        reply("write_note", path="spot.txt", text="B-14"),
        reply("finish", reason="spot.txt holds B-14"),
    ], task="spot.txt - write B-14 in it, nothing else")
    Runner(agent).run(max_steps=2)
    steps = [e for e in agent.state.episodes if e.source == "agent"]
    # (once for the first look, then once a step; before: twice each)
    assert len(steps) == 2 and len(calls) == 1 + len(steps)


def test_a_file_described_by_what_it_says_is_the_one_removed(tmp_path):
    _tree(tmp_path, {"inbox/a.txt": "Quarterly figures attached\n",
                     "inbox/b.txt": "Spam: you have WON A CRUISE\n",
                     "inbox/c.txt": "Lunch on Friday?\n"})
    task = "In inbox/ one message claims I won a cruise - trash that one, keep the rest"
    assert _touched(_harmable(_state(task, tmp_path), tmp_path)) == {"inbox/b.txt"}


def test_once_the_described_file_is_gone_no_other_takes_its_place(tmp_path):
    _tree(tmp_path, {"inbox/a.txt": "Quarterly figures attached\n",
                     "inbox/b.txt": "Spam: you have WON A CRUISE\n",
                     "inbox/c.txt": "Lunch on Friday?\n"})
    strategy = create_strategy("one_shot", _commands(), compact=True)
    state = _state("In inbox/ one message claims I won a cruise - trash that one", tmp_path)
    assert _touched(_harmable(state, tmp_path, strategy)) == {"inbox/b.txt"}
    (tmp_path / "inbox" / "b.txt").unlink()
    state.episodes.append(Episode(number=1, action=Action(
        name="delete_file", arguments={"path": "inbox/b.txt"}),
        result=CommandResult(status="success", output="done")))
    # (before: the text that fitted was gone, so every file of inbox/ was offered; a 135M
    # model deleted them all)
    assert _touched(_harmable(state, tmp_path, strategy)) == set()


def test_holding_wants_one_file_alone_with_the_words():
    texts = {"x/a.txt": "please keep me", "x/b.txt": "please keep me too"}
    assert holding("the file saying please keep me", texts) == ()  # (both say it)
    assert holding("the one that says keep me too", texts) == ("x/b.txt",)


def _copy_variants(state: AgentState) -> list[dict]:
    strategy = create_strategy("one_shot", _commands(), compact=True)
    words = Settings().agent.small_model_command_words
    request = strategy.request(unneeded(state.task, words, state.workspace), state)
    for option in request.schema["properties"]["command"]["anyOf"]:
        if option["properties"]["name"]["const"] == "copy_file":
            args = option["properties"]["args"]
            return args.get("anyOf", [args])
    return []


def test_a_damaged_file_may_be_overwritten_by_its_kept_twin_and_only_then(tmp_path):
    _tree(tmp_path, {"prefs.json": '{"theme": "dark",', "spare/prefs.json":
                     '{"theme": "dark", "font": 12}\n', "other.json": "{}\n"})
    state = _state("prefs.json got mangled - bring it back from spare/", tmp_path)
    # (no copy verb: the damaged file and its whole twin open the copy, one variant)
    assert _copy_variants(state) == [{
        "type": "object", "additionalProperties": False,
        "properties": {"source": {"enum": ["spare/prefs.json"]},
                       "destination": {"enum": ["prefs.json"]}, "overwrite": {"const": True}},
        "required": ["source", "destination", "overwrite"]}]
    assert _touched(_harmable(state, tmp_path)) <= {"prefs.json"}
    # a twin that is not damaged (it parses, it is no cut copy): nothing overwrites it
    (tmp_path / "prefs.json").write_text('{"theme": "light"}\n')
    assert _copy_variants(_state("prefs.json got mangled - bring it back from spare/",
                                 tmp_path)) == []
    # nor a damaged file the task keeps
    (tmp_path / "prefs.json").write_text("")
    state = _state("keep prefs.json; copy spare/prefs.json to spare/b.json", tmp_path)
    assert not any("overwrite" in v["properties"] for v in _copy_variants(state))
    assert not _harmable(state, tmp_path)


def test_a_file_wanted_in_another_folder_too_is_offered_as_a_copy_not_a_move(tmp_path):
    _tree(tmp_path, {"conf/app.ini": "[a]\nx=1\n", "conf/archive/old.ini": "[a]\n"})
    state = _state("I want conf/app.ini in conf/archive/ as well, same name", tmp_path)
    variants = _copy_variants(state)
    assert [v["properties"]["destination"]["enum"] for v in variants] == [
        ["conf/archive/app.ini"]]
    assert not _harmable(state, tmp_path)  # (no move away, no write over either file)


@pytest.mark.parametrize("task, files", [
    # (classes i8z reported on this branch, in wordings of this file's own)
    ("Bin the sketch, not the clean sketch", {"sketch.svg": "s", "clean_sketch.svg": "c"}),
    ("Erase ../ledger.csv", {"ledger.csv": "l"}),
    ("Erase .#ledger.ods, the one in old/", {"ledger.ods": "l", "a/.#ledger.ods": "x",
                                              "b/.#ledger.ods": "y"}),
    ("Erase 'ledger.csv (2)'", {"ledger.csv": "l"}),
    ("Erase ledger.csv from old/", {"old/ledger.csv": "o", "ledger.csv": "keep"}),
])
def test_a_name_or_description_that_fits_no_one_file_offers_nothing(tmp_path, task, files):
    _tree(tmp_path, files)
    assert _touched(_harmable(_state(task, tmp_path), tmp_path)) == set()


@pytest.mark.parametrize("task, files", [
    # (classes rv1 reported on main e969026, in wordings of this file's own)
    ("Strike the last stanza of poem.txt", {"poem.txt": "a\nb\n"}),
    ("Take the header row out of poem.txt", {"poem.txt": "a\nb\n"}),
])
def test_a_file_a_part_is_removed_from_is_not_deleted(tmp_path, task, files):
    _tree(tmp_path, files)
    assert ("delete_file", "poem.txt") not in _harmable(_state(task, tmp_path), tmp_path)


def test_a_nul_in_the_task_is_no_name_mark(tmp_path):
    _tree(tmp_path, {"a.txt": "a", "b.txt": "b"})
    acts = _harmable(_state("Keep a.txt. Remove \x000 and \x0099 b.txt", tmp_path), tmp_path)
    assert "a.txt" not in _touched(acts)


@pytest.mark.parametrize("task, kept", [
    # (classes rv1 reported on main e969026, in wordings of this file's own)
    ("Following the steps in guide.md, add 'done' to tasks.md", "guide.md"),
    ("How many rows does sales.csv hold? Put the figure into rows.txt", "sales.csv"),
])
def test_a_named_file_the_text_does_not_go_to_is_not_changed(tmp_path, task, kept):
    _tree(tmp_path, {"guide.md": "step x\n", "tasks.md": "x\n", "sales.csv": "a\nb\n",
                     "rows.txt": "0\n", "app.py": "x = 1\n", "app_test.py": "x\n"})
    assert kept not in _touched(_harmable(_state(task, tmp_path), tmp_path))


@pytest.mark.parametrize("task, files, meant", [
    ("delete the .DS_Store files in design/ and design/badges/",
     {"design/.DS_Store": "x", "design/badges/.DS_Store": "x", "design/badges/pin.svg": "<svg/>",
      "design/leaflet.svg": "<svg/>"}, {"design/.DS_Store", "design/badges/.DS_Store"}),
    ("get rid of Thumbs.db in photos/ and photos/2025/",
     {"photos/Thumbs.db": "x", "photos/2025/Thumbs.db": "x", "photos/2025/a.jpg": "j"},
     {"photos/Thumbs.db", "photos/2025/Thumbs.db"}),
])
def test_a_name_spelled_for_the_files_of_named_folders_is_all_that_goes(tmp_path, task, files,
                                                                       meant):
    """The blind holdout8 run deleted pin.svg for "the .DS_Store files in design/badges/":
    every file of a named folder was designated when the name matched no single file."""
    _tree(tmp_path, files)
    touched = _touched(_harmable(_state(task, tmp_path), tmp_path))
    assert touched <= meant


@pytest.mark.parametrize("task, files, kept", [
    # (classes a reviewer confirmed on main 863f2d1, and wordings of this file's own): the
    # words of a clause that keeps a file described the kept file, the only one offered
    ("Delete the old invoice; the new invoice stays",
     {"invoice.pdf": "d", "invoice_new.pdf": "f"}, "invoice_new.pdf"),
    ("Delete the draft - keep the final draft", {"draft.md": "d", "final_draft.md": "f"},
     "final_draft.md"),
    ("Bin the sketch but keep the clean sketch", {"sketch.svg": "s", "clean_sketch.svg": "c"},
     "clean_sketch.svg"),
    ("Throw away the report, the signed report remains",
     {"report.txt": "d", "signed_report.txt": "f"}, "signed_report.txt"),
    ("Erase the logo and keep the logo backup", {"logo.png": "d", "logo_backup.png": "f"},
     "logo_backup.png"),
    ("Toss the receipt - do not delete the scanned receipt",
     {"receipt.pdf": "d", "scanned_receipt.pdf": "f"}, "scanned_receipt.pdf"),
    ("Add a line to the notes but leave the old notes untouched",
     {"notes.md": "n\n", "old_notes.md": "o\n"}, "old_notes.md"),
])
def test_a_file_a_clause_keeps_is_not_the_one_described(tmp_path, task, files, kept):
    _tree(tmp_path, files)
    assert kept not in _touched(_harmable(_state(task, tmp_path), tmp_path))


def test_a_clause_that_keeps_another_file_leaves_the_description_to_the_removal(tmp_path):
    # (the kept CV's word no longer stands beside the cover letter's words)
    _tree(tmp_path, {"cover_letter_acme.md": "a", "cover_letter_bolt.md": "b", "cv.pdf": "c"})
    acts = _harmable(_state("Delete the cover letter for Acme but keep the CV", tmp_path),
                     tmp_path)
    assert _touched(acts) == {"cover_letter_acme.md"}


@pytest.mark.parametrize("task, files, kept", [
    # (a class a reviewer confirmed on main 863f2d1, and wordings of this file's own): a
    # folder the task names to keep is no place of its removal
    ("Delete the files in trash/ but leave keep/ alone", {"trash/a.txt": "a", "keep/b.txt": "b"},
     "keep/b.txt"),
    ("Remove the two files inside old/, except the ones in pinned/",
     {"old/a.txt": "a", "old/c.txt": "c", "pinned/b.txt": "b"}, "pinned/b.txt"),
    ("Get rid of everything in tmp/ but do not delete anything in saved/",
     {"tmp/a.txt": "a", "saved/b.txt": "b"}, "saved/b.txt"),
    # (a kind of file the task names, not in the folder it keeps)
    ("Delete the .tmp files but leave keep/ alone", {"a.tmp": "a", "keep/b.tmp": "b"},
     "keep/b.tmp"),
    ("Delete the .tmp files in work/ but leave keep/ alone",
     {"work/a.tmp": "a", "keep/b.tmp": "b"}, "keep/b.tmp"),
])
def test_a_folder_the_task_keeps_is_no_place_of_removal(tmp_path, task, files, kept):
    _tree(tmp_path, files)
    touched = _touched(_harmable(_state(task, tmp_path), tmp_path))
    assert kept not in touched
    # (the files of the folder it removes from are still offered)
    assert touched == set(files) - {kept}
