"""The windows between two system calls of the host's renames, hit deterministically.

* ``rename_file`` where the file system has no ``RENAME_NOREPLACE``: a hard link to the new
  name, then the old name removed. Another program that put a file at the old name in
  between (a log rotated by rename) lost it; a crash in between must leave the file under
  some name.
* An edit or append checked "unchanged" just before the rename over the old file: a write
  that came between the check and the rename was lost.
* A copy to a new name: a crash between naming the new file and renaming it left a full
  copy under a hidden temporary name.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from autonomo.tools import renaming
from tool_helpers import make_ctx, run

OLD = "old text\n"
LINE = "the program's line\n"


def _no_noreplace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system that does not take ``RENAME_NOREPLACE`` (or ``RENAME_EXCHANGE``)."""
    def refuse(*args: object) -> None:
        raise OSError(22, "Invalid argument")

    monkeypatch.setattr(renaming, "renameat2", refuse)


def _rotated_log(ws: Path) -> None:
    """A program writes a fresh log and renames it into place."""
    (ws / "fresh.tmp").write_text(LINE)
    os.rename(ws / "fresh.tmp", ws / "log.txt")


def _output_folder(ws: Path) -> None:
    """A program's output folder takes the name (a folder cannot be linked back)."""
    (ws / "new").mkdir()
    (ws / "new" / "f.txt").write_text(LINE)
    os.unlink(ws / "log.txt")
    os.rename(ws / "new", ws / "log.txt")


@pytest.mark.parametrize("put", [_rotated_log, _output_folder], ids=["file", "folder"])
def test_an_entry_put_at_the_old_name_between_link_and_removal_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, put) -> None:
    """Removed by name right after the link, the program's new log.txt was lost (a folder:
    left under a hidden name by the first fix, and the move reported as failed)."""
    ctx = make_ctx(tmp_path)
    ws = ctx.workspace
    (ws / "log.txt").write_text(OLD)
    _no_noreplace(monkeypatch)
    real_link = os.link

    def link_then_put(src, dst, *args, **kwargs):
        real_link(src, dst, *args, **kwargs)
        if dst == "log.1.txt":
            put(ws)

    monkeypatch.setattr(os, "link", link_then_put)
    res = run(ctx, "rename_file", source="log.txt", destination="log.1.txt")
    assert res.status == "success", res.output
    assert (ws / "log.1.txt").read_text() == OLD
    kept = ws / "log.txt" / "f.txt" if put is _output_folder else ws / "log.txt"
    assert kept.read_text() == LINE
    assert sorted(os.listdir(ws)) == ["log.1.txt", "log.txt"]


_CRASH_CHILD = """
import json, os, sys
sys.path.insert(0, sys.argv[2])
from pathlib import Path
from autonomo.tools import renaming
from tool_helpers import make_ctx, run
spec = json.loads(sys.argv[1])
def refuse(*args):
    raise OSError(22, "Invalid argument")
if not spec["flag"]:
    renaming.renameat2 = refuse
where = renaming if spec["at"] == "renameat2" else os
real = getattr(where, spec["at"])
def crash(*args, **kwargs):
    if spec["at"] != "link":
        os._exit(9)
    real(*args, **kwargs)
    if not str(args[0]).startswith("/proc/"):  # a name linked, not a new file named
        os._exit(9)
setattr(where, spec["at"], crash)
ctx = make_ctx(Path(spec["tmp"]))
print(run(ctx, spec["command"], **spec["arguments"]).output)
"""


