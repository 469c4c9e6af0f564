"""The value a task takes from a file, against the value the run wrote: the value under the
one key the task names (``the department of the employee in employee.json``), the n-th line,
a value computed from a file's numbers, the names the task asks to list (the keys of a JSON
object, a CSV column, the files of a kind or a folder). A count is not judged here: its
reading was a guess (a filter said in a word it did not know, a folder it did not see) and
refused right counts; the positive verifiers (``verifying_derived``) judge it.

Each reads the files the agent itself was pointed at; an answer that the file plainly
contradicts is refused, one the check cannot decide is let through. Used by
``finishing.finish_objection``; each function returns the objection or None.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from autonomo.agent.csv_text import table_rows
from autonomo.agent.finishing_changes import folders
from autonomo.agent.finishing_evidence import COMPARING
from autonomo.agent.finishing_record import Reader, Record, files_below, real_folder, without, words
from autonomo.agent.strategies import keyed, scaled
from autonomo.agent.verifying_records import named_objects

#: words of a task that computes or edits the value (its answer is not a file's value)
_COMPUTING = {"sum", "total", "multiply", "times", "plus", "minus", "difference",
              "average", "divide", "divided", "compute", "calculate", "increase", "decrease",
              "double", "half", "square", "upper", "lower", "uppercase", "lowercase",
              "reverse", "reversed", "sorted", "sort", "replace", "combine", "join"}
_PAIR = re.compile(r"^\s*([A-Za-z][\w .-]{0,40}?)\s*[:=]\s*(\S.*?)\s*$")


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _asked(task: str, named: tuple[str, ...]) -> set[str]:
    """The task's words, file names left out, singular."""
    return {_stem(w) for w in words(without(task, named))}


