"""Text a small model may put in a grounded text argument: spans of its situation.

A 135M model asked for the ``content`` of a file rambles ("Paris is a city of the world…")
or copies a file name into it. On a grammar-constrained model a text parameter marked
``"x-grounded": "text"`` is limited to the spans found here — words and phrases of the task,
the values of the files it has seen and the outputs of its commands that the task's words
point at (``facts``) — so the model chooses what to write instead of composing it. Code and
data files (see ``FREE_TEXT_SUFFIXES``) keep free text: their content is rarely a span.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from autonomo.agent.strategies import values as shaped_values
from autonomo.agent.strategies.facts import FILLER
from autonomo.agent.task_text import ABBREVIATED, ABBREVIATIONS, STOP, names_a_place

#: words a phrase of the task is not the content if it begins or ends with: fillers, the
#: verbs of an instruction, the words that introduce a file's name
_EDGES = FILLER | {"append", "add", "create", "make", "copy", "delete", "remove", "rename",
                   "move", "count", "list", "run", "called", "named", "containing", "text",
                   "word", "words", "line", "number", "file", "please", "saying", "says",
                   "reads", "reading", "phrase", "item", "contain", "contains", "holding",
                   "name", "value", "string", "entry", "you", "could", "can", "would",
                   "should", "must", "need", "i", "we", "end", "beginning", "bottom", "top",
                   "new", "row", "column", "cell", "header", "do", "what", "follow",
                   "instruction", "instructions", "sentence", "carry",
                   "them", "out", "last", "first"}
#: the words of an instruction (never the ends of a text it asks to write)
INSTRUCTION_WORDS = frozenset(_EDGES)

#: files whose content is written, not chosen (code, structured data)
FREE_TEXT_SUFFIXES = (".py", ".json", ".csv", ".js", ".ts", ".sh", ".html", ".css", ".yaml",
                      ".yml", ".toml", ".xml", ".ini", ".cfg", ".sql", ".md")
#: of those, documents whose text may be a span when none is composed (prose, not code)
PROSE = (".md",)
MAX_SPANS = 150
MAX_SPAN_CHARS = 300
_MAX_PHRASE_WORDS = 5
#: (an apostrophe inside a word, "router's", "it's", opens and closes nothing)
_QUOTED = re.compile(r"(?<!\w)'([^']{1,200})'(?!\w)|\"([^\"]{1,200})\"")


def _clean(text: str) -> str:
    return text.strip().strip(".,;:!?").strip()


#: the words a question begins with (a closed class of English): a question's words restate
#: what is asked, they are not its answer
QUESTION_WORDS = frozenset({"how", "what", "which", "who", "whom", "whose", "when", "where",
                            "why"})
#: words of the speaker and the listener, and a possessive: a phrase holding one describes
#: ("my preferred layout", "Pepper's microchip", "the owner's name"), it is not a value
_SPEAKER = frozenset({"i", "me", "my", "mine", "we", "us", "our", "you", "your", "i'd",
                      "i'm", "we're", "you're", "i've", "let's"})
_CLAUSES = re.compile(rf"((?:[^.;:!?\n]|[.;:](?=\S)|{ABBREVIATED})*(?:{STOP}(?!\S)|[;:](?!\S)|[!?]|"
                      r"\n|$))")


def questions(task: str) -> list[str]:
    """The task's clauses that ask (end with "?", or begin with a question word)."""
    out = []
    for clause in _CLAUSES.findall(task):
        words = clause.split()
        if words and (clause.rstrip().endswith("?")
                      or words[0].strip("\"'(").lower() in QUESTION_WORDS):
            out.append(clause.strip())
    return out


#: words that point at a file for the answer ("answer in a new file", "the file for it")
_ANOTHER_FILE = re.compile(r"\bfiles?\b", re.IGNORECASE)


