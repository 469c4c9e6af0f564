"""Positive verifier of a value derived from a source and written into one answer file.

The task names a source (a file of the start workspace, the workspace's files, a program of
it) and an answer file; the value is derived here, independently, by a few plain
computations: a keyed value (``City: Lisbon``, a JSON path, an INI section's key, a CSV cell
by row and column), a count (lines, words, rows, entries, files of a kind, rows holding a
value), a line by its position, a list (JSON keys, a CSV column or header, file names), or
what the program prints (run again in the sandbox on the start workspace,
``verifying_programs``, not the agent's words). Every content word of the task must be
accounted for by the derivation (a word it cannot place may change what is asked: not
verified), every derivation that applies must agree, and the answer file must hold exactly
the derived value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from autonomo.agent import verifying_records as records
from autonomo.agent import verifying_units as units
from autonomo.agent.finishing_record import without
from autonomo.agent.strategies import scaled, twostep
from autonomo.agent.verifying_expected import (
    COUNTING,
    GENERIC_ANSWER,
    LIST_WORDS,
    Expected,
    asks_order,
    singular,
    unexplained,
)
from autonomo.agent.verifying_lists import filtered, plain_lines, template
from autonomo.agent.verifying_programs import Run, described, printed, undescribed
from autonomo.agent.verifying_rerun import Rerun
from autonomo.agent.verifying_scaled import scaled_expected, words_of
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_sources import (
    FUNCTION_WORDS,
    STRUCTURED,
    content_words,
    keyed,
    shown,
    table,
    words,
)
from autonomo.agent.verifying_subfolders import subfolders
from autonomo.agent.verifying_task import files_named, new_names, placed_names, quoted, verbs
from autonomo.agent.verifying_verdict import Verdict

_ALONE = re.compile(r"\b(?:and\s+)?nothing\s+(?:else|more)(?:\s+in\s+(?:it|there|the\s+file))?\b",
                    re.IGNORECASE)
_HEADER = re.compile(r"\b(?:not\s+counting|excluding|without|apart\s+from|except(?:\s+for)?)"
                     r"\s+(?:the\s+)?header(?:\s+(?:row|line))?", re.IGNORECASE)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5,
             "seventh": 6, "eighth": 7, "ninth": 8, "tenth": 9, "last": -1}
_KINDS = {"python": ".py", "markdown": ".md", "text": ".txt", "csv": ".csv", "json": ".json",
          "log": ".log", "yaml": ".yaml", "image": None, "html": ".html"}
#: words that ask for a list, not one value
_LISTING = re.compile(r"\b(?:list|names|values|column|every|all|each)\b|\bper\s+line\b",
                      re.IGNORECASE)


def _covered(required: set[str], *explained: set[str]) -> bool:
    return required <= set().union(*explained)


def _lookups(task: str, source: str, text: str, required: set[str],
             bonus: set[str]) -> list[Expected]:
    """A keyed value or a CSV cell the task's words pick out, uniquely."""
    found: list[Expected] = []
    leaves = keyed(source, text)
    if leaves:
        scored = []
        for path, value in leaves.items():
            path_words = {w for part in path for w in words(part)}
            if not set(words(path[-1])) & (required | bonus) \
                    or not required - _typed(value) <= path_words:
                continue
            scored.append((len(path_words & (required | bonus)), path, value))
        top = max((x[0] for x in scored), default=None)
        best = [s for s in scored if s[0] == top]
        if len(best) == 1 and not isinstance(best[0][2], (dict, list)) and best[0][2] != "":
            found.append(Expected(f"{'/'.join(best[0][1])} of {source}", shown(best[0][2])))
        elif len(best) != 1 and (named := _named_key(task, leaves, required)):
            found.append(Expected(f"{'/'.join(named[0])} of {source}", shown(named[1])))
    parsed = table(source, text)
    if parsed:
        header, rows = parsed
        lower = task.lower()
        keys = [(r, i) for r in rows for i, cell in enumerate(r) if cell and not cell.isdigit()
                and re.search(rf"(?<!\w){re.escape(cell.lower())}(?!\w)", lower)]
        rows_hit = {id(r) for r, _ in keys}
        # the asked column: not the one whose cell names the row
        wanted = [i for i, h in enumerate(header) if i not in {at for _r, at in keys}
                  and words(h) and set(words(h)) <= required | bonus]
        if len(wanted) == 1 and len(rows_hit) == 1:
            row, at = keys[0]
            col = wanted[0]
            if _covered(required - _typed(row[col]), set(words(header[col])),
                        set(words(row[at])), set(words(header[at]))) and row[col]:
                found.append(Expected(f"{header[col]} of {row[at]} in {source}", row[col]))
    return found


