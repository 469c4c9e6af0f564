"""Which commands a small model is offered at a step: none whose outcome is already known.

A 135M model picks among the commands of its grammar by their likelihood, not by what the
record says: it finishes before anything is done, repeats the command that just worked,
lists a workspace it was shown, writes the word "output" before running the program. Each
rule here removes a command whose outcome the record already tells; the model then chooses
among the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from autonomo.agent.finishing_record import NUMBER_WORDS
from autonomo.agent.finishing_targets import roles
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import line_removals, printing, spans
from autonomo.agent.strategies.folders import called_for
from autonomo.agent.strategies.grounding import CLOSED_KINDS, Situation, silent_programs
from autonomo.agent.strategies.names import (
    KIND_NAMED,
    NAMING,
    longer_stem,
    mentioned_files,
    named_folders,
    new_names,
    place_words,
    related_names,
    said,
    stem,
    task_files,
    version_of,
)
from autonomo.agent.strategies.naming import WRITE_WORDS, asks_new_name, task_words
from autonomo.agent.strategies.narrowing import argument_lists, contentless
from autonomo.agent.strategies.repair import known_looks, removed, repairing, worked
from autonomo.agent.strategies.schema import restoring
from autonomo.agent.task_text import CLEARING_RE, REPLACING_WHOLE
from autonomo.errors import AutonomoError
from autonomo.tools.files import read_text
from autonomo.tools.grounding import GROUNDED_KEY, TEXT_KINDS
from autonomo.tools.registry import CommandRegistry
from autonomo.tools.workspace import Workspace

#: commands that write a file's text
WRITING = frozenset({"write_file", "append_to_file"})
_LOOKING = frozenset({"read_file", "list_folder"})
#: commands that move or delete a whole file, and the words a task asks for text with
_FILE_MOVING = frozenset({"rename_file", "delete_file"})
#: words of a task that adds to what a file holds ("add it at the end", "a new entry at
#: the bottom"; append tasks of all four seen sets)
_ADDING = ("add", "append", "end", "bottom")
#: a place after a file's lines ("on a new line after the last line", "below the others",
#: "as its own line", "tack it on"): the text is added, the lines kept
_AFTER_LINES = re.compile(
    r"\b(?:after|below|under|underneath|beneath|following)\s+(?:the\s+|its\s+|all\s+)?"
    r"(?:last|final|existing|other|current|rest|lines?|entries|items|others)\b"
    r"|\b(?:on|as)\s+(?:a|an|its|their)\s+(?:own|new|separate|extra|fresh)\s+(?:last\s+)?"
    r"(?:line|entry|row|item)\b|\b(?:tack|tacked|tacking)\b"
    r"|\bto\s+the\s+(?:end|bottom|foot|tail)\b", re.IGNORECASE)
#: "copy the first line of a.txt into b.txt": a part of a file, not the file
_PART_COPY = re.compile(r"\bcopy\s+(?:only\s+|just\s+)?(?:the|its|a|one|those|these)\s+(?:\w+\s+)?"
                        r"(?:line|word|number|value|"
                        r"name|date|total|sum|count|phrase|sentence|row|column|cell|key)s?\b",
                        re.IGNORECASE)


#: "copy just the address into b.txt": a copy whose object is a thing, not a file
_COPY_OBJECT = re.compile(r"\bcop(?:y|ies|ied|ying)\s+((?:[\w'’-]+\s+){1,6}?)(?:into|to|onto)\s+"
                          r"['\"`]?[\w./-]*\w\.\w", re.IGNORECASE)
#: words of such an object that leave it the whole file ("copy it over to b.txt")
_WHOLE_FILE = frozenset({"the", "a", "an", "just", "only", "exactly", "whole", "entire", "same",
                         "over", "it", "them", "this", "that", "file", "files", "everything",
                         "please", "across", "back"})


def _copies_a_part(task: str) -> bool:
    """Whether the task's copy takes a thing named by words, not a file, to a file ("copy
    just the address into c.txt": a 135M model copied the whole file there)."""
    return any(set(m.group(1).lower().split()) - _WHOLE_FILE for m in _COPY_OBJECT.finditer(task))


