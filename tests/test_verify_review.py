"""Defects a review found in the positive verifiers: each case here must end "not verified"
(or, for the rerun's sandbox, derive nothing), never "verified" or an error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import autonomo.sandbox
from autonomo.agent import verifying
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_rerun import rerunner
from autonomo.agent.verifying_snapshot import Snapshot, take
from autonomo.config import Settings


def _judge(tmp_path: Path, task: str, start_files: dict[str, str], after: dict[str, str],
           rerun: Callable[[str, tuple[str, ...]], str | None] | None = None) -> bool:
    ws = tmp_path / "ws"
    ws.mkdir()
    for name, text in start_files.items():
        (ws / name).write_text(text)
    start = take(ws)
    for name, text in after.items():
        (ws / name).write_text(text)
    return verify(task, start, take(ws), (), rerun).verified


def _start(tmp_path: Path) -> Snapshot:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "tally.py").write_text("print(3)\n")
    return take(ws)


class _Box:
    python = "python3"

    def __init__(self, isolating: bool = True, error: Exception | None = None) -> None:
        self.isolating = isolating
        self.error = error
        self.ran = 0
        self.closed = False

    def run(self, argv: list[str], timeout: float) -> Any:
        self.ran += 1
        if self.error is not None:
            raise self.error
        raise AssertionError("not expected to run")

    def close(self) -> None:
        self.closed = True


def _fake_sandbox(monkeypatch: pytest.MonkeyPatch, box: _Box,
                  seen: list[Any] | None = None) -> None:
    def create(workspace: Path, config: Any, plugins: Any = None) -> _Box:
        if seen is not None:
            seen.append(config)
        return box
    monkeypatch.setattr(autonomo.sandbox, "create_sandbox", create)


# 7: a failure inside a verifier or the rerun is "not verified", never an escaping error

def test_a_verifier_that_raises_os_error_gives_not_verified(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any) -> None:
        raise OSError("disk full")
    monkeypatch.setattr(verifying, "_VERIFIERS", [broken])
    verdict = verify("Write the word Berlin to capital.txt", Snapshot(), _after(tmp_path))
    assert not verdict.verified
    assert "failed" in verdict.why


def _after(tmp_path: Path) -> Snapshot:
    ws = tmp_path / "now"
    ws.mkdir()
    (ws / "capital.txt").write_text("Berlin")
    return take(ws)


def test_a_sandbox_that_raises_os_error_derives_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    box = _Box(error=OSError("no space left"))
    _fake_sandbox(monkeypatch, box)
    assert rerunner(_start(tmp_path), Settings().sandbox)("tally.py", ()) is None
    assert box.closed


# 1: words the matched values leave unexplained are not ignored

def test_a_csv_task_asking_for_one_more_column_is_not_verified(tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create people.csv with header name,age and add a third "
                      "column for email", {}, {"people.csv": "name,age\n"})


def test_a_json_list_task_asking_for_more_than_the_items_is_not_verified(
        tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create nums.json with the numbers 1, 2 and 3 plus their "
                      "squares", {}, {"nums.json": "[1, 2, 3]"})


def test_a_json_object_task_asking_for_more_than_the_pairs_is_not_verified(
        tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create person.json with name set to Ada and also her "
                      "birthplace", {}, {"person.json": '{"name": "Ada"}'})


# 5: the describing sentence does not explain the words of the request

def test_a_program_part_asked_in_words_of_its_description_is_not_verified(
        tmp_path: Path) -> None:
    task = ("tally.py prints the votes of Bob then the votes of Alice. Write the votes of "
            "Alice to out.txt")
    assert not _judge(tmp_path, task, {"tally.py": "print(3, 5)\n"}, {"out.txt": "3 5"},
                      rerun=lambda program, args: "3 5\n")


# 2: a signed number is not its unsigned digits

def test_a_negative_number_is_not_matched_by_its_digits(tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create nums.json with the numbers -1, 2 and 3", {},
                      {"nums.json": "[1, 2, 3]"})


# 3: keys and values are compared with their case

def test_a_key_and_value_in_another_case_are_not_verified(tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create person.json with name set to Ada", {},
                      {"person.json": '{"NAME": "ada"}'})


# 4: CSV rows are compared cell by cell

def test_a_quoted_cell_holding_a_comma_is_not_two_cells(tmp_path: Path) -> None:
    assert not _judge(tmp_path, "Create t.csv with the row a,b,c", {},
                      {"t.csv": '"a,b",c\n'})


# 6: a program's output is not matched across other separators

@pytest.mark.parametrize(("shown", "written"), [("3,5", "3;5"), ("1,234", "1 234")])
def test_a_printed_separator_is_not_swapped_for_another(tmp_path: Path, shown: str,
                                                        written: str) -> None:
    task = "Run tally.py and write what it prints to out.txt"
    assert not _judge(tmp_path, task, {"tally.py": "print(1)\n"}, {"out.txt": written},
                      rerun=lambda program, args: shown + "\n")


# 8, 9, 10: the rerun's sandbox

def test_the_rerun_sandbox_is_tightly_bounded(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    _fake_sandbox(monkeypatch, _Box(error=OSError("stop")), seen)
    rerunner(_start(tmp_path), Settings().sandbox)("tally.py", ())
    (config,) = seen[:1]
    assert config.max_file_mb <= 8 and config.max_write_mb <= 64
    assert config.cpu_seconds <= 10 and config.max_processes <= 32
    assert not config.allow_network and config.timeout_s <= 10


def test_a_non_isolating_sandbox_runs_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    box = _Box(isolating=False, error=AssertionError("ran on the host"))
    _fake_sandbox(monkeypatch, box)
    assert rerunner(_start(tmp_path), Settings().sandbox)("tally.py", ()) is None
    assert box.ran == 0 and box.closed


def test_the_start_files_are_copied_without_newline_translation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    original = Path.write_text

    def spy(self: Path, data: str, *args: Any, **kwargs: Any) -> int:
        calls.append(kwargs)
        return original(self, data, *args, **kwargs)
    monkeypatch.setattr(Path, "write_text", spy)
    start = _start(tmp_path)
    calls.clear()
    _fake_sandbox(monkeypatch, _Box(error=OSError("stop")))
    rerunner(start, Settings().sandbox)("tally.py", ())
    assert calls and all(c.get("newline") == "" and c.get("encoding") == "utf-8"
                         for c in calls)
