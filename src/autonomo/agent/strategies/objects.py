"""What a task asks to add: the object of its writing verb, whole.

"add Kalani Makoa <k@m.example> as a new line at the end of .mailmap", "please add The
Periodic Table by Primo Levi to the end of my reading list (books/to_read.md)": the text to
add runs from the verb that writes to the preposition that leads to the file. A 135M model
offered only the task's short phrases took a piece of it ("Periodic Table by Primo Levi");
its spaces, brackets and signs are kept here as the task writes them. An enumeration of short
items ("head torch and spare batteries") is offered one item a line. Nothing here
knows a task: the verbs of writing and the prepositions are closed classes of English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from autonomo.agent.strategies.compose import signed_lines
from autonomo.agent.strategies.facts import FILLER
from autonomo.agent.strategies.spans import INSTRUCTION_WORDS, QUESTION_WORDS

#: the verbs that add a text to a file (the act, not a wording of one task; "write" and
#: "put" take a value to compute as often as a text: "write the total to t.txt")
_VERBS = frozenset({"add", "append", "insert"})
#: prepositions that lead from the object to its place ("to the end of x", "as a new line")
_PLACES = frozenset({"to", "into", "onto", "in", "at", "as", "on", "under", "below",
                     "beneath", "after", "inside"})
#: a lower-case word an object does not start with: it describes the text, it is not it
#: ("a line saying …", "this line", "it", "my name")
_DESCRIBING = frozenset({"a", "an", "the", "this", "that", "these", "those", "it", "them",
                         "my", "our", "your", "some", "another", "one", "each", "every",
                         "following", "new", "line", "lines", "row", "rows", "text",
                         "entry", "item", "items", "me", "us", "there", "here", "him", "her",
                         "he", "she", "they", "we", "you", "i", "his", "their", "its"})
#: where in a file a text goes ("at the end", "to the bottom"): a place, not the text's
#: (and a line of its own: "on a new line", "as its own line", "on a separate line")
_POSITIONS = frozenset({"end", "bottom", "top", "start", "beginning", "foot", "head", "tail",
                        "line", "separate", "own"})
#: a clause: up to a sentence's end or a line's (a colon starts what it introduces)
#: (not after an initial: "Ursula K. Le Guin")
_CLAUSE = re.compile(r"[^\n]+?(?:(?<!\b[A-Z])[.!?;](?=\s|$)|$)", re.MULTILINE)
#: a text in quotes at the object's start
_QUOTED = re.compile(r"([\"'])(.+?)\1(?!\w)")
#: a noun of text after an article, before the text it announces ("the line", "a row")
_ANNOUNCED = re.compile(r"^(?:the|a|an|one|this)\s+(?:new\s+)?(?:line|row|entry|item|text|"
                        r"word|phrase|name)\s+(?:(?:saying|reading|that\s+(?:says|reads)|"
                        r"with)\s+)?(?=\S)", re.IGNORECASE)
MAX_OBJECT_WORDS = 12
MAX_ITEM_WORDS = 4
#: words that announce the whole text a file is to hold: "containing Hello, world!",
#: "saying back at 3", "that says …", "with the text …", "save the text … to a.txt"
_INTRODUCING = re.compile(
    r"\b(?:containing|saying|(?:that|which)\s+(?:says|reads)|(?:with|save|write|put|store)"
    r"\s+the\s+(?:text|words?|line|message|phrase|sentence)|(?:(?:just|only|simply)\s+)?"
    r"the\s+(?:word|text|phrase|message|sentence))\s+(?=[^\s:])", re.IGNORECASE)
#: the verbs a clause may begin with that write no text of the task (a clause that begins
#: with another verb and sends its object to a file writes it: "Stick Rosalind at the bottom
#: of crew.txt", "jot down Ravi Patel in crew.txt")
_NOT_WRITING = frozenset({
    "read", "count", "list", "find", "show", "tell", "print", "delete", "remove", "erase",
    "copy", "duplicate", "move", "rename", "replace", "change", "swap", "set", "update",
    "edit", "fix", "correct", "sort", "convert", "translate", "run", "execute", "check",
    "compute", "calculate", "sum", "total", "make", "create", "open", "look", "see", "get",
    "take", "give", "keep", "leave", "clean", "empty", "merge", "combine", "split", "extract",
    "compare", "search", "archive", "work", "figure", "use", "go", "let", "start", "touch",
    "what", "which", "who", "how", "when", "where", "why", "is", "are", "does", "do", "did",
    "could", "can", "would", "will", "should", "i", "we", "you", "my", "our", "the", "a", "an",
    "this", "that", "there", "it", "if", "then", "and", "also", "now", "next", "finally",
    "first", "please", "pls", "kindly", "just", "so", "ok", "okay", "hi", "hey"})
#: a verb's particle before its object ("jot down", "write up")
_PARTICLES = frozenset({"down", "up"})
#: a token shaped like a file's name (an object ends before it: "add DEBUG=1 to .env")
_FILE_LIKE = re.compile(r"\.[A-Za-z][\w.-]*|[\w.-]+\.[A-Za-z][A-Za-z0-9]{0,7}")


def announced(task: str, files: Iterable[str] = (), led: bool = True) -> list[str]:
    """The texts the task announces whole as what a file holds (``_INTRODUCING``), up to the
    preposition that leads to the file or the clause's end; never split into items; with
    ``led``, the object of a clause's leading verb too (``_led``)."""
    names = _Names(n for n in files if n)
    out: list[str] = []
    for clause in _CLAUSE.finditer(task):
        text = clause.group(0)
        words = list(re.finditer(r"\S+", text))
        if not words or (not _REQUEST.match(text) and (
                text.rstrip().endswith("?") or words[0].group(0).lower() in QUESTION_WORDS)):
            continue  # (a question's words: "how often does the word lantern appear?")
        for found in _INTRODUCING.finditer(text):
            start = next((i for i, w in enumerate(words) if w.start() >= found.end()), None)
            if start is None or (end := _to_file(words, start, names)) is None:
                continue
            said = text[words[start].start():words[end - 1].end()].strip(" ,;:")
            if _REQUEST.match(text):  # ("Could you … saying 12 August?": the "?" is the ask's)
                said = said.rstrip("?")
            if said := _object(said, names):
                out.append(said)
        if led and (said := _led(text, words, names)):
            out.append(said)
    return list(dict.fromkeys(out))


