"""SOP runs on the web: their list, their events (polled while a run goes on, all at once to
replay a saved one), and a page that shows them as the terminal does."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from autonomo.server.engine import RequestError
from autonomo.server.protocol import engine_of
from autonomo.server.web import _static

router = APIRouter()
_PAGE_HEADERS = {
    "content-security-policy": "default-src 'self'; style-src 'self'; script-src 'self';"
                               " object-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
}


def _store(request: Request) -> Any:
    from autonomo.team.sop.store import SopStore

    return SopStore(engine_of(request).bench.settings.data_dir)


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
    def read() -> list[dict[str, Any]]:
        store = _store(request)
        try:
            return [r.__dict__ for r in store.list()]
        finally:
            store.close()

    return {"runs": await run_in_threadpool(read)}


@router.get("/api/sop/runs/{run_id}")
async def sop_run(request: Request, run_id: str,
                  after: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """The run and its events after ``after`` (a page polls with the last seq it has)."""
    if not run_id.isalnum() or len(run_id) > 40:
        raise RequestError(f"No SOP run {run_id[:40]!r}.", 404)

    def read() -> dict[str, Any]:
        store = _store(request)
        try:
            record = store.get(run_id)
            events = [e.__dict__ for e in store.events(record.id) if e.seq > after]
            return {"run": record.__dict__, "events": events}
        finally:
            store.close()

    return await run_in_threadpool(read)
