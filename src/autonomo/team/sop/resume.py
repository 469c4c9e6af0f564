"""Going on with an unfinished SOP run from its last checkpoint."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from autonomo.errors import UserError
from autonomo.team.sop.engine import SopResult, SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.store import SopStore


def resume_run(store: SopStore, run_id: str, **options: Any) -> SopResult:
    """Reload the run's SOP, restore the variables and files it had at its last checkpoint
    and run again from that state (the state in flight starts over)."""
    run, point = prepare_resume(store, run_id, **options)
    return run.run(resume=point)


def prepare_resume(store: SopStore, run_id: str, **options: Any
                   ) -> tuple[SopRun, dict[str, Any]]:
    """The run made ready to go on, and where (``SopRun.run(resume=...)``)."""
    record = store.get(run_id)
    if record.status == "finished":
        raise UserError(f"The run {record.id} has finished; start a new one with "
                        f"`autonomo sop run {record.source}`.")
    events = store.events(record.id)
    checkpoints = [e for e in events if e.kind == "checkpoint"]
    if not checkpoints:
        raise UserError(f"The run {record.id} saved no checkpoint; start it again.")
    point = checkpoints[-1].data
    spec = load_sop(record.source)
    if point["state"] not in spec.states:
        raise UserError(f"The SOP {record.source} no longer has the state {point['state']!r} "
                        "the run stopped in; it cannot be resumed.")
    started = next((e.data for e in events if e.kind == "run_started"), {})
    if not options.get("model_map"):  # the mapping the run began with
        options["model_map"] = started.get("model_map") or {}
    run = SopRun(spec, record.task, workspace=Path(record.workspace), store=store,
                 run_id=record.id, variables=dict(point["variables"]),
                 code_files=dict(point["code_files"]), attempts=dict(point["attempts"]),
                 stored_calls=store.teams.calls(record.id), **options)
    run._seq = events[-1].seq
    run._visit = point.get("visit", 0)
    store.set_status(record.id, "running")
    run.emit("resumed", state=point["state"], cycle=point.get("cycle"))
    cycle = point.get("cycle")
    return run, {"state": point["state"], **({"cycle": cycle} if cycle else {})}