#: a copy said as a backup: "back it up as x.orig", "back up a.md", "make a backup of b.md"
_BACKUP = re.compile(r"\bback(?:s|ed|ing)?\s+(?:[\w.'/-]+\s+){0,3}?up\b(?!\s+to\s+(?:date|"
                     r"speed)\b)|\b(?:a|an)\s+(?:\w+\s+)?back-?up\b", re.IGNORECASE)
#: a new file said to hold what another holds, or a source said to stay
_SAME_AS = re.compile(r"\b(?:same|identical)\s+(?:(?:text|content|contents|lines|data)\s+)?"
                      r"(?:as|to)\b|\bholding\s+exactly\s+what\b|\b(?:the\s+)?original\s+"
                      r"(?:stays|remains|is\s+kept|too)\b|\bkeep(?:ing)?\s+the\s+original\b",
                      re.IGNORECASE)


#: endings of a verb's forms ("copied", "renaming", "removes")
_ENDINGS = ("", "s", "es", "d", "ed", "ing", "ied")


#: words of a fix of a file's own text (an edit, never a whole write)
_FIXING = frozenset({"fix", "correct", "typo", "typos", "misspelling", "misspelled",
                     "misspelt", "misspells", "spelling", "spelled", "spelt", "spells", "tick",
                     "untick", "uncheck", "uncomment", "wrong"})


#: a removal whose object is a piece of text, not a file
_TEXT_REMOVED = re.compile(
    r"\b(?:remov|delet|drop|strip|eras|get\s+rid\s+of|take\s+out)\w*\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:['\"`\u2018\u201c]|#|//|;|(?:the\s+)?(?:leading|trailing|comment|hash|word|words|"
    r"spaces?|characters?|marker|prefix|suffix)\b)", re.IGNORECASE)


#: a file named right after a removal's object is what is removed ("the text file a.txt"),
#: not one named as where ("the '#' from a.txt")
_FILE_NEXT = re.compile(r"[^.;\n]{0,24}?(?<!from )(?<!in )(?<!of )(?<!inside )"
                        r"\b[\w./-]+\.\w{1,5}\b")


#: all the files of a folder the task removes: "both", "all/every file", "the two files"
_ALL_OF = re.compile(r"\b(?:both|everything|(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?:files?|"
                     r"of\s+them)|(?:the\s+)?(?P<n>two|three|four|five|\d)\s+files)\b", re.I)


def says(words: set[str], verb: str) -> bool:
    """Whether ``words`` hold a form of ``verb`` ("copied" for copy, "moving" for move)."""
    roots = {verb, verb + verb[-1], verb.removesuffix("e"),
             verb[:-1] if verb.endswith("y") else verb}
    return any(w.startswith(r) and w[len(r):] in _ENDINGS for w in words for r in roots)


