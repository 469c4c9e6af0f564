"""The folders a task designates as the object of an act on a whole folder: "remove the
old_exports folder with everything in it", "rename the folder 'Photos/untitled folder' to
Photos/lisbon", "move drafts/ into archive/".

A folder is designated only when the task marks it as one (a trailing slash, the word
"folder" or "directory" beside it, or its whole path quoted) and a removal's or a move's
verb takes it as its object: nothing but articles and such words between ("delete the two
files in trash/" acts on files, "empty cache/" on what it holds; neither removes the
folder). A folder the task keeps (``names.kept_places``) is never one.
"""

from __future__ import annotations

import re
from pathlib import Path

from autonomo.agent.finishing_targets import removes
from autonomo.agent.strategies.looking import workspace_entries
from autonomo.agent.strategies.names import clauses_apart, kept_places, named_folders
from autonomo.agent.task_text import analysed, clauses

#: words that may stand between a verb and the folder it takes ("get rid of the whole x/")
_GAP = frozenset({"the", "a", "an", "whole", "entire", "old", "empty", "folder", "folders",
                  "directory", "sub-folder", "subfolder", "called", "named", "of", "this",
                  "that", "my", "our", "your", "top-level", "out", "away", "off"})
_MARK = frozenset({"folder", "directory", "dir"})
#: verbs that give a folder a new name or place
_MOVING = re.compile(r"(?:re)?nam(?:e|es|ed|ing)|mov(?:e|es|ed|ing)", re.IGNORECASE)
#: where a clause ends
_CLAUSE = re.compile(r"[.!?;:]+(?:\s|$)|\s[-–—]\s|,\s*(?:but|and|then)\b|\bbut\b")
#: words that leave a removal or a move undecided or refused: a negation ("don't delete the
#: build folder"), a condition ("only if it is empty") or a question asked of the user
#: ("should I delete the logs folder?")
_UNDECIDED = re.compile(r"\b(?:not|never|no|without|if|whether|unless|should|shall|must\s*n't|"
                        r"\w+n't|dont|cannot)\b", re.IGNORECASE)
#: what a clause says after a folder that makes it its removal's object: "thumbs/ can go",
#: "the old folder can be removed completely" (a removal's participle, ``removes``), not
#: where it goes ("drafts/ can go into archive/")
_GOES = re.compile(r"\s*(?:(?:folder|directory)\s+)?(?:,\s*)?(?:can|may|should|must|could|will|"
                   r"(?:has|have|needs?|is|are|ought)\s+to)\s+(?:now\s+|just\s+|safely\s+|"
                   r"all\s+)?(?:go\b(?!\s+(?:to|into|in|inside|under|onto|back|over|there|with|"
                   r"through)\b)|be\s+(?:(?:now|all|just|safely|simply|completely|entirely)\s+)?"
                   r"(?P<done>[a-z]+))", re.IGNORECASE)
#: a folder that things are taken out of ("rid the cache folder of its .tmp files")
_OF = re.compile(r"\s+(?:(?:folder|directory)\s+)?of\b", re.IGNORECASE)
#: participles of a removal ``removes`` does not read ("binned", "thrown away")
_GONE = frozenset({"binned", "thrown", "dropped", "zapped"})
#: words that make a removal wait on something ("…, but only if it is empty")
_CONDITION = re.compile(r"\b(?:if|unless|whether|only|once|when|after|before)\b", re.IGNORECASE)
#: a condition anywhere in the rest of the sentence ("…, but only if it is empty")
_IF = re.compile(r"\b(?:if|unless|whether)\b|\bonly\s+(?:when|once|after)\b", re.IGNORECASE)
#: a new path: a name, or names joined by slashes (a trailing slash allowed)
_NEW_PATH = re.compile(r"['\"`]?([\w][\w .-]*?(?:/[\w][\w .-]*?)*)/?['\"`]?"
                       r"(?=[\s,;:!?)]|\.(?:\s|$)|$)")


