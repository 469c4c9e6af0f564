"""Where a copy or a move puts a file: the folder the task sends it to, under the name it
gives, or its own name there.

"copy a/w.txt to handover/ and call it r.txt" is ``handover/r.txt`` (a 135M model offered
``handover/w.txt`` and ``r.txt`` made both); "move every .log file into logs/" is
``logs/<its name>`` for each (offered no path there, it renamed one to ``.log``). A source
and a destination are offered in pairs (``pairs``): a file already in the folder is no
source of a move into it, and one file never takes another's place there.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

#: words that send a file somewhere ("to handover/", "into the archive folder")
_TOWARDS = r"(?:to|into|onto|under)"
#: words that may stand between them and the folder ("into a new folder x/")
_GAP = r"(?:(?:the|a|an|new|folder|directory|sub-?folder)\s+)*"


def towards(task: str, places: tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``places`` the task sends a file to: right after "to", "into", "onto"
    or "under" ("copy a.txt to handover/", "into the archive folder"); not one it only
    locates a file in ("the whiteboard.txt in meetings/1/")."""
    out = []
    for place in places:
        name = re.escape(place.rsplit("/", 1)[-1])
        said = rf"(?:{re.escape(place)}|{name})" if "/" in place else name
        if re.search(rf"\b{_TOWARDS}\s+{_GAP}{said}(?![\w.-]|/[\w.-])", task, re.IGNORECASE):
            out.append(place)
    return tuple(out)


#: words that locate a file in a folder, not send it there ("the .tmp files in cache/")
_WITHIN = r"(?:in|inside|within|from)"
#: words that deny a location ("not in keep/", "except in src/")
_DENIED = re.compile(r"\b(?:not|except|excluding|besides|but|never|apart\s+from)\s*$",
                     re.IGNORECASE)


