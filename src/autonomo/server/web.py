"""What the web page needs beyond the Agent Protocol: task summaries, stop/run, live events,
health, and the page itself."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from autonomo.server.engine import RequestError
from autonomo.server.protocol import checked_id, engine_of, task_row

router = APIRouter()

_STATIC_TYPES = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css"}


@functools.cache
def _static(name: str) -> str:
    """A page file of the package (package data: read once per process)."""
    return resources.files("autonomo.server").joinpath("static", name).read_text("utf-8")


@router.get("/", include_in_schema=False)
async def page() -> HTMLResponse:
    return HTMLResponse(_static("index.html"), headers={
        "content-security-policy": "default-src 'self'; style-src 'self'; script-src 'self';"
                                   " img-src 'self' data: blob:; object-src 'none';"
                                   " frame-ancestors 'none'",
        "x-content-type-options": "nosniff"})


@router.get("/static/{name}", include_in_schema=False)
async def static(name: str) -> Response:
    if name not in _STATIC_TYPES:
        raise RequestError(f"No file {name[:80]!r}.", 404)
    return Response(_static(name), media_type=_STATIC_TYPES[name],
                    headers={"x-content-type-options": "nosniff"})


@router.get("/api/health")
async def health(request: Request) -> dict[str, Any]:
    engine = engine_of(request)
    return {"status": "ok", "busy_tasks": engine.busy_count()}


@router.get("/api/tasks")
async def tasks(request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50,
                offset: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    engine = engine_of(request)
    rows, total = engine.store.tasks(offset, limit, newest_first=True)
    return {"tasks": [engine.summary(r) for r in rows], "total": total}


@router.get("/api/tasks/{task_id}")
async def task(request: Request, task_id: str) -> dict[str, Any]:
    engine = engine_of(request)
    return engine.summary(task_row(engine, task_id))


class RunRequest(BaseModel):
    steps: int = Field(default=10, ge=1, le=10_000)


@router.post("/api/tasks/{task_id}/run")
async def run(request: Request, task_id: str, body: RunRequest | None = None) -> dict[str, Any]:
    """Let the task run on its own for some steps (continuous mode, resume)."""
    engine = engine_of(request)
    task_row(engine, task_id)
    await run_in_threadpool(engine.run, task_id, (body or RunRequest()).steps)
    return engine.summary(task_row(engine, task_id))


@router.post("/api/tasks/{task_id}/stop")
async def stop(request: Request, task_id: str) -> dict[str, Any]:
    engine = engine_of(request)
    task_row(engine, task_id)
    await run_in_threadpool(engine.stop, task_id)
    return engine.summary(task_row(engine, task_id))


@router.get("/api/events")
async def events(request: Request, task_id: str | None = None) -> EventSourceResponse:
    """Server-sent events: ``task``, ``step_started``, ``step``, ``note``, ``model_call``."""
    engine = engine_of(request)
    if task_id is not None:
        checked_id(task_id, "task")

    async def stream() -> Any:
        async for event in engine.events.subscribe(task_id):
            yield {"event": event["type"], "data": json.dumps(event)}

    return EventSourceResponse(stream(), ping=15)


@router.get("/api/info")
async def info(request: Request) -> dict[str, Any]:
    """What the page's form offers: the models a task may pick, the default step limit."""
    settings = engine_of(request).bench.settings
    fast = settings.llm.fast
    default = fast.model or ("embedded SmolLM2" if fast.provider == "local" else fast.provider)
    return {"default_model": f"{fast.provider}: {default}",
            "models": sorted(settings.server.models),
            "max_steps": settings.agent.max_steps}