def _mentions(task: str, folder: str,
              folders: list[str] | tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """(start, end) of each mention of ``folder`` marked as a folder: its path with a
    trailing slash, quoted whole, or its path or name beside "folder" or "directory". Its
    last name alone stands for it only when no other folder of ``folders`` has that name
    ("delete the cache folder" with cache/ and src/cache/ there designates cache/ alone)."""
    out = []
    last = folder.rsplit("/", 1)[-1]
    shared = sum(f.rsplit("/", 1)[-1] == last for f in folders) > 1
    names = dict.fromkeys([folder, *(() if shared else (last,))])
    for name in names:
        for m in re.finditer(rf"(?<![\w./-])(['\"`]?){re.escape(name)}\1(?![\w-]|\.\w)",
                             task):
            start, end = m.span()
            quoted = bool(m.group(1))
            slashed = task[end:end + 1] == "/" and not re.match(r"/[\w.]", task[end:end + 2])
            before = re.findall(r"[\w-]+", task[:start].lower())[-2:]
            after = re.findall(r"[\w-]+", task[end:].lower())[:1]
            whole = name == folder
            # (beside "folder", or after "the folder called")
            if (whole and (slashed or quoted)) or set(before[-1:] + after) & _MARK or (
                    before[-1:] in (["called"], ["named"]) and set(before[:1]) & _MARK):
                out.append((start, end + (1 if slashed else 0)))
    return out


def _verb_before(task: str, start: int) -> str | None:
    """The verb that takes what stands at ``start`` as its object: the last word before it
    in its clause, past only ``_GAP`` words; None when another word stands between."""
    clause = _CLAUSE.split(task[:start])[-1]
    sentence_end = re.search(r"[.!?](?:\s|$)", task[start:])
    # (after it, up to a comma: a denial or a condition; past the comma, a condition only:
    # "delete the x folder, it is not needed" is a reason, "…, unless it is empty" is not)
    after, _comma, rest = _CLAUSE.split(task[start:])[0].partition(",")
    sentence = task[start:start + sentence_end.start()] if sentence_end else task[start:]
    if _UNDECIDED.search(clause) or _UNDECIDED.search(after) or _CONDITION.search(rest) or \
            _IF.search(sentence) or (
            sentence_end is not None and sentence_end.group().startswith("?")
            and re.search(r"\b(?:should|shall|whether|do i|need)\b", clause, re.IGNORECASE)):
        return None
    for word in reversed(re.findall(r"[\w'-]+", clause.lower())):
        if word not in _GAP:
            return word
    return None


def _goes(task: str, start: int, end: int) -> bool:
    """Whether the folder mentioned at ``start:end`` is its clause's subject (only articles
    and such words before it: not "the .pyc files under build/ can go") and the words after
    it say it goes away ("can go entirely", "should be deleted"), in a clause that neither
    denies nor asks it."""
    head = _CLAUSE.split(task[:start])[-1]
    if set(re.findall(r"[\w'-]+", head.lower())) - _GAP - {"please", "so", "now"}:
        return False
    m = _GOES.match(task, end)
    if m is None or (m.group("done") is not None and (
            _MOVING.fullmatch(m.group("done")) or not (
                removes(m.group("done").lower(), told=False)
                or m.group("done").lower() in _GONE))):
        return False
    start = max((e.end() for e in _CLAUSE.finditer(task, 0, end)), default=0)
    clause = task[start:m.end()]
    sentence_end = re.search(r"[.!?](?:\s|$)|$", task[m.end():])
    return not re.search(r"\b(?:not|never|no|if|whether|unless|\w+n't)\b", clause,
                         re.IGNORECASE) and not (sentence_end and sentence_end.group()
                                                 .startswith("?"))


def removed_folders(task: str, folders: list[str] | tuple[str, ...],
                    kept: tuple[str, ...] = (), saved: bool = False) -> tuple[str, ...]:
    """The folders of ``folders`` (the workspace's) a removal's verb takes as its object;
    ``saved``: what the task takes out of them first is saved already."""
    out = []
    for folder in folders:
        if folder in kept:
            continue
        # (a file the task names inside the folder is still to be used: "save tmp/a.txt as
        # a.txt, then delete tmp/" - the folder is no removal's object before it is saved)
        if not saved and re.search(rf"(?<![\w./-]){re.escape(folder)}/[\w.-]+\.\w", task):
            continue
        # (not a folder things are taken out of: "purge build/ of .o files")
        if any(((verb := _verb_before(task, start)) is not None and removes(verb)
                and not _MOVING.fullmatch(verb) and not _OF.match(task, end))
               or _goes(task, start, end) for start, end in _mentions(task, folder, folders)):
            out.append(folder)
    # (not a folder inside another one removed: it goes with it)
    return tuple(f for f in out if not any(f.startswith(o + "/") for o in out))


def moved_folders(task: str, folders: list[str] | tuple[str, ...],
                  files: list[str] | tuple[str, ...], kept: tuple[str, ...] = ()
                  ) -> tuple[tuple[str, str], ...]:
    """(folder, its new path) for each folder of ``folders`` a rename's or a move's verb
    takes as its object, with the new path the task gives right after "to", "into" or "as":
    into a folder that is there, the folder under its own name in it; a new name alone,
    beside it; none that is there already, or a file."""
    out = []
    taken = {*folders, *files}
    # (a folder a clause keeps is no destination, even one an acting clause names too:
    # "move drafts into archive/ but leave archive/ alone")
    keeping = clauses_apart(task)[1]
    kept = (*kept, *(f for f in folders if _mentions(keeping, f) or re.search(
        rf"(?<![\w./-]){re.escape(f)}(?![\w-])", keeping)))
    for folder in folders:
        if folder in kept:
            continue
        for start, end in _mentions(task, folder, folders):
            verb = _verb_before(task, start)
            if verb is None or not _MOVING.fullmatch(verb):
                continue
            rest = task[end:]
            rest = re.sub(r"^\s*(?:folder|directory)\b", "", rest, flags=re.IGNORECASE)
            m = re.match(r"\s*(to|into|inside|as)\s+(?:(?:the|a|new)\s+)*(?:folder\s+|"
                         r"directory\s+)?", rest, re.IGNORECASE)
            if m is None or (path := _NEW_PATH.match(rest[m.end():])) is None:
                continue
            new = path.group(1).strip().rstrip("/")
            if not new or ".." in new.split("/") or new.startswith("/"):
                continue
            parent = folder.rpartition("/")[0]
            if new in folders:
                # (into a folder that is there only when the task says "into": "rename a to
                # b" with b there is no move into b)
                if m.group(1).lower() not in ("into", "inside"):
                    continue
                new = f"{new}/{folder.rsplit('/', 1)[-1]}"
            elif "/" not in new and parent:
                new = f"{parent}/{new}"
            # (never into a folder the task keeps: "… do not touch the final folder")
            if new != folder and new not in taken and not new.startswith(folder + "/") \
                    and not any(new == k or new.startswith(k + "/") for k in kept):
                out.append((folder, new))
    return tuple(dict.fromkeys(out))


def called_for(task: str, workspace: Path | str) -> tuple[str, ...]:
    """The folder commands ``task`` designates a folder of ``workspace`` for:
    ``delete_folder``, ``rename_folder`` (the task read as the step's situation reads it:
    a folder quoted ‘so’ is designated there, so its command is offered)."""
    # (read as every step reads it: a folder quoted in curly quotes is one in plain ones)
    task = analysed(task)
    files, folders = workspace_entries(workspace)
    kept = kept_places(task, named_folders(task, folders))
    # (offered once what it takes out first is saved: "copy tmp/a.txt to a.txt, then
    # remove tmp/"; ``grounding`` decides each step)
    return (*(("delete_folder",) if removed_folders(task, folders, kept, saved=True) else ()),
            *(("rename_folder",) if moved_folders(task, folders, files, kept) else ()))


def folders_removed(task: str, folders: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``folders`` the task (as analysed) removes whole, never one it keeps:
    the reading the grammar offers ``delete_folder`` by, for the finish check and the
    verifier."""
    task = analysed(task)
    return removed_folders(task, folders, kept_places(task, named_folders(task, folders)))


def named_apart(task: str, places: tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``places`` the task names only in clauses that neither remove nor move
    ("delete the .tmp files in cache/, but the ones in src/ are needed": src); none when the
    clauses that remove or move name no folder ("in inbox/ one says X - trash that one"). A
    kind's files in them are no act's objects."""
    acting = " ".join(c for c in clauses(task) if any(
        removes(w) or _MOVING.fullmatch(w) for w in re.findall(r"[\w'-]+", c.lower())))
    inside = set(named_folders(acting, places)) if acting else set()
    return tuple(p for p in places if p not in inside) if inside else ()
