"""Which commands a small model is offered at a step: none whose outcome is already known.

A 135M model picks among the commands of its grammar by their likelihood, not by what the
record says: it finishes before anything is done, repeats the command that just worked,
lists a workspace it was shown, writes the word "output" before running the program. Each
rule here removes a command whose outcome the record already tells; the model then chooses
among the rest.
"""

from __future__ import annotations

import re
from typing import Any

from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import Situation, mentioned_files

#: commands that write a file's text
WRITING = frozenset({"write_file", "append_to_file"})
_LOOKING = frozenset({"read_file", "list_folder"})
#: commands that move or delete a whole file, and the words a task asks for text with
_FILE_MOVING = frozenset({"rename_file", "delete_file"})
_WRITE_WORDS = {"write", "append", "add", "save", "put", "create", "make", "store", "record",
                "set", "change", "fill", "insert", "replace", "edit", "update", "type"}
#: "copy the first line of a.txt into b.txt": a part of a file, not the file
_PART_COPY = re.compile(r"\bcopy\s+(?:the|its|a|one)\s+(?:\w+\s+)?(?:line|word|number|value|"
                        r"name|date|total|sum|count|phrase|sentence|row|column|cell|key)s?\b",
                        re.IGNORECASE)


def not_offered(state: AgentState, where: Situation, names: frozenset[str],
                exclude: frozenset[str], look: dict[str, Any],
                outputs: tuple[tuple[str, str, str], ...],
                evidence: bool = True) -> frozenset[str]:
    """The commands of ``names`` not to offer: ``finish`` while the record would refuse it;
    once it would not, the command that just worked (after a write or a whole-file change,
    any more writing and looking too); writing before a program the task names has run;
    writing in a task that only moves or deletes files; copying a whole file for a part of
    it; appending to a file whose new text is known whole; reading with no file, listing or
    reading what the task message shows in full (one stays when nothing else would be)."""
    from autonomo.agent.finishing import finish_objection  # finishing imports grounding

    offered = names - exclude
    dropped: set[str] = set()
    shown = {".": "\n".join(look["files"]), **{p.name: p.text for p in look["previews"]}} \
        if look else {}
    if "finish" in names and finish_objection(state, "", names, shown=shown,
                                              evidence=evidence) is not None:
        dropped.add("finish")
    elif "finish" in names and state.episodes:
        last = state.episodes[-1]
        if (last.result is not None and last.result.status == "success"
                and last.task_index == len(state.tasks) - 1):
            # a 135M model repeats the command that just worked, in a loop; once the record
            # lets it finish, the next step is finish or something else (after a write or a
            # copy, not a text appended to it: it wrote "x" and then "xx"; nor a look)
            dropped.add(last.action.name)
            if last.action.name in WRITING | {"copy_file", "rename_file"}:
                dropped |= WRITING | _LOOKING
    if "execute_python_file" in offered and where.existed is not None:
        ran = {path for command, path, _ in outputs if command == "execute_python_file"}
        if any(n.endswith(".py") and n in where.existed and n not in ran for n in where.named):
            # a program the task names and asks to run: its output is what is written (a
            # 135M model writes the word "output" first otherwise)
            dropped |= WRITING | {"finish"}
    if not where.files:
        dropped.add("read_file")  # nothing to read: it can only fail
    task_words = set(re.findall(r"[a-z]+", state.task.lower()))
    if offered & _FILE_MOVING and not task_words & _WRITE_WORDS:
        # a task that moves or deletes files and writes no text ("move a.txt into the old
        # folder"): a 135M model wrote a value it saw into a file
        dropped |= WRITING
    if _PART_COPY.search(state.task) and len(mentioned_files(state.task)) > 1:
        dropped.add("copy_file")
    whole_only = {path for path, whole, added in where.composed if whole and not added}
    if whole_only and set(where.values("file")) <= whole_only:
        # the file's new text is known whole ({"a": 2} for {"a": 1}): nothing appended
        # makes it
        dropped.add("append_to_file")
    # the task message lists every file (an empty folder would not show)
    if look and not look["more_files"] and all(
            any(f.startswith(folder + "/") for f in where.files) for folder in where.folders):
        dropped.add("list_folder")
        # the agent knows the text of the files shown in full and of those it wrote
        known = {p.name for p in look["previews"] if not p.cut}
        known |= set(where.files) - set(look["existed"])
        if where.files and set(where.files) <= known:
            dropped.add("read_file")
    if not offered - dropped:
        dropped -= _LOOKING
    return frozenset(dropped if offered - dropped else ())
