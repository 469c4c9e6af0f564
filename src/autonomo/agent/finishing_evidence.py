"""Positive evidence for a finish: what the record must show before FINISHED is believed.

The other finish rules object when something contradicts the claim; these ask for support,
so a wording no rule foresaw cannot slip through on silence:

* **inputs used** (``unused_input``): every file the task names that existed when the run
  began was acted on by a command (read, run, listed, copied, renamed, deleted, written), or
  its text visibly went into what the run wrote (a word or number of it, or a count or total
  of it). A program the task asks to run (``run``/``call``/``prints``/``output`` …) counts
  only when it was run (or changed); a file the text of which was only shown up front (a
  small model's first look) counts only when its text went somewhere.
* **stated values land** (``unlanded_value``, in ``finishing_landed``): a value the task
  states (``stated_values``) that no input of the run holds must be in something the run
  wrote or ran.
* **a copy is a copy** (``not_a_copy``): a task that copies, whose new file was written as
  text rather than copied, holds the text (or a part) of a file that was there.

The lexicons below are small, closed and structural: format names and constants that are
not values, words that ask for a program to run, for a copy, or compare a number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping

from autonomo.agent.finishing_record import (
    CONTENT,
    NUMBER_WORDS,
    PROGRAMS,
    REMOVING,
    RUNNING_TEXT,
    Reader,
    Record,
    norm,
    printed,
    without,
)
from autonomo.agent.strategies import dates, scaled
from autonomo.agent.strategies.designation import ending_words

#: words that ask for a program's run (its output is what the task uses)
RUN_WORDS = frozenset({"run", "runs", "execute", "executes", "call", "calls", "print",
                       "prints", "printed", "output", "outputs"})
#: words that ask for a copy of a file
COPY_WORDS = frozenset({"copy", "copied", "copies", "duplicate", "duplicated", "backup"})
#: capitalised or symbol-bearing words that name a format or a constant, not a value
NOT_VALUES = frozenset({"json", "csv", "python", "yaml", "toml", "xml", "html", "markdown",
                        "txt", "utf-8", "ascii", "i", "i'd", "i'm", "i've", "i'll", "true",
                        "false", "none", "null", "ok", "e.g", "i.e", "etc"})
#: a written answer that is a verdict on the inputs, not text taken from them
VERDICTS = frozenset({"yes", "no", "true", "false"})
#: a number right after one of these is a bound to compare with, not a value to write
COMPARING = frozenset({"over", "under", "above", "below", "than", "least", "most",
                       "exceed", "exceeds", "exceeding", "between"})

#: a quoted text (an apostrophe inside a word, "today's", opens no quote)
_QUOTED = re.compile(r"(?<!\w)'([^'\n]{1,200})'(?!\w)|\"([^\"\n]{1,200})\"|`([^`\n]{1,200})`")
_DOTFILE = re.compile(r"(?<![\w.])\.[A-Za-z][\w.-]*")
_EXPRESSION = re.compile(r"[\d.]+(?:[-+*/x×^][\d.]+)+")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)
_SYMBOLS = set("_=*@#+$%{}|~^")
_EDGE = ".,;:!?\"'()[]<>"
#: files whose values are computed when they run (a number the task states need not be in
#: their text)

#: arguments of other commands that carry text they put somewhere
_BODIES = ("content", "text", "body", "new")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _tight(text: str) -> str:
    """``text`` without spaces around separators (``bob, 7`` is ``bob,7``)."""
    return re.sub(r"\s*([,;:=])\s*", r"\1", text)


def _holds(text: str, value: str) -> bool:
    """Whether ``value`` stands in ``text`` as a whole token (case-insensitive, any spacing)."""
    pattern = r"\s+".join(re.escape(p) for p in _tight(value).split())
    return re.search(rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])", _tight(text),
                     re.IGNORECASE) is not None


def stated_values(task: str, files: Iterable[str]) -> list[str]:
    """The values the task states: quoted texts, then value-like tokens (a digit, a symbol,
    a capital not starting a sentence) that are not file names, formats or bounds."""
    found = [next(g for g in m.groups() if g) for m in _QUOTED.finditer(task)]
    bare = _QUOTED.sub(" ", task)
    names = {f.lower() for f in files}
    previous = ""
    for raw in bare.split():
        token = re.sub(r"['’]s$", "", raw.strip(_EDGE)).strip(_EDGE)  # "Maria's": Maria
        starts = not previous or previous[-1] in ".!?:-" or previous in {"-", "—"}
        before, previous = previous, raw
        low = token.lower()
        if not token or low in NOT_VALUES or low in names or low.rstrip("/") in names \
                or _ORDINAL.fullmatch(token):
            continue
        has_digit = any(c.isdigit() for c in token)
        capital = any(c.isupper() for c in token[1:]) or (token[0].isupper() and not starts)
        if not (has_digit or capital or set(token) & _SYMBOLS):
            continue
        bound = has_digit and re.fullmatch(r"[\d.,]+", token) is not None \
            and before.strip(_EDGE).lower() in COMPARING
        if bound or _arithmetic(token):
            continue  # a bound to compare with; a sum to work out ("2+2"), not a value
        found.append(token)
    return list(dict.fromkeys(found))


#: a date or a code with leading zeros: a value, not a sum to work out (``2026-11-24``)
_NOT_ARITHMETIC = re.compile(r"\d{4}-\d\d?-\d\d?|\d\d?[/.-]\d\d?[/.-]\d{2,4}|.*\b0\d.*")


def _arithmetic(token: str) -> bool:
    """Whether ``token`` is a sum to work out (``2+2``, ``6*7``), not a value."""
    return _EXPRESSION.fullmatch(token) is not None \
        and _NOT_ARITHMETIC.fullmatch(token) is None


def start_texts(named: Iterable[str], record: Record, read: Reader,
                shown: Mapping[str, str]) -> dict[str, str]:
    """The named files that were there when the run began, each with the text it had then
    as far as the record shows it ("" when only its existence is known)."""
    texts: dict[str, str] = {}
    for name in named:
        if name in shown:
            texts[name] = shown[name]
            continue
        first = next((e for e in record.episodes if _names(e.action.arguments, name)), None)
        if first is None:
            # (not a file the start listing shows was not there: a program made it)
            if (now := read(name)) is not None and name not in record.written and not (
                    "." in shown and name not in shown["."].splitlines()):
                texts[name] = now
            continue
        kind, result = first.action.name, first.result
        if kind == "read_file" and result is not None:
            texts[name] = result.output
        elif kind == "write_file" and result is not None:
            if isinstance(replaced := result.data.get("replaced"), str):
                texts[name] = replaced
        elif kind == "append_to_file":
            now = read(name) or ""
            added = "".join(w.content for w in record.writes if w.path == name and w.append)
            if now.endswith(added) and len(now) > len(added):
                texts[name] = now[:len(now) - len(added)]
        elif kind in REMOVING or kind in {"copy_file", "execute_python_file", "list_folder"}:
            texts[name] = read(name) or ""
    return texts


def _names(arguments: Mapping[str, object], name: str) -> bool:
    return any(isinstance(v, str) and norm(v) == name
               for k, v in arguments.items() if k in {"path", "source", "destination"})


def new_texts(record: Record) -> list[str]:
    """The texts the run wrote: of its writes and appends, and the text arguments of other
    commands that put text somewhere (a plugin's ``write_note``, ``replace_text``'s new
    text)."""
    parts = [w.content for w in record.writes]
    for e in record.episodes:
        if e.action.name not in CONTENT and e.action.name not in RUNNING_TEXT:
            parts += [str(v) for k, v in e.action.arguments.items() if k in _BODIES]
    return parts


def written_text(record: Record) -> str:
    """Everything the run put somewhere: written texts (``new_texts``), shell lines and code
    it ran, arguments it gave programs, and what the programs it wrote printed."""
    parts = new_texts(record)
    for e in record.episodes:
        if (arg := RUNNING_TEXT.get(e.action.name)) is not None:
            parts.append(str(e.action.arguments.get(arg, "")))
        if e.action.name == "execute_python_file":
            parts += [str(v) for k, v in e.action.arguments.items() if k != "path"]
            path = norm(str(e.action.arguments.get("path", "")))
            if path in record.written and e.result is not None:
                parts.append(printed(e.result.output) or "")
    return "\n".join(parts)


#: the quantities a task can ask of a file's text, each by the words that ask for it
UNITS: dict[str, frozenset[str]] = {
    "lines": frozenset({"line", "lines", "row", "rows", "entry", "entries", "item", "items",
                        "record", "records"}),
    "words": frozenset({"word", "words"}),
    "distinct": frozenset({"different", "distinct", "unique"}),
    "sum": frozenset({"total", "sum", "add", "together"}),
    "mean": frozenset({"average", "mean"}),
    "max": frozenset({"largest", "biggest", "highest", "most", "maximum", "max", "greatest",
                      "longest"}),
    "min": frozenset({"smallest", "lowest", "least", "minimum", "min", "fewest", "shortest"}),
    "numbers": frozenset({"number", "numbers", "values", "value"}),
    "chars": frozenset({"length", "long", "characters", "character", "letters", "chars"}),
}


def derived_numbers(text: str, task: str) -> set[str]:
    """The numbers a fair reading of ``text`` gives for what ``task`` asks: the quantities
    its words name (``UNITS``: lines, words, distinct lines, sums — a CSV's columns too —,
    mean, largest, smallest, how many numbers), how many numbers lie beyond a bound it
    compares with, how many lines hold (and how often the text holds) a word of the task that
    the text has; when none of these apply, how many lines, rows or items it has."""
    asked = set(_words(task))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    numbers = numbers_in(text)
    units = {unit for unit, said in UNITS.items() if asked & said}
    found: set[float] = set()
    if "lines" in units:
        found |= _counts(text, lines)
    if "words" in units:
        found.add(len(text.split()))
    if "distinct" in units:
        found |= {len(set(lines)), len(set(_words(text)))}
    if "numbers" in units:
        found.add(len(numbers))
    if "chars" in units:
        found |= {len(text.strip()), *(len(ln) for ln in lines), *map(len, text.split())}
    if numbers:
        found |= {sum(numbers)} if "sum" in units else set()
        found |= {sum(numbers) / len(numbers)} if "mean" in units else set()
        found |= {max(numbers)} if "max" in units else set()
        found |= {min(numbers)} if "min" in units else set()
    if "sum" in units or "mean" in units:
        found |= {x for cells in _columns(lines) for x in (sum(cells), sum(cells) / len(cells))}
    if asked & COMPARING:
        for bound in {float(n) for n in re.findall(r"\d+(?:\.\d+)?", task)}:
            found |= {sum(n > bound for n in numbers), sum(n < bound for n in numbers),
                      sum(n >= bound for n in numbers), sum(n <= bound for n in numbers)}
    for word in set(_words(task)):
        if len(word) > 2 and not word.isdigit() and _holds(text, word):
            found |= {sum(_holds(ln, word) for ln in lines),
                      len(re.findall(rf"(?<![a-z0-9]){word}(?![a-z0-9])", text.lower()))}
            units.add("selector")
    if not units:
        found |= _counts(text, lines)
    return {_number(n) for n in found}


def _columns(lines: list[str]) -> list[list[float]]:
    """The numbers of each comma-separated column of ``lines`` (a column without any: none)."""
    rows = [ln.split(",") for ln in lines if "," in ln]
    return [cells for column in range(max((len(r) for r in rows), default=0))
            if (cells := numbers_in("\n".join(r[column] for r in rows if len(r) > column)))]


def _totals(text: str) -> list[float]:
    """The sum of all the numbers of ``text`` and of each of its columns (a share of a
    total is taken from these: "split the total evenly")."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return [sum(numbers_in(text)), *(sum(cells) for cells in _columns(lines))]


