"""Answers that repeat the question: what the run wrote is the task's own operand (``3`` for
"when does the first line 3 bus leave?", ``France`` for "the capital of France"), the task's
description of a text rather than the text (``print("its first command-line argument")``),
a mixed pick from a map of on/off values, or a deletion by content of a file whose content
the run never saw.

Positive-evidence rules (``finishing_evidence``); each returns the objection or None. The
lexicons are small and closed: question words, the words before an operand, the markers
that introduce a literal value, determiners that start a description.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Iterator, Mapping

from autonomo.agent.finishing_record import (
    PROGRAMS,
    RUNNING_TEXT,
    Reader,
    Record,
    norm,
    words,
)
from autonomo.agent.strategies import line_removals

#: words that open a question
QUESTION_WORDS = frozenset({"what", "which", "when", "where", "who", "whom", "whose", "how",
                            "why"})
#: the word before a value that makes it the operand of what the task works out
OPERAND_BEFORE = frozenset({"of", "for", "round", "convert", "translate", "spell", "reverse",
                            "double", "triple", "square", "if", "whether", "than", "from"})
#: words right before or after a value that make it one of the task's possible answers
_OPTIONS = frozenset({"or", "and", "otherwise", "either", "else", ","})
#: first words of a request worded as a question
_ASKING = frozenset({"could", "can", "would", "will", "please", "may", "might"})


def _tokens(sentence: str) -> list[str]:
    return re.findall(r"[\w.:/-]+|,", sentence)


def operands(task: str, values: Iterable[str]) -> set[str]:
    """The values of the task (``stated_values``) it asks a question about or works an
    answer out of: any such value in a question sentence, or right after ``of``/``for``/
    ``round``/``convert``/``if`` …, or right before ``as`` (a format to convert to);
    never one listed among choices (``7 or 12``)."""
    values = {v.lower() for v in values}
    found: set[str] = set()
    for sentence in re.split(r"(?<=[.!?])\s+|\s->\s", task):
        tokens = [t.strip(".:").lower() for t in _tokens(sentence)]
        # "Could you save 3.14 into pi.txt?" asks for a write, not an answer
        question = bool(set(tokens) & QUESTION_WORDS) or (
            sentence.rstrip().endswith("?") and tokens[:1] != [] and tokens[0] not in _ASKING)
        for i, token in enumerate(tokens):
            if token not in values:
                continue
            before = tokens[i - 1] if i else ""
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if before in _OPTIONS or after in _OPTIONS:
                continue
            if question or before in OPERAND_BEFORE or (
                    after == "as" and i + 2 < len(tokens) and "." not in tokens[i + 2]):
                found.add(token)
    return found


def echoed_operand(task: str, values: Iterable[str], record: Record,
                   read: Reader) -> str | None:
    """A file the run wrote whose whole text is a value the task asks about or works an
    answer out of (``operands``): the question given back as its answer."""
    asked = operands(task, values)
    if not asked:
        return None
    for path in sorted(record.written):
        if path.endswith(PROGRAMS) or (text := read(path)) is None:
            continue
        answer = text.strip().rstrip(".").strip().lower()
        if answer in asked:
            return (f"Refused: {path} holds {text.strip()[:40]!r}, which the task gives as "
                    "what to work the answer out of, not as the answer. Work the answer out "
                    "(read or run what it needs), write it, then finish.")
    return None


#: words that introduce a literal text to write ("the word X", "saying X", "X: …")
_MARKERS = frozenset({"word", "words", "text", "line", "lines", "phrase", "sentence",
                      "saying", "says", "reading", "reads", "containing", "contains",
                      "titled", "called", "named", "message", "quote"})
#: words that end a marked literal
_ENDS = frozenset({"to", "into", "in", "at", "on", "as", "for", "then", "and", "inside"})
#: lower-case words that start a description of a text rather than the text itself
DESCRIBING = frozenset({"its", "the", "their", "his", "her", "each", "every", "all",
                        "whatever", "which", "what", "one"})


def _literal_spans(tokens: list[str]) -> set[int]:
    """Indexes of the task's words inside a literal it gives: after a marker up to a word
    that ends it, after a colon up to the end of the sentence."""
    inside: set[int] = set()
    open_ = ""
    for i, token in enumerate(tokens):
        low = token.lower()
        if (open_ == "marker" and (low in _ENDS or low in ".,;!?|")) or (
                open_ == "colon" and low in ".;!?"):
            open_ = ""
        if open_:
            inside.add(i)
        if low in _MARKERS and not open_:
            open_ = "marker"
        elif low == ":" and i and tokens[i - 1] != "|":  # "notes.txt: …" explains
            open_ = "colon"
    return inside


def echoed_description(task: str, named: Iterable[str], record: Record,
                       read: Reader) -> str | None:
    """A file the run wrote that holds the task's description of a text (three or more of
    its words in a row, starting with a lower-case ``its``/``the``/``each`` …, outside any
    literal the task gives) instead of the text it describes: ``print("its first
    command-line argument in capital letters")``."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " | ", task).replace("->", ":")
    for name in named:
        bare = bare.replace(name, " | ")
    tokens = re.findall(r"[A-Za-z0-9'-]+|[|.,;:!?]", bare)
    literal = _literal_spans(tokens)
    runs: list[str] = []
    for i, token in enumerate(tokens):
        if token not in DESCRIBING or i in literal:
            continue
        run = []
        for word in tokens[i:i + 8]:
            if not re.fullmatch(r"[A-Za-z0-9'-]+", word):
                break
            run.append(word.lower())
        if len(run) >= 3:
            runs.append(" ".join(run[:3]))
    # the instruction itself copied: the text starts with the task's first three words
    opening = " ".join(re.findall(r"[a-z0-9'-]+", task.lower())[:3])
    said = set(re.findall(r"[a-z0-9'-]+", task.lower()))
    for path in sorted(record.written):
        mine = re.findall(r"[a-z0-9'-]+", (read(path) or "").lower())
        text = " ".join(mine)
        if len(task.split()) >= 6 and len(opening.split()) == 3 and text.startswith(opening):
            return (f"Refused: {path} starts with the task's own instruction "
                    f"{opening!r}: the task says what to do, it is not the text to write. "
                    "Do it, then finish.")
        # a text of the task's own words (most of them): free text may reuse a phrase
        echo = len(mine) > 2 and sum(w in said for w in mine) >= 0.8 * len(mine)
        if echo and (found := next((r for r in runs if f" {r} " in f" {text} "), None)):
            return (f"Refused: {path} holds the task's own words {found!r}…: the task "
                    "describes what to write there, it does not give that text. Write what "
                    "it describes, then finish.")
    return None


