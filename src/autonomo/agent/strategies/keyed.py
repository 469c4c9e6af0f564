"""Edits of a keyed data file: the value at the key a task designates, nothing else.

A JSON, YAML, INI, TOML or ``.env`` file is keys with values, in sections or nested objects.
"change the accent colour to #e4572e", "db.ini: the database port to 5544", "my email in
profile.yaml to …" designate a key (a word of the task is the key or a part of it:
``accent``, ``port``; a section or parent the task also names decides between keys of one
name: ``[database]`` over ``[cache]``) and state a value. The edit replaces that value, whole
and in the file's own notation (quotes kept, a JSON number bare), and leaves every other byte
as it was; the key itself is structure and never a piece to replace.

The entries are read off the text line by line (``key: value``, ``key = value``,
``"key": value``), their parents by indentation and by ``[section]`` headers, so a file with
comments or a small error is still read; a one-line JSON object is read by its segments.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from autonomo.agent.strategies import scaled, spans, values
from autonomo.agent.strategies.facts import stem, words

#: the suffixes of keyed data files (``.env``, ``.env.local``: by name)
SUFFIXES = (".json", ".yaml", ".yml", ".ini", ".cfg", ".conf", ".toml", ".env", ".properties")
_LINE = re.compile(r"""^(?P<indent>[ \t]*)(?:-[ \t]+)?(?P<q>["']?)(?P<key>[A-Za-z_][\w.-]*)(?P=q)"""
                   r"""[ \t]*(?P<sep>[:=])(?!//)[ \t]*(?P<value>.*?)[ \t]*$""")
_SECTION = re.compile(r"^[ \t]*\[\[?(?P<name>[^\[\]\n]+)\]\]?[ \t]*$")
_JSON_PAIR = re.compile(r'"(?P<key>[^"\n]{1,80})"\s*:\s*(?P<value>"(?:[^"\\\n]|\\.)*"'
                        r"|-?\d[\d.eE+-]*|true|false|null)")
#: an item of a list under a key (``"jpg",`` of a JSON array, ``- x`` of a YAML list): part of
#: the keyed text, not a line of another kind
_ITEM = re.compile(r"""^[ \t]*(?:-[ \t]+\S.*|(?:"[^"\n]*"|-?\d[\d.]*|true|false|null)"""
                   r"""[ \t]*,?)[ \t]*$""")
_QUOTED = re.compile(r"""^(["'])(?P<inner>.*)\1$""")
_BOOLEAN = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}
_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


@dataclass(frozen=True)
class Entry:
    """One key's value: ``parents`` the sections or keys it is under, ``value`` the text of
    the value as the file writes it (quotes included), ``line`` its whole line."""
    parents: tuple[str, ...]
    key: str
    value: str
    line: str
    lineno: int


def is_keyed(path: str) -> bool:
    name = path.rsplit("/", 1)[-1].lower()
    return name.endswith(SUFFIXES) or name.startswith(".env")


def _value(raw: str) -> str:
    """The value of a line's right-hand side: a quoted string whole, else up to a comment or
    a JSON line's trailing comma."""
    raw = raw.strip()
    quoted = re.match(r"""("(?:[^"\\]|\\.)*"|'[^']*')""", raw)
    if quoted:
        return quoted.group(1)
    raw = re.split(r"\s[#;]", raw, maxsplit=1)[0].strip()
    return raw[:-1].rstrip() if raw.endswith(",") else raw


def entries(text: str) -> list[Entry]:
    """The entries of a keyed text, in order (containers are parents, not entries)."""
    lines = text.splitlines()
    if len(lines) == 1 and text.lstrip().startswith("{"):
        return [Entry((), m.group("key"), m.group("value"), lines[0], 0)
                for m in _JSON_PAIR.finditer(text)]
    out: list[Entry] = []
    stack: list[tuple[int, str]] = []  # (indent, name) of the open parents
    section: tuple[str, ...] = ()
    for n, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith(("#", ";", "//")):
            continue
        header = _SECTION.match(line)
        if header and not line.strip().startswith(("[{", '["')):
            section, stack = tuple(header.group("name").strip().split(".")), []
            continue
        indent = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        found = _LINE.match(line)
        if not found:
            continue
        value = _value(found.group("value"))
        parents = (*section, *(name for _, name in stack))
        if value in ("", "{", "[", "|", ">"):
            stack.append((indent, found.group("key")))
            continue
        out.append(Entry(parents, found.group("key"), value, line, n))
    return out


