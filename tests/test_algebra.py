"""Values computed from files read (session 23, two-step tasks): a total shared by a count
the task states, a duration in the shape of the task's example, records filtered by a value
the task states, a settings file's names, a task list's open boxes, headings of a stated
level, two read files put together, a bound only on a column it splits. Wordings and data
are my own (none from a suite); each situation test reads the files first, as a run does
at its second step, and asserts on what the model is offered."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from autonomo.agent.strategies import algebra, dates, derived, transforms
from autonomo.agent.strategies.grounding import situation


def _read(tmp_path, task: str, files: dict[str, str]):
    """The situation of ``task`` once ``files`` (written first) have been read."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    start = tuple(files)
    outputs = tuple(("read_file", name, text) for name, text in files.items())
    return situation(tmp_path, task, outputs=outputs, existed=start)


# -- numbers the task states ----------------------------------------------------------------

def test_counts_in_digits_and_words_not_in_names_or_dates():
    said = algebra.stated_numbers("Five of us share bill_2024.csv from 03/05; add 7.5 and 1")
    assert said == [("Five", Decimal(5)), ("7.5", Decimal("7.5"))]


def test_render_follows_the_data_precision():
    assert algebra.render(Decimal("401.5") / 2, 2) == "200.75"
    assert algebra.render(Decimal("90.10") / 2, 2) == "45.05"
    assert algebra.render(Decimal(12) / 4, 0) == "3"
    assert algebra.render(Decimal(10) / 4, 0) == "2.50"  # integer data, a fraction: cents
    assert algebra.render(Decimal("0.125"), 2) == "0.13"  # half up, not to even


def test_a_column_total_shared_by_a_stated_count_is_offered(tmp_path):
    where = _read(tmp_path, "Four of us rented the cabin. Divide the sum of cabin/bills.csv "
                            "equally and put what one person pays in cabin/share.txt",
                  {"cabin/bills.csv": "what,eur\nrent,310.00\nwood,42.50\ncleaning,55.10\n"})
    assert "101.90" in where.texts  # 407.60 / 4
    # (the wrong answer of a model that cannot divide: the total alone is not first)
    assert where.texts[0] == "101.90"


def test_no_share_without_a_stated_count(tmp_path):
    where = _read(tmp_path, "add up the amounts in gifts.txt and write the total to sum.txt",
                  {"gifts.txt": "20\n35\n15\n"})
    assert "70" in where.texts
    assert not any("." in t for t in where.texts)  # no share of any kind


def test_a_count_that_is_a_value_of_the_data_is_no_divisor():
    facts = algebra.shares("pots", [("cm", ["3", "9", "12"])], "the pot of 3 cm: per pot")
    assert facts == []


# -- durations ------------------------------------------------------------------------------

def test_minutes_rendered_in_the_task_example(tmp_path):
    where = _read(tmp_path, "The talk runs for the length given in talk.txt. Put it into "
                            "length.txt written as 0h 45m",
                  {"talk.txt": "Speaker: R. Osei\nLength: 95 minutes\nHall B\n"})
    assert where.texts[0] == "1h 35m"


def test_seconds_rendered_as_minutes_and_seconds_with_the_example_spacing():
    made = algebra.durations("track", "intro - 7 s\nsong - 245 seconds\n",
                             "how long is the song? format it like 3 m 09 s")
    assert [f.value for f in made] == ["0 m 07 s", "4 m 05 s"]


def test_no_duration_without_an_example():
    assert algebra.durations("film", "Runtime: 142 min", "how many minutes is it?") == []
    assert algebra.durations("film", "Runtime: 142 min", "like 3m 05m") == []


# -- records, settings, boxes, headings -----------------------------------------------------

_SHELF = """{"plants": [
  {"plant": "Fern", "needs": ["shade", "damp"]},
  {"plant": "Cactus", "needs": ["sun"]},
  {"plant": "Ivy", "needs": ["shade"]},
  {"plant": "Basil", "needs": ["sun", "damp"]}
]}"""