def _typed(value: object) -> set[str]:
    """The task's words a value's own form answers ("when", "the date": 2026-12-03)."""
    text = str(value)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}", text):
        return {"date", "when", "day"}
    if re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", text):
        return {"time", "when"}
    if re.fullmatch(r"[^@\s]+@[^@\s]+\.\w+", text):
        return {"email", "address", "mail"}
    return set()


def _named_key(task: str, leaves: dict[tuple[str, ...], object],
               required: set[str]) -> tuple[tuple[str, ...], object] | None:
    """The one key of several words or with a number ("locker 17") the task writes out
    whole, when the one task word it leaves names the value of it ("the combination of
    locker 17", "locker 17's combination")."""
    hits = [(path, value) for path, value in leaves.items() if len(path) == 1
            and (" " in path[0] or re.search(r"\d", path[0]))
            and re.search(rf"(?<![\w-]){re.escape(path[0])}(?![\w-])", task, re.IGNORECASE)]
    if len(hits) != 1 or isinstance(hits[0][1], (dict, list)) or hits[0][1] in ("", None):
        return None
    (path, value), = hits
    left = required - set(words(path[0]))
    key = re.escape(path[0])
    if len(left) > 1 or any(not re.search(
            rf"\b{w}\s+(?:of|for)\s+(?:the\s+)?{key}\b|\b{key}'s\s+{w}\b", task, re.I)
            for w in left):
        return None
    return path, value