def unneeded(task: str, needed: dict[str, list[str]], workspace: str | None = None,
             named: tuple[str, ...] | None = None) -> frozenset[str]:
    """Commands a small model is not offered for ``task``: those whose words (``needed``,
    any form of them) it does not say; a program it names that the workspace holds may be
    run whatever it says ("What does tip.py print?"), unless the task moves, copies or
    deletes files (a 135M model ran the program it was to move)."""
    words = task_words(task)
    # (a verb the task denies opens nothing: "move it, don't copy" asks no copy)
    asked = said(task)
    out = {name for name, verbs in needed.items() if not any(says(asked, v) for v in verbs)}
    if "replace_text" in out and line_removals.selectors(task):
        out.discard("replace_text")  # ("drop the line that says X": an edit of the file)
    if _BACKUP.search(task) or _SAME_AS.search(task):
        # "back it up as a.conf.orig", "a new file with the same text as a.md", "a.md ->
        # b.md, the original stays": a copy, the original kept (a 135M model appended a line
        # to the new name; another renamed the source away); no move unless one is said
        out.discard("copy_file")
        if not any(says(asked, v) for v in ("rename", "move")):
            out.add("rename_file")
    # the task's files, read against the workspace once for every rule below (``named``:
    # as the step's situation read them, ``Situation.said_files``)
    if named is None:
        named = task_files(task, workspace) if workspace else ()
    if ({"rename_file", "copy_file"} <= out and workspace and any(says(words, w) for w in NAMING)
            and not words & WRITE_WORDS - {"change"} and _renaming(task, workspace, named)):
        # "call it b.txt", "change the name of a.txt": a new name for a file it names (not
        # "write the name in a.txt to b.txt"); a longer name of it ("a spare called
        # a_spare.pdf") may be a copy as well: the model's likelihood chooses
        out -= {"rename_file", "copy_file"} if _renaming(task, workspace, named, longer_stem) \
            else {"rename_file"}
    elif {"rename_file", "copy_file"} <= out and workspace and asks_new_name(task) and _renaming(
            task, workspace, _in_named_folders(task, Workspace(workspace), named)):
        # a new name asked of a file named apart from its folder ("in a/ there's b.txt -
        # fix the spelling of its name"; no text asked)
        out.discard("rename_file")
    elif ({"rename_file", "copy_file"} <= out and workspace
          and not words & WRITE_WORDS - {"change"}
          and _renaming(task, workspace, named, version_of)):
        # neither a copy nor a move said, no text to write, and a new name that is a
        # version of a file it names (".env.example -> .env", "a.json" and "a_laptop.json"):
        # the model's likelihood chooses between copying and moving it
        out -= {"rename_file", "copy_file"}
    if ({"delete_file", "rename_file"} <= out and workspace
            and _removing(task, workspace, named)
            and not _renaming(task, workspace, named)
            and not _into_folder(task, Workspace(workspace), named)):
        # (no move said, no new name nor place given: a removal is a deletion)
        out.discard("delete_file")
    if ("rename_file" in out and workspace and "copy_file" in out
            and _into_folder(task, Workspace(workspace), named)):
        # "q3.txt should live in archive/ now": a file of the workspace and a folder of it
        # the task names, neither a copy nor a move said (not the word, the workspace
        # decides; the model's likelihood chooses between the two, and a move is not
        # offered for a file the task keeps: ``removed_file``)
        out -= {"rename_file", "copy_file"}
    elif ({"copy_file", "rename_file"} <= out and workspace and not words & WRITE_WORDS
          and _into_other_folder(task, Workspace(workspace), named)):
        # "back up a/b/c.json into a/b/old/": a file in a folder and another folder, both
        # there, that the task names; no verb said: a copy, which loses nothing (a move
        # would take away a file the task does not designate for removal)
        out.discard("copy_file")
    if "delete_file" in out and workspace and KIND_NAMED.search(task) and CLEARING_RE.search(task):
        # files of a kind cleared without a removal verb ("clean crawler/ of its .log
        # files", "the .pyc files can go"): the kind's files are the objects
        out.discard("delete_file")
    if "delete_folder" in out and workspace and "delete_folder" in called_for(task, workspace):
        # (the folder's reading, not the verb's word: "thumbs/ can go, folder included")
        out.discard("delete_folder")
    if "execute_python_file" in out and workspace and (
            _FILE_MOVING | {"copy_file"}) & set(needed) <= out:
        ws = Workspace(workspace)
        programs = [n for n in named if n.endswith(".py") and ws.exists(n)]
        if set(programs) - set(silent_programs(workspace, programs)):
            # (one whose code prints: a program that shows nothing is read, not run)
            out.discard("execute_python_file")
    return frozenset(out)


