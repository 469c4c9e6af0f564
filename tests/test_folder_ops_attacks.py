"""A hostile workspace against ``delete_folder`` and ``rename_folder``: what sandboxed code can
put there or swap in between the host's check and its use (a FIFO, a link to a host folder,
a tree thousands of levels deep). Nothing outside the workspace may change, nothing may
hang, and every case ends in a result (never an exception out of the command). A hang is
turned into a failure by an alarm (no timing is asserted)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.tools import folder_ops
from test_situation_attacks import deadline as deadline  # (a hang fails the test)
from tool_helpers import make_ctx, make_deep_folder, run

pytestmark = pytest.mark.usefixtures("deadline")


@pytest.fixture
def ctx(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    return make_ctx(ws)


def _host(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    (outside / "sub").mkdir(parents=True)
    (outside / "secret.txt").write_text("host\n")
    (outside / "sub/more.txt").write_text("host\n")
    return outside


def _intact(outside: Path) -> bool:
    return (outside / "secret.txt").read_text() == "host\n" and \
        (outside / "sub/more.txt").read_text() == "host\n"


def _swap_after_check(monkeypatch, folder: Path, swap) -> None:
    """Right after the command checked that ``folder`` is a folder, ``swap(folder)`` puts
    something else in its place (the race a prober wins, made deterministic)."""
    checked = folder_ops._is_folder

    def check_then_swap(parent: int, name: str, path: str) -> None:
        checked(parent, name, path)
        os.rename(folder, folder.with_name(folder.name + "-real"))
        swap(folder)

    monkeypatch.setattr(folder_ops, "_is_folder", check_then_swap)


def test_a_deep_tree_with_fifos_and_host_links_is_removed_and_the_host_kept(ctx, tmp_path):
    outside = _host(tmp_path)
    old = ctx.workspace / "old"
    old.mkdir()
    make_deep_folder(old, 3000)
    fd = os.open(old, os.O_RDONLY | os.O_DIRECTORY)  # (paths this deep are too long to name)
    for level in range(3000):
        if level % 500 == 0:
            os.symlink(outside, f"to_host{level}", dir_fd=fd)
            os.mkfifo(f"pipe{level}", dir_fd=fd)
        child = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.mkfifo("bottom", dir_fd=fd)
    os.close(fd)
    res = run(ctx, "delete_folder", path="old")
    assert res.status == "success", res.output
    assert not old.exists() and _intact(outside)


@pytest.mark.parametrize("kind", ["fifo", "host link", "file"])
def test_a_folder_swapped_after_the_check_is_not_removed_nor_followed(
        ctx, tmp_path, monkeypatch, kind):
    outside = _host(tmp_path)
    (ctx.workspace / "old").mkdir()
    (ctx.workspace / "old/a.txt").write_text("mine\n")
    swaps = {"fifo": os.mkfifo, "host link": lambda p: p.symlink_to(outside),
             "file": lambda p: p.write_text("a file now\n")}
    _swap_after_check(monkeypatch, ctx.workspace / "old", swaps[kind])
    res = run(ctx, "delete_folder", path="old")
    assert res.status == "error" and "changed into something else" in res.output, res.output
    assert _intact(outside) and (ctx.workspace / "old-real/a.txt").read_text() == "mine\n"


@pytest.mark.parametrize("kind", ["fifo", "host link"])
def test_a_source_swapped_after_the_check_moves_no_host_folder(
        ctx, tmp_path, monkeypatch, kind):
    outside = _host(tmp_path)
    (ctx.workspace / "drafts").mkdir()
    swaps = {"fifo": os.mkfifo, "host link": lambda p: p.symlink_to(outside)}
    _swap_after_check(monkeypatch, ctx.workspace / "drafts", swaps[kind])
    res = run(ctx, "rename_folder", source="drafts", destination="archive/drafts")
    # (what took the folder's place may be moved inside the workspace, itself: never what
    # a link points at)
    assert res.status in ("success", "error")
    assert _intact(outside) and sorted(p.name for p in outside.iterdir()) == [
        "secret.txt", "sub"]
    moved = ctx.workspace / "archive/drafts"
    assert not moved.exists() or moved.is_symlink() or not moved.is_dir()


def test_a_destination_through_a_fifo_is_refused(ctx):
    (ctx.workspace / "drafts").mkdir()
    (ctx.workspace / "drafts/a.txt").write_text("mine\n")
    os.mkfifo(ctx.workspace / "archive")
    res = run(ctx, "rename_folder", source="drafts", destination="archive/drafts")
    assert res.status == "error"
    assert (ctx.workspace / "drafts/a.txt").read_text() == "mine\n"


def test_a_fifo_or_a_link_named_as_the_folder_is_refused(ctx, tmp_path):
    outside = _host(tmp_path)
    os.mkfifo(ctx.workspace / "pipe")
    (ctx.workspace / "link").symlink_to(outside)
    for command, args in (("delete_folder", {"path": "pipe"}),
                          ("rename_folder", {"source": "pipe", "destination": "p2"}),
                          ("rename_folder", {"source": "link", "destination": "l2"})):
        assert run(ctx, command, **args).status == "error"
    assert _intact(outside) and (ctx.workspace / "link").is_symlink()
