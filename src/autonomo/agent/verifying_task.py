"""What a task designates, read for the positive verifiers (``verifying``).

Everything here is read from the task's text and the workspace as it was at the task's
start, never from what the agent did: the files and folders the task names (resolved against
the start workspace, dotfiles and names without an extension included), the verbs of the
operations it asks for, the words that deny or restrict one, and the values it states.

Wording this module does not know yields nothing, and a verifier that gets nothing does not
verify: unknown wording is never a success.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from autonomo.agent.strategies.folders import folders_removed
from autonomo.agent.strategies.names import named_folders
from autonomo.agent.strategies.placing import located
from autonomo.agent.task_text import CLEARING, names_a_place
from autonomo.agent.verifying_snapshot import Changes, Snapshot

#: a word of the task that restricts or denies something ("not", "don't", "without" …)
NEGATION = re.compile(r"\b(?:not|never|no|nothing|none|without|instead|rather|except|unless|"
                      r"if|only if|neither|nor)\b|n't\b", re.IGNORECASE)
#: the verbs of each whole-file or text operation a verifier knows
VERBS = {
    "delete": r"delete|deleted|remove|removed|erase|get rid of|discard|trash|throw away|"
              + CLEARING,
    "copy": r"copy|copies|copied|duplicate|duplicated|identical|back(?:ed)?\s+(?:\S+\s+){0,3}?up|"
            r"(?:a|an)\s+back-?up",
    "move": r"move|rename|relocate|call it|should be called|name it|"
            r"give\s+(?:[\w.'-]+\s+)?(?:a|the)\s+(?:\w+\s+)?name",
    "append": r"append|appended|add|added",
    "write": r"write|written|save|saved|put|create|created|store|stored|note|jot",
    "edit": r"change|changed|replace|replaced|update|updated|set|fix|bump|correct",
}
_VERB = {op: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for op, words in VERBS.items()}
#: a file or folder name as a task writes it: with a folder part, a dot or a trailing slash
_NAME = re.compile(r"(?<![\w.@/-])((?:[\w.-]+/)*(?:[\w-][\w.-]*\.[\w-]+|\.\w[\w.-]*)"
                   r"|(?:[\w.-]+/)+)(?![\w@-]|\.\w)")
_QUOTED = re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)|\"([^\"\n]+)\"|`([^`\n]+)`|‘([^’\n]+)’|“([^”\n]+)”")
#: words before a plain word that make it a file's name ("the file called cleanup")
_NAMING = re.compile(r"\b(?:file|script|program|called|named)\s+$", re.IGNORECASE)
#: … or after it ("the NEWS file")
_FILE_AFTER = re.compile(r"\s+(?:file|script|program)\b", re.IGNORECASE)


#: a past form of an operation's verb after a word that is no auxiliary, before its object:
#: a tale of what was done, no request ("my editor added the .txt", "Tom deleted it"); not
#: "is added", "with the date added at the top"
_NARRATED = re.compile(r"(?<=[a-z] )(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )"
                       r"(?<!\bbeen )(?<!\bget )(?<!\bgot )(?<!\bhave )(?<!\bhas )(?<!\bhad )"
                       r"(?<!\band )(?<!\bthen )(?<!\bor )(?<!\bplease )(?<!\bto )"
                       r"(?:added|appended|removed|deleted|copied|duplicated|moved|renamed|"
                       r"changed|replaced|updated|created|wrote|saved|stored)\s+(?=(?:the|a|an|"
                       r"this|that|these|those|it|them|its|my|our|his|her|their|some)\b)",
                       re.IGNORECASE)
#: a determiner before an operation's word makes it a noun ("the duplicate", "a copy")
_DETERMINER = re.compile(r"\b(?:the|a|an|this|that|its|my|our|your|their)\s+$", re.IGNORECASE)


def verbs(task: str, *, nouns: bool = True) -> set[str]:
    """The operations whose words the task uses (``nouns=False``: as verbs only, not "the
    duplicate" or "a copy")."""
    # what someone did is told, not asked ("my editor added the .txt by mistake")
    task = _NARRATED.sub(lambda m: " " * len(m.group()), task)
    # a word inside a file name ('family copy.vcf') is no operation
    task = _NAME.sub(lambda m: " " * len(m.group()), _QUOTED.sub(
        lambda m: " " * len(m.group()) if "." in m.group() else m.group(), task))
    return {op for op, pattern in _VERB.items()
            if any(nouns or not _DETERMINER.search(task[:m.start()])
                   for m in pattern.finditer(task))}


def quoted(task: str, values: bool = False) -> list[str]:
    """The quoted texts of the task, in order (``values``: not those naming a part of a file,
    "the keys of its 'theme' section": no text to write, ``task_text.names_a_place``)."""
    return [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(task)
            if not values or not names_a_place(task, m.start(), m.end())]


@dataclass(frozen=True)
class Mention:
    """A file of the start workspace the task names: its path, and where in the task."""

    path: str
    start: int
    end: int


def _whole(task: str, text: str) -> list[tuple[int, int]]:
    """Where ``text`` stands in ``task`` as a whole name (not inside a longer name)."""
    return [(m.start(), m.end()) for m in re.finditer(
        rf"(?<![\w.@/-]){re.escape(text)}(?![\w@/-]|\.\w)", task)]


def files_named(task: str, files: Collection[str]) -> list[Mention]:
    """The files of ``files`` (the start workspace) the task names, by path or by a name
    that only one of them has; a plain word ("cleanup") only when quoted or said to be a
    file ("the file cleanup", "the cleanup script"). In order of mention."""
    # (every verifier asks, with the same task and start: a regex a file, worked out once)
    return list(_files_named(task, tuple(files)))


@functools.lru_cache(maxsize=8)
def _files_named(task: str, files: tuple[str, ...]) -> tuple[Mention, ...]:
    by_name: dict[str, list[str]] = {}
    for path in files:
        by_name.setdefault(path.rsplit("/", 1)[-1], []).append(path)
    found: list[Mention] = []
    for path in files:
        base = path.rsplit("/", 1)[-1]
        spots = _whole(task, path)
        if not spots and len(by_name[base]) == 1 and base != path:
            spots = _whole(task, base)
        for start, end in spots:
            plain = "." not in base.strip(".") and "/" not in path and not base.startswith(".")
            if plain and not (_NAMING.search(task[:start]) or _FILE_AFTER.match(task, end)
                              or (start > 0 and task[start - 1] in "'\"`‘“")):
                continue
            found.append(Mention(path, start, end))
    found.sort(key=lambda m: m.start)
    # a name inside a longer name the task also names ("a.txt" in "a.txt.bak") is not one
    return tuple(m for m in found if not any(o is not m and o.start <= m.start
                                             and m.end <= o.end
                                             and (o.end - o.start) > (m.end - m.start)
                                             for o in found))


def new_names(task: str, files: Collection[str]) -> list[str]:
    """Names of files the task gives that the start workspace does not hold (targets of a
    copy, a rename or a write), quoted ones included, in order; not a part of a name of the
    start workspace ("plans.txt" of 'travel plans.txt')."""
    # (asked by most verifiers of one finish, with the same task and start)
    return list(_new_names(task, tuple(files)))


@functools.lru_cache(maxsize=8)
def _new_names(task: str, files: tuple[str, ...]) -> tuple[str, ...]:
    spans = [(m.start, m.end) for m in files_named(task, files)]
    names = [m.group(1) for m in _NAME.finditer(task) if not m.group(1).endswith("/")
             and not any(s <= m.start(1) < e for s, e in spans)]
    names += [q for q in quoted(task) if re.fullmatch(r"[\w .()-]+\.\w+", q)]
    # a name with no ending said to be a new file's ("into a file named gate_code")
    names += [m.group(1) for m in _NEW_PLAIN.finditer(task)]
    known = set(files) | {p.rsplit("/", 1)[-1] for p in files}
    return tuple(dict.fromkeys(n.rstrip(".") for n in names
                               if n.rstrip(".") not in known and not _version_like(n)))


def placed_names(task: str, start: Snapshot) -> list[str]:
    """``new_names`` with a bare one placed where the task puts it: in the folder it names
    right beside it or opens the sentence with ("In the beds folder, add a file x.txt":
    ``beds/x.txt``, never x.txt at the top; ``placing.located``)."""
    names = new_names(task, start.files)
    folders = sorted(start.folders | folders_of(start.files))
    found = located(task, names, named_folders(task, folders))
    return [found.get(n, n) for n in names]


#: a plain name said to be a new file's ("a file named gate_code", "a new file called TODO")
_NEW_PLAIN = re.compile(r"\b(?:a|an)\s+(?:new\s+|empty\s+)?file\s+(?:named|called)\s+"
                        r"([\w-]+)(?![\w.-])", re.IGNORECASE)


def _version_like(name: str) -> bool:
    """``1.1``, ``2.4.1``, ``127.0.0.1``, ``v2.10.0``: numbers, not file names."""
    return bool(re.fullmatch(r"v?\d+(?:\.\d+)+\.?", name))


def folders_named(task: str, folders: Collection[str]) -> list[str]:
    """Folders the task names: ``name/`` (existing or new), or an existing folder called
    "the <name> folder" / "into <name>"."""
    found = [m.group(1).rstrip("/") for m in _NAME.finditer(task) if m.group(1).endswith("/")]
    for folder in folders:
        base = folder.rsplit("/", 1)[-1]
        if re.search(rf"\b(?:the\s+)?{re.escape(base)}\s+(?:folder|directory)\b", task) \
                or re.search(rf"\b(?:into|in|to)\s+(?:the\s+)?{re.escape(folder)}\b"
                             r"(?!\.\w|/[\w.-])", task):  # (not one below it: "shelf/2024/")
            found.append(folder)
    return list(dict.fromkeys(found))


def folders_of(files: Collection[str]) -> set[str]:
    """Every folder that holds one of ``files`` (paths), at any depth."""
    return {"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)}


#: files of a kind: "every .bak file", "the .orig files", "all *.tmp files"
KIND = re.compile(r"(?<![\w.])\*?(\.[A-Za-z0-9]{1,8})\s+files?\b", re.IGNORECASE)


def undesignated(task: str, start: Snapshot, found: Changes) -> str:
    """What the run deleted or changed of the start workspace that the task does not
    designate by the file's name, by its kind (".bak files") or by a folder it names; ""
    when nothing. Nothing a verifier may confirm touches any other existing file."""
    named = {m.path for m in files_named(task, start.files)}
    kinds = {k.lower() for k in KIND.findall(task)}
    folders = folders_named(task, folders_of(start.files))
    # (and a folder it removes whole, however it names it: "the folder named 'old'")
    folders += folders_removed(task, sorted(start.folders | folders_of(start.files)))
    for what, paths in (("deleted", found.removed), ("changed", found.changed)):
        for path in sorted(paths):
            if path not in named and not path.lower().endswith(tuple(kinds) or ("\0",)) \
                    and not any(path.startswith(f.rstrip("/") + "/") for f in folders):
                return (f"{path} existed at the start and was {what}, though the task does "
                        "not designate it")
    return ""


def negations(task: str, harmless: Collection[str]) -> list[str]:
    """The task's denying or restricting phrases that a verifier does not understand: each
    negation word with the words after it (to the clause's end), unless one of ``harmless``
    (words that only restate the operation: "not a move" for a copy) is among the next four
    words."""
    left: list[str] = []
    for m in NEGATION.finditer(task):
        clause = re.split(r"[.;,:!?()\n]|\s-\s", task[m.end():], maxsplit=1)[0]
        following = re.findall(r"[\w']+", clause.lower())[:4]
        if following and not set(following) & set(harmless):
            left.append((m.group(0) + clause).strip())
    return left


#: words that may stand between an operation's verb and the file it acts on ("delete the
#: old file a.txt", "make a copy of b.txt"); any other word may make the object a part of
#: the file ("copy the first line of a.txt"): the file is then not the object
_BETWEEN = {"the", "a", "an", "file", "files", "called", "named", "old", "every", "all", "of",
            "duplicate", "copy", "exact", "identical", "contents", "content", "whole",
            "entire", "and", "both", "please", "also", "just", "over", "stale", "it", "this",
            "that", "these", "those", "from", "my", "our", "your", "byte", "for"}
_SENTENCE = re.compile(r"[.!?;:]\s|\n|\s-\s")
#: what makes a description between a verb and a file a part of the file ("the port number
#: in a.txt", "the error line from b.log", "a.txt's last line"), or another clause
_PART = re.compile(r"\b(?:of|from|in|inside|within|on|at|after|before|under|out|between|"
                   r"where|with|without|that|which)\b|[,;:\"`‘“]|'(?=\w)", re.IGNORECASE)
#: the words after an operation's verb that say where its object goes ("copy it to b.txt")
_WHERE = re.compile(r"\b(?:to|into|as|onto|over|under|called|named|with|keeping|using)\b|"
                    r"[.!?;:,(]|\s-\s|$", re.IGNORECASE)
#: words that stand for a file named before the verb ("a.txt is stale - delete it")
_PRONOUNS = {"it", "them", "one", "ones", "both", "too", "as", "well", "away", "out", "now",
             "there", "here", "over", "across", "along",
             "please", "entirely", "completely", "altogether"}


def _plain_words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+(?:'[a-z]+)?", text.lower()))


def _holds_another(task: str, mention: Mention, texts: Mapping[str, str | None]) -> bool:
    """Whether the file is a pointer a later pronoun may see through: its start text names
    another file of the workspace, and the task says it names or holds something ("which.txt
    names the plan - copy it", "the plan is named in which.txt"): the file after "in" or
    "from", or the file, one word, then a determiner."""
    text = texts.get(mention.path) or ""
    if not any(other != mention.path and other.rsplit("/", 1)[-1] in text for other in texts):
        return False
    before = re.findall(r"[a-z]+", task[:mention.start].lower())[-1:]
    return bool(set(before) & {"in", "inside", "within", "from"}) \
        or re.match(r"\s+\w+\s+(?:the|a|an|which|what|whose|our|my|your|their|its|this|"
                    r"that|some)\b", task[mention.end:], re.IGNORECASE) is not None


def acts_on_whole(task: str, verb: re.Pattern[str], mention: Mention,
                  mentions: list[Mention], texts: Mapping[str, str | None]) -> bool:
    """Whether the operation's verb acts on the whole file ``mention`` names, not a part of
    it. A file after its verb: only words of ``_BETWEEN`` stand between them, or a plain
    description of the file ("the old draft a.txt", "both dumps (a.dmp and b.dmp)") with no
    word that takes a part of it ("the port in a.txt", "a.txt's first line"). A file named
    before its verb ("In a.txt, copy the port", "a.txt can go - delete it"): the verb's
    object, up to where it is put, is the file itself (a pronoun, "the file"), and the file
    is no pointer the pronoun may stand for the target of (``texts``: the start's texts)."""
    starts = [m.end() for m in _SENTENCE.finditer(task[:mention.start])]
    sentence_start = starts[-1] if starts else 0
    found = [m for m in verb.finditer(task, sentence_start, mention.start)]
    others = [o for o in mentions if o is not mention]
    if not found:
        after = verb.search(task, mention.end)
        if after is None:
            return True  # no such verb after it either: nothing to read its object from
        names = _NAME.search(task, after.end())  # a new name the object is put at
        stop = min([o.start for o in others if o.start >= after.end()]
                   + [_WHERE.search(task, after.end()).start()]
                   + ([names.start()] if names else []))
        return _plain_words(task[after.end():stop]) <= _BETWEEN | _PRONOUNS \
            and not _holds_another(task, mention, texts)
    between = task[found[-1].end():mention.start]
    for other in others:
        if found[-1].end() <= other.start and other.end <= mention.start:
            between = between.replace(task[other.start:other.end], " ")
    if re.match(r"['’]s\b", task[mention.end:]):
        return False  # "a.txt's last line"
    # only words that may stand there, or a description of the file itself with no word
    # that takes a part of it
    return _plain_words(between) <= _BETWEEN \
        or not _PART.search(between.rstrip().rstrip("'\"`‘“"))