def _led(text: str, words: list[re.Match[str]], names: _Names) -> str | None:
    """The object of a clause led by a verb outside ``_NOT_WRITING`` that sends it to a
    file named after it, by a preposition ("Stick Rosalind at the bottom of crew.txt"):
    only one that starts as a value does (a capital, a digit, a sign, a quote), never a
    lower-case word ("figure out the total in …", "number only, into n.txt")."""
    lead = 1 if words and words[0].group(0).lower().strip(",") in {"please", "pls"} else 0
    if len(words) < lead + 3 or not words[lead].group(0).isalpha() or (
            words[lead].group(0).lower() in _NOT_WRITING | _VERBS):
        return None
    start = lead + 1 + (words[lead + 1].group(0).lower() in _PARTICLES)
    end = _to_file(words, start, names)
    if end is None or end >= len(words) or words[end].group(0).lower() not in _PLACES:
        return None  # (the object goes to no file by a preposition)
    said = text[words[start].start():words[end - 1].end()].strip(" ,;:")
    if not said or said[:1].islower():
        return None
    return _object(said, names)


#: a clause that asks for the work ("Could you …?"): its question mark is no text's
_REQUEST = re.compile(r"\s*(?:please\s+)?(?:could|can|would|will)\s+(?:you|u)\b", re.IGNORECASE)
#: words between a place's preposition and the file's name ("to the file called a.txt")
_TO_FILE = frozenset({"the", "a", "an", "my", "our", "new", "file", "called", "named"})


