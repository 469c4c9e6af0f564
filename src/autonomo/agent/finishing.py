"""Honest finishing: ``finish`` is refused while the agent's own record contradicts it.

Checked against what the run itself shows, whatever the strategy or model:

* nothing was done yet (no command succeeded) for a task that names files to work on;
* the finish reason names a file that does not exist (and that the agent did not delete);
* the reason says a file holds a word or a quoted text that the file does not hold;
* the task names a file that does not exist and that no command of the run wrote or deleted;
* a JSON or Python file the run wrote does not parse (or, Python, uses undefined names);
* the task's plain words about its files do not hold: ``keep X``, ``rename X``, ``copy X``
  (see ``finishing_files``).

The objection is returned as the finish command's error result: the model reads why, and the
run goes on; a run that never finishes honestly ends stopped or failed, never finished.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from autonomo.agent.episodes import Episode
from autonomo.agent.finishing_files import broken_file, word_claims
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.errors import AutonomoError
from autonomo.tools.files import read_text
from autonomo.tools.workspace import Workspace

#: commands that change nothing and show nothing: they do not count as work done
_NO_WORK = {"finish", "think", "do_nothing", "ask_user"}
#: "<file> holds X", "<file> contains 'X'"
_CLAIM = re.compile(
    r"(?P<file>[\w./-]+\.[A-Za-z]\w{0,7})\s+(?:now\s+)?(?:holds|contains|has|says|reads)\s+"
    r"(?:the\s+(?:word|text|number|value|line)s?\s+)?(?P<what>'[^']+'|\"[^\"]+\"|[^\s,;.]+)"
    r"(?P<rest>[^,;]*)",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"'([^']{1,200})'|\"([^\"]{1,200})\"")


def _episodes_of_task(state: AgentState) -> list[Episode]:
    current = len(state.tasks) - 1
    return [e for e in state.episodes if e.task_index == current and e.result is not None]


#: commands that only look: they do not do a task that asks for a change
_LOOKING = {"list_folder", "read_file", "search_files", "recall"}
#: words of a task that asks for a change in the workspace
_CHANGING = {"write", "append", "add", "copy", "rename", "delete", "remove", "create", "save",
             "change", "make", "duplicate", "update", "put", "set", "move", "erase", "rid",
             "discard"}
#: words of a task that asks for a file to go away
_REMOVING = {"delete", "remove", "rename", "move", "erase", "rid", "discard"}


def _touched(episodes: list[Episode], name: str) -> bool:
    """Whether a successful command of the task named the file (wrote, deleted or handed it
    to a sub-agent …)."""
    return any(
        (_norm(value) == name and key not in _BODIES) or (key in _DELEGATING and name in value)
        for e in episodes if e.result is not None and e.result.status == "success"
        for key, value in e.action.arguments.items() if isinstance(value, str)
    )


#: arguments that carry text to write, not a file to act on
_BODIES = {"content", "code", "text", "body", "reason"}
#: arguments that hand work to someone else (a sub-agent's task or message)
_DELEGATING = {"task", "message"}


def _norm(path: str) -> str:
    return path.strip().removeprefix("./")


#: commands that make a file go away, and the argument naming it
_REMOVING_COMMANDS = {"delete_file": "path", "rename_file": "source"}


def _deleted(episodes: list[Episode], name: str) -> bool:
    return any(e.action.name in _REMOVING_COMMANDS
               and _norm(str(e.action.arguments.get(_REMOVING_COMMANDS[e.action.name], "")))
               == name and e.result is not None and e.result.status == "success"
               for e in episodes)


def _read(workspace: Workspace, name: str) -> str | None:
    """The file's text through the workspace's descriptor-based reader (a name swapped for a
    symlink by sandboxed code is refused, never followed), or None when it can't be read."""
    try:
        return read_text(workspace, name)[0]
    except (AutonomoError, OSError):
        return None


#: commands whose ``path`` (or ``destination``) argument is a file they wrote
_WRITING = {"write_file": "path", "append_to_file": "path", "copy_file": "destination",
            "rename_file": "destination"}


def finish_objection(state: AgentState, reason: str,
                     commands: Collection[str] = ()) -> str | None:
    """Why finishing now contradicts the agent's record, or None when nothing does.

    ``commands``: the agent's command names; an agent that can only look is not asked for a
    change."""
    episodes = _episodes_of_task(state)
    named = mentioned_files(state.task)
    task_words = set(re.findall(r"[a-z]+", state.task.lower()))
    can_change = not commands or any(c not in _NO_WORK | _LOOKING for c in commands)
    idle = _NO_WORK | (_LOOKING if task_words & _CHANGING and can_change else set())
    if named and not any(e.action.name not in idle and e.result
                         and e.result.status == "success" for e in episodes):
        return ("Refused: nothing has been done for this task yet. Use the commands to do "
                "the task first, then finish.")
    workspace = Path(state.workspace)
    files_ws = Workspace(workspace)
    for name in mentioned_files(reason):
        if not (workspace / name).exists() and not _touched(episodes, name):
            return (f"Refused: your reason names {name}, but {name} does not exist in the "
                    "workspace. Do the task first, then finish.")
    for claim in _CLAIM.finditer(reason):
        text = _read(files_ws, claim.group("file"))
        what = claim.group("what").strip("'\"")
        single = not claim.group("rest").strip() or claim.group("what")[0] in "'\""
        if text is not None and single and what.lower() not in text.lower():
            return (f"Refused: your reason says {claim.group('file')} holds {what!r}, but it "
                    f"does not. Its text is: {text[:200]!r}. Fix the file, then finish.")
    files: list[str] | None = None
    for quoted in _QUOTED.finditer(reason):
        words = quoted.group(1) or quoted.group(2)
        if files is None:
            files = [t for n in mentioned_files(reason) if (t := _read(files_ws, n)) is not None]
        if files and not any(words.lower() in t.lower() for t in files):
            return (f"Refused: no file your reason names holds {words!r}. Fix the file, then "
                    "finish.")
    written = {_norm(str(e.action.arguments.get(_WRITING[e.action.name], "")))
               for e in episodes if e.action.name in _WRITING
               and e.result is not None and e.result.status == "success"}

    def read(name: str) -> str | None:
        return _read(files_ws, name)

    if broken := broken_file(sorted(written), read):
        return broken
    if claim := word_claims(state.task, named, written, lambda n: (workspace / n).exists(),
                            read):
        return claim
    removing = bool(_REMOVING & set(re.findall(r"[a-z]+", state.task.lower())))
    for name in named:
        if (workspace / name).exists():
            continue
        if _deleted(episodes, name) and not removing:
            return (f"Refused: you removed {name}, but the task does not ask for that. "
                    f"Recreate it, then do the task.")
        if not _touched(episodes, name):
            return (f"Refused: the task names {name}, which does not exist, and no command "
                    f"wrote it. Do that first, then finish.")
    return None
