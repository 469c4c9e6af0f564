"""SOP runs on the web: their list, their events (polled while a run goes on, all at once to
replay a saved one), runs started or resumed by the server, a person's answers typed on the
page, and the page that shows them as the terminal does."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from autonomo.llm.base import ChatModel
from autonomo.server.engine import RequestError, TaskEngine
from autonomo.server.protocol import engine_of
from autonomo.server.schemas import Text
from autonomo.server.web import _static
from autonomo.team.sop.live import LiveSops


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """One reading store and the live runs for the whole process (merged into the app's
    lifespan by ``include_router``)."""
    settings = app.state.engine.bench.settings
    app.state.sops = LiveSops(settings, limit=settings.server.workers)
    try:
        yield
    finally:
        await run_in_threadpool(app.state.sops.close)


router = APIRouter(lifespan=_lifespan)
_PAGE_HEADERS = {
    "content-security-policy": "default-src 'self'; style-src 'self'; script-src 'self';"
                               " object-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
}


class StartRun(BaseModel):
    """An SOP sent as its files' text: one autonomo .yaml or aiwaves config.json, or a
    ChatDev company's JSON files (``name`` names the company)."""

    files: dict[Text, Text]
    name: Text = Field(default="", max_length=100)
    task: Text = Field(default="", max_length=20_000)
    #: a model named in the server's configuration (``server.models``)
    model: Text | None = None
    seed: int = 0
    budget: float | None = Field(default=None, ge=0)
    #: an SOP's model name -> a model of ``llm.models`` (or fast / smart / default)
    models: dict[Text, Text] = Field(default_factory=dict)


class Answer(BaseModel):
    seq: int = Field(ge=1)  # the ``ask`` event answered
    text: Text = Field(max_length=100_000)


class Resume(BaseModel):
    model: Text | None = None


def _sops(request: Request) -> LiveSops:
    return request.app.state.sops


def _checked(run_id: str) -> str:
    if not run_id.isalnum() or len(run_id) > 40:
        raise RequestError(f"No SOP run {run_id[:40]!r}.", 404)
    return run_id


def _models(engine: TaskEngine, key: str, model: str | None) -> tuple[ChatModel, ChatModel]:
    """The models an SOP run of the server uses: the program's factory (tests), a model named
    in ``server.models``, a fresh scripted/replay pair, or the server's own."""
    from autonomo.config import LLMConfig
    from autonomo.llm.factory import create_model_pair

    settings = engine.bench.settings
    if engine.model_factory is not None:
        fast, smart, _ = engine.model_factory(key, {"model": model})
        return fast, smart
    if model:
        config = settings.server.models.get(model)
        if config is None:
            names = ", ".join(sorted(settings.server.models)) or "none configured"
            raise RequestError(f"Unknown model {model!r} (available: {names}).", 422)
        pair = create_model_pair(LLMConfig(fast=config), plugins=engine.bench.plugins)
        return pair.fast, pair.smart
    if settings.llm.fast.provider in ("scripted", "replay"):
        pair = create_model_pair(settings.llm, plugins=engine.bench.plugins)
        return pair.fast, pair.smart
    return engine.bench.model, engine.bench.smart_model


@router.get("/sop", include_in_schema=False)
async def sop_page() -> HTMLResponse:
    return HTMLResponse(_static("sop.html"), headers=_PAGE_HEADERS)


@router.get("/sop/sop.js", include_in_schema=False)
async def sop_script() -> Response:
    return Response(_static("sop.js"), media_type="text/javascript; charset=utf-8",
                    headers={"x-content-type-options": "nosniff"})


@router.get("/sop/sop.css", include_in_schema=False)
async def sop_style() -> Response:
    return Response(_static("sop.css"), media_type="text/css",
                    headers={"x-content-type-options": "nosniff"})


@router.get("/api/sop/runs")
async def sop_runs(request: Request) -> dict[str, Any]:
    sops = _sops(request)

    def read() -> list[dict[str, Any]]:
        return [{**r.__dict__, "live": sops.is_live(r.id)} for r in sops.reader.list()]

    return {"runs": await run_in_threadpool(read)}


@router.post("/api/sop/runs", status_code=201)
async def start_run(request: Request, body: StartRun) -> dict[str, Any]:
    """Start an SOP sent as files; the server runs it, a person answers on the page."""
    from autonomo.team.sop.live import saved_sources
    from autonomo.team.sop.load import load_sop
    from autonomo.team.sop.source import SopError

    sops, engine = _sops(request), engine_of(request)

    def start() -> str:
        path = saved_sources(sops.settings.data_dir, body.files, body.name)
        try:
            try:
                spec = load_sop(path)
            except SopError as exc:  # name the files as sent, not where the server keeps them
                message = str(exc)
                for base in ((path,) if path.is_dir() else ()) + (path.parent,):
                    message = message.replace(f"{base}/", "")
                raise RequestError(message, 422) from exc
            models = _models(engine, f"sop-{path.parent.name}", body.model)
            return sops.start(spec, body.task, models, seed=body.seed, budget=body.budget,
                              model_map=body.models)
        except BaseException:  # nothing runs from them: refused files are not kept
            shutil.rmtree(path.parent, ignore_errors=True)
            raise

    return {"run_id": await run_in_threadpool(start)}


@router.get("/api/sop/runs/{run_id}")
async def sop_run(request: Request, run_id: str,
                  after: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """The run and its events after ``after`` (a page polls with the last seq it has), and
    the question it waits on if a person's answer is awaited here."""
    sops = _sops(request)
    _checked(run_id)

    def read() -> dict[str, Any]:
        record = sops.reader.get(run_id)
        events = [e.__dict__ for e in sops.reader.events(record.id, after=after)]
        return {"run": record.__dict__, "events": events, "live": sops.is_live(record.id),
                "waiting": sops.waiting(record.id)}

    return await run_in_threadpool(read)


@router.post("/api/sop/runs/{run_id}/answer")
async def answer(request: Request, run_id: str, body: Answer) -> dict[str, Any]:
    """A person's answer to the question asked at event ``seq``; the run goes on."""
    sops = _sops(request)
    try:
        sops.answer(_checked(run_id), body.seq, body.text)
    except RequestError:
        raise
    except Exception as exc:
        raise RequestError(str(exc), 409) from exc
    return {"run_id": run_id, "answered": body.seq}


@router.post("/api/sop/runs/{run_id}/stop")
async def stop(request: Request, run_id: str) -> dict[str, Any]:
    """Stop a run this server runs (saved as stopped; it can be resumed)."""
    sops = _sops(request)
    try:
        sops.stop(_checked(run_id))
    except Exception as exc:
        raise RequestError(str(exc), 409) from exc
    return {"run_id": run_id, "stopping": True}


@router.post("/api/sop/runs/{run_id}/resume")
async def resume(request: Request, run_id: str, body: Resume) -> dict[str, Any]:
    """Go on with an unfinished run (stopped, or cut off by a restart) in this server."""
    sops, engine = _sops(request), engine_of(request)

    def go() -> str:
        record = sops.reader.get(_checked(run_id))
        return sops.resume(record.id, _models(engine, f"sop-{record.id}", body.model))

    return {"run_id": await run_in_threadpool(go)}
