"""The server's listing of a task's workspace (artifacts, the files a step changed) against a
workspace its sandboxed code has made hostile: deep trees, names that are not UTF-8, folders
swapped for links while they are listed."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from autonomo.server.app import create_app
from autonomo.server.artifacts import snapshot
from server_helpers import reply, running, scripted_factory, server_settings
from tool_helpers import make_deep_folder, remove_deep_folder, swap_while_listed


def test_a_deep_tree_and_a_name_that_is_not_utf8_leave_the_task_usable(tmp_path: Path):
    """1 100 nested folders made os.walk (recursive in Python 3.11) raise RecursionError, and
    a Latin-1 name could not be stored: every later step and artifact listing answered 500."""
    replies = [reply("write_file", path="out.txt", content="hi")] * 3
    app = create_app(server_settings(tmp_path),
                     model_factory=scripted_factory(lambda t, o: list(replies)))
    with running(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "x"}).json()["task_id"]
        workspace = Path(app.state.engine.workspace_of(app.state.engine.task(task_id)))
        make_deep_folder(workspace, 1100)
        fd = os.open(os.fsencode(workspace) + b"/caf\xe9.txt", os.O_CREAT | os.O_WRONLY, 0o644)
        os.close(fd)
        (workspace / "plain.txt").write_text("x")
        try:
            base = f"/ap/v1/agent/tasks/{task_id}"
            listed = client.get(f"{base}/artifacts")
            assert listed.status_code == 200, listed.text
            names = [a["file_name"] for a in listed.json()["artifacts"]]
            assert "plain.txt" in names and not any("caf" in n for n in names)
            for _ in range(2):
                step = client.post(f"{base}/steps", json={})
                assert step.status_code == 200, step.text
        finally:
            remove_deep_folder(workspace)


def test_a_folder_swapped_for_a_link_while_listed_does_not_list_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The race made deterministic (see ``swap_while_listed``)."""
    ws, calls = swap_while_listed(monkeypatch, tmp_path)
    found = snapshot(ws)
    assert len(calls) >= 2
    assert not any("host_secret" in name for _folder, name in found)
