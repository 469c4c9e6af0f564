"""A removal by kind reaches only the folders its own clause names: a folder another clause
keeps ("…, but the ones in src/ are needed") is neither ordered emptied by a refusal nor
verified as done when its files went too."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.folders import named_apart
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.task_text import clauses
from test_finishing_precise import play

_FILES = {"drafts/a.bak": "a\n", "live/b.bak": "b\n", "notes.txt": "n\n"}
_RIGHT = [("delete_file", {"path": "drafts/a.bak"})]
_BOTH = [*_RIGHT, ("delete_file", {"path": "live/b.bak"})]
_TASKS = [
    "Remove the .bak files in drafts/, but the .bak files in live/ are still used.",
    "Remove the .bak files in drafts/ - the .bak files in live/ stay.",
    "Remove the .bak files in drafts/ and leave the .bak files in live/ as they are.",
    "Remove the .bak files in drafts/ (the ones in live/ are still used).",
]


@pytest.mark.parametrize("task", _TASKS)
def test_the_right_removal_is_finished_and_never_told_to_empty_the_kept_folder(tmp_path, task):
    assert play(tmp_path, task, _FILES, _RIGHT) == ("ran", "finished")


@pytest.mark.parametrize("task", _TASKS)
def test_a_removal_that_took_the_kept_folders_files_too_is_not_finished(tmp_path, task):
    assert play(tmp_path, task, _FILES, _BOTH)[1] != "finished"


def test_clauses_end_at_but_a_dash_a_bracket_and_a_keeping_and():
    assert clauses("Delete x in a/, but y in b/ stays - ok (c/ too) and keep d/.") == [
        "Delete x in a/, ", " y in b/ stays", "ok ", "c/ too", "keep d/"]


# (the third wording keeps the kind by name, "leave the .bak files": nothing is offered)
@pytest.mark.parametrize("task", [t for t in _TASKS if "leave" not in t])
def test_the_kept_folders_files_of_the_kind_are_never_offered_for_removal(tmp_path, task):
    for path, text in _FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    assert situation(tmp_path, task).values("removed_file") == ["drafts/a.bak"]


def test_a_folder_named_in_no_clause_that_acts_is_apart_only_when_a_clause_acts():
    assert named_apart("Delete the .bak files in drafts/, but live/ stays.",
                       ("drafts", "live")) == ("live",)
    assert named_apart("What is in drafts/ and live/?", ("drafts", "live")) == ()
    assert named_apart("In live/ one file is junk - delete that one.", ("live",)) == ()


def test_sentences_end_at_stops_and_semicolons_phrases_also_at_colons_lines_and_dashes():
    from autonomo.agent.task_text import phrases, sentences

    text = "Trash v1.2.txt... then keep b.md; ok?! Note: c/ - d\ne"
    assert sentences(text) == ["Trash v1.2.txt", "then keep b.md", "ok", "Note: c/ - d\ne"]
    assert phrases(text) == ["Trash v1.2.txt", "then keep b.md", "ok", "Note", "c/", "d",
                             "e"]
    assert phrases(text, maxsplit=1) == ["Trash v1.2.txt", "then keep b.md; ok?! Note: c/ - d\ne"]
