"""The step after the finish check objects: only the commands that act on what it names.

The finish check's objection names the files it is about ("herbs.txt was never used", "no
command ran split_bill.py", "the task names out.txt, which does not exist"). A 135M model
that may not finish lists the folder and repeats itself until the run ends (holdout3: 13 of
32 failed runs ended "kept repeating"). Here the next step is narrowed to what acts on
those files in a way the record has not: run a program that was not run, read an input not
seen whole yet (observing comes first), then write a file to write, edit, move or delete a
named file. Only file names are taken from the objection, never its wording; with none,
or nothing left to do on them, the step is what it was.
"""

from __future__ import annotations

from dataclasses import replace

from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import Situation, mentioned_files

#: commands that write a file's text
_WRITING = frozenset({"write_file", "append_to_file"})
#: commands that change nothing
_LOOKS = frozenset({"read_file", "list_folder", "finish"})
#: commands that act on a whole named file (the task's own words offer them, see ``unneeded``)
_WHOLE = frozenset({"rename_file", "delete_file", "copy_file"})


def focused(where: Situation, state: AgentState, objection: str | None) -> Situation:
    """``where`` with the files ``objection`` names that the workspace has or the task
    asks for in focus (path parameters that may name them name only them), once a command
    of the current task has worked (before, the objection is about the whole task)."""
    if not objection or not worked(state):
        return where
    known = {*where.files, *where.named, *where.matching}
    focus = tuple(n for n in mentioned_files(objection) if n in known)
    return replace(where, focus=focus) if focus else where


def failed_args(where: Situation, state: AgentState) -> Situation:
    """``where`` with the argument lists the current task's failed program runs were given
    (no grounded list offers them again), and, once a run printed something, without the
    values a run was given among the texts to write: they are its input, not its answer (a
    135M model ran convert.py with 30 and wrote 30)."""
    runs = [e for e in state.episodes
            if e.task_index == len(state.tasks) - 1 and e.action.name == "execute_python_file"
            and e.result is not None]
    failed = tuple(dict.fromkeys(
        tuple(str(a) for a in (e.action.arguments.get("args") or ()))
        for e in runs if e.result is not None and e.result.status == "error"))
    given = {str(a) for e in runs if e.result is not None and e.result.status == "success"
             for a in (e.action.arguments.get("args") or ())}
    texts = tuple(t for t in where.texts if t not in given) if where.printed else ()
    if texts and texts != where.texts:
        where = replace(where, texts=texts)
    return replace(where, failed_args=failed) if failed else where


def _current(state: AgentState) -> list:
    """The current task's successful steps, in order."""
    return [e for e in state.episodes if e.task_index == len(state.tasks) - 1
            and e.result is not None and e.result.status == "success"]


def unwritten(where: Situation, state: AgentState) -> Situation:
    """``where`` without the texts the current task already wrote to its one file to write,
    while others are left (``tried``: all of them), and with the files a command read whole
    since the last change (``read``): writing or reading one again tells nothing new (a 135M
    model whose finish was refused listed the folder and read files until the run ended
    "kept repeating"; now its next try is another text)."""
    where = replace(where, read=tuple(sorted(known_looks(state)[1])))
    targets = where.values("file")
    if len(targets) != 1:
        return where
    done = {str(e.action.arguments.get("content") or "") for e in _current(state)
            if e.action.name in _WRITING and e.action.arguments.get("path") == targets[0]}
    tried = tuple(t for t in where.texts if t in done)
    texts = tuple(t for t in where.texts if t not in done) or where.texts
    return replace(where, texts=texts, tried=tried) if tried else where


def known_looks(state: AgentState, shown: frozenset[str] = frozenset()) -> tuple[bool, set[str]]:
    """Whether the workspace was listed since the current task last changed it, and the
    files whose whole text was read since (``shown``: those the task message showed whole,
    while nothing changed yet): looking again tells the same."""
    listed, read = False, set(shown)
    for e in _current(state):
        if e.action.name == "list_folder":
            listed = True
        elif e.action.name == "read_file" and e.action.arguments.get("start_line") in (None, 1):
            read.add(str(e.action.arguments.get("path") or ""))
        elif e.action.name not in _LOOKS:
            listed, read = False, set()
    return listed, read


def worked(state: AgentState, besides: frozenset[str] = frozenset()) -> bool:
    """Whether a command of the current task worked (finish and ``besides`` aside)."""
    return any(e.task_index == len(state.tasks) - 1 and e.result is not None
               and e.result.status == "success" and e.action.name != "finish"
               and e.action.name not in besides for e in state.episodes)


def removed(state: AgentState) -> set[str]:
    """The files the current task's successful steps deleted or moved away."""
    return {str(e.action.arguments.get(key) or "") for e in state.episodes
            if e.task_index == len(state.tasks) - 1 and e.result is not None
            and e.result.status == "success"
            for key in {"delete_file": ("path",), "rename_file": ("source",)}.get(
                e.action.name, ())}


def repairing(where: Situation, outputs: tuple[tuple[str, str, str], ...],
              allowed: frozenset[str], shown: frozenset[str] = frozenset(),
              gone: set[str] | frozenset[str] = frozenset()) -> frozenset[str]:
    """The commands of ``allowed`` (those the other rules leave) that act on a file in
    focus in a way the record has not (``outputs``: (command, path, output) of the task's
    successful looks and runs; ``shown``: files whose whole text the task message showed;
    ``gone``: files the run deleted or moved, never written again here: that undoes a step):
    running or reading first, when something there is still unseen (reading only when the
    step may write); empty when nothing does. (A file shown whole is not read again: it
    would tell nothing new, and only make the record look used.)"""
    if not where.focus:
        return frozenset()
    read = {path for command, path, _ in outputs if command == "read_file"} | shown
    ran = {path for command, path, _ in outputs if command == "execute_python_file"}
    # inputs: the files there when the task started (not one the agent wrote itself)
    inputs = set(where.files if where.existed is None else where.existed) & set(where.files)
    observe: set[str] = set()
    act: set[str] = set()
    for name in where.focus:
        if name in inputs and name.endswith(".py"):
            if name not in ran:
                observe.add("execute_python_file")
        elif name in inputs and name not in read and allowed & _WRITING:
            observe.add("read_file")
        if name in where.values("file") and name not in gone:  # a file to make: written,
            act |= _WRITING | {"copy_file", "rename_file"}  # copied or moved there
        if any(edited == name for edited, _ in where.edits):
            act.add("replace_text")
        if name in where.values("removed_file") or name in where.values("named_file"):
            act |= _WHOLE
    return frozenset(observe & allowed) or frozenset(act & allowed)
