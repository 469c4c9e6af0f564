"""A task's names are read against the workspace's real entries, not by their shape
(``strategies.names``), and the places of a copy or a move follow the task's structure.
Wordings of this file's own, none from a task set."""

from __future__ import annotations

import os

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import may_print, situation
from autonomo.agent.strategies.names import (
    mentioned_files,
    named_folders,
    new_names,
    task_files,
    twins,
    version_of,
)
from autonomo.agent.strategies.offered import unneeded
from autonomo.config import Settings
from test_step_policy import _commands, _offer


def _workspace(tmp_path, *files: str) -> str:
    for name in files:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"text of {name}\n")
    return str(tmp_path)


def test_a_dotfile_the_task_names_is_its_file_and_one_it_does_not_stays_hidden(tmp_path):
    ws = _workspace(tmp_path, ".npmrc", ".private_key", "readme.md")
    where = situation(ws, ".npmrc needs save-exact=true as its last line")
    assert where.named == (".npmrc",)
    assert ".npmrc" in where.files and ".private_key" not in where.files
    state = AgentState(tasks=[".npmrc needs save-exact=true as its last line"], workspace=ws)
    strategy = create_strategy("one_shot", _commands(), compact=True)
    words = Settings().agent.small_model_command_words
    schema = strategy.request(unneeded(state.task, words, ws), state).schema
    paths = {path for option in schema["properties"]["command"]["anyOf"]
             if option["properties"]["name"]["const"] in ("write_file", "append_to_file")
             for args in option["properties"]["args"].get("anyOf", [
                 option["properties"]["args"]]) for path in args["properties"]["path"]["enum"]}
    assert paths == {".npmrc"}  # not a made-up file.txt


def test_a_file_without_an_ending_is_a_file_and_gets_the_ending_the_task_gives(tmp_path):
    ws = _workspace(tmp_path, "backup", "notes.txt")
    task = "The shell script called backup lacks an extension; give it .sh"
    assert task_files(task, ws) == ("backup",)
    assert new_names(task, ("backup",), ("backup", "notes.txt")) == ("backup.sh",)
    offer = _offer(AgentState(tasks=[task], workspace=ws))
    assert offer["rename_file"] == {"source": ["backup"], "destination": ["backup.sh"]}
    assert "append_to_file" not in offer  # (it appended words of the task to the script)


def test_a_python_script_without_an_ending_names_no_files_by_its_code(tmp_path):
    (tmp_path / "tidy").write_text("import os\n\nfor name in os.listdir('.'):\n"
                                   "    if name.endswith('.swp'):\n        os.remove(name)\n")
    where = situation(str(tmp_path), "Rename tidy so that it ends in .py (the extension)")
    assert where.values("new_file") == ["tidy.py"]  # not "os.remove" nor "os.listdir"


def test_a_name_in_the_task_that_is_no_entry_is_not_taken_for_one(tmp_path):
    ws = _workspace(tmp_path, "ledger.csv")
    os.symlink("/etc/hostname", tmp_path / "hostname")
    task = "copy hostname and ../ledger.csv and /etc/passwd into ledger.csv please"
    assert task_files(task, ws) == ("ledger.csv",)  # a link out, a climb, a host path: none


def test_the_part_of_an_address_before_its_at_sign_is_no_file():
    assert mentioned_files("set the owner in team.ini to li.wei@example.org") == ("team.ini",)
    assert mentioned_files("mail j.doe@corp.example the report.pdf") == ("report.pdf",)


def test_a_dotted_twin_of_a_named_dotfile_is_a_new_name_and_an_ending_alone_is_not(tmp_path):
    assert twins("make .npmrc from .npmrc.sample", (".npmrc.sample",)) == (".npmrc",)
    assert twins("turn notes into .md (keep notes)", ("notes",)) == ()
    ws = _workspace(tmp_path, ".flake8.template")
    where = situation(ws, "start a .flake8 out of .flake8.template")
    assert where.values("new_file") == [".flake8"]


def test_a_folder_said_only_as_part_of_a_path_is_not_a_place(tmp_path):
    ws = _workspace(tmp_path, "q1.txt", "archive/2025/q4.txt", "docs/plan.md")
    folders = ("archive", "archive/2025", "docs")
    assert named_folders("put q1.txt into archive/2025/", folders) == ("archive/2025",)
    assert named_folders("docs/plan.md needs a copy named plan_b.md", folders) == ()
    where = situation(ws, "put q1.txt into archive/2025/")
    assert where.values("new_file") == ["archive/2025/q1.txt"]


def test_a_bare_new_name_lands_beside_its_file_unless_the_task_takes_it_out(tmp_path):
    ws = _workspace(tmp_path, "notes/plan.md", "notes/old.md")
    beside = situation(ws, "duplicate notes/plan.md as plan_v2.md")
    assert beside.values("new_file") == ["notes/plan_v2.md"]
    out = situation(ws, "take notes/plan.md out of notes, at the top, as plan_v2.md")
    assert out.values("new_file") == ["plan_v2.md"]


def test_a_folder_that_is_not_there_is_no_place_to_write_in(tmp_path):
    ws = _workspace(tmp_path, ".dockerignore")
    where = situation(ws, ".dockerignore: put dist/ on a new line at its end")
    assert where.values("file") == [".dockerignore"]
    assert where.values("new_file") == ["dist/.dockerignore"]  # (a copy's place: it may be)


