"""A value the task states in one clause and points at from the next, for the write
verifiers (``verifying_values``): "the gym closes at 22:30 now, can you jot that down in
gym.txt", "Solved it: an echo. Put that in answer.txt", "#3A7D44. store that in accent.txt", "… is
€4.10 - write that amount into F" (the pointer may name the value's kind).

Read from the task alone, by structure: the clause that names the file puts a pointer
("that", "it", "this") there, right after a verb of putting; the value is in the clause just
before it, which is no question: its numbers (from the first to the last token holding a
digit, when no other number stands anywhere else in the task), or the whole clause when a
colon introduces it or it is quoted. Anything else gives no value: not verified.
"""

from __future__ import annotations

import itertools
import re

#: verbs that put a value into a file ("jot that down in …")
PUTTING = r"write|save|put|store|note|jot|append|add|record|keep|log|stick|enter"
#: nouns that name a value's kind ("the word Berlin", "note that time in …")
KIND_NOUNS = (r"word|number|phrase|text|line|name|title|value|code|item|entry|colou?r|time|"
              r"date|ratio|version|address|password|tag|row|amount|price|figure")
#: words that may stand before that verb in its clause ("can you jot that down …")
_ASKING = {"can", "could", "would", "will", "you", "please", "and", "then", "so", "just",
           "now", "kindly"}
#: where a clause ends, and what ended it
_BOUNDARY = re.compile(r"[.;,!?](?=\s|$)|:(?=\s)|\s-{1,2}(?=\s)|\n")
#: a token holding a digit ("22:30", "#3A7D44", "4.5", "981")
_NUMBER = re.compile(r"(?<!\S)[^\s]*\d[^\s]*?(?=[.,;:!?]?(?:\s|$))")
#: all that may follow the file's name: punctuation, politeness, or "nothing else" (a closed
#: list: anything else may be a condition on the value's form, "in kilometres", "without
#: the unit", and nothing is verified)
_AFTER = re.compile(r"(?:[\s,.!?;:)-]|\b(?:please|thanks|thank\s+you|cheers|for\s+me|"
                    r"(?:and\s+)?nothing\s+else(?:\s+in\s+(?:it|there|the\s+file))?|"
                    r"alone|only|on\s+its\s+own)\b)*", re.IGNORECASE)
#: … of which these ask for the value alone, nothing of its clause around it
_BARE = re.compile(r"\b(?:nothing\s+else|alone|only|on\s+its\s+own)\b", re.IGNORECASE)
#: words that open a clause with its subject ("the gym closes at 22:30 on weekends")
_SUBJECT = re.compile(r"(?:the|a|an|my|our|your|his|her|their|its|this|that|these|those|i|"
                      r"we|you|he|she|they|it|there)\b", re.IGNORECASE)
_FILE = re.compile(r"(?<![\w.@/-])(?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z]\w*")


#: words after "that" that change the value rather than name it
_CHANGED = re.compile(r"\w+(?:ed|ly|wards?)|twice|thrice|plus|minus|times|backwards|doubled?|"
                      r"half|halve|reverse|instead|again|too|also|here|there|one|value",
                      re.IGNORECASE)


def _clauses(text: str) -> list[tuple[int, int, str]]:
    """The clauses of ``text``: (start, end, the mark that ends it: "" at the text's end)."""
    found, at = [], 0
    for m in _BOUNDARY.finditer(text):
        found.append((at, m.start(), m.group().strip()))
        at = m.end()
    found.append((at, len(text), ""))
    return [c for c in found if text[c[0]:c[1]].strip()]


def pointed(task: str, target: str) -> set[str]:
    """The value the task points at for ``target`` (the file's name as the task writes it),
    or none."""
    found = _pointed(task, target)
    return {found[0]} if found else set()


#: words a clause may begin with that a form of it may leave out ("the", "our")
_LEADING = frozenset({"the", "a", "an", "our", "my", "your", "this"})


