"""copy_file and rename_file on a real temporary workspace, including a prober's swaps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tool_helpers import make_ctx, make_sparse, run, swap_for_symlink


@pytest.fixture
def ctx(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    return make_ctx(ws)


def test_copy_keeps_the_source_and_makes_folders(ctx) -> None:
    (ctx.workspace / "notes.txt").write_bytes(b"a\x00b\nline\n")
    res = run(ctx, "copy_file", source="notes.txt", destination="bak/notes.txt")
    assert res.status == "success", res.output
    assert (ctx.workspace / "bak/notes.txt").read_bytes() == b"a\x00b\nline\n"
    assert (ctx.workspace / "notes.txt").read_bytes() == b"a\x00b\nline\n"
    (ctx.workspace / "old.txt").write_text("a much longer old text")
    assert run(ctx, "copy_file", source="notes.txt", destination="old.txt",
               overwrite=True).status == "success"
    assert (ctx.workspace / "old.txt").read_bytes() == b"a\x00b\nline\n"  # replaced whole


def test_copying_a_file_onto_itself_or_a_hard_link_never_empties_it(ctx) -> None:
    (ctx.workspace / "a.txt").write_text("keep me")
    (ctx.workspace / "b.txt").hardlink_to(ctx.workspace / "a.txt")
    for destination in ("a.txt", "./a.txt", "b.txt"):
        res = run(ctx, "copy_file", source="a.txt", destination=destination, overwrite=True)
        assert res.status == "error" and "same file" in res.output
        res = run(ctx, "copy_file", source="a.txt", destination=destination)
        assert res.status == "error" and "already exists" in res.output
    assert (ctx.workspace / "a.txt").read_text() == "keep me"


def test_rename_moves_and_refuses_what_it_cannot(ctx) -> None:
    (ctx.workspace / "draft.txt").write_text("text")
    assert run(ctx, "rename_file", source="draft.txt", destination="out/final.txt").status \
        == "success"
    assert not (ctx.workspace / "draft.txt").exists()
    assert (ctx.workspace / "out/final.txt").read_text() == "text"
    assert run(ctx, "move_file", source="out/final.txt", destination="final.txt").status \
        == "success"  # the alias
    assert run(ctx, "rename_file", source="gone.txt", destination="x.txt").status == "error"
    (ctx.workspace / "folder").mkdir()
    res = run(ctx, "rename_file", source="final.txt", destination="folder")
    assert res.status == "error" and (ctx.workspace / "final.txt").exists()
    assert run(ctx, "rename_file", source="final.txt", destination="../x.txt").status == "error"


@pytest.mark.parametrize("name", ["copy_file", "rename_file"])
def test_a_source_folder_swapped_for_a_symlink_is_never_followed(
    ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("host secret")
    (ctx.workspace / "d").mkdir()
    (ctx.workspace / "d" / "secret.txt").write_text("mine")
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, name, source="d/secret.txt", destination="stolen.txt")
    assert res.status == "error" and "symbolic link" in res.output
    assert not (ctx.workspace / "stolen.txt").exists()
    assert (outside / "secret.txt").read_text() == "host secret"


@pytest.mark.parametrize("name", ["copy_file", "rename_file"])
def test_a_destination_folder_swapped_for_a_symlink_is_never_followed(
    ctx, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (ctx.workspace / "d").mkdir()
    (ctx.workspace / "mine.txt").write_text("mine")
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, name, source="mine.txt", destination="d/planted.txt")
    assert res.status == "error" and "symbolic link" in res.output
    assert list(outside.iterdir()) == []


def test_a_source_file_that_is_a_symlink_is_not_copied_through(ctx, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("host secret")
    (ctx.workspace / "link.txt").symlink_to(secret)
    res = run(ctx, "copy_file", source="link.txt", destination="copy.txt")
    assert res.status == "error"
    assert not (ctx.workspace / "copy.txt").exists() or \
        "host secret" not in (ctx.workspace / "copy.txt").read_text()


def test_copying_a_sparse_file_costs_the_host_no_more_disk_than_the_source(ctx) -> None:
    size = 64 * 1024 * 1024
    make_sparse(ctx.workspace / "big.bin", size)
    res = run(ctx, "copy_file", source="big.bin", destination="copy.bin")
    assert res.status == "success", res.output
    copied = ctx.workspace / "copy.bin"
    assert copied.stat().st_size == size and copied.stat().st_blocks * 512 < 1024 * 1024
    with open(copied, "rb") as handle:
        handle.seek(size // 2)
        assert handle.read(6) == b"middle"


def test_a_copy_that_would_pass_the_disk_floor_is_refused(tmp_path: Path) -> None:
    """The host copies outside the sandbox's disk guard: it keeps the same floor
    (``sandbox.min_free_mb``) as a sandboxed command would."""
    ctx = make_ctx(tmp_path, sandbox={"min_free_mb": 10**12})
    (ctx.workspace / "a.txt").write_text("x" * 10_000)
    (ctx.workspace / "b.txt").write_text("old")
    res = run(ctx, "copy_file", source="a.txt", destination="b.txt", overwrite=True)
    assert res.status == "error" and "sandbox.min_free_mb" in res.output
    assert (ctx.workspace / "b.txt").read_text() == "old"


def test_deleting_or_moving_a_link_acts_on_the_link_not_on_its_target(ctx, tmp_path: Path):
    """``rm latest.log`` removes the link; delete_file removed the file it points at (and
    said so), leaving the link dangling: a file the task never named was lost."""
    ws = ctx.workspace
    (ws / "logs").mkdir()
    (ws / "logs" / "today.log").write_text("precious")
    (ws / "latest.log").symlink_to("logs/today.log")
    res = run(ctx, "delete_file", path="latest.log")
    assert res.status == "success" and res.output == "Deleted latest.log."
    assert not os.path.lexists(ws / "latest.log")
    assert (ws / "logs" / "today.log").read_text() == "precious"
    (ws / "latest.log").symlink_to("logs/today.log")
    res = run(ctx, "rename_file", source="latest.log", destination="newest.log")
    assert res.status == "success", res.output
    assert os.readlink(ws / "newest.log") == "logs/today.log"
    assert not os.path.lexists(ws / "latest.log")
    assert (ws / "logs" / "today.log").read_text() == "precious"
    # moved onto a link: the link is replaced, what it pointed at is kept
    (ws / "draft.txt").write_text("new")
    res = run(ctx, "rename_file", source="draft.txt", destination="newest.log",
              overwrite=True)
    assert res.status == "success", res.output
    assert not (ws / "newest.log").is_symlink() and (ws / "newest.log").read_text() == "new"
    assert (ws / "logs" / "today.log").read_text() == "precious"
    # a link pointing out of the workspace can be removed; the host file stays
    host = tmp_path / "host.txt"
    host.write_text("host")
    (ws / "out.txt").symlink_to(host)
    assert run(ctx, "delete_file", path="out.txt").status == "success"
    assert not os.path.lexists(ws / "out.txt") and host.read_text() == "host"


def test_a_rename_onto_an_existing_file_is_refused_and_both_are_kept(ctx) -> None:
    """The blind run's "crontab.txt -> crontab.txt.bak (a copy, not a move)": the copy was
    made, then crontab.txt renamed over it; the user's file was gone and the run FINISHED."""
    ws = ctx.workspace
    (ws / "crontab.txt").write_text("0 5 * * * backup\n")
    assert run(ctx, "copy_file", source="crontab.txt", destination="crontab.txt.bak").status \
        == "success"
    res = run(ctx, "rename_file", source="crontab.txt", destination="crontab.txt.bak")
    assert res.status == "error" and res.output.startswith(
        "crontab.txt.bak already exists and was left as it was."), res.output
    assert (ws / "crontab.txt").read_text() == (ws / "crontab.txt.bak").read_text()
    res = run(ctx, "move_file", source="crontab.txt", destination="crontab.txt.bak",
              overwrite=True)  # asked for: replaced, as mv does
    assert res.status == "success" and not (ws / "crontab.txt").exists()


