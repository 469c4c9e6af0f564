"""A part of a value by its shape (an address's domain, a date's year) and the rows of a
table whose value has a stated part. Fresh wordings and data (none from a suite)."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.values import parts, scan


@pytest.mark.parametrize(("text", "named", "part"), [
    ("sales.team@corvid-works.example", "domain", "corvid-works.example"),
    ("sales.team@corvid-works.example", "user", "sales.team"),
    ("2027-05-14", "year", "2027"),
    ("http://127.0.0.1:8000/status", "path", "/status"),
    ("7:05", "minute", "05"),
    ("3.14.2", "minor", "14"),
])
def test_a_value_s_parts_are_named_by_its_shape(text, named, part):
    (value,) = scan(text)
    assert dict((label.split()[0], p) for label, p in parts(value))[named] == part


@pytest.mark.parametrize(("files", "task", "first"), [
    ({"contact.txt": "sales.team@corvid-works.example\n"},
     "contact.txt has one address in it; write just the mail domain to d.txt",
     "corvid-works.example"),
    ({"due.txt": "2027-05-14\n"}, "Put the year of the date in due.txt into year.txt", "2027"),
    ({"version.txt": "4.11.3\n"}, "version.txt: save only the major number in major.txt", "4"),
])
def test_the_part_the_task_names_is_offered_first(tmp_path, files, task, first):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert situation(tmp_path, task).texts[0] == first


def test_the_rows_whose_value_has_the_stated_part_are_offered(tmp_path):
    (tmp_path / "visits.csv").write_text(
        "patient,visited\nOla Berg,2025-02-11\nMarta Ruiz,2024-12-30\nTeo Lam,2025-09-01\n"
        "Ines Roth,2023-06-17\n")
    where = situation(tmp_path, "visits.csv: who visited in 2025? names one per line in p.txt")
    assert where.texts[0] == "Ola Berg\nTeo Lam"
    assert "2025" not in where.texts  # the year says which rows; it is not the answer
