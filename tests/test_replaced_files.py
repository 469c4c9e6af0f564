"""What the host's writes guarantee to other names and handles of a workspace file.

Whole writes, edits and appends (when copied: ``files.copied_for_append``) put a new file in
place of the old one (``atomic``): the name gets the new text; another hard link to the old
file, or a program holding it open, keeps the old file and its old text. A program that
changes the file while the host makes its new text is not overwritten: an edit is refused,
an append is made in place after the program's lines.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.tools import files
from test_crash_writes import _swap_during_write
from tool_helpers import make_ctx, run

OLD = "old text\n"
CHANGES = {
    "write_file": ({"path": "a.txt", "content": "new text\n"}, "new text\n"),
    "append_to_file": ({"path": "a.txt", "content": "more\n"}, OLD + "more\n"),
    "replace_text": ({"path": "a.txt", "old": "old", "new": "new"}, "new text\n"),
}


@pytest.mark.parametrize("command", sorted(CHANGES))
def test_the_name_gets_the_new_text_other_links_and_open_handles_keep_the_old(
        tmp_path: Path, command: str) -> None:
    ctx = make_ctx(tmp_path)
    ws = ctx.workspace
    (ws / "a.txt").write_text(OLD)
    (ws / "link.txt").hardlink_to(ws / "a.txt")
    with open(ws / "a.txt") as handle:
        arguments, expected = CHANGES[command]
        res = run(ctx, command, **arguments)
        assert res.status == "success", res.output
        assert (ws / "a.txt").read_text() == expected
        assert (ws / "link.txt").read_text() == OLD
        assert handle.read() == OLD
    assert (ws / "a.txt").stat().st_nlink == 1 and (ws / "link.txt").stat().st_nlink == 1


def _append_during_write(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """A program in the sandbox appends a line to ``target`` once, while the host writes."""
    def append() -> None:
        with open(target, "a") as other:
            other.write("the program's line\n")

    _swap_during_write(monkeypatch, append)


def test_an_edit_of_a_file_changed_meanwhile_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Renamed over, the program's line (written after the host read the file) was lost."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    _append_during_write(monkeypatch, target)
    res = run(ctx, "replace_text", path="a.txt", old="old", new="new")
    assert res.status == "error" and "changed by something else" in res.output, res.output
    assert target.read_text() == OLD + "the program's line\n"
    assert os.listdir(ctx.workspace) == ["a.txt"]


def test_an_append_to_a_file_written_meanwhile_goes_after_the_other_writer_s_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log a background job keeps writing: the copy is given up, the text appended in
    place after the job's lines (as a shell's ``>>``), nothing lost."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    _append_during_write(monkeypatch, target)
    res = run(ctx, "append_to_file", path="a.txt", content="more\n")
    assert res.status == "success", res.output
    assert target.read_text() == OLD + "the program's line\nmore\n"
    assert os.listdir(ctx.workspace) == ["a.txt"]


def test_an_append_to_a_new_file_made_meanwhile_by_another_writer_goes_after_its_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    _append_during_write(monkeypatch, target)
    res = run(ctx, "append_to_file", path="a.txt", content="more\n")
    assert res.status == "success", res.output
    assert target.read_text() == "the program's line\nmore\n"
    assert os.listdir(ctx.workspace) == ["a.txt"]


def test_a_file_larger_than_the_copy_limit_is_appended_to_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "APPEND_COPY_MAX", 4)
    ctx = make_ctx(tmp_path)
    (ctx.workspace / "a.txt").write_text(OLD)
    (ctx.workspace / "link.txt").hardlink_to(ctx.workspace / "a.txt")
    assert run(ctx, "append_to_file", path="a.txt", content="more\n").status == "success"
    assert (ctx.workspace / "link.txt").read_text() == OLD + "more\n"  # the same file


def test_a_short_line_added_to_a_long_file_goes_in_place_a_long_text_is_copied(
        tmp_path: Path) -> None:
    """Copied at every append, a log grown by short lines cost O(n²) (~1.7 ms a MB each
    time). Above ``APPEND_COPY_FREE`` a text shorter than 1/64 of the file is appended in
    place (the file keeps its inode); a longer one, or any to a small file, is still made
    whole or not at all (a new file)."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "log.txt"
    big = "x" * 99 + "\n"
    target.write_text(big * (files.APPEND_COPY_FREE // 100 + 1))
    size = target.stat().st_size
    cases = [("short line\n", True), ("y" * (size // files.APPEND_COPY_RATIO + 64), False)]
    for text, in_place in cases:
        before = target.stat().st_ino
        assert run(ctx, "append_to_file", path="log.txt", content=text).status == "success"
        assert (target.stat().st_ino == before) is in_place, len(text)
        assert target.read_text().endswith(text)
    small = ctx.workspace / "small.txt"
    small.write_text(OLD)
    before = small.stat().st_ino
    assert run(ctx, "append_to_file", path="small.txt", content="more\n").status == "success"
    assert small.stat().st_ino != before and small.read_text() == OLD + "more\n"
    assert not files.copied_for_append(files.APPEND_COPY_MAX + 1, files.APPEND_COPY_MAX)