def mixed_pick(starts: Mapping[str, str], record: Record, read: Reader) -> str | None:
    """A list written from a JSON object of on/off values (``{"a": true, "b": false}``)
    that names keys of both values: a pick by the value took both sides."""
    maps = []
    for text in starts.values():
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict) and len(value) > 1 and all(
                isinstance(v, bool) for v in value.values()) and len(set(value.values())) == 2:
            maps.append(value)
    for path in sorted(record.written):
        if not maps or path.endswith(".json") or (text := read(path)) is None:
            continue
        items = {i.strip().strip("\"'-* ") for i in re.split(r"[\n,;]", text) if i.strip()}
        for value in maps:
            picked = {value[k] for k in items if k in value}
            if items <= set(value) and picked == {True, False}:
                return (f"Refused: {path} lists {', '.join(sorted(items))[:120]}, keys with "
                        "true and keys with false: the task picks by one value. Keep only "
                        "the keys it asks for, then finish.")
    return None


#: "one of the files … says X", "the note that contains X": a file picked by its text
_BY_CONTENT = re.compile(
    r"\b(?:file|files|note|notes|one|document|documents|entry|entries)\b[^.?!]{0,40}?\b"
    r"(?:says|say|contains|contain|holds|hold|mentions|mention|reads|read|saying|containing|"
    r"mentioning|with\s+the\s+(?:text|word|line))\b", re.IGNORECASE)