def ungrounded(commands: CommandRegistry, where: Situation) -> frozenset[str]:
    """The commands with a required path parameter (``CLOSED_KINDS``: a file to write,
    read or run, to delete, move or copy, a destination that must be new) that ``where``
    allows no value for: the grammar could only offer a free path or a file the task does
    not designate (a 135M model deleted a photo for "remove the Thumbs.db in photos/", and
    wrote ``/path/to/file.json`` for a new file it was given no name of)."""
    out = set()
    for command in commands:
        schema = command.parameters_schema()
        props = schema.get("properties", {})
        kinds = {props[p].get(GROUNDED_KEY) for p in schema.get("required", ())
                 if isinstance(props.get(p), dict)}
        if any(not where.values(kind) for kind in kinds & set(CLOSED_KINDS)) and not (
                where.restores and restoring(schema)):  # (a copy over a damaged twin)
            out.add(command.name)
        elif kinds & set(TEXT_KINDS) and contentless(schema, where):
            out.add(command.name)  # (nor a text to write where none is found: never free)
    return frozenset(out)


def moves_left(state: AgentState, where: Situation) -> tuple[str, ...]:
    """The files the current task copied whole to a new path where the copy still stands
    unchanged and that the task's words make go away (``where.objects``: a move, a rename):
    deleting one completes the move it was to make, and loses nothing (a 135M model copied
    the file into the folder it was to move it to, then read files until the step limit:
    the move's destination was taken, no command was left that could finish the job)."""
    if not state.workspace:
        return ()
    ws, out = Workspace(state.workspace), []
    for e in state.episodes:
        if (e.task_index != len(state.tasks) - 1 or e.action.name != "copy_file"
                or e.result is None or e.result.status != "success"):
            continue
        source = str(e.action.arguments.get("source") or "")
        copy = str(e.action.arguments.get("destination") or "")
        if source in where.objects and source in where.files and source != copy and \
                _same_text(ws, source, copy):
            out.append(source)
    return tuple(dict.fromkeys(out))


def _same_text(ws: Workspace, a: str, b: str) -> bool:
    """Whether the workspace's files ``a`` and ``b`` both hold the same whole text."""
    try:
        (text_a, _, cut_a), (text_b, _, cut_b) = read_text(ws, a), read_text(ws, b)
    except (AutonomoError, OSError):
        return False
    return cut_a is None and cut_b is None and text_a == text_b


def objection_now(state: AgentState, names: frozenset[str], look: dict[str, Any],
                  evidence: bool = True) -> str | None:
    """Why the finish check would refuse a finish now (None: it would not, or there is no
    ``finish`` to offer)."""
    from autonomo.agent.finishing import finish_objection  # finishing imports grounding

    if "finish" not in names:
        return None
    shown = {".": "\n".join(look["files"]), **{p.name: p.text for p in look["previews"]}} \
        if look else {}
    return finish_objection(state, "", names, shown=shown, evidence=evidence)


def _removing(task: str, workspace: str, named: tuple[str, ...]) -> bool:
    """Whether the finish check's reading of the task's removal (``finishing_targets.roles``:
    "throw away a.log", "trash b.md") acts on a file of the workspace: the same reading
    that grants the mandate to delete offers the command, whatever the verb."""
    ws = Workspace(workspace)
    return any(ws.exists(n) for n in roles(task, named).objects)


def _in_named_folders(task: str, ws: Workspace, named: tuple[str, ...]) -> tuple[str, ...]:
    """``named`` with a bare name the workspace does not have read as the one file of that
    name in the folders the task names by a trailing slash ("in a/ there's b.txt")."""
    folders = named_folders(task, ())
    out = []
    for name in named:
        there = [p for f in folders if "/" not in name and not ws.exists(name)
                 and ws.exists(p := f"{f}/{name}")]
        out.append(there[0] if len(there) == 1 else name)
    return tuple(out)


def _into_folder(task: str, ws: Workspace, named: tuple[str, ...]) -> bool:
    """Whether ``task`` names a file at the top of the workspace and, by its name, a folder
    of the workspace that file could go into."""
    if not any(ws.exists(n) and "/" not in n for n in named):
        return False
    return any(ws.kind(w) == "a folder" for w in place_words(task))


