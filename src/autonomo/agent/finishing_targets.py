"""Which of the files a task names its removal acts on, and which it needs to survive.

A task names files in different roles. ``Delete a.txt and b.txt``: both are what the
removal verb acts on (its *objects*). ``contacts_dup.vcf is a duplicate of contacts.vcf.
Remove the duplicate``: the verb's object is a word standing for one file ("the duplicate",
"it"), the one subject that is not the original; ``contacts.vcf`` — the complement of
``duplicate of`` — is the original and must stay (*protected*). Also protected: a file to
keep (``keep``/``leave``/``except``/``not delete``), the file a removal happens in or from
(``remove the line from a.txt``), a file that points at others (``a.txt names a file``), the
replacement in ``since b.txt exists``/``b.txt replaced a.txt``. Destroying a protected file
is data loss, whatever else the run did; an object still there is work not done.

Whatever the grammar below does not recognise is neither: the other rules judge it. The
lexicons are small and closed: removal verbs, keeping words, relation nouns (``copy``,
``duplicate`` …), the prepositions that make a name a complement, subordinating words, the
words that stand for a file, two renaming phrases without a removal verb (``the name of
X``, ``give X the new name``), ``X can go`` and ``put X into <folder>``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from autonomo.agent.finishing_record import AUXILIARIES, Record
from autonomo.agent.task_text import phrases, sentences

#: verbs that make their object go away from where it is
REMOVE_VERBS = frozenset({"delete", "remove", "erase", "discard", "purge", "wipe", "rid",
                          "trash", "rename", "move", "unlink", "rm", "del", "ditch", "toss",
                          "scrap", "bin", "throw", "dump", "relocate", "nuke"})
#: the stems of their inflected forms ("deleting", "removed", "erases")
_STEMS = ("delet", "remov", "eras", "discard", "purg", "wip", "trash", "renam", "mov",
          "ditch", "toss", "scrap", "dump", "nuk")


def removes(token: str, *, told: bool = True) -> bool:
    """Whether ``token`` is a removal verb, or its ``-ing`` form ("by deleting x.txt");
    ``told=False``: any inflected form ("x.txt was removed")."""
    endings = ("ing",) if told else ("ing", "ed", "es", "s")
    return token in REMOVE_VERBS or (token.endswith(endings) and token.startswith(_STEMS)
                                     and len(token) > 4)
#: words after which the files named are to stay
KEEP_WORDS = frozenset({"keep", "leave", "preserve", "spare", "except", "but", "stays",
                        "stay", "remains", "untouched"})
_NEGATIONS = frozenset({"not", "don't", "dont", "never", "t", "without"})
#: a file right after one of these is where, whence or of what: a complement, no object
COMPLEMENT = frozenset({"of", "from", "in", "into", "inside", "to", "than", "like", "with",
                        "as", "onto", "within", "at", "beside", "against", "by"})
#: words before ``of`` that make the files after it a choice among objects
_CHOOSING = frozenset({"one", "either", "both", "all", "each", "any", "whichever", "which",
                       "none", "larger", "smaller", "bigger", "older", "newer", "empty",
                       "rid", "away"})
#: nouns of a relation whose complement is the original: "a duplicate of X", "X's copy"
RELATIONS = frozenset({"duplicate", "duplicates", "copy", "copies", "backup", "backups",
                       "clone", "replica", "repeat", "version", "mirror"})
#: verbs whose object is the original ("b.txt repeats a.txt")
_COPYING_VERBS = frozenset({"repeats", "duplicates", "copies", "mirrors", "clones"})
#: words right after a file that make it a pointer to what to work on ("a.txt names a file")
POINTING = frozenset({"names", "lists", "says", "holds", "contains", "gives", "tells"})
#: words that open a clause giving a reason or a time, whose files are not what "it" means
SUBORDINATE = frozenset({"since", "because", "now", "as", "while", "whereas", "once",
                         "given", "after"})
#: words that open a clause as its subject ("as we no longer need it")
_SUBJECTS = frozenset({"i", "we", "you", "it", "they", "he", "she", "this", "that"})
#: verbs whose subject is the replacement ("b.txt replaced a.txt", "b.txt exists")
_REPLACING = frozenset({"replaced", "replaces", "supersedes", "superseded", "exists",
                        "exist", "overrides", "took", "takes", "replace"})
#: "x.txt has been replaced by y.txt": the file after one of these and ``by`` replaces
_REPLACED_BY = frozenset({"replaced", "superseded", "overridden", "succeeded"})
#: the head of a removal's object that stands for one file named elsewhere, or for several
REFERRING = frozenset({"it", "file", "duplicate", "copy", "backup", "one", "version", "clone",
                       "repeat", "replica", "script", "program", "document", "that", "this"})
REFERRING_MANY = frozenset({"them", "both", "files", "duplicates", "copies", "backups",
                            "those", "these"})
#: words that end an object phrase without being its head
_ADVERBS = frozenset({"too", "also", "now", "please", "then", "again", "as", "well", "for",
                      "good", "entirely", "completely", "permanently", "and", "there",
                      "here", "away", "out", "off", "over", "instead", "old", "extra"})
_RENAMING = (re.compile(r"\bname\s+of\s+(?P<file>\S+)", re.IGNORECASE),
             re.compile(r"\bgive\s+(?P<file>\S+)\s+(?:(?:the|a|an)\s+)?(?:\w+\s+)?name\b",
                        re.IGNORECASE),
             re.compile(r"\bcall\s+(?P<file>\S+)\s+\S+\s+instead\b", re.IGNORECASE),
             # (?<!\S): a name is tried from its start only; from every character of a long
             # token, \S+ made these O(n²) (a 100 KB path in a task: minutes a step)
             re.compile(r"(?<!\S)(?P<file>\S+)\s+(?:can|may|should|must|could|has\s+to|needs\s+to)"
                        r"\s+go\b", re.IGNORECASE),
             re.compile(r"\b(?:do\s+not|don't|no\s+longer)\s+need\s+(?P<file>\S+)",
                        re.IGNORECASE),
             re.compile(r"(?<!\S)(?P<file>\S+)\s+(?:is\s+|should\s+|must\s+)?(?:be\s+)?"
                        r"no\s+longer\s+(?:needed|exists?|be\s+there)", re.IGNORECASE),
             re.compile(r"\bclear\s+(?:away|out)\s+(?P<file>\S+)", re.IGNORECASE),
             re.compile(r"\b(?:put|place|file)\s+(?P<file>\S+)\s+(?:in|into|inside|under)\s+"
                        r"(?:the\s+)?(?:[\w.-]+/|[\w.-]+\s+(?:folder|directory|dir)\b)",
                        re.IGNORECASE))
#: any word of a task that asks for some file to go away (the gate of the older rule: a
#: task with none of these removes nothing)
REMOVING_WORDS = REMOVE_VERBS | {"go", "put", "place", "disappear", "vanish", "gone",
                                 "clear", "need", "needed", "longer"}


def asks_removal(task: str) -> bool:
    """Whether any word of ``task`` asks for some file to go away (``REMOVING_WORDS`` or an
    inflected removal verb)."""
    found = re.findall(r"[a-z']+", REFILL.sub(" ", task).lower())
    return bool(REMOVING_WORDS & set(found)) or any(removes(w, told=False) for w in found)


#: words that deny the act after them ("not a move", "don't delete", "without removing")
DENYING = frozenset({"not", "don't", "dont", "never", "no", "without", "t", "nor"})
#: words that may stand between a denying word and the act ("not a move", "do not delete")
BETWEEN = frozenset({"a", "an", "the", "to", "be", "do", "does", "did", "it", "them", "any"})
#: stems of the acts that keep a file's text but take its name away
_MOVING = ("mov", "renam", "relocat")


def denied_at(tokens: list[str], i: int) -> bool:
    """Whether a denying word stands right before ``tokens[i]`` (lower case), with only
    articles or auxiliaries between (``BETWEEN``: "not a move", "do not delete")."""
    j = i - 1
    while j >= 0 and tokens[j] in BETWEEN:
        j -= 1
    return j >= 0 and tokens[j] in DENYING


def denied(task: str) -> dict[str, set[str]]:
    """The acts the task denies, each with the files it denies them for: ``"move"`` ("a
    copy, not a move", "without renaming"), ``"delete"`` ("don't delete b.txt"). A denying
    word stands right before the act's word, with only articles or auxiliaries between; the
    files are the ones named after it in that sentence, ``"*"`` (every file) when none is."""
    acts: dict[str, set[str]] = {}
    for sentence in sentences(task.replace("n't", " not")):
        tokens = re.findall(r"[\w'~./-]+", sentence)
        low = [t.lower().strip(".") for t in tokens]
        for i, token in enumerate(low):
            if not removes(token, told=False):
                continue
            if denied_at(low, i):
                files = {t.rstrip(".,") for t in tokens[i + 1:] if "." in t.strip(".,")}
                act = "move" if token.startswith(_MOVING) else "delete"
                acts.setdefault(act, set()).update(files or {"*"})
    return acts


@dataclass
class Roles:
    """What a task's words make of the files it names."""

    #: files its removal, move or rename acts on: they must be gone at the end
    objects: set[str] = field(default_factory=set)
    #: files it needs to stay: originals, files to keep, files a removal happens in
    protected: set[str] = field(default_factory=set)


def _marked(task: str, named: Iterable[str]) -> tuple[str, list[str]]:
    """``task`` with each named file replaced by a token ``\\x00<i>`` (its dots would end
    sentences), and the names by index."""
    order: list[str] = []
    for name in sorted(set(named), key=len, reverse=True):
        pattern = rf"(?<![\w.-]){re.escape(name)}(?![\w-])"
        if re.search(pattern, task):
            task = re.sub(pattern, f" \x00{len(order)} ", task)
            order.append(name)
    return task, order


def _sentences(text: str) -> list[list[str]]:
    return [re.findall(r"\x00\d+|[a-z']+|,", s.lower())
            for s in phrases(text) if s.strip()]


def roles(task: str, named: Iterable[str]) -> Roles:
    """The objects and the protected files among ``named`` (see the module's text)."""
    named = tuple(named)
    marked, order = _marked(task, named)
    found = Roles()
    for pattern in _RENAMING:
        found.objects |= {m.group("file").rstrip(".,;:") for m in pattern.finditer(task)} \
            & set(named)
    candidates: list[str] = []  # subjects "it" may stand for, in order
    reasons: list[str] = []  # files of a reason or time clause ("since b.txt replaces it")
    many = one = False
    for tokens in _sentences(marked):
        mode, had_file, refers = "", False, ""
        clause = ""  # "sub" inside a reason or time clause, up to its comma
        for i, token in enumerate(tokens):
            before = tokens[i - 1] if i else ""
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if token == ",":
                clause = ""
            elif token in SUBORDINATE and (token != "as" or (
                    before != "well" and (after.startswith("\x00") or after in _SUBJECTS))):
                clause = "sub"  # ("as b.txt replaces it"; not "as a new line of b.txt")
            elif removes(token) or (token == "clear" and after in {"away", "out"}):
                mode = "keep" if before in _NEGATIONS or (
                    i > 1 and tokens[i - 2] in _NEGATIONS) else "remove"
                refers = refers or _refers(tokens[i + 1:])
                clause = ""  # ("now delete a.txt": the removal is the main clause)
            elif token in KEEP_WORDS:
                mode = "keep"
            elif token.startswith("\x00"):
                name = order[int(token[1:])]
                complement = before in COMPLEMENT and not (
                    before == "of" and i > 1 and tokens[i - 2] in _CHOOSING) and not (
                    before == "as" and i > 1 and tokens[i - 2] == "well")  # a list's "and"
                relation = (before == "of" and i > 1 and tokens[i - 2] in RELATIONS) or (
                    after == "'s" and i + 2 < len(tokens) and tokens[i + 2] in RELATIONS) or (
                    # "main.txt has an extra copy", "y.txt replaced by …" is the new one
                    after in {"has", "have"} and bool(set(tokens[i + 2:i + 5]) & RELATIONS)) \
                    or (before == "by" and i > 1 and tokens[i - 2] in _REPLACED_BY)
                relation = relation or before in _COPYING_VERBS
                if mode == "remove" and after in AUXILIARIES:
                    mode = ""  # "…, b.txt has to stay": a new clause's subject, no object
                # ("b.txt takes over", "takes its place"; not "a.mp4 takes too much space")
                replacing = after in _REPLACING and (after not in {"takes", "took"} or (
                    i + 2 < len(tokens) and tokens[i + 2] in {"over", "its", "the", "place"}))
                if relation or mode == "keep" or after in POINTING or replacing \
                        or before in _NEGATIONS \
                        or (mode == "remove" and before in {"from", "in", "inside"}):
                    found.protected.add(name)
                elif clause == "sub" and any(removes(t) for t in tokens):
                    reasons.append(name)  # why or when, not what: "because b.txt …"
                elif mode == "remove":
                    had_file = True
                    if not complement:
                        found.objects.add(name)
                elif not complement:
                    candidates.append(name)
        if refers and not had_file:
            many, one = many or refers == "many", one or refers == "one"
    candidates = [c for c in dict.fromkeys(candidates) if c not in found.protected]
    if not ((many or one) and not candidates):
        # a reason's file stays, unless "it" can stand for nothing else ("once you have
        # read a.txt, delete it": neither an object nor kept, the other rules judge it)
        found.protected |= set(reasons) - found.objects
    if many and candidates:
        found.objects |= set(candidates)
    elif one and len(candidates) == 1:
        # one word for one file: the others the task names are not what it removes
        found.objects.add(candidates[0])
        found.protected |= set(named) - found.objects
    # a file cleared to be written again ("wipe a.txt and put X in it"): not removed
    found.objects -= refilled(task, named)
    found.protected -= found.objects
    return found


#: a file cleared and then, in the same sentence, written into ("wipe a.txt and put X in it",
#: "clear b.log, then write X to b.log"): its text is replaced, the file is not removed
REFILL = re.compile(r"\b(?:wip|clear|eras|empt|blank)\w*\s+(?:out\s+)?(?:the\s+)?(?:file\s+)?"
                     r"(?P<file>[^\s,;]+?),?\s[^.;!?]*?\b(?:put|write|add|type|enter|save|"
                     r"place|fill|paste)\b[^.;!?]*?\b(?:in|into|to|inside|onto|with)\s+"
                     r"(?:it|there|(?P=file))(?![\w-])", re.IGNORECASE)


def refilled(task: str, named: Iterable[str]) -> set[str]:
    """The files of ``named`` the task clears to write them again (``REFILL``)."""
    return {m.group("file") for m in REFILL.finditer(task)} & set(named)


def removal_objects(task: str, named: Iterable[str]) -> set[str]:
    return roles(task, named).objects


def _refers(rest: list[str]) -> str:
    """Whether the object after a removal verb is a word standing for files named
    elsewhere: ``"one"``, ``"many"`` or ``""``, by its head (its last word before a
    complement, a file, a comma or a new verb)."""
    phrase: list[str] = []
    for token in rest:
        if token.startswith("\x00") or token == "," or removes(token) or token in KEEP_WORDS \
                or token in _NEGATIONS or (token in COMPLEMENT and phrase):
            break
        if token not in COMPLEMENT:
            phrase.append(token)
    while phrase and phrase[-1] in _ADVERBS:
        phrase.pop()
    head = phrase[-1] if phrase else ""
    return "many" if head in REFERRING_MANY else "one" if head in REFERRING else ""


def objects_left(task: str, named: tuple[str, ...], written: set[str],
                 exists: Callable[[str], bool]) -> str | None:
    """A file the task's removal, move or rename acts on that is still there, and not
    because the run wrote it anew."""
    for name in sorted(removal_objects(task, named)):
        if exists(name) and name not in written:
            return (f"Refused: the task asks for {name} to go (deleted, moved or renamed), "
                    f"but {name} is still there. Do that first, then finish.")
    return None


#: words of a task that removes a folder's whole content ("every file in tmp/", "clear out
#: the cache folder")
_WHOLE = frozenset({"every", "all", "everything", "clear", "empty"})
_DELETING = frozenset({"delete", "remove", "erase", "clear", "empty", "wipe", "purge",
                       "clean", "go"})


#: "in photos/", "the photos folder": a folder the task names
FOLDER_NAMED = re.compile(r"\b(?P<name>[\w.-]+)\s+(?:folder|directory|dir)\b"
                           r"|(?<![\w./-])(?P<slash>[\w.-]+)/(?![\w.-])", re.IGNORECASE)


#: words of a task that picks some of a folder's files
_PICKING = frozenset({"that", "which", "whose", "older", "newer", "larger", "smaller",
                      "bigger", "containing", "named", "called", "ending", "starting", "with",
                      "unless", "if", "duplicate", "duplicates", "old"})


def folder_left(task: str, named: Iterable[str],
                listing: Callable[[str], list[str]]) -> str | None:
    """A task that empties a folder it names (``erase every file in the tmp folder``,
    ``clear out the cache folder``), with files left in it other than the ones the task
    names (``… except final.txt``) or picks by kind. ``listing``: the files below a folder
    of the workspace (none when it is no real folder)."""
    asked = set(re.findall(r"[a-z]+", task.lower()))
    if asked & _PICKING or re.search(r"\b(?:empty|blank)\s+(?:\w+\s+)?files?\b", task,
                                      re.IGNORECASE):
        return None  # some files of the folder: "the empty files", "files older than …"
    if not asked & _WHOLE or not asked & _DELETING or re.search(
            r"(?<![\w.])\*?\.[A-Za-z]\w{0,7}\b(?!\.)", re.sub(r"\S+\.\w+/?\S*", "", task)):
        return None
    spared = {n.rsplit("/", 1)[-1] for n in named}
    folders = {m.group("name") or m.group("slash") for m in FOLDER_NAMED.finditer(task)}
    for folder in sorted(folders - {"the", "a", "that", "this", "each", "every", "whole"}):
        left = [p for p in listing(folder) if p.rsplit("/", 1)[-1] not in spared]
        if left:
            return (f"Refused: the task empties {folder}, but {', '.join(sorted(left)[:5])} "
                    f"{'is' if len(left) == 1 else 'are'} still there. Delete "
                    f"{'it' if len(left) == 1 else 'them'} too, then finish.")
    return None


#: words of a task that gives a file another name or place
_NAMING = frozenset({"rename", "renamed", "move", "moved", "name", "named", "call", "called"})


def rename_lost(task: str, named: Iterable[str], record: Record,
                starts: Mapping[str, str], read: Callable[[str], str | None]) -> str | None:
    """A rename or move done as a new file written plus the old one deleted, where the new
    file does not hold the old one's text (a case-only rename by append and delete): the
    text of the file the task renames is lost."""
    named = tuple(named)
    if not set(re.findall(r"[a-z]+", task.lower())) & _NAMING:
        return None
    for old in sorted(roles(task, named).objects):
        if record.removed.get(old) != "delete_file":
            continue
        for new in named:
            if new == old or new not in record.written or new in starts \
                    or record.renamed.get(old) == new:
                continue
            before, now = (starts.get(old) or "").strip(), read(new) or ""
            if not before or before not in now:
                return (f"Refused: the task gives {old} a new name, but you deleted it and "
                        f"{new} does not hold its text. Recreate {old} and rename it (or copy "
                        "its text over), then finish.")
    return None
