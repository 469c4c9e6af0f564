"""Whole texts of small code and data files, composed from the phrases of a task.

A 135M model asked to write a JSON, CSV or Python file as free text writes the file's name
or a phrase of the task into it. Such files have a shape, and a simple task says what fills
it: pairs ("<key> is <value>", "<key> set to <value>"), an enumeration ("a, b and c"), cells
joined by commas, a function's name, parameters and returned expression in words, a phrase a
script prints. Here those phrases are put into the file's shape; on a grammar-constrained
model the content of such a file is one of these texts (free text when none is found).
Nothing here knows a task: the patterns are the plain English of the shapes.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Mapping

import yaml

from autonomo.agent.csv_text import table_rows
from autonomo.agent.strategies import (
    fields,
    keyed,
    markdown,
    pyexample,
    pyholes,
    pywords,
    spans,
    tables,
    written,
)
from autonomo.agent.strategies.facts import SWITCHED
from autonomo.agent.strategies.requirements import (  # noqa: F401 (callers' names)
    _COUNT_WORDS,
    REQUIREMENTS,
    pinned_lines,
    requirement_lines,
)
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS

#: "<key> is <value>", "<key> set to <value>", "<key> = <value>", "<key>: <value>"; a value
#: runs to the next "and", comma or the end of the clause
_LINKING = r"\bis\b|\bset to\b|\bequal to\b|\bequals\b|="


def _pair_pattern(links: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b([A-Za-z_][\w-]{{0,30}})\s*(?:{links})\s*"
        r"(\"[^\"]*\"|'[^']*'|-?\d+(?:\.\d+)?(?![\w.])|[^\s,;.]+(?:\s+(?!and\b|with\b|where\b)"
        r"[^\s,;.]+){0,2}?)(?=\s*(?:,|;|\.\s|\.$|\band\b|\bwith\b|\bto\b|\bin\b|$))")


_PAIR = _pair_pattern(_LINKING + "|:")
#: the same with a word or "=" between key and value, not a colon: "two keys: a set to 1"
#: holds the pair ``a``/1, not ``keys``/"a set"
_LINKED_PAIR = _pair_pattern(_LINKING)
#: "a, b, c and d" (one word each)
_ENUMERATION = re.compile(r"((?:[^\s,]+,\s+)+[^\s,]+,?\s+(?:and|or)\s+[^\s,.;]+)")
#: cells joined by commas without spaces: "name,species"
_CELLS = re.compile(r"(?<![\w,])([^\s,]+(?:,[^\s,]+)+)(?![\w,])")
#: "function f(x) that returns <expression>"
_FUNCTION = re.compile(r"\b([A-Za-z_]\w*)\s*\(\s*((?:[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)?)\s*\)"
                       r"\s*,?\s*(?:that|which|to)?\s*"
                       r"(?:returns?|returning)\s+(.+?)\s*(?:[;]|\.\s|\.?$)")
#: "prints <phrase>", "that prints the text <phrase>"
_PRINTS = pywords.PRINTS
#: arithmetic in words, as Python
_WORD_OPERATORS = [
    (r"\bthe square of (\w+(?:\.\d+)?)", r"\1 ** 2"),
    (r"\bthe cube of (\w+(?:\.\d+)?)", r"\1 ** 3"),
    (r"(\w+) squared\b", r"\1 ** 2"), (r"(\w+) cubed\b", r"\1 ** 3"),
    (r"\bthe (?:sum|total) of (\w+) and (\w+)", r"\1 + \2"),
    (r"\bthe product of (\w+) and (\w+)", r"\1 * \2"),
    (r"\bthe difference (?:of|between) (\w+) and (\w+)", r"\1 - \2"),
    (r"\b(?:twice|double) (\w+)", r"2 * \1"), (r"\bhalf (?:of )?(\w+)", r"\1 / 2"),
    (r"\bmultiplied by\b", "*"), (r"\btimes\b", "*"), (r"\bplus\b", "+"), (r"\bminus\b", "-"),
    (r"\bdivided by\b", "/"), (r"\badded to\b", "+"), (r"\bto the power of\b", "**"),
]
MAX_CANDIDATES = 6
#: a whole text longer than this is not composed: a small model's reply (max_tokens 512)
#: cannot hold it, and parsing a JSON file of megabytes to make one cost seconds a step
MAX_WHOLE_CHARS = 4000
_NUMBERS = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def _value(text: str) -> object:
    """A value as the task writes it: a quoted text, a number, true/false, or words."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d+", text):
        return float(text)
    return {"true": True, "false": False, "null": None}.get(text.lower(), text)