def _crash_child(tmp_path: Path, command: str, arguments: dict, *, at: str,
                 flag: bool) -> subprocess.CompletedProcess:
    spec = {"tmp": str(tmp_path), "command": command, "arguments": arguments, "at": at,
            "flag": flag}
    return subprocess.run([sys.executable, "-c", _CRASH_CHILD, json.dumps(spec),
                           str(Path(__file__).parent)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


@pytest.mark.parametrize("at", ["link", "rename", "unlink"])
def test_a_crash_inside_a_move_without_the_flag_loses_nothing(tmp_path: Path, at: str) -> None:
    """Killed right after the link, the rename aside or before the removal: the file is
    under its new name, and at most one more name of the same file is left (in the hidden
    folder the old name is checked in, since the check moved there: that folder, empty or
    not, is the only other thing left)."""
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "a.txt").write_text(OLD)
    done = _crash_child(tmp_path, "rename_file", {"source": "a.txt", "destination": "b.txt"},
                        at=at, flag=False)
    assert done.returncode == 9, (done.stdout, done.stderr)
    assert (ws / "b.txt").read_text() == OLD
    names = [Path(top, f) for top, _, files in os.walk(ws) for f in files]
    assert (ws / "b.txt").stat().st_nlink == len(names) <= 2, names
    assert all(name.startswith(".autonomo-") for name in set(os.listdir(ws)) - {"a.txt", "b.txt"})


def test_a_crash_while_a_copy_is_named_leaves_no_hidden_copy(tmp_path: Path) -> None:
    """The new file was linked to a temporary name, then renamed (no replace) to its own: a
    crash in between left a full copy under ``.autonomo-….tmp``. Linked to its own name
    straight away, nothing is left but the copy done or not done."""
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "a.txt").write_text(OLD)
    for at in ("renameat2", "rename", "link"):
        done = _crash_child(tmp_path, "copy_file", {"source": "a.txt", "destination": "b.txt"},
                            at=at, flag=True)
        assert sorted(os.listdir(ws)) in (["a.txt"], ["a.txt", "b.txt"]), (at, done.stderr)
        assert (ws / "a.txt").read_text() == OLD
    assert (ws / "b.txt").read_text() == OLD


def _write_just_after_the_check(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """A program appends a line to ``target`` right after the host checked it unchanged, and
    before the host puts the new file in its place."""
    real_stat = os.stat
    done: list[bool] = []

    def stat_then_write(*args, **kwargs):
        result = real_stat(*args, **kwargs)
        checking = sys._getframe(1).f_code.co_name in ("_same_file", "_change")
        if checking and not done and args[0] == target.name:
            done.append(True)
            with open(target, "a") as other:
                other.write(LINE)
        return result

    monkeypatch.setattr(os, "stat", stat_then_write)


@pytest.mark.parametrize("command", ["replace_text", "append_to_file"])
def test_a_write_between_the_check_and_the_rename_is_not_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """Renamed over the old file after the check, the program's line was lost: now the two
    names are swapped, the old file checked again, and swapped back."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    _write_just_after_the_check(monkeypatch, target)
    if command == "replace_text":
        res = run(ctx, command, path="a.txt", old="old", new="new")
        assert res.status == "error" and "changed by something else" in res.output, res.output
        assert target.read_text() == OLD + LINE
    else:  # given up, then appended in place after the program's line
        res = run(ctx, command, path="a.txt", content="more\n")
        assert res.status == "success", res.output
        assert target.read_text() == OLD + LINE + "more\n"
    assert os.listdir(ctx.workspace) == ["a.txt"]
    res = run(ctx, "replace_text", path="a.txt", old="old", new="new")  # once it is quiet
    assert res.status == "success" and target.read_text().startswith("new text\n" + LINE)


def test_without_the_exchange_an_edit_still_replaces_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without ``RENAME_EXCHANGE``: renamed over after the check, as before."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    _no_noreplace(monkeypatch)
    assert run(ctx, "replace_text", path="a.txt", old="old", new="new").status == "success"
    assert run(ctx, "append_to_file", path="a.txt", content="more\n").status == "success"
    assert target.read_text() == "new text\nmore\n"
    assert os.listdir(ctx.workspace) == ["a.txt"]


def test_names_that_are_not_utf8_are_moved_and_edited_with_the_flags(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name made by a program (bytes ``\\xff``) is edited and moved with the flags too:
    the PyPI binding encoded names strictly as UTF-8 and sent such names the link way."""
    ctx = make_ctx(tmp_path)
    calls: list[bool] = []
    real = renaming.renameat2

    def counted(*args: object) -> None:
        real(*args)  # type: ignore[arg-type]
        calls.append(True)

    monkeypatch.setattr(renaming, "renameat2", counted)
    ws = os.fsencode(ctx.workspace)
    Path(os.fsdecode(os.path.join(ws, b"bad\xff.txt"))).write_text(OLD)
    res = run(ctx, "replace_text", path="bad\udcff.txt", old="old", new="new")
    assert res.status == "success", res.output
    res = run(ctx, "rename_file", source="bad\udcff.txt", destination="b\udcfe.txt")
    assert res.status == "success", res.output
    assert os.listdir(ws) == [b"b\xfe.txt"]
    assert Path(os.fsdecode(os.path.join(ws, b"b\xfe.txt"))).read_text() == "new text\n"
    (ctx.workspace / "taken.txt").write_text("kept")
    res = run(ctx, "rename_file", source="b\udcfe.txt", destination="taken.txt")
    assert res.status == "error" and "already exists" in res.output
    assert (ctx.workspace / "taken.txt").read_text() == "kept"
    assert len(calls) == 2  # the edit's exchange and the move


def _rotate(ws: Path) -> None:
    """A log rotated by rename: the current log.txt becomes log.1.txt."""
    os.rename(ws / "log.txt", ws / "log.1.txt")


def _rotate_and_start_anew(ws: Path) -> None:
    _rotate(ws)
    (ws / "log.txt").write_text("fresh log\n")


def _replace(ws: Path) -> None:
    """A program renames its own new log.txt over the name."""
    (ws / "fresh.tmp").write_text("fresh log\n")
    os.rename(ws / "fresh.tmp", ws / "log.txt")


def _append_while_a_program_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: Callable[[Path], None] | None = None,
        later: Callable[[int, str, str], bool] | None = None) -> tuple[Any, dict[str, str]]:
    """Append "more" to log.txt; just after the new file is swapped in, a program writes a
    line to the old file through a descriptor it holds, then ``then(workspace)``; ``later``
    answers the swaps after the first. Returns the append's result and the texts."""
    from autonomo.tools import atomic

    ctx = make_ctx(tmp_path)
    ws = ctx.workspace
    (ws / "log.txt").write_text(OLD)
    held = open(ws / "log.txt", "a")  # noqa: SIM115 (the program's descriptor)
    real = atomic._exchange
    calls: list[bool] = []

    def swap(folder: int, a: str, b: str) -> bool:
        if calls:
            return (later or real)(folder, a, b)
        calls.append(True)
        done = real(folder, a, b)
        held.write(LINE)
        held.flush()
        if then is not None:
            then(ws)
        return done

    monkeypatch.setattr(atomic, "_exchange", swap)
    try:
        res = run(ctx, "append_to_file", path="log.txt", content="more\n")
    finally:
        held.close()
    return res, {name: (ws / name).read_text() for name in os.listdir(ws)}


