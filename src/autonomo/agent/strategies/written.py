"""What a task writes out whole: the items of an enumeration, a JSON value.

The items of an enumeration, each whole: "capers, sumac and oat flakes".

A list said in words has items of one or more words: "a JSON list with capers, sumac and
oat flakes", "olive oil, sea salt and rye flour, one per line". Read one token an item, the
last became "oat" and the file was wrong. Here an item runs between the commas; the last
one from "and"/"or" up to a word that leads elsewhere (a preposition, a count, an
instruction's word, a file's name) or the clause's end; the first one back to such a word,
and no longer than the longest of the others (its left edge is a guess: "the numbers 3, 5
and 8" lists 3, not "numbers 3"). Nothing here knows a task: the stops are closed classes of
English (``facts.FILLER``, ``spans.INSTRUCTION_WORDS``).

A JSON object or list the task writes out (``{"model": "MK4", "bed": 60}``) is the file's
text as it stands, not pairs to read out of it.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable

from autonomo.agent.strategies.facts import FILLER
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS, NUMBER_WORDS

MAX_ITEM_WORDS = 3
#: words no item holds: they lead to a place, count, or instruct ("to", "one per line")
_STOPS = frozenset(FILLER | INSTRUCTION_WORDS | set(NUMBER_WORDS) | {
    "per", "please", "pls", "all", "both", "each", "every", "including", "containing",
    "holding", "listing", "are", "be", "was", "were", "has", "have", "should", "will",
    "so", "but", "then", "plus", "only", "just", "also", "called", "named", "via", "inside",
    "onto", "under", "after", "before", "below", "above", "than", "like", "such", "if",
    "when", "where", "which", "who", "whose", "lists", "list", "json", "yaml", "array",
    "items", "entries", "lines", "values", "names", "words", "strings", "numbers"})
#: (shared: ``fields`` reads no key from them)
STOPS = _STOPS
#: the words an item may begin with that are not its text ("a saw", "the drill")
_ARTICLES = frozenset({"a", "an", "the", "some"})
#: a clause: an enumeration does not run over a sentence's end, a colon or a bracket
_CLAUSE = re.compile(r"(?:[^.;:!?()\n]|[.:](?=\S))+")
_CONJUNCTION = re.compile(r"(?:,\s*|\s+)(?:and|or|&)\s+", re.IGNORECASE)
_MARK = "\x00"


def _words(segment: str) -> list[str]:
    return [w.strip("\"'`") for w in segment.split() if w.strip("\"'`")]


#: the instruction's verbs, which stop an item written with a capital too ("Add salt, …");
#: another capitalised word is a name's ("New York", "Hotel Oslo")
_VERBS = frozenset({"add", "append", "insert", "write", "put", "save", "create", "make",
                    "list", "set", "store", "type", "enter", "include"})


def _stop(word: str) -> bool:
    bare = word.lower().strip(",")
    if word[:1].isupper():
        return bare in FILLER or bare in _VERBS
    return word == _MARK or bare in _STOPS


def _item(words: list[str]) -> list[str] | None:
    """``words`` as one item, its leading article dropped; None when a word of it stops."""
    while words and words[0].lower() in _ARTICLES:
        words = words[1:]
    if not words or len(words) > MAX_ITEM_WORDS or any(_stop(w) for w in words):
        return None
    return words


#: a layout of one item a line the task asks for ("one per line", "on separate lines")
_PER_LINE = re.compile(r"\b(?:one|each)\s+(?:item\s+)?(?:per|a|on\s+(?:a|its\s+own|a\s+new|a\s+"
                       r"separate))\s+line\b|\bon\s+(?:separate|different|their\s+own|new|"
                       r"two)\s+lines\b|\bas\s+(?:separate|two)\s+lines\b", re.IGNORECASE)


def enumerations(task: str, files: Iterable[str] = ()) -> list[list[str]]:
    """The items of each enumeration of three or more items ("a, b and c", "a, b, or c"),
    each whole, in the task's order (file names are no items: an enumeration stops there);
    of two ("oat milk and rye bread") when the task asks for one item a line."""
    for name in sorted((n for n in files if n), key=len, reverse=True):
        task = task.replace(name, f" {_MARK} ")
    pairs = _PER_LINE.search(task) is not None
    out: list[list[str]] = []
    for clause in _CLAUSE.findall(task):
        for conjunction in _CONJUNCTION.finditer(clause):
            items = _items(clause[:conjunction.start()], clause[conjunction.end():], pairs)
            if items and items not in out:
                out.append(items)
    return out


def _items(left: str, right: str, pairs: bool = False) -> list[str] | None:
    """The items around one "and": the comma-separated ones before it, the last one after
    (with ``pairs``, the one before it alone too)."""
    segments = left.split(",")
    if len(segments) < 2 and not pairs:
        return None  # ("salt and pepper": two words joined, not a list said as one)
    middle = [_item(_words(s)) for s in segments[1:]]
    last: list[str] = []
    after = _words(right)
    while after and after[0].lower() in _ARTICLES:
        after = after[1:]
    for word in after:
        if word.endswith(",") or _stop(word):
            last += [word.rstrip(",")] if word.endswith(",") and not _stop(word) else []
            break
        last.append(word)
    tail = _item(last)
    if tail is None or any(m is None for m in middle):
        return None
    longest = max(len(i) for i in [*middle, tail] if i is not None)
    first: list[str] = []
    before = ""
    for word in reversed(_words(segments[0])):
        if _stop(word) or len(first) == longest:
            before = word.lower()
            break
        first.insert(0, word)
    head = _item(first)
    if head is None:
        return None
    items = [" ".join(i) for i in [head, *middle, tail] if i is not None]
    # a count before the first names the others ("three fruits, apple, pear and fig")
    count = NUMBER_WORDS.index(before) if before in NUMBER_WORDS else (
        int(before) if before.isdigit() else None)
    return items[1:] if count == len(items) - 1 else items


#: JSON values a task writes out, tried at most from this many brackets
MAX_STATED = 12


def stated_json(task: str) -> list[object]:
    """The JSON objects and lists the task writes out whole (``{"model": "MK4", "bed": 60}``,
    ``["a", "b"]``), in its order; a Python literal in single quotes too."""
    out: list[object] = []
    end = 0
    for start in [m.start() for m in re.finditer(r"[{\[]", task)][:MAX_STATED]:
        if start < end:
            continue  # (inside a value found)
        found = _literal(task[start:])
        if found is not None:
            value, length = found
            out.append(value)
            end = start + length
    return out


def _literal(text: str) -> tuple[object, int] | None:
    """The JSON (or Python) object or list at the start of ``text``, and its length."""
    try:
        value, length = json.JSONDecoder().raw_decode(text)
    except (ValueError, RecursionError):
        closing = {"{": "}", "[": "]"}[text[0]]
        length = text.find(closing, 1) + 1
        try:
            value = ast.literal_eval(text[:length]) if length else None
        except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
            return None
    if isinstance(value, (dict, list)) and value and not isinstance(value, set):
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            return None
        return value, length
    return None
