"""A file the task names as the reason for a removal, or as kept, is never ordered removed.

"Remove a.txt because b.txt replaces it": b.txt is why a.txt goes, not something to delete.
Before this file's fix the finish check refused the right run with "the task asks to delete
b.txt" (``named_left``) or "asks for b.txt to go" (``objects_left``), and a small model
does what a refusal orders. Every rule's objection is read (``objections``), in both
states: after the right deletion (nothing may be said against it) and before any work (a
refusal may order the object's removal, never the reason's). Wordings are this file's own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import objections
from autonomo.agent.finishing_targets import roles
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.tools.registry import CommandResult
from finish_fresh_cases import D
from test_finishing_precise import play

#: (task, the files to remove, the files it names as a reason or as kept)
REASONS = [
    pytest.param("Remove draft_v1.md because draft_v2.md replaces it",
                 ["draft_v1.md"], ["draft_v2.md"], id="because-replaces-it"),
    pytest.param("Delete old_rota.csv since rota_2027.csv has everything now",
                 ["old_rota.csv"], ["rota_2027.csv"], id="since-has-everything"),
    pytest.param("Get rid of index_old.html, as index.html supersedes it",
                 ["index_old.html"], ["index.html"], id="as-supersedes"),
    pytest.param("Trash report_draft.pdf now that report_final.pdf is done",
                 ["report_draft.pdf"], ["report_final.pdf"], id="now-that"),
    pytest.param("Remove config.bak, given that config.ini is up to date",
                 ["config.bak"], ["config.ini"], id="given-that"),
    pytest.param("Because plan_b.txt replaces it, delete plan_a.txt",
                 ["plan_a.txt"], ["plan_b.txt"], id="the-reason-first"),
    pytest.param("Delete summary_old.md because summary.md was rewritten last week",
                 ["summary_old.md"], ["summary.md"], id="because-passive"),
    pytest.param("Erase tasks.bak since we now use tasks.txt and tasks.md",
                 ["tasks.bak"], ["tasks.txt", "tasks.md"], id="two-reason-files"),
    pytest.param("Remove photo_copy.jpg: photo.jpg is the original",
                 ["photo_copy.jpg"], ["photo.jpg"], id="a-colon-then-the-original"),
    pytest.param("Delete invoice_tmp.txt because we only need invoice.txt",
                 ["invoice_tmp.txt"], ["invoice.txt"], id="because-we-need"),
    pytest.param("Please delete sketch.svg, because logo.svg is the final one",
                 ["sketch.svg"], ["logo.svg"], id="comma-because"),
    pytest.param("Remove the file tmp_list.txt as list.txt holds the same names",
                 ["tmp_list.txt"], ["list.txt"], id="as-holds"),
    pytest.param("Delete build.log and keep build.cfg",
                 ["build.log"], ["build.cfg"], id="and-keep"),
    pytest.param("Remove cache.db but not cache.cfg",
                 ["cache.db"], ["cache.cfg"], id="but-not"),
]

#: tasks whose second file is an object too (recall: both must go)
BOTH = [
    pytest.param("Delete notes_a.tmp as well as notes_b.tmp", ["notes_a.tmp", "notes_b.tmp"],
                 id="as-well-as"),
    pytest.param("Now remove old_a.log and old_b.log", ["old_a.log", "old_b.log"],
                 id="now-then-the-verb"),
    pytest.param("Delete a_tmp.txt and b_tmp.txt because they are stale",
                 ["a_tmp.txt", "b_tmp.txt"], id="a-list-then-because"),
    pytest.param("Since the release is out, remove beta.zip, rc1.zip and rc2.zip",
                 ["beta.zip", "rc1.zip", "rc2.zip"], id="a-reason-first-then-a-list"),
]

_ORDERS = ("asks to delete {n}", "asks for {n} to go", "Delete {n}", "remove {n}",
           "delete {n}")


def _workspace(tmp: Path, names: list[str]) -> None:
    for name in names:
        (tmp / name).write_text(f"text of {name}\n")


def _state(tmp: Path, task: str, deleted: list[str]) -> AgentState:
    state = AgentState(tasks=[task], workspace=str(tmp))
    for i, name in enumerate(deleted, 1):
        (tmp / name).unlink()
        state.episodes.append(Episode(number=i, action=Action(
            name="delete_file", arguments={"path": name}), result=CommandResult.ok("deleted")))
    return state


def _orders_removal(text: str, name: str) -> bool:
    alone = rf"(?<![\w.-]){re.escape(name)}(?![\w-])"
    return any(re.search(rf"(?<![\w.-]){re.escape(o.format(n=''))}{alone}", text)
               for o in _ORDERS) or bool(
        re.search(rf"{alone}\W[^.]*\b(?:still there|must go|to go)\b", text))


@pytest.mark.parametrize(("task", "objects", "kept"), REASONS)
def test_the_parse_never_makes_a_reason_an_object(task: str, objects: list[str],
                                                  kept: list[str]) -> None:
    found = roles(task, mentioned_files(task))
    assert not found.objects & set(kept), found


@pytest.mark.parametrize(("task", "objects", "kept"), REASONS)
def test_no_rule_orders_the_reason_removed_before_the_work(
        tmp_path: Path, task: str, objects: list[str], kept: list[str]) -> None:
    _workspace(tmp_path, objects + kept)
    state = _state(tmp_path, task, [])
    state.episodes.append(Episode(number=1, action=Action(
        name="read_file", arguments={"path": objects[0]}), result=CommandResult.ok("x")))
    for missing in objections(state, "done"):
        for name in kept:
            assert not _orders_removal(missing.text, name), (missing.rule, missing.text)
            assert name not in missing.files or missing.rule not in {
                "objects_left", "named_left", "folder_left", "kind_left"}, missing


@pytest.mark.parametrize(("task", "objects", "kept"), REASONS)
def test_the_right_removal_is_not_refused(tmp_path: Path, task: str, objects: list[str],
                                          kept: list[str]) -> None:
    _workspace(tmp_path, objects + kept)
    state = _state(tmp_path, task, objects)
    said = [(m.rule, m.text) for m in objections(state, "done")]
    assert not said, said


#: ("photo.jpg is the original" says no plain "it stays": that run ends unverified)
@pytest.mark.parametrize(("task", "objects", "kept"),
                         [p for p in REASONS if p.id != "a-colon-then-the-original"])
def test_the_right_removal_ends_finished(tmp_path: Path, task: str, objects: list[str],
                                         kept: list[str]) -> None:
    files = {n: f"text of {n}\n" for n in objects + kept}
    got, status = play(tmp_path, task, files, [D(n) for n in objects])
    assert got == "ran", got
    assert status == "finished", status


@pytest.mark.parametrize(("task", "objects", "kept"), REASONS)
def test_removing_the_reason_too_is_never_finished(tmp_path: Path, task: str,
                                                   objects: list[str], kept: list[str]) -> None:
    files = {n: f"text of {n}\n" for n in objects + kept}
    got, status = play(tmp_path, task, files, [D(n) for n in objects + kept])
    assert status != "finished", got


@pytest.mark.parametrize(("task", "objects"), BOTH)
def test_every_listed_object_must_still_go(tmp_path: Path, task: str,
                                           objects: list[str]) -> None:
    _workspace(tmp_path, objects)
    state = _state(tmp_path, task, objects[:1])
    said = [m.text for m in objections(state, "done")]
    assert any(_orders_removal(t, o) for t in said for o in objects[1:]), said


def test_a_file_read_first_may_be_what_it_stands_for(tmp_path: Path) -> None:
    """"Once you have read x.txt, delete it": the time clause's file is what "it" stands
    for; deleting it is not refused."""
    _workspace(tmp_path, ["memo_old.txt", "memo.txt"])
    state = _state(tmp_path, "Once you have read memo_old.txt, delete it", ["memo_old.txt"])
    said = [(m.rule, m.text) for m in objections(state, "done")]
    assert not said, said


def test_as_before_a_place_is_no_reason(tmp_path: Path) -> None:
    """"as a new last line of b.txt" names where, not why: b.txt may be written."""
    found = roles("Put the word done as a new last line of log_b.txt", ["log_b.txt"])
    assert not found.protected, found
