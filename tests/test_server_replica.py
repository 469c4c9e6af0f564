"""Restoring a shared task's files onto a worker is a host-side write from names read out of a
database: hostile names, links planted in the worker's copy, and a folder swapped for a link
between the check and the write are all refused, and nothing outside the workspace changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autonomo.agent.state import AgentState, AgentStore
from autonomo.errors import WorkspaceError
from autonomo.server import artifacts
from autonomo.server.replica import Bundle, Replica, checked_agent_id, restore_files
from autonomo.tools.workspace import Workspace


@pytest.fixture
def places(tmp_path: Path) -> tuple[Workspace, Path]:
    root, outside = tmp_path / "ws", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (outside / "target.txt").write_text("secret")
    return Workspace(root), outside


def test_hostile_names_and_planted_links_are_refused(places: tuple[Workspace, Path]) -> None:
    ws, outside = places
    (ws.root / "link").symlink_to(outside)
    (ws.root / "victim.txt").symlink_to(outside / "target.txt")
    (ws.root / "inner.txt").write_text("old")
    (ws.root / "alias.txt").symlink_to(ws.root / "inner.txt")  # a link, even inside
    refused = restore_files(ws, [
        ("", "../escape.txt", b"x"), ("..", "escape2.txt", b"x"),
        (str(outside), "abs.txt", b"x"), ("", "/abs2.txt", b"x"), ("~", "home.txt", b"x"),
        ("link", "in.txt", b"x"), ("", "victim.txt", b"overwritten"),
        ("", "alias.txt", b"through a link"), ("", "big.bin", b"x" * 101),
        ("a\x00b", "nul.txt", b"x"), ("a/" * 3000, "deep.txt", b"x"),
        ("", "n" * 256, b"x"),
        ("ok/deeper", "fine.txt", b"fine"),
    ], max_bytes=100)
    assert len(refused) == 12, "\\n".join(refused)
    assert not (ws.root / "a").exists()  # no folder of the too-deep name was made
    assert sorted(p.name for p in outside.iterdir()) == ["target.txt"]
    assert (outside / "target.txt").read_text() == "secret"
    assert (ws.root / "inner.txt").read_text() == "old"
    assert not (ws.root.parent / "escape.txt").exists()
    assert (ws.root / "ok" / "deeper" / "fine.txt").read_bytes() == b"fine"


def test_deleting_a_planted_link_removes_the_link_not_its_target(
        places: tuple[Workspace, Path]) -> None:
    ws, outside = places
    (ws.root / "victim.txt").symlink_to(outside / "target.txt")
    (ws.root / "link").symlink_to(outside)
    refused = restore_files(ws, [("", "victim.txt", None), ("link", "target.txt", None),
                                 ("", "never-there.txt", None)], max_bytes=100)
    assert len(refused) == 1 and "link" in refused[0]  # the folder link is not entered
    assert not os.path.lexists(ws.root / "victim.txt")
    assert (outside / "target.txt").read_text() == "secret"


def test_folder_swapped_for_a_link_between_check_and_write(
        places: tuple[Workspace, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The name check passes on a real folder; right after it, as sandboxed code racing the
    host would, the folder is renamed and a link to a host folder put in its place."""
    ws, outside = places
    (ws.root / "sub").mkdir()
    checked = artifacts.split_name

    def check_then_swap(folder: str, name: str) -> tuple[str, str]:
        result = checked(folder, name)  # the names pass the check ...
        if result == ("sub", "file.txt"):  # ... then the folder becomes a link
            (ws.root / "sub").rename(ws.root / "sub.old")
            (ws.root / "sub").symlink_to(outside)
        if result == ("", "late.txt"):  # ... or the file appears as a link
            (ws.root / "late.txt").symlink_to(outside / "planted.txt")
        return result

    monkeypatch.setattr(artifacts, "split_name", check_then_swap)
    refused = restore_files(ws, [("sub", "file.txt", b"x"), ("", "late.txt", b"x")],
                            max_bytes=100)
    assert len(refused) == 2, refused
    assert "symbolic link" in refused[0] and "symbolic link" in refused[1]
    assert sorted(p.name for p in outside.iterdir()) == ["target.txt"]


def test_restore_writes_agent_and_version_and_refuses_bad_ids(tmp_path: Path) -> None:
    store = AgentStore(tmp_path / "data")
    try:
        replica = Replica(store, max_file_bytes=1000)
        state = AgentState(tasks=["t"], workspace="/elsewhere/on/machine-a")
        bundle = Bundle(7, state.id, state.model_dump_json(), [], [("", "a.txt", b"A")])
        assert replica.version("task") == 0
        assert replica.restore("task", bundle) == []
        assert replica.version("task") == 7
        loaded = store.load(state.id)
        assert Path(loaded.workspace) == store.default_workspace(state.id).resolve()
        assert (Path(loaded.workspace) / "a.txt").read_bytes() == b"A"
        with pytest.raises(WorkspaceError):
            replica.restore("task", Bundle(8, "../../x", state.model_dump_json(), [], []))
        other = AgentState(tasks=["t"])
        with pytest.raises(WorkspaceError):
            replica.restore("task", Bundle(8, state.id, other.model_dump_json(), [], []))
        assert replica.version("task") == 7
    finally:
        store.close()
    for bad in ("", "..", "a/b", "x" * 65, "a b"):
        with pytest.raises(WorkspaceError):
            checked_agent_id(bad)


