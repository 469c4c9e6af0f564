"""The Agent Protocol v1 routes: every path under ``/ap/v1`` of the specification."""

from __future__ import annotations

import asyncio
import re
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from autonomo.errors import WorkspaceError
from autonomo.server import artifacts as files
from autonomo.server.engine import RequestError, TaskEngine, artifact_json
from autonomo.server.schemas import (
    Artifact,
    Step,
    StepRequestBody,
    Task,
    TaskArtifactsListResponse,
    TaskListResponse,
    TaskRequestBody,
    TaskStepsListResponse,
    page,
)
from autonomo.server.store import TaskRow
from autonomo.tools.workspace import Workspace

router = APIRouter(prefix="/ap/v1/agent")

_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
CurrentPage = Annotated[int, Query(ge=1)]
PageSize = Annotated[int, Query(ge=1, le=1000)]


def engine_of(request: Request) -> TaskEngine:
    return request.app.state.engine


def checked_id(value: str, what: str) -> str:
    """Ids are uuids: anything else is simply not found (and never reaches a path)."""
    if not _ID.match(value):
        raise RequestError(f"No {what} {value[:80]!r}.", 404)
    return value


def task_row(engine: TaskEngine, task_id: str) -> TaskRow:
    return engine.task(checked_id(task_id, "task"))


def task_json(engine: TaskEngine, row: TaskRow) -> Task:
    found = engine.store.artifacts(row.task_id)
    return Task(task_id=row.task_id, input=row.input, additional_input=row.additional_input,
                artifacts=[Artifact(**artifact_json(a)) for a in found])


@router.post("/tasks", response_model=Task)
async def create_task(request: Request, body: TaskRequestBody | None = None) -> Task:
    engine = engine_of(request)
    body = body or TaskRequestBody()
    row = await run_in_threadpool(engine.create_task, body.input, body.additional_input)
    return task_json(engine, row)


@router.get("/tasks", response_model=TaskListResponse)
async def list_tasks(request: Request, current_page: CurrentPage = 1,
                     page_size: PageSize = 10) -> TaskListResponse:
    engine = engine_of(request)
    rows, total = engine.store.tasks((current_page - 1) * page_size, page_size)
    return TaskListResponse(tasks=[task_json(engine, r) for r in rows],
                            pagination=page(total, current_page, page_size))


@router.get("/tasks/{task_id}", response_model=Task)
async def get_task(request: Request, task_id: str) -> Task:
    engine = engine_of(request)
    return task_json(engine, task_row(engine, task_id))


@router.post("/tasks/{task_id}/steps", response_model=Step)
async def execute_step(request: Request, task_id: str,
                       body: StepRequestBody | None = None) -> dict[str, Any]:
    engine = engine_of(request)
    task_row(engine, task_id)
    body = body or StepRequestBody()
    future = engine.submit(engine.execute_step, task_id, body.input, body.additional_input)
    step = await asyncio.wrap_future(future)
    return engine.step_json(step)


@router.get("/tasks/{task_id}/steps", response_model=TaskStepsListResponse)
async def list_steps(request: Request, task_id: str, current_page: CurrentPage = 1,
                     page_size: PageSize = 10) -> dict[str, Any]:
    engine = engine_of(request)
    task_row(engine, task_id)
    rows, total = engine.store.steps(task_id, (current_page - 1) * page_size, page_size)
    return {"steps": [engine.step_json(r) for r in rows],
            "pagination": page(total, current_page, page_size)}


@router.get("/tasks/{task_id}/steps/{step_id}", response_model=Step)
async def get_step(request: Request, task_id: str, step_id: str) -> dict[str, Any]:
    engine = engine_of(request)
    task_row(engine, task_id)
    step = engine.store.step(task_id, checked_id(step_id, "step"))
    if step is None:
        raise RequestError(f"No step {step_id!r} in task {task_id}.", 404)
    return engine.step_json(step)


@router.get("/tasks/{task_id}/artifacts", response_model=TaskArtifactsListResponse)
async def list_artifacts(request: Request, task_id: str, current_page: CurrentPage = 1,
                         page_size: PageSize = 10) -> TaskArtifactsListResponse:
    engine = engine_of(request)
    row = task_row(engine, task_id)
    found = await run_in_threadpool(register_new_files, engine, row)
    start = (current_page - 1) * page_size
    return TaskArtifactsListResponse(
        artifacts=[Artifact(**artifact_json(a)) for a in found[start:start + page_size]],
        pagination=page(len(found), current_page, page_size))


def register_new_files(engine: TaskEngine, row: TaskRow) -> list[Any]:
    """The task's artifacts, after files that appeared in the workspace outside a step were
    made artifacts (only files not known yet are written)."""
    found = engine.store.artifacts(row.task_id)
    known = {(a.relative_path, a.file_name) for a in found}
    new = [key for key in files.snapshot(engine.workspace_of(row)) if key not in known]
    if not new:
        return found
    engine.store.add_artifacts(row.task_id, new)
    return engine.store.artifacts(row.task_id)


@router.post("/tasks/{task_id}/artifacts", response_model=Artifact)
async def upload_artifact(request: Request, task_id: str, file: Annotated[UploadFile, File()],
                          relative_path: Annotated[str | None, Form()] = None) -> Artifact:
    engine = engine_of(request)
    row = task_row(engine, task_id)
    folder, name = files.split_name(relative_path, file.filename or "")

    def store() -> Artifact:
        file.file.seek(0)
        return Artifact(**artifact_json(engine.upload(row, folder, name, file.file)))

    return await run_in_threadpool(store)


@router.get("/tasks/{task_id}/artifacts/{artifact_id}")
async def download_artifact(request: Request, task_id: str,
                            artifact_id: str) -> StreamingResponse:
    engine = engine_of(request)
    row = task_row(engine, task_id)
    artifact = engine.store.artifact(task_id, checked_id(artifact_id, "artifact"))
    if artifact is None:
        raise RequestError(f"No artifact {artifact_id!r} in task {task_id}.", 404)
    ws = Workspace(await run_in_threadpool(engine.workspace_of, row))
    try:
        fd, size = await run_in_threadpool(files.open_file, ws, artifact.relative_path,
                                           artifact.file_name)
    except WorkspaceError as exc:
        raise RequestError(f"The artifact's file is gone or unreadable: {exc}", 404) from exc
    return StreamingResponse(
        files.read_chunks(fd, size), media_type="application/octet-stream",
        headers={"content-length": str(size),
                 "content-disposition": f"attachment; filename*=UTF-8''"
                                        f"{quote(artifact.file_name, safe='')}"})
