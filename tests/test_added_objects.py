"""What a task adds, whole (``objects``): lines with spaces, brackets and signs, several
items one a line, in the form of the file's lines."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.objects import objects


@pytest.mark.parametrize(("task", "files", "expected"), [
    ("Add Priya Raman <priya@lab.example> as a new line at the end of AUTHORS",
     ["AUTHORS"], ["Priya Raman <priya@lab.example>"]),
    ("please append 0 4 * * 0 /opt/backup.sh --full to crontab.txt", ["crontab.txt"],
     ["0 4 * * 0 /opt/backup.sh --full"]),
    ("could you add A Wizard of Earthsea by Ursula K. Le Guin to shelf.md", ["shelf.md"],
     ["A Wizard of Earthsea by Ursula K. Le Guin"]),
    ("In todo.txt, add Renew the car tax", ["todo.txt"], ["Renew the car tax"]),
    ("append oat milk, rye bread and capers to shop.txt", ["shop.txt"],
     ["oat milk\nrye bread\ncapers", "oat milk, rye bread and capers"]),
])
def test_the_object_of_an_adding_verb_is_offered_whole(task, files, expected):
    assert objects(task, files) == expected


@pytest.mark.parametrize(("task", "files"), [
    ("Add a line saying done to log.txt", ["log.txt"]),  # it describes the text
    ("Add this line to the end of hosts.txt: 10.0.0.2 nas", ["hosts.txt"]),  # (the colon)
    ("Add up the prices in cart.txt and write the total to total.txt",
     ["cart.txt", "total.txt"]),
    ("Add the two numbers in n.txt", ["n.txt"]),
    ("Append notes.txt to archive.txt", ["notes.txt", "archive.txt"]),  # a file, not a text
])
def test_no_object_where_the_words_describe_or_name_a_file(task, files):
    assert objects(task, files) == []


def test_a_bracketed_address_is_a_value_not_a_placeholder(tmp_path):
    (tmp_path / "AUTHORS").write_text("Ana Lima <ana@lima.example>\nBo Chen <bo@chen.example>\n")
    where = situation(tmp_path, "Add Priya Raman <priya@lab.example> as a new line at the "
                                "end of AUTHORS")
    assert where.texts[0] == "Priya Raman <priya@lab.example>"
    # (neither its address alone nor a template filled with another address)
    assert "priya@lab.example" not in where.texts
    assert not any("ana@lima.example" in t or "bo@chen" in t for t in where.texts)


def test_items_are_added_one_a_line_and_a_list_s_bullet_is_kept(tmp_path):
    (tmp_path / "kit.txt").write_text("tent\nstove\nmatches\n")
    where = situation(tmp_path, "append rain jacket and water filter to kit.txt, one "
                                "under the other")
    assert where.texts[0] == "rain jacket\nwater filter"
    assert "rain jacket" not in where.texts  # (a part of the whole, not offered beside it)
    (tmp_path / "films.md").write_text("# Films\n\n- Alien\n- Heat\n")
    where = situation(tmp_path, "please add The Thin Red Line to the end of films.md")
    assert "- The Thin Red Line" in where.shaped


def test_a_csv_row_takes_a_name_of_several_words_whole(tmp_path):
    from autonomo.agent.strategies import tables
    from autonomo.agent.strategies.spans import INSTRUCTION_WORDS

    text = "venue,seats\nGrand Hall,900\nRiver Room,120\n"
    rows = tables.row_for(text, "Add a row to venues.csv for Salle de Bal Nord with 340 seats",
                          ["venues.csv"], INSTRUCTION_WORDS)
    assert rows[0] == "Salle de Bal Nord,340"
    # (a column of one-word cells keeps taking single words)
    rows = tables.row_for("pet,age\nRex,3\nMia,5\n", "Add Bo Tan aged 2 to pets.csv",
                          ["pets.csv"], INSTRUCTION_WORDS)
    assert "Bo Tan,2" not in rows and rows


@pytest.mark.parametrize(("task", "files", "expected"), [
    ("notes.md - add Buy stamps at the very end", ["notes.md"], ["Buy stamps"]),
    ("Ravi has signed up; add him to the bottom of team.txt", ["team.txt"], []),
    ("In plan.txt, add Call the vet on Friday", ["plan.txt"], ["Call the vet on Friday"]),
])
def test_a_place_in_the_file_ends_the_object_and_a_pronoun_is_none(task, files, expected):
    assert objects(task, files) == expected
