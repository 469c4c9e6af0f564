"""Positive verifiers of whole-file operations: delete, copy, move or rename.

Each recognises its operation from the task and from what changed in the workspace since the
task's start (``verifying_snapshot.changes``), and verifies its result independently: the
files the task designates for deletion, derived from the task and the start workspace, are
exactly the files gone; a copy's new file has the bytes its source had at the start and the
source is unchanged; a move's new file has them and the source is gone; nothing else in the
workspace changed. A verifier returns None when the change is not of its shape, a ``Verdict``
otherwise (verified or not, and why).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection

from autonomo.agent.finishing_record import without
from autonomo.agent.strategies.folders import folders_removed
from autonomo.agent.strategies.placing import TOP
from autonomo.agent.task_text import CLEARING_RE, clauses
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_task import (
    KIND,
    NEGATION,
    VERBS,
    Mention,
    acts_on_whole,
    files_named,
    folders_named,
    folders_of,
    negations,
    new_names,
    verbs,
)
from autonomo.agent.verifying_verdict import Verdict

#: words that protect a file named after them in its clause ("keep b.txt", "a duplicate of
#: a.txt", "not c.txt", "except d.txt")
_PROTECTING = re.compile(r"\b(?:keep|keeping|leave|leaving|stay|stays|not|except|of|but)\b|"
                         r"n't\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;,:!?()\n]|\s-\s|\bbut\b|\band\s+(?=keep|leave)", re.IGNORECASE)
_DELETE = re.compile(rf"\b(?:{VERBS['delete']})\b", re.IGNORECASE)
#: words that say a source stays where it is ("a -> b (keep a)")
_KEEPING = re.compile(r"\b(?:keep|keeping|stays?|original)\b", re.IGNORECASE)
#: words in a denial that only restate a copy or a move ("a copy, not a move")
_COPY_HARMLESS = {"move", "moving", "moved", "rename", "renaming", "lose", "losing", "lost",
                  "change", "changes", "changing", "edit", "touch", "delete", "remove"}
_MOVE_HARMLESS = {"copy", "copies", "change", "changes", "inside", "content", "contents",
                  "edit", "edits", "else", "extension", "ending", "suffix"}


def _clause_before(task: str, at: int) -> str:
    """The task's words from the start of the clause holding position ``at`` up to it."""
    head = task[:at]
    ends = list(_CLAUSE_END.finditer(head))
    return head[ends[-1].end():] if ends else head


#: words that open a clause giving the removal's reason or time ("because b.txt replaces
#: it", "now that b.txt is done"): a file named there is why, not what (not "as well as")
_REASON = re.compile(r"\b(?:because|since|now\s+that|given\s+that|seeing\s+that|once|while|"
                     r"whereas|(?<!well\s)as(?=\s+(?:i|we|you|it|they|he|she|this|that|"
                     r"\S+\.\w+)\b))\b", re.IGNORECASE)


#: where a reason's clause ends: a sentence's end or a comma (a name's dot is neither)
_REASON_END = re.compile(r"[.!?;:](?:\s|$)|[,\n]|\s[-–—]\s")


def _protected(task: str, mention: Mention) -> bool:
    ends = [m.end() for m in _REASON_END.finditer(task, 0, mention.start)]
    verbs_in = list(_DELETE.finditer(task, ends[-1] if ends else 0, mention.start))
    # (after the clause's last removal verb: "since it is old, delete a.txt" is no reason)
    if _REASON.search(task, verbs_in[-1].end() if verbs_in else ends[-1] if ends else 0,
                      mention.end):
        return True
    clause = _clause_before(task, mention.start)
    return bool(_PROTECTING.search(_DELETE.sub(" ", clause)))  # "get rid of" is no "of"


_SENTENCE_END = re.compile(r"[.!?;:](?:\s|$)|\n|\s[-–—]\s")
#: an auxiliary right after a name makes it the subject of a new clause ("…, b.txt has to
#: stay", "b.txt is still needed"): a closed class of grammar, not the task's wording
_SUBJECT = re.compile(r"\s+(?:is|are|was|were|has|have|had|must|should|can|could|will|"
                      r"would|may|might|shall|needs|does|do|stays?|remains?)\b|\s+(?:is|are|"
                      r"ca|wo|must|should|does|do)n[’']t\b", re.IGNORECASE)