def _parts(name: str) -> set[str]:
    return {stem(p) for p in _PARTS.findall(name.replace("-", "_")) if len(p) > 1}


def without(task: str, files: Iterable[str]) -> str:
    """``task`` with the file names it gives blanked out, each only where it stands whole
    (not the ``rin.takeda`` of ``rin.takeda@mail.example``). Kept for the next calls: it
    is asked once per file the task names (``edits.edits``), one substitution per name
    each time, which made a task naming 400 files take minutes a step."""
    return _without(task, tuple(files))


@functools.lru_cache(maxsize=16)
def _without(task: str, files: tuple[str, ...]) -> str:
    for name in sorted(files, key=len, reverse=True):
        task = re.sub(rf"(?<![\w@.-]){re.escape(name)}(?![\w@-]|\.\w)", " ", task)
    return task


def _stated(task: str, files: list[str]) -> list[str]:
    """The values the task states, whole: quoted texts, then values by shape, then the
    switches ``on``/``off``/``true``/``false``/``yes``/``no``."""
    said = without(task, files)
    quoted = [q for q in spans.literals(task, files) if f"'{q}'" in task or f'"{q}"' in task]
    shaped = [v.text for v in values.scan(said)]
    switches = [w for w in re.findall(r"[A-Za-z]+", said) if w.lower() in _BOOLEAN]
    return list(dict.fromkeys([*quoted, *shaped, *switches]))


def _inner(value: str) -> str:
    return m.group("inner") if (m := _QUOTED.match(value)) else value


#: a value's text without its quotes (for the finish check)
unquoted = _inner


def _fits(old: str, new: str) -> bool:
    """Whether ``new`` may stand where ``old`` stands: a switch for a switch, a number for a
    number, a value of the same shape, or any text for a quoted word."""
    if (old.lower() in _BOOLEAN) != (new.lower() in _BOOLEAN):
        return False
    if old.lower() in _BOOLEAN:
        return True
    kind_old, kind_new = values.kind_of(old), values.kind_of(new)
    numeric = values.NUMERIC | {"percent", "money"}
    if kind_old in numeric and kind_new in numeric:
        return True
    return kind_old == kind_new or kind_old is None


def _written(old: str, new: str) -> str:
    """``new`` in the notation of ``old``: its quotes, its style of switch."""
    quoted = _QUOTED.match(old)
    if quoted:
        q = old[0]
        return q + new.replace("\\", "\\\\").replace(q, "\\" + q) + q if q == '"' else q + new + q
    if old.lower() in _BOOLEAN and new.lower() in _BOOLEAN:
        truth = _BOOLEAN[new.lower()]
        pair = next(p for p in (("true", "false"), ("yes", "no"), ("on", "off"))
                    if old.lower() in p)
        word = pair[0] if truth else pair[1]
        return word.capitalize() if old[0].isupper() else word
    return new


def _piece(lines: list[str], entry: Entry) -> str:
    """The smallest run of whole lines ending at the entry's that the text holds once (its
    line, else with the lines above it back to its parent)."""
    text = "\n".join(lines)
    for start in range(entry.lineno, -1, -1):
        piece = "\n".join(lines[start:entry.lineno + 1])
        if text.count(piece) == 1:
            return piece
    return entry.line


#: the words that link a text to what replaces it ("cat to dog", "dog instead of cat")
_TO = r"(?:to|with|into|by|is|are|becomes?|be|say|says|read|reads|->|→|=|:)"
_FOR = r"(?:instead\s+of|not|rather\s+than|in\s+place\s+of|replacing|for)"


def linked(said: str, old: str, new: str) -> bool:
    """Whether the task links ``old`` to ``new`` as what replaces it: ``old`` then a word of
    linking then ``new`` ("Monday with Tuesday", "colour to teal"), or ``new`` then ``old``
    ("teal instead of red", "the Boathouse, not the Granary")."""
    o, n = re.escape(old), re.escape(new)
    gap = r"[\s,:;'\"()-]+(?:(?:the|a|an|now|just)\s+)?"
    return bool(re.search(rf"(?<!\w){o}(?!\w).{{0,40}}?(?<!\w){_TO}{gap}{n}(?!\w)", said, re.I)
                or re.search(rf"(?<!\w){n}(?!\w).{{0,20}}?(?<!\w){_FOR}{gap}{o}(?!\w)",
                             said, re.I))


