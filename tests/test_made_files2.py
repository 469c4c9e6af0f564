"""Files made whole from what a task states or reads (session 22): a read file turned
round, a JSON of values read in a keyed file, the constants and percentage of a Python
module, pins in a file of any name, a list after a colon one item a line. Fresh wordings
and data of mine (none from a suite); each candidate is judged the way a check would: JSON
loads, Python runs and defines the names."""

from __future__ import annotations

import json

import pytest

from autonomo.agent.strategies import compose, spans, transforms
from autonomo.agent.strategies.grounding import situation


def _module(text: str) -> dict[str, object]:
    names: dict[str, object] = {}
    exec(compile(text, "made.py", "exec"), names)  # the candidate, as a check runs it
    return names


# -- versions of a read file -------------------------------------------------------------

def test_a_list_is_offered_turned_round_and_without_repeats():
    made = transforms.versions("kiwi\nfig\nkiwi\ndate\n")
    assert "date\nkiwi\nfig\nkiwi" in made  # bottom to top
    assert "date\nfig\nkiwi\nkiwi" not in made  # sorted: a fact its words key (facts)
    assert "kiwi\nfig\ndate" in made  # each once, in order
    assert "KIWI\nFIG\nKIWI\nDATE" in made and "kiwi\nfig\nkiwi\ndate" not in made
    # a part of a list is not offered (a short text always outscores the whole list)
    assert "kiwi" not in made and "date" not in made


def test_a_document_offers_its_heading_not_its_lines_reordered():
    made = transforms.versions("# Harbour opening hours\n\nMon-Fri 8-18\nSat 9-13\n")
    assert made[0] == "Harbour opening hours"
    assert not any(m.startswith("Sat 9-13") for m in made)
    assert transforms.versions("Minutes of March\n\nAll present.")[0] == "Minutes of March"


def test_a_version_equal_to_the_text_is_not_offered():
    assert transforms.versions("A\nB\nC") == ["C\nB\nA", "a\nb\nc"]  # unique, upper: the same
    assert transforms.versions("") == [] and transforms.versions("x" * 5000) == []


def test_a_new_file_from_a_read_file_is_offered_its_versions(tmp_path):
    (tmp_path / "relay.txt").write_text("Ines\nTomas\nWren\n")
    where = situation(tmp_path, "Using relay.txt, put the runners down from bottom "
                                "to top into relay_back.txt")
    assert where.texts[0] == "Wren\nTomas\nInes"
    assert "Ines" not in where.texts  # a line alone: not beside the whole
    (tmp_path / "slogan.txt").write_text("Fresh bread daily\n")
    shout = situation(tmp_path, "copy slogan.txt's words as shouting into sign.txt")
    assert "FRESH BREAD DAILY" in shout.texts


def test_no_versions_when_the_task_writes_no_new_file(tmp_path):
    (tmp_path / "relay.txt").write_text("Ines\nTomas\nWren\n")
    where = situation(tmp_path, "add Pia to the end of relay.txt")
    assert "Wren\nTomas\nInes" not in where.texts


# -- JSON of values read -----------------------------------------------------------------

def test_a_json_template_is_filled_with_the_values_read():
    seen = [("db.ini", "[main]\nhost = 10.0.0.7\ntimeout = 12\n")]
    made = compose.read_json('take the timeout from db.ini and write t.json as '
                             '{"timeout": <the timeout>}', seen)
    assert [json.loads(t) for t in made] == [{"timeout": 12}]


def test_a_quoted_placeholder_of_a_json_template_is_filled_too():
    """``"<that port>"`` in quotes is a hole like ``<that port>``, not the text "null"."""
    seen = [("server.ini", "[net]\nport = 8081\nhost = box\n")]
    made = compose.read_json('Read server.ini and write p.json as '
                             '{"port": "<that port>", "env": "prod"}', seen)
    assert [json.loads(t) for t in made] == [{"port": 8081, "env": "prod"}]