def _means(text: str) -> list[float]:
    """The mean of all the numbers of ``text`` and of each of its columns."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return [sum(cells) / len(cells) for cells in (numbers_in(text), *_columns(lines)) if cells]


def _counts(text: str, lines: list[str]) -> set[float]:
    """How many lines (all, non-empty, below a header) or items (of JSON) ``text`` has."""
    found = {len(text.splitlines()), len(lines), max(len(lines) - 1, 0)}
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = None
    if isinstance(value, list | dict):
        found.add(len(value))
    return found


def numbers_in(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?!\w|\.\d)", text)]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(round(value, 4))


def _given(record: Record, name: str) -> bool:
    """Whether a program the run ran (and that did not fail) was given ``name`` as an
    argument: it read it."""
    return any(e.action.name == "execute_python_file" and e.result is not None
               and e.result.status == "success"
               and name in [str(a) for a in e.action.arguments.get("args") or ()]
               for e in record.episodes)


def unused_input(task: str, named: Iterable[str], kept: Iterable[str], record: Record,
                 starts: Mapping[str, str]) -> str | None:
    """A file the task names and that was there at the start, which the run never used: no
    command acted on it, and nothing of its text, no count of it and no sum or product with
    its numbers went into what the run wrote (a small model is shown the text up front; a
    value only its text gives is evidence it was read)."""
    asked = set(_words(without(task, named)))
    new = "\n".join(new_texts(record))
    # what went somewhere: the written texts and the files the run acted on (a pointer file
    # names the file to delete)
    new_words = set(_words(new)) | {w for e in record.episodes if e.action.name != "finish"
                                     for k, v in e.action.arguments.items()
                                     if k not in _BODIES and isinstance(v, str)
                                     for w in _words(v)}
    verdict = bool(new.strip()) and set(_words(new)) <= VERDICTS
    # (the task's numbers in words too: "we were four")
    pool = numbers_in(task) + [float(NUMBER_WORDS[w]) for w in _words(task) if w in NUMBER_WORDS] \
        + [n for text in starts.values() for n in numbers_in(text)]
    numbers = set(re.findall(r"-?\d+(?:\.\d+)?", new))
    for name in named:
        if name not in starts or name in kept:
            continue
        program = name.endswith(".py") and bool(asked & RUN_WORDS)
        if record.ran(name) or record.changed(name) or _copied_from(record, name) \
                or _holds(new, name) or _given(record, name):
            continue  # ("append the line see setup.py": a name to write; a program's argument)
        if not program and any(e.action.name in {"read_file", "list_folder"}
                               and _names(e.action.arguments, name) for e in record.episodes):
            continue
        if not program and (start := starts[name]):
            own = {w for w in _words(start) if (len(w) > 2 or w.isdigit()) and w not in asked}
            # (worked out once a file, not once a number written: 300 numbers, 300 totals)
            found_there, operands = (derived_numbers(start, task), [
                *numbers_in(start), *_totals(start)]) if numbers else (set(), [])
            derived = {n for n in numbers if n.lstrip("-").replace(".", "").isdigit()
                       and (_number(float(n)) in found_there
                            or _operand(float(n), operands, pool))}
            if own & new_words or derived or verdict or (new.strip() and new.strip() in start):
                continue
        if program:
            return (f"Refused: the task's program {name} was never run. Run it and use what "
                    "it prints, then finish.")
        return (f"Refused: {name} was never used: nothing you ran read, changed or took "
                f"anything from it. Use {name} as the task says, then finish.")
    return None


def _operand(number: float, mine: list[float], pool: list[float]) -> bool:
    """Whether ``number`` is a sum, difference, product or quotient of a number of ``mine``
    (one input's) and one of ``pool`` (the task's and the inputs')."""
    key = _number(number)
    return any(key in {_number(a + b), _number(a - b), _number(b - a), _number(a * b),
                       _number(a / b) if b else "", _number(b / a) if a else ""}
               for a in mine[:40] for b in pool[:80])


def _copied_from(record: Record, name: str) -> bool:
    return any(e.action.name == "copy_file" and norm(str(e.action.arguments.get("source", "")))
               == name for e in record.episodes)


#: words of a task that converts (its capitalised "from X to Y" are units, not values)
CONVERTING = frozenset({"convert", "converts", "converting", "conversion", "converted",
                        "translate", "translates", "translating", "translation", "translated"})


def made_up_number(task: str, record: Record, observed: str, inputs: Iterable[str],
                   inputs_named: bool) -> str | None:
    """A number the run wrote (outside a program's text) that nothing gave it: not in the
    task, not in anything the run was shown, read or printed, no fair count or total of an
    input (``derived_numbers``), no result of the task's and the inputs' numbers. Only for a
    task that names an input or asks for a quantity."""
    asked = set(_words(task))
    if asked & CONVERTING:
        return None  # a conversion's numbers are computed from the input's
    if not inputs_named and not (asked & QUANTITY_WORDS and asked & PLACE_WORDS):
        # "write two files": what they hold is free; "the number of days in a week": what
        # the model knows, not what a file holds
        return None
    given = {_number(n) for n in numbers_in(task) + numbers_in(observed)}
    given |= scaled.results(observed, task)  # ("double it": 16 of the 8 read)
    inputs = [*inputs, task] if set(_words(task)) & UNITS["chars"] else inputs  # "length of"
    derived = {d for text in inputs for d in derived_numbers(text, task)}
    # operands: the numbers given, in words too ("we were four"), and the inputs' totals
    operands = given | {str(NUMBER_WORDS[w]) for w in asked if w in NUMBER_WORDS} \
        | {_number(t) for text in inputs for t in _totals(text)}
    # an average asked: the mean of an input's column, or of all its numbers (written
    # rounded to the places it shows: "2.6" for 2.58333)
    means = [m for text in inputs for m in _means(text)] if asked & {"average", "mean"} \
        else []
    # (a time or date of an input in another form: "3:45 PM" written 15:45, "14 March 2026"
    # written 2026-03-14)
    forms = sorted({f for text in inputs for f in dates.converted(text)}, key=len, reverse=True)
    for w in record.writes:
        if w.path.endswith(PROGRAMS):
            continue
        content = w.content
        for form in forms:
            content = content.replace(form, " ")
        for shown in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?!\w|\.\d)", content):
            number, places = float(shown), len(shown.partition(".")[2])
            key = _number(number)
            if key in given or key in derived \
                    or _result_of(number, operands, operations(task)) \
                    or any(abs(number - m) <= 0.5 * 10 ** -places + 1e-9 for m in means):
                continue
            return (f"Refused: you wrote {key} to {w.path}, but no file, listing or output "
                    "of this run shows it, and it is no count or total of the task's files. "
                    f"Find the value (read or run what the task names), then finish.")
    return None