#: words of the task that begin (or tell where is) a description of a value, never one:
#: "set the city to whatever city is written in c.txt"
DESCRIBING = frozenset({"whatever", "whichever", "what", "which", "the", "a", "an", "that",
                        "this", "its", "their", "his", "her", "my", "our", "your", "it", "them",
                        "one", "match", "equal", "same", "written", "stored", "given",
                        "listed", "found", "kept", "named", "held", "shown", "noted",
                        "mentioned", "recorded", "saved", "defined", "specified"})


def keyed_edits(text: str, task: str, files: list[str],
                fresh: Iterable[str] = ()) -> list[tuple[str, tuple[str, ...]]]:
    """(piece, replacements) for the key(s) the task designates, best first; empty when the
    task names no key of the text or states no value that may stand at it. ``fresh``: the
    task's own words the text does not hold, in order (a word value: "owner … to Bartek"),
    after the values it states."""
    found = entries(text)
    said = without(task, files)
    told = words(said)
    literal = _stated(task, files)
    stated = list(dict.fromkeys([*literal, *fresh]))
    held = {_inner(e.value) for e in found} | {e.key for e in found}
    scored = []
    for entry in found:
        inner = _inner(entry.value)
        # the key named, its parents named, the value it holds stated ("3.11 - … to 3.13")
        score = (len(_parts(entry.key) & told) + sum(bool(_parts(p) & told)
                                                     for p in entry.parents)
                 + 2 * (inner in stated))
        # ("Restart=on-failure to Restart=always": the value of the key the task writes
        # out; a word of the task only where it links it to the key: "owner to Bartek")
        news = [s.split(sep, 1)[1] if s.startswith(sep := entry.key + "=") else s
                for s in stated if s in literal or linked(said, entry.key, s)]
        news = [s for s in dict.fromkeys(news) if s not in held and _fits(inner, s)
                and s.lower() not in DESCRIBING]
        if score and (done := scaled.operation(said)) and re.fullmatch(r"-?\d+(?:\.\d+)?", inner) \
                and _parts(entry.key) & words(scaled.clause(said)):
            # ("increase the timeout by 5": 35 of 30; the 5 is the operand)
            news = [scaled.shown(done.apply(Decimal(inner)), inner)]
        if score and news:
            # a value of the stated value's own shape before a value of no shape
            shaped = any(values.kind_of(inner) and values.kind_of(s) for s in news)
            scored.append((score, shaped, entry, news))
    if not scored:
        return []
    best = max((score, shaped) for score, shaped, _, _ in scored)
    lines = text.splitlines()
    out: list[tuple[str, tuple[str, ...]]] = []
    for score, shaped, entry, stated_news in scored:
        if (score, shaped) < best:
            continue
        news = [w for s in stated_news if (w := _written(entry.value, s)) != entry.value]
        if not news:
            continue
        piece = _piece(lines, entry) if len(lines) > 1 else (
            f'"{entry.key}"' + text.split(f'"{entry.key}"', 1)[1].split(entry.value, 1)[0]
            + entry.value)
        last = piece.rsplit("\n", 1)[-1]
        at = len(piece) - len(last) + last.find(entry.value, re.search("[:=]", last).end())
        out.append((piece, tuple(dict.fromkeys(
            piece[:at] + new + piece[at + len(entry.value):] for new in news))))
    return out


def is_keyed_text(text: str) -> bool:
    """Whether a text reads as a keyed file: two entries or more, and its lines (blank
    lines, comments and brackets aside) entries, sections or parents, all but a few."""
    lines = [line for line in text.splitlines() if line.strip()
             and not line.lstrip().startswith(("#", ";", "//"))
             and line.strip().strip("{}[],") != ""]
    if len(lines) == 1 and text.lstrip().startswith("{"):
        return len(entries(text)) >= 2
    read = sum(bool(_LINE.match(line) or _SECTION.match(line) or _ITEM.match(line))
               for line in lines)
    return read >= 2 and read >= 0.8 * len(lines)


def keys(text: str) -> set[str]:
    """The keys and parents of a keyed text (never a piece of an edit)."""
    found = entries(text)
    return {e.key for e in found} | {p for e in found for p in e.parents}
