"""The fields of a structured file said in words, read strictly: keys, typed values, tables.

"Create contact.json with "name" set to "Ines Duarte", "phone" set to "+351 …" and "vip"
set to true", "a [server] table where host is "127.0.0.1" and port is 5050 (a number)",
"customer: Mbeki, quantity: 3, items: nails, glue and tape". A key is a word (or a quoted
text) followed by a linking word or sign ("is", "set to", "=", ":", "of" before a number);
its value runs to the next key, to the clause's end, or to the file's name. A value is a
quoted text, a number, true/false/null, a few plain words, or several of those joined by
commas and "and" (a list). A type said in brackets after it ("(a number)", "(as a string)")
is obeyed. A table or section is said by its name in brackets, or "a <name> table".

Read strictly: any part that is none of these (a long phrase, an instruction's word in a
value, a key given twice) makes the whole reading None, so a file is composed from it only
when every word of the specification was understood (nothing written beats a wrong file).
Nothing here knows a task: the patterns are the plain English of key/value lists.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

import yaml

from autonomo.agent.strategies import written
from autonomo.agent.strategies.facts import FILLER, SWITCHED
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS
from autonomo.agent.strategies.written import STOPS as _STOPS

#: one section's name (None: the top level) and its fields, in the task's order
Section = tuple[str | None, dict[str, object]]

_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’|(?<!\w)'[^'\n]*'(?!\w)")
#: a type said in brackets after a value: "(a number)", "(as a string)", "(boolean)"
TYPE = re.compile(r"\s*\(\s*(?:as\s+|it's\s+|is\s+)?(?:an?\s+)?(?:json\s+|plain\s+)?"
                   r"(number|numeric|integer|int|float|decimal|string|text|str|boolean|bool|"
                   r"true/false)(?:\s+value)?\s*\)", re.IGNORECASE)
_TYPES = {"number": "n", "numeric": "n", "integer": "n", "int": "n", "float": "n",
          "decimal": "n", "string": "s", "text": "s", "str": "s", "boolean": "b",
          "bool": "b", "true/false": "b"}
#: a table or section: "[server]", "a [server] table", "a section called db", "a db table"
_SECTION = re.compile(
    r"(?:\b(?:an?|the)\s+)?\[([\w.-]{1,40})\](?:\s+(?:table|section|block|group))?"
    r"|(?:\b(?:an?|the)\s+)?\b(?:table|section)\s+(?:called\s+|named\s+)?([\w.-]{1,40})\b"
    r"|(?:\b(?:an?|the)\s+)\b([\w-]{1,40})\s+(?:table|section)\b", re.IGNORECASE)
_KEY = r"(\x01\d+\x02|[A-Za-z_][\w-]{0,30}(?:\.[A-Za-z_][\w-]{0,30})*)"
#: what links a key to its value ("of" and "as" only before a number, a quote or a switch)
_LINK = (r"(?:\s+(?:is|are|should\s+be|will\s+be)\s+(?:set\s+to|equal\s+to)\s+"
         r"|\s+(?:set\s+to|equal\s+to|equals|should\s+be|will\s+be)\s+|\s+(?:is|are)\s+"
         # (a colon with a space after it: "image: nginx:1.25", "at 05:40" hold no keys)
         r"|\s*=\s*|\s*:\s+|\s*(?:->|→)\s*"
         r"|\s+of\s+(?=-?\d|\x01|true\b|false\b)"
         # "port 6432", 'user "admin"': a key and a number or a quoted text, no word between
         r"|\s+(?=\x01|-?\d+(?:\.\d+)?(?![\w.])|(?:true|false|null)\b)"
         # "age (31)", 'name ("Ana")': a value in brackets after its key
         r"|\s*\((?=\s*(?:\x01|-?\d+(?:\.\d+)?\s*\)|(?:true|false|null)\s*\))))")
_ANCHOR = re.compile(rf"(?<![\w\x02.-]){_KEY}{_LINK}", re.IGNORECASE)
#: where a value region ends: a sentence's end, or the words that lead to the file's name
_END = re.compile(r"[.!?](?:\s|$)|\n|\s+(?:then|so\s+that|please)\b|"
                  r"(?:,?\s+(?:in|into|to|inside|as)\s+(?:(?:a|the)\s+)?(?:new\s+)?"
                  r"(?:file\s+)?(?:called\s+|named\s+)?)?\x03", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
#: words that are no key: they point, name the file or its kind, or start a clause
_NO_KEY = frozenset({
    "it", "its", "this", "that", "which", "there", "what", "who", "file", "files", "json",
    "yaml", "yml", "toml", "ini", "csv", "object", "dict", "list", "array", "table",
    "section", "value", "values", "key", "keys", "field", "fields", "content", "contents",
    "text", "one", "each", "all", "both", "result", "answer", "output", "type", "format",
    "and", "or", "with", "where", "a", "an", "the", "then", "here", "also", "should",
    "settings", "options", "entries", "properties", "pairs", "data", "info", "details",
    "config", "configuration", "following", "these", "those"})
#: words an unquoted value never holds: they instruct or lead to another clause
_NO_VALUE = frozenset({
    "then", "please", "with", "where", "which", "that", "also", "file", "folder", "create",
    "make", "write", "save", "put", "add", "append", "run", "delete", "copy", "move",
    "rename", "into", "inside", "called", "named", "containing", "holding", "table",
    "section", "should", "must", "if", "when", "but", "so", "it", "them", "is", "are",
    "set", "key", "keys", "field", "fields", "the", "an", "its", "their", "this",
    # (a value to work out, not one given: "the sum of …", "6 times 7")
    "sum", "total", "count", "number", "average", "mean", "twice", "double", "half", "times",
    "plus", "minus", "product", "difference", "result", "value", "same", "current", "today"})
#: … nor, before a value with nothing between, a word of an instruction or a preposition
_UNLINKED_NO_KEY = (FILLER | INSTRUCTION_WORDS | _STOPS | {
    "top", "bottom", "first", "last", "next", "every", "per", "since", "until", "over",
    "under", "about", "around", "than", "after", "before", "row", "rows", "line", "lines",
    "item", "items", "step", "steps", "page", "chapter", "times", "exactly",
    "only", "just", "least", "most", "up", "down"}) - {"name"}
MAX_VALUE_WORDS = 4
_LITERALS = {"true": True, "false": False, "null": None, "none": None}


def _mask(task: str, files: Iterable[str]) -> tuple[str, list[str]]:
    """The task with quoted texts as ``\\x01<i>\\x02``, file names as ``\\x03`` and types in
    brackets as ``\\x04<t>``; and the quoted texts."""
    quoted: list[str] = []

    def hide(m: re.Match[str]) -> str:
        quoted.append(m.group()[1:-1])
        return f"\x01{len(quoted) - 1}\x02"

    for name in sorted((n for n in files if n), key=len, reverse=True):
        task = task.replace(name, "\x03")
    task = _QUOTED.sub(hide, task)
    # a switch said in words is its value: "tls turned on", "debug is off"
    task = SWITCHED.sub(lambda m: "true" if m.group(1).lower() == "on" else "false", task)
    task = TYPE.sub(lambda m: f"\x04{_TYPES[m.group(1).lower()]}", task)
    return task, quoted


def _typed(raw: str, quoted: list[str]) -> tuple[bool, object]:
    """(understood, value) of one item of a value region."""
    kind = ""
    if m := re.search(r"\x04(\w)$", raw):
        kind, raw = m.group(1), raw[:m.start()].strip()
    if m := re.fullmatch(r"\x01(\d+)\x02", raw):
        text = quoted[int(m.group(1))]
        return kind in ("", "s"), text
    if "\x01" in raw or "\x04" in raw or not raw or re.search(r"[{}\[\]()<>]", raw):
        return False, None
    words = raw.split()
    if len(words) > MAX_VALUE_WORDS or any(w.lower() in _NO_VALUE for w in words) or (
            len(words) > 1 and re.search(r"\d", raw)):
        return False, None  # (words and a number: "6 times 7", "Platform 7B" unquoted)
    number: object = None
    if re.fullmatch(r"-?\d+", raw):
        number = int(raw)
    elif re.fullmatch(r"-?\d*\.\d+", raw):
        number = float(raw)
    if kind == "s":
        return True, raw
    if kind == "n":
        return number is not None, number
    if kind == "b" or raw.lower() in _LITERALS:
        literal = {**_LITERALS, "yes": True, "no": False, "on": True, "off": False}
        return raw.lower() in literal, literal.get(raw.lower())
    return True, raw if number is None else number


def _value(region: str, quoted: list[str]) -> tuple[bool, object]:
    region = re.sub(r"^[\s,;:]+|(?:[\s,;)]+(?:and|the|an?|its)?)+$", "", region.strip(),
                    flags=re.IGNORECASE)
    region = re.sub(r"\)(?=\s*(?:,|;|and\b|$))", "", region)  # ("age (31), …")
    items = [i.strip() for i in _SPLIT.split(region)]
    if not all(items):
        return False, None
    values = [_typed(i, quoted) for i in items]
    if not all(ok for ok, _ in values):
        return False, None
    if len({type(v).__name__ for _, v in values} - {"int", "float"}) + any(
            isinstance(v, (int, float)) and not isinstance(v, bool) for _, v in values) > 1:
        return False, None  # (a list is of one kind: "5050 and x" is no list)
    return True, values[0][1] if len(values) == 1 else [v for _, v in values]


def _key(raw: str, quoted: list[str], linked: bool) -> str | None:
    """The key ``raw`` names; a word before a value with no link between is a key only when
    it is no word of an instruction ("for 2024", "top 10" are no fields)."""
    if m := re.fullmatch(r"\x01(\d+)\x02", raw):
        key = quoted[int(m.group(1))].strip()
        return key if re.fullmatch(r"[\w .-]{1,40}", key) else None
    if raw.lower() in _NO_KEY or (not linked and raw.lower() in _UNLINKED_NO_KEY):
        return None
    return raw


#: what introduces a file's fields: its name, "with", "where", a colon, a dash, a table
_INTRODUCER = re.compile(r"\x03|\b(?:with|where|containing|contains?|holding|holds?|having|"
                         r"ha(?:s|ve)|in\s+which|whose|includ(?:e|es|ing)|gets?|needs?)\b"
                         r"|[:\u2013\u2014]|\s-+\s", re.IGNORECASE)
#: words that may stand between what introduces the fields and the first key ("with the
#: following three fields: a=1")
_BETWEEN = (r"(?:[\s,;(]|\b(?:and|the|a|an|its|also|then|following|these|those|two|three|"
            r"four|five|six|keys?|fields?|properties|entries|values|pairs|settings|options|"
            r"json|yaml|toml|object|data|just|only|exactly)\b)*")


def _introduced(before: str, marks: list[tuple[int, int, str]]) -> bool:
    """Whether nothing but linking words stands between what introduces the fields and the
    first key ("with make Volvo, year 2019": "make Volvo" is a field not read)."""
    ends = [m.end() for m in _INTRODUCER.finditer(before)] + [
        b for _, b, _ in marks if b <= len(before)]
    if not ends:
        return False
    rest = before[max(ends):]
    return re.fullmatch(_BETWEEN, rest, re.IGNORECASE) is not None


def _listed(text: str, quoted: list[str]) -> dict[str, object] | None:
    """The fields of a list of "<key> <value>" items, a word and one value each, that is
    the whole of what introduces them: "with name Rex, colour brown, age 4 (as a number)"."""
    start = next((m for m in _INTRODUCER.finditer(text) if m.group() != "\x03"), None)
    if start is None:
        return None
    end = _END.search(text, start.end())
    region = re.sub(rf"^{_BETWEEN}", "", text[start.end():end.start() if end else len(text)],
                    flags=re.IGNORECASE).strip().rstrip(",;")
    items = [i.split() for i in _SPLIT.split(region)]
    out: dict[str, object] = {}
    for item in items:
        if len(item) != 2 or not re.fullmatch(r"[A-Za-z_][\w-]{0,30}", item[0]) \
                or _key(item[0], quoted, False) is None or item[0] in out:
            return None
        switch = {"on": True, "off": False}.get(item[1].lower())  # ("dark_mode on")
        understood, value = (True, switch) if switch is not None else _typed(item[1], quoted)
        if not understood:
            return None
        out[item[0]] = value
    return out if len(out) >= 2 else None


def _linked(anchor: re.Match[str]) -> bool:
    """Whether a word or a sign links the anchor's key to its value."""
    return bool(anchor.group()[len(anchor.group(1)):].strip())