@pytest.mark.parametrize("then", [_rotate, _rotate_and_start_anew, _replace],
                         ids=["rotated", "rotated-and-new", "replaced"])
def test_an_append_whose_swap_is_undone_writes_its_text_at_most_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then) -> None:
    """Just after the new file (old text + "more") is swapped in, a program writes a line to
    the old file through a descriptor it holds, then ``then``. The host sees the old file
    changed and swaps back. Rotated away, the new file kept "more", and the append was made
    again in place (twice), while the old file with the program's line was removed."""
    res, texts = _append_while_a_program_writes(tmp_path, monkeypatch, then)
    assert sum(t.count("more") for t in texts.values()) <= 1, texts
    assert sum(t.count(LINE) for t in texts.values()) == 1, texts  # the program's line kept
    if then is not _replace:  # the moved file is the program's; the text went with it
        assert res.status == "error" and "moved away" in res.output, res.output
        assert texts["log.1.txt"] == OLD + "more\n"
    else:  # the appended file was replaced: its text is written in place, after the line
        assert res.status == "success", res.output
    if then is _rotate:
        assert texts == {"log.1.txt": OLD + "more\n", "log.txt": OLD + LINE}
    if then is not _rotate:
        assert "fresh log\n" in texts.values()


@pytest.mark.parametrize("fails", ["error", "no-longer-swaps"])
def test_a_swap_back_that_fails_says_where_the_changed_file_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str) -> None:
    """The old file changed just after the new one was swapped in, and putting it back fails
    (an I/O error, or a file system that no longer swaps): the error names the file that
    keeps the changed version, and no line is lost (it said the file "was left as it was")."""
    import errno

    def fail(folder: int, a: str, b: str) -> bool:
        if fails == "error":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return False

    res, texts = _append_while_a_program_writes(tmp_path, monkeypatch, later=fail)
    assert res.status == "error", res.output
    kept = [name for name, text in texts.items() if LINE in text]
    assert len(kept) == 1 and kept[0] != "log.txt" and kept[0] in res.output, (res.output,
                                                                               texts)
    assert texts["log.txt"] == OLD + "more\n"
