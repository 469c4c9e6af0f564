"""``renaming.renameat2``: the system call through the C library (no PyPI binding, which had
no wheel for CPython 3.12), on real files."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from autonomo.tools import renaming


@pytest.fixture
def folder(tmp_path: Path):
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    yield fd
    os.close(fd)


def test_noreplace_moves_to_a_free_name_and_refuses_a_taken_one(tmp_path: Path,
                                                                 folder: int) -> None:
    (tmp_path / "a").write_text("a")
    (tmp_path / "b").write_text("b")
    with pytest.raises(FileExistsError):
        renaming.renameat2(folder, "a", folder, "b", renaming.NOREPLACE)
    assert (tmp_path / "b").read_text() == "b"
    renaming.renameat2(folder, "a", folder, "c", renaming.NOREPLACE)
    assert sorted(os.listdir(tmp_path)) == ["b", "c"] and (tmp_path / "c").read_text() == "a"


def test_exchange_swaps_two_names_including_names_that_are_not_utf8(tmp_path: Path,
                                                                    folder: int) -> None:
    odd = os.path.join(os.fsencode(tmp_path), b"odd\xff")
    with open(odd, "w") as out:
        out.write("odd")
    (tmp_path / "b").write_text("b")
    renaming.renameat2(folder, b"odd\xff", folder, "b", renaming.EXCHANGE)
    assert (tmp_path / "b").read_text() == "odd"
    with open(odd) as back:
        assert back.read() == "b"
    renaming.renameat2(folder, os.fsdecode(b"odd\xff"), folder, "b", renaming.EXCHANGE)
    assert (tmp_path / "b").read_text() == "b"
    with pytest.raises(FileNotFoundError):
        renaming.renameat2(folder, "missing", folder, "b", renaming.EXCHANGE)


def test_a_flag_the_kernel_does_not_take_is_a_clear_einval(tmp_path: Path,
                                                           folder: int) -> None:
    """Both flags at once are invalid for every kernel: the error the callers fall back on
    (a file system without the flags answers the same), with a message that says so."""
    (tmp_path / "a").write_text("a")
    with pytest.raises(OSError) as raised:
        renaming.renameat2(folder, "a", folder, "b", renaming.NOREPLACE | renaming.EXCHANGE)
    assert raised.value.errno == errno.EINVAL
    assert "does not take renameat2" in str(raised.value)


def test_a_c_library_without_the_call_is_a_clear_enosys(
        tmp_path: Path, folder: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(renaming, "_CALL", None)
    with pytest.raises(OSError) as raised:
        renaming.renameat2(folder, "a", folder, "b", renaming.NOREPLACE)
    assert raised.value.errno == errno.ENOSYS
    assert "not in this system's C library" in str(raised.value)


def test_a_name_with_a_null_byte_is_refused_not_cut(tmp_path: Path, folder: int) -> None:
    """A C string ends at a null byte: "a\\0x" would rename "a" (``os.rename`` refuses)."""
    (tmp_path / "a").write_text("a")
    with pytest.raises(ValueError, match="null byte"):
        renaming.renameat2(folder, "a\0x", folder, "b", renaming.NOREPLACE)
    with pytest.raises(ValueError, match="null byte"):
        renaming.renameat2(folder, "a", folder, "b\0", renaming.NOREPLACE)
    assert os.listdir(tmp_path) == ["a"]
