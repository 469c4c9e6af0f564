"""Tasks driven one step at a time, on worker threads, through the public agent API.

A step (AutoGPT's server semantics): run the command the previous step proposed — or, when
the step carries input text, record that text as the user's feedback instead — then propose
the next command. The proposal is kept in the task's row, and taken out of it in the same
transaction that marks the step running: after a crash it is gone, so a step is never run
twice; the step itself is reported interrupted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from autonomo import (
    Action,
    AgentProfile,
    AgentState,
    AutoApproval,
    Episode,
    Runner,
    RunObserver,
    Workbench,
)
from autonomo.agent.approval import Decision, parse_answer
from autonomo.agent.state import ENDED
from autonomo.config import LLMConfig
from autonomo.errors import (
    AutonomoError,
    BudgetExceededError,
    ProviderError,
)
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion
from autonomo.server import artifacts, render
from autonomo.server.events import EventBus
from autonomo.server.replica import SHARED_HIDDEN, Changes, Replica, checked_agent_id
from autonomo.server.store import RequestError, StepRow, TaskRow, TaskStore, new_id
from autonomo.tools.workspace import Workspace

log = logging.getLogger("autonomo.server")

#: (task_id, additional_input) -> (fast, smart, summary) models for that task
ModelFactory = Callable[[str, dict[str, Any]], tuple[ChatModel, ChatModel, ChatModel]]


class TaskOptions(BaseModel):
    """The settings a task may carry in ``additional_input``; other keys are kept, unused."""

    model_config = ConfigDict(extra="allow")

    mode: Literal["step", "continuous"] = "step"
    max_steps: int | None = Field(default=None, ge=1, le=10_000)
    strategy: Literal["one_shot", "tool_calling", "actions"] | None = None
    budget: float | None = Field(default=None, ge=0)
    #: a model named in the server's configuration (``server.models``)
    model: str | None = None


def parse_options(values: dict[str, Any] | None) -> TaskOptions:
    try:
        return TaskOptions.model_validate(values or {})
    except ValidationError as exc:
        problems = "; ".join(f"additional_input.{'.'.join(str(p) for p in e['loc'])}: "
                             f"{e['msg']}" for e in exc.errors())
        raise RequestError(problems, 422) from exc


class _Observer(RunObserver):
    def __init__(self, events: EventBus, task_id: str) -> None:
        self.events, self.task_id = events, task_id

    def on_note(self, state: AgentState, text: str) -> None:
        self.events.publish("note", self.task_id, {"text": text})

    def on_model_response(self, purpose: str, completion: Completion) -> None:
        usage = completion.usage
        self.events.publish("model_call", self.task_id, {
            "purpose": purpose, "tokens": usage.total_tokens, "cost": usage.cost,
            "latency_s": round(completion.latency_s, 3)})


class _StepApproval(AutoApproval):
    """The server approves through step requests; ``ask_user`` gets the step's input text
    as the user's answer (AutoGPT's server does the same), else the automatic reply."""

    def __init__(self) -> None:
        super().__init__()
        self.answer: str | None = None

    def ask(self, question: str) -> str:
        return self.answer if self.answer is not None else super().ask(question)


@dataclasses.dataclass
class Live:
    """A task's agent in memory."""

    bench: Workbench
    runner: Runner
    #: files of the shared copy this worker refused to restore (hostile names, links)
    refused: list[str] = dataclasses.field(default_factory=list)
    #: just restored from the shared copy: the run begins again here (its memory catches up)
    restored: bool = False

    @property
    def state(self) -> AgentState:
        return self.runner.agent.state

    @property
    def workspace(self) -> Path:
        return self.runner.agent.workspace