def _switched(task: str) -> str:
    """A switch said in words as its value: "tls turned on" → "tls true" (``SWITCHED``, the
    one definition the facts use too)."""
    return SWITCHED.sub(lambda m: "true" if m.group(1).lower() == "on" else "false", task)


def _pairs(task: str, files: Iterable[str]) -> dict[str, object]:
    task = fields.TYPE.sub("", _switched(task))  # ("5050 (a number)": the value is 5050)
    names = set(files)
    found: dict[str, object] = {}
    linked = [m.span() for m in _LINKED_PAIR.finditer(task)]
    pairs = [m for m in _PAIR.finditer(task)
             if m.span() in linked or not any(a < m.end() and m.start() < b for a, b in linked)]
    pairs += [m for m in _LINKED_PAIR.finditer(task) if m.span() not in
              {p.span() for p in pairs}]
    for key, raw in (m.groups() for m in sorted(pairs, key=lambda m: m.start())):
        if key.lower() in {"json", "object", "file", "list", "it", "that", "which", "value",
                           "one", "row", "header", "type", "number", "numbers", "strings"}:
            continue
        if raw in names or raw.rstrip(".") in names:
            continue
        found.setdefault(key, _value(raw))
    return found


def _enumerations(task: str, files: Iterable[str] = ()) -> list[list[object]]:
    """The task's enumerations, items whole (``enumerations``: "oat flakes"), then those of
    one word an item it holds besides (quoted items, signs)."""
    whole = written.enumerations(task, files)
    lists = [[_value(w) for w in items] for items in whole]
    for match in _ENUMERATION.findall(task):
        items = [w.strip("\"'") for w in re.split(r",\s*|\s+(?:and|or)\s+", match.strip()) if w]
        if not any(len(w) == len(items) and w[-2:-1] == items[-2:-1] for w in whole):
            lists.append([_value(w) for w in items])
    return lists


#: a list of "<key> <value>" or "<key> to <value>" items: "name Rex, age 3 and tame true",
#: "square to 4 and triangle to 3"
_ITEM_PAIRS = re.compile(
    r"(?<![\w.])((?:[A-Za-z_][\w-]*\s+(?:to\s+)?[^\s,;]+,\s+)+"
    r"[A-Za-z_][\w-]*\s+(?:to\s+)?[^\s,;]+,?\s+and\s+[A-Za-z_][\w-]*\s+(?:to\s+)?[^\s,;.]+"
    r"|[A-Za-z_][\w-]*\s+(?:to\s+)?[^\s,;]+\s+and\s+[A-Za-z_][\w-]*\s+(?:to\s+)?[^\s,;.]+)")


#: words that link a key to its value or a clause to the next (never a key nor a value)
_LINKS = {"is", "are", "was", "be", "=", ":", "equals", "set", "to", "and", "with", "where",
          "a", "an", "the", "of", "in", "json", "object", "file"}


def _listed_pairs(task: str) -> list[dict[str, object]]:
    """Objects of a list of two-word items, each a key and its value (at least two)."""
    out = []
    for match in _ITEM_PAIRS.findall(_switched(task)):
        items = [i.split() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.strip()) if i]
        pairs = [(i[0], i[-1]) for i in items if (len(i) == 2 or (len(i) == 3 and i[1] == "to"))
                 and not {i[0].lower(), i[-1].lower()} & _LINKS]
        if len(pairs) == len(items) and len({k for k, _ in pairs}) == len(pairs):
            out.append({k: _value(v.rstrip(".")) for k, v in pairs})
    return out