def test_records_holding_a_stated_value_are_listed_by_their_name(tmp_path):
    where = _read(tmp_path, "Which of the plants in shelf.json want shade? One per line into "
                            "shady.txt", {"shelf.json": _SHELF})
    assert where.texts[0] == "Fern\nIvy"


def test_a_value_every_record_holds_filters_nothing():
    text = '[{"n": "a", "tag": "x"}, {"n": "b", "tag": "x"}]'
    assert algebra.record_filters("t", text, "which hold x") == []


def test_the_names_of_a_settings_file(tmp_path):
    where = _read(tmp_path, "write just the setting names of deploy/app.env (no values) "
                            "to keys.txt",
                  {"deploy/app.env": "# local only\nQUEUE_URL=\nWORKERS=4\nexport MODE=dev\n"})
    assert where.texts[0] == "QUEUE_URL\nWORKERS\nMODE"


def test_open_and_done_boxes_of_a_task_list(tmp_path):
    text = "# Move\n\n- [x] book van\n- [ ] pack books\n* [ ] defrost fridge\n- [X] keys\n"
    made = {(frozenset(f.key), f.value) for f in algebra.boxes("move", text)}
    assert any(v == "2" and "pending" in k for k, v in made)
    assert any(v == "pack books\ndefrost fridge" and "pending" in k for k, v in made)
    where = _read(tmp_path, "How many to-dos in move.md are still pending? put the number "
                            "in pending.txt", {"move.md": text})
    assert where.texts[0] == "2"


def test_headings_of_the_level_the_task_writes_without_marks():
    text = "# Boat\n## Rigging\n### Knots\n## Hull\n"
    made = [f.value for f in derived.markdown_facts("boat", text, "the ### headings, bare")]
    assert "Knots" in made and "Rigging\nHull" not in made
    assert "# Boat\n## Rigging\n### Knots\n## Hull" not in made  # (all levels: not asked)
    made = [f.value for f in derived.markdown_facts("boat", text, "all headings, no # signs")]
    assert "Boat\nRigging\nKnots\nHull" in made  # (a lone "#" names the mark)


# -- files put together; bounds ---------------------------------------------------------------

def test_two_read_files_are_joined_in_the_task_order(tmp_path):
    parts = {"intro.txt": "Guide to the kiln\n", "steps.txt": "1. Unplug\n2. Wait\n"}
    for task in ("Put intro.txt and then steps.txt together into guide.txt",
                 "concatenate intro.txt and steps.txt (in that order) into guide.txt"):
        where = _read(tmp_path, task, parts)
        assert where.texts[0] == "Guide to the kiln\n1. Unplug\n2. Wait"
    made, _ = transforms.offered({"b.txt": "x\ny\n", "a.txt": "z\n"}, ["b.txt", "a.txt", "c.txt"],
                                 ["a.txt", "b.txt"], [])
    assert made == ["x\ny\nz"]


def test_single_line_files_are_not_joined_by_lines():
    made, _ = transforms.offered({"a.txt": "Ada\n", "b.txt": "Byron\n"},
                                 ["a.txt", "b.txt", "c.txt"], ["a.txt", "b.txt"], [])
    assert "Ada\nByron" not in made


def test_a_bound_is_applied_to_the_column_it_splits_only():
    text = "day,lap,watts\nmon,1,180\nmon,2,260\ntue,1,240\ntue,2,150\n"
    made = derived.bounded_facts("rides.csv", text, "how many laps had more than 200 watts?")
    counts = {f.value for f in made if "count" in f.key and "lap" not in f.label}
    assert counts == {"2"}  # the lap column (1, 2) is all under 200: not compared


def test_a_number_to_add_is_no_count_to_share_by(tmp_path):
    where = _read(tmp_path, "put 5 on a new line at the end of tally.txt",
                  {"tally.txt": "2\n3\n"})
    assert "1" not in where.texts  # (2 + 3) / 5: not asked
    assert algebra.shares("tally", [("", ["2", "3"])], "add 5 to tally.txt") == []


