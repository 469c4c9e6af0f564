"""What a task writes out is offered whole: typographic quotes, a JSON value, items of
several words, lines on one line, a CSV row in its columns' order, an example's form."""

from __future__ import annotations

import json

import pytest

from agent_helpers import recorded_state
from autonomo.agent.finishing import explain
from autonomo.agent.finishing_landed import _form_of
from autonomo.agent.strategies import tables, written
from autonomo.agent.strategies.compose import contents
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS, asks_empty, examples, like_examples
from autonomo.agent.task_text import analysed, is_cut


def _texts(tmp_path, task: str, files: dict[str, str] | None = None) -> tuple[str, ...]:
    for name, text in (files or {}).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return situation(tmp_path, task).texts


@pytest.mark.parametrize(("task", "text"), [
    ("Please put \u201cLights out at 23:00, quiet after\u201d in dorm/rules.txt",
     "Lights out at 23:00, quiet after"),
    ("Can you write \u2018Gate code 4471\u2019 to gate.txt?", "Gate code 4471"),
    ("note \u00abclosed on Mondays\u00bb in hours.txt", "closed on Mondays"),
    # (an apostrophe inside a quoted text is kept as typed)
    ("write \u2018Tea at Gran\u2019s\u2019 in sat.txt", "Tea at Gran\u2019s"),
])
def test_a_text_in_typographic_quotes_is_offered_first(tmp_path, task, text):
    assert _texts(tmp_path, task)[0] == text


def test_typographic_quotes_alone_do_not_make_a_task_read_cut():
    task = "Save \u201cOK\u201d in s.txt"
    assert analysed(task) == 'Save "OK" in s.txt' and not is_cut(task)


@pytest.mark.parametrize(("task", "data"), [
    ('Make lamp.json holding {"room": "attic", "watts": 9.5, "dimmable": true}',
     {"room": "attic", "watts": 9.5, "dimmable": True}),
    ("create ids.json containing [4, 8, 15]", [4, 8, 15]),
    ("write {'owner': 'Ilse', 'seats': 2} into car.json", {"owner": "Ilse", "seats": 2}),
])
def test_a_json_value_the_task_writes_out_is_the_new_file_s_text_alone(task, data):
    path = next(w for w in task.split() if w.endswith(".json"))
    whole, _ = contents(path, task, [path], None)
    assert [json.loads(t) for t in whole] == [data]


def test_a_json_object_written_out_is_added_to_an_existing_object():
    whole, _ = contents("app.json", 'add {"retries": 4} to app.json', ["app.json"],
                        '{"name": "x"}')
    assert json.loads(whole[0]) == {"name": "x", "retries": 4}


@pytest.mark.parametrize(("task", "items"), [
    ("Create larder.json: a JSON list with lentils, rice and brown sugar",
     ["lentils", "rice", "brown sugar"]),
    ("put a list of olive oil, sea salt, and rye flour into b.json",
     ["olive oil", "sea salt", "rye flour"]),
    ("Write a JSON list of 2.5, 7 and 11 to n.json", [2.5, 7, 11]),
    ("stops.json should list Lyon, Le Mans and Nantes", ["Lyon", "Le Mans", "Nantes"]),
])
def test_items_of_several_words_are_whole_in_a_json_list(task, items):
    path = next(w.strip(":") for w in task.split() if w.strip(":").endswith(".json"))
    whole, _ = contents(path, task, [path], None)
    assert json.loads(whole[0]) == items


@pytest.mark.parametrize(("task", "items"), [
    ("Start packing.txt with wool socks, a head torch and spare laces, one per line",
     ["wool socks", "head torch", "spare laces"]),
    ("two colours, teal and amber, go in c.txt", ["teal", "amber"]),
    ("Write the phrase safe and sound to s.txt", None),  # a phrase, no list
    ("Put fig jam and sea salt in jar.txt, each on its own line", ["fig jam", "sea salt"]),
    ("write pens and glue on separate lines to desk.txt", ["pens", "glue"]),
    ("Note that the van leaves early, bring food and be on time", None),  # prose
])
def test_an_enumeration_s_items_are_whole(task, items):
    found = written.enumerations(task, [w for w in task.split() if w.endswith(".txt")])
    assert (found[0] if found else None) == items


