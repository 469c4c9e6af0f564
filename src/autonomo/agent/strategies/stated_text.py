"""The text a task states whole for a file: where it starts, where it ends.

A task that gives the text to write says where it starts: a colon ("with the text: watered
2.5 litres"), a dash after a word pointing forward ("put only this in it - 7713-Gamma"),
quotes of any kind or backticks, an introducing phrase ("that says", "which reads",
"containing", "with the words") or the verb that writes it ("add Borage at the bottom").
It ends where the sentence ends or where a clause about its place begins ("on its own
line", "at the bottom", "into notes.txt", "please", "and nothing else"). A 135M model given
the whole text and its parts ("2.5", "7B") picked a part; given the phrase with its
description ("just the wifi code Snowdrift-482") it wrote the description too. So the text
is read whole here, a description before a value ("the wifi code") is left out, and the
grammar offers it first, without its parts (``grounding.situation``).

Nothing here knows a task: the introducers and the end clauses are closed classes of
English; a span that starts with an instruction's word, a pronoun, a preposition or an
article it cannot strip is no stated text (it describes or points, it does not state).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from autonomo.agent.strategies.spans import (
    FREE_TEXT_SUFFIXES,
    INSTRUCTION_WORDS,
    NUMBER_WORDS,
    PROSE,
    QUESTION_WORDS,
    questions,
)
from autonomo.agent.task_text import MANNER, MANNER_FIRST, REPLACING_WHOLE, STOP

#: nouns that name the kind of a text or value ("the word kestrel", "the code K9-4410")
KINDS = frozenset({"word", "words", "phrase", "text", "line", "sentence", "message", "note",
                   "name", "number", "code", "value", "string", "entry", "item", "title",
                   "quote", "motto", "label", "key", "password", "passcode", "pin", "ratio",
                   "time", "date", "amount", "figure", "price", "version", "tag", "colour",
                   "color", "address", "id", "reading", "total", "answer"})
#: words before a colon or a dash that say a text follows ("this line:", "the following -")
_POINTING_ON = frozenset({"text", "line", "words", "word", "phrase", "sentence", "message",
                          "note", "entry", "item", "content", "contents", "following",
                          "this", "says", "say", "reads", "read", "saying", "reading",
                          "bottom", "end", "with", "only", "just", "follows", "write",
                          "put", "save", "store", "type", "enter", "have", "has", "hold",
                          "holds", "contain", "contains"})
#: phrases after which the stated text begins
_MANNER = rf"(?:{MANNER}\s+)?"
_INTRODUCER = re.compile(
    r"\b(?:(?:that|which|it)\s+" + _MANNER + r"(?:says|reads|read|say|states)|saying|reading|"
    r"with\s+(?:the\s+)?(?:text|words?|line|message|note|phrase|sentence|content)|"
    r"(?:containing|holding|contains|holds)(?:\s+(?:only|just))?|with\s+(?:only|just)|"
    r"(?:should|must|needs?\s+to|has\s+to|to)\s+" + _MANNER + r"(?:say|read|contain|hold)|"
    # (E: "text should be Q7-ALPHA", "the contents must be: …")
    r"(?:text|content|contents|wording)\s+(?:should|must|will|has\s+to|needs?\s+to|is\s+to)\s+"
    r"(?:be|say|read)|"
    # ("whose only line is X", "f needs the line X", "needs one more entry X")
    r"whose\s+(?:only\s+|one\s+|single\s+)?(?:line|text|content|contents)\s+(?:is|reads|says)|"
    r"needs?\s+(?:the|a|one\s+more|another|a\s+new)\s+(?:line|entry|item))\b\s*:?\s+",
    re.IGNORECASE)
#: verbs that write the text that follows them ("write X into f", "add X at the bottom")
_VERB = re.compile(r"\b(?:(?:write|put|note|jot|set)\s+down|write|put|save|store|add|append|note|"
                   r"record|tack|type|enter|insert)\s+(?!(?:down|up)\b)", re.IGNORECASE)
#: "f needs X added", "should get X appended": the text between a verb of having and a
#: participle of writing
_PASSIVE = re.compile(r"\b(?:needs?|gets?|get|wants?|have|has)\s+(?P<v>\S.{0,200}?)\s+"
                      r"(?:added|appended|written|put|inserted|included)\b", re.IGNORECASE)
#: a restriction said after the text ("-- nothing else in it", ", and nothing more", "- no
#: other text"): never part of it
RESTRICTION = (r"(?:,?\s+(?:(?:--|[-–—])\s+)?(?:(?:and\s+)?nothing\s+(?:else|more|other)\b"
               r"(?!\s+than)|(?:and\s+)?no\s+(?:other|more|extra)\s+(?:text|words?|lines?|"
               r"content|characters)\b|and\s+no\s+more\b(?!\s+than))|\s*\(\s*(?:nothing\s+"
               r"(?:else|more)|no\s+(?:other|more|extra)\s+\w+)\s*\)|,?\s+(?:(?:--|[-–—])\s+)?that['’]?s\s+"
               r"all\b)")
#: a text that is only a restriction ("no other text", "nothing else")
_RESTRICTING = re.compile(r"(?:and\s+)?(?:no|nothing)\s+(?:other|else|more|extra)(?:\s+(?:text|"
                          r"words?|lines?|content|characters))?(?:\s+(?:in\s+it|at\s+all))?[.!]?",
                          re.IGNORECASE)
#: (a text's own "!" before a restriction: "Hello, team! and nothing else")
_NOT_RESTRICTED = r"(?!\s+(?:(?:--|[-–—])\s+)?(?:and\s+)?(?:nothing|no\s+other)\b)"
#: "f is missing X", "f lacks X", "f doesn't have X yet": the text a file lacks, to be added
LACKING = (r"is\s+(?:still\s+)?missing|(?:still\s+)?lacks|is\s+lacking|"
           r"(?:does\s*n[o'’]?t|does\s+not)\s+(?:yet\s+)?have")
_LACKING = re.compile(rf"\b(?:{LACKING})\s+(?:(?:a|an|some)\s+)?", re.IGNORECASE)
_NEEDS_AT = re.compile(r"\bneeds\s+(?!to\b)(?P<v>(?:(?!\s(?:added|appended|written|put|inserted)\b)"
                       r"[^\x01])+?)(?=\s+(?:on|as|at)\s+(?:a|an|the|its)\s+(?:new\s+|own\s+)?(?:last\s+)?"
                       r"(?:line|end|bottom)\b)", re.IGNORECASE)
_YET = re.compile(r"\s+(?:yet|so\s+far|for\s+now)$", re.IGNORECASE)
#: where a stated text ends: the clauses that say where it goes or how
_END = re.compile(
    # (a sentence's end, not an initial's or a title's dot; a final "!" is the text's own)
    r"(?<!\b[A-Z])(?<!\b(?:No|Dr|Mr|Ms|St|Mt|Co|vs))(?<!\bMrs)(?:" + STOP + r"|[?;]|!(?=\s+\S)"
    + _NOT_RESTRICTED + ")"
    r"(?=\s|$)"
    r"|\n|\s(?:--|[-–—])\s|\s*\((?:just|only|no|nothing|exactly)\b"
    r"|,\s+(?:add|append|put|write|insert|place|tack)\s+(?:it|them|this|that)\b"
    r"|,?\s+(?:please|pls|thanks|thank\s+you)\b"
    r"|,?\s+(?:(?:and\s+)?(?:put|place|keep)\s+it\s+)?(?:on|as|in)\s+(?:a|its|their|the|one)\s+"
    r"(?:own|new|separate|last|final|single|next)\b"
    r"|,?\s+(?:at|to|onto|on|into|in)\s+(?:(?:the|its|their|this|that)\s+)?(?:very\s+)?"
    r"(?:end|bottom|top|start|"
    r"beginning|foot|tail)\b"
    r"|,?\s+(?:after|below|under|underneath|beneath)\s+(?:the|its|all|everything|what)\b"
    r"|" + RESTRICTION +
    r"|,?\s+(?:as\s+(?:a|the|an)\s+(?:new\s+)?(?:last\s+)?(?:line|entry|item|row)s?)\b"
    r"|,?\s+(?:to|into|in|onto|inside)\s+(?:(?:a|the|my|our|that|this)\s+)?(?:new\s+)?"
    r"(?:file|note|document|it)\b"
    r"|,?\s+(?:each|one)\s+(?:on|per)\b|\s+(?:there|here)\b"
    r"|\s+(?:should|must|needs?\s+to|has\s+to|is\s+to|is\s+missing|goes)\b"
    r"|,?\s+(?:and|then)\s+(?:then\s+)?(?:write|save|put|add|append|run|delete|remove|copy|"
    r"move|rename|finish|make|create)\b", re.IGNORECASE)
#: where a text after a colon, dash or arrow ends: its sentence, or what is said of it
#: ("…: key under the mat" runs on; "…: X, please", "…: X should be added" end)
_MARK_END = re.compile(
    r"(?<!\b[A-Z])(?<!\b(?:No|Dr|Mr|Ms|St|Mt|Co|vs))(?<!\bMrs)(?:" + STOP + r"|[?;]|!(?=\s+\S)"
    + _NOT_RESTRICTED + ")"
    r"(?=\s|$)|\n|,?\s+(?:please|pls|thanks|thank\s+you)\b|" + RESTRICTION +
    r"|\s+(?:should|must|needs?\s+to|has\s+to|is\s+to|goes)\b"
    r"|\s*\((?:just|only|no|nothing|exactly)\b", re.IGNORECASE)
#: words a stated text may not start with: they point, place or describe
_NOT_FIRST = frozenset({"it", "its", "it's", "that", "this", "these", "those", "them", "him",
                        "her", "his", "their", "they", "what", "which", "who", "whatever",
                        "in", "into", "to", "from", "of", "on", "onto", "at", "for", "by",
                        "as", "with", "and", "or", "but", "if", "there", "here", "me", "us",
                        "something", "anything", "one", "another", "some", "any", "each",
                        "every", "all", "both", "more", "down", "up", "today's"})
#: words that may stand before a described value ("just the wifi code X")
_ARTICLES = frozenset({"the", "a", "an", "my", "our", "your", "this", "that", "his", "her",
                       "their", "new"})
#: a token that is a value by its look: a digit in it, a capital, a symbol
_VALUE = re.compile(r"['\"`]|\S*\d|[A-Z]|[#@$€£%+]")
_QUOTE = re.compile(r"(?<!\w)'([^'\n]{1,200})'(?!\w)|\"([^\"\n]{1,200})\"|`([^`\n]{1,200})`")
#: a quote right after these is what a text is looked up by or replaces, not a text to
#: write ("the line starting with 'Total'", "files named 'x'", "'cat' with 'dog'")
_SELECTING = re.compile(
    r"\b(?:(?:start|begin|end)(?:s|ing)?\s+with|named|called|titled|labell?ed|like|from|of|"
    r"not|instead\s+of|replac(?:e|es|ing)|chang(?:e|es|ing)|rename|renaming|find|search|"
    r"(?:lines?|rows?|entry|entries|files?|ones?|words?|items?|those|that|which)\s+"
    r"(?:that\s+|which\s+)?(?:contains?|containing|mentions?|mentioning|match(?:es|ing)?|"
    r"with|has|having|says?|saying))\s*$", re.IGNORECASE)
MAX_WORDS = 40
#: the verbs of an edit in place (its quoted texts are an old and a new piece, not a whole)
_EDITING = re.compile(r"\b(?:replac|swap|substitut|chang|correct|fix|renam)\w*", re.IGNORECASE)
#: a possessive before a noun ("Adams' room", "Pepper's chip")
_POSSESSIVE = re.compile(r"\w['’]s?\s+[a-z]")
#: a sentence's end (not an abbreviation's dot: ``task_text.STOP``) or a line's
_SENTENCE_END = re.compile(rf"(?:{STOP}|[;!?])(?:\s|$)|\n")
#: a placeholder ("<name>", "{x}"; not an address written out: "<ann@x.example>")
_TEMPLATE = re.compile(r"<(?![^<>]*(?:@|://))[^<>]*>|\{[^{}]*\}")


def _unquoted(text: str) -> str:
    return re.sub(r"['\"`]", "", text)


def _around(text: str, whole: str, said: str) -> bool:
    """Whether ``text`` holds ``whole`` (lower case) with nothing around it from the task
    (``said``): a list's bullet, another case; not the task's next words."""
    if whole not in text.lower():
        return False
    before, after = text.lower().split(whole, 1)
    if re.fullmatch(r"\s*(?:--|[-–—])\s*", after) or re.fullmatch(r"\s*(?:->|=>|→)\s*", before):
        return False  # (the task's dash or arrow around it: "… UTC -- nothing else", "f -> X")
    rest = re.findall(r"\w+", text.lower().replace(whole, " "))
    return not set(rest) & set(re.findall(r"\w+", said.lower()))


def _end(text: str, dash: bool = True) -> str:
    """``text`` up to where a stated text ends (``_END``; not inside a quoted text), stripped
    of its edges. Without ``dash`` (a text after a colon, a dash or an arrow, which runs to
    its sentence's end) only at its sentence's end or a word said of it (``_MARK_END``)."""
    masked = _QUOTE.sub(lambda m: "\x01" * len(m.group(0)), text)
    cut = (_END if dash else _MARK_END).search(masked)
    text = text[:cut.start()] if cut else text
    return text.strip().strip(",:").strip()


def _without_files(text: str, files: Iterable[str]) -> str:
    """``text`` up to the first file name in it, without the words that lead to it ("into a
    file named")."""
    at = min((m.start() for f in files if f
              for m in re.finditer(rf"(?<![\w./-]){re.escape(f)}(?![\w-])", text)),
             default=len(text))
    if at == len(text):
        return text
    return _LEADING.sub("", text[:at])


#: the words that lead from a text to the file it goes into ("… into a new file named")
_LEADING = re.compile(r"(?:,?\s+(?:to|in|into|onto|inside|under|for|at|of|a|an|the|my|our|"
                      r"new|file|note|document|named|called))+\s*$", re.IGNORECASE)


def _described(span: str) -> str | None:
    """The value of ``span`` with what describes it left out ("just the wifi code
    Snowdrift-482" → ``Snowdrift-482``, "the phrase slow and steady" → ``slow and
    steady``); None when it only describes ("the total of the prices")."""
    words = MANNER_FIRST.sub("", span.strip(), count=1).split()  # ("nothing but Lisbon")
    if not words:
        return None
    if words[0] not in _ARTICLES:  # (case matters: "The Periodic Table" is a title)
        return " ".join(words)
    rest = words[1:]
    kinds = 0
    while kinds < len(rest) and kinds < 3 and re.fullmatch(r"[a-z][a-z-]*", rest[kinds]) \
            and rest[kinds] not in INSTRUCTION_WORDS - KINDS:
        kinds += 1
        if rest[kinds - 1] in KINDS and kinds < len(rest) and (
                _VALUE.match(rest[kinds]) or rest[kinds - 1] in {"phrase", "words", "text",
                                                                 "sentence", "line", "word"}):
            break
    value = rest[kinds:]
    if not kinds or not value:
        return None
    if not _VALUE.match(value[0]) and rest[kinds - 1] not in {"phrase", "words", "text",
                                                             "sentence", "line", "word"}:
        return None  # (a value after its kind's nouns: "the lock combination 0419")
    return " ".join(value)


def _accepted(span: str) -> str | None:
    """``span`` as a stated text, or None when it points, places or describes."""
    span = span.strip().strip(",:;").strip()
    if len(span) >= 2 and span[0] == span[-1] and span[0] in "'\"`":
        span = span[1:-1].strip()
    if not span or len(span.split()) > MAX_WORDS:
        return None
    found = _described(span)
    if not found:
        return None
    if len(found) >= 2 and found[0] == found[-1] and found[0] in "'\"`":
        found = found[1:-1].strip()  # ("a line 'reviewed by M. Osei'")
    words = found.split()
    first = words[0].lower().strip(",:;")
    if words[0].islower() and first in _NOT_FIRST | (INSTRUCTION_WORDS - KINDS):
        return None  # (it points, places or instructs: "it at the end", "add the line")
    if first in NUMBER_WORDS and len(words) > 1 and words[1].lower() in {"more", "of", "new"}:
        return None  # ("one more entry", "two of them")
    if _POSSESSIVE.search(found):
        return None  # (a possessive describes: "Prof. Adams' room", "Pepper's chip number")
    if _TEMPLATE.search(found):  # a template ("Hi <name>"): filled elsewhere
        return None
    if _RESTRICTING.fullmatch(found):
        return None  # (it restricts the text: "- no other text")
    return found


@functools.lru_cache(maxsize=64)
def _stated(task: str, files: tuple[str, ...]) -> tuple[str, ...]:
    for asked in questions(task):
        if asked.split()[0].strip("\"'(").lower() in QUESTION_WORDS:
            task = task.replace(asked, " . ")  # (not "could you put …?": a request)
    found: list[str] = []
    for q in _QUOTE.finditer(task):
        if (q.group(1) or q.group(2) or q.group(3)) in files:
            continue  # (the file's own name, quoted: 'new file "gate.txt" -> …')
        if not _SELECTING.search(task[:q.start()]):
            found.append(q.group(1) or q.group(2) or q.group(3))
    unquoted = _QUOTE.sub(lambda m: "\x01" * len(m.group(0)), task)
    # (a text after a colon, a dash or an arrow runs to its sentence's end, over a dash or
    # a colon of its own: "this line - 09:14 courier - left parcel", "text: mop - floor 2")
    marks: list[int] = []
    for m in re.finditer(r"(?<=\S):\s+|\s[-–—]\s+|\s(?:->|=>|→)\s+", unquoted):
        clause = _SENTENCE_END.split(unquoted[:m.start()])[-1]
        # (a file's name points at nothing, but heads what it is to hold: "title.txt: X")
        words = set(re.findall(r"[a-z]+", re.sub(r"\S*\w\.\w\S*", " ", clause).lower()))
        headed = not words and not re.match(r"\s[-–—]\s", m.group(0)) and bool(clause.strip())
        inside = marks and not _SENTENCE_END.search(unquoted[marks[-1]:m.start()])
        if not inside and (words & _POINTING_ON or headed) and (
                _accepted(_end(_without_files(task[m.end():], files), dash=False))):
            marks.append(m.end())
    starts = list(marks)
    starts += [m.end() for m in _INTRODUCER.finditer(unquoted)]
    # ("f needs X at the end", "it needs X on a new line")
    found += [t for m in _NEEDS_AT.finditer(unquoted)
              if (t := _accepted(task[m.start("v"):m.end("v")]))]
    # (what a file lacks, without when: "f doesn't have X yet")
    found += [t for m in _LACKING.finditer(unquoted) if unquoted[m.end():m.end() + 1] != "\x01"
              and (t := _accepted(_YET.sub("", _end(_without_files(task[m.end():], files)))))]
    found += [t for m in _PASSIVE.finditer(unquoted)
              if (t := _accepted(_end(_without_files(task[m.start("v"):m.end("v")], files))))]
    verbs = [m.end() for m in _VERB.finditer(unquoted)]
    for start in sorted(set(starts)) + verbs:
        if unquoted[start:start + 1] == "\x01":
            continue  # (a quoted text: taken whole above)
        span = _end(_without_files(task[start:], files), dash=start not in marks)
        if accepted := _accepted(span):
            found.append(accepted)
    return tuple(dict.fromkeys(t for t in found if t.strip()))


def stated(task: str, files: Iterable[str] = ()) -> list[str]:
    """The texts the task states whole to write, in the order found: quoted texts, texts
    after a colon or dash that a word points at, after an introducing phrase, after the
    verb that writes them; each cut where its sentence or a clause about its place begins,
    a description before it left out."""
    return list(_stated(task, tuple(sorted(set(files), key=len, reverse=True))))


def offered_first(texts: Iterable[str], wholes: Iterable[str], task: str,
                  shaped: Iterable[str] = ()) -> tuple[str, ...]:
    """The texts to offer when the task states the text whole (``wholes``): the texts of
    ``texts`` that hold a whole one (a list a line, "- reviewed by M. Osei" in a list of
    bullets, the text in capitals), then the wholes. Nothing else competes: neither a part
    ("2.5" of "watered 2.5 litres"), a run of the task's words across its edge ("just the
    wifi code Snowdrift-482"), another phrase of the task ("following"), nor a value of the
    file it goes into ("3"). A line ``shaped`` like the file's lines that holds a whole one
    stays ahead of it too."""
    texts, wholes = list(texts), [w for w in wholes if w.strip()]
    lowered = [w.lower() for w in wholes]
    said = _unquoted(task)
    shaped = set(shaped)
    split = [t for t in texts if "\n" in t.strip() and all(
        any(_unquoted(line).strip().lower() in w for w in lowered) for line in t.splitlines()
        if line.strip())]
    # (wholes the task asks for as lines are offered as lines only: "three lines: a, b, c",
    # "two lines: 'a' and 'b'")
    wholes = [w for w in wholes if not any(
        _unquoted(line).strip().lower() in w.lower() for t in split for line in t.splitlines()
        if line.strip())]
    lowered = [w.lower() for w in wholes]
    # (a line in the shape of the file's lines that holds it: "day 3: 41 pages" for "41 pages")
    ahead = [t for t in texts if t in shaped and any(w in t.lower() for w in lowered)]
    ahead += split + [
        t for t in texts if t not in wholes and any(_around(t, w, said) for w in lowered)]
    return tuple(dict.fromkeys([*ahead, *wholes]))


def whole_texts(task: str, named: Iterable[str]) -> list[str]:
    """The texts ``task`` states whole (``stated``) when it names one file, of plain text or
    prose, for them: a task naming a second file may read the text from it, and a code or
    data file's text is composed, not stated."""
    names = set(named)
    if len(names) != 1:
        return []
    name = next(iter(names)).lower()
    if name.endswith(FREE_TEXT_SUFFIXES) and not name.endswith(PROSE):
        return []
    found = stated(task, names)
    rest = task
    for text in found:
        rest = rest.replace(text, " ")
    if _EDITING.search(rest) and not REPLACING_WHOLE.search(rest):
        return []  # (an edit's texts are what it replaces and with what: "'cat' with 'dog'")
    return found