def asked_only(task: str, names: Iterable[str]) -> tuple[str, ...]:
    """The names of ``names`` the task says only inside its questions ("what is the capital
    in city.txt?") while the rest of it points at a file for the answer (another name, or
    "a new file"): the files asked about, not the one the answer goes to."""
    asked = questions(task)
    if not asked:
        return ()
    rest = task
    for clause in asked:
        rest = rest.replace(clause, " ")
    named = [n for n in names if n in task]
    about = [n for n in named if any(n in q for q in asked) and n not in rest]
    elsewhere = any(n in rest for n in named) or _ANOTHER_FILE.search(rest)
    return tuple(about) if elsewhere else ()


def _describes(phrase: str) -> bool:
    """(a title, "Dr", starts a description as a possessive does: "Dr. Lin's extension" is
    the value to look up, "Dr" no value to write)"""
    return any(w.lower() in _SPEAKER or re.search(r"\w['’]s$", w) or w.rstrip(".") in ABBREVIATIONS
               for w in phrase.split())


def _bare(word: str) -> str:
    """``word`` without the punctuation around it, but an abbreviation's period ("p.m.",
    "Dr."): the text "at 3 p.m. sharp" keeps it."""
    bare = word.strip(",.;:!?\"'()")
    return bare + "." if word.strip(",;:!?\"'()").endswith(".") and (
        bare in ABBREVIATIONS or re.fullmatch(r"[ap]\.m", bare, re.IGNORECASE)) else bare


def task_spans(task: str, files: Iterable[str] = ()) -> list[str]:
    """Quoted texts, then phrases of up to five words between file names and punctuation,
    then single words (file names themselves excluded: they are paths, not content). The
    words of a question (``questions``) and phrases that describe (``_SPEAKER``) are not
    offered: they restate the task."""
    names = set(files)
    task = unexampled(task)  # (an example's words are no text to write)
    spans: list[str] = [q.group(1) or q.group(2) for q in _QUOTED.finditer(task)]
    phrases: list[str] = []
    for asked in questions(task):
        task = task.replace(asked, " . ")
    described: list[str] = []
    for clause in re.split(rf"(?:{STOP}|[;:!?])(?:\s|$)|,\s|\n", task):
        words = [_bare(w) for w in clause.split()]
        words = [w for w in words if w and w != "-"]
        runs: list[list[str]] = [[]]
        describing = False  # "my preferred keyboard layout", up to a small word
        whole: list[str] | None = None  # from a describing word to a file name
        for word in words:
            named = word in names or word.rstrip(".") in names
            if whole is not None and named:
                described.append(_trimmed(whole))
            whole = None if named else [*whole, word] if whole is not None else (
                [word] if _describes(word) else None)
            describing = (describing and word.lower() not in FILLER) or _describes(word)
            if describing or named:
                runs.append([])
            else:
                runs[-1].append(word)
        for run in runs:
            for size in range(min(_MAX_PHRASE_WORDS, len(run)), 0, -1):
                phrases += [" ".join(run[i:i + size]) for i in range(len(run) - size + 1)]
    spans += phrases
    # a phrase that begins or ends with a filler word ("the dog to") is a piece of the
    # sentence, not the text it asks for (quoted texts are kept whole)
    quoted = len(spans) - len(phrases)
    kept = [p for p in phrases if not _describes(p)
            and p.split()[0].lower() not in _EDGES and p.split()[-1].lower() not in _EDGES]
    # a piece of a longer phrase that is kept is not offered: a 135M model picks "dog" out
    # of "walk the dog" (the task states the numbers it means outright: ``literals``)
    # (the words from a describing word to a file name may be the text itself, in the first
    # person or with a possessive: "Write I will be late to status.txt"; offered last)
    inside = _pieces(kept)
    return spans[:quoted] + [p for p in kept if p not in inside] + [
        p for p in dict.fromkeys(described) if len(p.split()) > 1 and p not in kept
        and not complements(task, names)]  # (not what a value is said of: "… - it's X")


