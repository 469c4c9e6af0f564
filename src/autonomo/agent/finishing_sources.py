"""Where the text the run wrote came from, against where the task says it comes from: a
program the task says to run that no command ran, or whose printed output is not in the
file it was to go to; a value the task points at a file for, written as the task's own
words (``result``, ``full name``, ``<that name>``); a value the task states (``17``,
``bob,7``, ``the words apple and pear``) that no file the run wrote holds.

Used by ``finishing.finish_objection``; each function returns the objection or None.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autonomo.agent.finishing_record import (
    Reader,
    Record,
    mention_at,
    without,
    words,
)
from autonomo.agent.strategies import line_removals, printing
from autonomo.agent.strategies.programs import given_command, given_files

#: words just before a program file that ask for it to be run
_RUN = {"run", "execute", "launch"}
#: words of a task that ask for what a program printed
_PRINTED = {"output", "outputs", "prints", "printed", "print", "result", "results", "says",
            "shows", "displays"}
#: words just before a file that make it where a value comes from ("the price from X")
_FROM = {"from", "in", "of", "read", "inside", "by", "does"}
#: words just after a file that make it where a value comes from ("X holds a name")
_HOLDS = {"holds", "contains", "has", "names", "lists", "says", "gives", "stores"}
#: what a file may have that is a fault to fix, not a value to look up
_FAULTS = {"wrong", "typo", "typos", "mistake", "mistakes", "error", "errors", "incorrect",
           "outdated", "misspelled", "misspelt", "misspelling", "stale", "bad", "broken"}
#: words that ask a fault fixed
_FIXING = {"correct", "fix", "spelling", "spelled", "spelt", "typo"}
#: words of a task whose numbers are not values to write (operands, counts, edits)
_NOT_LITERAL = {"sum", "total", "multiply", "times", "plus", "minus", "product", "difference",
                "square", "squared", "double", "half", "average", "divide", "divided",
                "compute", "calculate", "result", "increase", "decrease", "increment",
                "replace", "change", "instead", "update", "remove", "delete", "without",
                "except", "between", "up", "rename", "move", "copy",
                "count", "many", "largest", "smallest", "sort", "run", "execute", "prime"}
#: words of a task that writes something made from its words, not the words themselves
#: ("the reverse of the word stressed", "the length of the word banana")
_TRANSFORMING = {"reverse", "reversed", "backwards", "translate", "translated", "translation",
                 "length", "letter", "letters", "character", "characters", "first", "last",
                 "synonym", "opposite", "plural", "singular", "rhyme", "rhymes", "acronym",
                 "initials", "vowels", "consonants", "spell", "spelled", "encode", "encoded",
                 "decode", "hash", "sorted", "sort", "shuffle", "anagram"}
#: words of a task whose quoted words may be what goes away ("replace the word cat")
_EDITING = {"replace", "remove", "delete", "without", "except", "instead", "rename", "move",
            "copy", "erase"}
#: comma-joined values without spaces: ``name,species``, ``bob,7``, ``red,#ff0000``
_JOINED = re.compile(r"(?<![\w#.@+-])[\w#.@+-]+(?:,[\w#.@+-]+)+")
#: "the word done", "the words apple and pear", "a line saying lunch", "the text Good
#: morning": the words after such a marker, up to the first linking word
_MARKED = re.compile(
    r"\b(?:the|a)\s+(?:word|words|line|text|phrase|item|name|sentence)\s+"
    r"(?:saying\s+|reading\s+|that\s+reads:?\s+)?(?P<phrase>[^.,;:!?<>\"'()]+)",
    re.IGNORECASE)
_LINKING = {"to", "into", "in", "at", "as", "on", "onto", "from", "of", "for", "with",
            "followed", "by", "then", "that", "which", "so", "after", "before", "under",
            "inside", "is", "are", "and", "or", "twice", "again", "once", "only", "too",
            "also", "now", "here", "there"}
_FILLER = {"the", "a", "an"}
#: "change debug to true", "set the port to 8080", "name set to Ada": a key and its new value
_SET = re.compile(
    r"\b(?:change|set|update|switch|turn)\s+(?:the\s+)?(?P<key>[\w.-]+)\s+(?:to|=)\s+"
    r"(?P<value>[\w.#@+-]+)|\b(?P<key2>[\w.-]+)\s+(?:set|changed)\s+to\s+"
    r"(?P<value2>[\w.#@+-]+)", re.IGNORECASE)
#: phrases that name a quantity, not the text to write
_QUANTITY = {"count", "counts", "number", "numbers", "total", "length", "itself", "below",
             "above", "containing", "here", "there", "one", "it",
             # "a sentence about the weather": what the text is about, not the text
             "about", "describing", "explaining", "regarding", "summarising", "summarizing"}


#: the words after which a marked phrase ends ("the word done at the end", "a line saying
#: lunch with the team to the end of"): "with", "of", "and" may be inside it
_PHRASE_END = (_LINKING - {"with", "of", "and", "or", "is", "are"}) | {"times"}
_EXACT = re.compile(
    r"\b(?:the|a)\s+(?P<marker>word|line|text|phrase|item|name|sentence|number)\s+"
    r"(?:saying\s+|reading\s+|that\s+reads:?\s+)?"
    r"(?P<phrase>(?:[^.,;:!?<>\"'()]|[.,:](?=\w))+)", re.IGNORECASE)


def _bare_line(line: str) -> str:
    line = re.sub(r"\s*,\s*", ",", _squash(line))
    return line.strip("-*•>\"' ").rstrip(".!").strip("\"' ")


def exact_line(task: str, named: tuple[str, ...], record: Record,
               read: Reader) -> str | None:
    """The task asks for one word, name, number, line or phrase (``the word tulip``, ``a
    line saying lunch with the team``): some file the run wrote must have a line that is
    exactly it, not a sentence around it nor the task's framing words."""
    if set(words(task)) & (_EDITING | _NOT_LITERAL | _TRANSFORMING | {"twice", "times",
                                                                       "again"}):
        return None
    bare = without(task, named)
    targets = [n for n in named if n in record.written and not n.endswith(".py")]
    texts = {n: t for n in targets if (t := read(n)) is not None}
    if not texts:
        return None
    for m in _EXACT.finditer(bare):
        phrase: list[str] = []
        cut = False  # at a linking word: "the text see you at noon" may go on after it
        for word in m.group("phrase").split():
            if word.lower() in _PHRASE_END:
                # a text, a line or a phrase may go on after "at" ("see you at noon")
                cut = m.group("marker").lower() in ("text", "line", "phrase", "sentence")
                break
            phrase.append(word)
        else:  # cut by punctuation: "the text Hello, World!" may go on after it
            if bare[m.end():m.end() + 2].strip() not in ("", ".") and \
                    not re.match(r"\.\s", bare[m.end():m.end() + 2]):
                continue
        if not phrase or len(phrase) > 8 or "or" in (w.lower() for w in phrase) or \
                phrase[0].lower() in _QUANTITY | _FILLER | {"of", "with", "and", "is", "are"} \
                or line_removals.removed_text(task, " ".join(phrase)):
            continue  # (nor the text of a line the task removes)
        wanted = _bare_line(" ".join(phrase))
        lines = [_bare_line(line) for t in texts.values() for line in t.splitlines()]
        if not any(line == wanted or (cut and line.startswith(wanted + " "))
                   for line in lines):
            path, text = next(iter(texts.items()))
            return (f"Refused: the task asks for {' '.join(phrase)!r} on a line of its own, "
                    f"but no line of {' or '.join(texts)} is exactly that (the text of {path} "
                    f"is {text[:200]!r}). Write just that, then finish.")
    return None