def sections(task: str, files: Iterable[str] = ()) -> list[Section] | None:
    """The tables the task's words fill, in order (the top level first, named None), each
    with its fields; None when any key's value is not understood, a key is given twice, or
    no field is found."""
    text, quoted = _mask(task, files)
    ends = [m.start() for m in _END.finditer(text)] + [len(text)]
    marks = [(m.start(), m.end(), next(g for g in m.groups() if g))
             for m in _SECTION.finditer(text)]
    # (a word before a value with nothing between is a key only when it may be one)
    anchors = [m for m in _ANCHOR.finditer(text)
               if not any(a <= m.start() < b for a, b, _ in marks)
               and (_linked(m) or _key(m.group(1), quoted, False) is not None)]
    if not marks and (listed := _listed(text, quoted)):
        return [(None, listed)]
    if not anchors or not _introduced(text[:anchors[0].start()], marks) \
            or "\x03" in text[anchors[0].start():anchors[-1].start()]:
        return None  # (nor fields of two files: "a.json with x = 1 and b.json with y = 2")
    out: list[Section] = []
    current: dict[str, object] = {}
    name: str | None = None
    for index, anchor in enumerate(anchors):
        # (a section said between the last value and this key starts a new table)
        for start, _end, section in marks:
            if (anchors[index - 1].end() if index else 0) <= start < anchor.start():
                if current or name is not None:
                    out.append((name, current))
                name, current = section, {}
        stop = min([e for e in ends if e >= anchor.end()] +
                   [a.start() for a in anchors[index + 1:index + 2]] +
                   [s for s, _, _ in marks if s >= anchor.end()])
        key = _key(anchor.group(1), quoted, _linked(anchor))
        if key is None and not current and not out:
            continue  # (words before the fields: "the file is new: a=1")
        understood, value = _value(text[anchor.end():stop], quoted)
        if not _linked(anchor) and isinstance(value, list):
            return None  # ("version 2 and author Kim": a list only after a linking word)
        if key is None or not understood or key in current:
            return None
        current[key] = value
    if current or name is not None:
        out.append((name, current))
    if not any(fields for _, fields in out):
        return None
    return out