def unseen_pick(task: str, named: Iterable[str], values: Iterable[str],
                record: Record) -> str | None:
    """A task that picks a file to delete by what it says ("one of the files in notes/
    says DELETE ME"): each file the run deleted that the task does not name must be one
    whose text the run saw and that holds what the task says."""
    if not _BY_CONTENT.search(task) or any(e.action.name in RUNNING_TEXT
                                            for e in record.episodes):
        return None
    named, values = set(named), [v for v in values if v.lower() not in {"i"}]
    for e in record.episodes:
        if e.action.name != "delete_file":
            continue
        path = norm(str(e.action.arguments.get("path", "")))
        if path in named:
            continue
        seen = [r.result.output for r in record.episodes if r.result is not None
                and r.action.name == "read_file"
                and norm(str(r.action.arguments.get("path", ""))) == path]
        shown = "\n".join(r.result.output for r in record.episodes if r.result is not None
                          and r.action.name == "search_files")
        if not seen and not (path.rsplit("/", 1)[-1] in shown
                             and all(v.lower() in shown.lower() for v in values)):
            return (f"Refused: the task picks the file to delete by what it says, but you "
                    f"deleted {path} without reading it. Recreate it, read the files, and "
                    "delete the one the task means, then finish.")
        if values and not all(set(words(v)) <= set(words("\n".join(seen) or shown))
                              for v in values):
            return (f"Refused: you deleted {path}, but it does not say "
                    f"{' '.join(values)!r}. Recreate it and delete the file the task means, "
                    "then finish.")
    return None


#: words of a task that asks for upper- or lower-case letters
_UPPER = re.compile(r"\b(?:capital\s+letters|capitals|upper\s*case|all\s+caps|in\s+caps)\b",
                    re.IGNORECASE)
_LOWER = re.compile(r"\b(?:small\s+letters|lower\s*case)\b", re.IGNORECASE)


def wrong_case(task: str, record: Record, read: Reader) -> str | None:
    """A task that asks for capital (or small) letters, and a text file the run wrote with
    letters of the other case (a program's text may make its case when it runs)."""
    upper, lower = _UPPER.search(task), _LOWER.search(task)
    if bool(upper) == bool(lower):
        return None
    for path in sorted(record.written):
        if path.endswith(PROGRAMS) or (text := read(path)) is None or not text.strip():
            continue
        if (text != text.upper()) if upper else (text != text.lower()):
            return (f"Refused: the task asks for {'capital' if upper else 'small'} letters, "
                    f"but {path} holds {text.strip()[:80]!r}. Write it in "
                    f"{'upper' if upper else 'lower'} case, then finish.")
    return None


#: "save the number in …", "write the count to …", "how many …": a number is the answer
_NUMBER_ASKED = re.compile(
    r"\bhow\s+many\b|\b(?:write|save|put|store|record)\s+(?:the|that|this|its|their)\s+"
    r"(?:number|count|total|sum)\b|\bthe\s+number\s+of\b", re.IGNORECASE)
_NUMBER_WORDS = frozenset({"zero", "none", "one", "two", "three", "four", "five", "six",
                           "seven", "eight", "nine", "ten", "eleven", "twelve"})


def no_number(task: str, record: Record, read: Reader) -> str | None:
    """A task whose answer is a number (``how many``, ``write the count``) and a text file
    the run wrote that holds no number."""
    if not _NUMBER_ASKED.search(task):
        return None
    for path in sorted(record.written):
        if path.endswith((*PROGRAMS, ".json", ".csv")) or (text := read(path)) is None:
            continue
        if text.strip() and not re.search(r"\d", text) \
                and not set(words(text)) & _NUMBER_WORDS:
            return (f"Refused: the task asks for a number, but {path} holds "
                    f"{text.strip()[:60]!r}. Count (or work it out) and write the number, "
                    "then finish.")
    return None


#: "greeting.txt containing Good evening", "a line saying ok", "whose value is light": the
#: literal text the task gives, after a file or a line and one of these words
_LITERAL = re.compile(
    r"(?:\b(?:file|line|note|entry|message|row)|\.\w{1,8})\s+(?:containing|saying|"
    r"that\s+says|which\s+says|that\s+reads|reading|with\s+the\s+text)\s+"
    r"(?P<phrase>[^.,;:!?\"'()]+)|\bvalue\s+(?:is|=)\s+(?P<value>[\w.#@+-]+)",
    re.IGNORECASE)
#: first words of a phrase that describes a text rather than giving it
_NOT_LITERAL = DESCRIBING | _NUMBER_WORDS | {
    "a", "an", "some", "only", "just", "exactly", "your", "my", "our", "this", "that",
    "these", "those", "no", "nothing", "any", "both", "several", "many", "few"}
#: words that end a literal phrase
_PHRASE_ENDS = frozenset({"to", "into", "in", "at", "on", "as", "for", "then", "inside",
                          "followed", "after", "before", "and", "so", "which", "that"})