def _holds_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE) is not None


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def _around(task: str, name: str) -> tuple[list[str], list[str]]:
    at = task.find(name)
    if at < 0:
        return [], []
    return words(task[:at]), words(task[at + len(name):])


def programs(task: str, named: tuple[str, ...]) -> list[str]:
    """The files the task says to run (``run X``, ``execute the script X``); a word of
    another file's name is no verb ("from run.log into errors.txt")."""
    # (not a data file given to the program run: "run a.py with the file data/b.txt")
    # (nor an argument of a command line the task gives: "`python a.py b.txt` prints it")
    given = set(given_files(task, named, list(named))) | set(
        given_command(task, named, list(named)) or ())
    found = []
    for name in named:
        at = mention_at(task, name)  # "a.py" of "data.py" is no mention of a.py
        before = task[:at] if at >= 0 else ""
        for other in sorted(named, key=len, reverse=True):
            before = before.replace(other, " \x00 ")
        # (the run's objects are the names right after its verb, a list of them: "run a.py
        # - it writes b.txt" runs a.py, not b.txt; "run a.py and b.py" both)
        parts = before.split("\x00")
        while len(parts) > 1 and set(words(parts[-1])) <= {"and", "or", "then", "also"}:
            parts.pop()
        near = words(parts[-1])[-3:]
        if set(near) & _RUN and name not in given:
            found.append(name)
    return found


