"""Positive verifiers of a value written into one file: a write of a value the task states,
an append of it as a new line, an edit "X → Y" of one named file.

The value is read from the task alone, by the few shapes a task states a value in (quoted,
"the word X to F", "F should say: X", "…, X, in F"); the shapes must agree on one value, or
nothing is verified. The file must then hold exactly it: a write, the value and nothing else;
an append, the start text and the value as a new last line; an edit, the start text with
exactly the designated occurrence changed. Nothing else in the workspace may have changed.
"""

from __future__ import annotations

import re

from autonomo.agent.finishing_record import PROGRAMS, without
from autonomo.agent.finishing_targets import REFILL
from autonomo.agent.strategies import twostep
from autonomo.agent.strategies.shapes import ticked
from autonomo.agent.strategies.spans import NUMBER_WORDS, arranging
from autonomo.agent.strategies.stated_text import LACKING, RESTRICTION
from autonomo.agent.task_text import (
    MANNER,
    MANNER_FIRST,
    REPLACING_WHOLE,
    STOP,
    plain_quotes,
)
from autonomo.agent.verifying_pointed import KIND_NOUNS, forms, pointed
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_sources import DATA_FILES, STRUCTURED
from autonomo.agent.verifying_task import (
    files_named,
    negations,
    new_names,
    placed_names,
    quoted,
    verbs,
)
from autonomo.agent.verifying_verdict import Verdict

#: nouns that introduce a stated value ("the word Berlin", "the number 42")
_NOUNS = KIND_NOUNS + r"|key|pin|passcode|passphrase|combination|serial|message|sentence|motto"
#: a word that says what a value is before its kind's noun ("gate" of "the gate code"), not
#: an article, a pointing word or a preposition
_MODIFIER = (r"(?!(?:a|an|the|my|our|your|this|that|its|to|in|into|of|for|on|at|and|or|"
             r"saying|reading|says|reads)\b)[a-z][a-z-]*")
#: a value that only names the text it introduces ("F -> contents: X", "F -> text should be X")
_NAMING_TEXT = re.compile(r"(?:the\s+)?(?:text|content|contents|words?)\s*(?::|(?:should|must)\s+"
                          r"be\b:?)\s*", re.IGNORECASE)
#: verbs that put a stated value into a file
_PUTTING = (r"write|save|put|store|note|jot(?:\s+down)?|append|add|record|type|enter|"
            r"tack(?:\s+on)?|insert")
#: where a stated value ends: before the words that say where it goes, or at the sentence's end
_UNTIL = (r"(?=\s+(?:to|in|into|at|as|on)\s+(?:(?:a|an|the|my|our|this)\s+)?(?:new\s+)?"
          r"(?:file|line|end|bottom|last|top|it|there|{target})\b|\s*[.!?;]?\s*$|(?:"
          + STOP.replace("{", "{{").replace("}", "}}") + r"|[!?;])\s"
          r"|,?\s+(?:please|pls|thanks)\b|\s*\((?:just|only|exactly|nothing|no)\b"
          r"|,\s+(?:add|append|put|write|insert|place|tack)\s+(?:it|them|this|that)\b|"
          + RESTRICTION.replace("{", "{{").replace("}", "}}") + ")")
#: words that may not start a value found after a verb ("write the name …": an article or a
#: preposition begins a description, not a value)
_DESCRIBING = re.compile(r"(?:a|an|the|my|our|your|some|one|of|for|from|with|in|on|at|to|by|"
                         r"about|up|only|just|saying|reading|says|reads|containing|holding|"
                         r"we|we're|you|you're|i'm)\b",
                         re.IGNORECASE)
#: words no stated value holds: they point at a value or name its kind, they do not state it
#: ("Hello followed by that name", "just the number", "its output")
_POINTING = re.compile(r"\b(?:it|its|it's|that|this|these|those|them|their|they|him|his|her|"
                       r"he|she|what|which|whose|followed|number|count|total|sum|answer|result|"
                       r"output|value|values|names|just|only)\b|<(?![^<>]*@)[^<>]*>|[{}]",
                       re.IGNORECASE)
#: a value that begins with a verb of writing is the instruction, not its value
#: (".dockerignore: add *.sqlite3 on a new line")
_INSTRUCTING = re.compile(rf"(?:{_PUTTING})\b", re.IGNORECASE)
#: words that place a value among a file's other lines
_POSITION = re.compile(r"\b(?:end|bottom|last|top|first|below|above|after|before|line|lines|"
                       r"row|entry|list)\b", re.IGNORECASE)