def _object(task: str, mention: Mention, mentions: list[Mention]) -> bool:
    """Whether ``mention`` is an object of the task's removal, by position: after a removal
    verb of its sentence, in the verb's own clause (no name since the verb, itself included,
    is a new clause's subject); or, with no such verb before it, a subject a later removal's
    pronoun stands for ("b.txt is stale - delete it": ``acts_on_whole`` read that pronoun).
    A file the task names in any other place is not removed by it."""
    ends = [m.end() for m in _SENTENCE_END.finditer(task, 0, mention.start)]
    sentence = ends[-1] if ends else 0
    verbs_before = list(_DELETE.finditer(task, sentence, mention.start))
    if not verbs_before:
        return _DELETE.search(task, mention.end) is not None
    return not any(_SUBJECT.match(task, o.end) for o in mentions
                   if verbs_before[-1].end() <= o.start <= mention.start)


#: what a clause says of a file that stays ("b.txt is still needed", "b.txt has to stay")
_STAYING = re.compile(r"\b(?:stay|stays|remain|remains|kept|keep|needed|need|needs|leave|"
                      r"left|untouched|alone)\b", re.IGNORECASE)
#: after a removal's last object, words that still belong to the removal ("… b.txt too")
_AFTER_OBJECT = re.compile(r"\s*(?:$|[.,;:!?)\n]|\s-\s|(?:too|also|as\s+well|please|now|"
                           r"and|or|from|in|inside|under|for|both|then|permanently|for\s+"
                           r"good|entirely)\b)", re.IGNORECASE)


def _doubt(task: str, mention: Mention, mentions: list[Mention], objects: set[str]) -> bool:
    """Whether what the task does with a file it names is in doubt: not an object of the
    removal, and its clause says no plain "it stays" (a denial there — "must not remain" —
    may ask for its removal); or an object after a bare comma that goes on with words of
    its own ("…, b.txt holds the restore point": maybe a new clause's subject)."""
    rest = _SENTENCE_END.split(task[mention.end:], maxsplit=1)[0]
    if mention.path not in objects:
        return bool(NEGATION.search(rest)) or not _STAYING.search(rest)
    before = [o for o in mentions if o.end <= mention.start]
    joined_by_comma = bool(before) and re.fullmatch(r"\s*,\s*", task[before[-1].end:
                                                                      mention.start]) is not None
    return joined_by_comma and not _AFTER_OBJECT.match(task, mention.end)


#: words that make a removal depend on a condition ("only if it says DRAFT", "unless it
#: holds KEEP"): a file deleted whatever the condition was confirmed (FINISHED while wrong)
_CONDITION = re.compile(r"\b(?:if|unless|when|whenever|provided|in\s+case)\b[^.;!?\n]*",
                        re.IGNORECASE)


#: a condition that asks only whether a file is there ("if there's a .lock file in the
#: build folder", "if a.bak exists", "is there an a.bak? if so, …"): a file name or kind, a
#: place, nothing about the file's text or size
_THERE = re.compile(r"(?:if|when|in\s+case)\s+(?:there(?:'s|’s|\s+is|\s+are)|you\s+(?:find|see)|"
                    r"(?P<subject>\S+)\s+(?:exists?|is\s+there|are\s+there|is\s+present))"
                    r"(?P<rest>(?:[^.;!?\n,]|\.(?=\w))*)", re.IGNORECASE)
_PLACE_WORDS = re.compile(r"(?:\s+(?:an?|any|some|one|the|a\s+file|files?|still|left|here|"
                          r"around|lying|(?:in|inside|under)\s+(?:the\s+)?\S+(?:\s+(?:folder|"
                          r"directory))?|\.?[\w~#-]+\.[\w~#.-]+|\.\w+\s+files?))*\s*",
                          re.IGNORECASE)


def _existence_only(task: str, condition: re.Match[str], start: Snapshot | None = None,
                    removed: Collection[str] = ()) -> bool:
    """Whether the task's one condition asks only whether a file is there: "if there is
    X" (X a name or a kind, in a place), "if X exists", or "if so" after a question "is
    there X?"; with ``start``: and X is what was removed (``removed``), each there at the
    start ("if there's b.bak, remove a.bak" is not judged)."""
    if start is not None and not _subject_removed(task, condition, start, removed):
        return False
    if len(re.findall(r"\b(?:if|unless|when|whenever|provided|case|only|except)\b", task,
                      re.IGNORECASE)) != 1:
        return False  # (one condition word in all: "if so, … when it is over 1 MB" is two)
    start = condition.start()
    if re.match(r"if\s+so\b", task[start:], re.IGNORECASE):
        asked = re.search(r"\b(?:is|are)\s+there\s+(?P<rest>(?:[^.;!?\n]|\.(?=\w))*)\?\s*$",
                          task[:start], re.IGNORECASE)
        return bool(asked and _PLACE_WORDS.fullmatch(" " + asked.group("rest")))
    there = _THERE.match(task, start)
    if there is None or (there.group("subject") and not re.fullmatch(
            r"(?:it|they|\.?[\w~#-]+\.[\w~#.-]+)", there.group("subject"))):
        return False
    return bool(_PLACE_WORDS.fullmatch(there.group("rest")))


