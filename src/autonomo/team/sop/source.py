"""Documents loaded with the line of every value, so that an error names file, line and field.

JSON is parsed by ``json`` (exact JSON semantics) and mapped to lines by ``json_source_map``;
YAML is composed by PyYAML, whose nodes carry their marks. Fields are named by JSON pointer
(``/states/design_state/roles/2``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from autonomo.errors import ConfigError


@dataclass
class Problem:
    path: Path
    line: int
    field: str  # JSON pointer
    message: str  # what is wrong and what to change

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        name = self.field or "(document)"
        return f"{where}: {name}: {self.message}"


class SopError(ConfigError):
    """An SOP file is invalid; every problem names its file, line and field."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(f"The SOP is invalid ({count}); nothing was run:\n{lines}")


def pointer(*parts: Any) -> str:
    """A JSON pointer from path parts (``pointer("states", "a/b")`` -> ``/states/a~1b``)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass
class Document:
    """A parsed file and the line (1-based) of each field."""

    path: Path
    data: Any
    lines: dict[str, int] = field(default_factory=dict)

    def line(self, ptr: str) -> int:
        """The line of ``ptr``, or of its nearest ancestor that has one."""
        while True:
            if ptr in self.lines:
                return self.lines[ptr]
            if not ptr:
                return 0
            ptr = ptr.rsplit("/", 1)[0]

    def problem(self, ptr: str, message: str) -> Problem:
        return Problem(self.path, self.line(ptr), ptr, message)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SopError([Problem(path, 0, "", "the file does not exist")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SopError([Problem(path, 0, "", f"cannot be read: {exc}")]) from None


def load_json(path: Path) -> Document:
    import json_source_map

    text = _read(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SopError([Problem(path, exc.lineno, "", f"is not valid JSON: {exc.msg} "
                                f"(column {exc.colno})")]) from None
    except RecursionError:
        raise SopError([Problem(path, 0, "", "is nested too deeply")]) from None
    entries = json_source_map.calculate(text)
    lines = {ptr: (e.key_start or e.value_start).line + 1 for ptr, e in entries.items()}
    return Document(path, data, lines)


#: most entries an SOP file may have once YAML aliases are expanded: aliases of aliases
#: double with each level (a 300-byte "billion laughs" file would take minutes and gigabytes
#: to walk and validate)
MAX_ENTRIES = 50_000


def load_yaml(path: Path) -> Document:
    text = _read(path)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        lines: dict[str, int] = {}
        if node is not None:
            _walk(node, "", lines)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        raise SopError([Problem(path, line, "", f"is not valid YAML: {exc}")]) from None
    except _TooLarge as exc:
        raise SopError([Problem(path, exc.line, "", f"has more than {MAX_ENTRIES} entries "
                                "once its aliases (*name) are expanded: write it out, or "
                                "use fewer aliases")]) from None
    except RecursionError:
        raise SopError([Problem(path, 0, "", "is nested too deeply")]) from None
    return Document(path, data, lines)


class _TooLarge(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def _walk(node: yaml.Node, ptr: str, lines: dict[str, int]) -> None:
    if len(lines) > MAX_ENTRIES:
        raise _TooLarge(node.start_mark.line + 1)
    lines.setdefault(ptr, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = ptr + pointer(key.value)
            lines[child] = key.start_mark.line + 1
            _walk(value, child, lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, f"{ptr}/{index}", lines)