#: a possessive before more words: "Dr. Lin's extension", "Adams' office" after a verb
#: describe the value to look up, they do not state it (a file holding those words was
#: confirmed)
_POSSESSED = re.compile(r"\b\w+(?:['’]s|s['’])\s+\w")
#: words in a denial that only say "nothing but the value"
_ONLY = {"else", "more", "other", "extra", "quotes", "label", "but"}
#: … or of the file's name, which is judged apart ("a file named gate (no extension)")
_NAMING_ONLY = {"extension", "ending", "suffix"}


def _clean(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"`":
        value = value[1:-1]
    return value.strip()


def stated(task: str, target: str) -> set[str]:
    """The values the task states for ``target`` (a file name as the task writes it), by
    every shape that finds one; unknown shapes give none."""
    task = plain_quotes(task)  # (“…” and ‘…’ quote as '…' and "…" do)
    name = re.escape(target)
    until = _UNTIL.format(target=name)
    found: list[str] = []
    quotes = [q for q in quoted(task, values=True) if q != target and not q.endswith(target)]
    patterns = [
        # "write the word Berlin to …", "append the line walk the dog to …", "save the gate
        # code K9-4410 to …" (a noun of a kind, one or two words of what it is before it)
        rf"\b(?:{_PUTTING})\s+(?:(?:the|a|an)\s+)?(?:{_MODIFIER}\s+){{0,3}}?(?:{_NOUNS})s?\s+"
        rf"(?P<v>.+?){until}",
        # "append 17 as a new line …", "add node_modules/ at the end"
        rf"\b(?:{_PUTTING})\s+(?!(?:the\s+)?(?:{_NOUNS})s?\b)(?P<v>[^\s:].*?){until}",
        # "… containing the text Good morning", "F should say: X", "a line that reads: X"
        # "… which reads X", "with the words X", "containing just the wifi code X"
        rf"\b(?:containing|saying|reading|(?:that|which)\s+(?:says|reads)|"
        rf"with\s+the\s+(?:text|words?|line|phrase)|"
        rf"(?:should|must|needs?\s+to|has\s+to)\s+(?:{MANNER}\s+)?(?:contain|say|read|hold)|"
        rf"(?:that|which)\s+{MANNER}\s+(?:says|reads)|"
        rf"(?:text|content|contents)\s+(?:should|must)\s+be|"
        rf"whose\s+(?:only\s+|one\s+|single\s+)?(?:line|text|content|contents)\s+(?:is|reads|says)|"
        rf"needs?\s+(?:the|a|one\s+more|another|a\s+new)\s+(?:line|entry|item))"
        rf"(?:\s+{MANNER})?(?:\s+the\s+(?:{_MODIFIER}\s+){{0,2}}?(?:{_NOUNS}))?\s*:?\s+"
        rf"(?P<v>.+?){until}",
        # "content: X", "haiku.txt: X", "at the bottom: X", "append: X", "the words: X",
        # "this single line: X", "that says: X", "overwrite f with: X"
        rf"(?:\b(?:content|contents|text|words|line|item|entry|says|reads|following|with|"
        rf"bottom|end|append|add)|{name})\s*(?::|->|=>|→)\s+"
        rf"(?P<v>(?:(?!\s(?:->|=>|→)\s).)+?)(?:{RESTRICTION}[^.!?]*)?\s*[.!?]?\s*$",
        # "add this line to the end of f — X": a text a noun of it points on to
        r"\b(?:this|the\s+following)(?:\s+(?:line|entry|text|note|message))?\b"
        r"(?:[^.!?;:]|[.:](?=\S))*?\s[-–—]\s+"
        r"(?P<v>[^-–—].*?)\s*[.!?]?\s*$",
        # "f needs Borage added at the bottom", "f should get X appended"
        r"\b(?:needs?|gets?|should\s+get|wants?)\s+(?P<v>\S.*?)\s+(?:added|appended|written)\b",
        # "F is missing oat milk - put it …", "F lacks a rain jacket", "F doesn't have X yet"
        rf"{name}\s+(?:{LACKING})\s+(?:(?:a|an|some)\s+)?(?P<v>.+?)(?:\s+(?:yet|so\s+far|for\s+now))?"
        rf"(?:(?=\s+(?:--|[-–—])\s)|{until})",
        # "F needs X on a new last line", "F needs X at the bottom"
        rf"(?:{name}|\bit)\s+needs\s+(?!to\b)(?P<v>(?:(?!\s(?:added|appended|written|put|inserted)\b).)+?)"
        r"(?=\s+(?:on|as|at)\s+(?:a|an|the|its)\s+(?:new\s+|own\s+)?"
        r"(?:last\s+)?(?:line|end|bottom)\b)",
        # "our Wi-Fi name, Cedar-Guest, in wifi_name.txt"; "(v2.10.0-rc1) into F"
        rf",\s+(?P<v>[^,]+?),\s+(?:in|into|to)\s+(?:a\s+(?:new\s+)?file\s+(?:named|called)\s+)?"
        rf"{name}\b",
        rf"\((?P<v>[^()]+)\)\s+(?:in|into|to)\s+{name}\b",
        # "F - write the ochre to white ratio, 3:2, and nothing else": a value in apposition
        # to the noun of its kind
        rf"\b(?:{_NOUNS})s?,\s+(?!(?:a|an|the|my|our|your|and|or|but|then)\b)"
        rf"(?P<v>[^,\s][^,]*?),\s",
    ]
    for index, pattern in enumerate(patterns):
        for m in re.finditer(pattern, task, re.IGNORECASE):
            value = _clean(m.group("v"))
            after_verb = index in (0, 1, 2, 5, 6, 7)  # not delimited by a colon, commas, brackets
            # (a capital after a verb starts a title, not a description: "add The Hobbit")
            # (nor how a list is laid out: ", in alphabetical order, to F")
            if named := _NAMING_TEXT.match(value):  # ("F -> contents: X" states X)
                value = _clean(value[named.end():])
            if after_verb and (manner := MANNER_FIRST.match(value)):
                value = _clean(value[manner.end():])  # ("put nothing but Lisbon in f")
            if value and not _POINTING.search(value) and target not in value \
                    and not arranging(value) \
                    and not _INSTRUCTING.match(value) \
                    and not (after_verb and _DESCRIBING.match(value) and not value[0].isupper()) \
                    and not (index == 1 and _POSSESSED.search(value)):
                found.append(value)
    # a quoted part of a longer stated value ("alias ll='ls -la'") is not a value of its own
    found += [q for q in quotes if not any(q != o and q in o for o in found)]
    # (a template is no stated value: "'Total paid: <that total>'" is filled in, never
    # written as it stands: ``verifying_twostep``)
    return {v for v in {*found, *pointed(task, target)} if not twostep.unfilled(v, task)}


def refill(task: str) -> str:
    """``task`` with its clauses that clear a file to write it again left out."""
    return REFILL.sub(" ", task)


def _target(task: str, start: Snapshot, changes: Changes) -> tuple[str, str] | None:
    """The one changed file and the name the task gives it, when the task names it."""
    touched = changes.added | changes.changed
    if changes.removed or len(touched) != 1:
        return None
    (path,) = touched
    if path in {m.path for m in files_named(task, start.files)}:
        spoken = path if re.search(rf"(?<![\w./-]){re.escape(path)}", task) \
            else path.rsplit("/", 1)[-1]
        return path, spoken
    # (a new name where the task places it: "in the beds folder, add x.txt" is beds/x.txt)
    if path in placed_names(task, start):
        return path, path.rsplit("/", 1)[-1] if path not in new_names(task, start.files) \
            else path
    return None


#: words that say a file is to hold a value, besides the verbs of writing
_HOLDING = re.compile(r"\b(?:should\s+(?:contain|say|read|hold)|containing|saying|content|"
                      r"contents)\b", re.IGNORECASE)


#: words that ask for the value changed or placed, not written as stated
_TRANSFORMING = re.compile(
    r"\b(?:upper|lower|uppercase|lowercase|capitals?|capitali[sz]ed?|reversed?|backwards|sort|"
    r"sorted|order|twice|times|double|each|every|prefix|suffix|bold|italic|json|csv|yaml|"
    r"format|formatted|comma|commas|separated|spaces|quoted|quotes|round|rounded|decimal|"
    r"translate|translated|instead|except|without|plus|minus|after|before|between|above|below|"
    # (a document's parts besides the value: "a heading X followed by bullets for a and b")
    r"headings?|bullets?|bulleted|followed|numbered|checklist|tables?|sections?)\b",
    re.IGNORECASE)


#: the words that name a document's parts (its value is composed, not stated)
_DOCUMENT = re.compile(r"\b(?:headings?|bullet(?:s|ed)?|bullet\s+points?|checklist|"
                       r"numbered\s+list)\b", re.IGNORECASE)


def _beyond(task: str, value: str, start: Snapshot) -> str:
    """What in the task, outside the value and the file names, may change what is to be
    written: a word of transforming or placing, or a number of its own."""
    rest = without(task.replace(value, " "), [*start.files, *new_names(task, start.files)])
    if m := _TRANSFORMING.search(rest):
        return m.group()
    if m := re.search(r"(?<![\w.])\d+(?:[.,:]\d+)*(?![\w.])", rest):
        return m.group()
    return ""


def _value(task: str, spoken: str, op: str, start: Snapshot,
           placed: bool = False) -> tuple[str | None, Verdict | None]:
    # a file the task names that did not exist is one it asks to be made (nothing else can
    # be done with it); an existing file is changed only when the task's words say so
    new = spoken not in start.files and not any(p.endswith("/" + spoken) for p in start.files)
    # (an append placed after the file's lines is asked by its place: "tack X onto the end")
    if not new and not placed and not verbs(task, nouns=False) & {"write", "append"} \
            and not _HOLDING.search(task) and not REPLACING_WHOLE.search(task):
        return None, Verdict.no(op, "the task's words for writing a value were not recognised")
    if any(m.path.endswith(PROGRAMS) for m in files_named(task, start.files)):
        return None, Verdict.no(op, "the task names a program: what it prints is no value the "
                                    "task states")
    # (not a description that names a file to read: "a.txt: the time under Billing in
    # desk.md" says where the value is, it is no value)
    values = {v for v in stated(task, spoken) if not any(re.search(
        rf"(?<![\w./-]){re.escape(f.rsplit('/', 1)[-1])}(?![\w-])", v) for f in start.files)}
    placing = _AT_END.sub(" ", task) if placed else task  # (its place is no transform)
    if len(values) == 1 and (extra := _beyond(placing, next(iter(values)), start)):
        return None, Verdict.no(op, f"the task says more than the value: {extra!r}")
    if len(values) == 1 and (part := _DOCUMENT.search(next(iter(values)))) and not re.search(
            rf"[\"'`]{re.escape(next(iter(values)))}[\"'`]", plain_quotes(task)):
        # (a document's parts said in words are no value: "a heading 'X' then a bullet list
        # with a and b" written as it stands was confirmed)
        return None, Verdict.no(op, f"the task describes a document's parts ({part.group()!r})")
    if len(values) != 1:
        return None, Verdict.no(op, "the value to write could not be derived from the task"
                                if not values else
                                f"the task's words give {len(values)} different values")
    # (a denial inside the value is its text, no restriction: "All pumps checked, no leaks")
    # (nor what a file lacks: "f does not have X yet")
    if left := negations(re.sub(LACKING, " ", task.replace(next(iter(values)), " "),
                                flags=re.IGNORECASE), _ONLY | _NAMING_ONLY):
        return None, Verdict.no(op, f"the task restricts it in words not understood: "
                                    f"{left[0]!r}")
    if said := _instructing_tail(next(iter(values))):
        return None, Verdict.no(op, f"the value may end in words about its form: {said!r}")
    if tail := _trailing(task, next(iter(values)), spoken):
        return None, Verdict.no(op, f"the task goes on after the value and the file: {tail!r}")
    return next(iter(values)), None


#: all that may follow both the value and the file's name: punctuation, politeness, "only
#: it", "keep the rest", its place (a closed list: anything else may be a condition on the
#: value's form, "with a trailing !", "in bold", "twice", and nothing is verified)
_ENDING = re.compile(
    r"(?:[\s,.!?;:()\"'`\u2013\u2014-]|(?<!\w)(?:please|pls|thanks(?:\s+a\s+lot)?|thank\s+you|and|cheers|for\s+me|alone|only|"
    r"now|right\s+away|when\s+you\s+(?:get|have)\s+a\s+(?:chance|moment|minute)|"
    r"so\s+(?:that\s+)?I\s+(?:remember|don't\s+forget|do\s+not\s+forget)|"
    r"just|added|appended|written|one\s+per\s+line|"
    r"(?:and\s+)?nothing\s+(?:else|more)(?:\s+in\s+(?:it|there|the\s+file))?|on\s+its\s+own|"
    r"(?:in|into|to)\s+it|no\s+other\s+text|that(?:'s|\s+is)\s+all|yet|(?:create|make)\s+it|"
    # (the value pointed at again, and its place: "- add her on a new last line")
    r"(?:put|add|append|write|insert|place|stick|tack)\s+(?:it|her|him|them|this|that)|"
    r"after\s+(?:what(?:'s|\s+is)\s+there|everything(?:\s+else)?|the\s+rest|the\s+last\s+line)|"
    r"below\s+(?:the\s+other\s+\w+|everything(?:\s+else)?|the\s+rest)|"
    r"(?:it\s+is\s+|it's\s+)?(?:already\s+)?(?:done|ticked(?:\s+off)?|checked)|"
    r"(?:and\s+)?keep(?:ing)?\s+(?:everything|the\s+rest|the\s+other\s+(?:lines|keys))"
    r"(?:\s+else)?(?:\s+(?:already\s+)?(?:there|as\s+it\s+is|as\s+is))?|"
    r"(?:to|at|onto)\s+the\s+(?:very\s+)?(?:end|bottom)|on\s+the\s+(?:very\s+)?(?:last|final)\s+line|as\s+(?:a|the)\s+new\s+(?:last\s+)?line|"
    r"on\s+(?:a|its|their)\s+(?:new\s+|own\s+)?(?:last\s+)?line|on\s+a\s+line\s+of\s+its\s+own|"
    r"no\s+extension|"
    r"(?:only|just)\s+the\s+(?:number|code|key|value|word|text|name)|"
    r"in\s+(?:the\s+)?[\w.-]+/(?:\s+folder)?)(?![\w/]))*", re.IGNORECASE)


#: the last part of a value read to the task's end ("Closed today, in bold"), when it is
#: rather an instruction about the value's form than a part of it
_FORM_TAIL = re.compile(r"(?:,|;|\s[-–—]{1,2})\s+(?P<t>(?:in|as|with|without|using|all|but|then|"
                        r"please|each|every|not|except|on\s+(?:one|two|a|separate)|"
                        r"one\s+per)\b[^,;]*)$", re.IGNORECASE)


def _instructing_tail(value: str) -> str:
    """The instruction a value read to the task's end may end in ("" when none)."""
    m = _FORM_TAIL.search(value)
    return m.group("t") if m else ""


def _trailing(task: str, value: str, spoken: str) -> str:
    """What the task says after both the value and the file's name, when it is more than
    ``_ENDING`` allows ("" otherwise)."""
    task = plain_quotes(task)
    ends = [m.end() for text in (value, spoken) for m in re.finditer(re.escape(text), task)]
    tail = task[max(ends):] if ends else ""
    return "" if _ENDING.fullmatch(tail) else tail.strip()


def writing(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One file new or rewritten, nothing else changed: it holds exactly the value the task
    states (one line; a final newline allowed)."""
    found = _target(task, start, changes)
    # an existing file rewritten: only when the task says where nothing else goes
    if found is None or (found[0] in changes.changed and not REPLACING_WHOLE.search(task) and (
            "append" in verbs(task) or _POSITION.search(task))):
        return None
    path, spoken = found
    # (a file cleared to be written again is no deletion: "wipe a.txt and put X in it")
    if verbs(refill(task)) & {"delete", "copy", "move"}:
        return Verdict.no("write", "the task asks for more than a write")
    if path.lower().endswith(STRUCTURED):
        return Verdict.no("write", f"{path} has a syntax of its own; its text is not judged")
    if _ONE_PER_LINE.search(task) or _IN_LINES.search(task):
        # ("one per line: a, b", "three lines: …"): a layout in lines, which one stated value
        # written as it stands is not; the counted lines the task lists are
        if path not in changes.added or (items := _counted_lines(task, start)) is None:
            return Verdict.no("write", "the task lays its text out in lines")
        text = now.files[path].text
        if text is None or [line.strip() for line in text.splitlines() if line.strip()] != items:
            return Verdict.no("write", f"{path} is not the task's {len(items)} lines, in order")
        return Verdict.yes("write", f"{path} holds the task's {len(items)} lines, nothing else "
                                    "changed")
    value, why = _value(task, spoken, "write", start)
    if value is None:
        return why
    text = now.files[path].text
    if text is None or text.removesuffix("\n") not in forms(task, spoken, value):
        return Verdict.no("write", f"{path} does not hold exactly {value!r}")
    return Verdict.yes("write", f"{path} holds {value!r}, nothing else changed")


#: "three lines: a, b, c", "2 lines - x and y": a count of lines, then the lines
_COUNTED_LINES = re.compile(r"\b(?P<count>" + "|".join(NUMBER_WORDS[2:]) + r"|[2-9])\s+lines\s*"
                            r"(?::|[-–—]|,|of)\s+(?P<v>[^.;!?\n]+?)\s*[.!?]?\s*$", re.IGNORECASE)


def _counted_lines(task: str, start: Snapshot) -> list[str] | None:
    """The lines a task lists after their count, at its end ("with three lines: eggs, oat
    milk, rye bread"): as many as it counts, each a few words, nothing else said."""
    found = _COUNTED_LINES.search(task)
    if found is None:
        return None
    items = [i.strip().strip("\"'") for i in _ITEMS.split(found.group("v"))]
    count = found.group("count").lower()
    said = int(count) if count.isdigit() else NUMBER_WORDS.index(count)
    if not all(items) or len(items) != said or any(len(i.split()) > 4 for i in items) \
            or _beyond(task[:found.start()], "\x00", start):
        return None
    return items


def _a_row(path: str, text: str, value: str) -> bool:
    """Whether ``value`` is plainly a row of the CSV ``text`` (comma-separated, no spaces or
    quotes around its cells, as many cells as the header)."""
    if not path.lower().endswith(".csv") or not text.strip():
        return False
    header = text.splitlines()[0].split(",")
    return bool(re.fullmatch(r"[^\s,\"']+(?:,[^\s,\"']+)*", value)) \
        and value.count(",") == len(header) - 1


def _as_item(before: str, value: str, done: bool = False) -> set[str]:
    """The forms ``value`` may take as a new last line of a file whose lines are all items
    of one list ("- milk", "3. milk"): as written, or with the list's marker (the next
    number of a numbered list)."""
    lines = [line for line in before.splitlines() if line.strip()]
    if lines and re.match(r"#+\s", lines[0]):
        lines = lines[1:]  # a heading above the list ("# To do")
    boxes = [re.match(r"([-*+]\s+)\[[ xX]\]\s+\S", line) for line in lines]
    if lines and all(boxes):
        # a checklist: the new item in a box, open unless the task says it is done
        return {f"{boxes[-1].group(1)}[{'x' if done else ' '}] {value}" if boxes[-1] else value}
    forms = {value}
    bullets = {m.group(1) for line in lines if (m := re.match(r"([-*+]\s+)\S", line))}
    if lines and len(bullets) == 1 and all(re.match(r"[-*+]\s+\S", x) for x in lines):
        forms.add(next(iter(bullets)) + value)
    numbers = [re.match(r"(\d+)([.)]\s+)\S", line) for line in lines]
    if lines and all(numbers) and len({m.group(2) for m in numbers if m}) == 1 \
            and [int(m.group(1)) for m in numbers if m] == list(range(1, len(lines) + 1)):
        forms.add(f"{len(lines) + 1}{numbers[0].group(2) if numbers[0] else ''}{value}")
    return forms


def _marked(head: str, items: list[str], done: bool) -> str:
    """``items`` as new last lines of ``head``, each with the marker of its list ("- a\n- b",
    the next numbers of a numbered list), if it has one."""
    out = []
    for item in items:
        forms = _as_item(head + "".join(f"{line}\n" for line in out), item, done) - {item}
        out.append(next(iter(forms)) if len(forms) == 1 else item)
    return "\n".join(out)


#: words that put each item of a stated list on a line of its own
_ONE_PER_LINE = re.compile(r"\b(?:one|each)\s+(?:per|a|on\s+(?:its|a|their)\s+own)\s+line\b|"
                           r"\b(?:each|one)\s+on\s+(?:a\s+)?(?:new|separate|own)\s+line",
                           re.IGNORECASE)
#: a text asked as several lines ("two lines:", "on separate lines", "lines of")
_IN_LINES = re.compile(r"\blines\b", re.IGNORECASE)
#: what separates the items of a stated list ("a, b and c")
_ITEMS = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")


#: a file said to want one more line ("needs another entry: X", "wants one more line X")
_ONE_MORE = re.compile(r"\b(?:needs?|wants?|gets?)\s+(?:one\s+more|another|a\s+new|an\s+extra)\s+"
                       r"(?:line|entry|item|row)\b", re.IGNORECASE)
#: a place after a file's lines: "onto the end of", "at the bottom", "after the last line"
_AT_END = re.compile(r"\b(?:to|onto|at|on)\s+the\s+(?:very\s+)?(?:end|bottom)\b|\bafter\s+the\s+"
                     r"last\s+line\b|\bas\s+(?:a|the)\s+new\s+last\s+line\b|"
                     # ("after what's there", "after everything", "after the other lines")
                     r"\bafter\s+(?:what(?:'s|\s+is|ever\s+is)\s+(?:already\s+)?(?:there|in\s+it)|"
                     r"everything|all\s+the\s+(?:other\s+)?(?:lines|entries|items)|the\s+(?:existing|"
                     r"other)\s+(?:lines|entries|items))\b|"
                     # ("on a new last line", "below the other settings")
                     r"\b(?:on|as)\s+(?:a|the)\s+new\s+last\s+line\b|\bbelow\s+(?:(?:all\s+)?the\s+"
                     r"(?:other|existing)\s+\w+|everything|what(?:'s|\s+is)\s+there)\b",
                     re.IGNORECASE)


#: a place in a file other than after its lines: "at the top", "before the first line",
#: "as the second line", "above Porto" (never confirmed as an append at the end)
_NOT_AT_END = re.compile(r"\b(?:top|start|beginning|head)\s+of\b|\b(?:at|to)\s+the\s+(?:very\s+)?"
                         r"(?:top|start|beginning)\b|\b(?:before|above|ahead\s+of|in\s+front\s+of)"
                         r"\s+\S|\b(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+"
                         r"(?:line|row|entry|item)\b|\bprepend", re.IGNORECASE)


def appending(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One existing file changed, nothing else: its start text, then the value the task
    states as a new last line."""
    found = _target(task, start, changes)
    if found is None or found[0] not in changes.changed or ("append" not in verbs(task) \
            and not re.search(r"\b(?:end|bottom|last line)\b", task, re.IGNORECASE)
            and not _AT_END.search(task) and not re.search(LACKING, task, re.IGNORECASE)
            and not _ONE_MORE.search(task)):
        return None
    path, spoken = found
    if verbs(task) & {"delete", "copy", "move"}:
        return Verdict.no("append", "the task asks for more than an append")
    if (elsewhere := _NOT_AT_END.search(_AT_END.sub(" ", task))) and not any(
            elsewhere.group() in v for v in stated(task, spoken)):
        return Verdict.no("append", f"the task puts the text elsewhere than after the file's "
                                    f"lines ({elsewhere.group()!r})")
    # ("each on its own line" says how a list is laid out, not what it holds)
    value, why = _value(_ONE_PER_LINE.sub(" ", task), spoken, "append", start,
                        placed=bool(_AT_END.search(task) or _ONE_MORE.search(task)
                                    or re.search(LACKING, task, re.IGNORECASE)))
    if value is None:
        return why
    before, after = start.files[path].text, now.files[path].text
    if before is None or after is None:
        return Verdict.no("append", f"{path} is too big or not text")
    if path.lower().endswith(DATA_FILES) and not _a_row(path, before, value):
        return Verdict.no("append", f"{path} has a syntax of its own; {value!r} is not "
                                    "plainly one of its rows")
    head = before + ("" if not before or before.endswith("\n") else "\n")
    added = _as_item(before, value, ticked(task))
    if _ONE_PER_LINE.search(task) and len(items := _ITEMS.split(value)) > 1 and all(items):
        # "add Ifeoma and Bastien at the bottom, one per line": each its own new line
        added = {"\n".join(items), _marked(head, items, ticked(task))}
    if after not in {head + line + end for line in added for end in ("", "\n")}:
        return Verdict.no("append", f"{path} is not its start text with {value!r} as a new "
                                    "last line")
    return Verdict.yes("append", f"{value!r} appended to {path} as a new line, the rest "
                                 "unchanged")