class TaskEngine:
    def __init__(self, bench: Workbench, store: TaskStore, events: EventBus, *,
                 workers: int = 4, model_factory: ModelFactory | None = None) -> None:
        self.bench, self.store, self.events = bench, store, events
        self.model_factory = model_factory
        self.workers = max(1, workers)
        self.executor = ThreadPoolExecutor(max_workers=self.workers,
                                           thread_name_prefix="autonomo-step")
        self._lives: dict[str, Live] = {}
        self._lives_lock = threading.Lock()
        #: one lock per task keeps its steps one at a time in this process; the store's claim
        #: does the same between processes (PostgreSQL)
        self._locks: dict[str, threading.Lock] = {}
        self._stop_requested: set[str] = set()
        self._pending: set[str] = set()
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self._closing = threading.Event()
        self._background: threading.Thread | None = None
        #: with PostgreSQL: this worker's copies of the agents and workspaces
        self.replica = Replica(bench.store, max_file_bytes=bench.settings.server.max_upload_mb
                               * 1024 * 1024) if store.shared else None

    # -- life cycle -------------------------------------------------------------------------
    def recover(self) -> None:
        """After a restart: report steps that were in flight as interrupted, and continue
        the tasks that were running on their own."""
        for task_id in self.store.interrupt_running_steps():
            log.warning("task %s: a step was interrupted by the last shutdown", task_id)
        for row in self.store.active_tasks():
            self._schedule(row.task_id)
        if self.store.shared:
            self._background = threading.Thread(target=self._share_work, daemon=True,
                                                 name="autonomo-claims")
            self._background.start()

    def _share_work(self) -> None:
        """With several servers: renew this worker's leases, and take on tasks running on
        their own that nobody holds (new ones, or a dead worker's)."""
        renewed = 0.0
        while not self._closing.wait(0.25):
            try:
                if time.monotonic() - renewed > self.store.lease_s / 3:
                    self.store.renew(self.worker)
                    renewed = time.monotonic()
                for task_id in self.store.claimable(self.workers):
                    self._schedule(task_id)
            except Exception:  # the database may be restarting: try again next round
                log.exception("claiming work failed")

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        return self.executor.submit(fn, *args)

    def _schedule(self, task_id: str) -> None:
        if task_id not in self._pending and not self._lock_of(task_id).locked():
            self._pending.add(task_id)
            self.submit(self._continue, task_id)

    def _lock_of(self, task_id: str) -> threading.Lock:
        with self._lives_lock:
            return self._locks.setdefault(task_id, threading.Lock())

    def close(self) -> None:
        self._closing.set()
        if self._background is not None:
            self._background.join(timeout=5)
        self.executor.shutdown(wait=True, cancel_futures=True)
        with self._lives_lock:
            lives, self._lives = list(self._lives.values()), {}
        for live in lives:
            self._release(live)

    # -- tasks --------------------------------------------------------------------------------
    def create_task(self, text: str | None, additional_input: dict[str, Any] | None) -> TaskRow:
        options = parse_options(additional_input)
        if not (text or "").strip():
            raise RequestError("The task's input is empty: say what the agent should do.", 422)
        task_id = new_id()
        bench = self._bench_for(task_id, options)
        agent = bench.new_agent(text or "", profile=AgentProfile(), strategy=options.strategy,
                                budget=options.budget)
        row = TaskRow(task_id, agent.state.id, text, additional_input or {}, "created")
        changes = None
        if self.replica is not None:
            changes = self.replica.changes(task_id, agent.state, agent.workspace, {},
                                           self._snapshot(agent.workspace))
        version = self.store.add_task(row, changes)
        if self.replica is not None:
            self.replica.set_version(task_id, version, agent.state.id)
        live = Live(bench, Runner(agent, _StepApproval(), _Observer(self.events, task_id)))
        if self.store.shared:  # another server may run its first step: load it when needed
            self._release(live)
        else:
            with self._lives_lock:
                self._lives[task_id] = live
        self.publish_task(row.task_id)
        if options.mode == "continuous":
            self.run(task_id, options.max_steps or self.bench.settings.agent.max_steps)
        return row

    def task(self, task_id: str) -> TaskRow:
        row = self.store.task(task_id)
        if row is None:
            raise RequestError(f"No task {task_id!r}.", 404)
        return row

    def summary(self, row: TaskRow) -> dict[str, Any]:
        """A task as the web page lists it: status, totals and the command awaiting approval."""
        busy = self._lock_of(row.task_id).locked()
        status = row.status
        if status in ("created", "running") and not busy and row.auto_steps <= 0:
            status = "waiting"
        return {
            "task_id": row.task_id, "input": row.input, "status": status, "busy": busy,
            "auto_steps": row.auto_steps, "created": row.created,
            "proposal": row.proposal and {"name": row.proposal.get("name"),
                                          "args": row.proposal.get("arguments"),
                                          "thoughts": row.proposal.get("thoughts")},
            "total": row.total,
        }

    def busy_count(self) -> int:
        return sum(1 for lock in list(self._locks.values()) if lock.locked())

    def publish_task(self, task_id: str) -> None:
        if not self.events.listened:
            return
        row = self.store.task(task_id)
        if row is not None:
            self.events.publish("task", task_id, self.summary(row))

    # -- steps --------------------------------------------------------------------------------
    def execute_step(self, task_id: str, text: str | None,
                     additional_input: dict[str, Any] | None = None, *,
                     auto: bool = False) -> StepRow | None:
        """One step (``auto``: one of the steps the task runs on its own, if any are left)."""
        row = self.task(task_id)
        if row.status in ENDED:
            raise RequestError(f"The task is {row.status}; create a new task to continue.", 409)
        try:
            with self._claimed(task_id):
                row = self.task(task_id)  # re-read once claimed: the proposal may have changed
                if auto:
                    if row.auto_steps <= 0 or row.status in ENDED:
                        return None
                    self.store.update_task(task_id, auto_steps=row.auto_steps - 1)
                refused = self._sync(row)
                live = self._live(row)
                live.refused, live.restored = refused or [], refused is not None
                step = self._step(row, live, text, additional_input)
        finally:
            self.publish_task(task_id)
        after = self.store.task(task_id)
        if after is not None and after.auto_steps > 0 and not step.is_last:
            self._schedule(task_id)
        return step

    def _step(self, row: TaskRow, live: Live, text: str | None,
              additional_input: dict[str, Any] | None) -> StepRow:
        runner, state = live.runner, live.state
        if state.status != "running" or live.restored or \
                (state.episodes and state.episodes[-1].result is None):
            runner.begin()  # also records a command left in flight by a dead worker
            live.restored = False
        proposal = Action.model_validate(row.proposal) if row.proposal else None
        decision = parse_answer(text or "") if proposal is not None else None
        approval = runner.approval
        if proposal is not None and proposal.name == "ask_user" and decision is not None \
                and decision.kind == "feedback" and isinstance(approval, _StepApproval):
            approval.answer, decision = decision.feedback, Decision(kind="run")
        step = StepRow(new_id(), row.task_id, self.store.step_count(row.task_id) + 1, text,
                       additional_input, "running", name=proposal.name if proposal else "plan")
        self._start(step, live, proposal if decision and decision.kind == "run" else None)
        self.publish_task(row.task_id)
        self.events.publish("step_started", row.task_id, {"step_id": step.step_id,
                                                          "number": step.number,
                                                          "name": step.name})
        usage_before, files_before = state.usage, self._snapshot(live.workspace)
        executed, proposed = None, None
        try:
            if proposal is not None and decision is not None:
                if decision.kind == "run" and decision.count > 1:
                    self.store.update_task(row.task_id, auto_steps=decision.count - 1)
                known = len(state.episodes)
                runner.advance(proposal, decision)
                executed = state.episodes[-1] if len(state.episodes) > known else None
            if state.status == "running" and row.task_id not in self._stop_requested:
                proposed = runner.propose()
                runner.flush()
        except ProviderError as exc:
            runner.end("failed", f"The model failed: {exc}")
        except BudgetExceededError as exc:
            runner.end("stopped", f"Budget reached: {exc}")
        except AutonomoError as exc:
            runner.end("failed", str(exc))
        except Exception as exc:  # a bug or a broken plugin: the task fails, the server lives
            log.exception("task %s: step %d failed", row.task_id, step.number)
            runner.end("failed", f"Internal error: {type(exc).__name__}: {exc}")
        if isinstance(runner.approval, _StepApproval):
            runner.approval.answer = None
        if row.task_id in self._stop_requested:
            self._stop_requested.discard(row.task_id)
            if state.status == "running":
                runner.end("stopped", "Stopped by the user.")
        return self._finish(step, live, executed, proposed, usage_before, files_before)

    def _finish(self, step: StepRow, live: Live, executed: Episode | None,
                proposed: Action | None, usage_before: Any, files_before: Any) -> StepRow:
        state = live.state
        ended = "" if state.status == "running" else f"Task {state.status}: {state.stop_reason}"
        step.status = "completed"
        step.is_last = state.status != "running" and proposed is None
        step.output = render.output_text(executed, proposed, ended)
        step.additional_output = render.additional_output(
            executed, proposed, render.usage_delta(state.usage, usage_before), state.usage,
            state.status, state.stop_reason)
        step.additional_output["worker"] = self.worker
        files_after = self._snapshot(live.workspace)
        changed = [(folder, name) for folder, name in artifacts.changed(files_before, files_after)
                   if artifacts.visible(folder)]
        changes = None
        if self.replica is not None:
            changes = self.replica.changes(step.task_id, state, live.workspace, files_before,
                                           files_after)
            if changes.skipped or live.refused:
                step.additional_output["files_not_shared"] = changes.skipped
                step.additional_output["files_refused"] = live.refused
        try:
            version = self.store.finish_step(
                step, task_status=state.status,
                proposal=proposed.model_dump() if proposed else None,
                total=render.usage_dict(state.usage), files=changed, changes=changes,
                worker=self.worker if self.replica is not None else None)
        except BaseException:
            if self.replica is not None:
                self.replica.discard(step.task_id, live.workspace,
                                     [key for key in files_after if key not in files_before])
            raise
        if self.replica is not None:
            self.replica.set_version(step.task_id, version)
        if self.events.listened:
            self.events.publish("step", step.task_id, self.step_json(step))
        if step.is_last:
            self._forget(step.task_id)
        return step

    # -- shared copies (PostgreSQL) ------------------------------------------------------------
    def _snapshot(self, workspace: Path) -> artifacts.Snapshot:
        if self.replica is None:
            return artifacts.snapshot(workspace)
        return artifacts.snapshot(workspace, hidden=SHARED_HIDDEN)

    def _start(self, step: StepRow, live: Live, command: Action | None) -> None:
        """Mark the step running; shared: with the command about to run as an episode
        without result, so a worker that takes over after a crash tells the agent it was
        interrupted (as ``Runner`` does locally) instead of letting it run again."""
        if self.replica is None:
            self.store.start_step(step)
            return
        state = live.state
        pending = [Episode(number=len(state.episodes) + 1, action=command,
                           task_index=len(state.tasks) - 1)] if command is not None else []
        changes = self.replica.changes(step.task_id, state, live.workspace, {}, {},
                                       extra=pending)
        try:
            self.store.start_step(step, changes, worker=self.worker)
        except BaseException:  # lost the claim: what ``begin`` changed here is not shared
            self.replica.discard(step.task_id, live.workspace)
            raise
        # in flight, the local copy matches no version: if this worker dies before the
        # step's write-back, its copy is restored in full next time (version 0)
        self.replica.set_version(step.task_id, 0)

    def _sync(self, row: TaskRow) -> list[str] | None:
        """Shared: make this worker's copy of the task current (restore it from the
        database when missing or older); returns the files refused, None when the copy was
        current. Call holding the task's lock and its claim."""
        if self.replica is None:
            return None
        bundle = self.store.bundle(row.task_id, self.replica.version(row.task_id))
        if bundle is None:
            return None
        if bundle.agent_id != row.agent_id:
            raise RequestError(f"Task {row.task_id}'s shared copy is of another agent.", 500)
        self._forget(row.task_id)
        return self.replica.restore(row.task_id, bundle)

    @contextlib.contextmanager
    def _claimed(self, task_id: str) -> Iterator[None]:
        """Hold the task in this process and in the store (409 if another step runs)."""
        lock = self._lock_of(task_id)
        if not lock.acquire(blocking=False):
            raise RequestError("A step of this task is running; wait for it to end.", 409)
        try:
            if not self.store.claim(task_id, self.worker):
                raise RequestError("Another server is running a step of this task.", 409)
            try:
                yield
            finally:
                self.store.release(task_id, self.worker)
                if self.store.shared:  # another server may change it next: reload then
                    self._forget(task_id)
        finally:
            lock.release()

    def upload(self, row: TaskRow, folder: str, name: str, source: Any) -> Any:
        """Write an uploaded file into the task's workspace (shared: and the database)."""
        if self.replica is None:
            ws = Workspace(self.workspace_of(row))
            artifacts.write(ws, folder, name, iter(lambda: source.read(64 * 1024), b""))
            return self.store.artifact_for(row.task_id, folder, name, False)
        with self._claimed(row.task_id):
            self._sync(row)
            root = self.replica.workspace(row.agent_id)
            root.mkdir(parents=True, exist_ok=True)
            data = source.read()
            artifacts.write_exact(Workspace(root), folder, name, data)  # as named, no link
            changes = Changes(files=[(folder, name, data)])
            try:
                version = self.store.write_changes(row.task_id, changes, self.worker)
            except BaseException:  # not shared: this copy goes back to the shared one
                self.replica.discard(row.task_id, root, [(folder, name)])
                raise
            self.replica.set_version(row.task_id, version)
        return self.store.artifact_for(row.task_id, folder, name, False)

    def step_json(self, step: StepRow) -> dict[str, Any]:
        found = self.store.artifacts_by_id(step.task_id, step.artifacts)
        return {
            "task_id": step.task_id, "step_id": step.step_id, "name": step.name,
            "status": step.status, "input": step.input,
            "additional_input": step.additional_input, "output": step.output,
            "additional_output": step.additional_output, "is_last": step.is_last,
            "artifacts": [artifact_json(a) for a in found],
        }

    # -- running on its own ---------------------------------------------------------------------
    def run(self, task_id: str, steps: int) -> None:
        """Let the task run ``steps`` steps without asking (continuous mode, resume)."""
        row = self.task(task_id)
        if row.status in ENDED:
            raise RequestError(f"The task is {row.status}.", 409)
        self.store.update_task(task_id, auto_steps=steps)
        self._schedule(task_id)
        self.publish_task(task_id)

    def _continue(self, task_id: str) -> None:
        self._pending.discard(task_id)
        try:
            self.execute_step(task_id, None, auto=True)  # schedules the next while any are left
        except RequestError as exc:  # a step already running here or on another server
            log.info("task %s: continuation skipped: %s", task_id, exc)

    def stop(self, task_id: str) -> None:
        """No more steps on its own; a step in flight ends first, then the task stops."""
        row = self.task(task_id)
        self.store.update_task(task_id, auto_steps=0)
        try:
            with self._claimed(task_id):
                self._sync(row)
                live = self._live(row)
                if live.state.status in ("running", "created"):
                    live.runner.end("stopped", "Stopped by the user.")
                    self.store.update_task(task_id, status="stopped")
                    if self.replica is not None:
                        changes = self.replica.changes(task_id, live.state, live.workspace,
                                                       {}, {})
                        self.replica.set_version(task_id, self.store.write_changes(
                            task_id, changes, self.worker))
        except RequestError:  # a step runs, here or on another server: it ends first
            self._stop_requested.add(task_id)
        self.publish_task(task_id)

    # -- agents in memory ---------------------------------------------------------------------
    def _live(self, row: TaskRow) -> Live:
        with self._lives_lock:
            live = self._lives.get(row.task_id)
            if live is not None:
                return live
            bench = self._bench_for(row.task_id, parse_options(row.additional_input))
            agent = bench.load_agent(row.agent_id)
            live = Live(bench, Runner(agent, _StepApproval(), _Observer(self.events, row.task_id)))
            self._lives[row.task_id] = live
            return live

    def _forget(self, task_id: str) -> None:
        with self._lives_lock:
            live = self._lives.pop(task_id, None)
        if live is not None:
            self._release(live)

    def _release(self, live: Live) -> None:
        if live.bench is not self.bench:
            for model in {id(m): m for m in (live.bench.model, live.bench.smart_model,
                                             live.bench.summary_model)}.values():
                model.close()

    def workspace_of(self, row: TaskRow) -> Path:
        """The task's workspace on this machine (shared: brought up to date first, unless a
        step of it runs now, here or on a server sharing this data directory: restoring
        then would write older files over the ones the step is changing)."""
        if self.replica is not None:
            with contextlib.ExitStack() as stack:
                try:
                    stack.enter_context(self._claimed(row.task_id))
                except RequestError:  # a step runs: its copy is served as it is
                    pass
                else:
                    self._sync(row)
            return self.replica.workspace(row.agent_id)
        with self._lives_lock:
            live = self._lives.get(row.task_id)
        if live is not None:
            return live.workspace
        return self.bench.store.default_workspace(checked_agent_id(row.agent_id)).resolve()

    def _bench_for(self, task_id: str, options: TaskOptions) -> Workbench:
        """The workbench whose models this task uses: the server's, or its own."""
        settings = self.bench.settings
        if self.model_factory is not None:
            models = self.model_factory(task_id, options.model_dump())
        elif options.model:
            config = settings.server.models.get(options.model)
            if config is None:
                names = ", ".join(sorted(settings.server.models)) or "none configured"
                raise RequestError(f"Unknown model {options.model!r} (available: {names}).",
                                   422)
            models = _pair(LLMConfig(fast=config), self.bench)
        elif settings.llm.fast.provider in ("scripted", "replay"):
            models = _pair(settings.llm, self.bench)  # each task plays its script from the start
        else:
            return self.bench
        fast, smart, summary = models
        return dataclasses.replace(self.bench, model=fast, smart_model=smart,
                                   summary_model=summary)


def _pair(llm: LLMConfig, bench: Workbench) -> tuple[ChatModel, ChatModel, ChatModel]:
    from autonomo.llm.factory import create_model_pair

    pair = create_model_pair(llm, plugins=bench.plugins)
    return pair.fast, pair.smart, pair.fast


def artifact_json(artifact: Any) -> dict[str, Any]:
    return {"artifact_id": artifact.artifact_id, "agent_created": artifact.agent_created,
            "file_name": artifact.file_name, "relative_path": artifact.relative_path or None}
