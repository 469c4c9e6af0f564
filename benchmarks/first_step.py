"""Does the embedded model pick the right first command? Six small file tasks.

    python benchmarks/first_step.py

For each task, the one-shot strategy's real prompt (the small-model variant) goes to the
embedded model once, at temperature 0; the reply is right when the command, the path and the
content (if any) match the task. Prints one line per task, then ``first_step_correct``.
"""

from __future__ import annotations

import tempfile
import time
from datetime import datetime
from pathlib import Path

from autonomo import Workbench
from autonomo.agent.context import ContextLimits, build_messages
from autonomo.agent.profile import AgentProfile, Directives
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import Turn, create_strategy
from autonomo.agent.workbench import select_commands
from autonomo.config import Settings
from autonomo.llm.local import LlamaCppModel

#: task, command, path, text the content must contain (None: no content)
TASKS = [
    ("Write the word Washington to a file called output.txt", "write_file", "output.txt",
     "Washington"),
    ("Write the word Paris to a file called city.txt", "write_file", "city.txt", "Paris"),
    ("Create a file named todo.txt containing the text buy milk", "write_file", "todo.txt",
     "buy milk"),
    ("Read the file notes.txt", "read_file", "notes.txt", None),
    ("Add the line 42 to the end of the file numbers.txt", "append_to_file", "numbers.txt",
     "42"),
    ("Show me what is in the file report.md", "read_file", "report.md", None),
]


def main() -> None:
    model = LlamaCppModel(temperature=0.0)
    settings = Settings(data_dir=Path(tempfile.mkdtemp()))
    commands = select_commands(Workbench.open(settings, models=model).all_commands(),
                               settings, None,
                               small_model=True)
    correct = 0
    for task, name, path, content in TASKS:
        strategy = create_strategy("one_shot", commands, compact=True)
        state = AgentState(tasks=[task], profile=AgentProfile(), directives=Directives.defaults())
        turn = Turn(now=datetime.now().strftime("%Y-%m-%d %H:%M"))
        messages = build_messages(state, strategy, turn, ContextLimits())
        started = time.perf_counter()
        completion = model.complete(messages, schema=strategy.request().schema, max_tokens=300)
        action = strategy.parse(completion)
        args = action.arguments
        right = (action.name == name and args.get("path") == path
                 and (content is None or content in str(args.get("content", ""))))
        correct += right
        print(f"# {'right' if right else 'wrong'} {time.perf_counter() - started:.1f}s "
              f"{task!r} -> {action.describe()[:100]}")
    print(f"first_step_correct: {correct}/{len(TASKS)}")


if __name__ == "__main__":
    main()