def _subject_removed(task: str, condition: re.Match[str], start: Snapshot,
                     removed: Collection[str]) -> bool:
    """Whether what the condition (or the question before "if so") asks about is what
    was removed: each removed file was there at the start and is a file it names or of a
    kind it names; a name it gives that is not removed makes it False."""
    said = re.match(r"(?:[^;!?\n,.]|\.(?=\w))*", task[condition.start():]).group(0)
    if re.match(r"if\s+so\b", said, re.IGNORECASE):  # (the question before it)
        said = re.split(r"(?<=[.!?])\s", task[:condition.start()].rsplit("?", 1)[0])[-1]
    names = {t for t in re.findall(r"[\w~#-]*\.[\w~#.-]*\w", said) if not t.startswith(".")}
    kinds = {t.lower() for t in re.findall(r"(?<![\w.])\.[A-Za-z]\w*", said)}
    if not (names or kinds) or not removed:
        return False
    for path in removed:
        base = path.rsplit("/", 1)[-1]
        if path not in start.files or not (base in names or path in names or any(
                base.lower().endswith(k) for k in kinds)):
            return False
    return all(any(p == n or p.endswith("/" + n) for p in removed) for n in names)


def deletion(task: str, start: Snapshot, changes: Changes,
             now: Snapshot | None = None) -> Verdict | None:
    """Only files gone: exactly the files the task designates for deletion (named where a
    removal's object stands and not protected, of a kind it names, within the folder it
    names, or in a folder it removes whole, ``folders.folders_removed``: that folder gone
    too, ``now``); any other file it names stays."""
    if changes.added or changes.changed or not changes.removed:
        return None
    ops = verbs(task, nouns=False)
    whole = folders_removed(task, sorted(start.folders | folders_of(start.files)))
    if now is not None and (left := [f for f in whole if f in now.folders]):
        return Verdict.no("delete", f"the task removes the folder {left[0]} whole, but it is "
                                    "still there")
    # (a clearing phrase reads its kind, which ``verbs`` blanks as a name: "clean x/ of its
    # .log files")
    if "delete" not in ops and not whole and not CLEARING_RE.search(task):
        return Verdict.no("delete", "files were removed, but the task's words for removing "
                                    "a file were not recognised")
    if ops & {"copy", "move", "append"}:
        return Verdict.no("delete", "the task asks for more than a deletion")
    if (condition := _CONDITION.search(task)) and not _existence_only(
            task, condition, start, changes.removed):
        # ("if notes.txt is empty, delete it"; not "if there's a .bak file, remove it": the
        # start snapshot has the file the removal takes, or its objects do not match)
        return Verdict.no("delete", f"the task makes the removal depend on a condition not "
                                    f"judged: {condition.group(0)!r}")
    if kept := _KEPT_COPY.search(task):  # ("delete a.txt but keep a copy in b/")
        return Verdict.no("delete", f"the task keeps a copy too: {kept.group(0)!r}")
    if described := _described_exception(task, start):
        return Verdict.no("delete", f"the task spares files by a description not judged: "
                                    f"{described!r}")
    mentions = files_named(task, start.files)
    texts = {p: e.text for p, e in start.files.items()}
    if any(not acts_on_whole(task, _DELETE, m, mentions, texts) for m in mentions
           if not _protected(task, m)):
        return Verdict.no("delete", "the task may remove a part of a file, not the file")
    objects = {m.path for m in mentions if not _protected(task, m)
               and _object(task, m, mentions)}
    if doubt := next((m.path for m in mentions if not _protected(task, m)
                      and _doubt(task, m, mentions, objects)), None):
        return Verdict.no("delete", f"whether the task removes {doubt} or keeps it is not "
                                    "plain")
    named_objects = set(objects)
    # a kind's files: in the folders the removal's own sentences name; never in a folder
    # only another sentence names ("…in old/; the .bak files in live/ are still used")
    removing = " ".join(x for x in clauses(task) if _DELETE.search(x))
    scope = folders_named(removing, folders_of(start.files))
    apart = [f for f in folders_named(task, folders_of(start.files)) if f not in scope]
    objects |= {p for p in start.files if any(p.startswith(f + "/") for f in whole)}
    # (at the top: "the .tmp files at the top of the workspace" are not those in folders)
    top = bool(TOP.search(task)) and not scope
    for kind in KIND.findall(task):
        if not top and not scope and re.search(r"\b(?:top|root|main)\b", task, re.IGNORECASE):
            return Verdict.no("delete", "whether the files of a kind in folders go too is not "
                                        "plain")
        objects |= {p for p in start.files if p.lower().endswith(kind.lower())
                    and (not scope or any(p.startswith(f + "/") for f in scope))
                    and not any(p.startswith(f + "/") for f in apart)
                    and not (top and "/" in p)}
    if not objects:
        return Verdict.no("delete", "the files to delete could not be derived from the task")
    if set(changes.removed) != objects:
        return Verdict.no("delete", _difference("deleted", objects, changes.removed))
    if why := _spared(task, start, mentions, named_objects, scope, changes.removed):
        return Verdict.no("delete", why)
    return Verdict.yes("delete", f"deleted {_names(objects)}, nothing else changed")


