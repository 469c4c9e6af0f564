"""The server: the Agent Protocol, the web page's API and the page, in one FastAPI app."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from autonomo import Settings, Workbench
from autonomo.errors import UserError, WorkspaceError
from autonomo.server import protocol, sop_api, web
from autonomo.server.engine import ModelFactory, RequestError, TaskEngine
from autonomo.server.events import EventBus
from autonomo.server.security import GuardMiddleware
from autonomo.server.store import TaskStore

log = logging.getLogger("autonomo.server")


def create_app(settings: Settings, *, bench: Workbench | None = None,
               model_factory: ModelFactory | None = None, store: Any = None) -> FastAPI:
    """The app for ``settings.server``; ``bench`` and ``model_factory`` let a program (or a
    test) give the agents their models, e.g. ``ScriptedModel``s."""
    config = settings.server
    bench = bench or Workbench.open(settings)
    if store is None and config.database:
        from autonomo.server.postgres import PostgresTaskStore

        store = PostgresTaskStore(config.database, lease_s=config.lease_s)
    store = store or TaskStore(settings.data_dir, durable=settings.agent.fsync_steps,
                               db=bench.store.db)
    workers = config.workers
    if model_factory is None and settings.llm.fast.provider == "local":
        workers = 1  # one embedded model, one generation at a time
    events = EventBus()
    engine = TaskEngine(bench, store, events, workers=workers, model_factory=model_factory)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        events.attach(asyncio.get_running_loop())
        await asyncio.to_thread(engine.recover)
        try:
            yield
        finally:
            await asyncio.to_thread(engine.close)
            store.close()
            bench.close()

    app = FastAPI(title="autonomo", version="v1", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None)
    app.state.engine = engine
    app.include_router(protocol.router)
    app.include_router(web.router)
    app.include_router(sop_api.router)
    _error_handlers(app)
    if config.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=config.cors_origins,
                           allow_methods=["GET", "POST"],
                           allow_headers=["authorization", "content-type"])
    app.add_middleware(GuardMiddleware, token=config.token,
                       max_body=config.max_body_kb * 1024,
                       max_upload=config.max_upload_mb * 1024 * 1024)
    return app


def _error_handlers(app: FastAPI) -> None:
    """Errors as ``{"message": ...}`` JSON; never a traceback to the client."""

    @app.exception_handler(RequestError)
    async def request_error(request: Request, exc: RequestError) -> JSONResponse:
        return JSONResponse({"message": str(exc)}, status_code=exc.status)

    @app.exception_handler(WorkspaceError)
    async def workspace_error(request: Request, exc: WorkspaceError) -> JSONResponse:
        return JSONResponse({"message": str(exc)}, status_code=400)

    @app.exception_handler(UserError)
    async def user_error(request: Request, exc: UserError) -> JSONResponse:
        return JSONResponse({"message": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [{"field": ".".join(str(p) for p in e["loc"]), "problem": e["msg"]}
                    for e in exc.errors()]
        text = "; ".join(f"{p['field']}: {p['problem']}" for p in problems)
        return JSONResponse({"message": f"Invalid request: {text}", "errors": problems},
                            status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"message": str(exc.detail)}, status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse({"message": "Internal server error; see the server's log."},
                            status_code=500)
