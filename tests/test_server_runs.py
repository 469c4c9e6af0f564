"""Many tasks at once, continuous mode, stop and resume, live events."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx

from autonomo.server.app import create_app
from server_helpers import reply, running, scripted_factory, server_settings


def slow(response: str, seconds: float):
    def answer(messages):
        time.sleep(seconds)
        return response
    return answer


def wait_for(client: httpx.Client, task_id: str, done, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        summary = client.get(f"/api/tasks/{task_id}").json()
        if done(summary):
            return summary
        time.sleep(0.05)
    raise AssertionError(f"task {task_id} never got there: {summary}")


def test_continuous_mode_runs_to_the_end_and_counts_tokens(tmp_path: Path) -> None:
    def script(task_id, options):
        return [reply("write_file", "one", path=f"f{n}.txt", content=str(n)) for n in range(3)
                ] + [reply("finish", "all written", reason="three files")]

    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={
            "input": "write three files", "additional_input": {"mode": "continuous",
                                                               "max_steps": 10}}).json()["task_id"]
        summary = wait_for(client, task_id, lambda s: s["status"] == "finished")
        steps = client.get(f"/ap/v1/agent/tasks/{task_id}/steps",
                           params={"page_size": 50}).json()["steps"]
        assert len(steps) == 5 and steps[-1]["is_last"]
        assert [s["name"] for s in steps] == ["plan", "write_file", "write_file", "write_file",
                                              "finish"]
        per_step = sum(s["additional_output"]["tokens"]["total_tokens"] for s in steps)
        assert per_step == summary["total"]["total_tokens"] > 0
        names = sorted(a["file_name"] for a in client.get(
            f"/ap/v1/agent/tasks/{task_id}/artifacts").json()["artifacts"])
        assert names == ["f0.txt", "f1.txt", "f2.txt"]


def test_step_limit_then_stop_and_resume(tmp_path: Path) -> None:
    def script(task_id, options):
        return [slow(reply("write_file", "n", path=f"f{n}.txt", content="x"), 0.05)
                for n in range(20)]

    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={
            "input": "write files", "additional_input": {"mode": "continuous",
                                                         "max_steps": 3}}).json()["task_id"]
        summary = wait_for(client, task_id, lambda s: s["status"] == "waiting")
        assert summary["proposal"]["name"] == "write_file"
        assert client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()[
            "pagination"]["total_items"] == 3
        client.post(f"/api/tasks/{task_id}/run", json={"steps": 100})
        time.sleep(0.2)
        stopped = client.post(f"/api/tasks/{task_id}/stop").json()
        summary = wait_for(client, task_id, lambda s: s["status"] == "stopped" and not s["busy"])
        count = client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()["pagination"][
            "total_items"]
        time.sleep(0.3)
        assert client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()["pagination"][
            "total_items"] == count, "steps went on after stop"
        assert stopped["auto_steps"] == 0 and count < 20
        resumed = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={"input": "y"})
        assert resumed.status_code == 200
        assert resumed.json()["additional_output"]["executed"]["command"] == "write_file"


def test_y_minus_n_runs_the_next_commands_without_asking(tmp_path: Path) -> None:
    def script(task_id, options):
        return [reply("write_file", "n", path=f"f{n}.txt", content="x") for n in range(6)]

    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "w"}).json()["task_id"]
        client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={"input": "y -3"})
        wait_for(client, task_id, lambda s: s["status"] == "waiting" and not s["busy"])
        steps = client.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()
        assert steps["pagination"]["total_items"] == 4  # plan + 3 approved at once


def test_health_and_lists_answer_while_slow_tasks_run(tmp_path: Path) -> None:
    def script(task_id, options):
        return [slow(reply("write_file", "n", path="a.txt", content="x"), 1.0),
                slow(reply("finish", "done", reason="ok"), 1.0)]

    app = create_app(server_settings(tmp_path, workers=2),
                     model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        ids = [client.post("/ap/v1/agent/tasks", json={"input": f"t{n}"}).json()["task_id"]
               for n in range(4)]
        threads = [threading.Thread(target=client.post, args=(
            f"/ap/v1/agent/tasks/{task_id}/steps",), kwargs={"json": {}}) for task_id in ids]
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        worst = 0.0
        for _ in range(10):
            started = time.perf_counter()
            assert client.get("/api/health").json()["busy_tasks"] == 2  # the rest queue
            assert client.get("/ap/v1/agent/tasks").status_code == 200
            worst = max(worst, time.perf_counter() - started)
        assert worst < 0.9  # far less than one model call: the loop was never blocked
        for thread in threads:
            thread.join()


def test_events_stream_typed_events(tmp_path: Path) -> None:
    script = lambda t, o: [reply("finish", "done", reason="ok")]  # noqa: E731
    app = create_app(server_settings(tmp_path), model_factory=scripted_factory(script))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": "x"}).json()["task_id"]
        seen: list[dict] = []

        def listen() -> None:
            with client.stream("GET", "/api/events", params={"task_id": task_id}) as stream:
                for line in stream.iter_lines():
                    if line.startswith("data:"):
                        seen.append(json.loads(line[5:]))
                        if seen[-1]["type"] == "step" and seen[-1]["data"]["is_last"]:
                            return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        time.sleep(0.3)
        client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        listener.join(timeout=10)
        types = [e["type"] for e in seen]
        assert "step_started" in types and "task" in types and types[-1] == "step"
        assert all(e["task_id"] == task_id for e in seen)
