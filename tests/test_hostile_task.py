"""A hostile task text against the small model's step: a 100 KB token ("Delete a/a/a/…"),
many long tokens, 100 KB of words. The step's analysis tried patterns from each character
of a token to its end (O(n²)): one such task stalled a step for minutes. The analysis reads
the task bounded (``task_text``); the run ends, and a task it could not read whole is never
verified as done."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_helpers import constrained_agent, reply
from autonomo.agent.runner import Runner
from autonomo.agent.task_text import CUT, MAX_TASK, MAX_TOKEN, analysed, is_cut, plain_quotes
from autonomo.llm.scripted import ScriptedModel
from test_situation_attacks import deadline  # noqa: F401 (a fixture: a hang fails the test)

SETS = sorted(Path(__file__).parent.parent.glob("benchmarks/small_tasks*/*/data.json"))
HOSTILE = {
    "path": "Delete " + "a/" * 50_000 + "x",
    "dotted": "Copy notes.txt to " + "a." * 50_000 + "txt",
    "numbers": "Add " + "1," * 50_000 + " at the end of notes.txt",
    "long-tokens": "Copy notes.txt to " + " ".join(["a." * 512] * 97),
    "words": "Write " + "Aa " * 33_000 + "to out.txt",
    "listed": "Write " + "a, " * 33_000 + "and b to out.txt",
}


def test_the_sets_tasks_are_read_as_written() -> None:
    """No task of the seven seen sets comes near the bounds (guard)."""
    tasks = [json.loads(p.read_text())["task"] for p in SETS]
    assert len(tasks) >= 394
    assert all(analysed(t) == plain_quotes(t) and not is_cut(t) for t in tasks)


@pytest.mark.parametrize("task", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_task_is_read_bounded(task: str) -> None:
    read = analysed(task)
    assert is_cut(task) and len(read) <= MAX_TASK
    assert max(len(token) for token in read.split()) <= MAX_TOKEN
    assert analysed(read) == read


def test_a_long_token_is_read_as_the_cut_mark_in_its_place() -> None:
    task = "Copy notes.txt to " + "b" * (MAX_TOKEN + 1) + " and then stop"
    assert analysed(task) == f"Copy notes.txt to {CUT} and then stop"
    edge = "Copy notes.txt to " + "b" * MAX_TOKEN
    assert analysed(edge) == edge


def _run(tmp_path: Path, task: str, text: str = "hello"):
    plan = [reply("write_note", path="out.txt", text=text)] + \
        [reply("finish", reason="done")] * 3
    agent, _ = constrained_agent(tmp_path, plan, task=task)
    agent.summary_model = ScriptedModel(["summary"] * 10)
    (agent.workspace / "notes.txt").write_text("hi\n")
    return agent, Runner(agent).run(max_steps=3)


@pytest.mark.parametrize("task", HOSTILE.values(), ids=HOSTILE.keys())
def test_steps_on_a_hostile_task_end(tmp_path: Path, deadline: None,  # noqa: F811
                                     task: str) -> None:
    """Three steps and their finish checks through the real ``Runner``: each of these held a
    step for over 60 s (the alarm of ``deadline`` fails the test)."""
    agent, result = _run(tmp_path, task)
    assert result.status in ("unverified", "stopped"), result.reason
    assert agent.state.tasks == [task]  # kept whole


def test_a_task_read_cut_is_not_verified(tmp_path: Path) -> None:
    """The word to write is longer than the analysis reads: what it holds cannot be checked,
    so the finish is not verified (a cut word might be what tells right from wrong)."""
    word = "z" * (MAX_TOKEN + 1)
    _, result = _run(tmp_path, f"Write the word {word} to out.txt", text=word)
    assert result.status == "unverified", result.reason
    assert "not read whole" in (result.reason or "")
    _, result = _run(tmp_path / "short", "Write the word zebra to out.txt", text="zebra")
    assert result.status == "finished", result.reason  # (guard: the same run, read whole)


@pytest.mark.parametrize("task", [
    " " * MAX_TASK + "x",                       # a head of whitespace alone (IndexError before)
    "a " * (MAX_TASK // 2 - 1) + "bcdef" * 10,  # a token running over the cut
    "a " * (MAX_TASK // 2) + "bcdef" * 10,      # a token starting just at the cut
], ids=["blank-head", "token-over-the-cut", "token-at-the-cut"])
def test_a_cut_task_keeps_whole_tokens_only(task):
    read = analysed(task)
    assert len(read) <= MAX_TASK
    assert all(word in task.split() for word in read.split())
    assert is_cut(task)