def program_output(task: str, named: tuple[str, ...], record: Record,
                   read: Reader) -> str | None:
    """A program the task says to run that no command ran; what it printed missing from
    the file the task sends it to."""
    runs = programs(task, named)
    for program in runs:
        if not record.ran(program):
            return (f"Refused: the task asks to run {program}, but no command of yours ran "
                    "it. Run it first, then write what it prints where the task says.")
    if not runs or not _PRINTED & set(words(task)):
        return None
    for program in runs:
        shown = [o for o in record.outputs.get(program, []) if o is not None]
        if not shown or not shown[-1].strip():
            continue  # ran some other way (a shell line), or printed nothing
        out = _squash(shown[-1])
        # (or the one part of it the task names: "just the word it reports as most common")
        kept = [out, *(_squash(p) for p in printing.parts(shown[-1], task, named))]
        for path in [n for n in named if n not in runs and n in record.written]:
            text = read(path)
            if text is not None and not any(k in _squash(text) for k in kept) and \
                    not any(out in _squash(w.content) for w in record.standing(path)):
                return (f"Refused: {program} printed {shown[-1].strip()[:200]!r}, but "
                        f"{path} does not hold that. Its text is: {text[:200]!r}. Write what "
                        "it printed there, then finish.")
    return None


def value_files(task: str, named: tuple[str, ...], record: Record,
                exists: Callable[[str], bool]) -> list[str]:
    """Existing files the task takes a value from (``the price from X``, ``read X``,
    ``X holds a name``), that the run did not write or remove."""
    sources: list[str] = []
    for name in named:
        before, after = _around(task, name)
        from_it = (before[-1:] and before[-1] in _FROM) or (after[:1] and after[0] in _HOLDS) \
            or (before[-1:] == ["and"] and bool(sources))
        if from_it and exists(name) and name not in record.written \
                and name not in record.removed:
            sources.append(name)
    return sources


def source_removed(task: str, named: tuple[str, ...], record: Record) -> str | None:
    """A file the task gives as where to look (``X names a file``, ``read X``, ``the
    instruction in X``) that the run deleted (the task does not say to delete it) or wrote
    over (the task names it only as where to look)."""
    for name in named:
        before, after = _around(task, name)
        # (not "a.csv has the wrong seat for X": a fault it has, to fix in place)
        # (nor "a.txt says 'recieve'; correct the spelling": a fault, fixed in place)
        fixing = bool(set(words(task)) & (_FAULTS | _FIXING)) and all(
            e.action.name == "replace_text" for e in record.episodes
            if e.action.arguments.get("path") == name and e.action.name != "read_file")
        pointed = (after[:1] and after[0] in _HOLDS and not set(after[1:4]) & _FAULTS
                   and not fixing) \
            or before[-1:] == ["read"] or (
            before[-1:] == ["in"] and set(before[-3:]) & {"instruction", "instructions"})
        if not pointed or re.search(r"\b(?:delete|remove|erase)\s+it\b", task, re.IGNORECASE) \
                or line_removals.selectors(task, named, name):
            continue  # (nor a file the task removes lines of: "a.txt has a line X - cut it")
        if record.removed.get(name) == "delete_file" \
                and not set(before[-2:]) & {"delete", "remove", "erase"}:
            return (f"Refused: the task gives {name} as where to look, not as a file to "
                    f"delete, but you deleted it. Recreate it, read it, and do what the "
                    "task asks, then finish.")
        if task.count(name) == 1 and (how := record.changed(name)) in ("overwrote",
                                                                        "appended to"):
            return (f"Refused: the task gives {name} as where to look, not as a file to "
                    f"write, but you {how} it. Put its text back, read it, and do what the "
                    "task asks, then finish.")
    return None


def made_up(task: str, sources: list[str], record: Record, read: Reader) -> str | None:
    """The task points at a file for the value, but the text the run wrote elsewhere is
    only the task's own words (``result``, ``full name``, ``<that name>``) and is no line
    of those files: it did not come from them."""
    if not sources:
        return None
    said = set(words(task))
    if said & {"if", "otherwise", "whether", "else", "unless"}:
        return None  # the task's own words are its possible answers ("yes if …, else no")
    options = {w.lower() for pair in re.findall(r"(\w+)\s+or\s+(\w+)", task) for w in pair}
    seen = {_squash(line) for s in sources for line in (read(s) or "").splitlines()}
    for path in dict.fromkeys(w.path for w in record.writes):
        if path in sources:
            continue
        text = "".join(w.content for w in record.standing(path))
        mine = set(words(text))
        if (mine <= options and mine) or _squash(text) in seen:
            continue
        if mine <= said:
            where = " and ".join(sources)
            return (f"Refused: the task takes the value from {where}, but you wrote "
                    f"{text.strip()[:80]!r} to {path}: only words of the task, nothing "
                    f"from {where}. Write the value {where} holds, then finish.")
    return None


