"""What a small model may write into a file, shaped like the file (fresh wordings, not the
suites'): a piece of the task shaped like a file's lines, a short item, a CSV table or row,
a JSON object of listed pairs or of a table seen, the items of an enumeration."""

from __future__ import annotations

import ast
import csv
import io
import json

import pytest

from autonomo.agent.strategies import tables
from autonomo.agent.strategies.compose import contents, enumerated_lines
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.shapes import items, pieces
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS


@pytest.mark.parametrize(("text", "task", "piece"), [
    ("2025-03-01 swim\n2025-03-02 run\n", "diary.log gets one more -> 2025-03-04 ride",
     "2025-03-04 ride"),
    ("web 8080\ndb 5432\n", "Put cache 6379 under the others in ports.txt", "cache 6379"),
    ('export A="1"\nexport B="two"\n', 'Please add export LANG="C" at the end of env.sh',
     'export LANG="C"'),
    ("week 1 - 3 km\nweek 2 - 5 km\n", "log.txt: week 3 - 8 km", "week 3 - 8 km"),
])
def test_a_piece_of_the_task_shaped_like_the_file_s_lines_is_found(text, task, piece):
    assert pieces(text, task, ["diary.log", "ports.txt", "env.sh", "log.txt"])[0] == piece


def test_lines_without_structure_have_no_shape_to_search_for():
    # sentences: their words and full stops are not a shape
    assert pieces("Buy milk.\nCall the bank.\n", "Add walk the dog. to notes.txt") == []
    assert pieces("one line only: 4\n", "add two: 5") == []  # one line: no shape known
    # a line the file already holds is not new
    assert pieces("a 1\nb 2\n", "add b 2 to f.txt") == []


@pytest.mark.parametrize(("text", "task", "first"), [
    ("Dune\nThe Hobbit\nEmma\n", "My aunt says a novel called Persuasion is great, add it "
     "to books.txt", "Persuasion"),
    ("pear\nplum\n", "We also need a melon - could you add it to fruit.txt?", "melon"),
    ("Nina Simone\nMiles Davis\n", "Put Etta James at the bottom of artists.txt", "Etta James"),
])
def test_a_run_of_the_task_s_words_shaped_like_short_items_is_offered(text, task, first):
    found = items(text, task, INSTRUCTION_WORDS, ["books.txt", "fruit.txt", "artists.txt"])
    assert found[0] == first
    assert not any(w.lower() in INSTRUCTION_WORDS for f in found for w in (f.split()[0],))


def test_long_lines_are_not_items():
    assert items("The keeper lit the lamp at dusk and went up\nA gull sat on the rail\n",
                 "Add a storm to story.txt", INSTRUCTION_WORDS) == []


@pytest.mark.parametrize(("task", "rows"), [
    ("Make scores.csv with the columns player and points, then two rows: Ana 12, Ben 9",
     [["player", "points"], ["Ana", "12"], ["Ben", "9"]]),
    ("Set up stock.csv with the fields item and qty: nails 40 and screws 25.",
     [["item", "qty"], ["nails", "40"], ["screws", "25"]]),
    ("Write a CSV file desks.csv with the columns desk and chairs, and a row for each desk: "
     "D1 has 4 chairs, D2 has 2.", [["desk", "chairs"], ["D1", "4"], ["D2", "2"]]),
    ("Create a.csv with the header id,name,team and one row 7,Ola,red",
     [["id", "name", "team"], ["7", "Ola", "red"]]),
])
def test_a_new_csv_file_is_its_header_and_rows(task, rows):
    whole, added = contents(task.split(" with ")[0].split()[-1], task, [], None)
    assert list(csv.reader(io.StringIO(whole[0]))) == rows and added == whole


def test_a_table_without_rows_the_columns_fit_is_its_header_only():
    assert tables.new_table("Create t.csv with the columns a and b, rows: x y z") == ["a,b\n"]
    assert tables.new_table("Create t.csv with two rows: a, b") == []  # no columns named


