"""Values the framework computes from what a small model has seen (counts of lines holding a
word, different items, a mean, sorted lines, the rows sharing a value, the row of a column's
least or most, the workspace's folders), ranked against the task's words."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.facts import file_facts
from autonomo.agent.strategies.grounding import mentioned_files, situation
from autonomo.agent.strategies.listing import listing_facts
from autonomo.agent.strategies.ranking import rank


def _best(name: str, text: str, task: str) -> str:
    found = rank(file_facts(name, text), task, mentioned_files(task))
    assert found, task
    return found[0]


@pytest.mark.parametrize(("name", "text", "task", "value"), [
    ("run.log", "INFO a\nWARN b\nINFO c\nWARN d\nWARN e\nINFO f\n",
     "How many WARN lines are in run.log? Write it to n.txt", "3"),
    ("fruit.txt", "fig\nplum\nfig\nkiwi\nplum\nfig\n",
     "Count the different fruits in fruit.txt and save it to n.txt", "3"),
    ("marks.json", '{"who": "Jo", "marks": [4, 5, 9]}',
     "Write the mean of the marks in marks.json to m.txt", "6"),
    ("names.txt", "pear\nApple\nfig\n",
     "Sort the lines of names.txt alphabetically into sorted.txt", "Apple\nfig\npear"),
    ("pets.csv", "pet,hungry\nrex,yes\ntom,no\nbo,yes\nal,no\ncy,no\n",
     "How many pets in pets.csv are hungry (yes)? Write the number to h.txt", "2"),
    ("pets.csv", "pet,hungry\nrex,yes\ntom,no\nbo,yes\nal,no\ncy,no\n",
     "List the pets in pets.csv that are hungry: yes. One per line in h.txt", "rex\nbo"),
    ("lap.csv", "driver,seconds\nAmy,71.5\nBen,69.2\nCal,70.1\n",
     "Which driver in lap.csv has the highest seconds? Save it in w.txt", "Amy"),
    ("team.json", '[{"name": "Ada", "role": "dev"}, {"name": "Bo", "role": "ops"}, '
     '{"name": "Cy", "role": "dev"}]',
     "List the names in team.json that have the role dev, one per line, in devs.txt",
     "Ada\nCy"),
    ("nums.txt", "4\n10\n6\n", "nums.txt has one number per line. Put their sum in s.txt",
     "20"),
    ("nums.txt", "4\n10\n6\n", "Sort the numbers in nums.txt into s.txt", "4\n6\n10"),
    ("oven.txt", "Preheat to 3 marks.\nBake the bread for 40 minutes at 220 degrees.\n",
     "How long does the bread bake in oven.txt? Write the minutes to t.txt", "40"),
])
def test_a_value_computed_from_a_file_is_the_one_the_task_points_at(name, text, task, value):
    assert _best(name, text, task) == value


def test_a_group_of_rows_counts_only_when_the_task_says_its_value():
    text = "code,qty\nA1,2\nB2,1\nC3,2\n"
    task = "List the codes of o.csv in out.txt"
    assert rank(file_facts("o.csv", text), task, ["o.csv", "out.txt"]) == ["A1\nB2\nC3"]


def test_the_workspace_s_folders_are_a_value_of_their_own(tmp_path):
    files = ["a.txt", "docs/x.md", "src/y.py", "src/z.py"]
    facts = listing_facts(files)
    assert rank(facts, "Write the names of the folders in the workspace to f.txt")[0] == (
        "docs\nsrc")
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    # a folder the task names: its own files
    where = situation(tmp_path, "How many files does the src folder hold? Write it to n.txt")
    assert where.texts[0] == "2"


def test_the_file_holding_the_bigger_number_is_named_by_its_name(tmp_path):
    (tmp_path / "a_count.txt").write_text("17\n")
    (tmp_path / "b_count.txt").write_text("40\n")
    task = "Which holds the smaller number, a_count.txt or b_count.txt? Write its name to w.txt"
    assert situation(tmp_path, task).texts[0] == "a_count.txt"


def test_a_new_line_takes_the_shape_of_the_file_s_lines(tmp_path):
    from autonomo.agent.strategies.shapes import shaped

    assert shaped("week 1: 5 km\nweek 2: 7 km\n", [], ["3", "9"]) == ["week 3: 9 km"]
    # (a new checklist item is an open one unless the task says it is done: i11w)
    assert shaped("# Todo\n- [x] call Bo\n- [ ] pay rent\n", ["buy milk"], []) == [
        "- [ ] buy milk"]
    assert shaped("4\n9\n", [], ["7"]) == []  # bare numbers: no shape to keep
    (tmp_path / "runs.txt").write_text("week 1: 5 km\nweek 2: 7 km\n")
    where = situation(tmp_path, "runs.txt gets one more line at the end, week 3: 9 km")
    assert where.texts[0] == "week 3: 9 km"
    # a markdown file (free text) gets the shaped line as the text to add
    (tmp_path / "todo.md").write_text("# Todo\n- [ ] pay rent")
    where = situation(tmp_path, "Add a new item to todo.md: buy milk")
    assert where.composed_for("todo.md", "added_text")[0] == "\n- [ ] buy milk\n"


def test_a_setting_or_a_code_the_task_writes_out_is_stated(tmp_path):
    where = situation(tmp_path, "desk.txt - put D-7 in it and nothing more")
    assert where.texts[0] == "D-7"
    (tmp_path / "app.env").write_text("A=1\n")
    where = situation(tmp_path, "app.env lacks PORT=80; add it at the end")
    assert where.texts[0] == "PORT=80" and "80" not in where.texts


def test_the_files_of_a_folder_the_task_names_are_the_ones_to_act_on(tmp_path):
    for name in ("bin/a.txt", "bin/b.txt", "keep.txt", "logs/2024-01.txt", "logs/2024-05.txt"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x")
    where = situation(tmp_path, "Delete the files inside the bin folder.")
    assert where.values("named_file") == ["bin/a.txt", "bin/b.txt"]
    where = situation(tmp_path, "Copy the newest log in logs/ to latest.txt")
    assert where.values("named_file") == ["logs/2024-01.txt", "logs/2024-05.txt"]
    where = situation(tmp_path, "Write keep.txt's name to n.txt, not keep.txt itself")
    assert "keep.txt" not in where.kept


def test_the_file_holding_the_larger_number_is_named(tmp_path):
    (tmp_path / "a.txt").write_text("5\n")
    (tmp_path / "b.txt").write_text("9\n")
    where = situation(tmp_path, "Which is larger, a.txt or b.txt? Write its name to w.txt")
    assert where.texts[0] == "b.txt"  # file names are not an enumeration to write


def test_a_number_of_a_file_is_combined_with_a_number_the_task_states(tmp_path):
    (tmp_path / "a.txt").write_text("14\n")
    where = situation(tmp_path, "Multiply the number in a.txt by 3 and write it to b.txt")
    assert "42" in where.texts


def test_a_value_the_task_computes_with_is_not_offered_as_the_answer(tmp_path):
    (tmp_path / "stock.csv").write_text("item,left\nhat,0\nscarf,4\ncap,0\nbag,2\n")
    where = situation(tmp_path, "Which items in stock.csv have 0 left? List them in o.txt")
    assert where.texts == ("hat\ncap",)
    (tmp_path / "a.txt").write_text("14\n")
    where = situation(tmp_path, "Multiply the number in a.txt by 3 and write it to b.txt")
    assert where.texts[0] == "42" and "3" not in where.texts


def test_a_speed_word_offers_both_ends_its_unit_decides():
    text = "driver,seconds\nAmy,71.5\nBen,69.2\nCal,70.1\n"
    task = "lap.csv holds lap times in seconds. Write the driver with the fastest lap to w.txt"
    assert set(rank(file_facts("lap.csv", text), task, ["lap.csv", "w.txt"])[:2]) == {
        "Ben", "Amy"}
