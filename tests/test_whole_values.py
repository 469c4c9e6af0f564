"""Values are whole tokens of their shape, templates are filled whole, and a question's words
are never offered as content (fresh wordings of mine, not the suites')."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies import spans
from autonomo.agent.strategies.edits import edits
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.values import kind_of, scan


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("the ferry leaves at 07:55 from pier 2", "time", "07:55"),
    ("mix flour and water 2:1 for the paste", "ratio", "2:1"),
    ("paint the door #a3be8c this time", "colour", "#a3be8c"),
    ("upgrade the tool to 3.10.2 today", "version", "3.10.2"),
    ("send it to ines.ferreira@example.org later", "email", "ines.ferreira@example.org"),
    ("the printer sits at 10.0.4.17 now", "ip", "10.0.4.17"),
    ("the ticket cost €18.40 in the end", "money", "€18.40"),
    ("battery was at 64% this morning", "percent", "64%"),
    ("the parcel number is 440 118 902 ok", "grouped", "440 118 902"),
    ("we moved on 3 March 2025 to the coast", "date", "3 March 2025"),
    ("call the garage on 0161 496 0321 today", "phone", "0161 496 0321"),
    ("the lease ends in February 2027", "date", "February 2027"),
])
def test_a_value_is_taken_whole_by_its_shape(text, kind, value):
    found = scan(text)
    assert [(v.kind, v.text) for v in found if v.kind != "number"] == [(kind, value)]
    # its digits are never values of their own
    assert not [v for v in found if v.kind == "number" and v.text in value]


def test_a_small_word_and_a_file_name_are_not_values():
    assert [v.text for v in scan("you may 4 times edit v2notes.txt or a1.csv")] == ["4"]
    assert kind_of("12:30") == "time" and kind_of("12:30 and 4") is None


@pytest.mark.parametrize(("task", "value"), [
    ("The bakery opens at 06:45 on Sundays; put that time in opening.txt", "06:45"),
    ("Save the mixing ratio 3:2 into mortar.txt", "3:2"),
    ("For the glaze, write the hex code #5e81ac into glaze.txt", "#5e81ac"),
    ("Store my locker code: 019 442 731. thanks, in locker.txt", "019 442 731"),
])
def test_the_task_s_stated_value_is_offered_first_and_whole(tmp_path, task, value):
    where = situation(tmp_path, task)
    assert where.texts[0] == value
    assert not any(t in value and t != value and t.isdigit() for t in where.texts)


def test_a_template_is_filled_whole_with_the_value_the_task_points_at(tmp_path):
    (tmp_path / "crew.txt").write_text("Oskar\nPetra\n")
    where = situation(tmp_path, "Take the first name from crew.txt and put Good luck, "
                                "<that person>! into card.txt")
    assert where.texts[0] == "Good luck, Oskar!"
    assert spans.templates("Write Dear {recipient}, as the first line of memo.txt",
                           ["memo.txt"]) == ["Dear {recipient}"]
    # an INI section is no placeholder, and a question holds no template
    assert spans.templates("What is in the [paths] section of app.ini? Write it to a.txt",
                           ["app.ini", "a.txt"]) == []


@pytest.mark.parametrize(("task", "asked"), [
    ("how many chairs were ordered (orders.csv)? put the count in chairs.txt",
     "how many chairs were ordered (orders.csv)?"),
    ("Which printers are in the office group of printers.ini? List them in office.txt",
     "Which printers are in the office group of printers.ini?"),
])
def test_a_question_s_words_are_not_offered_as_content(task, asked):
    assert spans.questions(task) == [asked]
    offered = " | ".join(spans.task_spans(task, ["orders.csv", "chairs.txt", "printers.ini",
                                                 "office.txt"]))
    assert "ordered" not in offered and "printers are" not in offered


def test_a_phrase_that_describes_is_not_offered_but_the_value_said_of_it_is():
    task = "put our wifi network name in ssid.txt - it's HarbourNet"
    assert spans.complements(task, ["ssid.txt"]) == ["HarbourNet"]
    assert not any("wifi" in p for p in spans.task_spans(task, ["ssid.txt"]))
    # not what someone is doing
    assert spans.complements("Ama is leaving the band, add a note to band.txt",
                             ["band.txt"]) == []


def test_a_read_file_s_own_line_is_offered_when_the_task_s_words_point_at_nothing(tmp_path):
    (tmp_path / "captain.txt").write_text("Henrike Vos\n")
    (tmp_path / "signed.txt").write_text("Bo Lindqvist\n")
    where = situation(tmp_path, "Look in captain.txt and add the captain's name as a new "
                                "line of signed.txt")
    assert where.texts[0] == "Henrike Vos"
    assert "1" not in where.texts and "2" not in where.texts  # counts nobody asked for


def test_a_record_s_value_is_the_one_its_label_names(tmp_path):
    (tmp_path / "bookings.txt").write_text(
        "Dear Ada,\n- Kayak tour: Saturday 14:30, dock 7C, bring water\n"
        "- Cave walk: Sunday 09:15, gate B2, bring a torch\n")
    where = situation(tmp_path, "Which dock does the kayak tour leave from "
                                "(bookings.txt)? Write only the dock in dock.txt")
    assert where.texts[0] == "7C"
    assert "14" not in where.texts and "30" not in where.texts  # a time is whole or nothing


def test_a_serial_with_a_dash_is_one_value(tmp_path):
    (tmp_path / "bikes.txt").write_text("Road bike: Velo R2, frame VR2-55810\n"
                                        "City bike: Stadt C1, frame SC1-10422\n")
    where = situation(tmp_path, "Copy the frame number of the city bike from bikes.txt "
                                "into frame.txt")
    assert where.texts[0] == "SC1-10422"


@pytest.mark.parametrize(("text", "task", "first"), [
    ("Mon-Fri 07:00-22:00\nSat 07:00-20:00\n",
     "gym.txt: on Saturday the gym opens at 06:30 instead of 07:00",
     ("Sat 07:00-20:00", "Sat 06:30-20:00")),
    ("[metadata]\nname = tiles\nversion = 1.7.3\n", "Set the version in setup.cfg to 1.8.0",
     ("version = 1.7.3", "version = 1.8.0")),
    ("Boats: Petrel, Gannet\n", "In boats.txt it should be the Skylark, not the Petrel",
     ("Petrel", "Skylark")),
    ("member,plan\nIvo,P1\nRin,P2\n", "members.csv: Ivo is on P3 now instead of P1",
     ("P1", "P3")),
])
def test_a_stated_value_replaces_the_file_s_value_of_its_kind(text, task, first):
    found = edits(text, task, ["gym.txt", "setup.cfg", "boats.txt", "members.csv"])
    assert found[0][0] == first[0] and found[0][1][0] == first[1]
