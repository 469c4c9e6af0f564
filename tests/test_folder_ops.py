"""Whole folders: ``delete_folder`` and ``rename_folder`` through folder descriptors (with a
prober's symlink swaps), the folders a task designates for them, and a small model given
them only then. Wordings of this file's own, none from a task set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.folders import called_for, moved_folders, removed_folders
from autonomo.agent.strategies.offered import unneeded
from autonomo.agent.workbench import select_commands
from autonomo.config import Settings
from autonomo.tools import folder_ops
from autonomo.tools.builtin import builtin_registry
from tool_helpers import make_ctx, run, swap_for_symlink


@pytest.fixture
def ctx(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    return make_ctx(ws)


def _tree(root: Path, *files: str) -> None:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"text of {name}\n")


# -- the commands ---------------------------------------------------------------------------

def test_delete_folder_removes_the_folder_with_everything_in_it(ctx) -> None:
    _tree(ctx.workspace, "old/a.txt", "old/deep/b.txt", "old/deep/.hidden", "keep/c.txt")
    res = run(ctx, "delete_folder", path="old")
    assert res.status == "success", res.output
    assert "3 files" in res.output
    assert not (ctx.workspace / "old").exists()
    assert (ctx.workspace / "keep/c.txt").read_text() == "text of keep/c.txt\n"


@pytest.mark.parametrize("path", [".", "", "./", "../ws", "/etc", "keep/c.txt", "nowhere"])
def test_delete_folder_refuses_the_workspace_a_file_and_what_is_not_there(ctx, path) -> None:
    _tree(ctx.workspace, "keep/c.txt")
    res = run(ctx, "delete_folder", path=path)
    assert res.status == "error"
    assert (ctx.workspace / "keep/c.txt").exists()


def test_a_link_inside_a_removed_folder_is_removed_never_followed(ctx, tmp_path) -> None:
    outside = tmp_path / "outside"
    _tree(outside, "secret.txt", "sub/more.txt")
    _tree(ctx.workspace, "old/a.txt")
    (ctx.workspace / "old/to_host").symlink_to(outside)
    (ctx.workspace / "old/host_file").symlink_to(outside / "secret.txt")
    assert run(ctx, "delete_folder", path="old").status == "success"
    assert not (ctx.workspace / "old").exists()
    assert (outside / "secret.txt").exists() and (outside / "sub/more.txt").exists()


def test_a_folder_that_is_a_link_is_not_removed_nor_followed(ctx, tmp_path) -> None:
    outside = tmp_path / "outside"
    _tree(outside, "secret.txt")
    (ctx.workspace / "link").symlink_to(outside)
    res = run(ctx, "delete_folder", path="link")
    assert res.status == "error"
    assert (outside / "secret.txt").exists()


def test_a_folder_swapped_for_a_link_after_the_check_is_not_followed(
        ctx, tmp_path, monkeypatch) -> None:
    outside = tmp_path / "outside"
    _tree(outside, "secret.txt")
    _tree(ctx.workspace, "old/a.txt")
    checked = folder_ops._is_folder

    def check_then_swap(parent: int, name: str, path: str) -> None:
        checked(parent, name, path)
        os.rename(ctx.workspace / "old", ctx.workspace / "old-real")
        os.symlink(outside, ctx.workspace / "old")

    monkeypatch.setattr(folder_ops, "_is_folder", check_then_swap)
    res = run(ctx, "delete_folder", path="old")
    assert res.status == "error"
    assert (outside / "secret.txt").exists()
    assert (ctx.workspace / "old-real/a.txt").exists()


def test_a_parent_folder_swapped_for_a_link_is_never_entered(
        ctx, tmp_path, monkeypatch) -> None:
    outside = tmp_path / "outside"
    _tree(outside, "victim/secret.txt")
    _tree(ctx.workspace, "d/victim/mine.txt")
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, "delete_folder", path="d/victim")
    assert res.status == "error" and "symbolic link" in res.output
    assert (outside / "victim/secret.txt").exists()


def test_rename_folder_moves_it_whole_and_never_replaces(ctx) -> None:
    _tree(ctx.workspace, "Music/new list/a.mp3", "Music/new list/b.mp3", "taken/x.txt")
    res = run(ctx, "rename_folder", source="Music/new list", destination="Music/road_trip")
    assert res.status == "success", res.output
    assert sorted(p.name for p in (ctx.workspace / "Music/road_trip").iterdir()) == [
        "a.mp3", "b.mp3"]
    assert not (ctx.workspace / "Music/new list").exists()
    # onto a folder that is there, into itself, or a file: refused, nothing moved
    for destination in ("taken", "Music/road_trip/inner", "Music/road_trip"):
        res = run(ctx, "rename_folder", source="Music/road_trip", destination=destination)
        assert res.status == "error"
    assert (ctx.workspace / "taken/x.txt").exists()
    assert (ctx.workspace / "Music/road_trip/a.mp3").exists()
    assert run(ctx, "rename_folder", source="taken/x.txt", destination="y").status == "error"
    assert run(ctx, "rename_folder", source=".", destination="elsewhere").status == "error"


def test_rename_folder_into_a_parent_swapped_for_a_link_is_refused(
        ctx, tmp_path, monkeypatch) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _tree(ctx.workspace, "mine/a.txt", "d/keep.txt")
    swap_for_symlink(monkeypatch, ctx.workspace, "d", outside)
    res = run(ctx, "rename_folder", source="mine", destination="d/mine")
    assert res.status == "error"
    assert list(outside.iterdir()) == []


# -- what a task designates -----------------------------------------------------------------

FOLDERS = ("old_builds", "cache", "archive", "drafts", "dist", "Music", "Music/new list",
           "photos_tmp")


@pytest.mark.parametrize(("task", "removed"), [
    ("get rid of the old_builds folder and everything inside", ("old_builds",)),
    ("delete cache/ entirely, we regenerate it", ("cache",)),
    ("please remove the directory drafts", ("drafts",)),
    ("remove old_builds/ but leave dist/ alone", ("old_builds",)),
    # files in a folder, what a folder holds, a folder kept: no folder removed
    ("delete the two files inside the cache folder", ()),
    ("delete everything in cache/", ()),
    ("empty the cache folder", ()),
    ("delete the .log files in archive/ but keep archive/", ()),
    ("remove the old builds", ()),  # (no folder marked as one)
    ("don't delete the drafts folder; remove notes.txt", ()),
])
def test_a_folder_is_removed_only_as_a_removal_s_marked_object(task, removed) -> None:
    from autonomo.agent.strategies.names import kept_places, named_folders
    kept = kept_places(task, named_folders(task, FOLDERS))
    assert removed_folders(task, FOLDERS, kept) == removed


@pytest.mark.parametrize(("task", "moves"), [
    ("Rename the folder 'Music/new list' to Music/road_trip",
     (("Music/new list", "Music/road_trip"),)),
    ("move the drafts folder into archive/", (("drafts", "archive/drafts"),)),
    ("rename photos_tmp/ to photos_2026", (("photos_tmp", "photos_2026"),)),
    ("rename the folder 'Music/new list' to road_trip",
     (("Music/new list", "Music/road_trip"),)),
    ("move the photos_tmp folder inside cache/", (("photos_tmp", "cache/photos_tmp"),)),
    # a name there already said with a bare "to", a destination a clause keeps, files
    # moved, no new name given: none
    ("rename photos_tmp/ to cache", ()),
    ("move the drafts folder into archive/, but leave archive/ alone", ()),
    ("Move drafts/ into archive/. Never change anything in archive/.", ()),
    ("move the files in drafts/ to archive/", ()),
    ("rename the drafts folder", ()),
])
def test_a_folder_moves_only_as_a_move_s_object_to_the_path_the_task_gives(task, moves) -> None:
    assert moved_folders(task, FOLDERS, ("cache/a.txt",)) == moves


def test_small_models_get_the_folder_commands_only_when_the_task_designates_a_folder(
        tmp_path) -> None:
    _tree(tmp_path, "old_builds/a.o", "old_builds/deep/b.o", "src/main.c", "notes.txt")
    assert called_for("remove the old_builds folder with everything in it", tmp_path) == (
        "delete_folder",)
    assert called_for("delete notes.txt", tmp_path) == ()
    assert called_for("move the old_builds folder to attic_builds", tmp_path) == (
        "rename_folder",)
    settings = Settings()
    plain = select_commands(builtin_registry(), settings, None, small_model=True)
    assert "delete_folder" not in plain and "rename_folder" not in plain
    more = select_commands(builtin_registry(), settings, None, small_model=True,
                           folders=("delete_folder",))
    assert "delete_folder" in more


def test_the_designated_folder_is_offered_whole_and_its_files_not_one_by_one(tmp_path) -> None:
    _tree(tmp_path, "old_builds/a.o", "old_builds/deep/b.o", "src/main.c", "notes.txt")
    task = "remove the old_builds folder with everything in it"
    agent = Settings().agent
    commands = builtin_registry().select(
        include=(*agent.small_model_commands, *called_for(task, tmp_path)))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    said = strategy.step_situation(state).said_files
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(tmp_path),
                                        said), state)
    offered = {o["properties"]["name"]["const"]: o["properties"]["args"]
               for o in request.schema["properties"]["command"]["anyOf"]}
    assert offered["delete_folder"]["properties"]["path"]["enum"] == ["old_builds"]
    assert "delete_file" not in offered
