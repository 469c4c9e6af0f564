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
    task sends the files)."""
    def owners(dest: str) -> list[str]:
        return [s for s in dict.fromkeys([*sources, *named])
                if PurePosixPath(s).name == PurePosixPath(dest).name
                and PurePosixPath(s).parent != PurePosixPath(dest).parent]
    out: dict[str, list[str]] = {}
    for source in sources:
        fits = [d for d in destinations if source in owners(d) or not owners(d)]
        if fits:
            out[source] = fits
    return out


def located(task: str, new: list[str], places: tuple[str, ...]) -> dict[str, str]:
    """The path of each bare new name the task gives right before a folder it names ("an
    empty __init__.py in pkg/", "status.txt inside the reports folder"): in that folder,
    not at the top (a 135M model was offered only the top)."""
    out = {}
    for name in new:
        if "/" in name:
            continue
        for place in places:
            base = re.escape(place.rsplit("/", 1)[-1])
            said = rf"(?:{re.escape(place)}/|(?:the\s+)?{base}\s+(?:folder|directory)\b)"
            if re.search(rf"(?<![\w./-]){re.escape(name)}\s+(?:in|inside|under|into)\s+"
                         rf"(?:the\s+)?{said}", task, re.IGNORECASE) or re.search(
                    # (a sentence that opens with the folder: "In the logs folder, add a.txt")
                    rf"(?:^|[.!?]\s+)(?:in|inside|within|under)\s+(?:the\s+)?{said}\s*,?"
                    rf"[^.!?]*?(?<![\w./-]){re.escape(name)}(?![\w-])", task, re.IGNORECASE):
                out[name] = f"{place}/{name}"
                break
    return out