def test_a_steps_shared_files_are_bounded_together(tmp_path: Path) -> None:
    """Sparse files cost sandboxed code nothing, but each would be read into the server's
    memory and sent to the database: one step shares at most ``max_step_bytes`` in all."""
    store = AgentStore(tmp_path / "data")
    try:
        replica = Replica(store, max_file_bytes=1000, max_step_bytes=2500)
        root = tmp_path / "ws"
        root.mkdir()
        for n in range(6):
            with open(root / f"sparse{n}.bin", "wb") as out:
                out.truncate(900)
        (root / "small.txt").write_text("x" * 10)
        with open(root / "huge.bin", "wb") as out:
            out.truncate(10**12)  # a terabyte of holes: never read
        state = AgentState(tasks=["t"])
        changes = replica.changes("task", state, root, {}, artifacts.snapshot(root))
        sent = sum(len(data) for _, _, data in changes.files)
        assert sent <= 2500
        assert sorted(n for _, n, _ in changes.files) == ["small.txt", "sparse0.bin",
                                                          "sparse1.bin"]
        assert len(changes.skipped) == 5
        assert any("huge.bin: larger than 1000 bytes" in s for s in changes.skipped)
        assert sum("together exceed 2500" in s for s in changes.skipped) == 4
    finally:
        store.close()


def test_restoring_over_a_planted_fifo_neither_hangs_nor_writes(
        places: tuple[Workspace, Path]) -> None:
    """Sandboxed code leaves a FIFO where the shared copy has a file: opening it to write
    would block the worker forever (no reader); it is refused at once instead."""
    ws, _ = places
    os.mkfifo(ws.root / "pipe.txt")
    (ws.root / "dir.txt").mkdir()  # a folder where the database has a file
    refused = restore_files(ws, [("", "pipe.txt", b"x"), ("", "dir.txt", b"x"),
                                 ("dir.txt", "inside.txt", b"ok")], max_bytes=100)
    assert len(refused) == 2, refused
    assert (ws.root / "dir.txt" / "inside.txt").read_bytes() == b"ok"


def test_changes_sends_new_episodes_and_changed_files_only(tmp_path: Path) -> None:
    from autonomo import Action
    from autonomo.agent.episodes import Episode

    store = AgentStore(tmp_path / "data")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    try:
        replica = Replica(store, max_file_bytes=10)
        root = tmp_path / "ws"
        root.mkdir()
        for name in ("same.txt", "edit.txt", "gone.txt", "swap.txt"):
            (root / name).write_text("v1")
        state = AgentState(tasks=["t"])
        state.episodes = [Episode(number=1, action=Action(name="plan"))]
        before = artifacts.snapshot(root)
        first = replica.changes("task", state, root, {}, before)
        assert [n for n, _ in first.episodes] == [1]
        assert sorted(f[1] for f in first.files) == ["edit.txt", "gone.txt", "same.txt",
                                                     "swap.txt"]
        (root / "edit.txt").write_text("v2, longer")
        (root / "gone.txt").unlink()
        (root / "big.bin").write_bytes(b"x" * 11)
        (root / "swap.txt").write_text("v2")
        state.episodes.append(Episode(number=2, action=Action(name="finish")))
        after = artifacts.snapshot(root)
        # sandboxed code swaps a changed file for a link after the snapshot: not read
        (root / "swap.txt").unlink()
        (root / "swap.txt").symlink_to(outside / "secret.txt")
        second = replica.changes("task", state, root, before, after)
        assert [n for n, _ in second.episodes] == [2]
        assert sorted(second.files, key=lambda f: f[1]) == [("", "edit.txt", b"v2, longer"),
                                                            ("", "gone.txt", None)]
        assert len(second.skipped) == 2
        assert "big.bin" in second.skipped[0] or "big.bin" in second.skipped[1]
        assert not any(b"secret" in (f[2] or b"") for f in second.files)
    finally:
        store.close()


def test_a_shared_copy_never_overwrites_another_local_agent(tmp_path: Path) -> None:
    """A database row may name an agent this machine keeps for something else (the CLI's,
    another task's): restoring it is refused, the local agent left as it was."""
    store = AgentStore(tmp_path / "data")
    try:
        replica = Replica(store, max_file_bytes=1000)
        mine = AgentState(tasks=["the CLI's own work"], workspace=str(tmp_path / "cli"))
        store.save(mine)
        hostile = AgentState(id=mine.id, tasks=["hijacked"])
        with pytest.raises(WorkspaceError, match="something else"):
            replica.restore("task-x", Bundle(3, mine.id, hostile.model_dump_json(), [], []))
        assert store.load(mine.id).tasks == ["the CLI's own work"]
        assert replica.version("task-x") == 0
        # a copy this machine restored for the task is its own to update
        other = AgentState(tasks=["t"])
        replica.restore("task-y", Bundle(1, other.id, other.model_dump_json(), [], []))
        other.tasks.append("more")
        replica.restore("task-y", Bundle(2, other.id, other.model_dump_json(), [], []))
        assert store.load(other.id).tasks == ["t", "more"]
    finally:
        store.close()
