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
     ["oat milk\nrye bread\ncapers"]),
])
def test_the_object_of_an_adding_verb_is_offered_whole(task, files, expected):
    assert objects(task, files) == expected


@pytest.mark.parametrize(("task", "files"), [
    ("Add a note to log.txt", ["log.txt"]),  # it describes the text
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


@pytest.mark.parametrize(("task", "files", "expected"), [
    ("Append the line 10.0.0.7 nas to hosts.txt", ["hosts.txt"], ["10.0.0.7 nas"]),
    ("Add a line saying gate locked to log.txt", ["log.txt"], ["gate locked"]),
    ("add \"- 2.1.0: dark mode\" to the changelog in docs/", ["docs/CHANGES.md"],
     ["- 2.1.0: dark mode"]),
    ("Add a row to t.csv for Bea", ["t.csv"], []),
])
def test_a_quoted_object_is_its_quotes_text_and_an_announcing_noun_is_dropped(
        task, files, expected):
    assert objects(task, files) == expected


def test_a_line_announced_before_a_colon_is_offered_without_its_parts(tmp_path):
    (tmp_path / "backup.cron").write_text("0 1 * * * /opt/rotate.sh\n45 6 * * 2 /opt/mail.sh\n")
    where = situation(tmp_path, "Put this entry at the end of backup.cron:  15 3 * * 0 "
                                "/opt/snap.sh --quiet")
    assert where.texts == ("15 3 * * 0 /opt/snap.sh --quiet",)  # (not "15", "3", "45", …)
    where = situation(tmp_path, "can you put this in week.md: swim 2 km, 40 min")
    assert where.texts == ("swim 2 km, 40 min",)
    from autonomo.agent.strategies.objects import wholes
    assert wholes("Do this: write 5 to a.txt", ["a.txt"], ["write 5 to"]) == []
    # a value after a colon with no line announced keeps the values beside it
    (tmp_path / "n.txt").write_text("4\n9\n")
    where = situation(tmp_path, "Append to n.txt: 12 and 14")
    assert len(where.texts) > 1


def test_a_new_table_s_rows_leave_out_a_verb_between_their_values():
    from autonomo.agent.strategies import tables

    text = tables.new_table("create shifts.csv with columns nurse and ward: Ines covers "
                            "ward 4, Tomas ward 7")
    assert text == ["nurse,ward\nInes,4\nTomas,7\n"]


def test_an_object_with_a_number_is_not_a_whole_that_hides_the_values_beside_it(tmp_path):
    from autonomo.agent.strategies.objects import only_wholes, wholes

    task = "add 15 minutes to the time in t.txt"
    assert objects(task, ["t.txt"]) == ["15 minutes"]  # (offered, but other values stay)
    assert wholes(task, ["t.txt"], []) == []
    assert only_wholes(("09:55", "15 minutes"), wholes(task, ["t.txt"], [])) == (
        "09:55", "15 minutes")
    assert only_wholes(("x", "Ann <a@b.example>", "a@b.example"),
                       wholes("Add Ann <a@b.example> to AUTHORS", ["AUTHORS"], [])) == (
        "Ann <a@b.example>",)


def test_a_quoted_text_after_an_announcing_noun_is_the_quotes_text():
    assert objects("Append the row 'Oslo 4' to cities.txt", ["cities.txt"]) == ["Oslo 4"]