#: words of a task that asks for a quantity
QUANTITY_WORDS = frozenset({"how", "many", "count", "number", "numbers"}).union(
    *UNITS.values())
#: words of a task that asks about the workspace itself (how many files, which folders)
PLACE_WORDS = frozenset({"file", "files", "folder", "folders", "workspace", "directory",
                         "directories"})
#: a task that asks how many ("count the names" wants a number; "files don't count" not)
_COUNTING = re.compile(r"\bhow\s+many\b|\bcount\s+(?:the|all|how|every)\b|\bnumber\s+of\b",
                       re.IGNORECASE)
#: words of a task that asks for names: a text of numbers only is not one
NAME_WORDS = frozenset({"name", "names"})


def wrong_kind(task: str, record: Record, read: Reader) -> str | None:
    """The task asks for a name (or names) or a count beyond a bound, and a file the run
    wrote cannot hold it: only numbers for names; the task's own bound for how many lie
    beyond it."""
    asked = set(_words(task))
    for path in sorted(record.written):
        if (text := read(path)) is None:
            continue
        tokens = re.split(r"[\s,;]+", text.strip())
        if asked & NAME_WORDS and not _COUNTING.search(task) \
                and tokens != [""] and not path.endswith(PROGRAMS) \
                and all(re.fullmatch(r"-?\d+(?:\.\d+)?", t) for t in tokens):
            return (f"Refused: the task asks for {'names' if 'names' in asked else 'a name'}, "
                    f"but {path} got only numbers: {text.strip()[:80]!r}. Write the "
                    "name, then finish.")
        bounds = {_number(float(m.group(2))) for m in re.finditer(
            r"\b(" + "|".join(sorted(COMPARING)) + r")\s+(\d+(?:\.\d+)?)", task.lower())}
        if len(tokens) == 1 and tokens[0] in bounds:
            return (f"Refused: {tokens[0]} is the bound the task compares with, not what it "
                    f"asks for; {path} should hold the answer. Work it out, then finish.")
    return None


