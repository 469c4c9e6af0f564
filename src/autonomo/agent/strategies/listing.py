"""Facts of the workspace's listing: the names and counts of its files, all of them, per
extension, per folder, and per folder and extension ("how many PDFs are in scans/": the
.pdf files of that folder, not all its files nor every .pdf of the workspace)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from autonomo.agent.strategies.facts import COUNT_WORDS, LIST_WORDS, Fact, fact

#: what a task calls the files of an extension
_LANGUAGES = {"py": "python script", "md": "markdown", "js": "javascript", "ts": "typescript",
              "txt": "text", "sh": "shell script", "rb": "ruby", "yml": "yaml",
              "htm": "html web page", "html": "web page", "jpg": "image", "png": "image"}


def _extension(name: str) -> str:
    # (a name ending in a dot has no extension: its group would be "", all the files,
    # the list ``listing_facts`` walks — appended to, it never ended)
    return name.rpartition(".")[2] if "." in name.rpartition("/")[2] else ""


def _kind_facts(words: str, ext: str, names: list[str]) -> list[Fact]:
    """The list and the count of ``names`` (files of extension ``ext``, "" for any) under
    ``words``, the extension's own words and its dotted form (``.pdf``)."""
    kind = f"{ext} {_LANGUAGES.get(ext.lower(), '')}" if ext else ""
    dotted = frozenset({f".{ext.lower()}"} if ext else ())
    made = (fact(f"{words} {kind} files {LIST_WORDS}", "\n".join(names)),
            fact(f"{words} {kind} files {COUNT_WORDS}", len(names)))
    return [Fact(f.key | dotted, f.value, f.source) for f in made]


#: what a task calls the folders directly in a folder
_SUBFOLDERS = "folders directories subfolders sub-folders subdirectories dirs"


def subfolder_facts(files: Iterable[str], folders: Iterable[str] = ()) -> list[Fact]:
    """The names and the count of the folders directly in each folder (from the files'
    paths and the folders listed, an empty one too), keyed by the folder's name: "the
    subfolders of projects" is not its files."""
    inside: dict[str, list[str]] = {}
    for path in [*folders, *(f.rsplit("/", 1)[0] for f in files if "/" in f)]:
        parts = path.split("/")
        for depth in range(1, len(parts)):
            names = inside.setdefault("/".join(parts[:depth]), [])
            if parts[depth] not in names:
                names.append(parts[depth])
    return [made for folder, names in inside.items()
            for made in (fact(f"{folder} {_SUBFOLDERS} {LIST_WORDS}", "\n".join(names)),
                         fact(f"{folder} {_SUBFOLDERS} {COUNT_WORDS}", len(names)))]


def listing_facts(files: Iterable[str], folders: Iterable[str] = ()) -> list[Fact]:
    """Names and counts of the workspace's files, all of them and per extension; the names
    and counts of each folder's files, all of them and, when it holds more than one kind,
    per extension; of each folder's subfolders (``subfolder_facts``)."""
    files = list(files)
    groups: dict[str, list[str]] = {"": files}
    folders: dict[str, list[str]] = {}
    for name in files:
        if ext := _extension(name):
            groups.setdefault(ext, []).append(name)
        if "/" in name:
            folder, base = name.rsplit("/", 1)
            folders.setdefault(folder, []).append(base)
    facts: list[Fact] = []
    for ext, names in groups.items():
        facts += _kind_facts("workspace", ext, names)
    for folder, names in folders.items():
        # (named by the folder's name: "folder" alone asks for the workspace's folders)
        facts += _kind_facts(folder, "", names)
        kinds: dict[str, list[str]] = {}
        for base in names:
            if ext := _extension(base):
                kinds.setdefault(ext, []).append(base)
        if len(kinds) > 1 or (len(kinds) == 1 and len(next(iter(kinds.values()))) < len(names)):
            for ext, of_kind in kinds.items():
                # (counted only when the task names the kind: "the PDFs in scans/", "the
                # Python files of src/"; not for "the files in scans/")
                said = {ext.lower(), *_LANGUAGES.get(ext.lower(), "").split()[:1]}
                facts += [replace(f, needs=frozenset({word})) for word in said
                          for f in _kind_facts(folder, ext, of_kind)]
    facts += subfolder_facts(files, folders)
    tops = list(dict.fromkeys(name.split("/", 1)[0] for name in files if "/" in name))
    if tops:
        facts += [fact(f"folders directories subfolders workspace {LIST_WORDS}", "\n".join(tops)),
                  fact(f"folders directories subfolders workspace {COUNT_WORDS}", len(tops))]
    return facts