def _pairs(name: str, text: str) -> dict[str, str]:
    """Key -> value of a JSON object (nested objects by their last key) or of ``key: value``
    / ``key = value`` lines."""
    if name.lower().endswith(".json"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return {}
        found: dict[str, str] = {}
        stack = [data]
        while stack and len(found) < 500:
            item = stack.pop()
            if isinstance(item, dict):
                for key, value in item.items():
                    if isinstance(value, dict | list):
                        stack.append(value)
                    elif value is not None:
                        found[str(key)] = json.dumps(value) if isinstance(value, bool) \
                            else str(value)
        return found
    return {m.group(1): m.group(2) for line in text.splitlines() if (m := _PAIR.match(line))}


def _rows(name: str, text: str) -> list[list[str]]:
    if not name.lower().endswith(".csv"):
        return []
    return [[c.strip() for c in r] for r in table_rows(text, 1000)]


#: words too common to name a key on their own
_PLAIN = {"to", "from", "in", "of", "the", "a", "an", "and", "or", "is", "it", "at", "on", "by",
          "for", "with", "file", "txt"}


def _bound(task: str, cell: str) -> bool:
    """Whether ``cell`` is a number the task compares with ("over 200", "less than 5")."""
    return bool(re.fullmatch(r"-?\d+(?:\.\d+)?", cell)) and re.search(
        rf"\b(?:{'|'.join(sorted(COMPARING))})\s+{re.escape(cell)}(?![\w.])", task,
        re.IGNORECASE) is not None


def _shape(text: str) -> str:
    """``text`` with every digit a 0: the form a value takes ("2h 22m" and "1h 05m")."""
    return re.sub(r"\d", "0", text.strip())


def _key_words(key: str) -> set[str]:
    """A key's words (singular); none when they are all plain words."""
    found = {_stem(w) for w in words(key.replace("_", " "))}
    return set() if found <= _PLAIN else found


def _written(record: Record, sources: list[str], read: Reader) -> dict[str, str]:
    """The text of each file the run wrote by text, other than its sources."""
    return {p: t for p in dict.fromkeys(w.path for w in record.writes)
            if p not in sources and (t := read(p)) is not None}


def keyed_value(task: str, named: tuple[str, ...], sources: list[str], record: Record,
                read: Reader) -> str | None:
    """The task names one key of its source (``the department``, ``the price of cheese``),
    and no file the run wrote holds that key's value."""
    asked = _asked(task, named)
    if asked & _COMPUTING or not sources or scaled.operation(task) is not None:
        return None  # (a value changed as the task says, "add 15 to it": not the one read)
    found: list[tuple[str, str, str, list[str]]] = []  # (source, key, value, other values)
    for source in sources:
        text = read(source) or ""
        pairs = _pairs(source, text)
        found += [(source, k, v, [o for o in pairs.values() if o != v])
                  for k, v in pairs.items() if _key_words(k) and _key_words(k) <= asked]
        rows = _rows(source, text)
        if len(rows) > 1:
            columns = [i for i, title in enumerate(rows[0])
                       if _key_words(title) and _key_words(title) <= asked]
            # (a number the task compares with picks no row: "games scored over 200")
            picked = [r for r in rows[1:] if any(
                _key_words(c) and _key_words(c) <= asked and not _bound(task, c)
                for j, c in enumerate(r) if j not in columns)]
            if len(columns) == 1 and len(picked) == 1 and columns[0] < len(picked[0]):
                at = columns[0]
                cell = picked[0][at]
                found.append((source, rows[0][at], cell,
                              [r[at] for r in rows[1:] if at < len(r) and r[at] != cell]))
    written = _written(record, sources, read)
    if len(found) != 1 or not written or len(found[0][2]) > 200:
        return None
    source, key, value, others = found[0]
    # a file holding a part of the value may be right too ("the ratio" of "cement to sand
    # 1:5" is "1:5"): not proven wrong
    holding = [p for p, t in written.items() if _squash(value) in _squash(t)
               or _part_of(_squash(t), _squash(value))]
    if not holding and any(_shape(t) != _shape(value) and _shape(t) in _shape(task)
                           for t in written.values() if t.strip()):
        return None  # written in the form of the task's example ("write it like 1h 05m")
    if not holding:
        return (f"Refused: the task asks for the {key} in {source}, which is {value!r}, but "
                f"{' and '.join(written)} {'does' if len(written) == 1 else 'do'} not hold "
                "it. Write that value, then finish.")
    # (a keyed file that holds the value at the key asked for keeps its other keys' values:
    # "the email field of p.json" beside its "name")
    text = " ".join(_squash(written[p]) for p in holding if not _at_key(written[p], p, value,
                                                                         asked))
    extra = [o for o in others if o.strip() and _squash(o) not in _squash(value)
             and re.search(rf"(?<![\w.-]){re.escape(_squash(o))}(?![\w.-])", text)]
    if extra:
        return (f"Refused: the task asks for the {key} in {source}, {value!r}, but "
                f"{' and '.join(holding)} also holds {', '.join(map(repr, extra[:3]))}, other "
                f"values of {source}. Write just that value, then finish.")
    return None


def _at_key(text: str, path: str, value: str, asked: set[str]) -> bool:
    """Whether the keyed file ``path`` holds ``value`` whole at a key the task asks for."""
    return keyed.is_keyed(path) and any(
        keyed.unquoted(e.value) == value and _key_words(e.key) and _key_words(e.key) <= asked
        for e in keyed.entries(text))


def _part_of(part: str, whole: str) -> bool:
    """Whether ``part`` (not empty) stands in ``whole`` as whole tokens."""
    return bool(part) and re.search(
        rf"(?<![\w.-]){re.escape(part)}(?![\w-]|\.\w)", whole) is not None


def _files(workspace: Path, folder: str, kind: str | None, recursive: bool) -> list[str]:
    """The files below ``folder`` (of a kind), relative to it."""
    base = f"{folder}/" if folder else ""
    return [p.removeprefix(base) for p in files_below(workspace, folder, recursive)
            if kind is None or p.lower().endswith("." + kind)]


def _scope(task: str, workspace: Path) -> str:
    """The folder the task points at (``in the docs folder``), else the workspace ("")."""
    return next((f.strip("/") for f in folders(task) if real_folder(workspace, f)), "")


def _listed(text: str) -> list[str]:
    """The items of a written list: one per line (or comma-separated), bullets stripped."""
    parts = re.split(r"[\n,]", text)
    return [p.strip().strip("-*• \t'\"").removeprefix("./") for p in parts if p.strip()]


#: words of a task that asks for several items, not one
_MANY = {"list", "keys", "names", "values", "column", "columns", "each", "every", "all"}


#: number words of a count of picked items
_COUNT_WORDS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


def _picks_some(task: str, named: tuple[str, ...]) -> bool:
    """Whether the task picks some items by a count or a superlative ("the two oldest",
    "the 3 largest"): the list it asks for is not a whole column."""
    bare = without(task, named)
    found = words(bare)
    return bool(re.search(r"\d", bare)) or bool(_COUNT_WORDS & set(found)) or any(
        w.endswith("est") and len(w) > 5 for w in found)


def listed(task: str, named: tuple[str, ...], sources: list[str], record: Record,
           read: Reader) -> str | None:
    """The task asks to list the keys of a JSON object or the values of a CSV column, and
    the list written leaves some out or names something else."""
    asked = _asked(task, named)
    if not asked & {"key", "list", "name", "value", "column"} or len(sources) != 1 \
            or asked & _COMPUTING or not set(words(task)) & _MANY \
            or _COUNT_ASKED.search(without(task, named)):
        return None  # "the name of the fastest runner" is one name, not the column; "how
        # many keys" is a count of them, not their list
    if _picks_some(task, named):
        return None  # "the names of the two oldest people": some rows, not the column
    source = sources[0]
    text = read(source) or ""
    want: list[str] = []
    if "key" in asked and source.lower().endswith(".json"):
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        # (of the object below the top the task names: "its features object")
        if len(inner := named_objects(task, source, text, list(named))) > 1:
            return None
        for part in inner[0] if inner else ():
            data = data[part]
        want = [str(k) for k in data] if isinstance(data, dict) else []
    rows = _rows(source, text)
    if not want and rows and re.search(r"\bcolumn\s+names\b|\bnames\s+of\s+the\s+columns\b|"
                                       r"\bheaders?\b", task, re.IGNORECASE):
        want = rows[0]  # the header, not the column called "name"
    elif not want and len(rows) > 1:
        columns = [i for i, t in enumerate(rows[0]) if _key_words(t) and _key_words(t) <= asked]
        if len(columns) == 1 and not any(_key_words(c) <= asked for r in rows[1:] for j, c in
                                         enumerate(r) if j != columns[0] and _key_words(c)):
            want = [r[columns[0]] for r in rows[1:] if columns[0] < len(r)]
    written = _written(record, sources, read)
    if not want or len(written) != 1:
        return None
    (path, got), = written.items()
    have = {_squash(i) for i in _listed(got)}
    missing = [w for w in want if _squash(w) not in have]
    if missing:
        return (f"Refused: {path} should list {', '.join(want[:10])} (from {source}), but "
                f"{', '.join(repr(m) for m in missing[:5])} {'is' if len(missing) == 1 else 'are'}"
                " not there. Write the list again, then finish.")
    return None


#: "the names of the .md files", "List the Python files", "names of all files"
_FILES = re.compile(r"\b(?:names?\s+of\s+(?:all\s+)?(?:the\s+)?|list\s+(?:all\s+)?(?:the\s+)?)"
                    r"(?:(?P<kind>\.?\w+)\s+)?files\b", re.IGNORECASE)
_KIND_WORDS = {"python": "py", "markdown": "md", "text": "txt", "csv": "csv", "json": "json",
               "log": "log", "yaml": "yaml", "html": "html", "image": None, "all": None,
               "the": None}


def files_listed(task: str, record: Record, workspace: Path, read: Reader) -> str | None:
    """The task asks for the names of the files (of a kind, in a folder), and the list the
    run wrote leaves one out or names a file that is not one of them."""
    match = _FILES.search(task)
    written = _written(record, [], read)
    if match is None or len(written) != 1:
        return None
    word = (match.group("kind") or "").lower()
    if word and word.lstrip(".") not in _KIND_WORDS and not word.startswith("."):
        return None  # "the old files", "the image files": a kind this check cannot see
    kind = word.lstrip(".") if word.startswith(".") else _KIND_WORDS.get(word)
    scope = _scope(task, workspace)
    (path, got), = written.items()
    mine = path.removeprefix(f"{scope}/") if scope else path
    everything = set(_files(workspace, scope, None, True)) - {mine}
    wanted = set(_files(workspace, scope, kind, False)) - {mine}
    allowed = set(_files(workspace, scope, kind, True)) - {mine}
    items = [i.removeprefix(f"{scope}/") if scope else i for i in _listed(got)]
    shown = set(items) | {i.rsplit("/", 1)[-1] for i in items}
    missing = sorted(w for w in wanted if w not in shown and w.rsplit("/", 1)[-1] not in shown)
    names = allowed | {a.rsplit("/", 1)[-1] for a in allowed}
    top = set(_files(workspace, "", None, False)) if scope else set()
    # a file of the workspace that is not one asked for (another kind, outside the folder)
    extra = [i for i in items if i not in names and (i in everything or i in top)]
    if missing or extra:
        what = f"the {kind and '.' + kind + ' '}files" + (f" in {scope}" if scope else "")
        return (f"Refused: {path} should list {what}: {', '.join(sorted(wanted)[:10])}; "
                + (f"{', '.join(missing[:5])} missing" if missing else "")
                + ("; " if missing and extra else "")
                + (f"{', '.join(extra[:5])} is not one of them" if extra else "")
                + ". Write the list again, then finish.")
    return None


#: "the first line of story.txt", "the last line in steps.txt"
_NTH_LINE = re.compile(r"\b(?P<nth>first|second|third|last)\s+line\s+(?:of|in|from)\s+"
                       r"(?:the\s+file\s+)?(?P<file>[\w./-]+\.\w+)", re.IGNORECASE)
_NTH = {"first": 0, "second": 1, "third": 2, "last": -1}


def nth_line(task: str, sources: list[str], record: Record, read: Reader) -> str | None:
    """The task asks for the first/second/third/last line of a file, and what the run wrote
    is not that line (counting blank lines or not)."""
    match = _NTH_LINE.search(task)
    if match is None or match.group("file") not in sources or \
            _asked(task, ()) & (_COMPUTING | {"lines", "words", "count", "reverse"}):
        return None
    text = read(match.group("file")) or ""
    at = _NTH[match.group("nth").lower()]
    lines = text.splitlines()
    full = [line for line in lines if line.strip()]
    fits = {_squash(ls[at]) for ls in (lines, full) if -len(ls) <= at < len(ls)}
    written = _written(record, sources, read)
    if not fits or not written or any(_squash(t) in fits or any(f and f in _squash(t)
                                                                 for f in fits)
                                      for t in written.values()):
        return None
    line = next(iter(fits))
    return (f"Refused: the {match.group('nth').lower()} line of {match.group('file')} is "
            f"{line!r}, but {' and '.join(written)} does not hold it. Write that line, then "
            "finish.")


#: the one operation a task asks for on the numbers of its files
_OPERATIONS = {"multiply": "product", "times": "product", "product": "product",
               "sum": "sum", "total": "sum", "plus": "sum",
               "subtract": "difference", "minus": "difference", "difference": "difference",
               "divide": "quotient", "divided": "quotient", "average": "mean", "mean": "mean",
               # a share of it: another operation beside a total ("split the total evenly")
               "split": "quotient", "evenly": "quotient", "share": "quotient"}
#: a task that asks for a count
_COUNT_ASKED = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.]\w|\w)")