@pytest.mark.parametrize(("text", "task", "row"), [
    ("name,coming\nLea,yes\nOm,no\n", "Dev said no. Put a row for Dev in replies.csv",
     "Dev,no"),
    ("item,amount\nbus,3\nlunch,12\n", "expenses.csv: add taxi 23", "taxi,23"),
])
def test_a_row_for_an_existing_table_takes_task_words_like_each_column(text, task, row):
    assert tables.row_for(text, task, ["replies.csv", "expenses.csv"], INSTRUCTION_WORDS)[0] == row
    whole, added = contents("t.csv", task, [], text)
    assert added[0] == row + "\n" and whole[0] == text + row + "\n"


def test_no_row_when_a_column_has_nothing_to_take():
    # the task says nothing for the yes/no column
    assert tables.row_for("name,coming\nLea,yes\nOm,no\n", "Add Dev to replies.csv",
                          ["replies.csv"], INSTRUCTION_WORDS) == []


@pytest.mark.parametrize(("task", "data"), [
    ("Write car.json with make Volvo, year 2019 and electric true",
     {"make": "Volvo", "year": 2019, "electric": True}),
    ("Make sizes.json: a JSON object mapping small to 1, medium to 2 and large to 3",
     {"small": 1, "medium": 2, "large": 3}),
    ("Create dirs.json, an object mapping up to N and down to S",
     {"up": "N", "down": "S"}),
])
def test_a_json_object_of_listed_pairs(task, data):
    path = next(w.strip(":,") for w in task.split() if w.strip(":,").endswith(".json"))
    whole, _ = contents(path, task, [path], None)
    assert json.loads(whole[0]) == data


def test_a_table_seen_is_offered_as_json():
    seen = {"stock.csv": "item,qty\nnail,4\nscrew,9\n", "stock.json": "ignored"}
    whole, _ = contents("stock.json", "Convert stock.csv to stock.json", ["stock.csv"], None,
                        seen)
    assert json.loads(whole[0]) == {"nail": 4, "screw": 9}
    assert json.loads(whole[1]) == [{"item": "nail", "qty": 4}, {"item": "screw", "qty": 9}]
    # a program's JSON output is offered as it is
    whole, _ = contents("m.json", "Save what gen.py prints in m.json", [], None,
                        {"gen.py": '{"a": [1, 2]}'})
    assert json.loads(whole[0]) == {"a": [1, 2]}


@pytest.mark.parametrize(("task", "lines"), [
    ("Put three fruits, apple, pear and fig into f.txt", ["apple\npear\nfig"]),
    ("deps.txt should list two libraries, numpy and scipy", ["numpy\nscipy"]),
    ("Write the phrase safe and sound to s.txt", []),  # no list: a phrase
])
def test_an_enumeration_is_offered_one_item_per_line(task, lines):
    assert enumerated_lines(task) == lines


def test_a_function_returning_an_expression():
    whole, _ = contents("geo.py", "Create geo.py defining square_area(side), returning side "
                        "times side.", ["geo.py"], None)
    space: dict = {}
    exec(compile(ast.parse(whole[0]), "geo.py", "exec"), space)
    assert space["square_area"](5) == 25


def test_the_situation_offers_the_shaped_piece_first_and_short_items_before_phrases(tmp_path):
    (tmp_path / "runs.log").write_text("2025-01-02 5km\n2025-01-04 7km\n")
    where = situation(tmp_path, "runs.log: another entry => 2025-01-06 9km")
    assert where.texts[0] == "2025-01-06 9km" and where.shaped[0] == "2025-01-06 9km"
    (tmp_path / "films.txt").write_text("Heat\nThe Thing\n")
    where = situation(tmp_path, "Someone mentioned a film named Vertigo, add it to films.txt")
    assert where.texts[0] == "Vertigo" and not where.shaped  # an item, not a shaped line


