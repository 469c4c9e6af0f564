"""Paths a small model is offered for acts on files: a hidden file's name the task gives, a
copy's or a move's folder and new name together, a kind's files each into a folder under
its own name, a name's spelling fixed by a rename (never by writing the file). Wordings of
this file's own, none from a task set."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing_changes import kind_unplaced
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.names import given_names, loose_names, new_names
from autonomo.agent.strategies.naming import asks_new_name, task_words
from autonomo.agent.strategies.offered import unneeded
from autonomo.agent.strategies.placing import pairs, towards
from autonomo.config import Settings
from autonomo.tools.registry import CommandResult
from test_step_policy import _commands


def _files(root: Path, files: dict[str, str]) -> str:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/"):
            path.mkdir(exist_ok=True)
        else:
            path.write_text(text)
    return str(root)


def offer(state: AgentState) -> dict[str, list[dict[str, list]]]:
    """Command -> its argument variants ({parameter: allowed values}), as the proposer asks
    (the word gate reads the task's files as the step's situation does)."""
    strategy = create_strategy("one_shot", _commands(), compact=True)
    words = Settings().agent.small_model_command_words
    said = strategy.step_situation(state).said_files
    request = strategy.request(unneeded(state.task, words, str(state.workspace), said), state)
    out: dict[str, list[dict[str, list]]] = {}
    for option in request.schema["properties"]["command"]["anyOf"]:
        args = option["properties"]["args"]
        out[option["properties"]["name"]["const"]] = [
            {k: p.get("enum") for k, p in variant["properties"].items()}
            for variant in args.get("anyOf", [args])]
    return out


def _step(state: AgentState, name: str, output: str = "done", **arguments) -> None:
    state.episodes.append(Episode(
        number=len(state.episodes) + 1, action=Action(name=name, arguments=arguments),
        result=CommandResult(status="success", output=output)))


def _paths(variants: list[dict[str, list]], key: str = "path") -> set[str]:
    return {v for variant in variants for v in variant.get(key) or ()}


# -- hidden files the task names --------------------------------------------------------

@pytest.mark.parametrize("task", [
    "put the token QW3R-88ZZ-K1 into a file called .api_token",
    "save the PIN 7F-22-X9 in a new file named .pin_code, nothing else",
    "store the code AB12-CD34 in .door_code please",
])
def test_a_value_the_task_gives_is_never_the_path_of_the_hidden_file_it_names(
        tmp_path, task):
    state = AgentState(tasks=[task], workspace=_files(tmp_path, {}))
    offered = offer(state)
    hidden = _paths(offered["write_file"])
    assert len(hidden) == 1 and next(iter(hidden)).startswith(".")


def test_a_dot_name_after_a_naming_word_is_given_but_an_ending_is_not():
    assert given_names("write it to a file named .api_token", (), ()) == (".api_token",)
    assert given_names("call it .env.staging", (), ()) == (".env.staging",)
    # an ending: after "a", or before "file" or "extension"
    assert given_names("rename it, call it a .json", (), ()) == ()
    assert given_names("name it .md files", (), ()) == ()
    assert given_names("give it the name .yaml extension", (), ()) == ()
    # a hidden name keeps its dot: "pin_code" is no other file to write
    assert "pin_code" not in loose_names("the PIN goes in .pin_code")
    assert ".pin_code" in loose_names("the PIN goes in .pin_code")
    # an ending said of a kind of files is no file's name
    assert ".txt" not in loose_names("move each .txt file to done/")


@pytest.mark.parametrize("task", [
    ".npmignore: add *.tgz as its last line",
    "add *.bak on a new line at the end of .hgignore",
])
def test_a_kind_of_lines_added_to_a_dotfile_gives_it_no_ending(tmp_path, task):
    ws = _files(tmp_path, {".npmignore": "dist/\n", ".hgignore": "build/\n"})
    dotfile = ".npmignore" if task.startswith(".npm") else ".hgignore"
    assert new_names(task, (dotfile,), (dotfile,)) == ()
    offered = offer(AgentState(tasks=[task], workspace=ws))
    assert _paths(offered["append_to_file"]) == {dotfile}
    # (a file with no ending at all still takes the one the task gives it)
    assert new_names("the script deploy has no ending; give it .sh", ("deploy",),
                     ("deploy",)) == ("deploy.sh",)


# -- a folder and a new name together ---------------------------------------------------

@pytest.mark.parametrize(("task", "command", "where"), [
    ("duplicate reports/q1.txt into archive/ and call it q1_final.txt", "copy_file",
     "archive/q1_final.txt"),
    ("move inbox/scan_03.pdf to bills/, name it march_bill.pdf", "rename_file",
     "bills/march_bill.pdf"),
    ("copy the agenda.md in club/2026-01/ over to shared/ as club_agenda.md", "copy_file",
     "shared/club_agenda.md"),
])
def test_a_new_name_the_task_gives_goes_into_the_folder_it_sends_the_file_to(
        tmp_path, task, command, where):
    ws = _files(tmp_path, {"reports/q1.txt": "q1\n", "inbox/scan_03.pdf": "%PDF\n",
                           "club/2026-01/agenda.md": "# a\n", "club/2026-02/agenda.md": "# b\n",
                           "bills/": "", "notes.txt": "n\n"})
    offered = offer(AgentState(tasks=[task], workspace=ws))
    assert _paths(offered[command], "destination") == {where}


def test_a_folder_only_located_in_is_no_destination():
    places = ("meetings/w1", "handover")
    assert towards("copy the a.txt in meetings/w1/ to handover/ and call it b.txt",
                   places) == ("handover",)
    assert towards("copy the a.txt in meetings/w1/ to the handover folder", places) == (
        "handover",)
    assert towards("rename a.txt in meetings/w1/", places) == ()


# -- a kind's files into a folder -------------------------------------------------------

def test_each_file_of_a_kind_is_offered_only_with_its_own_name_in_the_folder(tmp_path):
    ws = _files(tmp_path, {"jan.csv": "a\n", "feb.csv": "b\n", "tables/old.csv": "c\n",
                           "notes.txt": "n\n"})
    offered = offer(AgentState(tasks=["Put all the .csv files into tables/ (move them)"],
                               workspace=ws))
    variants = {v["source"][0]: v["destination"] for v in offered["rename_file"]}
    # (not tables/old.csv, already there; never a.csv under b.csv's name)
    assert variants == {"jan.csv": ["tables/jan.csv"], "feb.csv": ["tables/feb.csv"]}


def test_pairs_keep_a_new_name_for_any_source_and_drop_a_source_with_nothing():
    assert pairs(["a.txt"], ["b.txt"]) == {"a.txt": ["b.txt"]}
    assert pairs(["a.log", "d/b.log"], ["d/a.log"]) == {"a.log": ["d/a.log"]}


def test_a_kind_not_all_sent_to_its_folder_is_refused_at_the_finish(tmp_path):
    ws = Path(_files(tmp_path, {"jan.csv": "a\n", "feb.csv": "b\n", "tables/": "",
                                "sub/mar.csv": "c\n"}))
    task = "move every .csv file into tables/"
    assert "jan.csv" in (kind_unplaced(task, ws, set()) or "")
    (ws / "jan.csv").rename(ws / "tables/jan.csv")
    found = kind_unplaced(task, ws, set()) or ""
    assert "feb.csv" in found and "jan.csv" not in found
    assert "sub/mar.csv" not in found  # (only where they were: the top folder)
    (ws / "feb.csv").rename(ws / "tables/feb.csv")
    assert kind_unplaced(task, ws, set()) is None
    # a copy leaves the source: its copy in the folder is what counts
    (ws / "apr.csv").write_text("d\n")
    assert "apr.csv" in (kind_unplaced("copy each .csv file to tables/", ws, set()) or "")
    (ws / "tables/apr.csv").write_text("d\n")
    assert kind_unplaced("copy each .csv file to tables/", ws, set()) is None
    # no folder the files are sent to, or no kind: nothing to say
    assert kind_unplaced("delete every .csv file", ws, set()) is None
    assert kind_unplaced("move jan.csv into tables/", ws, set()) is None


# -- a name's spelling fixed --------------------------------------------------------------

@pytest.mark.parametrize(("task", "old", "new"), [
    ("notes/libary_index.md has a typo in its name - it should be library",
     "notes/libary_index.md", "notes/library_index.md"),
    ("In docs/ the file calender_2027.txt: fix the spelling of the file name (calendar)",
     "docs/calender_2027.txt", "docs/calendar_2027.txt"),
])
def test_a_misspelt_name_is_fixed_by_a_rename_and_the_file_is_never_written(
        tmp_path, task, old, new):
    ws = _files(tmp_path, {old: "shelf 4: atlas\n", "notes/other.md": "x\n",
                           "docs/plan.txt": "y\n"})
    state = AgentState(tasks=[task], workspace=ws)
    offered = offer(state)
    assert offered["rename_file"] == [{"source": [old], "destination": [new]}]
    _step(state, "read_file", "shelf 4: atlas\n", path=old)
    later = offer(state)
    for command in ("write_file", "append_to_file", "replace_text"):
        assert old not in _paths(later.get(command, []))
    assert not situation(ws, task).changeable(old)


def test_a_misspelling_is_one_slip_not_another_word():
    from autonomo.agent.strategies.naming import respelled
    assert respelled("it should say receipt", "reciept_a.txt") == ["receipt_a.txt"]
    assert respelled("software list", "hardware_list.txt") == []
    assert respelled("the reports", "report_q1.txt") == []  # (a plural is no misspelling)
    assert respelled("the calendar", "calender.txt") == ["calendar.txt"]


def test_the_words_of_names_are_no_verbs_and_a_rename_with_text_may_write():
    assert "store" not in task_words("fix the name of old_store.txt in data/")
    assert "write" in task_words("write done to a.txt")
    assert asks_new_name("fix the spelling of the name (receipt)")
    assert asks_new_name("rename a.txt to b.txt")
    assert not asks_new_name("rename a.txt to b.txt and add the line done")
    assert not asks_new_name("write 5 into a file named count_5")


# -- the finish, and files a task keeps -----------------------------------------------------

def test_a_rename_to_the_ending_or_spelling_the_task_gives_is_no_stray_file(tmp_path):
    from autonomo.agent.finishing import objections
    ws = _files(tmp_path, {"maps/route.gpxx": "<gpx/>\n", "maps/other.gpx": "<gpx/>\n"})
    task = "maps/route.gpxx has a wrong extension, give it the proper .gpx one"
    for new, refused in (("maps/route.gpx", False), ("maps/route.txt", True)):
        (tmp_path / "maps/route.gpxx").write_text("<gpx/>\n")
        for gone in (tmp_path / "maps/route.gpx", tmp_path / "maps/route.txt"):
            gone.unlink(missing_ok=True)
        (tmp_path / "maps/route.gpxx").rename(tmp_path / new)
        state = AgentState(tasks=[task], workspace=ws)
        _step(state, "rename_file", "Moved", source="maps/route.gpxx", destination=new)
        rules = {m.rule for m in objections(state, "done", ["rename_file", "finish"])}
        assert ("stray_file" in rules) is refused


def test_a_file_the_task_says_not_to_touch_is_no_move_s_source_nor_its_name(tmp_path):
    ws = _files(tmp_path, {"draft.md": "d\n", "plan.md": "p\n", "old/x.md": "x\n"})
    for task in ("move draft.md into old/ and don't touch plan.md",
                 "move draft.md into old/, never rename plan.md"):
        offered = offer(AgentState(tasks=[task], workspace=ws))
        assert offered["rename_file"] == [{"source": ["draft.md"], "destination": ["old/draft.md"]}]
        assert not situation(ws, task).changeable("plan.md")


def test_two_files_moved_into_a_folder_each_keep_their_name(tmp_path):
    ws = _files(tmp_path, {"draft.md": "d\n", "plan.md": "p\n", "old/x.md": "x\n"})
    offered = offer(AgentState(tasks=["Move draft.md and plan.md into old/"], workspace=ws))
    assert sorted((v["source"][0], v["destination"][0]) for v in offered["rename_file"]) == [
        ("draft.md", "old/draft.md"), ("plan.md", "old/plan.md")]
    # (a name another file the task names has is never a source's new name)
    assert pairs(["a.md"], ["old/a.md", "old/b.md"], ("a.md", "b.md")) == {"a.md": ["old/a.md"]}


def test_a_file_named_only_in_a_question_is_read_when_the_answer_goes_elsewhere(tmp_path):
    ws = _files(tmp_path, {"levels.txt": "tank A: 40\ntank B: 75\n"})
    for task in ("which tank is fuller in levels.txt? answer in a new file",
                 "What is the level of tank B in levels.txt? Put it in b_level.txt"):
        where = situation(ws, task)
        assert "levels.txt" in where.asked_of and not where.changeable("levels.txt")
        state = AgentState(tasks=[task], workspace=ws)
        _step(state, "read_file", "tank A: 40\ntank B: 75\n", path="levels.txt")
        offered = offer(state)
        for command in ("write_file", "append_to_file", "replace_text"):
            assert "levels.txt" not in _paths(offered.get(command, []))
    # the answer sent to the file asked about, or no other file pointed at: as before
    for task in ("How many tanks are in levels.txt? Add the count at the end of levels.txt",
                 "What is wrong in levels.txt? fix it"):
        assert situation(ws, task).asked_of == ()


def test_a_copy_of_a_thing_named_by_words_is_no_copy_of_the_file(tmp_path):
    from autonomo.agent.strategies.offered import _copies_a_part
    ws = _files(tmp_path, {"club/roster.txt": "chair: Ines Varga (ines@club.example)\n"})
    task = "the chair's e-mail is in club/roster.txt - copy only her e-mail into chair.txt"
    assert "copy_file" not in offer(AgentState(tasks=[task], workspace=ws))
    assert _copies_a_part("copy the street name into street.txt")
    for whole in ("copy it over to b.txt", "copy the a.txt in x/ to y/",
                  "Copy the contents of a.txt into b.txt", "copy just the file to b.txt"):
        assert not _copies_a_part(whole)


def test_the_words_of_a_hidden_file_s_name_are_no_value_to_write(tmp_path):
    from autonomo.agent.finishing import objections
    ws = _files(tmp_path, {".door_code": "AB12-CD34"})
    state = AgentState(tasks=["write the code AB12-CD34 into a file named .door_code"],
                       workspace=ws)
    _step(state, "write_file", "Wrote", path=".door_code", content="AB12-CD34")
    state.episodes[-1].result.data["replaced"] = None
    rules = {m.rule for m in objections(state, "done", ["write_file", "finish"])}
    assert "unlanded_value" not in rules


@pytest.mark.parametrize(("task", "old", "new"), [
    ("todo.markdown should be .md", "todo.markdown", "todo.md"),
    ("in site/ the page index.htm should just be a plain .html file", "site/index.htm",
     "site/index.html"),
])
def test_a_file_said_to_be_of_another_ending_is_renamed_and_that_is_no_stray(
        tmp_path, task, old, new):
    from autonomo.agent.finishing import objections
    ws = _files(tmp_path, {old: "x\n", "other.txt": "o\n"})
    offered = offer(AgentState(tasks=[task], workspace=ws))
    assert offered["rename_file"] == [{"source": [old], "destination": [new]}]
    assert "write_file" not in offered and not situation(ws, task).changeable(old)
    (tmp_path / old).rename(tmp_path / new)
    state = AgentState(tasks=[task], workspace=ws)
    _step(state, "rename_file", "Moved", source=old, destination=new)
    assert not list(objections(state, "done", ["rename_file", "finish"]))
    # a conversion is no rename: "turn … into .json" gives no new name
    assert new_names("turn data.csv into .json", ("data.csv",), ("data.csv",)) == ()


@pytest.mark.parametrize(("task", "path"), [
    ("write ok to status.txt in reports/", "reports/status.txt"),
    ("save the word done in log.txt inside the reports folder", "reports/log.txt"),
    ("put hello into greeting.txt under new_dir/", "new_dir/greeting.txt"),
])
def test_a_new_file_given_with_its_folder_is_written_there_not_at_the_top(
        tmp_path, task, path):
    ws = _files(tmp_path, {"reports/old.txt": "o\n"})
    offered = offer(AgentState(tasks=[task], workspace=ws))
    assert _paths(offered["write_file"]) == {path}