def literal_missing(task: str, record: Record, read: Reader) -> str | None:
    """The task gives the literal text of a file or a line (``containing Good evening``)
    and no file the run wrote holds all of it — or one holds it with the task's framing
    word in front (``containing Good evening``). Not for tasks with alternatives (``if``,
    ``otherwise``) nor descriptions (``containing the names of …``)."""
    if set(words(task)) & {"if", "otherwise", "unless", "whether", "else", "or"}:
        return None
    texts = {p: " ".join((read(p) or "").lower().split()) for p in sorted(record.written)
             if not p.endswith(PROGRAMS)}
    if not texts:
        return None
    for m in _LITERAL.finditer(task):
        phrase: list[str] = []
        for word in (m.group("phrase") or m.group("value") or "").split():
            if word.lower() in _PHRASE_ENDS or "." in word.strip("."):
                break
            phrase.append(word)
        if not phrase or phrase[0].lower() in _NOT_LITERAL or phrase[0][0].isdigit() \
                or len(phrase) > 8:
            continue
        wanted = " ".join(phrase).lower().rstrip(".")
        if line_removals.removed_text(task, wanted):
            continue  # (the text of a line the task removes: "the line that says X")
        framing = m.group(0).split()[1].lower() if m.group("phrase") else ""
        if not any(wanted in t for t in texts.values()):
            return (f"Refused: the task gives the text {' '.join(phrase)!r}, but no file you "
                    "wrote holds it. Write it as given, then finish.")
        if framing and any(t.startswith(f"{framing} {wanted}") for t in texts.values()):
            return (f"Refused: you wrote the task's word {framing!r} in front of "
                    f"{' '.join(phrase)!r}. Write just the text, then finish.")
    return None


_FUNCTION = re.compile(r"\bfunction\s+(?:called\s+|named\s+)?(?P<name>[A-Za-z_]\w*)\s*\(")


def function_missing(task: str, record: Record, read: Reader) -> str | None:
    """The task names a function (``a function triple(n)``) and no Python file the run
    wrote defines it."""
    names = {m.group("name") for m in _FUNCTION.finditer(task)}
    programs = {p: read(p) or "" for p in record.written if p.endswith(".py")}
    if not names or not programs:
        return None
    for name in sorted(names):
        if not any(re.search(rf"\bdef\s+{name}\s*\(", t) for t in programs.values()):
            return (f"Refused: the task asks for a function {name}, but "
                    f"{' or '.join(sorted(programs))} defines none by that name. Define it, "
                    "then finish.")
        if any(_returns_argument(t, name) for t in programs.values()):
            return (f"Refused: the task's function {name} should work its result out, but "
                    "yours returns its argument unchanged. Write the computation, then "
                    "finish.")
    return None


