"""Does the grammar offer a content that passes? A dry check of a suite (no model).

    python benchmarks/content_offered.py benchmarks/small_tasks_holdout3
    python benchmarks/content_offered.py --kinds append,create --show 3 --tasks A B -- <suite>

For each task of the content kinds (files written, appended to, edited, counted, found,
listed), the small-model request of step 1 is built as a run would build it (the commands
offered and the grounded values of ``write_file``/``append_to_file``/``replace_text``); each
offered (command, path, content), in the order offered, is applied to a fresh copy of the
task's workspace and judged by the task's own check. A task is ``covered`` when one
passes; ``first`` counts those where the first content offered for that command passes (a
135M model most often takes an early one, but not always: this is an upper bound, not a
pass rate). Prints a line a task, then ``name: value`` lines: ``tasks``, ``covered``, ``first``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.offered import unneeded
from autonomo.bench import evaluate, load_suite, prepare_workspace
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.registry import CommandRegistry

KINDS = "append,create,count,edit,find,list,twostep,write"
WRITING = ("write_file", "append_to_file", "replace_text")


def offered_pairs(schema: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(path, content) alternatives of an args schema (an edit's content: (old, new));
    content None: free text."""
    if "anyOf" in schema:
        for variant in schema["anyOf"]:
            yield from offered_pairs(variant)
        return
    props = schema.get("properties", {})
    if "old" in props:  # an edit: (path, (old, new)) for each text that may replace ``old``
        for path in props.get("path", {}).get("enum", []):
            for old in props["old"].get("enum", []):
                for new in props.get("new", {}).get("enum", [None]):
                    yield path, None if new is None else (old, new)
        return
    content = props.get("content", {})
    texts = content.get("enum") or ([content["const"]] if "const" in content else [None])
    for path in props.get("path", {}).get("enum", []):
        for text in texts:
            yield path, text


def apply(workspace: Path, command: str, path: str, text: Any) -> None:
    """What write_file, append_to_file (a line added on a line of its own) or replace_text
    (every occurrence) would leave."""
    target = workspace / path
    target.parent.mkdir(parents=True, exist_ok=True)
    if command == "replace_text":
        old, new = text
        target.write_text(target.read_text().replace(old, new))
        return
    if command == "write_file":
        target.write_text(text)
        return
    old = target.read_text() if target.exists() else ""
    lead = "" if not old or old.endswith("\n") else "\n"
    target.write_text(old + lead + text + ("" if text.endswith("\n") else "\n"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("suites", nargs="+")
    parser.add_argument("--kinds", default=KINDS)
    parser.add_argument("--tasks", nargs="*")
    parser.add_argument("--show", type=int, default=0, help="candidates shown a task")
    parser.add_argument("--most", type=int, default=25, help="candidates tried a command")
    args = parser.parse_args()
    settings = Settings()
    commands = CommandRegistry()
    for name in settings.agent.small_model_commands:
        commands.register(builtin_registry().get(name))
    kinds = set(args.kinds.split(","))
    total = covered = first = 0
    for folder in args.suites:
        for challenge in load_suite(folder):
            kind = challenge.category[-1] if challenge.category else "?"
            if kind not in kinds or (args.tasks and challenge.name not in args.tasks):
                continue
            tmp = Path(tempfile.mkdtemp())
            try:
                workspace = prepare_workspace(challenge, tmp / "ws")
                strategy = create_strategy("one_shot", commands, compact=True)
                state = AgentState(tasks=[challenge.task], workspace=str(workspace))
                needed = settings.agent.small_model_command_words
                request = strategy.request(unneeded(challenge.task, needed, str(workspace)),
                                           state)
                found: dict[str, int] = {}
                shown: list[str] = []
                for option in request.schema["properties"]["command"]["anyOf"]:
                    command = option["properties"]["name"]["const"]
                    if command not in WRITING:
                        continue
                    pairs = list(offered_pairs(option["properties"]["args"]))
                    shown += [f"    {command} {p} {json.dumps(t)[:100]}"
                              for p, t in pairs[:args.show]]
                    for i, (path, text) in enumerate(pairs[:args.most]):
                        if text is None:
                            continue
                        trial = tmp / f"{command}{i}"
                        shutil.copytree(workspace, trial)
                        apply(trial, command, path, text)
                        if evaluate(challenge, trial).passed:
                            found[command] = i
                            break
            finally:
                shutil.rmtree(tmp)
            total += 1
            covered += bool(found)
            first += 0 in found.values()
            where = " ".join(f"{c}@{i}" for c, i in found.items()) or "none"
            print(f"# {'OK' if found else '--'} {kind:8} {challenge.name}: {where}", flush=True)
            for line in shown:
                print(line)
    print(f"tasks: {total}\ncovered: {covered}\nfirst: {first}")


if __name__ == "__main__":
    main()