def _counts(task: str, source: str, text: str, required: set[str],
            answer_words: set[str], names: list[str]) -> list[Expected]:
    """A count of the source's lines, words, rows or entries, or of its rows (objects)
    holding the one value the task names: every plain way of counting that applies must
    agree. A word of the answer file's name counts as the task's ("unpaid.txt" may be the
    only place the condition is said)."""
    stem = set(words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    units = {"lines", "line", "words", "word", "rows", "row", "entries", "entry", "items",
             "item", "records", "record", "elements", "header", "list"} | stem | _TALLY
    parsed = table(source, text)
    rows: list[dict[str, str]] | None = None
    if parsed:
        rows = [dict(zip(parsed[0], r, strict=True)) for r in parsed[1]]
    elif source.lower().endswith(".json"):
        rows = _objects(text)
        units |= set(words(_wrapper(text)))  # {"tasks": [...]}: the list's own name
    # the things counted, named right after "how many" ("how many tasks have status done"),
    # unless a field is called so ("how many moons": a value to look up, not rows to count),
    # or it is a mark in capitals ("how many WARN lines": the lines it marks are counted)
    fields = {w for r in rows or () for k in r for w in words(k)}
    units |= {m.group(1).lower() for m in re.finditer(
        r"\b(?:how\s+many|number\s+of|count\s+(?:the\s+)?)\s*([A-Za-z]+)", task, re.IGNORECASE)
        if unexplained({m.group(1).lower()}, fields) and not m.group(1).isupper()}
    left = {w for w in unexplained(required | answer_words, units) if len(w) > 1}
    bare = without(task, names)
    task_words = set(words(bare))
    ways: set[int] = set()
    keys = _top_keys(text) if source.lower().endswith(".json") else None
    if keys is not None and task_words & {"keys", "key"} \
            and not left - {"top", "level", "keys", "key"} and (
            "top" in task_words or not any(isinstance(v, dict) for v in keys.values())):
        ways.add(len(keys))  # "how many top-level keys does a.json have"
    if rows is not None and not left and task_words & ({"rows", "entries", "records",
                                                         "items", "elements"} | stem):
        ways.add(len(rows))
    for value in left if rows else ():  # the one value a field holds; its field may be named
        fields = {k for r in rows or () for k, c in r.items() if str(c).lower() == value}
        if len(fields) == 1 and left - {value} <= set(words(field := next(iter(fields)))):
            ways.add(sum(1 for r in rows or () if str(r.get(field, "")).lower() == value))
    counted = {m.group(1).lower() for m in re.finditer(
        r"\b(?:how\s+many|number\s+of)\s+([A-Za-z]+)", bare, re.IGNORECASE)}
    if rows is None and not left:
        lines = text.splitlines()
        if task_words & {"lines", "line"} or (
                # "how many names are in it": a list of one short item a line, no
                # separators, and the thing counted no word of some lines only ("how many
                # errors" in a log picks the lines saying ERROR)
                len(counted) == 1 and not counted & {"words", "word", "characters", "letters"}
                and lines and not any(re.search(r"[,;\t]", x) or len(x.split()) > 3
                                      or {singular(w) for w in words(x)}
                                      & {singular(c) for c in counted} for x in lines)):
            if len(lines) != len([x for x in lines if x.strip()]):
                return []
            ways.add(len(lines))
        if task_words & {"words", "word"}:
            ways.add(len(text.split()))
    if rows is None and _MENTIONING.search(bare) and len(named := unexplained(
            left, _MENTION_WORDS)) == 1 and (word := next(iter(named))) and (
            re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)):
        # "how many entries in a.txt mention Coimbra": the lines holding the word
        ways.add(sum(1 for x in text.splitlines()
                     if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", x, re.IGNORECASE)))
    marks = [m for m in re.finditer(r"\b[A-Z][A-Z0-9_]{2,}\b", bare)
             if m.group().lower() in left | counted]
    if rows is None and len({m.group() for m in marks}) == 1:
        # the lines marked by the one word in capitals the task names ("how many ERROR
        # entries", "the TODO comments": the word after it is what is counted)
        token = marks[0].group()
        after = {w for m in marks for w in words(bare[m.end():])[:1]}
        tagged = [x for x in text.splitlines() if re.search(rf"\b{token}\b", x)]
        comments = after & {"comment", "comments"}
        if not unexplained(left, {token.lower(), *after}) and tagged \
                and len(tagged) == len(re.findall(rf"\b{token}\b", text)) \
                and not (comments and any(not re.search(rf"#.*\b{token}\b", x) for x in tagged)):
            ways.add(len(tagged))
    return [Expected(f"a count of {source}", str(ways.pop()))] if len(ways) == 1 else []


#: words of an answer file's name that only say it holds a count ("todo_tally.txt")
_TALLY = {"count", "counts", "tally", "total", "number"}
#: a count of the lines that hold a word ("how many entries mention Coimbra")
_MENTIONING = re.compile(r"\b(?:mention|mentions|mentioning|name|names|naming|include|"
                         r"includes|including|contain|contains|containing)\b", re.IGNORECASE)
_MENTION_WORDS = {"mention", "mentions", "mentioning", "name", "names", "naming", "include",
                  "includes", "including"}
#: "how many times does the word X appear", "how often is 'X' used"
_TIMES = re.compile(r"\bhow\s+(?:many\s+times|often)\b", re.IGNORECASE)
_ONE_WORD = re.compile(r"\bthe\s+word\s+([A-Za-z]+)\b|[\"'‘“]([A-Za-z]+)[\"'’”]")
#: words that only say "occurs" ("appear", "is used", "comes up", "is mentioned")
_OCCURRING = {"times", "often", "word", "appear", "appears", "occur", "occurs", "used",
              "mentioned", "come", "comes", "show", "shows", "turn", "turns"}


def _occurrences(task: str, source: str, text: str, required: set[str],
                 answer_words: set[str]) -> list[Expected]:
    """How many times the one word the task names ("the word X", or quoted) stands in the
    source, whole and in any case; a form joined to it ("X's", "X-day") may or may not
    count, so then nothing is derived."""
    words_named = {next(g for g in m.groups() if g) for m in _ONE_WORD.finditer(task)}
    if not _TIMES.search(task) or len(words_named) != 1:
        return []
    word = next(iter(words_named))
    stem = set(words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
    if unexplained(required | answer_words, _OCCURRING | stem | {word.lower(), "count"}):
        return []
    hits = list(re.finditer(rf"(?<![\w'’-]){re.escape(word)}(?![\w'’-])", text, re.IGNORECASE))
    joined = re.search(rf"[\w'’-]{re.escape(word)}|{re.escape(word)}['’-]\w", text,
                       re.IGNORECASE)
    if joined:
        return []
    return [Expected(f"the count of the word {word!r} in {source}", str(len(hits)))]


def _top_keys(text: str) -> dict[str, object] | None:
    """The top-level object of a JSON text, or None."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _wrapper(text: str) -> str:
    """The one key of a JSON object that only wraps a list, else ""."""
    try:
        data = json.loads(text)
    except ValueError:
        return ""
    if isinstance(data, dict) and len(data) == 1 and isinstance(next(iter(data.values())), list):
        return str(next(iter(data)))
    return ""


def _objects(text: str) -> list[dict[str, str]] | None:
    """A JSON list (at the top, or the one list of a one-key object) as rows: its objects'
    plain fields, or each plain item as one field."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if isinstance(data, dict) and len(data) == 1:
        data = next(iter(data.values()))
    if not isinstance(data, list):
        return None
    return [{k: shown(v) for k, v in item.items() if not isinstance(v, (dict, list))}
            if isinstance(item, dict) else {"": shown(item)} for item in data]


def _file_counts_and_lists(task: str, start: Snapshot, required: set[str],
                           answer: str, answer_words: set[str]) -> list[Expected]:
    """How many files of a kind the workspace (or a folder it names) holds, or their names.
    A word of the answer file's name must be accounted for too: a condition said only there
    ("october_receipts.txt") is one no plain listing applies."""
    kinds = {kind for w in words(task) if (kind := _KINDS.get(w))}
    kinds |= {m.lower() for m in re.findall(r"(?<![\w.])\.\w{1,8}(?=\s+files?\b)", task)}
    # ("which files in d/ end in .eml?": the ending names the kind)
    ending = {m.lower() for m in re.findall(r"\bend(?:s|ing)?\s+(?:in|with)\s+(\.\w{1,8})\b",
                                            task)}
    kinds |= ending
    # "in photos/", "in invoices/2026", "of the holiday folder"
    at = re.search(r"\b(?:in|inside|of)\s+(?:the\s+)?(?:((?:[\w.-]+/)+[\w.-]*)|([\w.-]+)\s+"
                   r"folder\b)", task)
    slashed = set(re.findall(r"(?<![\w./-])((?:[\w.-]+/)+)(?![\w.-])", task))
    folder = (at.group(1) or at.group(2)).rstrip("/") if at else (
        next(iter(slashed)).rstrip("/") if len(slashed) == 1 else None)  # ("does d/ hold")
    folder_words = set(words(folder)) if folder else set()
    # (a word of the answer's name that is a part of the folder's: "fonts.txt" for webfonts/)
    answer_words = {w for w in answer_words if not any(w in f for f in folder_words)}
    kind_nouns = _PROGRAM_NOUNS if ".py" in kinds else set()  # (python files: scripts)
    left = unexplained(required | answer_words, {"files", "file", *_KINDS, *folder_words,
                                                  *kind_nouns,
                                                  *LIST_WORDS, *GENERIC_ANSWER,
                                                  *({"end", "ends", "ending"} if ending
                                                    else ()),
                                                  *(k.lstrip(".") for k in kinds)})
    if not re.search(r"\bfiles?\b", task, re.IGNORECASE) or left or len(kinds) > 1:
        return []
    base = f"{folder}/" if folder else ""
    every = [p for p in start.files if p.startswith(base) and p != answer
             and (not kinds or p.lower().endswith(next(iter(kinds))))]
    top = [p for p in every if "/" not in p[len(base):]]
    if every != top or not every:
        return []  # whether files in sub-folders count is not said
    names = tuple(p[len(base):] for p in top)
    if COUNTING.search(task):
        return [Expected("a count of files", str(len(names)))]
    if re.search(r"\bnames?\b|\blist(?:ing)?\b|\bwhich\b|\bper\s+line\b|\bone\s+a\s+line\b",
                 task, re.IGNORECASE):
        return [Expected("the file names", items=names, ordered=asks_order(task), place=base)]
    return []


#: what a Python file is called besides
_PROGRAM_NOUNS = {"script", "scripts", "program", "programs", "module", "modules"}
def _nth_line(task: str, source: str, text: str, required: set[str]) -> list[Expected]:
    m = re.search(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
                  r"\s+line\b", task, re.IGNORECASE)
    if m is None or required - {m.group(1).lower(), "line"}:
        return []
    index = _ORDINALS[m.group(1).lower()]
    every, kept = text.splitlines(), [x for x in text.splitlines() if x.strip()]
    if every != kept or not kept or index >= len(kept):
        return []  # blank lines: whether they count is not said
    return [Expected(f"the {m.group(1)} line of {source}", kept[index].strip())]


_SUMMING = re.compile(r"\b(?:add\s+up|sum|total)\b", re.IGNORECASE)
#: words that only say "all of it added" ("what do the hours come to altogether")
_SUM_WORDS = {"numbers", "column", "up", "sum", "add", "total", "altogether", "together",
              "combined", "overall", "come", "comes"}


def _sums(task: str, source: str, text: str, required: set[str],
          answer_words: set[str]) -> list[Expected]:
    """The sum of the one CSV column the task names ("add up the numbers in the value
    column"), when every cell of it is a number."""
    parsed = table(source, text)
    if parsed is None or not _SUMMING.search(task):
        return []
    header, rows = parsed
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])  # ("till_slips.csv": slips)
    said = {singular(w) for w in required | answer_words}
    # the column its words name, in the plural too ("the amounts"; "the fares" of fares.csv)
    columns = [i for i, h in enumerate(header) if words(h)
               and {singular(w) for w in words(h)} <= said | {"value"}
               and {singular(w) for w in words(h)} & {singular(w) for w in words(task)}]
    if len(columns) != 1 or unexplained(required | answer_words, _SUM_WORDS | set(
            GENERIC_ANSWER) | set(stem) | set(words(header[columns[0]]))):
        return []
    try:
        total = sum(float(r[columns[0]]) for r in rows)
    except ValueError:
        return []
    return [Expected(f"the sum of the {header[columns[0]]} column of {source}", repr(total))]


def _lists(task: str, source: str, text: str, required: set[str],
           answer_words: set[str]) -> list[Expected]:
    """The keys of a JSON object, a CSV's header or one of its columns (a word of the
    answer file's name that is not the source's nor the column's may be a filter: none)."""
    found: list[Expected] = []
    stem = words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0])
    left = unexplained(required | answer_words, {*LIST_WORDS, *stem, *GENERIC_ANSWER})
    ordered = asks_order(task)
    # the top-level keys of a keyed file, or an INI file's sections
    sections = source.lower().endswith((".ini", ".cfg", ".conf"))
    asked = r"\bsections\b" if sections else r"\bkeys\b"
    if source.lower().endswith((".json", ".yaml", ".yml", ".toml")) or sections:
        # "the top-level keys": the keys listed are the top level's anyway
        top = {"top", "level"} if re.search(r"\btop[\s-]level\b", task, re.I) else set()
        # (not when it names an object below the top: "its features object")
        data = keyed(source, text) if not left - top and re.search(asked, task, re.I) \
            and not records.named_objects(task, source, text, []) else None
        if data:
            tops = tuple(dict.fromkeys(path[0] for path in data))
            if not any(t.isdigit() for t in tops):
                found.append(Expected(f"the {'sections' if sections else 'keys'} of {source}",
                                      items=tops, ordered=ordered))
    parsed = table(source, text)
    if parsed:
        header, rows = parsed
        if not left and re.search(r"\b(?:headers?|column\s+names)\b", task, re.IGNORECASE):
            found.append(Expected(f"the header of {source}", items=tuple(header),
                                  ordered=ordered))
        columns = [i for i, h in enumerate(header)
                   if words(h) and unexplained(set(words(h)), left) != set(words(h))]
        typed = set.intersection(*(_typed(r[columns[0]]) for r in rows)) if len(columns) == 1 \
            else set()
        # ("the distinct cities", "no duplicates": each value once)
        once = _ONCE.search(task)
        if len(columns) == 1 and (_LISTING.search(task) or once) and not unexplained(
                left, {*words(header[columns[0]]), *typed, *(_ONCE_WORDS if once else ())}):
            cells = tuple(r[columns[0]] for r in rows if r[columns[0]])
            cells = tuple(dict.fromkeys(cells)) if once else cells
            if ordered:  # (sorted, or nothing when case would change the order)
                if not _SORTING.search(task) or sorted(cells) != sorted(cells, key=str.casefold):
                    return found
                cells = tuple(sorted(cells))
            found.append(Expected(f"the {header[columns[0]]} column of {source}"
                                  f"{' (each once)' if once else ''}"
                                  f"{', sorted' if ordered else ''}", items=cells,
                                  ordered=ordered))
    return found