def test_keys_the_task_names_are_read_into_a_new_object():
    seen = [("app.env", "REGION=north\nWORKERS=6\nDEBUG=false\n")]
    made = compose.read_json("Build settings.json holding the region and workers of app.env",
                             seen)
    assert json.loads(made[0]) == {"region": "north", "workers": 6}
    # a key whose value the task states itself is not read
    assert compose.read_json("Build b.json with workers set to 2 and the region of app.env",
                             seen) == ['{"region": "north"}']
    # nothing keyed read, or no key named: nothing
    assert compose.read_json("make x.json with the region", [("a.txt", "hello there")]) == []


def test_a_key_with_its_value_linked_by_words_is_not_taken_for_a_colon_pair():
    made = compose.json_texts("Write fan.json, three settings: speed set to 3, "
                              "swing set to true and timer set to 30", ["fan.json"], None)
    assert {"speed": 3, "swing": True, "timer": 30} in [json.loads(t) for t in made]
    assert not any("settings" in json.loads(t) for t in made)


# -- Python modules ----------------------------------------------------------------------

@pytest.mark.parametrize(("task", "expected"), [
    ("make config.py defining RETRY_LIMIT = 4 and HOSTS, a list of 'alpha', 'beta' and "
     "'gamma'", {"RETRY_LIMIT": 4, "HOSTS": ["alpha", "beta", "gamma"]}),
    ("Create units.py where SPEED_OF_SOUND is 343.2 and AXES as a tuple of x, y and z",
     {"SPEED_OF_SOUND": 343.2, "AXES": ("x", "y", "z")}),
])
def test_constants_are_defined_by_their_names_shape(task, expected):
    made = compose.python_texts(task)
    names = _module(made[0])
    assert {k: names[k] for k in expected} == expected


def test_a_percentage_is_added_or_taken_off_by_the_words_around_it():
    plus = compose.python_texts("write tip.py with a function with_tip(bill) returning the "
                                "bill plus a 15% tip")
    assert _module(plus[0])["with_tip"](200) == pytest.approx(230)
    off = compose.python_texts("sale.py: a function sale(price) that gives the price with "
                               "30% off")
    assert _module(off[0])["sale"](50) == pytest.approx(35)
    assert len(off) == 1
    # no word of adding or taking off: the share first, every reading compiles
    share = compose.python_texts("fee.py with a function fee(amount) giving 4% of amount")
    assert _module(share[0])["fee"](50) == pytest.approx(2)
    assert len(share) == 3 and all(_module(t) for t in share)


def test_constants_come_with_the_function_in_one_module():
    made = compose.python_texts("Write shop.py: VAT_RATE = 20 and a function gross(net) that "
                                "returns net * 1.2")
    names = _module(made[0])
    assert names["VAT_RATE"] == 20 and names["gross"](10) == pytest.approx(12)


# -- pins and lines ----------------------------------------------------------------------

def test_pins_are_made_for_a_file_of_any_name_only_by_their_shape():
    assert compose.pinned_lines("lock.txt pinning attrs to 23.2.0 and idna at 3.7") == [
        "attrs==23.2.0\nidna==3.7"]
    # amounts are not versions
    assert compose.pinned_lines("shopping.txt: apples 3 and pears 4") == []


@pytest.mark.parametrize(("task", "text"), [
    ("Put the tent gear in kit.txt, one per line: poles, 12 pegs, fly sheet",
     "poles\n12 pegs\nfly sheet"),
    ("list the doses in meds.txt on separate lines: 5 ml syrup, 2 tablets",
     "5 ml syrup\n2 tablets"),
])
def test_a_list_after_a_colon_that_asks_for_lines_is_one_item_a_line(task, text):
    names = [w.rstrip(",:") for w in task.split() if w.rstrip(",:").endswith(".txt")]
    assert text in spans.literals(task, names)


def test_a_list_stated_as_lines_is_offered_without_its_parts(tmp_path):
    where = situation(tmp_path, "Note the tyre pressures in bike.txt, one per line: "
                                "front 2.1 bar, rear 2.4 bar")
    assert where.texts[0] == "front 2.1 bar\nrear 2.4 bar"
    assert "front 2.1 bar" not in where.texts and "2.4" not in where.texts