def test_a_copy_onto_an_existing_file_is_refused_unless_asked(ctx) -> None:
    ws = ctx.workspace
    (ws / "new.txt").write_text("new")
    (ws / "old.txt").write_text("the user's old text")
    res = run(ctx, "copy_file", source="new.txt", destination="old.txt")
    assert res.status == "error" and "old.txt already exists" in res.output
    assert "overwrite=true only if the task asks" in res.output
    assert (ws / "old.txt").read_text() == "the user's old text"
    assert sorted(os.listdir(ws)) == ["new.txt", "old.txt"]


@pytest.mark.parametrize("flag_supported", [True, False])
def test_a_file_put_at_the_destination_just_before_the_rename_is_not_replaced(
        ctx, monkeypatch: pytest.MonkeyPatch, flag_supported: bool) -> None:
    """Checking the name and then renaming leaves a window for sandboxed code: the rename
    itself refuses to replace (``RENAME_NOREPLACE``; where the file system lacks it, a hard
    link, which never replaces)."""
    from autonomo.tools import renaming

    ws = ctx.workspace
    (ws / "draft.txt").write_text("draft")
    real = renaming.renameat2
    planted: list[bool] = []

    def plant_then_rename(*args):
        if not planted:
            planted.append(True)
            (ws / "final.txt").write_text("planted meanwhile")
        if not flag_supported:
            raise OSError(22, "Invalid argument")
        return real(*args)

    monkeypatch.setattr(renaming, "renameat2", plant_then_rename)
    res = run(ctx, "rename_file", source="draft.txt", destination="final.txt")
    assert res.status == "error" and "final.txt already exists" in res.output, res.output
    assert (ws / "final.txt").read_text() == "planted meanwhile"
    assert (ws / "draft.txt").read_text() == "draft"
    (ws / "final.txt").unlink()  # free again: moved
    assert run(ctx, "rename_file", source="draft.txt", destination="final.txt").status \
        == "success"
    assert sorted(os.listdir(ws)) == ["final.txt"] and (ws / "final.txt").read_text() == "draft"


def test_a_file_put_at_the_destination_during_a_copy_is_not_replaced(
        ctx, monkeypatch: pytest.MonkeyPatch) -> None:
    from autonomo.tools import fstree

    ws = ctx.workspace
    (ws / "a.txt").write_text("source")
    real = fstree.copy_data

    def copy_then_plant(src: int, dst: int) -> None:
        real(src, dst)
        (ws / "b.txt").write_text("planted meanwhile")

    monkeypatch.setattr(fstree, "copy_data", copy_then_plant)
    res = run(ctx, "copy_file", source="a.txt", destination="b.txt")
    assert res.status == "error" and "b.txt already exists" in res.output, res.output
    assert (ws / "b.txt").read_text() == "planted meanwhile"
    assert sorted(os.listdir(ws)) == ["a.txt", "b.txt"]