def _pieces(phrases: list[str]) -> set[str]:
    """The shorter runs of words inside each phrase ("walk the" and "dog" of "walk the
    dog"): a set, as each phrase asked against every other was O(n²) in a long task's words."""
    out: set[str] = set()
    for phrase in phrases:
        words = phrase.split()
        out.update(" ".join(words[i:j]) for i in range(len(words))
                   for j in range(i + 1, len(words) + 1) if j - i < len(words))
    return out


def _trimmed(words: list[str]) -> str:
    """``words`` without the small words at their end ("late to" → "late")."""
    while words and words[-1].lower() in _EDGES:
        words = words[:-1]
    return " ".join(words)


#: a number standing alone ("3", "-2.5"; not a piece of "v2", "2025-03-14", "bob,7" or
#: "PORT=8")
_NUMBER = re.compile(r"(?<![\w.=-])(?<!\S,)-?\d+(?:\.\d+)?(?![\w-]|,\S|\.\w)")
#: a setting written out: "TIMEOUT=30", "mode=fast"
_SETTING = re.compile(r"(?<![\w=])[A-Za-z_][\w.-]*=[^\s,;]*[^\s,;.]")


#: a code: letters and digits together ("B-14", "LX318", "v2.1"), not a file name
_CODE = re.compile(r"(?<![\w.-])(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])\w+(?:[.-]\w+)*(?![\w-])")


def codes(task: str, files: Iterable[str] = ()) -> list[str]:
    """The codes a task writes out (letters and digits together), file names left out."""
    for name in files:
        task = task.replace(name, " ")
    return [c for c in _CODE.findall(task) if not c.endswith(".")]


def is_number(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None


#: (to the end of its line or sentence: "number: 981 020 003. store it in x.txt")
_AFTER_COLON = re.compile(rf":\s+([^:\n]{{1,200}}?)[\s.]*(?:$|\n|(?:{STOP}|[!?])\s)")
#: (not an address in angle brackets, a value written out: "Ann <ann@x.example>",
#: "<https://…>")
_PLACEHOLDER = re.compile(r"[<{\[](?![^<>{}\[\]]*(?:@|://))[^<>{}\[\]]{1,40}[>}\]]")
#: a placeholder a template is filled at: "<that name>", "{name}", "[the name]" (not an INI
#: section's "[db]")
_HOLE = re.compile(r"<(?![^<>]*(?:@|://))[^<>]{1,40}>|\{[^{}]{1,40}\}"
                   r"|\[[^\[\]]{0,40}\s[^\[\]]{0,40}\]")


#: the numbers a count is written with
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                "nine", "ten", "eleven", "twelve")


#: what separates the items of a list written on one line, the strongest first: a slash or
#: a bar between spaces, a semicolon, then commas and "and"
_ITEM_SEPARATORS = (r"\s+[/|]\s+", r";\s*", r",\s*(?:and\s+)?|\s+and\s+")
_MAX_LINE_WORDS = 8
#: the layout of one item a line said before a colon ("lines:", "one per line:", "each on
#: its own line:"); not one line ("with this single line:", "a new line at the bottom:")
_PER_LINE_WORDS = re.compile(r"\blines\b|\b(?:per|own|separate)\s+line\b")


#: words that only say how a list is laid out (a closed lexicon): "…: no duplicates,
#: alphabetical, one per line" describes the answer, it is no text to write
_ARRANGING = frozenset({
    "no", "without", "duplicates", "duplicate", "repeats", "repeated", "dupes", "alphabetical",
    "alphabetically", "sorted", "sort", "order", "ordered", "ascending", "descending", "a", "z",
    "one", "per", "line", "lines", "each", "an", "the", "in", "on", "its", "their", "own",
    "unique", "distinct", "once", "only", "separate", "separated", "comma", "commas", "newline",
    "please", "and", "or", "just", "to"})