#: a copy the task keeps of what it removes ("but keep a copy in b/", "back it up first")
_KEPT_COPY = re.compile(r"\b(?:keep|make|save|take|store|leave|create|put)\s+(?:a|an|one|its|"
                        r"their)\s+(?:copy|copies|backup|back-up|duplicate)\b|\bback(?:ing)?\s+"
                        r"(?:it|them|that|this|those|\S+\.\w+)\s+up\b", re.IGNORECASE)
#: what a removal spares: "except the newest", "other than the two largest", "keep the one
#: from today" (to its clause's end)
_SPARING = re.compile(r"\b(?:except(?:\s+for)?|excluding|other\s+than|apart\s+from|but\s+not|"
                      r"save\s+for|besides|but\s+keep|keep(?:ing)?|leave|leaving)\s+"
                      r"(?P<what>(?:[^.;,!?\n()]|\.(?=\w))+)", re.IGNORECASE)
#: words of a spared part that name nothing by a description
_SPARED_FRAME = frozenset({"the", "a", "an", "one", "ones", "file", "files", "in", "inside",
                           "folder", "directory", "those", "any", "of", "and", "or", "its",
                           "their", "them", "it", "alone", "untouched", "intact", "as", "is",
                           "rest", "others", "other", "everything", "else", "all", "there",
                           "that", "this", "these", "please", "where", "they", "are"})


def _described_exception(task: str, start: Snapshot) -> str:
    """A part of the task that spares files by what they are, not by a name, a folder or a
    kind the verifier reads ("except the newest", "keep the biggest one"): "" when none."""
    names = sorted({*start.files, *folders_of(start.files),
                    *(p.rsplit("/", 1)[-1] for p in start.files)}, key=len, reverse=True)
    for m in _SPARING.finditer(task):
        what = m.group("what")
        for name in names:
            what = re.sub(rf"(?<![\w.-]){re.escape(name)}/?(?![\w-])", " ", what)
        what = KIND.sub(" ", what)
        if [w for w in re.findall(r"[^\W_]+", what.lower()) if w not in _SPARED_FRAME]:
            return m.group(0).strip()
    return ""


#: a folder the task keeps out of a removal: "but not the ones in keep/", "except in old/"
_EXCLUDING = r"(?:\bnot|n[’']t|\bexcept|\bexcluding|\bother\s+than|\bapart\s+from|\boutside)\b"