#: words of a task that picks files by being empty
EMPTY_WORDS = frozenset({"empty", "blank"})


def unasked_delete(task: str, named: Iterable[str], record: Record, places: Iterable[str],
                   picked: Iterable[str], said: str) -> str | None:
    """A file the run deleted that the task does not point at: not named by it, not in a
    folder or of a kind it names, not named in a file the run read, not empty when the task
    picks empty files."""
    named, places = set(named), list(places)
    # "the files ending in .bak": a bare ".bak" in the task picks a kind too
    picked = set(picked) | {m.group().lstrip(".").lower() for m in _DOTFILE.finditer(task)} \
        | ending_words(task)  # (or by its ending's word: "remove the lock file")
    asked = set(_words(task))
    empty_asked = bool(asked & EMPTY_WORDS)
    for e in record.episodes:
        if e.action.name != "delete_file" or e.result is None:
            continue
        path = norm(str(e.action.arguments.get("path", "")))
        base = path.rsplit("/", 1)[-1]
        folders = path.split("/")[:-1]
        if path in named or any(path.startswith(f.rstrip("/") + "/") for f in places) \
                or ("." in base and base.rsplit(".", 1)[-1].lower() in picked) \
                or any(f.lower() in asked for f in folders) \
                or _holds(said, base) or (empty_asked and e.result.data.get("size") == 0):
            continue
        why = ("it was not empty" if empty_asked and e.result.data.get("size")
               else "the task does not point at it")
        return (f"Refused: you deleted {path}, but {why}. Recreate it, then do what the task "
                "asks.")
    return None