def arranging(text: str) -> bool:
    """Whether ``text`` holds only words of a list's layout (``_ARRANGING``)."""
    found = re.findall(r"[A-Za-z]+", text.lower())
    return bool(found) and set(found) <= _ARRANGING


def _as_lines(task: str, found: re.Match[str]) -> str:
    """The text after a colon; a list of items joined by commas, one item a line, when
    what comes before the colon counts them ("three lines: eggs, oat milk, rye bread") or
    asks for lines."""
    text = found.group(1)
    before = re.findall(r"[\w-]+", task[:found.start()].lower())[-4:]
    # (a number of items, not a rate: "one per line")
    counted = [NUMBER_WORDS.index(w) if w in NUMBER_WORDS else int(w)
               for w, after in zip(before, [*before[1:], ""], strict=False)
               if (w in NUMBER_WORDS or w.isdigit()) and after != "per"]
    for separator in _ITEM_SEPARATORS:
        items = [i.strip() for i in re.split(separator, text) if i.strip()]
        if len(items) < 2:
            continue
        # (as many items as counted, each of a few words: "three lines: radish - row 1 /
        # spinach - row 2 / chard - row 3")
        if len(items) in counted and all(len(i.split()) <= _MAX_LINE_WORDS for i in items):
            return "\n".join(items)
        # (the layout said just before the colon: "one per line:", "on separate lines:")
        if (not counted and _PER_LINE_WORDS.search(" ".join(before))
                and all(len(i.split()) <= 4 for i in items)):
            return "\n".join(items)
    return text


def literals(task: str, files: Iterable[str] = (), *, placeholders: bool = False) -> list[str]:
    """The texts a task states outright: quoted texts, the rest of a line after a colon
    ("a line that reads: …"), settings ("PORT=80"), values whole by their shape (``16:42``,
    ``1:3``, ``#ccc9dc``, ``2.4.1``; not in its file names). A text holding a placeholder
    ("<the name>") is a template, not a text: only those with ``placeholders``. Kept for
    the next calls (a copy each): asked again for each file the task names."""
    return list(_literals(task, tuple(files), placeholders))


#: an example the task gives of a text's form, in brackets or after "e.g."/"for example":
#: "(like v1.0.0)", "(e.g. 2026-01-31)", "for example: Dr. X" (not content to copy)
_EXAMPLE = re.compile(r"\((?:\s*(?:like|e\.\s?g\.?|eg|for example|for instance|say|such as)"
                      r"[,:]?\s+)([^()]{1,80})\)|\b(?:e\.\s?g\.|for example|for instance)[,:]?"
                      r"\s+(\S+?)[.,;:]?(?=\s|$)", re.IGNORECASE)


def _examples(task: str) -> list[re.Match[str]]:
    """The task's examples (``_EXAMPLE``) outside its quoted texts: a quoted text is what
    to write whole ("Write 'Cats, for example, sleep a lot.' to a.txt")."""
    quoted = [m.span() for m in _QUOTED.finditer(task)]
    return [m for m in _EXAMPLE.finditer(task)
            if not any(a < m.end() and m.start() < b for a, b in quoted)]


def unexampled(task: str) -> str:
    """``task`` without its examples (``_examples``): an example shows a form, it is no
    text to write ("(like v1.0.0)")."""
    for found in reversed(_examples(task)):
        task = task[:found.start()] + " " + task[found.end():]
    return task


def examples(task: str) -> list[str]:
    """The examples of a form the task gives (``_examples``), each as written."""
    return [(m.group(1) or m.group(2)).strip().strip("\"'") for m in _examples(task)]