def stated_values(task: str, named: tuple[str, ...], record: Record,
                  read: Reader) -> str | None:
    """Values the task states for the files it writes (numbers, comma-joined values, the
    words after ``the word(s)``/``the line``/``the text``, ``K set to V``) that none of
    those files holds. Not for tasks that take values from files (the caller's choice),
    compute them, or edit text away."""
    targets = [n for n in named if n in record.written and not n.endswith(".py")]
    if not targets:
        return None
    bare = without(task, named)
    texts = [t for n in targets if (t := read(n)) is not None]
    if not texts:
        return None
    whole = "\n".join(texts)
    joined = re.sub(r"[\"'\s]*,[\"'\s]*", ",", whole.lower())
    said = set(words(bare))
    missing: list[str] = []
    if not said & _NOT_LITERAL:  # numbers: finishing_evidence (a stated value lands)
        for m in _JOINED.finditer(bare):
            value = m.group().strip(".").lower()
            if "," in value and value not in joined:
                missing.append(m.group().strip("."))
    have = set(words(whole))
    originals = "\n".join(o for n in targets if (o := record.original(n)) is not None)
    for m in _SET.finditer(bare):
        key, value = m.group("key") or m.group("key2"), m.group("value") or m.group("value2")
        # "change Leipzig to Valencia": a key the file held as a plain value was the old text
        old_value = _holds_word(originals, key) and not re.search(
            rf"(?<![\w.-]){re.escape(key)}[\"']?\s*[=:]", originals, re.IGNORECASE)
        for part in (value.rstrip("."),) if old_value else (key, value.rstrip(".")):
            if part.lower() not in _FILLER | _LINKING and not set(words(part)) <= have:
                missing.append(part)
    for m in _MARKED.finditer(bare) if not said & (_EDITING | _TRANSFORMING) else ():
        phrase: list[str] = []
        for word in m.group("phrase").split():
            if word.lower() in _LINKING - {"and"}:
                if word.lower() == "or":  # "the word yes or no": either will do
                    phrase = []
                break
            phrase.append(word)
        while phrase and phrase[-1].lower() == "and":
            phrase.pop()
        if not phrase or phrase[0].lower() in _QUANTITY | _FILLER or \
                line_removals.removed_text(task, " ".join(phrase)):
            continue  # (nor the text of a line the task removes)
        needed = [w for w in phrase if w.lower() not in _FILLER | {"and"}]
        if any(not set(words(w)) <= have for w in needed):
            missing.append(" ".join(phrase))
    if missing:
        where = " or ".join(targets)
        return (f"Refused: the task says {', '.join(repr(v) for v in missing)}, but "
                f"{where} does not hold {'it' if len(missing) == 1 else 'them'}. Write what "
                "the task says, then finish.")
    return None


#: words of a task that combine or choose between its sources (not each one's text)
_CHOOSING = {"multiply", "times", "sum", "total", "plus", "minus", "product", "difference",
             "average", "divide", "compare", "larger", "smaller", "longer", "shorter",
             "bigger", "largest", "smallest", "longest", "shortest", "max", "min", "which",
             "whichever", "either", "or", "count", "many", "number"}


def from_each(task: str, sources: list[str], record: Record, read: Reader) -> str | None:
    """The task joins the one-line values of several files (``first_name.txt and
    last_name.txt``): the file the run wrote must hold each of them."""
    if len(sources) < 2 or set(words(task)) & _CHOOSING:
        return None
    values = {}
    for source in sources:
        lines = [line.strip() for line in (read(source) or "").splitlines() if line.strip()]
        if len(lines) != 1 or len(lines[0]) > 60:
            return None
        values[source] = lines[0]
    for path in dict.fromkeys(w.path for w in record.writes):
        text = read(path)
        if path in sources or text is None:
            continue
        missing = [f"{v!r} ({s})" for s, v in values.items() if _squash(v) not in _squash(text)]
        if missing:
            return (f"Refused: the task joins what {' and '.join(sources)} hold, but {path} "
                    f"lacks {', '.join(missing)}. Write all of it, then finish.")
    return None