def within(task: str, places: tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``places`` the task locates files in: right after "in", "inside",
    "within" or "from" (or in a list that follows one: "in cache/ and logs/"), not after a
    denial ("not in keep/"); a kind's files are those of these folders ("delete the .tmp
    files in cache/" is no removal of keep/b.tmp)."""
    out = []
    for place in places:
        name = re.escape(place.rsplit("/", 1)[-1])
        said = rf"(?:{re.escape(place)}|{name})" if "/" in place else name
        for m in re.finditer(rf"\b{_WITHIN}\s+{_GAP}(?:[\w./-]+\s*(?:,|and|or|&)\s+{_GAP})*"
                             rf"{said}(?![\w.-]|/[\w.-])", task, re.IGNORECASE):
            if not _DENIED.search(task[:m.start()]):
                out.append(place)
                break
    return tuple(out)


def placed(task: str, named: list[str], kinds: list[str], new: list[str],
           places: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(new paths, bare names placed) for the files sent to the folders the task names:
    ``named`` (files that were there it names) and, when it sends them to a folder
    (``towards``), ``kinds`` (those it points at by kind or folder: "every .log file into
    logs/"); each source's own name in each folder it is not in yet; with one source, one
    folder it is sent to and one bare new name the task gives (``new``), that name in that
    folder instead ("copy a.txt to b/ and call it c.txt": ``b/c.txt``, neither ``b/a.txt``
    nor ``c.txt``)."""
    sent = towards(task, places)
    sources = list(dict.fromkeys([*named, *(kinds if sent else ())]))
    bare = [n for n in new if "/" not in n]
    if TOP.search(task) and not sent:
        # (to the top of the workspace: a source in a folder under its own name there, when
        # the task gives no new name; "move reports/q1.txt up to the top level")
        return tuple(dict.fromkeys(PurePosixPath(n).name for n in named if "/" in n
                                   and not bare)), ()
    if len(sources) == 1 and len(sent) == 1 and len(bare) == 1 and not _inside(
            sources[0], sent[0]):
        return (f"{sent[0]}/{bare[0]}",), (bare[0],)
    folders = sent or places
    return tuple(dict.fromkeys(
        path for folder in folders for name in sources if not _inside(name, folder)
        if (path := f"{folder}/{PurePosixPath(name).name}") != name)), ()


def _inside(path: str, folder: str) -> bool:
    return path.startswith(folder + "/")


def pairs(sources: list[str], destinations: list[str], named: tuple[str, ...] = ()
          ) -> dict[str, list[str]]:
    """Each source with the destinations it may take: a new path in another folder under
    its own name, or a path whose name is no other file's the task names or moves (a new
    name the task gives); a source with none left is not offered (a file already where the
    task sends the files). (The owners of each destination are looked up by name once: a
    task naming 250 files took minutes to build its step's grammar.)"""
    by_name: dict[str, list[tuple[str, PurePosixPath]]] = {}
    for path in dict.fromkeys([*sources, *named]):
        at = PurePosixPath(path)
        by_name.setdefault(at.name, []).append((path, at.parent))
    owners: dict[str, set[str]] = {}
    for dest in dict.fromkeys(destinations):
        at = PurePosixPath(dest)
        owners[dest] = {path for path, parent in by_name.get(at.name, ()) if parent != at.parent}
    out: dict[str, list[str]] = {}
    for source in sources:
        fits = [d for d in destinations if source in owners[d] or not owners[d]]
        if fits:
            out[source] = fits
    return out


def _said(place: str) -> str:
    """A folder as a task marks it: its path with a slash, or its name beside "folder"."""
    base = re.escape(place.rsplit("/", 1)[-1])
    return (rf"(?:{re.escape(place)}/|(?:the\s+)?{base}\s+(?:folder|directory|sub-?folder)\b|"
            rf"(?:the\s+)?(?:folder|directory)\s+['\"`]?{base}['\"`]?(?![\w.-]))")


#: where a sentence or a clause begins
_OPENING = r"(?:^|[.!?;]\s+|\n)"
#: a task that puts a file at the top of the workspace, in no folder ("at the top level",
#: "to the workspace root"; not "the top of the file")
TOP = re.compile(r"\btop[\s-]?level\b|\b(?:the|workspace'?s?|project'?s?)\s+root\b|"
                 r"\btop\s+of\s+the\s+(?:workspace|project)\b|\bout\s+of\s+(?:any|all)\s+"
                 r"(?:sub-?)?folders?\b|\bmain\s+(?:workspace\s+)?folder\b", re.IGNORECASE)


def located(task: str, new: list[str], places: tuple[str, ...]) -> dict[str, str]:
    """The path of each bare new name the task gives right before a folder it names ("an
    empty __init__.py in pkg/", "status.txt inside the reports folder"), or in a sentence
    that opens with the folder ("In the polytunnel folder, add tomato.txt", "Under pantry/,
    duplicate a.md as b.md"): in that folder, not at the top (a 135M model was offered only
    the top); not in a sentence that sends it elsewhere (to another folder, the top)."""
    out = {}
    for name in new:
        if "/" in name:
            continue
        for place in places:
            said = _said(place)
            if re.search(rf"(?<![\w./-]){re.escape(name)}\s+(?:in|inside|under|into)\s+"
                         rf"(?:the\s+)?{said}", task, re.IGNORECASE) or _opened(
                    task, name, place, places):
                out[name] = f"{place}/{name}"
                break
    return out


def _opened(task: str, name: str, place: str, places: tuple[str, ...]) -> bool:
    """Whether ``name`` stands in a sentence that opens with ``place`` as where it happens
    ("In the kiosk folder, rename a.txt to b.txt") and sends nothing elsewhere."""
    for m in re.finditer(rf"{_OPENING}(?:(?:so|now|then|please|ok|okay),?\s+)?(?:in|inside|within|"
                         rf"under)\s+(?:the\s+)?{_said(place)}\s*[,:-]", task, re.IGNORECASE):
        sentence = re.split(r"[.!?;](?:\s|$)|\n", task[m.end():], maxsplit=1)[0]
        if re.search(rf"(?<![\w./-]){re.escape(name)}(?![\w-]|\.\w)", sentence) and not (
                TOP.search(sentence) or towards(sentence, tuple(p for p in places
                                                               if p != place))):
            return True
    return False


#: verbs that send files to a folder
_SENDING = re.compile(r"\b(?:(?:mov|cop|put|plac|transfer|duplicat|relocat|send|sent|backup)\w*|"
                      r"back\s+up|go(?:es)?\s+(?:to|into|inside|under|onto)\b)", re.IGNORECASE)


def _kind(path: str) -> str:
    base = path.rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[1].lower() if "." in base.strip(".") else ""


def in_scope(task: str, matching: tuple[str, ...], places: tuple[str, ...],
             apart: tuple[str, ...]) -> tuple[str, ...]:
    """``matching`` (files of the kinds the task names) with each kind narrowed to the
    folders the task takes files from (those it names, but those it sends files to or
    keeps apart: ``apart``) when they hold files of that kind: "the .log files from app/
    into logs/" is not vendor/v.log; "every .tmp file in scratchpad/" is not a .tmp at the
    top. A kind none of those folders holds stays whole ("the .tmp files and docs/")."""
    # (a folder is where files go only in a task that sends them: "the .pyc files under
    # build/ can go" takes them from build/)
    sent = towards(task, places) if _SENDING.search(task) else ()
    sources = [p for p in places if p not in apart and p not in sent]
    if not sources:
        return matching
    scoped = {f for f in matching if any(_inside(f, p) for p in sources)}
    held = {_kind(f) for f in scoped}
    return tuple(f for f in matching if f in scoped or _kind(f) not in held)


def of_kind(task: str, files: tuple[str, ...], kinds: set[str], places: tuple[str, ...],
            apart: tuple[str, ...]) -> tuple[str, ...]:
    """The ``files`` of the kinds the task names, in the folders it takes them from: none in
    a folder kept apart (``apart``); only those of the folders it locates them in when it
    does (``within``: "the .tmp files in cache/" are never keep/b.tmp, even when cache/
    holds none); then each kind narrowed to the folders the task names (``in_scope``)."""
    scope = within(task, tuple(p for p in places if p not in apart))
    found = tuple(f for f in files if "." in f and f.rsplit(".", 1)[1].lower() in kinds
                  and not any(_inside(f, p) for p in apart)
                  and (not scope or any(_inside(f, p) for p in scope)))
    return in_scope(task, found, places, apart)


def of_kinds(files: list[str], kinds: set[str], start: list[str]) -> list[str]:
    """The files of a folder the task designates that are of the kinds it names, when some
    of its files were at the start (``start``: "the .bak files in drafts/" are never
    drafts/ch3.md, not even once they are deleted); all of them when none was."""
    if any(_kind(f) in kinds for f in start if any(f.startswith(PurePosixPath(g).parent.as_posix()
                                                                 + "/") for g in files)):
        return [f for f in files if _kind(f) in kinds]
    return files