def _numbers(source: str, text: str, asked: set[str]) -> list[float] | None:
    """The numbers of a file the task computes with: a CSV's column the task names (or its
    only numeric column), else every number of the text."""
    rows = _rows(source, text)
    if len(rows) > 1:
        numeric = [i for i in range(len(rows[0])) if all(
            i < len(r) and _NUMBER.fullmatch(r[i]) for r in rows[1:])]
        # (a column that numbers the rows is no quantity: "the average lap time" is not
        # the mean of the lap numbers)
        numeric = [i for i in numeric if not _index(rows, i)] or numeric
        named = [i for i in numeric if _key_words(rows[0][i]) <= asked]
        pick = named or numeric
        if len(pick) != 1:
            return None
        return [float(r[pick[0]]) for r in rows[1:]]
    return [float(n) for n in _NUMBER.findall(text)]


def computed(task: str, named: tuple[str, ...], sources: list[str], record: Record,
             read: Reader) -> str | None:
    """The task asks for one operation (multiply, sum, difference, quotient, average) on the
    numbers of its files (and the numbers it states), and the number the run wrote is no
    result of it."""
    asked = _asked(task, named)
    bare = without(task, named)
    # the words as said: "products" (plural) is what a count counts, no multiplication; and
    # a task that asks how many counts, whatever it counts ("how many different products")
    ops = {_OPERATIONS[w] for w in words(bare) if w in _OPERATIONS}
    if len(ops) != 1 or not sources or _COUNT_ASKED.search(bare):
        return None
    operands: list[float] = []
    for source in sources:
        found = _numbers(source, read(source) or "", asked)
        if found is None:
            return None
        operands += found
    operands += [float(n) for n in _NUMBER.findall(bare)]
    if not 2 <= len(operands) <= 50:
        return None
    op = ops.pop()
    results = _results(op, operands)
    written = _written(record, sources, read)
    shown_numbers = [n for t in written.values() for n in _NUMBER.findall(t)]
    numbers = [float(n) for n in shown_numbers]
    if not results or len(numbers) != 1 or _fits(numbers[0], shown_numbers[0], results):
        return None
    shown = " or ".join(f"{r:g}" for r in sorted(results)[:3])
    return (f"Refused: the task asks for the {op} of {', '.join(f'{n:g}' for n in operands[:8])}"
            f", which is {shown}, but you wrote {numbers[0]:g}. Compute it again, then finish.")