#: words that ask for each value once ("the distinct cities", "no duplicates")
_ONCE = re.compile(r"\b(?:distinct|unique|different|(?:no|without)\s+(?:duplicates?|"
                   r"repeats?|dupes)|once)\b", re.IGNORECASE)
_ONCE_WORDS = {"distinct", "unique", "different", "no", "without", "duplicates", "duplicate",
               "repeats", "repeat", "dupes", "once", "z", "alphabetic"}
#: words that sort a list (not "in the order they appear")
_SORTING = re.compile(r"\b(?:sort|sorted|alphabetical|alphabetically|a\s*(?:to|-)\s*z)\b",
                      re.IGNORECASE)


def _program(task: str, start: Snapshot, required: set[str], names: list[str],
             runs: Sequence[Run], rerun: Rerun | None) -> list[Expected]:
    """What the one program the task names prints (``verifying_programs``)."""
    found = printed(task, start, required, names, runs, rerun)
    return [Expected(f"what {found[0]} prints", found[1], loose=True)] if found else []


#: words that give a derived value a form besides itself ("as owner: NAME", "like this:
#: [name]", "prefixed with the tag", "followed by a full stop"): the bare value is not it
_FORMED = re.compile(
    r"\blike\s+(?:this|so)\b|\bin\s+(?:the|this)\s+(?:form|format)\b|"
    r"\bformatted\b|\bfollowed\s+by\b|\b(?:prefix|suffix)\w*|\blabell?ed\b|"
    r"\bwith\s+(?:the|a)\s+label\b|\bin\s+front\b|"
    # ("the count as a word", "in roman numerals", "spelled out")
    r"\bas\s+(?:(?:a|an)\s+)?(?:words?|text|roman|numerals?|fractions?|percent(?:age)?s?|"
    r"sentences?|strings?)\b|\bin\s+(?:words|letters|roman)\b(?!/)|\b(?:spel(?:led|t)|written)\s+out\b|"
    # ("the keys with their values", "the names along with their ages": more than the value)
    r"\b(?:with|plus|along\s+with|together\s+with|including)\s+(?:their|its|each\s+one's)\s+"
    r"(?!own\b|output\b|result\b|answer\b)\w+", re.IGNORECASE)


