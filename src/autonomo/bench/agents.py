"""What a benchmark runs: an agent built through the public API, once per worker process.

``AgentSpec`` is plain data (it travels to Ray workers). Each process keeps one ``Workbench``
per spec, so the embedded model loads once per worker, not per challenge. A workbench whose
agent was abandoned at its cutoff (still running in a thread) is dropped, never reused.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from autonomo.errors import UserError

#: the profile every benchmark agent gets: generating one would cost a call per challenge
BENCH_PROFILE = {"name": "BenchGPT",
                 "role": "an AI that completes benchmark tasks carefully and on its own"}


@dataclass(frozen=True)
class AgentSpec:
    """How to build the agent under test (picklable)."""

    #: Settings as a dict (``Settings.model_dump(mode="json")``)
    settings: dict[str, Any]
    #: "module:function" returning a ChatModel or a (fast, smart, summary) triple; None =
    #: the models the settings configure (the embedded one by default)
    models: str | None = None
    #: the grader of llm evals: "module:function" or None = the settings' fast model
    grader: str | None = None
    max_steps: int = 30
    strategy: str | None = None
    #: "module:function" building a team to run instead of one agent (see bench.targets)
    team: str | None = None
    #: an SOP file (or ChatDev folder / aiwaves config) to run instead of one agent
    sop: str | None = None
    label: str = ""
    #: keyword arguments for the ``models`` factory (JSON-like data)
    model_args: dict[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        blob = json.dumps(asdict(self), sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def describe(self) -> str:
        if self.label:
            return self.label
        if self.team:
            return f"team {self.team}"
        if self.sop:
            return f"sop {Path(self.sop).name}"
        if self.models:
            return self.models
        fast = self.settings.get("llm", {}).get("fast", {})
        return f"{fast.get('provider', 'local')}:{fast.get('model') or 'embedded'}"


def load_object(reference: str) -> Any:
    """The object ``module:attribute`` names."""
    module_name, _, attribute = reference.partition(":")
    if not module_name or not attribute:
        raise UserError(f"{reference!r} is not of the form module:function.")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UserError(f"Cannot import {module_name!r} (from {reference!r}): {exc}") from exc
    try:
        return getattr(module, attribute)
    except AttributeError as exc:
        raise UserError(f"{module_name!r} has no {attribute!r}.") from exc


def _triple(made: Any) -> tuple[Any, Any, Any]:
    if isinstance(made, tuple | list):
        if len(made) != 3:
            raise UserError("A models factory must return a model or (fast, smart, summary).")
        return tuple(made)  # type: ignore[return-value]
    return made, made, made


@dataclass
class Worker:
    """One process's workbench for a spec, and how many times it was built here."""

    bench: Any
    grader: Any
    builds: int


_lock = threading.Lock()
_workers: dict[str, Worker] = {}
_builds: dict[str, int] = {}


def worker_for(spec: AgentSpec) -> Worker:
    """This process's workbench for ``spec``, built on first use."""
    from autonomo import Settings, Workbench

    key = spec.key()
    with _lock:
        found = _workers.get(key)
        if found is not None:
            return found
        settings = Settings.model_validate(spec.settings)
        models = _triple(load_object(spec.models)(**spec.model_args)) if spec.models else None
        bench = Workbench.open(settings, models=models)
        grader = load_object(spec.grader)() if spec.grader else bench.model
        _builds[key] = _builds.get(key, 0) + 1
        worker = Worker(bench, grader, _builds[key])
        _workers[key] = worker
        return worker


def discard(spec: AgentSpec) -> None:
    """Forget this process's workbench (its agent may still be running in a thread)."""
    with _lock:
        _workers.pop(spec.key(), None)


def worker_name() -> str:
    return f"{os.uname().nodename}:{os.getpid()}"


def work_root(spec: AgentSpec) -> Path:
    return Path(spec.settings.get("data_dir", ".")) / "bench" / "workspaces"