@pytest.mark.parametrize(("task", "lines"), [
    ("create tasks/week.txt with three lines: mop - floor 2 / bins - Tuesday / "
     "glass - recycling", "mop - floor 2\nbins - Tuesday\nglass - recycling"),
    ("two lines for memo.txt: ring the bank; post the parcel to Ida",
     "ring the bank\npost the parcel to Ida"),
])
def test_lines_written_on_one_line_are_offered_as_lines(tmp_path, task, lines):
    assert _texts(tmp_path, task)[0] == lines


def test_a_csv_row_said_in_words_follows_the_header_s_columns():
    text = "product,count,price\nrye bread,3,2.40\nhoney jar,1,6.90\n"
    rows = tables.row_for(text, "add to shop.csv: 7 tins of tomato paste at 0.95 each",
                          ["shop.csv"], INSTRUCTION_WORDS)
    assert rows[0] == "tomato paste,7,0.95"
    assert all(r.split(",")[1:] == ["7", "0.95"] for r in rows)  # never price as count


def test_a_quoted_line_s_words_are_no_removal(tmp_path):
    (tmp_path / ".zshrc").write_text("alias ll=ls\n")
    where = situation(tmp_path, 'add the line "export PATH=$HOME/bin:$PATH" to .zshrc')
    assert where.values("file") == [".zshrc"]
    assert where.texts[0] == "export PATH=$HOME/bin:$PATH"


def test_a_line_of_its_own_ends_the_object_added(tmp_path):
    (tmp_path / "pantry.txt").write_text("rice\n")
    for task in ("add *.orig on a new line to pantry.txt", "pantry.txt: append dried "
                 "apricots on its own line", "add Oat Flakes on a separate line in pantry.txt"):
        texts = situation(tmp_path, task).texts
        assert texts[0] in ("*.orig", "dried apricots", "Oat Flakes"), texts
        assert all(" line" not in t and "its own" not in t for t in texts[:1])


@pytest.mark.parametrize(("task", "shown"), [
    ("write the build number with a leading b (like b100) to tag.txt", ["b100"]),
    ("store the date, e.g. 2026-01-31, in d.txt", ["2026-01-31"]),
    ("Save the count in n.txt", []),
])
def test_an_example_is_read_as_one(task, shown):
    assert examples(task) == shown


def test_an_example_gives_the_form_of_a_value_read(tmp_path):
    task = "Read build.txt and write its number with a leading r (like r1.0) to tag.txt"
    texts = _texts(tmp_path, task, {"build.txt": "7.3\n"})
    assert texts[0] == "r7.3" and "r1.0" not in texts and "7.3" not in texts
    # (an example that is the value alone gives its form, and the value stays offered)
    assert like_examples("a date (e.g. 2001-02-03)", ["2026-11-24", "12"]) == (
        ["2026-11-24"], [])
    # (a number of the file read, when no value the task points at has the form)
    texts = _texts(tmp_path, "copy the ticket number from t.txt into n.txt with a T "
                   "prefix (e.g. T5)", {"t.txt": "ticket 4471\n"})
    assert texts[0] == "T4471"


def test_a_value_written_in_the_example_s_form_is_no_unlanded_example(tmp_path):
    (tmp_path / "BUILD").write_text("3.14.2\n")
    (tmp_path / "tag.txt").write_text("r3.14.2")
    task = "Read BUILD and write its number with a leading r (like r1.0.0) to tag.txt"
    assert _form_of(task, "r1.0.0", "r3.14.2") and not _form_of(task, "r1.0.0", "3.14.2")
    state = recorded_state(tmp_path, task, [
        ("read_file", {"path": "BUILD"}, "success", "3.14.2\n"),
        ("write_file", {"path": "tag.txt", "content": "r3.14.2"}, "success", "Wrote 7")])
    found = explain(state, "done", ["write_file", "read_file", "finish"])
    assert found is None or found.rule != "unlanded_value"