#: the operation each word of a task names (a task naming one allows only it)
OPERATION_WORDS = {"+": frozenset({"sum", "total", "add", "plus", "together", "added"}),
                   "-": frozenset({"difference", "minus", "subtract", "subtracted"}),
                   "*": frozenset({"product", "multiply", "multiplied", "times"}),
                   "/": frozenset({"divide", "divided", "quotient", "ratio", "split", "evenly",
                                   "share"})}


def operations(task: str) -> frozenset[str]:
    """The arithmetic a task names (``their product``: ``*``), or all four."""
    asked = set(_words(task))
    named = frozenset(op for op, said in OPERATION_WORDS.items() if asked & said)
    return named or frozenset(OPERATION_WORDS)


def _result_of(number: float, operands: set[str],
               allowed: frozenset[str] = frozenset(OPERATION_WORDS)) -> bool:
    """Whether ``number`` is the sum, difference, product or quotient of two ``operands``
    (a number with itself: its double or square only), or the sum of them all — by an
    operation ``allowed``."""
    values = [float(o) for o in operands][:40]
    if "+" in allowed and len(values) > 1 and _number(sum(values)) == _number(number):
        return True
    key = _number(number)

    def results(a: float, b: float, same: bool) -> set[str]:
        found = {"+": _number(a + b), "*": _number(a * b)}
        if not same:
            found |= {"-": _number(a - b), "/": _number(a / b) if b else ""}
        return {v for op, v in found.items() if op in allowed}

    return any(key in results(a, b, i == j)
               for i, a in enumerate(values) for j, b in enumerate(values))