#: … and after the answer file's name, "as" and what it is written as ("into o.txt as owner:
#: NAME"; not "marks one stop as SHUT", which says where the value is)
_WRITTEN_AS = re.compile(
    r"\bas\s+(?!(?:its|their|the|an?)\s+(?:arguments?|number|integer|answer|count|total|"
    r"value|new\s+(?:last\s+)?line)\b|(?:its|their)\s+arguments?\b|most\b)"
    r"(?=[\w'\"<\[{(])", re.IGNORECASE)


def _formed(task: str, names: list[str], answer: str, start: Snapshot) -> str:
    """What in the task gives the value a form ("" if nothing): a word of ``_FORMED``, "as"
    after the answer file's name, or a quoted text with a label's mark (":", "=", "->") that
    no file of the start holds."""
    bare = without(task, [n for n in names if n != answer])
    spoken = answer if answer in bare else answer.rsplit("/", 1)[-1]
    after = bare[bare.find(spoken) + len(spoken):] if spoken in bare else ""
    if m := _FORMED.search(without(task, names)) or _WRITTEN_AS.search(without(after, names)):
        return m.group()
    texts = [e.text.lower() for e in start.files.values() if e.text is not None]
    return next((q for q in quoted(task) if q not in names and re.search(r"[:=]|->", q)
                 and "<" not in q and not any(q.lower() in t for t in texts)), "")