def _to_file(words: list[re.Match[str]], start: int, names: _Names) -> int | None:
    """The index after an announced text's last word: before the preposition that leads to
    the file the clause names after it ("the text Back in 5 minutes to door.txt": "to", not
    "in"), or the clause's end; None when the text would hold the file's name."""
    end = _Ends(words, names).after(start)
    if end is None:
        return None
    last = next((j for j in range(start, len(words)) if names.held(words[j].group(0))
                 or _FILE_LIKE.fullmatch(words[j].group(0).rstrip(".,;:!?)"))), None)
    if last is None:
        return end
    # (a place in the file first: "Ilse Weber on a new line in crew.txt")
    if placed := next((j for j in range(start + 1, last) if words[j].group(0).lower() in _PLACES
                       and _position(words[j + 1:j + 4])), None):
        return placed
    j = last  # (back over "the file called", "the end of")
    while j - 1 > start and words[j - 1].group(0).lower() in _TO_FILE | _POSITIONS | {"of"}:
        j -= 1
    return j - 1 if j - 1 > start and words[j - 1].group(0).lower() in _PLACES else (
        last if last > start else None)


def objects(task: str, files: Iterable[str] = ()) -> list[str]:
    """The objects of the task's writing verbs, whole, in its order; an enumeration of short
    items as one item a line."""
    names = _Names(n for n in files if n)
    out: list[str] = []
    for clause in _CLAUSE.finditer(task):
        text = clause.group(0)
        words = list(re.finditer(r"\S+", text))
        verbs = [i for i, verb in enumerate(words[:-1])
                 if verb.group(0).lower().strip(",:") in _VERBS
                 # ("add:" introduces what follows the colon: ``spans.literals``)
                 and not verb.group(0).endswith((",", ":"))]
        if not verbs:
            continue
        ends = _Ends(words, names)
        for i in verbs:
            if (end := ends.after(i + 1)) is None:
                continue
            found = text[words[i + 1].start():words[end - 1].end()].strip(" ,;:")
            if found := _object(found, names):
                # (several items: one a line only; a 135M model took the phrase whole)
                out += _as_lines(found) or [found]
            break  # (one object a verb clause)
    return list(dict.fromkeys(out))


class _Names:
    """Whether a text holds one of ``names``, at a cost that grows with the text and not with
    the names: for each length a name has, the text's pieces of that length are looked up
    in a set (a task naming 300 files asked 300 substring tests of each of its words)."""

    def __init__(self, names: Iterable[str]) -> None:
        self._names = frozenset(names)
        self._lengths = sorted({len(n) for n in self._names})

    def held(self, text: str) -> bool:
        """Whether ``text`` holds one of the names."""
        return any(text[k:k + size] in self._names for size in self._lengths
                   if size <= len(text) for k in range(len(text) - size + 1))


class _Ends:
    """Where each object of a clause's ``words`` ends (``after``), from what is looked up
    once for the clause: for each word, the next word that holds a file's name, the next
    preposition and the next preposition before a place in a file."""

    def __init__(self, words: list[re.Match[str]], names: _Names) -> None:
        count = len(words)
        self._count = count
        self._name, self._place, self._position = ([count] * (count + 1) for _ in range(3))
        for j in range(count - 1, -1, -1):
            word = words[j].group(0)
            self._name[j] = j if names.held(word) or _FILE_LIKE.fullmatch(
                word.rstrip(".,;:!?)")) else self._name[j + 1]
            place = word.lower() in _PLACES
            self._place[j] = j if place else self._place[j + 1]
            self._position[j] = (j if place and _position(words[j + 1:j + 4])
                                 else self._position[j + 1])

    def after(self, start: int) -> int | None:
        """The index after the object's last word: before the preposition that leads to a
        file the clause names later, or before the file itself, or at the clause's end when it
        names no file after the object; None when the object would hold a file's name."""
        last = self._name[start]
        if last == start:
            return None
        # (any preposition when a file is named after the object; else one before a place)
        place = (self._place if last < self._count else self._position)[start + 1]
        return min(place, last)


