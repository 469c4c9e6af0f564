"""Helpers for the benchmark tests: writing challenge folders and a task-driven model."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import ChatRequest

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "agbenchmark"


def write_challenge(
    root: Path,
    name: str,
    *,
    task: str = "Write hi to out.txt",
    files: Sequence[str] = ("out.txt",),
    should_contain: Sequence[str] = ("hi",),
    eval_type: str = "file",
    dependencies: Sequence[str] = (),
    cutoff: float = 30,
    category: str = "general",
    difficulty: str = "basic",
    artifacts_in: dict[str, str] | None = None,
    custom_python: dict[str, str] | None = None,
    **ground: Any,
) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    data = {
        "name": name,
        "category": [category],
        "task": task,
        "cutoff": cutoff,
        "dependencies": list(dependencies),
        "ground": {
            "answer": ground.pop("answer", "the expected outcome"),
            "should_contain": list(should_contain),
            "should_not_contain": ground.pop("should_not_contain", []),
            "files": list(files),
            "eval": {"type": eval_type, **ground.pop("eval", {})},
            **ground,
        },
        "info": {"difficulty": difficulty, "description": "Tests if the agent can do it.",
                 "side_effects": []},
    }
    (folder / "data.json").write_text(json.dumps(data, indent=2))
    for sub, content in (("artifacts_in", artifacts_in), ("custom_python", custom_python)):
        for rel, text in (content or {}).items():
            target = folder / sub / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
    return folder


def reply(command: str, **args: Any) -> dict[str, Any]:
    return {"thoughts": {"reasoning": f"Use {command}."},
            "command": {"name": command, "args": args}}


class TaskModel(ScriptedModel):
    """A scripted model that serves any number of agents: ``plans`` maps a task (found in
    the prompt) to the replies that solve it; each new task queues its replies again.
    ``delay`` seconds per call imitates a slow endpoint."""

    def __init__(self, plans: dict[str, list[Any]], *, delay: float = 0.0) -> None:
        super().__init__(name="task-scripted")
        self.plans = plans
        self.delay = delay
        self._task: str | None = None

    def call(self, request: ChatRequest):
        text = "\n".join(m.content for m in request.messages)
        task = max((t for t in self.plans if t in text), key=len, default="")
        if task != self._task or not self.queue:
            self._task = task
            self.queue.clear()
            self.add(*self.plans.get(task, [reply("finish", reason="unknown task")]))
        if self.delay:
            time.sleep(self.delay)
        while isinstance(self.queue[0], dict) and "act" in self.queue[0]:
            _act(self.queue.popleft())
        return super().call(request)


def _act(step: dict[str, Any]) -> None:
    """Side effects a plan can ask for between replies: {"act": "mark", "path": P} writes this
    process's pid to P unless it exists (then the plan's next "sleep" is skipped);
    {"act": "sleep", "seconds": S}."""
    if step["act"] == "mark":
        path = Path(step["path"])
        step_done = path.exists()
        if not step_done:
            path.write_text(str(os.getpid()))
        _act.skip_sleep = step_done  # type: ignore[attr-defined]
    elif step["act"] == "sleep":
        if not getattr(_act, "skip_sleep", False):
            time.sleep(step["seconds"])
        _act.skip_sleep = False  # type: ignore[attr-defined]


def scripted_models(plans: dict[str, list[Any]], delay: float = 0.0):
    """A models factory for ``AgentSpec(models="bench_helpers:scripted_models")``."""
    return TaskModel(plans, delay=delay), TaskModel(plans), ConstantModel()


def constant_grader(text: str = "1"):
    return ConstantModel(text)


class ConstantModel(ScriptedModel):
    """Answers every call with the same text (summaries, graders)."""

    def __init__(self, text: str = "Did one step.") -> None:
        super().__init__(name="constant")
        self.text = text

    def call(self, request: ChatRequest):
        self.add(self.text)
        return super().call(request)


FIXTURE_PLANS = {
    "Open the file called motto.txt": [
        reply("read_file", path="motto.txt"),
        reply("write_file", path="echo.txt", content="Slow and steady wins the race"),
        reply("finish", reason="done")],
    "digit_sum(n)": [
        reply("write_file", path="digits.py",
              content="def digit_sum(n):\n    return sum(int(d) for d in str(n))\n"),
        reply("finish", reason="done")],
}


def fixture_models():
    """Solves the two challenges of tests/fixtures/agbenchmark (for CLI tests)."""
    return scripted_models(FIXTURE_PLANS)


def lazy_models():
    """Gives up on every task at once."""
    return scripted_models({})


def writer_team(model, *, store, workspace, observer, services):
    """A one-role team whose only action writes the model's answer to team.txt."""
    from autonomo.team import Action, ActionOutput, Role, Team

    class WriteAnswer(Action):
        name = "WriteAnswer"
        text = "Do this: {{ instruction }}"

        def run(self, ctx) -> ActionOutput:
            out = super().run(ctx)
            (ctx.role.team.workspace / "team.txt").write_text(out.content)
            return out

    writer = Role("Writer", "writes answers", actions=[WriteAnswer()])
    return Team(store, model, roles=[writer], workspace=workspace, observer=observer,
                services=services)


def hanging_models(seconds: float):
    """A models factory that hangs before any agent exists (only a process kill stops it)."""
    time.sleep(seconds)
    return scripted_models({})