def forms(task: str, target: str, value: str) -> set[str]:
    """What a file holding the pointed ``value`` may say: the value, the value and its unit
    ("4.5 bar"), or the words of its clause around it, as the task says them ("the gym
    closes at 22:30")."""
    found = _pointed(task, target)
    if found is None or found[0] != value or _BARE.search(task):
        return {value}  # a task that asks for the value alone gets it alone (or that says
        # anything of the form: the clause around it is no form it allows)
    clause = found[1].split()
    # the clause from its start (its subject; an article may go: "gym closes at 22:30"), or
    # the value and a word after it (a unit: "4.5 bar"); not a piece cut out of the clause's
    # middle ("morning is at 06:47" is neither the statement nor the value)
    first = next((i for i, w in enumerate(clause) if w.lower() not in _LEADING), 0)
    spans = {" ".join(clause[i:j]) for i in range(first + 1)
             for j in range(i + 1, len(clause) + 1)} | {
        " ".join(clause[i:i + 2]) for i in range(len(clause)) if value in clause[i]}
    return {value} | {s for s in spans if value in s}


def _pointed(task: str, target: str) -> tuple[str, str] | None:
    name = re.escape(target)
    put = re.search(rf"\b(?:{PUTTING})\s+(?:it|(?:that|this)(?:\s+(?!(?:down|in|into|to|as)\b)"
                    rf"(?P<noun>[A-Za-z]+))?)(?:\s+down)?\s+(?:in|into|to|as)\s+"
                    rf"(?:the\s+file\s+)?{name}(?![\w/-]|\.\w)", task, re.IGNORECASE)
    if put is None or not _AFTER.fullmatch(task[put.end():]):
        return None  # the task goes on after the file: it may put a condition on the form
    clauses = _clauses(task)
    at = next((i for i, (s, e, _m) in enumerate(clauses) if s <= put.start() < e), None)
    if not at:
        return None
    s, _e, _m = clauses[at]
    if set(re.findall(r"[a-z']+", task[s:put.start()].lower())) - _ASKING:
        return None  # more than asking stands before the verb: it may change the value
    start, end, mark = clauses[at - 1]
    if mark == "?":
        return None
    clause = task[start:end].strip()
    introduced = at >= 2 and clauses[at - 2][2] == ":"
    numbers = list(_NUMBER.finditer(task[start:end]))
    rest = _FILE.sub(" ", task[:start] + " " + task[end:])
    noun = put.group("noun")
    if noun and not re.fullmatch(KIND_NOUNS, noun, re.IGNORECASE) and (
            len(numbers) != 1 or _CHANGED.fullmatch(noun)):
        return None  # a noun of its own ("that temperature") points at one number only;
        # a word that changes it ("that doubled", "that reversed") is no noun
    if numbers:
        if re.search(r"\d", rest):
            return None  # another number elsewhere: which one is meant is not plain
        counted = re.match(r"\s*[A-Za-z]", task[start + numbers[-1].end():end])
        if counted and not _SUBJECT.match(clause):
            return None  # "Buy 2 apples. Note that down": an act with its quantity, whose
            # subject is not said — what to note (the number, the act) is not plain
        if any(re.search(r"[^\s,.:/-]", task[start + a.end():start + b.start()])
               for a, b in itertools.pairwise(numbers)):
            return None  # words between its numbers ("it was 12 but now it's 15", "4471,
            # not 4417"): which one is meant is not plain
        return task[start + numbers[0].start():start + numbers[-1].end()], clause
    quoted = re.fullmatch(r"[\"'“‘](.+)[\"'”’]", clause)
    if quoted:
        return quoted.group(1), clause
    said = re.fullmatch(r"(?:it|that|this)(?:['’]s|\s+is|\s+was)\s+(\S+)", clause, re.IGNORECASE)
    if said:  # "It's help@quill.example. Write it into F": the one token it is
        return said.group(1), clause
    return (clause, clause) if introduced else None