def flat(task: str, files: Iterable[str] = ()) -> dict[str, object] | None:
    """The task's fields when it names no table: one object."""
    found = sections(task, files)
    if not found or len(found) != 1 or found[0][0] is not None:
        return None
    return found[0][1]


def _toml_value(value: object) -> str | None:
    if value is None:
        return None  # (TOML has no null)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        items = [_toml_value(v) for v in value]
        return None if None in items else f"[{', '.join(i for i in items if i)}]"
    return json.dumps(value)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[\w-]+", key) else json.dumps(key)


def _toml(found: list[Section]) -> str | None:
    blocks = []
    for name, data in found:
        lines = [f"[{_toml_key(name)}]"] if name is not None else []
        for key, value in data.items():
            if (text := _toml_value(value)) is None:
                return None
            lines.append(f"{_toml_key(key)} = {text}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _ini(found: list[Section]) -> str | None:
    blocks = []
    for name, data in found:
        if any(isinstance(v, list) or v is None for v in data.values()):
            return None
        lines = [f"[{name}]"] if name is not None else []
        lines += [f"{k} = {str(v).lower() if isinstance(v, bool) else v}"
                  for k, v in data.items()]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _nested(found: list[Section]) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, data in found:
        if name is None:
            out.update(data)
        else:
            out[name] = data
    return out


def texts(suffix: str, task: str, files: Iterable[str]) -> list[str]:
    """The whole text of a new ``suffix`` file (json, toml, yaml, yml, ini, cfg) holding the
    task's fields, when every one of them was understood (else none)."""
    files = list(files)
    found = None if written.stated_json(task) else sections(task, files)
    if found is None or (suffix in ("ini", "cfg") and len(found) > 1 and found[0][0] is None):
        return []  # (an INI file has no fields outside a section)
    if suffix == "json":
        made: str | None = json.dumps(_nested(found))
    elif suffix == "toml":
        made = _toml(found)
    elif suffix in ("yaml", "yml"):
        made = yaml.safe_dump(_nested(found), sort_keys=False, allow_unicode=True)
    elif suffix in ("ini", "cfg"):
        made = _ini(found)
    else:
        made = None
    return [made] if made else []
