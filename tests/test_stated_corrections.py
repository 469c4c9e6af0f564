"""A correction the task states both sides of ("C14, not B07", "from 30 to 45") is the one
edit offered, and nothing once it is made; a file described by its ending's word after a
removal ("get rid of the swap file") is that file; a removal whose only condition is that
the file is there is verified like a plain one (i12e's own wordings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.strategies import edits
from autonomo.agent.strategies.designation import by_ending
from autonomo.agent.verifying_files import _CONDITION, _existence_only
from test_finishing_precise import play

RATES = "room,rate\nsingle,55.00\ndouble,72.50\nsuite,72.50\n"
CREW = "name,shift\nOdile,night\nPavel,day\nQuinn,night\n"


@pytest.mark.parametrize(("task", "text", "want"), [
    ("rates.csv: the suite costs 95.00, not 72.50", RATES, ("suite,72.50", "suite,95.00")),
    ("The double rate in rates.csv is wrong - 72.50 should be 68.00.", RATES,
     ("double,72.50", "double,68.00")),
    ("In rates.csv bring the single rate from 55.00 to 58.50, please", RATES,
     ("55.00", "58.50")),
    ("rates.csv has the single at 55.00 -> make it 59.00 instead of 55.00", RATES,
     ("55.00", "59.00")),
    ("Correct the suite in rates.csv: 99.90 rather than 72.50", RATES,
     ("suite,72.50", "suite,99.90")),
])
def test_a_correction_stated_both_ways_is_the_one_edit(task, text, want):
    found = edits.edits(text, task, ["rates.csv"], "rates.csv")
    assert len(found) == 1
    old, news = found[0]
    assert (old, news[0]) == want and len(news) == 1
    assert text.count(old) == 1


@pytest.mark.parametrize(("task", "text"), [
    ("rates.csv: the suite costs 95.00, not 72.50", RATES.replace("suite,72.50", "suite,95.00")),
    ("The double rate in rates.csv is wrong - 72.50 should be 68.00.",
     RATES.replace("double,72.50", "double,68.00")),
    ("In rates.csv bring the single rate from 55.00 to 58.50, please",
     RATES.replace("55.00", "58.50")),
])
def test_nothing_is_offered_once_the_correction_is_made(task, text):
    assert edits.edits(text, task, ["rates.csv"], "rates.csv") == ()


def test_a_value_said_as_the_old_one_is_no_correction_backwards():
    # ("to 2.4.1 (it is 2.4.0 now)": which replaces which is said by "to", not by "is")
    text = 'title = "loom"\nrelease = "3.0.0"\n'
    found = edits.edits(text, "Set release to 3.0.1 in loom.toml (it is 3.0.0 now)",
                        ["loom.toml"], "loom.toml")
    assert found and found[0][1][0].endswith('"3.0.1"')


def test_a_stated_sentence_holding_both_values_replaces_nothing():
    found = edits.edits(CREW.replace("Pavel,day", "Pavel,7"),
                        "Fix Pavel's row in crew.csv: should be 9, not 7", ["crew.csv"],
                        "crew.csv")
    assert all("should" not in new for _, news in found for new in news)


@pytest.mark.parametrize(("task", "files", "want"), [
    ("Could you get rid of the bak file?", ["notes.md", "notes.md.bak"], ("notes.md.bak",)),
    ("please remove the zip file, the rest stays", ["a.txt", "b.zip"], ("b.zip",)),
    ("delete that tmp file in here", ["c.tmp", "c.txt"], ("c.tmp",)),
    # (two files of that ending: which one is not known)
    ("delete the tmp file", ["c.tmp", "d.tmp"], None),
    # (no removal's verb right before: not read so)
    ("the zip file can go", ["a.txt", "b.zip"], None),
    ("write the size of the zip file to size.txt", ["a.txt", "b.zip"], None),
])
def test_a_file_described_by_its_ending_after_a_removal(task, files, want):
    assert by_ending(task, files) == want


@pytest.mark.parametrize(("task", "only"), [
    ("if there is a stale.pid in run/, delete it", True),
    ("remove old.cfg~ if it exists", True),
    ("Are there any .swp files? If so remove them.", True),
    ("if you find a .tmp file under the cache folder, delete it", True),
    ("if there is a file that says OLD, delete it", False),
    ("delete x.log if it is bigger than y.log", False),
    ("if x.log exists, delete it unless it is empty", False),
    ("Is there a tmp.db? If so remove it when nobody uses it", False),
])
def test_a_condition_that_asks_only_whether_a_file_is_there(task, only):
    assert _existence_only(task, _CONDITION.search(task)) is only


@pytest.mark.parametrize(("plan", "finished"), [
    ([("delete_file", {"path": "run/stale.pid"})], True),
    ([("delete_file", {"path": "run/live.pid"})], False),
    ([("delete_file", {"path": "run/stale.pid"}), ("delete_file", {"path": "run/live.pid"})],
     False),
])
def test_an_existence_condition_verified_only_for_the_file_it_names(tmp_path: Path, plan,
                                                                   finished):
    files = {"run/stale.pid": "41\n", "run/live.pid": "42\n"}
    _, status = play(tmp_path, "if there is a stale.pid in run/, delete it", files, plan)
    assert (status == "finished") is finished


def _offered_after(workspace: Path, task: str, files: dict[str, str],
                   deleted: list[str]) -> set[str]:
    """The commands a small model may pick once ``deleted`` were deleted."""
    from autonomo.agent.episodes import Action, Episode
    from autonomo.agent.state import AgentState
    from autonomo.agent.strategies import create_strategy
    from autonomo.agent.strategies.offered import unneeded
    from autonomo.config import Settings
    from autonomo.tools.builtin import builtin_registry
    from autonomo.tools.registry import CommandResult
    for name, text in files.items():
        (workspace / name).parent.mkdir(parents=True, exist_ok=True)
        (workspace / name).write_text(text)
    agent = Settings().agent
    commands = builtin_registry().select(include=tuple(agent.small_model_commands))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(workspace))
    for i, name in enumerate(deleted, 1):
        (workspace / name).unlink()
        state.episodes.append(Episode(number=i, action=Action(
            name="delete_file", arguments={"path": name}), result=CommandResult.ok("deleted")))
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(workspace)),
                               state)
    return {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]}


SCRATCH = {"keep.txt": "k\n", "scratch/a.tmp": "a\n", "scratch/b.log": "b\n"}


@pytest.mark.parametrize("task", [
    "Delete the two files inside the scratch folder.",
    "empty scratch/ - remove both files in it",
    "remove all the files in the scratch folder please",
    "get rid of every file inside scratch/",
    "erase the 2 files in scratch/",
])
def test_no_finish_while_a_file_of_the_emptied_folder_is_left(tmp_path: Path, task):
    offered = _offered_after(tmp_path, task, SCRATCH, ["scratch/a.tmp"])
    assert "finish" not in offered and "delete_file" in offered


def test_a_count_that_is_not_the_folders_own_drops_no_finish(tmp_path: Path):
    # (three files said, two there: the reading is not sure, the model may finish)
    offered = _offered_after(tmp_path, "Delete the three files inside the scratch folder.",
                             SCRATCH, ["scratch/a.tmp"])
    assert "finish" in offered


ASSETS = {"web/img/spacer.gif": "", "web/img/logo.png": "PNG", "web/index.html": "<p>"}


@pytest.mark.parametrize("task", [
    "Delete spacer.gif in web/img.",
    "There's an empty spacer.gif in web/img that can go. Remove it.",
    "web/img has a spacer.gif nobody uses - delete it",
    "please get rid of spacer.gif (it's in web/img)",
    "In web/img, erase spacer.gif",
])
def test_a_file_named_with_the_path_of_its_folder_may_be_deleted(tmp_path: Path, task):
    # (web is said only as the start of web/img: not a folder the file goes into)
    offered = _offered_after(tmp_path, task, ASSETS, [])
    assert "delete_file" in offered


@pytest.mark.parametrize("task", [
    "crew.csv has the wrong shift for Pavel: it should be night, not day",
    "crew.csv has a mistake - Pavel's shift is night, not day",
    "crew.csv lists the wrong shift for Pavel; day should be night",
    "Pavel's shift in crew.csv has an error: change it from day to night",
    "crew.csv has an outdated shift for Pavel. It's night instead of day now.",
])
def test_a_file_with_a_fault_to_fix_is_edited_and_finished(tmp_path: Path, task):
    right = [("replace_text", {"path": "crew.csv", "old": "Pavel,day", "new": "Pavel,night"})]
    _, status = play(tmp_path, task, {"crew.csv": CREW}, right)
    assert status == "finished"
    wrong = [("replace_text", {"path": "crew.csv", "old": "Odile,night", "new": "Odile,day"})]
    _, status = play(tmp_path / "w", task, {"crew.csv": CREW}, wrong)
    assert status != "finished"


@pytest.mark.parametrize(("task", "old", "new"), [
    ("crew.csv has the wrong shift for Pavel: it should be night, not day", "Pavel,day",
     "Pavel,night"),
    ("In crew.csv change Quinn's shift from night to day", "Quinn,night", "Quinn,day"),
])
def test_after_a_right_edit_only_the_finish_is_left(tmp_path: Path, task, old, new):
    from autonomo.agent.episodes import Action, Episode
    from autonomo.agent.state import AgentState
    from autonomo.agent.strategies import create_strategy
    from autonomo.agent.strategies.offered import unneeded
    from autonomo.config import Settings
    from autonomo.tools.builtin import builtin_registry
    from autonomo.tools.registry import CommandResult
    (tmp_path / "crew.csv").write_text(CREW)
    agent = Settings().agent
    strategy = create_strategy("one_shot", builtin_registry().select(
        include=tuple(agent.small_model_commands)), compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    exclude = unneeded(task, agent.small_model_command_words, str(tmp_path))
    strategy.request(exclude, state)
    (tmp_path / "crew.csv").write_text(CREW.replace(old, new))
    state.episodes.append(Episode(number=1, action=Action(name="replace_text", arguments={
        "path": "crew.csv", "old": old, "new": new}), result=CommandResult.ok("replaced")))
    offered = {o["properties"]["name"]["const"] for o in strategy.request(
        exclude, state).schema["properties"]["command"]["anyOf"]}
    assert offered == {"finish"}


HIDDEN = {"site/.htaccess.old": "x", "site/index.php": "<?php", "site/img/.thumbs.db": "t",
          "site/img/a.png": "PNG"}


@pytest.mark.parametrize(("task", "want"), [
    ("remove .htaccess.old from site/", {"site/.htaccess.old"}),
    ("In site/ there's a stale .htaccess.old - delete it", {"site/.htaccess.old"}),
    ("get rid of the .thumbs.db files in site/img/", {"site/img/.thumbs.db"}),
    ("please erase .thumbs.db inside the site/img folder", {"site/img/.thumbs.db"}),
    ("site/img has a .thumbs.db nobody needs; delete it", {"site/img/.thumbs.db"}),
])
def test_a_hidden_file_spelled_in_a_named_folder_may_be_deleted(tmp_path: Path, task, want):
    from autonomo.agent.strategies.grounding import situation
    for name, text in HIDDEN.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    where = situation(tmp_path, task, existed=tuple(HIDDEN))
    assert set(where.values("removed_file")) == want


RUNS = {"run/stale.pid": "41\n", "run/live.pid": "42\n", "notes.md": "n\n"}


@pytest.mark.parametrize(("task", "gone"), [
    # (the condition asks about one file, another is removed)
    ("if there is a stale.pid in run/, delete run/live.pid", "run/live.pid"),
    ("if old.pid exists, remove run/stale.pid", "run/stale.pid"),
    ("Is there a crash.pid? If so, delete notes.md", "notes.md"),
    ("if there's a .lock file in run/, delete notes.md", "notes.md"),
    ("If you find a zombie.pid in run/, get rid of run/stale.pid", "run/stale.pid"),
])
def test_an_existence_condition_about_another_file_is_not_confirmed(tmp_path: Path, task, gone):
    _, status = play(tmp_path, task, RUNS, [("delete_file", {"path": gone})])
    assert status != "finished"


@pytest.mark.parametrize("task", [
    "In setup.env, remove the line that says TRACE=on and the last line",
    "take out the TRACE=on line from setup.env, then append DEBUG=0",
    "setup.env: drop the line with TRACE and also line 1",
    "Remove the line starting with TRACE from setup.env and copy it to old.env",
    "delete the line saying TRACE=on in setup.env; put NAME=api as well",
])
def test_a_line_removal_that_is_half_the_task_is_not_confirmed(tmp_path: Path, task):
    plan = [("replace_text", {"path": "setup.env", "old": "TRACE=on\n", "new": ""})]
    _, status = play(tmp_path, task, {"setup.env": "PORT=80\nTRACE=on\nNAME=web\n"}, plan)
    assert status != "finished"


BLURB = {"blurb.txt": "We will recieve you at noon.\nBring boots.\n"}


@pytest.mark.parametrize("task", [
    "blurb.txt says 'recieve' somewhere; correct the spelling to 'receive'",
    "blurb.txt has 'recieve' in it - fix the typo (receive)",
    "blurb.txt says recieve, please fix it to receive",
    "The word recieve in blurb.txt is spelled wrong: it should be receive",
    "blurb.txt contains a typo, recieve; correct it to receive",
])
def test_a_file_that_says_a_fault_is_fixed_in_place_not_refused(tmp_path: Path, task):
    right = [("replace_text", {"path": "blurb.txt", "old": "recieve", "new": "receive"})]
    got, _ = play(tmp_path, task, BLURB, right)
    assert got == "ran"
    wrong = [("write_file", {"path": "blurb.txt", "content": "receive"})]
    _, status = play(tmp_path / "w", task, BLURB, wrong)
    assert status != "finished"