#: "backup" as the act: "a backup of a.txt", "backup a.txt to …", "make a backup"; as a name
#: ("the [backup] table", "backup_dir", "the backup host", "the word backup") it asks no copy
_BACKUP_ACT = re.compile(r"\bbackup\s+(?:of|copy)\b|\bbackup\s+(?:the\s+|my\s+)?[\w-]+\.\w+|"
                         r"\b(?:make|create|take|keep|save|do)\s+(?:a\s+|an\s+)?(?:extra\s+)?"
                         r"backup\b", re.IGNORECASE)


def copy_asked(task: str, named: Iterable[str] = ()) -> bool:
    """Whether the task's words ask for a copy (``COPY_WORDS`` outside its file names;
    "backup" only as the act, ``_BACKUP_ACT``)."""
    return bool(set(_words(without(task, named))) & (COPY_WORDS - {"backup"})) or bool(
        _BACKUP_ACT.search(task))


def not_a_copy(task: str, named: Iterable[str], record: Record, starts: Mapping[str, str],
               read: Reader, others: Callable[[], Iterable[str]]) -> str | None:
    """A task that copies a file, whose new file the run wrote as text (not by a copy) and
    that holds neither the text of a file that was there nor a part of one."""
    if not copy_asked(task, named):
        return None  # "backup" of backup_status.txt, of a [backup] table, is a name
    for name in named:
        if name in starts or name not in record.written or _made_by_copy(record, name):
            continue
        text = (read(name) or "").strip()
        if text and any(text in t for t in [*starts.values(), *others()] if t):
            continue
        return (f"Refused: the task asks for a copy, but {name} holds text no file here "
                f"holds: {text[:120]!r}. Copy the file, then finish.")
    return None


def _made_by_copy(record: Record, name: str) -> bool:
    for e in record.episodes:
        if e.action.name in {"copy_file", "rename_file"} \
                and norm(str(e.action.arguments.get("destination", ""))) == name:
            return True
        if (arg := RUNNING_TEXT.get(e.action.name)) and name.rsplit("/", 1)[-1] in str(
                e.action.arguments.get(arg, "")):
            return True
    return False
