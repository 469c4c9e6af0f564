"""FINISHED only when verified: positive verifiers of a finish (small-model mode).

The finish check (``finishing``) refuses a finish the run's record contradicts. In the
small-model mode (``finish_evidence``) a finish it does not refuse is then judged here: it is
FINISHED only when a verifier recognises both the task's operation and its result, checked
against an independent derivation from the task and the workspace as it was at the task's
start (``verifying_snapshot``), never against what the agent proposed. Otherwise the run ends
"unverified" (no further steps), with what could not be confirmed.

Verifiers (each conservative: any doubt is "not verified"):

* ``verifying_files``: a deletion of exactly the designated files; a byte-identical copy of
  the named file where the task puts it; a move or rename of it there;
* ``verifying_values``: a write of the value the task states; an append of it as a new line;
* ``verifying_edits``: an edit "X → Y" in a named file, everything else identical;
* ``verifying_created``: a new CSV or JSON file holding exactly the rows, items or pairs
  the task states (compared parsed);
* ``verifying_derived``: a value derived from a named source (a keyed value, a count, a
  line, a list, a program's printed output: the program run again in the sandbox on the
  start workspace, ``verifying_rerun``) written into the answer file.

Every verifier also requires that nothing else in the workspace changed; before any of them,
a file of the start that was deleted or changed though the task does not designate it (by
name, by its kind, or by its folder: ``verifying_task.undesignated``) is never verified, and
the verdict says which (do no harm).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from autonomo.agent import verifying_snapshot as snapshots
from autonomo.agent.episodes import Episode
from autonomo.agent.finishing_record import norm, printed
from autonomo.agent.task_text import MAX_TASK, MAX_TOKEN, is_cut
from autonomo.agent.verifying_created import creating
from autonomo.agent.verifying_derived import deriving
from autonomo.agent.verifying_edits import editing
from autonomo.agent.verifying_files import copying, deletion, moving
from autonomo.agent.verifying_programs import Run
from autonomo.agent.verifying_rerun import Rerun, rerunner
from autonomo.agent.verifying_snapshot import Changes, Snapshot, changes
from autonomo.agent.verifying_task import undesignated
from autonomo.agent.verifying_twostep import copying_a_value
from autonomo.agent.verifying_values import appending, writing
from autonomo.agent.verifying_verdict import Verdict
from autonomo.tools import fstree

if TYPE_CHECKING:
    from autonomo.agent.agent import Agent

__all__ = ["Run", "Verdict", "agent_unverified", "agent_verdict", "record_start", "runs_of",
           "verify"]

_Verifier = Callable[[str, Snapshot, Snapshot, Changes], "Verdict | None"]
_VERIFIERS: list[_Verifier] = [
    lambda task, start, now, ch: deletion(task, start, ch, now),
    copying, moving, writing, appending, editing, creating, copying_a_value,
]


def runs_of(episodes: list[Episode], task_index: int) -> list[Run]:
    """The programs the task's steps ran, with their arguments and what they printed (as the
    sandbox reported it)."""
    return [Run(norm(str(e.action.arguments.get("path", ""))),
                tuple(str(a) for a in e.action.arguments.get("args") or ()),
                printed(e.result.output))
            for e in episodes if e.task_index == task_index and e.result is not None
            and e.result.status == "success" and e.action.name == "execute_python_file"]


def verify(task: str, start: Snapshot | None, now: Snapshot,
           runs: list[Run] | tuple[Run, ...] = (), rerun: Rerun | None = None) -> Verdict:
    """Whether the workspace ``now`` shows ``task`` done, judged against ``start`` (``runs``:
    the programs the task's steps ran; ``rerun``: runs a program of the start again, in the
    sandbox — without it, what a program prints is taken from ``runs``)."""
    if start is None:
        return Verdict.no("", "no record of the workspace at the task's start")
    if is_cut(task):  # a long token read as "…" may be what tells the right result apart
        return Verdict.no("", f"the task has a word longer than {MAX_TOKEN} characters, or "
                              f"is longer than {MAX_TASK}: it is not read whole")
    if not start.complete or not now.complete:
        return Verdict.no("", f"the workspace is too big to compare: {start.why or now.why}")
    found = changes(start, now)
    if not found.touched:
        return Verdict.no("", "nothing in the workspace changed")
    if harm := undesignated(task, start, found):
        return Verdict.no("", harm)
    try:
        verdicts = [v for check in _VERIFIERS
                    if (v := check(task, start, now, found)) is not None]
        if (derived := deriving(task, start, now, found, runs, rerun)) is not None:
            verdicts.append(derived)
    except RecursionError:  # a JSON/TOML/YAML file nested deeper than the parsers' stack:
        # it ended the run (``json.loads`` raised out of the finish)
        return Verdict.no("", "a file the task names is nested too deeply to read")
    except Exception as error:  # (a verifier's failure is never "verified", and
        # must not end the step: an OSError of the rerun's copy, a sandbox that fails)
        return Verdict.no("", f"the verifiers failed ({type(error).__name__})")
    if good := next((v for v in verdicts if v.verified), None):
        return good
    if verdicts:  # the most telling: a derivation's, unless it found nothing to derive
        derivation = next((v for v in verdicts if v.operation == "derive"
                           and "could not be derived" not in v.why), None)
        return derivation or verdicts[0]
    return Verdict.no("", "no verifier recognises this task's operation and result "
                          f"({_summary(found)})")


def _summary(found: Changes) -> str:
    parts = [f"{what} {', '.join(sorted(paths)[:3])}{' …' if len(paths) > 3 else ''}"
             for what, paths in (("removed", found.removed), ("added", found.added),
                                 ("changed", found.changed)) if paths]
    return "; ".join(parts)


def _start_path(agent: Agent) -> Path:
    folder = agent.store.intents.path(agent.state.id).parent
    return snapshots.path_for(folder, len(agent.state.tasks) - 1)


def record_start(agent: Agent) -> None:
    """Keep the workspace as it is now as the current task's start, once, before the task's
    first step (small-model mode only: nothing is verified otherwise)."""
    state = agent.state
    if not getattr(agent.strategy, "finish_evidence", False) or not state.tasks:
        return
    current = len(state.tasks) - 1
    if any(e.task_index == current for e in state.episodes):
        return
    path = _start_path(agent)
    if not path.exists():
        # a start that cannot be kept (a full disk) only means nothing can be verified
        with contextlib.suppress(OSError):
            snapshots.save(snapshots.take(state.workspace), path)


def agent_verdict(agent: Agent) -> Verdict | None:
    """The verdict on finishing ``agent``'s current task now, or None when its finishes
    are not judged by verifiers (not the small-model mode)."""
    if not getattr(agent.strategy, "finish_evidence", False):
        return None
    start = snapshots.load(_start_path(agent))
    runs = runs_of(agent.state.episodes, len(agent.state.tasks) - 1)
    task = agent.state.tasks[-1] if agent.state.tasks else ""  # whole: ``verify`` bounds it
    rerun = rerunner(start, agent.settings.sandbox, agent.plugins) if start else None
    return verify(task, start, snapshots.take(agent.state.workspace), runs, rerun)


def agent_unverified(agent: Agent) -> str | None:
    """What could not be confirmed of ``agent``'s finish now (``agent_verdict``), or None
    when it is verified or not judged by verifiers."""
    verdict = agent_verdict(agent)
    # a file name in the text is shown with its control characters escaped (it goes to the
    # terminal, the server and the record)
    return None if verdict is None or verdict.verified else fstree.shown(verdict.why)
