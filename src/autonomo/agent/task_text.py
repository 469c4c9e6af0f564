"""The task as the step's analysis reads it: bounded, so that a hostile task cannot stall a
step.

The small model's step reads the task with a few hundred regular expressions and word loops
(names, values, phrases, the finish checks and verifiers). Many try a pattern from each
character of a token to its end, so a token of n characters costs O(n²): a task naming a
100 KB path ("Delete a/a/a/…") stalled a step for minutes. The analysis therefore reads
each token of at most ``MAX_TOKEN`` characters (longer, it is no path a task means nor a
value a step can offer; it is read as ``CUT``; a name too long for the system, over 255
bytes, is still read, so the finish check refuses it) and the first
``MAX_TASK`` characters (a 135M model's whole context is smaller). The agent keeps the task
whole (``AgentState.tasks``, the first prompt); a task the analysis read cut is never
verified as done (``verifying.verify``).
"""

from __future__ import annotations

import functools
import re

MAX_TOKEN = 1_024
MAX_TASK = 4_096
#: what a token too long to read stands for (a character no name or value pattern takes)
CUT = "…"
_LONG = re.compile(rf"(?<!\S)\S{{{MAX_TOKEN + 1},}}")
#: typographic quotes read as the plain ones every pattern knows: a task typed on a phone
#: or pasted from a document quotes its text “like this” (a 135M model offered nothing of
#: a text so quoted wrote a name from the file it read instead)
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"',
                         "\u00bb": '"', "\u2018": "'"})
#: a closing single quote, not an apostrophe inside a word ("Nan\u2019s" keeps its own)
_CLOSING = re.compile(r"\u2019(?!(?<=\w\u2019)\w)")


def plain_quotes(task: str) -> str:
    """``task`` with its typographic quotes as plain ones (``_QUOTES``); an apostrophe
    inside a word stays as typed."""
    return _CLOSING.sub("'", task.translate(_QUOTES)) if "\u2019" in task else task.translate(
        _QUOTES)


@functools.lru_cache(maxsize=64)
def analysed(task: str) -> str:
    """``task`` with plain quotes (``plain_quotes``), each token longer than ``MAX_TOKEN``
    read as ``CUT``, and cut after ``MAX_TASK`` characters (at a space, so no token is
    split). Cached: ``AgentState.task`` reads it at each access, a dozen times a step."""
    task = plain_quotes(task)
    if len(task) <= MAX_TOKEN:
        return task
    task = _LONG.sub(CUT, task)
    if len(task) > MAX_TASK:
        head = task[:MAX_TASK]
        # a token running over the cut is dropped whole: none is read split
        split = task[MAX_TASK].strip() and head[-1:].strip()
        task = head[: len(head) - len(head.split()[-1])] if split else head
    return task


def is_cut(task: str) -> bool:
    """Whether the analysis reads ``task`` other than as written."""
    return analysed(task) != plain_quotes(task)


#: titles and abbreviations whose period ends no sentence ("Dr. Lin's extension", "St.
#: Mary's hours", "approx. 40"): a rule that cut the task there read "Dr" as the value to
#: write, and the verifier confirmed a file holding "Dr". Case-sensitive, also in a pattern
#: that ignores case: "10 ft. Then …" and "the 3rd col. Then …" end their sentences
ABBREVIATIONS = ("Mr", "Mrs", "Ms", "Mx", "Dr", "Prof", "St", "Mt", "Ft", "Jr", "Sr", "Rev",
                 "Capt", "Lt", "Sgt", "Col", "Gen", "Adm", "Gov", "Sen", "Rep", "Hon", "Pres",
                 "Supt", "Insp", "approx", "Approx", "vs", "Ave", "Blvd")
#: the second period of a time's "a.m." or "p.m." when the sentence goes on in lower case
#: ("Meeting at 3 p.m. sharp"; not "… at 3 p.m. Then …")
_TIME_GOES_ON = r"(?<=\b[ap]\.m)\.(?=\s+(?-i:[a-z]))"
#: a period that ends a sentence, not an abbreviation's (for the patterns that cut at one)
STOP = "".join(rf"(?<!(?-i:\b{a}))" for a in ABBREVIATIONS) + rf"(?!{_TIME_GOES_ON})\."
#: an abbreviation's period (``ABBREVIATIONS``, a time's going on)
ABBREVIATED = ("(?:(?:" + "|".join(rf"(?<=(?-i:\b{a}))" for a in ABBREVIATIONS)
               + rf")\.|{_TIME_GOES_ON})")

#: where a clause of a task ends: a sentence, or a clause joined by "but", "and keep", a dash
#: or a bracket ("delete the .tmp files in cache/, but the ones in src/ are needed")
_CLAUSE = re.compile(rf"(?:{STOP}|[;!?])(?:\s|$)|\n|\bbut\b|\s[-–—]\s|[()]|,?\s\band\s+"
                     r"(?=keep|leave|don['’]?t|do\s+not|never|spare)", re.IGNORECASE)


