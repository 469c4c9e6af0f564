"""Values derived from a file for what a task asks (fresh wordings, not the suites'): a time
or a date inside prose, rows and numbers past a bound, a YAML file's values, a word's count
on every line, a key's short form."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies import derived, facts, ranking
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.wordforms import abbreviates


def _ranked(name: str, text: str, task: str) -> list[str]:
    known = facts.file_facts(name, text) + derived.derived_facts(name, text, task)
    return ranking.rank(known, task, [name])


@pytest.mark.parametrize(("text", "task", "value"), [
    ("Dear Ines, the plumber will ring the bell on Friday at 10:45 if that suits.",
     "At what time is the plumber coming, per note.txt? Write the time to t.txt", "10:45"),
    ("Ferry A: 06:10, 07:40\nFerry B: 06:25, 08:00\n",
     "ferries.txt: when does the first ferry B leave? save the time in f.txt", "06:25"),
    ("Kickoff meeting notes. The launch is planned for 2026-02-09, pending approval.",
     "Save the launch date from notes.txt in launch.txt", "2026-02-09"),
])
def test_a_value_of_the_kind_the_task_names_is_offered(tmp_path, text, task, value):
    name = task.split(" ")[0].rstrip(":") if task.split(" ")[0].endswith(".txt:") else next(
        w.rstrip(".,?") for w in task.split() if w.rstrip(".,?").endswith(".txt"))
    (tmp_path / name).write_text(text)
    assert situation(tmp_path, task).texts[0] == value


def test_times_are_not_pieces_of_lap_times_and_no_kind_no_filter():
    assert derived.typed_facts("laps", "1:34.2\n1:31.8\n") == []
    # a task that asks for no time keeps its stated numbers
    assert derived.kind_first("Write 3 to a.txt", ["3"], ["07:05"]) == ["3"]
    assert derived.kind_first("the time of bus 3", ["3", "x y"], ["07:05"]) == ["x y"]


@pytest.mark.parametrize(("name", "text", "task", "value"), [
    ("rivers.csv", "river,length_km\nAa,40\nBb,120\nCc,310\n",
     "Which rivers in rivers.csv are longer than 100 km? Write their names to r.txt",
     "Bb\nCc"),
    ("temps.txt", "12\n31\n28\n35\n",
     "How many of the numbers in temps.txt are above 30? Save it to hot.txt", "2"),
    ("ages.csv", "name,age\nLi,17\nMo,18\nNa,40\n",
     "Count the people in ages.csv who are at least 18 and write the count to adults.txt",
     "2"),
])
def test_rows_and_numbers_past_a_bound(name, text, task, value):
    assert _ranked(name, text, task)[0] == value


def test_a_bound_is_an_operand_not_an_answer(tmp_path):
    (tmp_path / "w.txt").write_text("3\n9\n14\n")
    where = situation(tmp_path, "How many values in w.txt are under 10? Put it in n.txt")
    assert where.texts[0] == "2" and "10" not in where.texts[:2]


def test_a_yaml_file_is_read_as_its_values():
    text = "service: billing\nreplicas: 3\nports:\n  - 80\n  - 443\n  - 8443\n"
    assert _ranked("svc.yaml", text, "How many ports does svc.yaml open? Write it to p.txt")[
        0] == "3"
    assert _ranked("svc.yaml", text, "the service name in svc.yaml into s.txt")[0] == "billing"
    assert facts.file_facts("bad.yaml", "a: [1,\n") != []  # not YAML: its lines still


def test_a_word_on_every_line_is_counted_and_its_times():
    text = "The owl hooted.\nAn owl flew by.\nOne owl, two owl calls.\n"
    assert _ranked("owls.txt", text, "How many lines of owls.txt hold the word owl? c.txt")[
        0] == "3"
    assert "4" in _ranked("birds.txt", text, "How often does owl appear in birds.txt? count it")


def test_a_key_s_short_form_matches_the_task_s_word():
    text = '{"sku": "A-7", "qty": 12, "price": 3.5}'
    assert _ranked("item.json", text, "What quantity does item.json hold? q.txt")[0] == "12"
    # a short word is not a short form of another word ("me" is not "message")
    assert not abbreviates("me", "message") and abbreviates("kg", "kilograms")


@pytest.mark.parametrize(("text", "task", "first"), [
    ("oak\nbirch\n", "Is there a maple in trees.txt? Write yes or no to maple.txt", "no"),
    ("oak\nmaple\n", "Is there a maple in trees.txt? Write yes or no to maple.txt", "yes"),
    ("[net]\nproxy = on\n", "Does net.ini set a proxy? Answer true or false in p.txt", "true"),
])
def test_a_yes_no_question_offers_only_the_answer_the_file_gives(tmp_path, text, task, first):
    name = next(w for w in task.replace("?", " ").split() if w.endswith((".txt", ".ini"))
                and not w.startswith(("maple", "p.")))
    (tmp_path / name).write_text(text)
    where = situation(tmp_path, task)
    other = {"yes": "no", "no": "yes", "true": "false"}[first]
    assert where.texts[0] == first and other not in where.texts


def test_stated_alternatives_without_a_file_are_offered_in_the_task_s_order():
    assert derived.alternatives("Write red or blue to c.txt", {}, frozenset()) == (
        ["red", "blue"], [])
    assert derived.alternatives("Write a poem to c.txt", {}, frozenset()) == ([], [])


def test_a_superlative_then_first_is_an_order_and_reverse_order_is_offered():
    text = "5.2\n4.9\n6.1\n"
    assert _ranked("t.txt", text, "Put the times of t.txt in order, quickest first, in o.txt")[
        0] == "4.9\n5.2\n6.1"
    assert _ranked("steps.txt", "wake\nwash\neat\n",
                   "Write the lines of steps.txt backwards (reverse order) to b.txt")[
        0] == "eat\nwash\nwake"


def test_on_a_tie_the_value_the_task_s_own_words_name_wins():
    text = ('mode = "fast"\nlimit_hours = 8\nname = "x"\nowner = "y"\nzone = "z"\n'
            'q = 1\nr = 2\nt = 3\n')
    # "how many hours": the count of lines and limit_hours score alike; hours is the file's word
    assert _ranked("cfg.toml", text, "How many hours is the limit in cfg.toml? h.txt")[0] == "8"


def test_a_json_file_is_made_from_a_program_s_output_or_a_table_seen(tmp_path):
    (tmp_path / "gen.py").write_text('print(\'{"k": 1}\')\n')
    task = "Run gen.py and store what it prints in out.json"
    out = (("execute_python_file", "gen.py", 'STDOUT:\n{"k": 1}\n\nSTDERR:\n'),)
    where = situation(tmp_path, task, outputs=out)
    assert where.composed_for("out.json", "text")[0] == '{"k": 1}\n'
    (tmp_path / "t.csv").write_text("colour,n\nred,2\nblue,5\n")
    where = situation(tmp_path, "Make t.json out of t.csv: colour to n")
    assert where.composed_for("t.json", "text")[0] == '{\n  "red": 2,\n  "blue": 5\n}\n'


def test_flags_set_on_and_off_are_listed():
    text = '{"wifi": true, "bluetooth": false, "gps": true}'
    assert _ranked("dev.json", text, "Which radios are switched on in dev.json? list.txt")[
        0] == "wifi\ngps"
    assert _ranked("dev.json", text, "List the disabled ones of dev.json in off.txt")[
        0] == "bluetooth"


def test_a_markdown_file_s_questions_headings_and_items_are_counted():
    text = "# Help\n\n## Why?\nBecause.\n\n## How?\n- step one\n- step two\n- step three\n"
    assert _ranked("help.md", text, "How many questions does help.md ask? q.txt")[0] == "2"
    assert _ranked("help.md", text, "Count the bullets in help.md, write it to b.txt")[0] == "3"


def test_a_shaped_piece_is_offered_without_the_file_s_own_lines(tmp_path):
    (tmp_path / "runs.log").write_text("2025-01-02 5km\n2025-01-04 7km\n")
    where = situation(tmp_path, "runs.log: another entry => 2025-01-06 9km")
    assert "2025-01-02 5km" not in where.texts and "2025-01-04 7km" not in where.texts
