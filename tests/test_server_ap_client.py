"""The ``agent-protocol-client`` package from PyPI, unchanged, drives a task to ``is_last``.

It pins pydantic 1 and urllib3 1, so it lives in its own virtual environment, built once
into a cache folder by this test's set-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from autonomo.server.app import create_app
from server_helpers import reply, running, scripted_factory, server_settings

CLIENT = "agent-protocol-client==1.1.0"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "autonomo-tests"


@pytest.fixture(scope="session")
def client_python() -> Path:
    folder = CACHE / "ap-client-venv"
    python = folder / "bin" / "python"
    marker = folder / "installed.txt"
    if not (python.exists() and marker.exists() and marker.read_text() == CLIENT):
        venv.EnvBuilder(with_pip=True, clear=True).create(folder)
        done = subprocess.run([str(python), "-m", "pip", "install", "-q", CLIENT],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            if "No matching distribution" in done.stderr or "connection" in done.stderr.lower():
                pytest.skip(f"the package registry is unreachable: {done.stderr[-300:]}")
            raise AssertionError(f"pip install {CLIENT} failed: {done.stderr[-2000:]}")
        marker.write_text(CLIENT)
    return python


def script(task_id: str, options: dict) -> list:
    return [
        reply("read_file", "Let me see what I was given.", path="inputs/brief.txt"),
        reply("write_file", "Now the answer.", path="output.txt", content="Washington"),
        reply("finish", "Written.", reason="output.txt holds Washington"),
    ]


def test_agent_protocol_client_drives_a_task_to_is_last(tmp_path: Path, client_python) -> None:
    factory = scripted_factory(script)
    app = create_app(server_settings(tmp_path), model_factory=factory)
    with running(app) as url:
        done = subprocess.run(
            [str(client_python), str(Path(__file__).with_name("ap_client_drive.py")), url],
            capture_output=True, text=True, timeout=120,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    steps = result["steps"]
    assert [s["name"] for s in steps] == ["plan", "read_file", "write_file", "finish"]
    assert steps[-1]["is_last"] and not any(s["is_last"] for s in steps[:-1])
    assert all(s["status"] == "completed" for s in steps)
    assert "given by the client" in steps[1]["output"]
    assert steps[2]["artifacts"] == ["output.txt"]
    assert result["listed"] == result["pagination"] == 4
    assert result["contents"]["output.txt"] == "Washington"
    assert result["uploaded_path"] == "inputs"
    assert result["contents"][result["uploaded"]] == "given by the client"
    factory.models[result["task_id"]].assert_all_used()
    assert sys.executable != str(client_python)