def _typed(cell: str) -> object:
    cell = cell.strip()
    value = _value(cell) if re.fullmatch(r"-?\d+(?:\.\d+)?|true|false", cell, re.I) else cell
    return value


def _converted(text: str) -> list[str]:
    """A CSV table as JSON: an object of its first column's cells to its second's (of a
    table of two columns), and a list of its rows as objects (numbers as numbers)."""
    rows = table_rows(text)
    if len(rows) < 2 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows):
        return []
    head, body = rows[0], rows[1:]
    out = []
    if len(head) == 2 and len({r[0] for r in body}) == len(body):
        out.append(json.dumps({r[0].strip(): _typed(r[1]) for r in body}, indent=2) + "\n")
    out.append(json.dumps([{h.strip(): _typed(c) for h, c in zip(head, r, strict=True)}
                           for r in body], indent=2) + "\n")
    return out


def observed_json(texts: Iterable[str]) -> list[str]:
    """Texts the agent has seen that are JSON already (a program's output) or a CSV table
    converted to it."""
    out: list[str] = []
    for text in texts:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            out += _converted(text)
            continue
        if isinstance(data, (dict, list)):
            out.append(text.strip() + "\n")
    return out


#: a token with a sign in it: a pattern, a path, a setting, a hidden file (``*.log``,
#: ``dist/``, ``a=1``, ``.env``)
_SIGNED = r"(?=[\w.*/=<>~!-]*[*/=<>~!]|\.\w)[\w.*/=<>~!-]*[\w*/]"


def enumerated_lines(task: str, files: Iterable[str] = ()) -> list[str]:
    """The items of the task's enumerations, one per line ("requests and flask" → two
    lines), whole (``enumerations``: "eggs, milk and oat flakes"); an item a count names is
    a noun for the others ("two packages, a and b")."""
    whole = written.enumerations(task, files)
    out = ["\n".join(items) for items in whole]
    # (?<!…): an item is tried from its start only (from every character of a long token it
    # was O(n²))
    for match in re.finditer(r"(?<![^\s,])(?:[^\s,]+,\s+)+[^\s,]+,?\s+and\s+[^\s,.;]+", task):
        items = [w.strip("\"'") for w in re.split(r",\s*|\s+and\s+", match.group(0)) if w]
        before = task[:match.start()].split()[-1:]
        if before and (before[0].isdigit() or before[0].lower() in _COUNT_WORDS):
            items = items[1:]
        if len(items) >= 2 and all(re.fullmatch(r"[\w.*/=<>~!-]+", i) for i in items) and not any(
                len(w) == len(items) and w[-2:-1] == items[-2:-1] for w in whole):
            out.append("\n".join(items))
    return list(dict.fromkeys(out + signed_lines(task)))


def signed_lines(task: str) -> list[str]:
    """Two patterns, paths or settings joined by "and" ("__pycache__/ and *.log"), one a
    line: signs, not words, so not a phrase of prose ("salt and pepper")."""
    return ["\n".join(m.groups())
            for m in re.finditer(rf"(?<!\S)({_SIGNED}) and ({_SIGNED})(?![^\s,.;])", task)]


#: a task that adds to a file (the append verbs of ``small_model_command_words``, "new")
_ADDING = re.compile(r"\b(?:add|adds|added|append|insert|new|missing)\b", re.IGNORECASE)