def like_examples(task: str, values: Iterable[str],
                  read: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """Each example of the task (``examples``) with its number-like part replaced by a
    value of the same form: "a leading v (like v1.0.0)" with 4.12.7 read is ``v4.12.7``
    (``values``, then the number-like tokens of the texts ``read``); and the values so
    used, when the example holds more than the value (a part, then)."""
    out: list[str] = []
    used: list[str] = []
    shown = examples(task)
    values = list(dict.fromkeys([*values, *(
        t for text in read if shown for t in re.findall(r"(?<![\w.])\d+(?:[.:/-]\d+)*(?![\w])",
                                                         text[:MAX_SPAN_CHARS * 10]))]))
    for example in shown:
        for part in re.finditer(r"\d+(?:[.:/-]\d+)*", example):
            form = re.sub(r"\d+", "9", part.group(0))
            for value in values:
                if (re.sub(r"\d+", "9", value) == form and value != part.group(0)
                        and value not in example):
                    out.append(example[:part.start()] + value + example[part.end():])
                    used += [value] if part.group(0) != example else []
    return list(dict.fromkeys(out)), used


@functools.lru_cache(maxsize=32)
def _literals(task: str, files: tuple[str, ...], placeholders: bool) -> tuple[str, ...]:
    for name in files:
        task = task.replace(name, " ")
    task = unexampled(task)
    # "notes.txt: add a line …": a file name heading the task, then what to do with it
    told = re.sub(r"^\s*:", " ", task)
    # (the rest of a line after a colon that is a question restates it: "a vs b: who left?")
    asked = questions(told)
    found = ([q.group(1) or q.group(2) for q in _QUOTED.finditer(task)
              if not names_a_place(task, q.start(), q.end())]
             + [_as_lines(told, m) for m in _AFTER_COLON.finditer(told)
                if not any(m.group(1) in q for q in asked) and not arranging(m.group(1))]
             + _SETTING.findall(task))
    if placeholders:
        return tuple(t for t in found if _PLACEHOLDER.search(t))
    return (*(t for t in found if not _PLACEHOLDER.search(t)),
            *(v.text for v in shaped_values.scan(task) if v.kind != "code"))


#: words that end a template on its left: the instruction that asks for it ("write",
#: "append", "the line"), never a small word inside it ("Welcome to <city>")
_LEAD = (_EDGES - FILLER) | {"write", "save", "put", "say", "command"}


def templates(task: str, files: Iterable[str] = ()) -> list[str]:
    """The texts around the task's placeholders, whole: "write Welcome, <that name>! into
    a.txt" holds the template ``Welcome, <that name>!`` — from the instruction's word before
    it to the file it goes into (or the end of its sentence); a quoted one as quoted."""
    names = set(files)
    words = list(re.finditer(r"\S+", task))
    out = [t for t in literals(task, names, placeholders=True) if _HOLE.search(t)]
    stated = list(out)
    asked = [(task.find(q), task.find(q) + len(q)) for q in questions(task)]
    for hole in _HOLE.finditer(task):
        if any(start <= hole.start() < end for start, end in asked):
            continue
        at = [i for i, w in enumerate(words) if w.start() <= hole.start() < w.end()]
        if not at:
            continue
        first = last = at[0]
        if any(q.start() < hole.start() < q.end() for q in _QUOTED.finditer(task)):
            continue  # a quoted template is stated whole (``literals``)
        while last + 1 < len(words) and words[last].end() < hole.end():
            last += 1
        while first > 0:
            word = words[first - 1].group(0)
            if (word.strip(",;:\"'").lower() in _LEAD or _clean(word) in names
                    or re.search(r"[.;?!]$", word)):
                break
            first -= 1
        while last + 1 < len(words) and not re.search(r"[.;:?!]$", words[last].group(0)):
            word = _clean(words[last + 1].group(0))
            follows = _clean(words[last + 2].group(0)) if last + 2 < len(words) else ""
            if word in names or (word.lower() in FILLER and follows in names) or (
                    word.lower() in _LEAD):
                break
            last += 1
        # (after a colon the text is stated whole to its sentence's end: "containing:
        # Release <v> is out")
        colon = first > 0 and words[first - 1].group(0).endswith(":")
        while not colon and last > at[0] and words[last].group(0).lower().strip(",.") in _EDGES:
            last -= 1
        text = task[words[first].start():words[last].end()].rstrip(".,;:")
        # (not a piece of a text stated whole: "Release <v> is" of "containing: Release <v>
        # is out")
        if _HOLE.search(text) and not any(text in t for t in stated):
            out.append(text)
    return list(dict.fromkeys(out))


def fill(found: Iterable[str], values: Iterable[str]) -> list[str]:
    """Each template of ``found`` with its placeholder replaced by each one-line value (not
    by a value that is the template filled already)."""
    out = []
    for template in found:
        if hole := _HOLE.search(template):
            before, after = template[:hole.start()], template[hole.end():]
            out += [before + value + after for value in values
                    if value.strip() and "\n" not in value.strip()
                    and not (value.startswith(before.strip()) and value.endswith(after.strip())
                             and (before + after).strip())]
    return out


#: what a clause says a thing is, at its end: "- it's dvorak", "the code is XR-7."
_COMPLEMENT = re.compile(
    r"\b(?:it['’]s|it is|that['’]s|that is|is|are|was|were|will be|should be)\s+"
    r"((?:[^\s,;!?]+\s+){0,4}?[^\s,;!?]*[^\s.,;:!?])(?=[.!?;,]?\s*$|[.!?;,]\s|\s+-\s)",
    re.IGNORECASE)


def complements(task: str, files: Iterable[str] = ()) -> list[str]:
    """What the task's statements (not its questions) say something is, at a clause's end:
    the value of "my layout - it's dvorak" is ``dvorak``; not one that begins with an
    instruction's or a small word written small ("is in the list"; "is A Map of…" is)."""
    for asked in questions(task):
        task = task.replace(asked, " . ")
    for name in files:
        task = task.replace(name, " . ")
    # (not what something is doing: "Yusuf is joining the altos")
    return [c for c in _COMPLEMENT.findall(task)
            if c.split()[0] not in _EDGES and not c.split()[0].endswith("ing")]


#: what stands for the empty text a task asks a file to hold (``told``): other empty spans
#: are none
EMPTY = "\x00"
#: a file the task asks to be made empty: "an empty file q.txt", "a blank notes.md", "touch
#: a.txt" (a clause that makes one)
_EMPTY = re.compile(r"\b(?:create|make|add|start|set\s+up|put|need|want)\b[^.;:!?]{0,30}?\b(?:an?|"
                    r"the)\s+(?:new\s+)?(?:empty|blank)(?=\s)(?!\s+(?:line|row|lines|space)s?\b)"
                    r"|^\s*touch\s+\S", re.IGNORECASE | re.MULTILINE)


def asks_empty(task: str) -> bool:
    """Whether the task asks for a file to be made empty (``_EMPTY``)."""
    return _EMPTY.search(task) is not None


def told(task: str, values: Iterable[str], read: Iterable[str] = ()
         ) -> tuple[list[str], list[str]]:
    """Texts the task tells the form of: the empty text of a file it asks to be made empty
    (``EMPTY``), then its examples filled (``like_examples``); and the values so used."""
    filled, used = like_examples(task, values, read)
    return ([EMPTY] if asks_empty(task) else []) + filled, used


def choose(spans: Iterable[str]) -> tuple[str, ...]:
    """Unique, non-empty spans that fit, in order, at most ``MAX_SPANS`` (``EMPTY`` as the
    empty text)."""
    seen: dict[str, None] = {}
    for span in spans:
        if span == EMPTY:
            seen.setdefault("", None)
            continue
        span = span.strip()
        if span and len(span) <= MAX_SPAN_CHARS and span not in seen:
            seen[span] = None
            if len(seen) >= MAX_SPANS:
                break
    return tuple(seen)


def needs_free_text(path: str) -> bool:
    return path.lower().endswith(FREE_TEXT_SUFFIXES)
