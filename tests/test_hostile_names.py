"""A task that names many files of the workspace ("Delete f0.txt, f1.txt, …, f399.txt":
3.2 KB, inside the analysis' 4,096 characters) against the small model's step. The edits
the task may ask were worked out once per named file, and each time the task-level work was
done again: the task with every name blanked out (one substitution per name), its stated
texts and values. The work grew with the cube of the names: 400 took 215 s for three
scripted steps, 100 took 6 s. Counted here, not timed: the substitutions and value scans
of one step grow with the names, not with their square."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent_helpers import constrained_agent, reply
from autonomo.agent.runner import Runner
from autonomo.agent.strategies import keyed, spans, values
from autonomo.llm.scripted import ScriptedModel


def _work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int) -> dict[str, int]:
    """``re.sub`` and ``values.scan`` calls in one step of "Delete f0.txt, …" with the
    ``count`` files there."""
    task = "Delete " + ", ".join(f"f{i}.txt" for i in range(count))
    plan = [reply("write_note", path="out.txt", text="hello"), reply("finish", reason="done")]
    agent, _ = constrained_agent(tmp_path / str(count), plan, task=task)
    agent.summary_model = ScriptedModel(["summary"] * 4)
    for i in range(count):
        (agent.workspace / f"f{i}.txt").write_text("x\n")
    calls = {"sub": 0, "scan": 0}
    real_sub, real_scan = re.sub, values.scan

    def sub(*args, **kwargs):
        calls["sub"] += 1
        return real_sub(*args, **kwargs)

    def scan(text: str):
        calls["scan"] += 1
        return real_scan(text)

    monkeypatch.setattr(re, "sub", sub)
    monkeypatch.setattr(values, "scan", scan)
    try:
        Runner(agent).run(max_steps=1)
    finally:
        monkeypatch.undo()
    return calls


def test_a_step_works_linearly_in_the_files_a_task_names(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    few, many = _work(tmp_path, monkeypatch, 20), _work(tmp_path, monkeypatch, 80)
    # four times the names: about four times the work (it was 13 times, and 16 in the limit)
    assert many["sub"] <= 5 * few["sub"], (few, many)
    assert many["scan"] <= 5 * max(few["scan"], 1), (few, many)


def test_the_kept_results_are_copies() -> None:
    """A caller that changes the list it got does not change what the next caller gets."""
    task = "Write 'hello' and 16:42 to notes.txt"
    first = spans.literals(task, ["notes.txt"])
    assert first == ["hello", "16:42"]
    first.append("changed")
    assert spans.literals(task, ["notes.txt"]) == ["hello", "16:42"]
    assert keyed.without(task, ["notes.txt"]) == keyed.without(task, iter(["notes.txt"]))


def test_the_lines_of_a_named_file_are_not_each_read_against_the_whole_task(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a line names a word of the task (``edits._near``) took the stems of every
    word of the task again for each line: lines x task words. Four times the task's words
    now add their stems once, not once per line."""
    from autonomo.agent.strategies import edits

    text = "".join(f"- item {j} Boathouse 12:30\n" for j in range(200))
    counted: list[str] = []
    real = edits.stem

    def stem(word: str) -> str:
        counted.append(word)
        return real(word)

    monkeypatch.setattr(edits, "stem", stem)

    def work(words: int) -> int:
        counted.clear()
        task = ("In n.md put 13:45 for the time of the " + "Boathouse " * words).strip()
        edits.edits(text, task, ["n.md"])
        return len(counted)

    few, many = work(20), work(80)
    assert many - few <= 4 * 60 * 3, (few, many)  # was 200 lines x 60 more words


def _prose(count: int) -> str:
    """``count`` lines of 10 to 15 distinct words and a number: each a shape of its own."""
    import string

    def words(k: int, seed: int) -> str:
        return " ".join("".join(string.ascii_lowercase[(seed * 7 + i * 3 + j) % 26]
                                for j in range(4)) for i in range(k))

    return "".join(f"{words(10 + i % 6, i)} 7{'-' * (i // 6)}\n" for i in range(count))


def test_the_shapes_searched_in_a_task_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A named file's lines are made shapes and searched in the task (``shapes.pieces``).
    Each word slot of a shape may take one to four words: a shape of n slots tries about
    4**n splits at each word of the task before it fails. 20 lines of 10 to 15 words took
    39 s against a task of 600 words (one call; a step makes several). Counted: the shapes
    searched and their slots."""
    from autonomo.agent.strategies import shapes

    searched: list[str] = []
    real = re.finditer

    def finditer(pattern, text, *args, **kwargs):
        searched.append(pattern)
        return real(pattern, text, *args, **kwargs)

    monkeypatch.setattr(shapes.re, "finditer", finditer)
    shapes.pieces(_prose(40), "Append to notes.txt " + " ".join(["zz"] * 20), ["notes.txt"])
    monkeypatch.undo()
    slots = [p.count(r"\w+") for p in searched]
    assert len(searched) <= 32 and max(slots, default=0) <= 3, (len(searched), slots)  # was 40, 8
    # a file of items keeps its shape: "fern 12" lines find "plant 3" in the task
    assert shapes.pieces("fern 12\ncactus 4\n", "Add plant 3 to plants.txt",
                         ["plants.txt"]) == ["plant 3"]


def test_a_step_on_a_named_file_of_long_lines_ends(tmp_path: Path) -> None:
    """The same file named by a task of 600 words, through a real step, under an alarm."""
    import signal

    def expire(signum, frame):
        raise TimeoutError("the step hung on the shapes of a named file")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(60)
    try:
        task = "Append to notes.txt " + " ".join(["zz"] * 600) + " end"
        plan = [reply("read_file", path="notes.txt")] + [reply("finish", reason="done")] * 3
        agent, _ = constrained_agent(tmp_path, plan, task=task)
        agent.summary_model = ScriptedModel(["summary"] * 4)
        (agent.workspace / "notes.txt").write_text(_prose(40))
        result = Runner(agent).run(max_steps=2)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert result.status != "finished"


def test_a_file_name_ending_in_a_dot_does_not_hang_the_listing():
    """rv1 (s23): 'notes.' has an empty extension; its group was the list being walked."""
    from autonomo.agent.strategies.listing import listing_facts

    facts = listing_facts(["a.txt", "notes.", "b/c."])
    counts = {f.value for f in facts if {"workspace", "count"} <= f.key}
    assert "3" in counts