def test_a_program_acts_unless_its_module_level_only_defines_imports_or_assigns():
    assert may_print("import csv\nwith open('o.csv', 'w') as f:\n    csv.writer(f).writerow([1])\n")
    assert may_print("import logging\nlogging.warning('low disk')\n")
    assert may_print("import sys\nsys.exit('bad input')\n")
    assert may_print("def main():\n    pass\n\nif __name__ == '__main__':\n    main()\n")
    assert may_print("TOTAL = compute()\n")  # (a call at import)
    assert not may_print('"""Helpers."""\nimport math\n\nRATE = 1.5\n\n'
                         "def area(r):\n    print(r)\n    return math.pi * r * r\n")
    assert not may_print("__version__ = '3.1.4'\n")


def test_a_version_of_a_named_file_with_no_verb_offers_copy_and_move_not_a_write(tmp_path):
    ws = _workspace(tmp_path, "palette.json", "readme.md")
    task = "palette_dark.json beside palette.json, identical for now"
    offer = _offer(AgentState(tasks=[task], workspace=ws))
    assert offer["copy_file"] == {"source": ["palette.json"],
                                  "destination": ["palette_dark.json"]}
    assert "rename_file" in offer and "write_file" not in offer
    assert version_of(".npmrc.sample", ".npmrc") and version_of("a.json", "a_2.json")
    # another ending is a conversion, another stem another file: words decide as before
    assert not version_of("parts.csv", "parts.json") and not version_of("a.txt", "b.txt")
    converted = _offer(AgentState(tasks=["palette.json as palette.yaml, please"],
                                  workspace=ws))
    assert "copy_file" not in converted and "rename_file" not in converted


def test_a_text_the_task_quotes_whole_is_one_argument_of_the_program_it_names(tmp_path):
    (tmp_path / "title_case.py").write_text("import sys\nprint(sys.argv[1].title())\n")
    where = situation(str(tmp_path), "python3 title_case.py 'a night in lisbon' > title.txt")
    assert "a night in lisbon" in where.arguments
    unquoted = situation(str(tmp_path), "run title_case.py on a night in lisbon")
    assert not any(" " in a for a in unquoted.arguments)


def test_whole_file_commands_follow_the_task_structure_not_one_verb_list(tmp_path):
    ws = _workspace(tmp_path, "memo.odt", "drafts/a.txt", "junk.tmp", "keep.txt", "run")

    def offered(task: str) -> set[str]:
        return set(_offer(AgentState(tasks=[task], workspace=ws)))

    # a new name in any form of "call", "name": a move; a longer name may be a copy too
    assert "rename_file" in offered("memo.odt ought to be called minutes.odt")
    assert {"copy_file", "rename_file"} <= offered("a spare of memo.odt named memo_spare.odt")
    # a folder of the workspace and no verb: the model chooses between copy and move
    assert {"copy_file", "rename_file"} <= offered("memo.odt should be in drafts as well")
    # the finish check's reading of a removal opens the deletion, whatever the verb
    assert "delete_file" in offered("trash junk.tmp, it is clutter")
    assert "delete_file" not in offered("junk.tmp: append the word done")
    # an ending given to a file that has none is its new name, no naming word needed
    assert _offer(AgentState(tasks=["run is a bash script, so .sh please"], workspace=ws))[
        "rename_file"]["destination"] == ["run.sh"]


def test_a_file_whose_whole_text_is_the_text_to_add_is_its_source_not_its_target(tmp_path):
    (tmp_path / "late_guests.txt").write_text("Oona\nPiet\n")
    (tmp_path / "invited.txt").write_text("Ada\nBram\nCora\n")
    task = "The names in late_guests.txt go at the bottom of invited.txt"
    where = situation(str(tmp_path), task)
    assert where.sources == ("late_guests.txt",)
    assert where.values("file") == ["invited.txt"]
    # a file the task names whose text is not what is written stays a target
    plain = situation(str(tmp_path), "invited.txt needs Dara too")
    assert plain.values("file") == ["invited.txt"] and plain.sources == ()


def test_a_file_moved_out_of_a_folder_is_not_offered_to_move_back_in(tmp_path):
    ws = _workspace(tmp_path, "inbox/offer_v2.pdf", "inbox/offer_v1.pdf")
    task = "inbox/offer_v2.pdf is the signed one; take it out of inbox and name it offer.pdf"
    state = AgentState(tasks=[task], workspace=ws)
    strategy = create_strategy("one_shot", _commands(), compact=True)
    assert _offer(state, strategy)["rename_file"] == {
        "source": ["inbox/offer_v2.pdf"], "destination": ["offer.pdf"]}
    existed = situation(ws, task).files
    (tmp_path / "inbox" / "offer_v2.pdf").rename(tmp_path / "offer.pdf")
    # (a 135M model moved it back into inbox/ once its finish was refused)
    assert situation(ws, task, existed=existed).values("new_file") == []


def test_a_line_the_file_to_add_to_already_holds_is_not_offered_to_add(tmp_path):
    (tmp_path / "chair.txt").write_text("Noor Haddad\n")
    (tmp_path / "signed.txt").write_text("Tove Lind\nAmos Kerr\n")
    state = AgentState(tasks=["Look in chair.txt and put the chair's name under the others "
                              "at the end of signed.txt"], workspace=str(tmp_path))
    offer = _offer(state)
    added = offer["append_to_file"]["content"]
    assert "Noor Haddad" in added
    assert not {"Tove Lind", "Amos Kerr"} & set(added)  # (a name the list had, again)
