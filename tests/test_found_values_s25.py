"""Values found by the words around them (session 25): a field of the record the task names
by its other values, a quantity asked by its unit, a pinned version without its operator,
a column's distinct values in order, the keys of a nested object. Each rule: what the
grammar offers first, and what the verifier confirms, with wrong twins that stay
unverified. Every wording here is this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.strategies.grounding import situation
from test_verifying import _judge
from test_verifying_s24 import _new


def _offered(tmp_path: Path, files: dict[str, str], task: str) -> tuple[str, ...]:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return situation(tmp_path, task).texts


PETS = {"pets.json": '{"pets": [{"name": "Biscuit", "species": "dog", "chip": "CH-7781"},'
                     ' {"name": "Pebble", "species": "cat", "chip": "CH-7790"},'
                     ' {"name": "Clover", "species": "rabbit", "chip": "CH-7802"}]}'}
BOOKINGS = {"bookings.csv": "guest,room,nights\nAdeyemi,214,2\nOkafor,305,4\nLindqvist,118,1\n"}
SKUS = {"skus.json": '[{"model": "Aster Go", "colour": "red", "sku": "AS2-R"},'
                     ' {"model": "Aster Go", "colour": "black", "sku": "AS2-B"},'
                     ' {"model": "Aster Pro", "colour": "red", "sku": "AS3-R"}]'}
FLEET = {"fleet.csv": "plate,make,driver\nKL-204,Volvo,Ruth\nKL-311,Skoda,Emeka\n"
                      "KL-388,Fiat,Sunniva\n"}
STUDIOS = {"studios.json": '{"rooms": [{"label": "north studio", "capacity": 12},'
                           ' {"label": "south studio", "capacity": 30},'
                           ' {"label": "attic", "capacity": 6}]}'}


@pytest.mark.parametrize(("files", "task", "value"), [
    (PETS, "what's the chip id of the cat in pets.json? write it to chip.txt", "CH-7790"),
    (BOOKINGS, "bookings.csv: which room is Okafor in? Room only into okafor_room.txt", "305"),
    (SKUS, "the sku of the black Aster Go from skus.json -> black_sku.txt", "AS2-B"),
    (FLEET, "Who drives the Skoda? fleet.csv has it; the driver goes in skoda.txt", "Emeka"),
    (STUDIOS, "capacity of the south studio (studios.json) into cap.txt please", "30"),
])
def test_a_field_of_the_record_its_other_values_name_is_offered_first(tmp_path, files, task,
                                                                      value):
    assert _offered(tmp_path, files, task)[0] == value


def test_a_value_many_records_share_names_none_of_them(tmp_path):
    """"Lyon" of three parcels picks no parcel: the count comes first."""
    files = {"crates.csv": "crate,port\nC1,Oslo\nC2,Riga\nC3,Oslo\nC4,Oslo\nC5,Gdansk\n"}
    assert _offered(tmp_path, files, "crates.csv - how many crates go to Oslo? put the "
                                     "count in oslo.txt")[0] == "3"


ORDERS = {"orders.json": '{"orders": [{"item": "lamp, brass", "tracking": "TR-5501"},'
                         ' {"item": "lamp, glass", "tracking": "TR-5512"},'
                         ' {"item": "vase", "tracking": "TR-5530"}]}'}
STAFF = {"staff.csv": "name,desk,phone\nIgor Brandt,D4,5512\nMina Sato,B2,5530\n"
                      "Ivo Brandt,C7,5547\n"}


@pytest.mark.parametrize(("files", "task", "right", "wrong"), [
    (ORDERS, "look up the tracking of the glass lamp in orders.json and save it in t.txt",
     "TR-5512", "TR-5501"),
    (ORDERS, "orders.json: tracking for the brass lamp? into t.txt", "TR-5501", "TR-5512"),
    (STAFF, "Mina Sato's desk, from staff.csv, into t.txt", "B2", "C7"),
    (STAFF, "what desk is Ivo Brandt at? see staff.csv; write it to t.txt", "C7", "D4"),
    (SKUS, "sku of the red Aster Pro in skus.json -> t.txt", "AS3-R", "AS2-R"),
])
def test_the_record_s_field_is_verified_and_another_record_s_is_not(tmp_path, files, task,
                                                                      right, wrong):
    ok, why = _judge(tmp_path / "a", task, files, _new("t.txt", right + "\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, files, _new("t.txt", wrong + "\n"))[0]


@pytest.mark.parametrize(("text", "task", "value"), [
    ("Boil 3 litres of water.\nAdd 5 litres of stock later.\n",
     "soup.txt: how many litres of water? just the number into water.txt", "3"),
    ("Warm-up: 10 km easy.\nMain ride: 65 km with two climbs.\n",
     "How many km is the main ride, per soup.txt? Number only -> ride_km.txt", "65"),
    ("Rest the dough 30 minutes, then bake it 20 minutes.\n",
     "soup.txt - how many minutes does the dough rest? into rest.txt", "30"),
    ("The hike is 14 miles, with 3 miles of steep ascent.\n",
     "how many miles is the hike in soup.txt? save just that number to miles.txt", "14"),
    ("Dose: 250 mg twice daily. Never more than 1000 mg a day.\n",
     "From soup.txt, how many mg is one dose? Put the figure in dose.txt", "250"),
])
def test_how_many_of_a_unit_asks_the_quantity_not_the_word_s_count(tmp_path, text, task,
                                                                   value):
    # (the unit's word occurs twice: not that count)
    assert _offered(tmp_path, {"soup.txt": text}, task)[0] == value


PINS = "numpydoc==1.7.0\nnumpy==1.26.4\nrequests~=2.31.0\nrich>=13.7\n"


@pytest.mark.parametrize(("task", "value"), [
    ("which numpy version is pinned in reqs.txt? write the version to v.txt", "1.26.4"),
    ("reqs.txt: what version of requests is pinned? version number only -> v.txt", "2.31.0"),
    ("Put the pinned rich version from reqs.txt into v.txt", "13.7"),
    ("numpydoc's pinned version (reqs.txt) goes in v.txt", "1.7.0"),
    ("What's the pinned version of numpy, per reqs.txt? save it to v.txt", "1.26.4"),
])
def test_a_pinned_version_is_offered_and_verified_without_its_operator(tmp_path, task, value):
    assert _offered(tmp_path / "o", {"reqs.txt": PINS}, task)[0] == value
    ok, why = _judge(tmp_path / "a", task, {"reqs.txt": PINS}, _new("v.txt", value + "\n"))
    assert ok, why
    for wrong in (f"=={value}", "1.26.3", f"~={value}"):
        assert not _judge(tmp_path / wrong, task, {"reqs.txt": PINS},
                          _new("v.txt", wrong + "\n"))[0]


TRIPS = {"trips.csv": "id,town,km\n1,York,12\n2,Bath,40\n3,York,9\n4,Hull,31\n5,Bath,7\n"}


@pytest.mark.parametrize("task", [
    "Put the distinct towns from trips.csv into towns.txt, one per line, alphabetical",
    "towns.txt should list every town in trips.csv once, sorted",
    "I need the towns of trips.csv: no duplicates, A to Z, one a line, in towns.txt",
    "write the unique towns (trips.csv) to towns.txt in alphabetical order",
    "trips.csv - each different town once, sorted alphabetically -> towns.txt",
])
def test_a_column_s_distinct_values_sorted_are_offered_and_verified(tmp_path, task):
    assert _offered(tmp_path / "o", TRIPS, task)[0] == "Bath\nHull\nYork"
    ok, why = _judge(tmp_path / "a", task, TRIPS, _new("towns.txt", "Bath\nHull\nYork\n"))
    assert ok, why
    for wrong in ("York\nBath\nHull\n", "Bath\nBath\nHull\nYork\nYork\n", "Bath\nHull\n"):
        assert not _judge(tmp_path / str(len(wrong)), task, TRIPS, _new("towns.txt", wrong))[0]


def test_a_column_asked_sorted_is_never_verified_in_the_file_s_order(tmp_path):
    files = {"birds.csv": "species,count\nwren,3\nheron,1\nkite,2\n"}
    task = "list the species column of birds.csv in b.txt, sorted"
    assert not _judge(tmp_path / "a", task, files, _new("b.txt", "wren\nheron\nkite\n"))[0]
    assert _judge(tmp_path / "b", task, files, _new("b.txt", "heron\nkite\nwren\n"))[0]


PREFS = {"prefs.json": '{"version": 3, "theme": {"accent": "teal", "font_size": 14},'
                       ' "editor": {"tab_width": 4, "wrap": true}}'}


@pytest.mark.parametrize(("task", "keys"), [
    ('prefs.json: write the names of the keys inside its "theme" section to k.txt, one per line',
     "accent\nfont_size"),
    ("prefs.json has an editor object. I need its key names in k.txt, a line each",
     "tab_width\nwrap"),
    ("List the keys under 'editor' in prefs.json -> k.txt", "tab_width\nwrap"),
    ("k.txt: the theme keys of prefs.json, each on its own line", "accent\nfont_size"),
    ("what keys does the theme object of prefs.json have? one per line in k.txt",
     "accent\nfont_size"),
])
def test_the_keys_of_a_named_object_are_offered_and_verified(tmp_path, task, keys):
    assert _offered(tmp_path / "o", PREFS, task)[0] == keys
    ok, why = _judge(tmp_path / "a", task, PREFS, _new("k.txt", keys + "\n"))
    assert ok, why
    for wrong in ("version\ntheme\neditor\n", "theme\n", "editor\n", keys.split("\n")[0]):
        assert not _judge(tmp_path / str(len(wrong)), task, PREFS, _new("k.txt", wrong))[0]


@pytest.mark.parametrize(("task", "quoted"), [
    ('write the keys of the "db" table in cfg.json to k.txt', "db"),
    ("the entries under 'paths' in cfg.json, one per line, into k.txt", "paths"),
    ("cfg.json: names of the fields in its 'db' object -> k.txt", "db"),
])
def test_a_quoted_word_naming_a_part_of_a_file_is_no_text_to_write(tmp_path, task, quoted):
    files = {"cfg.json": '{"db": {"host": "h1", "port": 5432}, "paths": {"logs": "/l", '
                         '"tmp": "/t"}}'}
    assert quoted not in _offered(tmp_path / "o", files, task)
    assert not _judge(tmp_path / "a", task, files, _new("k.txt", quoted + "\n"))[0]


def test_a_quoted_text_to_write_stays_a_text_to_write(tmp_path):
    """"add a 'Usage' section": the quoted word is what to write."""
    assert "Usage" in _offered(tmp_path, {"notes.md": "# Notes\n"},
                               "append a 'Usage' line to notes.md")


@pytest.mark.parametrize("task", [
    "prefs.json has an editor object. I need its key names in k.txt, a line each",
    "List the keys under 'editor' in prefs.json -> k.txt",
])
def test_the_keys_of_a_named_object_end_finished_and_the_top_level_keys_do_not(tmp_path, task):
    """The finish check asked for the top level's keys ("should list version, theme,
    editor"), so the right list was refused and rewritten until the run stopped."""
    from finish_fresh_cases import W
    from test_finishing_precise import play
    got, status = play(tmp_path / "right", task, PREFS, [W("k.txt", "tab_width\nwrap\n")])
    assert got == "ran" and status == "finished", (got, status)
    got, status = play(tmp_path / "top", task, PREFS, [W("k.txt", "version\ntheme\neditor\n")])
    assert status != "finished", (got, status)