def json_texts(task: str, files: Iterable[str], existing: str | None) -> list[str]:
    """The JSON the task writes out, an object of its pairs, a list of its enumeration, or
    the existing file with its keys changed to the values the task gives (or with the
    object the task writes out added)."""
    names = list(files)
    out: list[str] = []
    stated = written.stated_json(task)
    if existing is not None:
        try:
            data = json.loads(existing)
        except (ValueError, RecursionError):  # a hostile file nested thousands deep
            data = None
        if isinstance(data, dict):
            out += [json.dumps({**data, **new}, indent=2) + "\n" for new in stated
                    if isinstance(new, dict) and {**data, **new} != data]
            changes = _pairs(task, names)  # ("change <key> to <value>": replace_text)
            known = {k: v for k, v in changes.items() if k in data}
            if known:
                out.append(json.dumps({**data, **known}, indent=2) + "\n")
            # a key it does not have yet, when the task adds one ("add timeout = 30 to it")
            for new in (*_listed_pairs(task), changes) if _ADDING.search(task) else ():
                if new and any(k not in data for k in new):
                    out.append(json.dumps({**data, **new}, indent=2) + "\n")
        return out
    # (the value the task writes out, alone: its pairs and items are pieces of it)
    if stated:
        return [json.dumps(value) for value in stated]
    pairs = _pairs(task, names)
    out += [json.dumps(p) for p in _listed_pairs(task) if p != pairs]
    if pairs:
        out.append(json.dumps(pairs))
    lists = [json.dumps(items) for items in _enumerations(task, names)]
    # (a list the task asks for first: "olive oil, sea salt and rye flour" is no pairs)
    return [*lists, *out] if re.search(r"\b(?:list|array)\b", task, re.I) else [*out, *lists]


#: a placeholder in a template the task gives, with its quotes if any: ``<that port>``,
#: ``"<port>"`` (a template holds no braces inside, so no ``{port}``)
_HOLE = re.compile(r"\"?<[^<>\n]{1,40}>\"?")
#: a JSON object the task writes out, with placeholders for values it reads: ``{"port": <…>}``
_TEMPLATE = re.compile(r"\{\s*\"[^{}\n]{1,300}\}")


def _read_value(raw: str) -> object:
    """A keyed file's value as JSON: a number as a number, a switch as a switch."""
    quoted = len(raw) > 1 and raw[0] == raw[-1] and raw[0] in "\"'"
    return raw[1:-1] if quoted else _value(raw)


def read_json(task: str, seen: Iterable[tuple[str, str]]) -> list[str]:
    """A new JSON object of values read in keyed files the agent has seen (``.env``, INI,
    YAML, JSON): the keys of a template the task writes out (``{"port": <that port>}``) with
    the values of those keys, else each key a word of the task names, under the task's word."""
    found: dict[str, object] = {}
    for name, text in seen:
        if len(text) > MAX_WHOLE_CHARS or not (keyed.is_keyed(name) or keyed.is_keyed_text(text)):
            continue
        for entry in keyed.entries(text):
            found.setdefault(entry.key.lower(), _read_value(entry.value))
    if not found:
        return []
    out = []
    for template in _TEMPLATE.findall(task):
        try:
            wanted = json.loads(_HOLE.sub("null", template))
        except (ValueError, RecursionError):
            continue
        if isinstance(wanted, dict) and any(v is None for v in wanted.values()):
            filled = {k: found.get(k.lower(), v) if v is None else v for k, v in wanted.items()}
            if all(v is not None for v in filled.values()):
                out.append(json.dumps(filled))
    # (not a key the task gives a value of itself: "port set to 9000" is no port read)
    stated = {k.lower() for k in _pairs(task, ())}
    named = {w: found[w.lower()] for w in re.findall(r"[A-Za-z_][\w-]*", task)
             if w.lower() in found and len(w) > 1 and w.lower() not in stated}
    if named and not out:
        out.append(json.dumps(named))
    return out


def _toml(value: object) -> str:
    return json.dumps(value) if not isinstance(value, bool) else str(value).lower()


def settings_texts(suffix: str, task: str, files: Iterable[str]) -> list[str]:
    """A YAML or TOML file of the task's pairs (or a YAML list of its enumeration)."""
    names = list(files)
    if suffix == "toml" and _SECTION.search(task):
        return []  # (a table named, its fields not all read: loose pairs land outside it)
    objects = [*_listed_pairs(task), _pairs(task, names)]
    out = []
    for data in (o for o in objects if o):
        if suffix == "toml":
            out.append("".join(f"{k} = {_toml(v)}\n" for k, v in data.items()
                               if re.fullmatch(r"[\w-]+", k)))
        else:
            out.append(yaml.safe_dump(data, sort_keys=False))
    if suffix != "toml":
        out += [yaml.safe_dump(items) for items in _enumerations(task, names)]
    return out


