"""The host removes its own hidden names only: a program of another uid (the sandbox's) that
moves a file to the name the host checked, just before the host removes it, keeps its file.

Each host ``unlink`` with a folder descriptor is preceded, deterministically, by the attack:
a child process that has dropped to an unprivileged uid owning the workspace renames
``victim.txt`` over the name about to be removed. Checked and then removed by name in the
workspace folder (before), the victim was removed; checked and removed in the host's private
folder (now), the attacker cannot enter it and the victim stays.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from autonomo.tools import atomic, discarding, renaming
from tool_helpers import make_ctx, run

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="drops to another uid: needs root")
ATTACKER = 54321
VICTIM = "the program's own file\n"


def _as_attacker(ws_fd: int, folder: int, name: str) -> int:
    """errno of ``rename(victim.txt -> name in folder)`` done by another uid (0: done)."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        code = 0
        try:
            os.setgroups([])
            os.setgid(ATTACKER)
            os.setuid(ATTACKER)
            os.rename("victim.txt", name, src_dir_fd=ws_fd, dst_dir_fd=folder)
        except OSError as exc:
            code = exc.errno or 1
        os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _attacked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              act: Callable[[Any], Any]) -> tuple[Any, list[int], dict[str, str]]:
    """``act(ctx)`` in a workspace the attacker's uid owns, each host unlink by folder
    descriptor preceded by the attack. Returns the result, the attacks' errnos and the
    texts of all files under the workspace (hidden folders included)."""
    ctx = make_ctx(tmp_path)
    ws = ctx.workspace
    (ws / "log.txt").write_text("old text\n")
    (ws / "victim.txt").write_text(VICTIM)
    for path in (ws, ws / "log.txt", ws / "victim.txt"):
        os.chown(path, ATTACKER, ATTACKER)
    ws_fd = os.open(ws, os.O_RDONLY | os.O_DIRECTORY)
    real_unlink = os.unlink
    tries: list[int] = []

    def attack_then_unlink(path: Any, *args: Any, dir_fd: int | None = None, **kw: Any) -> None:
        if dir_fd is not None and not tries:
            tries.append(_as_attacker(ws_fd, dir_fd, path))
        real_unlink(path, *args, dir_fd=dir_fd, **kw)

    monkeypatch.setattr(os, "unlink", attack_then_unlink)
    try:
        res = act(ctx)
    finally:
        monkeypatch.undo()
        os.close(ws_fd)
    texts = {str(Path(top, f).relative_to(ws)): Path(top, f).read_text()
             for top, _, files in os.walk(ws) for f in files}
    return res, tries, texts


def _append_swapped_back(ctx: Any) -> Any:
    """An append whose old file is written by a program just after the new file is swapped
    in: the host swaps back and removes its new file (``_swap_back``)."""
    held = open(ctx.workspace / "log.txt", "a")  # noqa: SIM115 (the program's descriptor)
    real = atomic._exchange
    calls: list[bool] = []

    def swap(folder: int, a: str, b: str) -> bool:
        done = real(folder, a, b)
        if not calls:
            calls.append(True)
            held.write("the program's line\n")
            held.flush()
        return done

    atomic._exchange = swap  # type: ignore[assignment]
    try:
        return run(ctx, "append_to_file", path="log.txt", content="more\n")
    finally:
        atomic._exchange = real  # type: ignore[assignment]
        held.close()


def _edit(ctx: Any) -> Any:
    """A plain edit: the old file, swapped out, is removed."""
    return run(ctx, "replace_text", path="log.txt", old="old", new="new")


def _move_without_the_flag(ctx: Any) -> Any:
    """A rename where the file system has no ``RENAME_NOREPLACE``: linked, then the old name
    removed (``_move_by_link``)."""
    real = renaming.renameat2

    def refuse(*args: object) -> None:
        raise OSError(errno.EINVAL, "Invalid argument")

    renaming.renameat2 = refuse  # type: ignore[assignment]
    try:
        return run(ctx, "rename_file", source="log.txt", destination="log.1.txt")
    finally:
        renaming.renameat2 = real  # type: ignore[assignment]


@pytest.mark.parametrize("act", [_append_swapped_back, _edit, _move_without_the_flag],
                         ids=["swap-back", "edit", "move-by-link"])
def test_a_file_moved_to_the_checked_name_before_the_removal_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, act) -> None:
    res, tries, texts = _attacked(tmp_path, monkeypatch, act)
    assert list(texts.values()).count(VICTIM) == 1, texts
    assert tries == [errno.EACCES], tries  # the attacker could not reach the checked name
    assert texts["victim.txt"] == VICTIM
    assert not [name for name in os.listdir(tmp_path / "workspace") if name.endswith(".d")]
    if act is _edit:
        assert res.status == "success" and texts["log.txt"] == "new text\n", res.output


def test_a_file_put_at_the_name_is_put_back_and_a_file_taken_again_keeps_a_hidden_name(
        tmp_path: Path) -> None:
    """``discard`` removes only what it was given; anything else goes back, replacing
    nothing."""
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        (tmp_path / "a").write_text("theirs")
        assert discarding.discard(fd, "a", {(0, 0)})[1] is None
        assert (tmp_path / "a").read_text() == "theirs"
        mine = discarding.identity(fd, "a")
        assert discarding.discard(fd, "a", {mine}) == (mine, None)
        assert discarding.discard(fd, "a", {mine}) == (None, None)  # nothing there
        assert os.listdir(tmp_path) == []
    finally:
        os.close(fd)


def test_the_private_folder_of_a_workspace_root_owns_is_not_the_owners(tmp_path: Path) -> None:
    """Root's files appear as the sandbox uid's through the idmapped workspace: a folder
    owned by root would be the sandbox's own."""
    os.chown(tmp_path, 0, 0)
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with discarding.private(fd) as held:
            st = os.fstat(held)
            assert st.st_uid not in (0, os.fstat(fd).st_uid)
            assert stat.S_IMODE(st.st_mode) == 0o700
        assert os.listdir(tmp_path) == []
    finally:
        os.close(fd)


@pytest.mark.parametrize("owner", [0, 1000], ids=["root-owned", "user-owned"])
def test_a_program_in_the_real_sandbox_cannot_enter_the_private_folder(
        tmp_path: Path, owner: int) -> None:
    """Through bubblewrap's idmapped workspace the owner's files are the sandbox uid's: the
    private folder must belong to another uid (root's workspace: not root) to stay shut."""
    from autonomo.config import SandboxConfig
    from autonomo.sandbox import bubblewrap

    if (why := bubblewrap.unavailable_reason(SandboxConfig())) is not None:
        pytest.skip(f"bubblewrap unusable: {why}")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "victim.txt").write_text(VICTIM)
    for path in (ws, ws / "victim.txt"):
        os.chown(path, owner, owner)
    fd = os.open(ws, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with discarding.private(fd) as held:
            name = next(n for n in os.listdir(ws) if n.endswith(".d"))
            box = bubblewrap.BubblewrapSandbox(ws, SandboxConfig(timeout_s=20))
            try:
                res = box.run(f"mv victim.txt {name}/x; touch {name}/y; chmod 777 {name}; "
                              f"ls {name}; echo done")
            finally:
                box.close()
            assert os.listdir(held) == [], res.describe()
            assert stat.S_IMODE(os.fstat(held).st_mode) == 0o700
        assert "done" in res.stdout and "Permission denied" in res.describe(), res.describe()
        assert (ws / "victim.txt").read_text() == VICTIM
        assert os.listdir(ws) == ["victim.txt"]
    finally:
        os.close(fd)