def _into_other_folder(task: str, ws: Workspace, named: tuple[str, ...]) -> bool:
    """Whether ``task`` names a file of a folder and, by a trailing slash, another folder
    of the workspace that holds no file of that name."""
    folders = [f for f in named_folders(task, ()) if ws.kind(f) == "a folder"]
    return any(ws.exists(n) and "/" in n and n.rpartition("/")[0] != f
               and not ws.exists(f"{f}/{n.rpartition('/')[2]}") for n in named for f in folders)


def _renaming(task: str, workspace: str, named: tuple[str, ...],
              related: Callable[[str, str], bool] = related_names) -> bool:
    """Whether ``task`` names (``named``: its files) a file of the workspace and a new
    name ``related`` to it (the same ending or stem, ``related_names``)."""
    ws = Workspace(workspace)
    there = [n for n in named if ws.exists(n)]
    new = [n for n in (*named, *new_names(task, named, there)) if not ws.exists(n)]
    return any(related(old, name) for old in there for name in new)


def not_offered(state: AgentState, where: Situation, names: frozenset[str],
                exclude: frozenset[str], look: dict[str, Any],
                outputs: tuple[tuple[str, str, str], ...],
                objection: str | None = None) -> frozenset[str]:
    """The commands of ``names`` not to offer: ``finish`` while the record would refuse it
    (``objection``: why); once it would not, the command that just worked (after a write or
    a whole-file change, any more writing and looking too); writing before a program the
    task names has run; writing in a task that only moves or deletes files; copying a whole
    file for a part of it; appending to a file whose new text is known whole; reading with
    no file, listing or reading what the task message shows in full (one stays when nothing
    else would be); and while the check objects about files (``where.focus``), whatever
    does not act on them (``repair``)."""
    offered = names - exclude
    dropped: set[str] = set()
    gone = removed(state)  # (a file moved away: the word gate may no longer offer the move)
    if "finish" in names and (objection is not None or (
            not worked(state, _LOOKING) and offered - {"finish"} - _LOOKING)):
        # (nothing but looks worked yet, and something could be done: a 135M model
        # finished first on a task that names no file, which the check has nothing against)
        dropped.add("finish")
    elif "finish" in names and state.episodes:
        last = state.episodes[-1]
        if (last.result is not None and last.result.status == "success"
                and last.task_index == len(state.tasks) - 1):
            # a 135M model repeats the command that just worked, in a loop; once the record
            # lets it finish, the next step is finish or something else (after a write or a
            # copy, not a text appended to it: it wrote "x" and then "xx"; nor a look)
            dropped.add(last.action.name)
            # (or a deletion, an edit: a 135M model read the folder's other files after
            # deleting the last of a kind, and the file it had just fixed, to the step limit)
            if last.action.name in WRITING | {"copy_file", "rename_file", "delete_file",
                                              "delete_folder", "replace_text"}:
                dropped |= WRITING | _LOOKING
    # (program, arguments) run since the last change: for the two rules on runs below
    ran_since = _ran_since_change(state) if "execute_python_file" in offered else set()
    if "execute_python_file" in offered and where.existed is not None:
        # (a program run since the last change with every argument list it may be given,
        # failed runs too, counts: running it again shows the same, ``_runs_known``; what
        # the task asks is then in the program's text. One argument list left: run it)
        lists = argument_lists(where)
        ran = {path for command, path, _ in outputs if command == "execute_python_file"} | {
            path for path, _ in ran_since
            if all((path, tuple(args)) in ran_since for args in lists)}
        if any(n.endswith(".py") and n in where.existed and n not in ran
               and n not in where.silent for n in where.named):
            # a program the task names and asks to run: its output is what is written (a
            # 135M model writes the word "output" first otherwise)
            dropped |= WRITING | {"finish"}
    if "execute_python_file" in offered and _runs_known(ran_since, where):
        # every program there, with every argument list it may be given, was run since
        # the workspace last changed: another run shows the same (a 135M model ran a
        # module it had broken three times with the same argument)
        dropped.add("execute_python_file")
    if look and where.existed is not None and _unseen_inputs(where, look, outputs):
        # a file the task names whose whole text the agent has not seen yet (shown cut or
        # not shown): read before anything is written from it
        dropped |= WRITING
    appended = _changed_files(state, {"append_to_file"}) & set(where.existed or ())
    if appended and set(where.values("file")) <= appended:
        # lines were added to the files that were there: writing them whole now would
        # lose their old lines (a 135M model appended, then wrote over the file)
        dropped.add("write_file")
    if set(where.values("file")) <= _changed_files(state, {"write_file", "append_to_file"}):
        # every file to write was written whole, or added to: appending to it again only
        # repeats or stacks lines (a 135M model appended the value it had written once its
        # finish was refused; then four values in a row, once another try was offered)
        dropped.add("append_to_file")
    if set(where.values("new_file")) <= set(where.values("named_file")) and not where.restores:
        # no place to move or copy a file to but where the files are ("I moved! In bio.txt,
        # change …": a 135M model renamed bio.txt to bio.txt)
        dropped |= {"rename_file", "copy_file"}
    paths = where.values("file")
    if where.existed is not None and paths and all(
            p in where.existed and p not in {*where.named, *where.matching} for p in paths):
        # a file that was there and that the task does not designate is never written
        # over (by construction: lines may still be added to it)
        dropped.add("write_file")
    if where.existed is not None and paths and all(
            p in where.existed and spans.needs_free_text(p) and not where.composed_for(p, "text")
            and not where.printed for p in paths):
        # nor is a code or data file that was there written over with free text, when no
        # whole new text of it was composed (a 135M model wrote "Lina,B1" over a CSV of
        # five rows; an edit of it is offered when one is found)
        dropped.add("write_file")
    if where.existed is not None and paths and all(p in where.existed for p in paths) \
            and task_words(state.task) & _FIXING \
            and not task_words(state.task) & WRITE_WORDS - {"change", "replace", "edit", "update"}:
        # a fix of a text that is there is an edit of it, never the file written over nor a
        # line added (a 135M model wrote the misspelt word over memo.txt)
        dropped |= {"write_file", "append_to_file"}
    if not where.files:
        dropped.add("read_file")  # nothing to read: it can only fail
    if not where.values("python_file"):
        dropped.add("execute_python_file")  # no program to run
    if ((removal := _TEXT_REMOVED.search(state.task)) and not _FILE_NEXT.match(
            state.task, removal.end())) or line_removals.taken_from(
            state.task, where.said_files, where.values("removed_file")):
        # a removal of a piece of text ("removing the leading '# '", "strip the # from it",
        # "in a.txt, delete the line with X") is the edit found, never a file deleted (a
        # 135M model deleted crontab.txt)
        dropped |= {"delete_file", "delete_folder"}
    if not where.edits:
        dropped.add("replace_text")  # no piece of a named file the task may want replaced
    elif "replace_text" in offered and not _changed(state):
        # the task asks to change a file it names and a piece to change is there: an edit
        # before anything else is written, and before a finish
        dropped |= WRITING | {"finish"}
    if _changed(state, {"replace_text"}) and where.existed is not None and all(
            n in where.existed for n in where.named):
        dropped |= WRITING  # an edit of files that were there: no new file to write
    removable = set(where.values("removed_file"))
    going = {*where.copied, *(n for n in where.named if n in where.files and any(
        m != n and m.rsplit("/", 1)[-1] == n.rsplit("/", 1)[-1] for m in where.moved))}
    if "delete_file" in offered and removable and removable <= going and not (
            removable & _changed_files(state, set(), sources=True)):
        # the files it could delete are what the task copies or moves elsewhere, and no
        # copy of them is made yet ("copy tmp/a.txt to a.txt, then remove tmp/"): deleting
        # one first loses it
        dropped.add("delete_file")
    words = task_words(state.task)
    if (offered & _FILE_MOVING or gone or ("copy_file" in offered and _another_name(where))) \
            and not words & WRITE_WORDS:
        # a task that moves, copies or deletes files and writes no text ("move a.txt into
        # the old folder"): a 135M model wrote a value it saw into a file
        dropped |= WRITING
    if (_PART_COPY.search(state.task) or _copies_a_part(state.task)) \
            and len(mentioned_files(state.task)) > 1:
        dropped.add("copy_file")
    elif "copy_file" in offered and not _changed(state, {"copy_file"}) and _whole_copy(where):
        dropped |= WRITING  # a copy is made by copying (a 135M model wrote the name)
    left = [f for f in where.values("removed_file") if f in where.files]
    inside = set(where.marks.inside) if where.marks else set()
    inside |= {f for f in _changed_files(state, {"delete_file"})
               if f.rsplit("/", 1)[0] in {g.rsplit("/", 1)[0] for g in inside}}
    if "finish" in offered and left and set(left) <= inside and len(inside) > len(left) \
            and (all_of := _ALL_OF.search(state.task)) and all_of.group("n") in (
                None, str(len(inside)), *(w for w, n in NUMBER_WORDS.items() if n == len(inside))):
        # all the files inside a folder the task empties ("the two files inside trash/"): one
        # left is no finish (a 135M model stopped there); the next deletion is
        dropped.add("finish")
        dropped.discard("delete_file")
    targets = set(where.values("file"))
    if printing.made_by_programs(state.episodes, len(state.tasks) - 1, targets, where.existed,
                                 where.files):  # (the files to write: what a program made)
        dropped |= WRITING
    # (a task that says it adds, with no line shaped yet: a whole text composed with the
    # file's lines kept may still be written)
    rewritten = whole_only_paths(where) if where.shaped else {
        path for path, whole, _ in where.composed if whole}
    whole_text = REPLACING_WHOLE.search(state.task) is not None
    if ("append_to_file" in offered and where.existed and not whole_text
            and (where.shaped or any(says(words, v) for v in _ADDING)
                 or _AFTER_LINES.search(state.task))
            and targets and targets <= set(where.existed) - rewritten
            and not _changed(state)):
        # only files that were there to write to, and a line in the shape of their lines
        # to add, or a task that says it adds: it is added, their lines are kept (a 135M
        # model wrote it over the file)
        dropped.add("write_file")
    if ("write_file" in offered and whole_text and targets and where.existed
            and targets <= set(where.existed) and not _changed(state)):
        # "replace everything in a.txt with …", "overwrite a.txt": its new text is the text
        # given, whole (a 135M model appended to the file it was to replace)
        dropped.add("append_to_file")
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
    whole = frozenset(p.name for p in look["previews"] if not p.cut) if look else frozenset()
    listed, read = known_looks(state, whole)
    if listed:  # a listing since the last change: another shows the same
        dropped.add("list_folder")
    if where.files and set(where.values("existing_file")) <= read:
        dropped.add("read_file")  # every file read whole since the last change
    targets = where.values("file")
    if where.tried and not set(where.texts) - set(where.tried) and not any(
            spans.needs_free_text(t) for t in targets):
        # every text there is for the one file to write was written to it: another
        # write only repeats one (a 135M model wrote back its first, wrong, text)
        dropped |= WRITING
    if not offered - dropped:
        dropped -= _LOOKING
    if mending := repairing(where, outputs, frozenset(offered - dropped), whole, gone):
        dropped |= offered - mending
    return frozenset(dropped if offered - dropped else ())


