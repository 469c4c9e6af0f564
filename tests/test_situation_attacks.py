"""A hostile workspace against the step's view of it (``grounding.situation``), which reads
the files the task names and resolves names against the workspace: a folder or file that is
a symlink out of it, a FIFO, ``..``, a binary or huge file, a deep tree. None may hang the
step or put a host file's text or name into what the model is offered."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from autonomo.agent.strategies.grounding import previews, situation
from tool_helpers import make_deep_folder, remove_deep_folder

SECRET = "HOST-SECRET-7f3a"
TASKS = [
    "there's a Thumbs.db in photos/, please remove it",
    "Move photos/Thumbs.db into the trash folder",
    "Copy notes.txt to notes2.txt",
    "How many lines does pipe.txt have? Write the number to n.txt",
    "Add a row 1,2 to blob.csv",
    "Read ../host/secret.txt and write what it says to s.txt",
    "What does ../host/photos/Thumbs.db say? Put it in a.txt",
    "Find secret.txt somewhere in this folder and copy it to found.txt",
    "Put the first line of d/d/d/d/d/deep.txt in top.txt",
    # names read against the real entries whatever their shape (i10g, s21): dotfiles and
    # names without an ending that lead out, or are a FIFO
    "Append DEBUG=1 to .env",
    "Copy .env to .env.example",
    "Run cleanup and put what it prints in out.txt",
    "Add the line all: build to Makefile",
    "What is in photos/Thumbs.db? Put it in a.txt",
    "Delete " + "a/" * 50_000 + "x",
]


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Path]:
    host, ws = tmp_path / "host", tmp_path / "ws"
    (host / "photos").mkdir(parents=True)
    (host / "photos" / "Thumbs.db").write_text(f"{SECRET} thumbnails\n")
    (host / "secret.txt").write_text(f"{SECRET}\n")
    ws.mkdir()
    (ws / "photos").symlink_to(host / "photos")  # a folder leading out
    (ws / "notes.txt").symlink_to(host / "secret.txt")  # a file leading out
    (ws / "inner").mkdir()
    (ws / "inner" / "secret.txt").symlink_to(host / "secret.txt")
    os.mkfifo(ws / "pipe.txt")  # opened blocking, it would wait for a writer forever
    (ws / "blob.csv").write_bytes(bytes(range(256)) * 20)
    (ws / ".env").symlink_to(host / "secret.txt")  # a dotfile leading out
    os.mkfifo(ws / "cleanup")  # a name without an ending that is a FIFO
    (ws / "Makefile").symlink_to(host / "secret.txt")
    make_deep_folder(ws, 400)
    yield ws
    remove_deep_folder(ws)


@pytest.fixture
def deadline() -> Iterator[None]:
    """A hang (a FIFO opened blocking, a walk without end) fails the test instead."""
    def expire(signum, frame):
        raise TimeoutError("the step's view of the workspace hung")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("task", TASKS, ids=[t[:40] for t in TASKS])
def test_no_host_text_or_name_reaches_the_step_and_nothing_hangs(
        hostile: Path, deadline: None, task: str) -> None:
    where = situation(hostile, task, existed=None)
    seen = json.dumps(dataclasses.asdict(where)) + repr(previews(hostile, task))
    assert SECRET not in seen
    # what is behind a link is not a workspace file, however the task names it
    assert not any(f.startswith("photos/") or "Thumbs" in f
                   for f in (*where.files, *where.folders)), where.files
    assert not any(".." in f.split("/") for f in (*where.files, *where.folders))


@pytest.mark.parametrize("code", ["1" + "+1" * 100_000, "-" * 100_000 + "1", "x = 1\n" * 200_000],
                         ids=["chain", "unary", "flat"])
def test_a_named_program_the_parser_cannot_take_does_not_break_the_step(
        tmp_path: Path, deadline: None, code: str) -> None:
    """``may_print`` parses each named program every step: a RecursionError (deep "1+1+…")
    or MemoryError ("- - - 1") went out of ``situation`` and ended the step; a 1.2 MB module
    took ~10 s each time (i10g 00e711d; fixed in ee3370a after the heads-up). Such a program
    counts as one that may print."""
    (tmp_path / "calc.py").write_text(code)
    where = situation(tmp_path, "Run calc.py and write what it prints to out.txt")
    assert "calc.py" not in where.silent
