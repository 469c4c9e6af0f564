"""Helpers for the benchmark tests: writing challenge folders and a task-driven model."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import Message

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

    def complete(self, messages: Sequence[Message], **options: Any):
        text = "\n".join(m.content for m in messages)
        task = max((t for t in self.plans if t in text), key=len, default="")
        if task != self._task or not self.queue:
            self._task = task
            self.queue.clear()
            self.add(*self.plans.get(task, [reply("finish", reason="unknown task")]))
        if self.delay:
            time.sleep(self.delay)
        return super().complete(messages, **options)


class ConstantModel(ScriptedModel):
    """Answers every call with the same text (summaries, graders)."""

    def __init__(self, text: str = "Did one step.") -> None:
        super().__init__(name="constant")
        self.text = text

    def complete(self, messages: Sequence[Message], **options: Any):
        self.add(self.text)
        return super().complete(messages, **options)