def _spared(task: str, start: Snapshot, mentions: list[Mention], named_objects: set[str],
            scope: list[str], removed: Collection[str]) -> str:
    """Why a removal took a file the task spares, "" when none: a file it names but not as
    the removal's object (a kind it names holds it: "the .tmp files; notes.tmp must stay"),
    a file in a folder it excludes ("…in trash/ but not the ones in keep/"), or the bare
    name outside the folder it names when that folder holds the name too ("delete old.txt
    from trash/" with old.txt and trash/old.txt)."""
    kept = {m.path for m in mentions} - named_objects
    if gone := sorted(set(removed) & kept):
        return f"{gone[0]} was deleted though the task keeps it"
    for folder in scope:
        if re.search(rf"{_EXCLUDING}[^.;!?\n]*?(?<![\w/.-]){re.escape(folder)}(?![\w.-])",
                     task, re.IGNORECASE) \
                and (gone := sorted(p for p in removed if p.startswith(folder + "/"))):
            return f"{gone[0]} was deleted though the task excludes {folder}/"
    for path in sorted(removed):
        base = path.rsplit("/", 1)[-1]
        if not any(path.startswith(f + "/") for f in scope) \
                and any(f"{f}/{base}" in start.files for f in scope):
            return (f"{path} was deleted, but the task names {base} in "
                    f"{next(f for f in scope if f'{f}/{base}' in start.files)}/")
    return ""


def _names(paths: Collection[str]) -> str:
    return ", ".join(sorted(paths))


def _difference(what: str, expected: Collection[str], actual: Collection[str]) -> str:
    missing, extra = set(expected) - set(actual), set(actual) - set(expected)
    parts = [f"{_names(missing)} not {what}" if missing else "",
             f"{_names(extra)} {what} though the task does not designate "
             f"{'it' if len(extra) == 1 else 'them'}" if extra else ""]
    return "; ".join(p for p in parts if p)


def _targets(task: str, source: str, files: Collection[str]) -> set[str]:
    """Where the task puts a copy or a moved ``source``: each new name it gives (in each
    folder it names, or in ``source``'s folder when it says "the same folder", else as
    written), or ``source``'s name in each folder it names."""
    ext = re.search(r"\b(?:a|the)\s+(?:proper\s+|right\s+|correct\s+)?(\.\w{1,8})\s+"
                    r"(?:one|extension|ending)\b", task, re.IGNORECASE)
    names = [n for n in new_names(task, files) if n != source
             and not (ext and n == ext.group(1))]
    # (at the top of the workspace: in no folder, "at the top level, called b.txt")
    folders = [] if TOP.search(task) else folders_named(task, folders_of(files))
    same = bool(re.search(r"\bsame\s+(?:folder|directory|place)\b", task, re.IGNORECASE))
    base = source.rsplit("/", 1)[-1]
    if TOP.search(task) and not names and "/" in source:
        return {base}
    found: set[str] = set()
    for name in names:
        if folders and "/" not in name:
            found |= {f"{f}/{name}" for f in folders}
        elif same and "/" not in name:
            found.add(posixpath.join(posixpath.dirname(source), name))
        else:
            found.add(name)
    if not names:
        found |= {f"{f}/{base}" for f in folders if f != posixpath.dirname(source)}
        if ext:
            stem = base.rsplit(".", 1)[0] if "." in base.strip(".") else base
            found.add(posixpath.join(posixpath.dirname(source), stem + ext.group(1)))
    return found


def _source(task: str, start: Snapshot, digest: str,
            op: str) -> tuple[str | None, Verdict | None]:
    """The one file the task names as the source of a copy or move (and whose start bytes
    the new file has), or a verdict why there is none."""
    mentions = files_named(task, start.files)
    named = {m.path for m in mentions}
    verb = re.compile(rf"\b(?:{VERBS[op]})\b", re.IGNORECASE)
    texts = {p: e.text for p, e in start.files.items()}
    if any(not acts_on_whole(task, verb, m, mentions, texts) for m in mentions):
        return None, Verdict.no(op, "the task may act on a part of a file, not the file")
    if len(named) != 1:
        return None, Verdict.no(op, f"the task names {len(named)} existing files, not one "
                                    "source")
    source = next(iter(named))
    entry = start.files[source]
    if entry.kind != "file" or entry.digest != digest:
        return None, Verdict.no(op, f"the new file does not hold {source}'s text as it was at "
                                    "the start")
    return source, None


#: words that change a file's text on its way, which a byte-identical copy or move is not
#: ("copy a.txt to b.txt in upper case", "rename it and mark it PAID inside")
_RESHAPING = re.compile(r"\b(?:upper|lower)(?:\s*case|case)?\b|\b(?:capitals?|capitali[sz]ed?|"
                        r"reversed?|backwards|sort(?:ed)?|translat\w*|mark(?:ed)?|stamp(?:ed)?|"
                        r"insert(?:ed)?|prepend(?:ed)?|replac(?:e|ed|ing)|redact(?:ed)?|"
                        r"anonymi[sz]ed?|encrypt(?:ed)?|compress(?:ed)?|zip(?:ped)?|"
                        r"numbered|trimm?(?:ed)?)\b", re.IGNORECASE)


