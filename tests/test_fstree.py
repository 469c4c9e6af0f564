"""Copying trees through descriptors: links stay links, planted traps are skipped."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from autonomo.tools import fstree


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