def _runs_known(ran: set[tuple[str, tuple[str, ...]]], where: Situation) -> bool:
    """Whether every program ``where`` offers to run was run with every argument list it
    may be given (``narrowing.argument_lists``) since the current task last changed a file
    (``ran``: ``_ran_since_change``; a run that failed as well: it fails the same way)."""
    programs = where.values("python_file")
    return bool(ran and programs) and all(
        (program, tuple(args)) in ran for program in programs for args in argument_lists(where))


def _ran_since_change(state: AgentState) -> set[tuple[str, tuple[str, ...]]]:
    """(program, its arguments) of the current task's runs, failed ones too, since a
    step last changed a file."""
    ran: set[tuple[str, tuple[str, ...]]] = set()
    for e in state.episodes:
        if e.task_index != len(state.tasks) - 1 or e.result is None:
            continue
        if e.action.name == "execute_python_file":
            ran.add((str(e.action.arguments.get("path") or ""),
                     tuple(str(a) for a in e.action.arguments.get("args") or ())))
        elif e.action.name not in _LOOKING and e.result.status == "success":
            ran = set()  # (a file changed: a run may now show something new)
    return ran


def _changed(state: AgentState, commands: frozenset[str] | set[str] = WRITING | {"replace_text"}
             ) -> bool:
    """Whether a step of the current task has changed a file's text (with ``commands``)."""
    return any(e.task_index == len(state.tasks) - 1 and e.result is not None
               and e.result.status == "success" and e.action.name in commands
               for e in state.episodes)