def clauses(task: str) -> list[str]:
    """The task's clauses, for rules that must not read one clause's folder into another's
    act (a removal's scope, a kept folder)."""
    return [c for c in _CLAUSE.split(task) if c and c.strip()]


#: a quoted word that names a part of a file, not a text to write: a word of place before it,
#: and a structure's noun right after it ("in its "theme" section", "of the 'db' table") unless
#: the word of place says so alone ("under 'dependencies'"); "add a 'Usage' section" is text
_PLACE_NOUN = re.compile(r"\s*(?:sections?|objects?|keys?|fields?|columns?|tables?|blocks?|"
                         r"arrays?|headings?|groups?|entr(?:y|ies)|parts?|settings?|"
                         r"propert(?:y|ies)|maps?|dicts?|dictionary|nodes?|elements?|"
                         r"attributes?|sub-?sections?)\b", re.IGNORECASE)
_PLACE_BEFORE = re.compile(r"\b(?:(under|inside|within|beneath|below)|of|in|from|at)\s+"
                           r"(?:(?:the|its|their|that|this)\s+)?$", re.IGNORECASE)


def names_a_place(task: str, start: int, end: int) -> bool:
    """Whether the quoted text at ``task[start:end]`` (its quotes included) names a part of a
    file ("the keys inside its "theme" section", "the packages under 'dependencies'"): the
    task asks for what is there, not for the quoted word."""
    before = _PLACE_BEFORE.search(task[:start])
    return bool(before and (before.group(1) or _PLACE_NOUN.match(task, end)))


#: where a sentence ends: its stops or a semicolon, then a space or the end
_SENTENCE = re.compile(rf"(?:{STOP}|[!?;])+(?:\s|$)")
#: where a phrase ends: a sentence, a colon, a line, a dash between spaces
_PHRASE = re.compile(rf"(?:{STOP}|[!?;:])+(?:\s|$)|\n|\s[-–—]\s")


def sentences(text: str) -> list[str]:
    """``text`` cut at its sentences' ends (``_SENTENCE``; empty pieces kept), for rules
    that read a denial or an act within its sentence."""
    return _SENTENCE.split(text)


def phrases(text: str, maxsplit: int = 0) -> list[str]:
    """``text`` cut at its phrases' ends (``_PHRASE``: a colon, a line or a dash ends one
    too; empty pieces kept)."""
    return _PHRASE.split(text, maxsplit)


#: words that ask for a file's whole text to be replaced ("replace everything in a.txt",
#: "overwrite a.txt", "with only this line", "and nothing else"): nothing is appended
#: words of manner before a text to write or its verb ("should just say", "write only 42",
#: "nothing but Lisbon"): never part of the text; in lower case only ("Only Connect" is a
#: title) — one list for what is offered (``stated_text``) and what is confirmed
#: (``verifying_values``)
MANNER = (r"(?:just|only|simply|merely|exactly|precisely|plainly|solely|purely|"
          r"nothing\s+but|nothing\s+other\s+than)")
#: manner words at a text's start (``MANNER``, case as written)
MANNER_FIRST = re.compile(rf"(?:{MANNER}[:,]?\s+)+(?=\S)")


REPLACING_WHOLE = re.compile(
    r"\b(?:replac\w*|swap\w*)\s+(?:everything|all|the\s+(?:whole\s+|entire\s+)?"
    r"(?:contents?|text|file))\b|\boverwrit\w*"
    r"|\b(?:wip|eras|clear|empt)\w*\b.{0,60}?\b(?:put|write|type|enter|save|place|paste)\b"
    r"|\b(?:with|to|hold|holds|contain|contains|containing)\s+only\b|\bnothing\s+else\b"
    r"|\bonly\s+(?:holds?|contains?|has|says?|reads?)\b"
    r"|\b(?:clear|wipe|erase|empty|delete|remove)\s+(?:out\s+)?(?:whatever|everything|all)\b"
    r"|\b(?:instead\s+of|in\s+place\s+of)\s+(?:what|everything|the\s+(?:old|current))\b",
    re.IGNORECASE)

#: phrases that remove files without a removal verb: "clean the logs folder of its .log
#: files", "clear out the .bak files", "the .pyc files can go" (not "can go into old/")
CLEARING = (r"(?:clean|clear)(?:ed)?\s+(?:out|away)|purge[ds]?|wipe[ds]?(?:\s+out)?|"
            r"(?:can|may|should|must|could)\s+(?:now\s+|just\s+)?go(?!\s+(?:to|into|in|inside|"
            r"under|onto|back|over|there|with|through|ahead|on)\b)|"
            r"(?:clean|clear|purge|rid|strip|empty)\s+(?:\S+\s+){1,4}?of\s+(?:(?:its|the|all|"
            r"every|any|their)\s+)*\*?\.[A-Za-z]\w*")
#: ``CLEARING`` as a phrase of its own
CLEARING_RE = re.compile(rf"\b(?:{CLEARING})\b", re.IGNORECASE)