def test_pins_for_a_file_of_any_name_come_alone(tmp_path):
    where = situation(tmp_path, "make lock.txt pinning attrs to 23.2.0 and idna at 3.7")
    assert where.texts == ("attrs==23.2.0\nidna==3.7",)


# -- files grouped by a date in their names ----------------------------------------------

def test_files_are_filtered_by_the_month_of_the_date_in_their_names(tmp_path):
    (tmp_path / "scans").mkdir()
    for name in ("2025-02-11_gas.pdf", "2025-03-02_water.pdf", "2025-03-29_rent.pdf",
                 "2025-04-05_phone.pdf"):
        (tmp_path / "scans" / name).write_text("x")
    where = situation(tmp_path, "Which scans in scans/ date from March? Names in march.txt")
    assert where.texts[0] == "2025-03-02_water.pdf\n2025-03-29_rent.pdf"
    counted = situation(tmp_path, "how many of the scans/ files are from April -> n.txt")
    assert counted.texts[0] == "1"


def test_only_values_of_the_shape_the_task_names_are_offered(tmp_path):
    (tmp_path / "crew.csv").write_text("role,name,contact\nskipper,Oona Pratt,oona@sail.example\n"
                                       "cook,Bram Lee,bram@sail.example\n")
    where = situation(tmp_path, "look up the skipper's email in crew.csv, save it to s.txt")
    assert where.texts[0] == "oona@sail.example" and "Oona Pratt" not in where.texts
    from autonomo.agent.strategies import values
    assert values.of_named_kind("the link please", ["Docs", "https://x.example/a"]) == [
        "https://x.example/a"]
    assert values.of_named_kind("the skipper", ["Oona", "o@x.example"]) == [
        "Oona", "o@x.example"]
    # a version is not filtered by its name: "2.1" reads as a number, not a version
    assert values.of_named_kind("which version of flask", ["2.1", "2.31.0"]) == [
        "2.1", "2.31.0"]


def test_an_area_asked_in_a_unit_squared_is_the_product_of_two_lengths(tmp_path):
    (tmp_path / "tile.txt").write_text("Terracotta tile\nside: 30 cm\nother side: 45 cm\n")
    where = situation(tmp_path, "How big is the tile in tile.txt, in sq cm? Put it in a.txt")
    assert where.texts[0] == "1350"
    # no unit squared asked: no product
    plain = situation(tmp_path, "How long is the other side in tile.txt? Put it in b.txt")
    assert "1350" not in plain.texts


def test_numbers_with_one_dot_are_pins_only_after_to_or_at():
    assert compose.pinned_lines("versions.txt: python at 3.12 and node to 20.11",
                                ["versions.txt"]) == ["python==3.12\nnode==20.11"]
    assert compose.pinned_lines("laps.txt: Ines 41.2, Tomas 39.8 and Wren 40.1",
                                ["laps.txt"]) == []
    # a CSV or JSON file is composed in its own shape, never as pins
    assert compose.pinned_lines("make t.csv with rows lib 2.1.3 and app 1.0.4", ["t.csv"]) == []


@pytest.mark.parametrize(("task", "lines"), [
    ("Start a .dockerignore that leaves out build/ and *.tmp", "build/\n*.tmp"),
    ("ignore .env.local and coverage/ in git", ".env.local\ncoverage/"),
])
def test_two_patterns_joined_by_and_are_two_lines(task, lines):
    from autonomo.agent.strategies.compose import enumerated_lines

    assert lines in enumerated_lines(task)
    assert enumerated_lines("Buy bread and milk") == []  # (words: prose, not lines)


def test_patterns_listed_as_lines_are_offered_without_the_task_s_phrases(tmp_path):
    where = situation(tmp_path, "Start a .dockerignore that leaves out build/ and *.tmp")
    assert where.texts == ("build/\n*.tmp",)
