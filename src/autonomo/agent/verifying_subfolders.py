"""The folders directly in a folder the task names, listed or counted ("make a list of the
subfolders of projects (just their names) in dirs.txt", "how many directories does beds/
hold"): judged from the start workspace's folders, never from the agent's words.

Only when one folder of the workspace is named, the task says folders (not files), and
every other content word is one of listing: a word it cannot place ("empty", "older") may
pick some of them, and the finish is then not verified.
"""

from __future__ import annotations

import re

from autonomo.agent.verifying_expected import (
    COUNTING,
    GENERIC_ANSWER,
    LIST_WORDS,
    Expected,
    unexplained,
)
from autonomo.agent.verifying_snapshot import Snapshot
from autonomo.agent.verifying_sources import words
from autonomo.agent.verifying_task import folders_of

#: what a task calls the folders in a folder
_FOLDERS = re.compile(r"\b(?:sub-?folders?|folders|sub-?directories|directories|sub-?dirs|dirs)\b",
                      re.IGNORECASE)
#: the words a list of a folder's folders may be asked with
_WORDS = frozenset(re.findall(r"\S+", """
sub subfolder subfolders folder folders directory directories subdirectories subdirectory
dir dirs inside within directly just only their names name one per line each list make
put write save give count many how number contains contain hold holds has there are is
"""))


def subfolders(task: str, start: Snapshot, required: set[str], answer: str,
               answer_words: set[str]) -> list[Expected]:
    """The names (or the count) of the folders directly in the one folder the task names."""
    if not _FOLDERS.search(task) or re.search(r"\bfiles?\b", task, re.IGNORECASE):
        return []
    every = sorted(set(start.folders) | folders_of(start.files))
    named = [f for f in every if re.search(rf"(?<![\w/.-]){re.escape(f)}/?(?![\w-])", task)]
    named = [f for f in named if not any(o != f and o.startswith(f + "/") for o in named)]
    if len(named) != 1 or answer.startswith(named[0] + "/"):
        return []
    folder = named[0]
    if unexplained(required | answer_words, {*_WORDS, *LIST_WORDS, *GENERIC_ANSWER,
                                              *words(folder)}):
        return []
    inside = sorted({f[len(folder) + 1:].split("/")[0] for f in every
                     if f.startswith(folder + "/")})
    if not inside:
        return []
    if COUNTING.search(task):
        return [Expected(f"a count of the folders in {folder}", str(len(inside)))]
    return [Expected(f"the folders in {folder}", items=tuple(inside), place=folder + "/")]