def _fits(number: float, shown: str, results: set[float]) -> bool:
    """Whether the number written (``shown`` as written) is one of ``results``, or one of
    them rounded."""
    return any(abs(number - r) <= 1e-9 * max(1.0, abs(r)) or round(r, 2) == number
               or round(r) == number or _rounded(r, shown) for r in results)


def _index(rows: list[list[str]], i: int) -> bool:
    """Whether column ``i`` numbers the rows (1, 2, 3 … or 0, 1, 2 …): no quantity."""
    cells = [r[i] for r in rows[1:]]
    return cells in ([str(n) for n in range(1, len(cells) + 1)],
                     [str(n) for n in range(len(cells))])


def _rounded(result: float, shown: str) -> bool:
    """Whether ``shown`` is ``result`` rounded to the places it shows ("2.6" for 2.58333:
    "rounded to one decimal place" is no proof of a wrong value)."""
    places = len(shown.partition(".")[2])
    return places <= 6 and abs(float(shown) - result) <= 0.5 * 10 ** -places + 1e-9


def _results(op: str, numbers: list[float]) -> set[float]:
    if op == "sum":
        return {sum(numbers)}
    if op == "mean":
        return {sum(numbers) / len(numbers)}
    if op == "product":
        result = 1.0
        for n in numbers:
            result *= n
        return {result}
    if len(numbers) != 2:
        return set()
    a, b = numbers
    if op == "difference":
        return {a - b, b - a}
    return {x / y for x, y in ((a, b), (b, a)) if y}