def test_a_row_picked_by_a_cell_the_task_states_before_an_extreme(tmp_path):
    table = "stage,climb_m\n5,1200\n12,3400\n19,800\n"
    where = _read(tmp_path, "what was the climb on stage 12 of tour.csv? into climb.txt",
                  {"tour.csv": table})
    assert where.texts[0] == "3400"
    # a number the task compares with picks no row ("over 800": not stage 19)
    made = algebra.row_lookups("tour", algebra.table(table), "stages with more than 800 m",
                                frozenset({"800"}))
    assert made == []


# -- rounding, slices -----------------------------------------------------------------------

def test_a_rounding_the_task_states():
    assert algebra.stated_places("give it to 2 decimal places") == 2
    assert algebra.stated_places("one decimal is enough") == 1
    assert algebra.stated_places("rounded to the nearest whole number") == 0
    assert algebra.stated_places("copy the whole file") is None
    made = algebra.rounded_means("t", [("", ["4", "5", "5"])], "their mean, one decimal")
    assert [f.value for f in made] == ["4.7"]
    shared = algebra.shares("t", [("", ["10", "10", "5"])], "split it 2 ways, integer please")
    assert [f.value for f in shared] == ["13"]  # 12.5 half up (the 2 is the count)


def test_the_first_or_last_lines_the_task_counts(tmp_path):
    where = _read(tmp_path, "keep the last two entries of queue.txt in tail.txt",
                  {"queue.txt": "ana\nbo\ncy\ndee\n"})
    assert "cy\ndee" in where.texts
    made = algebra.line_slices("q", "a\nb\n", "the first 5 lines")
    assert made == []  # (no fewer lines than the file has)


# -- dates ------------------------------------------------------------------------------------

def test_dates_read_in_their_shapes():
    found = dates.read_dates("from 2026-02-27 to March 3, 2026; (12 Sept 2026); 2026-02-30")
    assert [(d.isoformat(), shape) for d, shape in found] == [
        ("2026-02-27", "iso"), ("2026-03-03", "month day"), ("2026-09-12", "day month")]
    assert dates.written(found[2][0], "day month") == "12 September 2026"


def test_a_date_moved_by_a_stated_span_in_the_read_shape(tmp_path):
    where = _read(tmp_path, "The warranty in receipt.txt ends two weeks after the purchase. "
                            "Put the end date into warranty_end.txt",
                  {"receipt.txt": "Lamp, bought 25 December 2026\n"})
    assert "8 January 2027" in where.texts


def test_the_weekday_of_a_date_and_the_days_between_two():
    made = {f.value for f in dates.date_facts("trip", "out 2027-01-29\nback 2027-02-02\n", "")}
    assert {"Friday", "Tuesday", "4"} <= made


def test_a_read_file_lines_shape_is_no_line_to_write_elsewhere(tmp_path):
    # (the source's "<word> <number>" lines: "due 14" of the task is not the content)
    where = _read(tmp_path, "The order in order.txt ships 3 days after it was placed. "
                            "Write the shipping date to ships.txt",
                  {"order.txt": "Order 5521\nPlaced 2026-05-29\nItems 3\n"})
    assert "2026-06-01" in where.texts


def test_numbers_too_long_for_an_amount_are_not_computed_with():
    nines = "9" * 40
    task = "Split the total in costs.csv between 3 people"
    assert algebra.shares("c", [("cost", [f"{nines}.5", "2.25"])], task) == []
    assert algebra.shares("c", [("cost", ["0." + "0" * 32 + "1", "2.25"])], task) == []
    assert algebra.stated_numbers("divide by " + nines) == []
    cells = ["999999999999999.9999999999"] * 499 + ["0.0000000001"]
    big = algebra.shares("c", [("cost", cells)], task)
    # (checked against exact fractions: 10 places, half up)
    exact = sum(Fraction(c) for c in cells) / 3
    tenths = (exact * 10**10 + Fraction(1, 2)).__floor__()
    assert big[0].value == f"{tenths // 10**10}.{tenths % 10**10:010d}"


# -- lines by how they start or end -----------------------------------------------------------

_PLAN = "# setup\nrun make\n# test\nrun pytest\nship it\n"


