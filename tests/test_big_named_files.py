"""A large data file named by the task: no text is offered that the model cannot write.

A task naming a 140 KB CSV ("add a row to data.csv") made the situation offer the file's whole
text plus the row as ``write_file``'s content; a 512-token reply cannot hold it, and scoring
it overflowed the local model's context (``test_choice_too_long``). A JSON file of megabytes
was parsed (twice) each step to compose such texts: ~2 s a step here for 4.8 MB.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autonomo.agent.strategies import compose
from autonomo.agent.strategies.grounding import situation


def _csv(ws: Path, rows: int) -> None:
    lines = ["id,city,score", *(f"{i},city{i % 97},{i % 100}" for i in range(rows))]
    (ws / "data.csv").write_text("\n".join(lines) + "\n")


def test_a_large_csv_gets_the_row_to_add_not_its_whole_text_again(tmp_path: Path) -> None:
    _csv(tmp_path, 6000)  # ~100 KB
    where = situation(tmp_path, "Add a row 6000,Oslo,3 to data.csv")
    [(name, whole, added)] = where.composed
    assert name == "data.csv" and added == ("6000,Oslo,3\n",)
    assert whole == ()
    # a small one still gets both (the whole text is what a JSON or CSV change may need)
    _csv(tmp_path, 3)
    [(name, whole, added)] = situation(tmp_path, "Add a row 3,Oslo,3 to data.csv").composed
    assert added == ("3,Oslo,3\n",) and whole == ((tmp_path / "data.csv").read_text() + added[0],)


def test_a_large_json_file_is_not_parsed_to_compose_a_whole_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    real = compose.json_texts
    monkeypatch.setattr(compose, "json_texts",
                        lambda task, files, existing: (parsed.append(len(existing or "")),
                                                       real(task, files, existing))[1])
    items = {f"k{i}": i for i in range(20_000)}
    (tmp_path / "wide.json").write_text(json.dumps(items))
    where = situation(tmp_path, "In wide.json, k5 = 7")
    assert parsed == [] and where.composed == ()
    (tmp_path / "wide.json").write_text(json.dumps({"k5": 1, "k6": 2}))  # small: composed
    [(_name, whole, _added)] = situation(tmp_path, "In wide.json, k5 = 7").composed
    assert parsed and [json.loads(t) for t in whole] == [{"k5": 7, "k6": 2}]


def test_no_composed_text_is_longer_than_a_reply_can_hold(tmp_path: Path) -> None:
    _csv(tmp_path, 20_000)
    for task in ("Add a row 1,Oslo,3 to data.csv", "Append 1,Oslo,3 to data.csv",
                 "data.csv needs one more row: 1,Oslo,3"):
        for _name, whole, added in situation(tmp_path, task).composed:
            assert all(len(t) <= compose.MAX_WHOLE_CHARS for t in (*whole, *added)), task
