"""A server killed with SIGKILL in the middle of a step loses no task and runs no step twice."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

LAUNCHER = Path(__file__).with_name("server_launch.py")


def start(data_dir: Path, *extra: str, env: dict | None = None) -> tuple[subprocess.Popen, str]:
    src = Path(__file__).resolve().parents[1] / "src"
    environment = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}"
                   f"{os.environ.get('PYTHONPATH', '')}", **(env or {})}
    process = subprocess.Popen([sys.executable, str(LAUNCHER), str(data_dir), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment)
    line = process.stdout.readline()
    if not line.startswith("PORT "):
        process.kill()
        raise RuntimeError(f"the server did not start: {line}{process.stderr.read()}")
    return process, f"http://127.0.0.1:{line.split()[1]}"


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_sigkill_mid_step_then_restart(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    process, url = start(data_dir)
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            task_id = client.post("/ap/v1/agent/tasks", json={"input": "append"}).json()[
                "task_id"]
            first = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
            assert "slow_append" in first["output"]
            # the next step runs slow_append("1"): kill the server while it sleeps
            sender = threading.Thread(target=post_ignoring_errors,
                                      args=(f"{url}/ap/v1/agent/tasks/{task_id}/steps",))
            sender.start()
            log = next_log(data_dir, "1 start\n")
            process.kill()
            process.wait()
            sender.join(timeout=30)
    finally:
        stop(process)
    assert log.read_text() == "1 start\n"

    process, url = start(data_dir)
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            steps = client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()["steps"]
            assert len(steps) == 2
            assert steps[1]["status"] == "completed"
            assert steps[1]["additional_output"] == {"interrupted": True}
            assert "Interrupted" in steps[1]["output"]
            outputs = []
            for _ in range(5):
                step = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
                outputs.append(step)
                if step["is_last"]:
                    break
            assert outputs[-1]["is_last"]
            assert outputs[-1]["additional_output"]["task_status"] == "finished"
            assert [s["name"] for s in outputs] == ["plan", "slow_append", "finish"]
            total = client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()["pagination"]
            assert total["total_items"] == 5
    finally:
        stop(process)
    # the interrupted command ran once and was never re-run; the next one ran once in full
    assert log.read_text() == "1 start\n2 start\n2 end\n"


def next_log(data_dir: Path, content: str, timeout: float = 30) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for log in data_dir.glob("agents/*/workspace/log.txt"):
            if log.read_text() == content:
                return log
        time.sleep(0.02)
    raise AssertionError(f"log.txt never held {content!r}")


def post_ignoring_errors(url: str) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server is killed under this request
        httpx.post(url, json={}, timeout=30)