@pytest.mark.parametrize(("task", "text"), [
    ("Create a file called hi.txt containing Good day, sailor!", "Good day, sailor!"),
    ("Save the text Out for 10 minutes to sign.txt", "Out for 10 minutes"),
    ("Would you make away.txt saying Back on 3 May?", "Back on 3 May"),
    ("write the words meet me in Leeds into the file called leeds.txt", "meet me in Leeds"),
    ("Add TOKEN_TTL=600 to .env.local", "TOKEN_TTL=600"),
])
def test_a_text_announced_as_the_file_s_is_offered_whole_first(tmp_path, task, text):
    assert _texts(tmp_path, task)[0] == text


def test_columns_joined_by_and_are_the_header_before_the_rows():
    assert tables.new_table("Create pets.csv with columns pet and age and rows Rex 3, "
                            "Mia 5") == ["pet,age\nRex,3\nMia,5\n"]


@pytest.mark.parametrize(("task", "text"), [
    ("drop just the word cobble into c.txt", "cobble"),
    ("pop 42 into answer.txt", "42"),
    ("Tack Marguerite onto the bottom of crew.txt", "Marguerite"),
    ("scribble down Ines Moreau at the end of crew.txt", "Ines Moreau"),
    ("Put Juno Hale on a new line in crew.txt", "Juno Hale"),
])
def test_the_object_of_any_verb_that_sends_it_to_a_file_is_offered_without_the_verb(
        tmp_path, task, text):
    texts = _texts(tmp_path, task, {"crew.txt": "Ada\n"})
    assert texts[0] == text


def test_a_lower_case_phrase_after_an_unknown_verb_is_no_object(tmp_path):
    texts = _texts(tmp_path, "Work out the largest number in n.txt and save it to b.txt",
                   {"n.txt": "4 9 2\n"})
    assert "out the largest number" not in texts


@pytest.mark.parametrize("task", ["Create an empty file logs/today.txt",
                                  "make a blank notes.md please", "touch ready.flag",
                                  "I need an empty pkg/__init__.py"])
def test_a_file_asked_empty_is_offered_the_empty_text_first(tmp_path, task):
    (tmp_path / "logs").mkdir()
    (tmp_path / "pkg").mkdir()
    where = situation(tmp_path, task)
    path = where.values("file")[0]
    offered = where.composed_for(path, "text") or where.texts
    assert offered[0] == ""


def test_a_blank_line_or_empty_files_ask_no_empty_file(tmp_path):
    assert not asks_empty("Add a blank line to the end of crew.txt")
    assert not asks_empty("Delete the empty files in tmp/")


def test_a_lower_case_word_after_a_noun_is_no_object_that_hides_the_value(tmp_path):
    (tmp_path / "scans").mkdir()
    for n in range(3):
        (tmp_path / "scans" / f"s{n}.pdf").write_text("x")
    texts = _texts(tmp_path, "How many PDFs are in scans/? number only, into total.txt")
    assert "only" not in texts


@pytest.mark.parametrize(("task", "text"), [
    ("Write the motto 'Birds, for example, sing at dawn.' to m.txt",
     "Birds, for example, sing at dawn."),
    ('Put "Pack snacks (e.g. nuts) and a map" in trip.txt', "Pack snacks (e.g. nuts) and a map"),
    ("Save the line 'for instance: 17' to f.txt", "for instance: 17"),
])
def test_an_example_inside_a_quoted_text_is_part_of_the_text(tmp_path, task, text):
    assert _texts(tmp_path, task)[0] == text
    assert examples(task) == []