def _position(words: list[re.Match[str]]) -> bool:
    """Whether ``words`` begin with a place in a file ("the end", "its very bottom")."""
    for word in words[:3]:
        bare = word.group(0).lower().strip(",.;:!?")
        if bare in _POSITIONS:
            return True
        if bare not in FILLER and bare not in _DESCRIBING and bare != "very":
            return False
    return False


def _object(found: str, names: _Names) -> str | None:
    """``found`` as an object, or None when it describes the text rather than being it."""
    # (the text after the noun that announces it: "the line 10.0.0.7 nas")
    found = _ANNOUNCED.sub("", found, count=1)
    if (quoted := _QUOTED.match(found)) is not None:
        return quoted.group(2)  # (what the quotes hold, as ``spans.literals`` has it)
    words = found.split()
    if not words or len(words) > MAX_OBJECT_WORDS or names.held(found):
        return None
    first = words[0]
    if first.lower() in _DESCRIBING | FILLER and not first[:1].isupper():
        return None
    if first.lower() in _DESCRIBING and len(words) == 1:
        return None
    return found.rstrip(".")


def _as_lines(found: str) -> list[str]:
    """An enumeration of short items, one a line ("salt, rye flour and yeast"): none for a
    single item."""
    items = [i.strip() for i in re.split(r",\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", found)
             if i.strip()]
    if len(items) < 2 or any(len(i.split()) > MAX_ITEM_WORDS for i in items):
        return []
    return ["\n".join(items)]


#: a word that announces a whole text after a colon: a noun of a line ("this line", "the
#: row", "an entry") or a demonstrative ("put this in goals.md: …", "the following")
_LINE_NOUN = re.compile(r"\b(?:line|row|entry|this|following)\b", re.IGNORECASE)


def wholes(task: str, files: Iterable[str], stated: Iterable[str]) -> list[str]:
    """What the task adds, whole: its objects (``objects``), patterns it lists as lines
    (``compose.signed_lines``), and each ``stated`` text after
    a colon that a noun of a line announces in its clause ("Add this line at the end of
    jobs.cron: 30 2 * * 1 /bin/x"): their parts (the numbers "30", "2") are not texts of
    their own beside them. (Not an object with a number: "add 15 minutes to the time in
    t.txt" asks for a sum, whose value must stay offered.)"""
    # (a text announced as the file's is whole with its numbers: "saying back at 3")
    out = [o for o in objects(task, files) if not re.search(r"\d", o)] + signed_lines(task)
    out += announced(task, files, led=False)
    for text in stated:
        found = re.search(r":\s+" + re.escape(text), task) if len(text.split()) > 1 else None
        if found is None or text.split()[0].lower() in INSTRUCTION_WORDS:
            continue  # (not an instruction after the colon: "do this: write 5 to a.txt")
        clause = re.split(r"[.!?;\n]\s", task[:found.start()])[-1]
        if _LINE_NOUN.search(clause):
            out.append(text)
    return list(dict.fromkeys(out))


def only_wholes(texts: tuple[str, ...], found: Iterable[str]) -> tuple[str, ...]:
    """``texts`` but those that are not a whole the task adds (``wholes``) nor hold one,
    when one of them is there: its parts ("kalani@x.example" of "Kalani Makoa
    <kalani@x.example>", the "1" of a crontab line) and the numbers of the file it goes to
    are what a 135M model's likelihood prefers to the whole line."""
    found = [w for w in found if w in texts]
    if not found:
        return texts
    return tuple(t for t in texts if any(w in t for w in found))
