"""Code blocks in replies (ChatDev's ``FILENAME`` + fenced block format) and the files they
become in the workspace."""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"```[ \t]*([\w+#.-]*)[ \t]*\n(.*?)```", re.DOTALL)
_NAME = re.compile(r"([\w\-./]+\.[A-Za-z0-9]+)")
_TAGGED = re.compile(r"<title>\s*(.+?)\s*</title>\s*<python>(.*?)</python>", re.DOTALL)


@dataclass
class CodeFile:
    name: str
    language: str
    code: str


def _name_before(text: str, start: int) -> str:
    """The file name on the last non-empty line before a fence, if it names one."""
    for line in reversed(text[:start].splitlines()[-3:]):
        line = line.strip().strip("*#:`'\" ")
        if not line:
            continue
        match = _NAME.search(line)
        if match and not match.group(1).startswith(("http", "www.")):
            return match.group(1).lstrip("./")
        return ""
    return ""


def code_blocks(text: str) -> list[CodeFile]:
    """Every named code block in ``text``; one unnamed Python block is ``main.py``.

    aiwaves' ``<title>name</title><python>code</python>`` form is read too."""
    files: dict[str, CodeFile] = {}
    unnamed: list[CodeFile] = []
    for match in _FENCE.finditer(text or ""):
        language, code = match.group(1).lower(), match.group(2)
        name = _name_before(text, match.start())
        block = CodeFile(name, language, code.rstrip() + "\n")
        if name:
            files[name] = block
        else:
            unnamed.append(block)
    for match in _TAGGED.finditer(text or ""):
        files[match.group(1)] = CodeFile(match.group(1), "python", match.group(2).strip() + "\n")
    if not files and len(unnamed) == 1 and unnamed[0].language in ("python", "py"):
        files["main.py"] = CodeFile("main.py", "python", unnamed[0].code)
    return list(files.values())


def first_block(text: str) -> str | None:
    """The content of the first fenced block, or None."""
    match = _FENCE.search(text or "")
    return match.group(2).rstrip() + "\n" if match else None


def listing(files: dict[str, str]) -> str:
    """The ``{codes}`` text: each file as its name and a fenced block."""
    parts = []
    for name, code in files.items():
        language = "python" if name.endswith(".py") else name.rsplit(".", 1)[-1]
        parts.append(f"{name}\n```{language}\n{code.rstrip()}\n```")
    return "\n\n".join(parts)


_UNFINISHED = re.compile(r"^\s*(pass|\.\.\.)\s*(#.*)?$|raise NotImplementedError|#\s*TODO",
                         re.MULTILINE)


def unfinished(code: str) -> bool:
    """Whether a file still has a placeholder body (``pass``, ``...``, TODO)."""
    return bool(_UNFINISHED.search(code))