def _placed(task: str, start: Snapshot, now: Snapshot, added: str, op: str,
            harmless: set[str], removed: str | None = None) -> tuple[str, Verdict | None]:
    """The one source the task names for a copy or a move (``removed``: the file the move
    took away), and a verdict when it, or where ``added`` stands, is not what the task
    says."""
    if left := negations(task, harmless):
        return "", Verdict.no(op, f"the task restricts it in words not understood: {left[0]!r}")
    if reshaped := _RESHAPING.search(without(task, [*start.files, *new_names(task, start.files)])):
        return "", Verdict.no(op, f"the task may ask for the text changed: {reshaped.group()!r}")
    source, why = _source(task, start, now.files[added].digest, op)
    if source is None:
        return "", why
    if removed is not None and source != removed:
        return source, Verdict.no(op, f"{removed} was moved, but the task names {source}")
    targets = _targets(task, source, start.files)
    # ("two copies: a.bak and b.bak", "into x/ and y/"): one is not all (a bare ending is no
    # place: "… added the .bak by mistake")
    if len(places := {t for t in targets if not re.fullmatch(r"\.\w{1,8}", t)}) > 1:
        return source, Verdict.no(op, f"the task puts the {op} of {source} in "
                                      f"{len(places)} places: {_names(places)}")
    if added not in targets:
        return source, Verdict.no(op, f"{added} is not where the task puts the {op} of "
                                      f"{source} ({_names(targets) or 'no place derived'})")
    return source, None


def copying(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One new file, nothing else changed: a byte-identical copy of the one file the task
    names, where the task puts it."""
    if changes.removed or changes.changed or len(changes.added) != 1:
        return None
    (added,) = changes.added
    ops = verbs(task)
    if "copy" not in ops and not (re.search(r"\s->\s", task) and _KEEPING.search(task)):
        return None
    # (a name given to the copy is no move: "copy a/b.txt to the top and call it c.txt")
    if ops & {"delete", "append"} or ("move" in ops and _MOVE_WORD.search(task)
                                      and not _denied_move(task)):
        return Verdict.no("copy", "the task asks for more than a copy")
    source, why = _placed(task, start, now, added, "copy", _COPY_HARMLESS)
    if why is not None:
        return why
    return Verdict.yes("copy", f"{added} is a byte-identical copy of {source}; {source} and "
                               "everything else unchanged")


#: a move's or a rename's own verb (not a name given: "call it", "named")
_MOVE_WORD = re.compile(r"(?<![\w.-])(?:mov(?:e|es|ed|ing)|renam(?:e|es|ed|ing)|relocat\w*)"
                        r"(?![\w.-])", re.IGNORECASE)


def _denied_move(task: str) -> bool:
    return bool(re.search(r"\bnot\s+(?:a\s+|the\s+)?(?:move|rename)\b", task, re.IGNORECASE))


def moving(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One file gone and one new with its start bytes, nothing else changed: the one file the
    task names, renamed or moved where the task puts it."""
    if changes.changed or len(changes.added) != 1 or len(changes.removed) != 1:
        return None
    (added,), (removed,) = changes.added, changes.removed
    ops = verbs(task)
    # "give it the .py one", "give the NEWS file a .txt extension"
    extension = re.search(r"\bgive\s+(?:it|the\s+[\w./-]+(?:\s+[\w./-]+){0,3}?)\s+(?:a|an|the)\s+"
                          r"(?:\w+\s+)?\.\w+\s+(?:one|extension|ending|suffix)\b", task,
                          re.IGNORECASE)
    if "move" not in ops and not extension and not re.search(r"\binto\b", task):
        return Verdict.no("move", "a file was renamed, but the task's words for it were not "
                                  "recognised")
    if ops & {"delete", "append"} or ("copy" in ops and not re.search(
            r"\bnot\s+(?:a\s+)?cop", task, re.IGNORECASE)):
        return Verdict.no("move", "the task asks for more than a move")
    source, why = _placed(task, start, now, added, "move", _MOVE_HARMLESS, removed)
    if why is not None:
        return why
    return Verdict.yes("move", f"{source} is now {added}, byte for byte; nothing else changed")