CLUB = {"club.json": '{"club": "Kestrel Rowing", "founded": 1991, "rowers": ["Ana", "Bo", '
                     '"Cy", "Di", "Ed"], "coaches": ["Ana", "Fay"]}'}


@pytest.mark.parametrize("task", [
    "How many entries are in the rowers list of club.json? Answer in n.txt",
    "count the rowers in club.json -> n.txt",
    "club.json: number of rowers? put it in n.txt",
    "how many rowers does club.json list? write the number to n.txt",
    "n.txt should get the number of items in the rowers array of club.json",
])
def test_the_count_of_a_named_list_below_the_top_is_verified(tmp_path, task):
    ok, why = _judge(tmp_path / "a", task, CLUB, _new("n.txt", "5\n"))
    assert ok, why
    for wrong in ("2", "4", "7"):  # (the coaches, the top level's keys, both lists)
        assert not _judge(tmp_path / wrong, task, CLUB, _new("n.txt", wrong + "\n"))[0]


DROPS = {"drops.csv": "id,city,kg\n1,Ghent,3\n2,Leuven,5\n3,Ghent,2\n4,Namur,1\n"}


@pytest.mark.parametrize(("task", "answer"), [
    ("Put the distinct cities from drops.csv into cities.txt, alphabetical", "cities.txt"),
    ("cities.txt: the unique cities of drops.csv, sorted", "cities.txt"),
    ("list each city in drops.csv once, A to Z, in city_list.txt", "city_list.txt"),
    ("write the different cities in drops.csv, in alphabetical order, to c.txt", "c.txt"),
    ("which cities does drops.csv have? no duplicates, sorted, into cities.txt", "cities.txt"),
])
def test_a_column_named_in_the_plural_in_ies_is_the_column(tmp_path, task, answer):
    ok, why = _judge(tmp_path / "a", task, DROPS, _new(answer, "Ghent\nLeuven\nNamur\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, DROPS, _new(answer, "Ghent\nLeuven\nGhent\nNamur\n"))[0]
    assert not _judge(tmp_path / "c", task, DROPS, _new(answer, "Leuven\nGhent\nNamur\n"))[0]


@pytest.mark.parametrize("answer", ["fixme_tally.txt", "fixme_count.txt", "fixme_total.txt",
                                    "fixmes_number.txt", "tally.txt"])
def test_an_answer_file_named_for_a_count_says_nothing_more(tmp_path, answer):
    files = {"job.py": "# FIXME: config\nimport os\n# FIXME retries\nx = 1  # FIXME later\n"}
    task = f"Count the FIXME comments in job.py and save the count to {answer}"
    ok, why = _judge(tmp_path / "a", task, files, _new(answer, "3\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, files, _new(answer, "2\n"))[0]


@pytest.mark.parametrize("task", [
    "write the different cities that drops.csv mentions, in alphabetical order, to c.txt",
    "copy the cities of drops.csv, sorted, into c.txt",
])
def test_a_list_s_layout_is_no_value_to_write(tmp_path, task):
    for said in ("in alphabetical order", "sorted"):
        assert not _judge(tmp_path / said, task, DROPS, _new("c.txt", said + "\n"))[0]


@pytest.mark.parametrize("task", [
    "pond.csv: how many frogs are logged, not counting the header row? -> n.txt",
    "Count the rows of pond.csv excluding the header, into n.txt",
    "number of frogs in pond.csv without the header line? save to n.txt",
    "how many records does pond.csv hold (apart from the header)? n.txt please",
    "pond.csv - frogs counted, except for the header row, go in n.txt",
])
def test_a_count_without_the_header_counts_the_rows(tmp_path, task):
    files = {"pond.csv": "frog,seen\ncommon,2026-04-02\nmarsh,2026-04-02\npool,2026-04-05\n"
                         "edible,2026-04-09\nagile,2026-04-09\n"}
    assert _offered(tmp_path, files, task)[0] == "5"


STACK = ("services:\n  web:\n    ports: [\"80:80\"]\n  api:\n    volumes: [a, b, c]\n"
         "  queue:\n    image: q\nvolumes:\n  a: {}\n")


@pytest.mark.parametrize("task", [
    "stack.yaml: how many services are defined in it? answer in n.txt",
    "count the services in stack.yaml -> n.txt",
    "How many services does stack.yaml declare? put the number in n.txt",
    "number of services in stack.yaml into n.txt",
    "n.txt should hold how many services stack.yaml has",
])
def test_a_named_object_s_entries_are_counted_not_a_list_deeper_in_it(tmp_path, task):
    assert _offered(tmp_path / "o", {"stack.yaml": STACK}, task)[0] == "3"
    ok, why = _judge(tmp_path / "a", task, {"stack.yaml": STACK}, _new("n.txt", "3\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, {"stack.yaml": STACK}, _new("n.txt", "1\n"))[0]


@pytest.mark.parametrize(("task", "value"), [
    ("how many addresses are in guests.txt? put the number in n.txt", "4"),
    ("count the e-mail addresses in guests.txt -> n.txt", "4"),
    ("guests.txt: number of addresses? n.txt", "4"),
    ("How many boxes are listed in crates.txt? into n.txt", "3"),
    ("crates.txt - how many boxes? the count in n.txt", "3"),
])
def test_a_plural_in_es_is_the_word_it_counts(tmp_path, task, value):
    files = {"guests.txt": "# party guests\nana@a.example\nbo@b.example\n\ncy@c.example\n"
                           "di@d.example\n",
             "crates.txt": "crates: 2\nbox A\nbox B\nbox C\n"}
    assert _offered(tmp_path, files, task)[0] == value


RUNS = {"runs.csv": "day,run,km\n2026-05-01,1,8\n2026-05-01,2,12\n2026-05-03,1,15\n"
                    "2026-05-05,1,10\n2026-05-06,1,21\n"}


PEOPLE = {"people.csv": "name,team,joined\nZoe,red,2024\nAmir,blue,2023\nKai,red,2025\n"
                        "Bea,green,2022\n"}


PRODUCTS = {"products.json": '{"products": [{"sku": "A1", "category": "tools"}, {"sku": "B2", '
                             '"category": "garden"}, {"sku": "C3", "category": "tools"}, '
                             '{"sku": "D4", "category": "kitchen"}]}'}


@pytest.mark.parametrize("task", [
    "list the distinct categories in products.json into c.txt, one per line",
    "which categories does products.json have? each once, into c.txt",
    "c.txt: the unique categories of products.json",
    "write the categories of products.json without duplicates to c.txt",
    "products.json - different categories, one a line -> c.txt",
])
def test_a_field_s_distinct_values_of_json_records_are_offered(tmp_path, task):
    assert set(_offered(tmp_path, PRODUCTS, task)[0].split("\n")) == {"tools", "garden",
                                                                       "kitchen"}


MENU = {"prices.md": "# Prices\n\n| drink | small | large |\n|---|---|---|\n"
                     "| coffee | 2.10 | 2.90 |\n| tea | 1.80 | 2.30 |\n| cocoa | 2.40 | 3.10 |\n"}


TRIP = {"trip.md": "# Trip\n\n## Packing\n- tent\n- stove\n- headlamp\n\n## Food\n- rice\n"
                   "- beans\n"}


KILN = {"kiln.md": "# Firing\nBisque at 1000 degrees for about 8 hours.\n"
                   "Glaze: cone 6, hold 20 minutes at the top.\nCool 2 days.\n"}


@pytest.mark.parametrize(("task", "right", "wrong"), [
    ("kiln.md: how many minutes is the hold at the top? number only into n.txt", "20", "6"),
    ("How many hours does the bisque take, per kiln.md? save it to n.txt", "8", "1000"),
    ("how many days to cool (kiln.md)? write it in n.txt", "2", "8"),
    ("From kiln.md: the hold at the top, in minutes? -> n.txt", "20", "1000"),
    ("kiln.md - how many degrees for the bisque? n.txt gets the figure", "1000", "8"),
])
def test_a_quantity_asked_by_its_unit_is_verified(tmp_path, task, right, wrong):
    ok, why = _judge(tmp_path / "a", task, KILN, _new("n.txt", right + "\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, KILN, _new("n.txt", wrong + "\n"))[0]


@pytest.mark.parametrize(("text", "task"), [
    ("Bake 45 minutes, then rest 10 minutes.\n", "how many minutes does it bake in r.md? n.txt"),
    ("The ferry takes 1 hour 15 minutes.\n", "how many minutes does the ferry take (r.md)? n.txt"),
    ("Ferry: 40 minutes.\nBus: 25 minutes.\n", "how many minutes does it take, per r.md? n.txt"),
])
def test_a_quantity_the_file_does_not_tell_apart_is_not_verified(tmp_path, text, task):
    for value in ("45", "10", "15", "75", "40", "25"):
        assert not _judge(tmp_path / value, task, {"r.md": text}, _new("n.txt", value + "\n"))[0]


DESK = {"desk.md": "# Help desk\n\n## Billing\nmail: pay@desk.example\nopen: 09:00\n\n"
                   "## Repairs\nmail: fix@desk.example\nopen: 07:30\nsite: https://fix.desk.example/\n"}


@pytest.mark.parametrize(("task", "right", "wrong"), [
    ("Find the repairs e-mail address in desk.md and save it in a.txt", "fix@desk.example",
     "pay@desk.example"),
    ("desk.md: what's the billing email? -> a.txt", "pay@desk.example", "fix@desk.example"),
    ("when does Repairs open, according to desk.md? put the time in a.txt", "07:30", "09:00"),
    ("a.txt: the time Billing opens, from desk.md", "09:00", "07:30"),
    ("the Repairs website from desk.md into a.txt", "https://fix.desk.example/",
     "pay@desk.example"),
])
def test_a_value_of_a_named_shape_under_a_named_heading_is_verified(tmp_path, task, right,
                                                                    wrong):
    ok, why = _judge(tmp_path / "a", task, DESK, _new("a.txt", right + "\n"))
    assert ok, why
    assert not _judge(tmp_path / "b", task, DESK, _new("a.txt", wrong + "\n"))[0]


def test_a_description_naming_the_file_to_read_is_no_value_to_write(tmp_path):
    task = "a.txt: the opening time under Billing in desk.md"
    assert not _judge(tmp_path, task, DESK, _new("a.txt", "the opening time under Billing in "
                                                         "desk.md\n"))[0]


BOARD = {"board.txt": "Board 2026\nChair: Olu Bakare\nTreasurer: Ana Silva (ana@club.example)\n"
                      "Secretary = Per Lund <per@club.example>\n"}


STOPS = {"stops.txt": "Harbour Street\nMill Lane SHUT\nStation Road\nChurch Green\n",
         "dues.txt": "Ana - paid\nBo - OVERDUE\nCy - paid\nDee - OVERDUE\n"}
DIARY = {"diary.txt": "Took the bus to town. The bus was late.\nWalked home; no bus after 9.\n"
                      "Busy day.\n"}

#: (files, task, the text offered first), by rule (five wordings of this file's own each)
FIRST = [
    pytest.param(STOPS, "stops.txt marks one stop as SHUT; its name into shut.txt", "Mill Lane",
                 id="marked_line"),
    pytest.param(STOPS, "Which stop is SHUT in stops.txt? write the stop name to s.txt",
                 "Mill Lane", id="marked_line"),
    pytest.param(STOPS, "who is OVERDUE in dues.txt? names only into late.txt", "Bo\nDee",
                 id="marked_line"),
    pytest.param(STOPS, "dues.txt: the OVERDUE members -> late.txt", "Bo\nDee",
                 id="marked_line"),
    pytest.param(STOPS, "write the names marked OVERDUE in dues.txt to late.txt", "Bo\nDee",
                 id="marked_line"),
    pytest.param(DIARY, "how often does 'bus' appear in diary.txt? number only into n.txt", "3",
                 id="how_often"),
    pytest.param(DIARY, "How many times is the word bus used in diary.txt? n.txt", "3",
                 id="how_often"),
    pytest.param(DIARY, "how often is bus mentioned in diary.txt -> n.txt", "3",
                 id="how_often"),
    pytest.param(DIARY, "diary.txt: how often did I write bus? the count in n.txt", "3",
                 id="how_often"),
    pytest.param(DIARY, "Count how many times bus occurs in diary.txt; n.txt", "3",
                 id="how_often"),
    pytest.param(RUNS, "How many runs in runs.csv went over 10 km? Just the number into n.txt",
                 "3", id="how_many_list"),
    pytest.param(RUNS, "runs.csv: count the runs of more than 10 km -> n.txt",
                 "3", id="how_many_list"),
    pytest.param(RUNS, "runs.csv: count the runs longer than 10 -> n.txt", "3", id="how_many_list"),
    pytest.param(RUNS, "number of runs above 10 km in runs.csv? put it in n.txt",
                 "3", id="how_many_list"),
    pytest.param(RUNS, "How many runs had more than 10 km (runs.csv)? n.txt gets the count",
                 "3", id="how_many_list"),
    pytest.param(RUNS, "In runs.csv, how many runs were over 10? write the number to n.txt",
                 "3", id="how_many_list"),
    pytest.param(PEOPLE, "Write the names from people.csv to n.txt, sorted alphabetically, "
                 "one per line",
                 "Amir\nBea\nKai\nZoe", id="column_sorted"),
    pytest.param(PEOPLE, "n.txt: every name in people.csv, A to Z",
                 "Amir\nBea\nKai\nZoe", id="column_sorted"),
    pytest.param(PEOPLE, "put the people.csv names in alphabetical order into n.txt",
                 "Amir\nBea\nKai\nZoe", id="column_sorted"),
    pytest.param(PEOPLE, "sort the names of people.csv and save them to n.txt",
                 "Amir\nBea\nKai\nZoe", id="column_sorted"),
    pytest.param(PEOPLE, "List the name column of people.csv in n.txt, sorted",
                 "Amir\nBea\nKai\nZoe", id="column_sorted"),
    pytest.param(MENU, "What does a large tea cost according to prices.md? write the price "
                 "to p.txt",
                 "2.30", id="markdown_table"),
    pytest.param(MENU, "prices.md: the price of a small cocoa -> p.txt",
                 "2.40", id="markdown_table"),
    pytest.param(MENU, "large coffee price from prices.md into p.txt", "2.90", id="markdown_table"),
    pytest.param(MENU, "How much is a small tea (see prices.md)? p.txt please",
                 "1.80", id="markdown_table"),
    pytest.param(MENU, "p.txt should hold the large cocoa price in prices.md",
                 "3.10", id="markdown_table"),
    pytest.param(TRIP, "Which items are under Packing in trip.md? one per line into p.txt",
                 "tent\nstove\nheadlamp", id="section_items"),
    pytest.param(TRIP, "how many items are listed under Food in trip.md? answer in p.txt",
                 "2", id="section_items"),
    pytest.param(TRIP, "trip.md: copy the Food list, a line each, to p.txt",
                 "rice\nbeans", id="section_items"),
    pytest.param(TRIP, "count the Packing bullets in trip.md -> p.txt", "3", id="section_items"),
    pytest.param(TRIP, "how many bullet points does trip.md have in all? p.txt",
                 "5", id="section_items"),
    pytest.param(BOARD, "Who is the treasurer? see board.txt; name only into t.txt",
                 "Ana Silva", id="bracketed_name"),
    pytest.param(BOARD, "Treasurer in board.txt? write their name to t.txt",
                 "Ana Silva", id="bracketed_name"),
    pytest.param(BOARD, "the secretary's name from board.txt -> t.txt",
                 "Per Lund", id="bracketed_name"),
    pytest.param(BOARD, "board.txt: who is secretary? t.txt", "Per Lund", id="bracketed_name"),
    pytest.param(BOARD, "the treasurer e-mail in board.txt -> t.txt",
                 "ana@club.example", id="bracketed_name"),
]


@pytest.mark.parametrize(("files", "task", "value"), FIRST)
def test_the_value_the_task_asks_is_offered_first(tmp_path, files, task, value):
    assert _offered(tmp_path, files, task)[0] == value


@pytest.mark.parametrize(("task", "right"), [
    ("stops.txt marks one stop as SHUT; its name into s.txt", "Mill Lane"),
    ("Which stop is SHUT in stops.txt? write the stop name to s.txt", "Mill Lane"),
    ("who is OVERDUE in dues.txt? names only into s.txt", "Bo\nDee"),
    ("the names marked OVERDUE in dues.txt -> s.txt", "Bo\nDee"),
    ("dues.txt: which names are flagged OVERDUE? one per line in s.txt", "Bo\nDee"),
])
def test_the_names_a_word_in_capitals_marks_are_verified(tmp_path, task, right):
    ok, why = _judge(tmp_path / "a", task, STOPS, _new("s.txt", right + "\n"))
    assert ok, why
    for wrong in ("Mill Lane SHUT", "Bo - OVERDUE\nDee - OVERDUE", "Ana\nCy", "Harbour Street"):
        assert not _judge(tmp_path / str(len(wrong)), task, STOPS, _new("s.txt", wrong + "\n"))[0]


@pytest.mark.parametrize("task", [
    "copy every ERROR line of app.log into e.txt",
    "the ERROR rows of app.log -> e.txt",
    "the ERROR entries of app.log into e.txt",
])
def test_lines_a_mark_marks_are_never_verified_without_the_mark(tmp_path, task):
    files = {"app.log": "10:00 INFO start\n10:01 ERROR disk full\n10:02 INFO retry\n"
                        "10:03 ERROR net down\n"}
    assert not _judge(tmp_path, task, files, _new("e.txt", "10:01 disk full\n10:03 net down\n"))[0]


@pytest.mark.parametrize("task", [
    "dues.txt: which names are flagged OVERDUE? one per line in s.txt",
    "dues.txt - who is OVERDUE? names into s.txt",
    "dues.txt: the members still unpaid, one a line, into s.txt",
])
def test_a_question_after_the_file_s_name_is_no_description_of_it(tmp_path, task):
    """"F: which …?" asks; its words are not the file's description: copying F whole was
    verified as "the lines of F"."""
    assert not _judge(tmp_path, task, STOPS, _new("s.txt", STOPS["dues.txt"]))[0]
