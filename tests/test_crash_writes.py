"""The file commands on a crash or a full disk: the user's old text is never lost.

A child process runs one command under a file size limit, so the kernel stops the write at a
chosen byte: killed there (``SIGXFSZ``, a crash mid-write) or refused there (``EFBIG``, as
``ENOSPC`` on a full disk). Before the writes were made atomic, each of these left the start
of the new text where the old text was.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from autonomo.errors import WorkspaceError
from autonomo.tools import atomic
from tool_helpers import make_ctx, run

CHILD = Path(__file__).parent / "write_limit_child.py"
OLD = "the user's own text, line by line\n" * 30  # 1,020 bytes
LIMIT = 2000  # the kernel stops any write past this byte

CASES = {
    "write_file": {"path": "a.txt", "content": "N" * 5000},
    "copy_file": {"source": "big.txt", "destination": "a.txt", "overwrite": True},
    "replace_text": {"path": "a.txt", "old": "line", "new": "L" * 40},
}


def _in_child(tmp_path: Path, command: str, arguments: dict, *, crash: bool, **sections):
    spec = {"tmp": str(tmp_path), "command": command, "arguments": arguments,
            "limit": LIMIT, "crash": crash, "sections": sections}
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, str(CHILD), json.dumps(spec)], env=env,
                          capture_output=True, text=True, timeout=120)


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "a.txt").write_text(OLD)
    (ws / "big.txt").write_text("S" * 5000)
    return ws


@pytest.mark.parametrize("command", sorted(CASES))
def test_a_crash_mid_write_leaves_the_old_text_and_no_litter(tmp_path: Path, command: str):
    ws = _workspace(tmp_path)
    done = _in_child(tmp_path, command, CASES[command], crash=True)
    assert done.returncode == -signal.SIGXFSZ, (done.stdout, done.stderr)  # killed mid-write
    assert (ws / "a.txt").read_text() == OLD
    assert sorted(os.listdir(ws)) == ["a.txt", "big.txt"]


@pytest.mark.parametrize("command", sorted(CASES))
def test_a_full_disk_mid_write_is_an_error_and_the_old_text_stays(tmp_path: Path, command: str):
    ws = _workspace(tmp_path)
    done = _in_child(tmp_path, command, CASES[command], crash=False)
    result = json.loads(done.stdout)
    assert result["status"] == "error"
    assert "Could not write a.txt: File too large; it was left as it was." in result["output"]
    assert (ws / "a.txt").read_text() == OLD
    assert sorted(os.listdir(ws)) == ["a.txt", "big.txt"]


def _old_text_kept(ws: Path, done: subprocess.CompletedProcess, *, crash: bool) -> None:
    """Killed at the size limit (``crash``) or refused by it: either way the old a.txt is
    there, whole, and nothing else was left beside it."""
    if crash:
        assert done.returncode == -signal.SIGXFSZ, (done.stdout, done.stderr)
    else:
        assert "Could not write a.txt: File too large; it was left as it was." in done.stdout
    assert (ws / "a.txt").read_text() == OLD
    assert sorted(os.listdir(ws)) == ["a.txt", "big.txt"]


@pytest.mark.parametrize("crash", [True, False])
def test_a_download_cut_short_leaves_the_old_file_and_no_partial_file(
        tmp_path: Path, crash: bool) -> None:
    """The download went to a named file beside the target: killed mid-download, it stayed in
    the workspace (the start of a 3 MB file, up to the whole download limit)."""
    from web_server import LoopbackServer

    ws = _workspace(tmp_path)
    (tmp_path / "served").mkdir()
    with LoopbackServer(tmp_path / "served") as server:
        done = _in_child(tmp_path, "download_file", {"url": f"{server.url}/big",
                                                     "path": "a.txt", "overwrite": True},
                         crash=crash,
                         web={"allow_private_addresses": True, "allow_downloads": True})
    _old_text_kept(ws, done, crash=crash)


@pytest.mark.parametrize("crash", [True, False])
def test_a_sub_agent_s_files_copied_back_over_the_parent_s_keep_them_on_a_crash(
        tmp_path: Path, crash: bool) -> None:
    """``copy_tree`` (a sub-agent's files back to its parent, a clone across file systems)
    truncated each file it replaced before copying into it."""
    ws = _workspace(tmp_path)
    child = tmp_path / "child"
    child.mkdir()
    (child / "a.txt").write_text("C" * 5000)
    done = _in_child(tmp_path, "copy_tree", {"source": str(child), "destination": str(ws)},
                     crash=crash)
    _old_text_kept(ws, done, crash=crash)


def test_a_new_file_that_cannot_be_written_whole_is_not_left_half_written(tmp_path: Path):
    ws = _workspace(tmp_path)
    done = _in_child(tmp_path, "write_file", {"path": "new.txt", "content": "N" * 5000},
                     crash=False)
    assert "Could not write new.txt: File too large; nothing was written." in done.stdout
    assert sorted(os.listdir(ws)) == ["a.txt", "big.txt"]


@pytest.mark.parametrize("crash", [True, False])
def test_an_append_is_made_whole_or_not_at_all(tmp_path: Path, crash: bool):
    """Appended in place, a crash mid-append left part of the new text after the old; now the
    old text is copied into a new file with the new text after it, renamed over when whole."""
    ws = _workspace(tmp_path)
    arguments = {"path": "a.txt", "content": "N" * 5000}
    _old_text_kept(ws, _in_child(tmp_path, "append_to_file", arguments, crash=crash),
                   crash=crash)


def test_an_append_within_the_limit_adds_the_text_and_keeps_the_mode(tmp_path: Path):
    ws = _workspace(tmp_path)
    (ws / "a.txt").chmod(0o640)
    done = _in_child(tmp_path, "append_to_file", {"path": "a.txt", "content": "tail\n"},
                     crash=True)
    assert json.loads(done.stdout)["status"] == "success", done.stderr
    assert (ws / "a.txt").read_text() == OLD + "tail\n"
    assert (ws / "a.txt").stat().st_mode & 0o777 == 0o640
    assert sorted(os.listdir(ws)) == ["a.txt", "big.txt"]


def test_content_that_is_not_valid_text_changes_nothing(tmp_path: Path) -> None:
    """A JSON reply may carry an unpaired surrogate ("\\ud800"): the file was truncated before
    the text failed to encode, and left empty."""
    ctx = make_ctx(tmp_path)
    (ctx.workspace / "a.txt").write_text(OLD)
    for command in ("write_file", "append_to_file"):
        res = run(ctx, command, path="a.txt", content="ok \ud800 ok")
        assert res.status == "error" and "not valid text" in res.output, res.output
        assert (ctx.workspace / "a.txt").read_text() == OLD
    res = run(ctx, "replace_text", path="a.txt", old="own", new="\udc00")
    assert res.status == "error" and "not valid text" in res.output
    assert (ctx.workspace / "a.txt").read_text() == OLD


def test_a_replaced_file_keeps_its_permissions_and_owner(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    target.chmod(0o640)
    if os.geteuid() == 0:
        os.chown(target, 4321, 4322)  # e.g. the sandbox's files, which it must still write
    (ctx.workspace / "b.txt").write_text("b")
    for command, arguments in [("write_file", {"path": "a.txt", "content": "new"}),
                               ("replace_text", {"path": "a.txt", "old": "new", "new": "x"}),
                               ("copy_file", {"source": "b.txt", "destination": "a.txt",
                                              "overwrite": True})]:
        assert run(ctx, command, **arguments).status == "success"
        st = target.stat()
        assert oct(st.st_mode & 0o777) == oct(0o640), command
        if os.geteuid() == 0:
            assert (st.st_uid, st.st_gid) == (4321, 4322), command
    assert target.read_text() == "b"


def _swap_during_write(monkeypatch, swap) -> None:
    """Run ``swap`` once, while the new text is being written: after every check, before the
    rename."""
    real = atomic.write_all
    done: list[bool] = []

    def write_then_swap(fd: int, data: bytes) -> None:
        real(fd, data)
        if not done:
            done.append(True)
            swap()

    monkeypatch.setattr(atomic, "write_all", write_then_swap)


def test_a_name_swapped_for_a_link_while_written_is_replaced_not_followed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = make_ctx(tmp_path)
    host = tmp_path / "host.txt"
    host.write_text("host secret")
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)

    def swap() -> None:
        target.rename(ctx.workspace / "moved.txt")
        target.symlink_to(host)

    _swap_during_write(monkeypatch, swap)
    assert run(ctx, "write_file", path="a.txt", content="new").status == "success"
    assert host.read_text() == "host secret"
    assert not target.is_symlink() and target.read_text() == "new"


def test_a_name_swapped_for_a_folder_while_written_is_an_error_without_litter(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)

    def swap() -> None:
        target.unlink()
        target.mkdir()
        (target / "inside.txt").write_text("kept")

    _swap_during_write(monkeypatch, swap)
    res = run(ctx, "write_file", path="a.txt", content="new")
    assert res.status == "error" and "a.txt is a folder" in res.output
    assert (target / "inside.txt").read_text() == "kept"
    assert sorted(os.listdir(ctx.workspace)) == ["a.txt"]


def test_an_edit_is_not_put_over_another_file_swapped_in_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """replace_text read one file; if the name holds another by the time the edit is saved,
    the edit (made from the first) would erase the second: refused."""
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)

    def swap() -> None:
        (ctx.workspace / "other.txt").write_text("someone else's text")
        os.replace(ctx.workspace / "other.txt", target)

    _swap_during_write(monkeypatch, swap)
    res = run(ctx, "replace_text", path="a.txt", old="own", new="new")
    assert res.status == "error" and "replaced or removed while it was being edited" in res.output
    assert target.read_text() == "someone else's text"
    assert sorted(os.listdir(ctx.workspace)) == ["a.txt"]


@pytest.mark.parametrize(("command", "arguments"), [
    ("write_file", {"path": "a.txt", "content": "x"}),
    ("copy_file", {"source": "b.txt", "destination": "a.txt"}),
])
def test_a_file_swapped_for_a_link_after_the_check_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, arguments: dict) -> None:
    from tool_helpers import swap_for_symlink

    ctx = make_ctx(tmp_path)
    host = tmp_path / "host.txt"
    host.write_text("host secret")
    (ctx.workspace / "a.txt").write_text(OLD)
    (ctx.workspace / "b.txt").write_text("b")
    moved = swap_for_symlink(monkeypatch, ctx.workspace, "a.txt", host)
    res = run(ctx, command, **arguments)
    assert moved.exists() and (ctx.workspace / "a.txt").is_symlink()
    assert res.status == "error" and "symbolic link" in res.output
    assert host.read_text() == "host secret" and moved.read_text() == OLD


def test_an_upload_cut_off_midway_leaves_the_artifact_it_would_replace(tmp_path: Path):
    """An Agent Protocol upload is streamed into the workspace: the file was truncated first,
    so a client gone after the first chunk left that chunk where the file was."""
    from autonomo.server import artifacts
    from autonomo.tools.workspace import Workspace

    (tmp_path / "a.txt").write_text(OLD)

    def chunks():
        yield b"the first chunk of the new version"
        raise ConnectionResetError("the client went away")

    with pytest.raises(WorkspaceError, match="the client went away; it was left as it was"):
        artifacts.write(Workspace(tmp_path), "", "a.txt", chunks())
    assert (tmp_path / "a.txt").read_text() == OLD
    assert os.listdir(tmp_path) == ["a.txt"]
    assert artifacts.write(Workspace(tmp_path), "", "a.txt", iter([b"v2 ", b"whole"])) == 8
    assert (tmp_path / "a.txt").read_text() == "v2 whole"


@pytest.mark.parametrize("command", ["write_file", "copy_file", "append_to_file"])
def test_a_name_longer_than_the_system_takes_is_a_clear_error(tmp_path: Path, command: str):
    ctx = make_ctx(tmp_path)
    (ctx.workspace / "s.txt").write_text("s")
    name = "é" * 130 + ".txt"  # 264 bytes: more than the 255 a name may have
    arguments = {"source": "s.txt", "destination": name} if command == "copy_file" else \
        {"path": name, "content": "x"}
    res = run(ctx, command, **arguments)
    assert res.status == "error" and res.output.startswith("Cannot write é"), res.output
    assert res.output.endswith(": File name too long.")


@pytest.mark.parametrize("durable", [True, False])
def test_with_fsync_steps_a_replaced_file_is_fsynced_before_its_rename(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, durable: bool) -> None:
    """A power loss (not only a crash of the process) must leave the old or the new text:
    the data reaches the disk before the rename, the rename before the command returns."""
    ctx = make_ctx(tmp_path, agent={"fsync_steps": durable})
    (ctx.workspace / "a.txt").write_text(OLD)
    calls: list[str] = []
    for name in ("fdatasync", "fsync"):
        real = getattr(os, name)
        monkeypatch.setattr(os, name, lambda fd, real=real, name=name: (calls.append(name),
                                                                        real(fd))[1])
    real_rename = os.rename
    monkeypatch.setattr(os, "rename", lambda *a, **k: (calls.append("rename"),
                                                       real_rename(*a, **k))[1])
    assert run(ctx, "write_file", path="a.txt", content="new").status == "success"
    assert calls == (["fdatasync", "rename", "fsync"] if durable else ["rename"])
    assert (ctx.workspace / "a.txt").read_text() == "new"


def test_without_unnamed_files_a_named_one_is_used_and_never_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without ``O_TMPFILE`` (or no /proc to name one by): the new text goes to
    a hidden named file instead, removed when the write fails."""
    monkeypatch.setattr(atomic, "_PROC_FD", str(tmp_path / "no-proc"))
    ctx = make_ctx(tmp_path)
    target = ctx.workspace / "a.txt"
    target.write_text(OLD)
    target.chmod(0o600)
    assert run(ctx, "write_file", path="a.txt", content="new").status == "success"
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o600
    names: list[str] = []
    real = atomic.write_all

    def fail_midway(fd: int, data: bytes) -> None:
        names.extend(os.listdir(ctx.workspace))
        real(fd, data[:2])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "write_all", fail_midway)
    res = run(ctx, "write_file", path="a.txt", content="newer")
    assert res.output == "Could not write a.txt: No space left on device; it was left as it was."
    assert any(n.startswith(".autonomo-") for n in names)  # the named file existed
    assert os.listdir(ctx.workspace) == ["a.txt"] and target.read_text() == "new"
