"""Review s23 (mender-v): a kept name of a named kind, an excluded folder, a bare name that
is also in a named folder, a second named file left unedited, work per number written, and
the weekday of a date read. Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

from autonomo.agent import finishing_evidence
from test_finishing_whole import _rule
from test_verifying import _judge, _put, _rm


def test_a_file_of_the_named_kind_the_task_keeps_is_no_object(tmp_path: Path) -> None:
    files = {"x.log": "1", "audit.log": "2", "y.txt": "3"}
    task = "Remove the .log files, audit.log must stay"
    assert not _judge(tmp_path / "1", task, files, _rm("x.log", "audit.log"))[0]
    task = "Delete the .tmp files; notes.tmp must stay"
    files = {"a.tmp": "1", "notes.tmp": "2"}
    assert not _judge(tmp_path / "2", task, files, _rm("a.tmp", "notes.tmp"))[0]


def test_a_folder_the_task_excludes_is_out_of_scope(tmp_path: Path) -> None:
    files = {"old/a.orig": "1", "safe/b.orig": "2", "c.txt": "3"}
    task = "Remove the .orig files in old/ but not the ones in safe/"
    assert not _judge(tmp_path, task, files, _rm("old/a.orig", "safe/b.orig"))[0]


def test_the_bare_name_outside_the_named_folder_is_not_the_object(tmp_path: Path) -> None:
    files = {"bin/stale.dat": "1", "stale.dat": "2"}
    task = "Delete stale.dat from bin/"
    assert not _judge(tmp_path, task, files, _rm("stale.dat"))[0]


def test_a_second_named_file_holding_the_old_text_must_change_too(tmp_path: Path) -> None:
    files = {"docs/intro.txt": "Welcome to Acme.\n", "docs/outro.txt": "Thanks, Acme.\n",
             "docs/misc.txt": "names\n"}
    task = "Change Acme to Zenith in docs/intro.txt and docs/outro.txt"
    one = _put("docs/intro.txt", "Welcome to Zenith.\n")
    assert not _judge(tmp_path / "1", task, files, one)[0]
    # the other named file does not hold it: the one edit is the whole edit
    task = "Change Acme to Zenith in docs/intro.txt and docs/misc.txt"
    assert _judge(tmp_path / "2", task, files, one)[0]


def test_totals_of_a_start_are_worked_out_once_not_per_number(tmp_path: Path,
                                                               monkeypatch) -> None:
    calls = []
    real = finishing_evidence._totals
    monkeypatch.setattr(finishing_evidence, "_totals",
                        lambda text: calls.append(1) or real(text))
    start = "counts:\n4 8 15 16 23 42\n"
    task = "Take the counts from series.txt and write the list to out.txt"
    written = " ".join(str(1000 + 7 * i) for i in range(120))
    steps = [("write_file", {"path": "out.txt", "content": written}, "")]
    _rule(tmp_path, task, {"series.txt": start}, steps, shown={"series.txt": start})
    assert 0 < len(calls) <= 3


def test_the_weekday_of_a_date_read_is_grounded(tmp_path: Path) -> None:
    task = "On which day of the week is the date in event.txt? Put it in weekday.txt"
    text = "event: 2024-03-16\n"  # a Saturday
    read = ("read_file", {"path": "event.txt"}, text)
    right = [read, ("write_file", {"path": "weekday.txt", "content": "Saturday"}, "")]
    assert _rule(tmp_path, task, {"event.txt": text}, right, shown={"event.txt": text}) is None
    (tmp_path / "m").mkdir()
    month = "In which month is the date in event.txt? Put it in month.txt"
    named = [read, ("write_file", {"path": "month.txt", "content": "March"}, "")]
    assert _rule(tmp_path / "m", month, {"event.txt": text}, named,
                 shown={"event.txt": text}) is None
    (tmp_path / "w").mkdir()
    wrong = [read, ("write_file", {"path": "weekday.txt", "content": "Blursday"}, "")]
    assert _rule(tmp_path / "w", task, {"event.txt": text}, wrong,
                 shown={"event.txt": text}) == "ungrounded"
