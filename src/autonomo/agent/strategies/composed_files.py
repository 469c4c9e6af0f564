"""The whole texts and added lines offered for the code and data files a task names: a
template filled from a file read (``twostep``), a file composed from the task's words
(``compose``), or lines in the shape of an existing file's lines."""

from __future__ import annotations

from autonomo.agent.strategies import compose, shapes, spans, stated_text, twostep
from autonomo.agent.strategies import objects as adding
from autonomo.agent.strategies.looking import Reads


def shaped(text: str, task: str, named: tuple[str, ...]) -> list[str]:
    """New lines in the shape of ``text``'s lines, from what the task states: a piece of the
    task shaped like a line first, then the lines' pattern filled."""
    stated = [*spans.literals(task, named), *adding.objects(task, named),
              *stated_text.whole_texts(task, named)]
    # (items the task puts a line each are no one line: "add a and b, one per line")
    lined = [t for t in stated if "\n" in t.strip()]
    stated = [t for t in stated if t in lined or not any(
        all(line.strip() in t for line in m.splitlines() if line.strip()) for m in lined)]
    numbers = [t for t in stated if spans.is_number(t)]
    return list(dict.fromkeys([
        *shapes.pieces(text, task, named, spans.INSTRUCTION_WORDS),
        *shapes.shaped(text, [t for t in stated if t not in numbers], numbers,
                       shapes.ticked(task))]))


def composed(reads: Reads, task: str, named: tuple[str, ...], files: list[str],
              seen: dict[str, str]) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    """The texts composed for the code and data files the task names (``compose``); a file
    not in ``files`` (the files when the task started) is composed as a new one; ``seen``:
    the texts the agent has seen (files, programs' output) a file may be made from."""
    out = twostep.composed(task, named, files, seen)
    for name in named:
        if not spans.needs_free_text(name) or name in {o[0] for o in out}:
            continue
        existing = None
        if name in files and (existing := reads.text(name)) is None:
            continue
        whole, added = compose.contents(name, task, named, existing, seen)
        if not (whole or added) and existing is not None:
            added = tuple(shapes.appended(existing, line)
                          for line in shaped(existing, task, named))
            whole = tuple(existing + text for text in added
                          if len(existing) + len(text) <= compose.MAX_WHOLE_CHARS)
        if whole or added:
            out.append((name, whole, added))
    return tuple(out)