def test_lines_starting_with_a_word_or_a_mark_the_task_writes(tmp_path):
    where = _read(tmp_path, "copy the lines of plan.txt that begin with # into marks.txt",
                  {"plan.txt": _PLAN})
    assert where.texts[0] == "# setup\n# test"
    where = _read(tmp_path, "write the lines of plan.txt that don't start with # to "
                            "steps.txt", {"plan.txt": _PLAN})
    assert "run make\nrun pytest\nship it" in where.texts
    where = _read(tmp_path, "only the plan.txt lines beginning with RUN, into run.txt",
                  {"plan.txt": _PLAN})
    assert where.texts[0] == "run make\nrun pytest"


def test_lines_ending_with_a_mark_and_how_many_start_with_a_word(tmp_path):
    made = {f.value for f in algebra.line_filters("faq", "Why?\nBecause.\nHow?\n",
                                                  "the lines ending with ?")}
    assert "Why?\nHow?" in made
    where = _read(tmp_path, "how many lines of plan.txt start with run? put it in n.txt",
                  {"plan.txt": _PLAN})
    assert where.texts[0] == "2"


def test_a_word_the_task_does_not_place_at_an_edge_filters_nothing():
    # ("Author: Ann" starts with a word of the task, which does not say lines start with it)
    assert algebra.line_filters("b", "Author: Ann\nYear: 1999\n", "the author of b.txt") == []


def test_a_token_on_every_line_or_inside_a_word_filters_nothing():
    assert algebra.line_filters("f", "ab 1\nab 2\n", "lines starting with ab") == []
    made = algebra.line_filters("f", "runway 1\nrun 2\n", "lines starting with run")
    assert {f.value for f in made} >= {"run 2", "1"}  # ("runway" is not "run")


# -- a table's rows in the order of a numeric column -----------------------------------------

_CREW = "rower,strokes\nIda,31\nMo,28\nLev,34\n"


def test_a_column_in_the_order_the_task_asks(tmp_path):
    where = _read(tmp_path, "put the rowers of crew.csv in order, largest strokes first, one "
                            "per line, into order.txt", {"crew.csv": _CREW})
    assert where.texts[0] == "Lev\nIda\nMo"
    crew = algebra.table(_CREW)
    made = {f.value for f in algebra.column_orders("crew", crew, "rowers, smallest first")}
    assert "Mo\nIda\nLev" in made and "Lev\nIda\nMo" not in made


def test_no_order_without_one_asked():
    crew = algebra.table(_CREW)
    assert algebra.column_orders("crew", crew, "which rower had the most strokes?") == []


def test_a_task_stating_many_cells_of_a_wide_table_designates_no_row():
    """Each row picked makes a fact per other column: a long task naming hundreds of cells
    of a wide table would make cells x columns facts at every read (rv1, s23)."""
    from autonomo.agent.strategies.algebra import MAX_PICKED_ROWS, row_lookups

    head = [f"c{i}" for i in range(40)]
    body = [[str(r * 40 + c) for c in range(40)] for r in range(200)]
    task = "Which row holds " + " ".join(str(n) for n in range(0, 8000, 7)) + "?"
    assert row_lookups("t.csv", (head, body), task) == []
    one = row_lookups("t.csv", (head, body), "What is c3 where c0 is 80?")
    assert {f.value for f in one} >= {"83"} and len(one) <= MAX_PICKED_ROWS * 39


def test_a_date_moved_past_the_calendar_is_no_value_and_no_crash():
    """rv2 (s23): 'valid until 9999-12-31' and a span the task states raised OverflowError
    in the first look of step 1."""
    from autonomo.agent.strategies.dates import date_facts

    later = date_facts("lic", "valid until 9999-12-31", "remind me 30 days before and after")
    assert "9999-12-01" in {f.value for f in later}
    early = date_facts("lic", "since 0001-01-05", "the date 30 days before that, and 7 days after")
    assert "0001-01-12" in {f.value for f in early}
    assert date_facts("lic", "on 2026-03-14", "in 99999999999 days") is not None
