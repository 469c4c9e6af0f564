"""Values derived from data by its type, and files built in their type's grammar (fresh
wordings and data of mine, not the suites')."""

from __future__ import annotations

import configparser
import json
import subprocess
import sys

import pytest

from autonomo.agent.strategies import compose
from autonomo.agent.strategies.grounding import situation


def _offered(tmp_path, files: dict[str, str], task: str) -> tuple[str, ...]:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return situation(tmp_path, task).texts


def test_the_keys_of_an_ini_section_are_its_entries(tmp_path):
    texts = _offered(tmp_path, {"fleet.ini": "[vans]\nv-01\nv-02\n\n[trucks]\nt-07\n"},
                     "Which vehicles are listed under [vans] in fleet.ini? Put them in vans.txt")
    assert texts[0] == "v-01\nv-02"


def test_requirements_of_a_toml_file_are_offered_as_package_names(tmp_path):
    toml = ('[project]\nname = "x"\ndependencies = ["httpx>=0.27", "attrs"]\n\n'
            '[project.optional-dependencies]\ntest = ["pytest>=8", "hypothesis"]\n')
    texts = _offered(tmp_path, {"pyproject.toml": toml},
                     "Write the package names the project depends on (not the test extras) "
                     "from pyproject.toml to deps.txt, one per line")
    assert texts[0] == "httpx\nattrs"


def test_functions_of_a_module_and_those_sharing_a_prefix(tmp_path):
    source = ("def check_a():\n    pass\n\ndef check_b():\n    pass\n\n"
              "def helper():\n    pass\n")
    texts = _offered(tmp_path, {"probes.py": source},
                     "How many check functions does probes.py have? Save the count to n.txt")
    assert texts[0] == "2"
    texts = _offered(tmp_path, {}, "Which functions does probes.py define? Names to f.txt")
    assert texts[0] == "check_a\ncheck_b\nhelper"


@pytest.mark.parametrize(("task", "first"), [
    ("how many distinct cities are in trips.csv? put the number in cities.txt", "3"),
    ("How many of the trips in trips.csv were paid? The number goes in paid.txt", "2"),
    ("Which trips in trips.csv happened after March 2025? One per line in late.txt",
     "Lyon\nBergen"),
])
def test_a_table_s_distinct_values_marked_rows_and_rows_past_a_date(tmp_path, task, first):
    table = ("city,paid,day\nPorto,no,2025-01-12\nLyon,yes,2025-04-02\nPorto,no,2025-02-20\n"
             "Bergen,yes,2025-05-30\n")
    assert _offered(tmp_path, {"trips.csv": table}, task)[0] == first


def test_the_items_of_records_put_together_once(tmp_path):
    records = json.dumps([{"n": 1, "labels": ["red", "blue"]}, {"n": 2, "labels": ["blue"]},
                          {"n": 3, "labels": ["green", "red"]}])
    texts = _offered(tmp_path, {"cards.json": records},
                     "write each distinct label of cards.json into labels.txt")
    assert texts[0] == "red\nblue\ngreen"


def test_the_lines_one_list_has_that_the_other_lacks(tmp_path):
    texts = _offered(tmp_path, {"march.txt": "Ana\nBo\nCy\n", "april.txt": "Bo\nCy\nDee\nEd\n"},
                     "Compare march.txt and april.txt: who is only in april? "
                     "Write those names to added.txt")
    assert texts[0] == "Dee\nEd"


def test_an_ini_file_is_written_from_the_task_s_section_and_pairs():
    texts = compose.ini_texts("Make cache.ini with a [store] section, size = 512 and "
                              "ttl = 60", ["cache.ini"])
    parser = configparser.ConfigParser()
    parser.read_string(texts[0])
    assert dict(parser["store"]) == {"size": "512", "ttl": "60"}


def test_a_function_applies_the_arithmetic_the_task_states_in_order():
    text = compose.python_texts("create temp.py with a function to_f(c) - multiply by 1.8 "
                                "and then add 32")[0]
    run = subprocess.run([sys.executable, "-c", f"{text}\nprint(to_f(100))"],
                         capture_output=True, text=True, timeout=60, check=True)
    assert float(run.stdout) == pytest.approx(212)


def test_the_numbers_of_nested_records_are_totalled(tmp_path):
    basket = json.dumps({"shop": "kiosk", "lines": [{"sku": "T9", "count": 3},
                                                    {"sku": "K4", "count": 6}]})
    texts = _offered(tmp_path, {"basket.json": basket},
                     "What's the total count in basket.json? Write it to n.txt")
    assert texts[0] == "9"


def test_the_lines_that_hold_a_word_the_task_names(tmp_path):
    texts = _offered(tmp_path, {"boot.log": "WARN fan\nOK cpu\nWARN temp\nOK disk\n"},
                     "put every WARN line from boot.log into warnings.txt")
    assert texts[0] == "WARN fan\nWARN temp"
