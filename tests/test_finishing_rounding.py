"""A computed value written rounded to the places the task asks is no proof of a wrong
value (``finishing_values.computed``): "rounded to one decimal place" refused 2.6 for a mean
of 2.58333 and the run looped. A value off by more than its last place is still refused.
Wordings are this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from finish_fresh_cases import R, W
from test_finishing_precise import play

LAPS = {"laps.csv": "lap,seconds\n1,61.2\n2,59.9\n3,60.4\n"}
TASK = "What is the average lap time in laps.csv? Round it to one decimal and save it in avg.txt"


@pytest.mark.parametrize("written", ["60.5", "60.50"])
def test_a_rounded_result_is_not_refused(tmp_path: Path, written: str) -> None:
    got, _status = play(tmp_path, TASK, LAPS, [R("laps.csv"), W("avg.txt", written)])
    assert got == "ran", got


@pytest.mark.parametrize("written", ["60.3", "60.7", "181.5"])
def test_another_value_is_still_refused(tmp_path: Path, written: str) -> None:
    got, _status = play(tmp_path, TASK, LAPS, [R("laps.csv"), W("avg.txt", written)])
    assert got.startswith("refused: ") and "mean" in got, got


def test_the_mean_of_another_column_is_no_proof(tmp_path: Path) -> None:
    """"the average lap time" names the lap column by a word, but the seconds' mean is
    right: the rule cannot tell which column is meant, so it does not refuse."""
    got, _status = play(tmp_path, "What is the average lap time in laps.csv? Save it in avg.txt",
                        LAPS, [R("laps.csv"), W("avg.txt", "60.5")])
    assert got == "ran", got


def test_a_mean_written_before_the_file_was_read_is_no_made_up_number(tmp_path: Path) -> None:
    """The file was shown up front; its column's mean, rounded, is grounded in it."""
    got, _status = play(tmp_path, TASK, LAPS, [W("avg.txt", "60.5")])
    assert got == "ran", got


def test_a_near_miss_is_still_made_up(tmp_path: Path) -> None:
    got, _status = play(tmp_path, TASK, LAPS, [W("avg.txt", "60.9")])
    assert got.startswith("refused: "), got


PRICES = {"prices.csv": "id,price\n1,10\n2,20\n3,60\n"}


@pytest.mark.parametrize(("task", "written"), [
    ("Put the mean of the price column of prices.csv in mean.txt", "2"),
    ("Put the mean price from prices.csv in mean.txt", "2"),
    ("Put the sum of the price column of prices.csv in mean.txt", "6"),
])
def test_the_row_numbers_result_is_still_refused(tmp_path: Path, task: str,
                                                 written: str) -> None:
    """(rv1 21:11) a column that numbers the rows is no quantity: its mean or sum is no
    escape from the refusal."""
    got, _status = play(tmp_path, task, PRICES, [R("prices.csv"), W("mean.txt", written)])
    assert got.startswith("refused: "), got