def deriving(task: str, start: Snapshot, now: Snapshot, changes: Changes,
             runs: Sequence[Run] = (), rerun: Rerun | None = None) -> Verdict | None:
    """One answer file new or rewritten, nothing else changed: it holds exactly the value
    every applicable derivation gives."""
    touched = changes.added | changes.changed
    if changes.removed or len(touched) != 1:
        return None
    (answer,) = touched
    named = [m.path for m in files_named(task, start.files)]
    spoken = new_names(task, start.files)
    if answer not in named + placed_names(task, start) or answer.lower().endswith(STRUCTURED):
        return None
    if verbs(re.sub(r"\badd\s+(?:them\s+)?up\b", " ", scaled.without(task), flags=re.IGNORECASE),
             nouns=False) & {"delete", "move", "append"}:
        return None
    # ("nothing else": the answer alone, which is all a derived answer is judged as)
    cleaned = _ALONE.sub(" ", _HEADER.sub(" header ", task))
    answer_words = {w for w in words(answer.rsplit("/", 1)[-1].rsplit(".", 1)[0])
                    if len(w) > 1} - FUNCTION_WORDS
    operating = words_of(cleaned)
    required = content_words(cleaned, [*named, *spoken]) - answer_words - operating
    operated = bool(operating)  # ("double it": a value read, then changed)
    sources = [p for p in dict.fromkeys(named) if p != answer]
    for source in sources:  # what a clause whose subject is a source says of it is no
        # condition ("shortlist.txt has our baby-name shortlist. How many names …?")
        if not source.endswith(".py"):
            required -= described(cleaned, source) - undescribed(cleaned, source)
    expected: list[Expected] = []
    filled: list[Expected] = []
    for source in sources:
        text = start.files[source].text
        if text is None:
            return Verdict.no("derive", f"{source} is too big or not text")
        if _TIMES.search(cleaned):
            expected += _occurrences(cleaned, source, text, required, answer_words)
        elif COUNTING.search(cleaned) and not operated:
            expected += _counts(cleaned, source, text, required, answer_words,
                                [*named, *spoken])
        else:
            expected += _nth_line(cleaned, source, text, required)
            expected += _lists(cleaned, source, text, required, answer_words)
            expected += plain_lines(cleaned, source, text, required, answer_words)
            expected += filtered(cleaned, source, text, required, answer_words)
            if len(sources) == 1:
                filled += template(task, source, text, [*named, *spoken])
        expected += _lookups(cleaned, source, text, required, answer_words)
        expected += records.object_keys(task, source, text, [*named, *spoken], answer_words)
        expected += records.record_field(task, source, text, [*named, *spoken], answer_words)
        expected += records.pinned(task, source, text, [*named, *spoken], answer_words)
        expected += units.unit_value(task, source, text, [*named, *spoken], answer_words)
        expected += units.section_value(task, source, text, [*named, *spoken], answer_words)
        expected += units.marked_items(task, source, text, [*named, *spoken], answer_words)
        if COUNTING.search(cleaned) and not operated:
            expected += records.list_count(task, source, text, [*named, *spoken],
                                           answer_words - _TALLY)
        expected += _sums(cleaned, source, text, required, answer_words)
    if twostep.templates(task, [*named, *spoken]) and not filled:
        # a value read bare is no template filled with it ("write a line 'branch=<code>'":
        # the bare code was confirmed); a template is judged by ``verifying_twostep``
        return None
    if not filled and (form := _formed(task, [*named, *spoken], answer, start)):
        return Verdict.no("derive", f"the task gives the value a form of its own: {form!r}")
    expected += filled
    expected += _program(cleaned, start, required, sources, runs, rerun)
    if operated:
        expected = scaled_expected(expected, cleaned, [start.files[s].text or "" for s in sources])
    if not sources:
        expected += _file_counts_and_lists(cleaned, start, required, answer, answer_words)
        expected += subfolders(cleaned, start, required, answer, answer_words)
    if not expected:
        return Verdict.no("derive", "the value could not be derived from the task and its "
                                    "sources")
    if len({e.key() for e in expected}) > 1:
        return Verdict.no("derive", "the ways of deriving the value disagree: "
                          + "; ".join(e.how for e in expected))
    text = now.files[answer].text
    if text is None or not expected[0].holds(text):
        return Verdict.no("derive", f"{answer} does not hold {expected[0].how}")
    return Verdict.yes("derive", f"{answer} holds {expected[0].how}")
