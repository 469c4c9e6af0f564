"""A real uvicorn server on loopback for the server tests, with scripted models per task."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from autonomo import ScriptedModel, Settings


def reply(command: str, thought: str = "next step", **args: Any) -> str:
    """A one-shot JSON reply, as the scripted model says it."""
    return json.dumps({"thoughts": {"reasoning": thought, "text": thought, "plan": "-",
                                    "speak": thought, "observations": "-",
                                    "self_criticism": "-"},
                       "command": {"name": command, "args": args}})


def server_settings(tmp_path: Path, **server: Any) -> Settings:
    return Settings(data_dir=tmp_path / "data", memory={"enabled": False},
                    server={"workers": 4, **server})


def scripted_factory(script: Callable[[str, dict], list]) -> Callable:
    """Each task gets its own ScriptedModel, playing ``script(task_id, options)``."""
    models: dict[str, ScriptedModel] = {}

    def factory(task_id: str, options: dict) -> tuple:
        model = models.setdefault(task_id, ScriptedModel(script(task_id, options)))
        return model, model, model

    factory.models = models  # type: ignore[attr-defined]
    return factory


@contextmanager
def running(app: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on 127.0.0.1 (a free port) in a thread; yields its URL."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                            lifespan="on", timeout_keep_alive=30)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


@contextmanager
def planned_task(tmp_path: Path, replies: list, text: str = "a task") -> Iterator[Callable]:
    """A server whose tasks play ``replies``, one task created and its first step (the first
    proposal) taken; yields ``step(input)``, which posts the next step and returns it."""
    from autonomo.server.app import create_app

    app = create_app(server_settings(tmp_path),
                     model_factory=scripted_factory(lambda t, o: list(replies)))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        task_id = client.post("/ap/v1/agent/tasks", json={"input": text}).json()["task_id"]

        def step(value: str | None = None) -> dict:
            return client.post(f"/ap/v1/agent/tasks/{task_id}/steps",
                               json={"input": value}).json()

        step.task_id = task_id  # type: ignore[attr-defined]
        step.client = client  # type: ignore[attr-defined]
        step()
        yield step
