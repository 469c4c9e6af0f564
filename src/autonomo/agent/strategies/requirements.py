"""The packages a task lists for a requirements file, one a line (and pinned versions in a
plain text file): ``name==version`` for "name 1.2", an operator kept as written."""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies import spans
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS

#: a file of a package a line
REQUIREMENTS = re.compile(r"(?:^|/)requirements[\w.-]*\.(?:txt|in)$", re.IGNORECASE)
#: a requirement: a package, and its version after a space ("django 5.0") or an operator
_REQUIREMENT = re.compile(r"([A-Za-z][\w.-]*?)(?:\s+(?:(?:to|at)\s+)?v?(\d+(?:\.\d+)*)"
                          r"|\s*([<>=!~]=?\s*[\w.*]+))?")
_SEPARATOR = re.compile(r",\s*(?:and\s+)?|\s+and\s+|;\s*|:\s+")


def requirement_lines(task: str, files: Iterable[str] = ()) -> list[str]:
    """The packages a task lists for a requirements file, one per line: ``name==version``
    for "name 1.2", an operator kept as written ("flask>=3"); the items of a run of at
    least two joined by commas or "and", the first taken from the end of its clause (not
    a count's noun: "two packages, a and b")."""
    for name in files:
        task = task.replace(name, " ")
    runs: list[list[str]] = []
    current: list[str] = []
    for segment in _SEPARATOR.split(task.strip().rstrip(".?!")):
        segment = segment.strip().strip("\"'")
        if _REQUIREMENT.fullmatch(segment) and segment.lower() not in INSTRUCTION_WORDS:
            current.append(segment)
            continue
        if len(current) >= 2:
            runs.append(current)
        words = segment.split()
        current = []
        # the run starts at the end of a longer clause ("listing flask>=3", "pins pytest
        # to 8.2")
        for n in (3, 2, 1):
            tail = " ".join(words[-n:])
            if (len(words) > n and _REQUIREMENT.fullmatch(tail)
                    and (n == 1 or re.fullmatch(r"v?[\d.]+", words[-1]))
                    and words[-n - 1].lower() not in _COUNT_WORDS):
                current = [tail]
                break
    if len(current) >= 2:
        runs.append(current)
    out = []
    for run in list(runs):
        forms = [bool(_REQUIREMENT.fullmatch(i).group(2)) for i in run]  # type: ignore[union-attr]
        if len(run) > 2 and forms[-1] != forms[-2] and len(set(forms[:-1])) == 1:
            runs.insert(runs.index(run), run[:-1])  # "a 1.0 and b 2.0, pinned": not "pinned"
    for run in runs:
        lines = []
        for segment in run:
            name, version, pinned = _REQUIREMENT.fullmatch(segment).groups()  # type: ignore[union-attr]
            pinned = re.sub(r"\s+", "", pinned or "")
            lines.append(f"{name}=={version}" if version else f"{name}{pinned}")
        out.append("\n".join(lines))
    return out


def pinned_lines(task: str, files: Iterable[str] = ()) -> list[str]:
    """``requirement_lines`` for a plain text file of any name, only those whose every line
    pins a version by its shape: ``x.y.z``, or ``x.y`` after "to"/"at" ("numpy to 2.1.3 and
    pandas to 2.2.3"; not "Ottilie 31.2, Bram 29.8")."""
    files = list(files)
    if any(spans.needs_free_text(name) for name in files):
        return []

    def pinned(line: str) -> bool:
        found = re.fullmatch(r"([A-Za-z][\w.-]*)==(\d+(?:\.\d+)+)", line)
        return bool(found) and (found.group(2).count(".") > 1 or re.search(
            rf"\b{re.escape(found.group(1))}\s+(?:to|at)\s+v?{re.escape(found.group(2))}\b",
            task) is not None)

    return [t for t in requirement_lines(task, files) if all(map(pinned, t.splitlines()))]


_COUNT_WORDS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "some", "these", "the", "both"}
