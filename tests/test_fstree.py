"""Copying trees through descriptors: links stay links, planted traps are skipped."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from autonomo.tools import fstree
from tool_helpers import make_deep_folder, make_sparse


def _copy(src: Path, dst: Path) -> list[int]:
    copied: list[int] = []
    s, d = os.open(src, fstree.DIR_FLAGS), os.open(dst, fstree.DIR_FLAGS)
    try:
        copied.append(fstree.copy_tree(s, d))
    finally:
        os.close(s)
        os.close(d)
    return copied


def test_copy_tree_copies_files_and_links_without_following_them(tmp_path: Path) -> None:
    src, dst, host = tmp_path / "src", tmp_path / "dst", tmp_path / "host.txt"
    (src / "a" / "b").mkdir(parents=True)
    dst.mkdir()
    host.write_text("host")
    (src / "top.txt").write_text("top")
    (src / "a" / "b" / "deep.txt").write_text("deep")
    (src / "a" / "link").symlink_to(host)
    assert _copy(src, dst) == [3]
    assert (dst / "a" / "b" / "deep.txt").read_text() == "deep"
    assert os.readlink(dst / "a" / "link") == str(host)
    assert host.read_text() == "host"


def test_a_fifo_planted_in_the_destination_does_not_hang_the_copy(tmp_path: Path) -> None:
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    dst.mkdir()
    (src / "b.txt").write_text("from child")
    (src / "c.txt").write_text("other")
    os.mkfifo(dst / "b.txt")  # opening it to write would block until someone reads
    worker = threading.Thread(target=_copy, args=(src, dst), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive()
    assert (dst / "c.txt").read_text() == "other"


def test_a_sparse_file_is_copied_sparse(tmp_path: Path) -> None:
    """A sandbox makes a 64 MB file for nothing; copied with its holes written out, it would
    cost the host 64 MB each time (a sub-agent's hundred such files: GBs)."""
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    dst.mkdir()
    size = 64 * 1024 * 1024
    make_sparse(src / "big.bin", size)
    assert _copy(src, dst) == [1]
    copied = dst / "big.bin"
    assert copied.stat().st_size == size
    assert copied.stat().st_blocks * 512 < 1024 * 1024
    with open(copied, "rb") as handle:
        assert handle.read(4) == b"head"
        handle.seek(size // 2 - 2)
        assert handle.read(10) == b"\0\0middle\0\0"


def test_remove_tree_removes_a_tree_thousands_deep_without_following_links(
        tmp_path: Path) -> None:
    top, host = tmp_path / "top", tmp_path / "host"
    host.mkdir()
    (host / "keep.txt").write_text("host")
    top.mkdir()
    make_deep_folder(top, 1100)  # past the recursion limit
    (top / "d" / "d" / "file.txt").write_text("x")
    (top / "d" / "link").symlink_to(host)
    (top / "d" / "d" / ".removing-1").mkdir()  # a name the removal would pick: not in the way
    (top / "d" / "d" / ".removing-1" / "x").write_text("x")
    fd = os.open(tmp_path, fstree.DIR_FLAGS)
    try:
        fstree.remove_tree(fd, "top")
    finally:
        os.close(fd)
    assert not top.exists()
    assert (host / "keep.txt").read_text() == "host"