def _unseen_inputs(where: Situation, look: dict[str, Any],
                   outputs: tuple[tuple[str, str, str], ...]) -> list[str]:
    """The files the task names that were there when it started (programs aside: they are
    run) whose whole text was neither shown up front nor read."""
    shown = {p.name for p in look["previews"] if not p.cut}
    read = {path for command, path, _ in outputs if command == "read_file"}
    return [n for n in where.named if n in (where.existed or ()) and n in where.files
            and not n.endswith(".py") and n not in shown and n not in read]


def whole_only_paths(where: Situation) -> set[str]:
    """Files whose new text is composed whole (a JSON object with a value changed)."""
    return {path for path, whole, added in where.composed if whole and not added}


def _another_name(where: Situation) -> bool:
    """Whether a new path the task gives is another name of a file it names that is there:
    the same name in another folder, the same stem, or the name with an ending more or
    less (``a.ini`` to ``a.bak``, ``b.txt`` to ``b.txt.bak``; not ``c.csv`` to
    ``maria.txt``, which takes a part of it)."""
    sources = [n for n in where.named if n in (where.existed or where.files)]
    return any(stem(old) == stem(new) or version_of(old, new)
               for old in sources for new in where.values("new_file"))


def _whole_copy(where: Situation) -> bool:
    """Whether the task names a file that is there and a new place of the same kind for it
    (``a.md`` to ``b.md``, into a folder): a whole file to copy, not a part of one."""
    sources = [n for n in where.named if n in where.files and (where.existed is None
                                                              or n in where.existed)]
    suffix = {n.rsplit(".", 1)[-1].lower() for n in sources}
    # (or a backup's name of one: ``a.ini.bak``, ``a.conf.orig``, ``a.md~``)
    return bool(sources) and any(t.rsplit(".", 1)[-1].lower() in suffix or any(
        t.startswith(n + ".") or t == n + "~" for n in sources)
        for t in where.values("new_file") if t not in sources)


def _written_whole(state: AgentState) -> set[str]:
    """The files a step of the current task wrote whole (``write_file``)."""
    return _changed_files(state, {"write_file"})


def _changed_files(state: AgentState, commands: set[str], sources: bool = False) -> set[str]:
    """The files the current task's successful ``commands`` wrote to (``sources``: the
    sources its successful copies and moves took)."""
    if sources:
        return {str(e.action.arguments.get("source") or "") for e in state.episodes
                if e.task_index == len(state.tasks) - 1
                and e.action.name in ("copy_file", "rename_file")
                and e.result is not None and e.result.status == "success"}
    return {str(e.action.arguments.get("path") or "") for e in state.episodes
            if e.task_index == len(state.tasks) - 1 and e.action.name in commands
            and e.result is not None and e.result.status == "success"}