def test_auditor_s_fresh_wordings_of_items_and_tables():
    # (i10x, 05:56: a name with a dash and digits is one item; a sentence's first word)
    found = items("node-a\nnode-b\ngateway\n", "add edge-proxy-7 below the others in hosts.txt",
                  INSTRUCTION_WORDS, ["hosts.txt"])
    assert found[0] == "edge-proxy-7"  # (before "below", "others": no stop list of those)
    assert items("Ana\nBruno\n", "Chen joined the crew this week; crew.txt please",
                 INSTRUCTION_WORDS, ["crew.txt"]) == ["Chen"]  # capitals kept for names
    assert pieces("node-a\nnode-b\n", "add edge-proxy-7 to hosts.txt") == []
    assert items("milk\nrice\n", "Tea ran out too - put it on groceries.md", INSTRUCTION_WORDS,
                 ["groceries.md"])[0] == "tea"
    assert tables.new_table("header row name,city and two people: Ana Lima, Bo Oslo") == [
        "name,city\nAna,Lima\nBo,Oslo\n"]
    assert tables.new_table("columns player, points; rows: Ann 3, Ben 5") == [
        "player,points\nAnn,3\nBen,5\n"]


@pytest.mark.parametrize(("task", "lines"), [
    ("create requirements.txt listing two packages, requests and flask", "requests\nflask"),
    ("requirements.txt with django 5.0 and pillow 10.3, pinned", "django==5.0\npillow==10.3"),
    ("requirements.txt listing flask>=3 and gunicorn", "flask>=3\ngunicorn"),
    ("Write requirements.txt: numpy, pandas and scipy", "numpy\npandas\nscipy"),
])
def test_a_requirements_file_is_a_package_a_line(tmp_path, task, lines):
    # (i10x's fresh wordings, 05:56, and one of mine)
    assert situation(tmp_path, task).texts[0] == lines


def test_a_requirements_file_offers_its_packages_only(tmp_path):
    where = situation(tmp_path, "make requirements.txt with three packages, rich, typer and "
                                "httpx, no pins")
    assert where.texts == ("rich\ntyper\nhttpx",)


@pytest.mark.parametrize(("path", "task", "data"), [
    ("app.yaml", "Create app.yaml with name ledger, port 8080 and debug false",
     {"name": "ledger", "port": 8080, "debug": False}),
    ("app.toml", "Create app.toml where title is Notes and size = 12",
     {"title": "Notes", "size": 12}),
    ("c.yml", "Write c.yml, a list of the colours red, green and blue", ["red", "green", "blue"]),
])
def test_a_settings_file_is_the_task_s_pairs_in_its_format(path, task, data):
    import tomllib

    import yaml
    whole, _ = contents(path, task, [path], None)
    loaded = tomllib.loads(whole[0]) if path.endswith(".toml") else yaml.safe_load(whole[0])
    assert loaded == data


def test_two_key_value_items_without_a_comma_make_an_object():
    whole, _ = contents("pet.json", "make pet.json with name Rex and age 3", ["pet.json"], None)
    assert json.loads(whole[0]) == {"name": "Rex", "age": 3}
    # "<key> is <value>" stays a pair of its own, not "is dark" and "volume is"
    whole, _ = contents("c.json", "Create c.json where theme is dark and volume is 7",
                        ["c.json"], None)
    assert [json.loads(t) for t in whole] == [{"theme": "dark", "volume": 7}]


def test_a_header_written_as_cells_and_rows_that_end_a_clause():
    # (i10x's fresh wording, 06:41: no word of the lexicon, the header as cells)
    assert tables.new_table("gear.csv, first line item,weight, then tent 2100 and stove 400") == [
        "item,weight\ntent,2100\nstove,400\n"]


def test_a_time_s_colon_does_not_start_the_rows():
    # (i10x, 07:01: "06:" was cut off the first time, a wrong value)
    assert tables.new_table("tides.csv: header time,height; 06:10 1.2 and 18:40 1.4") == [
        "time,height\n06:10,1.2\n18:40,1.4\n"]