#: an INI section a task names: "[backup]", "a section called paths"
_SECTION = re.compile(r"\[([\w.: -]{1,40})\]|\bsection\s+(?:called\s+|named\s+)?([\w.-]+)",
                      re.IGNORECASE)


def ini_texts(task: str, files: Iterable[str]) -> list[str]:
    """An INI file of the task's pairs, under the section it names (or none)."""
    names = list(files)
    sections = [a or b for a, b in _SECTION.findall(task)
                if (a or b).lower() not in {"with", "containing", "that", "holding"}]
    out = []
    for data in (o for o in [_pairs(task, names), *_listed_pairs(task)] if o):
        body = "".join(f"{k} = {_ini(v)}\n" for k, v in data.items())
        # (a 135M model took the file without its section when offered both)
        out += [f"[{section}]\n{body}" for section in sections[:1]] or [body]
    return out


def _ini(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def csv_rows(task: str) -> list[str]:
    """The task's comma-joined cells, one row each, in its order."""
    return [m for m in _CELLS.findall(task) if not re.fullmatch(r"[\d,.]+", m)]


def expression(words: str, names: Iterable[str] = ()) -> str | None:
    """``words`` as a Python expression of numbers and ``names`` ("x times 2" → ``x * 2``),
    or None when they are not one."""
    text = words.strip().rstrip(".")
    for pattern, replacement in _WORD_OPERATORS:
        text = re.sub(pattern, replacement, text)
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # also nesting, NUL
        return None
    allowed = set(names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in allowed:
            return None
        if not isinstance(node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Name, ast.Load,
                                 ast.Constant, ast.operator, ast.unaryop)):
            return None
        if isinstance(node, ast.Constant) and not isinstance(node.value, (int, float)):
            return None
    return ast.unparse(tree)


#: a function's signature, "to_kmh(ms)"; an operation on its one parameter in words
_SIGNATURE = re.compile(r"\b([A-Za-z_]\w*)\(\s*([A-Za-z_]\w*)\s*\)")
_OPERATION = re.compile(
    r"\b(multipl\w*|divid\w*)\s+(?:\w+\s+){0,2}?by\s+"
    r"(-?\d+(?:\.\d+)?)|\b(add\w*|subtract\w*)\s+(-?\d+(?:\.\d+)?)",
    re.IGNORECASE)
_OPERATORS = {"multiply": "*", "divide": "/", "add": "+", "subtract": "-"}


#: an operator written as a symbol before a number ("* 1.8 + 32", "× 3.6", "÷ 2")
_SYMBOL = re.compile(r"(?:(?<=\s)|^)([*/+×÷−]|-(?=\s))\s*(\d+(?:\.\d+)?)(?![\w.])")
_SYMBOLS = {"×": "*", "÷": "/", "−": "-"}


def _operations(task: str) -> list[tuple[str, str]]:
    """(operator, number) of each arithmetic the task states, in its order: in words
    ("multiply by 3.6") or by a symbol before a number ("then * 1.8 + 32")."""
    found = []
    for m in _OPERATION.finditer(task):
        verb, number, other, added = m.groups()
        word = (verb or other).lower()
        op = next(o for w, o in _OPERATORS.items() if word.startswith(w[:5]))
        found.append((m.start(), op, number or added))
    found += [(m.start(), _SYMBOLS.get(m.group(1), m.group(1)), m.group(2))
              for m in _SYMBOL.finditer(task)]
    return [(op, number) for _, op, number in sorted(found)]


#: a constant's name by its shape (capitals, digits and underscores: ``MAX_UPLOAD_MB``)
_CONSTANT = r"\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*)\b"
#: "NAME = 25", "NAME is 'x'", "NAME set to 3.5", "NAME of 10"
_CONSTANT_VALUE = re.compile(_CONSTANT + r"\s*(?:=|:|\bis\b|\bset to\b|\bequal to\b|\bof\b)"
                             r"\s*(\"[^\"\n]*\"|'[^'\n]*'|-?\d+(?:\.\d+)?(?![\w.])|True|False"
                             r"|true|false|None)")
#: "NAME, a list of "a", "b" and "c"", "NAME as a tuple of 1, 2, 3", "NAME = [..]"
_CONSTANT_LIST = re.compile(_CONSTANT + r",?\s+(?:(?:as|being|is|holding)\s+)?(?:an?\s+)?"
                            r"(list|tuple|set)\s+(?:of\s+)?((?:[^\s,]+,?\s+)*?[^\s,]+,?\s+"
                            r"(?:and|or)\s+[^\s,;.]+|(?:[^\s,]+,\s*)+[^\s,;.]+)")


def constants(task: str) -> dict[str, object]:
    """The constants a task defines, by their names' shape: a value after ``=``/"is"/"set
    to", or a list (tuple, set) of an enumeration after the name ("NAME, a list of a, b
    and c"); a name without a value is none."""
    found: dict[str, object] = {}
    for name, raw in _CONSTANT_VALUE.findall(task):
        found.setdefault(name, _value(raw))
    for name, kind, items in _CONSTANT_LIST.findall(task):
        parts = [i for i in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", items) if i]
        listed = [_value(i.strip().rstrip("?!:)")) for i in parts]
        found.setdefault(name, tuple(listed) if kind == "tuple" else listed)
    return found


#: a rate in percent, and arithmetic words around it: added ("with 21% VAT added", "plus
#: 8%") or taken off ("minus 15%", "15% off", "a 15% discount")
_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:%|per ?cent\b)", re.IGNORECASE)
_ADDED = re.compile(r"\b(?:add\w*|plus|increase\w*|rais\w*|more|incl\w*)\b|\+", re.IGNORECASE)
_TAKEN = re.compile(r"\b(?:subtract\w*|minus|off|less|discount\w*|reduc\w*|decreas\w*|"
                    r"lower\w*)\b", re.IGNORECASE)


def _percent_bodies(task: str, param: str) -> list[str]:
    """``param`` with the task's one percentage applied: added or taken off as its words
    say; when they say neither (or both), the share itself, then the other two."""
    rates = _PERCENT.findall(task)
    if len(set(rates)) != 1:
        return []
    rate = float(rates[0]) / 100
    added = f"{param} * {round(1 + rate, 10):g}"
    taken = f"{param} * {round(1 - rate, 10):g}"
    share = f"{param} * {rate:g}"
    plus, minus = bool(_ADDED.search(task)), bool(_TAKEN.search(task))
    if plus != minus:  # (the model's likelihood cannot tell 1.21 from 0.79: the words do)
        return [added] if plus else [taken]
    return [share, added, taken]


def python_texts(task: str) -> list[str]:
    """A function returning the expression the task says (or its one parameter put through
    the arithmetic it states: "to_kmh(ms) … multiply by 3.6"), or a script printing its
    phrase (the value of the phrase first when it is arithmetic)."""
    out: list[str] = []
    for name, params, returns in _FUNCTION.findall(task):
        args = [p.strip() for p in params.split(",") if p.strip()]
        if expr := expression(returns, args):
            out.append(f"def {name}({', '.join(args)}):\n    return {expr}\n")
    operations = _operations(task)
    for name, param in _SIGNATURE.findall(task) if not (operations or out) else ():
        out += [f"def {name}({param}):\n    return {body}\n"
                for body in _percent_bodies(task, param)]
    for name, param in _SIGNATURE.findall(task) if operations and not out else ():
        expr = param
        for op, number in operations:
            expr = f"{expr if expr == param else f'({expr})'} {op} {number}"  # in order
        out.append(f"def {name}({param}):\n    return {expr}\n")
    # (a function or script described in words: ``pywords``; one the rules above signed is
    # not signed again)
    signed = {m for t in out for m in re.findall(r"^def (\w+)", t, re.MULTILINE)}
    out += [t for t in pywords.function_texts(task)
            if not set(re.findall(r"^def (\w+)", t, re.MULTILINE)) & signed]
    for phrase in _PRINTS.findall(task):
        phrase = phrase.strip()
        quoted = len(phrase) > 1 and phrase[0] == phrase[-1] and phrase[0] in "\"'"
        text = phrase[1:-1] if quoted else phrase
        if not quoted and (made := pywords.script_text(task, text) or pywords.counted(text)):
            out.append(made)
            continue
        if not quoted and (expr := expression(text)) is not None:
            out.append(f"print({expr})\n")
        numbers = _NUMBERS.findall(text)
        if not quoted and len(numbers) > 1:  # "3, then 2, then 1": a number a line
            out.append("".join(f"print({n})\n" for n in numbers))
        if quoted or not pywords.described(text):
            # (a 135M model wrote print("its first command-line argument in capitals"))
            out.append(f"print({json.dumps(text)})\n")
    out = pyexample.checked(task, out)  # (the example calls the task gives, as a check)
    if defined := constants(task):  # (with each function, then alone)
        head = "".join(f"{k} = {v!r}\n" for k, v in defined.items())
        out = [*(f"{head}\n\n{t}" for t in out if t.startswith("def ")), head,
               *(t for t in out if not t.startswith("def "))]
    return out


def contents(path: str, task: str, files: Iterable[str], existing: str | None,
             seen: Mapping[str, str] | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(whole texts, texts to add at its end) for the code or data file ``path``;
    ``existing``: its text when it exists (None: a new file); ``seen``: the texts the agent
    has seen of other files and outputs (a table to convert, a program's JSON output)."""
    suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
    if existing is None and spans.asks_empty(task):
        return ("",), ("",)  # ("create an empty __init__.py")
    if existing is None and (made := tuple(fields.texts(suffix, task, files))):
        return made, made  # (every field of the task understood: that file alone)
    whole: list[str] = []
    added: list[str] = []
    files = list(files)
    seen_items = [(name, t) for name, t in (seen or {}).items() if name != path]
    others = [t for _, t in seen_items]
    if suffix == "json" and len(existing or "") <= MAX_WHOLE_CHARS:
        whole = (read_json(task, seen_items) + observed_json(others) if existing is None
                 else []) + json_texts(task, files, existing)
    elif suffix == "csv" and existing is None:
        # (the cells the task writes, as rows, only when no table of a header and rows is
        # found: a 135M model took "swimmer,seconds" alone when offered after the table)
        rows = csv_rows(task)
        made = [t for t in tables.new_table(task) if t.count("\n") > 1]
        whole = made or tables.new_table(task) + (["\n".join(rows) + "\n"] if rows else [])
    elif suffix == "csv":
        rows = csv_rows(task) + tables.row_for(existing, task, files, INSTRUCTION_WORDS)
        lead = "" if not existing or existing.endswith("\n") else "\n"
        for row in dict.fromkeys(rows):
            whole.append(existing + lead + row + "\n")
            added.append(lead + row + "\n")
    elif suffix in ("yaml", "yml", "toml") and existing is None:
        whole = settings_texts(suffix, task, files)
    elif suffix in ("ini", "cfg") and existing is None:
        whole = ini_texts(task, files)
    elif suffix == "py" and existing is None:
        whole = python_texts(task)
    elif suffix == "md" and existing is None:
        whole = markdown.texts(task, files)
    whole = [text for text in whole if len(text) <= MAX_WHOLE_CHARS]
    if suffix == "py" and existing is None and not whole:
        whole = list(pyholes.holes(task))  # (an expression left to the model, by a grammar)
    if existing is None:
        added = whole  # appending to a missing file writes it whole
    return (tuple(dict.fromkeys(whole))[:MAX_CANDIDATES],
            tuple(dict.fromkeys(added))[:MAX_CANDIDATES])