def _returns_argument(source: str, name: str) -> bool:
    """Whether ``source`` defines ``name`` as a function whose only statement returns one
    of its parameters as it came (``def c_to_f(c): return c``)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            body = [b for b in node.body if not (isinstance(b, ast.Expr)
                                                 and isinstance(b.value, ast.Constant))]
            params = {a.arg for a in node.args.args}
            return len(body) == 1 and isinstance(body[0], ast.Return) \
                and isinstance(body[0].value, ast.Name) and body[0].value.id in params
    return False


def _single_numbers(starts: Mapping[str, str], record: Record,
                    read: Reader) -> Iterator[tuple[str, str, float]]:
    """(file, text, number) for each text file the run wrote (not an input) whose whole
    text is one number."""
    for path in sorted(record.written):
        if path in starts or path.endswith(PROGRAMS) or (text := read(path)) is None:
            continue
        try:
            yield path, text, float(text.strip())
        except ValueError:
            continue


#: words of a task that asks for the largest or the smallest value
_MOST = frozenset({"largest", "biggest", "highest", "maximum", "max", "greatest", "most"})
_LEAST = frozenset({"smallest", "lowest", "minimum", "min", "least", "fewest"})


def _extremes(text: str, most: bool) -> set[float]:
    """The largest (``most``) or smallest number of ``text``, of each of its lines and of
    each comma-separated column."""
    pick = max if most else min
    found: set[float] = set()
    groups = [text, *text.splitlines()]
    rows = [line.split(",") for line in text.splitlines() if "," in line]
    groups += ["\n".join(r[c] for r in rows if len(r) > c)
               for c in range(max((len(r) for r in rows), default=0))]
    for group in groups:
        numbers = [float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", group)]
        if len(numbers) > 1 or (numbers and group is text):
            found.add(pick(numbers))
    return found


def not_extreme(task: str, starts: Mapping[str, str], record: Record,
                read: Reader) -> str | None:
    """A task that asks for the largest (or the smallest) value of its inputs, and a file
    the run wrote that holds only another number of those inputs."""
    asked = set(words(task))
    if bool(asked & _MOST) == bool(asked & _LEAST) or not starts:
        return None
    pool = "\n".join(starts.values())
    given = {float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", pool)}
    allowed = _extremes(pool, bool(asked & _MOST))
    for path, text, number in _single_numbers(starts, record, read):
        if number in given and number not in allowed:
            return (f"Refused: the task asks for the {'largest' if asked & _MOST else 'smallest'}"
                    f" value, but {path} holds {text.strip()}, which is not it. Compare them "
                    "all, then write it and finish.")
    return None


_UNIT_ASKED = re.compile(r"\b(?:number\s+of|how\s+many|amount\s+of|count\s+of)\s+"
                         r"(?:(?:the|whole|full)\s+)?(?P<noun>[a-z]+)", re.IGNORECASE)


def unit_value(task: str, starts: Mapping[str, str], record: Record,
               read: Reader) -> str | None:
    """A task that asks for the number of a unit its input gives numbers of (``the number
    of minutes`` with ``simmer for 25 minutes``), and a file the run wrote holding another
    number than those (or their total)."""
    pool = "\n".join(starts.values())
    wanted: set[float] = set()
    for m in _UNIT_ASKED.finditer(task):
        noun = m.group("noun").lower()
        forms = {noun, noun[:-1] if noun.endswith("s") else noun + "s"}
        pattern = rf"(?<![\w.])(-?\d+(?:\.\d+)?)\s+(?:{'|'.join(map(re.escape, forms))})\b"
        wanted |= {float(n) for n in re.findall(pattern, pool, re.IGNORECASE)}
    if not wanted:
        return None
    allowed = wanted | {sum(wanted)}
    for path, text, number in _single_numbers(starts, record, read):
        if number not in allowed:
            given = sorted({str(int(n)) if n.is_integer() else str(n) for n in wanted})
            return (f"Refused: {path} holds {text.strip()}, but the input gives "
                    f"{', '.join(given)} for what the task asks. Write the number it gives, "
                    "then finish.")
    return None


_OPTION_PAIRS = (
    re.compile(r"\b(?:write|answer|put|save|say|reply|respond|store)\s+(?:with\s+|either\s+)?"
               r"['\"]?(?P<a>[\w-]+)['\"]?\s+or\s+['\"]?(?P<b>[\w-]+)['\"]?", re.IGNORECASE),
    re.compile(r"\bwrite\s+['\"]?(?P<a>[\w-]+)['\"]?\b[^.;]*?\b(?:otherwise|else)\s*,?\s+"
               r"(?:write\s+)?['\"]?(?P<b>[\w-]+)['\"]?", re.IGNORECASE))


def not_an_option(task: str, named: Iterable[str], record: Record,
                  read: Reader) -> str | None:
    """A task that names the answers to choose from (``write yes or no in x.txt``, ``write
    enabled …, otherwise write disabled``), and the file the run wrote for it holds neither."""
    asked = set(words(task))
    if "?" not in task and not asked & {"if", "whether", "otherwise", "unless"}:
        return None  # choices of a question or a condition, not "your name or nickname"
    options = {w.lower() for pattern in _OPTION_PAIRS for m in pattern.finditer(task)
               for w in (m.group("a"), m.group("b"))}
    if len(options) < 2 or options & (DESCRIBING | {"a", "an", "your", "my", "our", "some",
                                                     "any", "it", "them", "to", "in"}):
        return None
    for path in [p for p in named if p in record.written and not p.endswith(PROGRAMS)]:
        text = read(path)
        if text is None:
            continue
        answer = text.strip().strip(".!\"'").strip().lower()
        if answer not in options:
            return (f"Refused: the task's answer is one of {', '.join(sorted(options))}, but "
                    f"{path} holds {text.strip()[:60]!r}. Write just the answer, then finish.")
    return None
