"""``DataInterpreter``: plan_and_act for data tasks, with code run in a sandboxed kernel.

For each task of its plan it writes one notebook cell (``WriteAnalysisCode``) and runs it in
a real IPython kernel inside the sandbox (``sandbox.kernel``); variables persist from cell to
cell. When a cell fails it reads the traceback and writes a fixed cell — a few times — and
then reports the task failed, which makes the planner re-plan. Every cell goes into
``analysis.ipynb`` in the workspace, every displayed plot into ``plots/``.

The prompt holds nothing that changes with the workspace (no file listing: the goal names the
data files), so that after a crash the turn replays with the same prompts and its calls come
from the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from autonomo.config import SandboxConfig
from autonomo.errors import ModelResponseError
from autonomo.team.action import Action, ActionContext
from autonomo.team.planner import Task, TaskResult
from autonomo.team.role import Role


class CodeAnswer(BaseModel):
    thought: str = Field(max_length=300)
    code: str = Field(min_length=1, max_length=3000)


@dataclass
class Failure:
    code: str
    error: str


class WriteAnalysisCode(Action):
    name = "WriteAnalysisCode"
    template = "data_interpreter:user"
    output = CodeAnswer
    max_tokens = 900

    def describe(self, answer: BaseModel) -> str:
        assert isinstance(answer, CodeAnswer)
        return answer.code


class DataInterpreter(Role):
    name = "David"
    profile = "DataInterpreter"
    goal = "Analyse data with code in a notebook and report what it shows."
    react_mode = "plan_and_act"
    actions = [WriteAnalysisCode()]  # noqa: RUF012 - a role's default actions
    #: fixes tried after a failing cell before the task counts as failed
    max_fixes: int = 2
    max_replans = 2
    cell_timeout_s: float = 120.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kernel: Any = None
        self.notebook: Any = None

    # -- the kernel ---------------------------------------------------------------------------
    def sandbox_config(self) -> SandboxConfig:
        assert self.team is not None
        services = self.team.services
        config = services.get("sandbox_config")
        if config is None and services.get("settings") is not None:
            config = services["settings"].sandbox
        config = config or SandboxConfig()
        # a kernel lives for the whole analysis: its CPU and memory limits are per process
        return config.model_copy(update={"cpu_seconds": max(config.cpu_seconds, 900),
                                         "memory_mb": max(config.memory_mb, 2048)})

    def ensure_kernel(self) -> Any:
        if self.kernel is None:
            from autonomo.sandbox import create_sandbox
            from autonomo.sandbox.kernel import SandboxedKernel
            from autonomo.team.notebook import Notebook

            assert self.team is not None
            sandbox = create_sandbox(self.team.workspace, self.sandbox_config())
            self.kernel = SandboxedKernel(sandbox).start()
            self.notebook = Notebook(self.team.workspace)
            self.team.observer.on_note(f"{self.name}: kernel started in the "
                                       f"{sandbox.name} sandbox.")
        return self.kernel

    def close(self) -> None:
        if self.kernel is not None:
            self.kernel.shutdown()
            self.kernel.sandbox.close()
            self.kernel = None

    # -- one task -------------------------------------------------------------------------------
    def act_on_task(self, task: Task) -> TaskResult:
        kernel = self.ensure_kernel()
        assert self.planner is not None
        action = self.actions[0]
        failures: list[Failure] = []
        code = ""
        for _attempt in range(self.max_fixes + 1):
            ctx = ActionContext(role=self, news=[], history=self.memory.get(),
                                instruction=task.instruction, values={
                                    "plan": self.planner.plan, "task": task,
                                    "done": self.planner.plan.finished,
                                    "failures": failures[-2:]})
            try:
                output = action.run(ctx)
            except ModelResponseError as exc:  # no usable cell: counts as a failed try
                failures.append(Failure(code, str(exc)))
                continue
            code = output.content
            if isinstance(output.structured, CodeAnswer):
                self.team_observer().on_thought(self.name, output.structured.thought)
            result = kernel.execute(code, timeout=self.cell_timeout_s)
            plots = self.notebook.add_cell(code, result)
            text = result.text()
            if plots:
                text += "\nSaved plot(s): " + ", ".join(plots)
            if result.ok:
                return TaskResult(text or "(the cell printed nothing)", True, code)
            failures.append(Failure(code, result.error or text))
            last = (result.error or text).strip().splitlines() or ["(no output)"]
            self.team_observer().on_note(
                f"{self.name}: task {task.task_id}, cell failed: {last[-1][:200]}")
        return TaskResult(f"The code failed {len(failures)} times; last error:\n"
                          f"{failures[-1].error[-1500:]}", False, code)



def roles(review: str = "auto") -> list[Role]:
    """A team of one DataInterpreter (``autonomo data`` uses this); ``review="human"``: a
    person confirms the plan and each task's result, or says what to change."""
    role = DataInterpreter()
    role.review = review  # type: ignore[misc]
    return [role]
