"""Values count whole, and tool chatter is no content: evidence rules on what the run wrote.

* **Compound values are whole.** A time, a ratio, a version or an address, a colour, an
  e-mail address or a date (``16:42``, ``1:3``, ``2.4.1``, ``127.0.0.1``, ``#ccc9dc``) is one
  value: a written token that is only a part of one (``42`` of ``16:42``) — and stands
  nowhere whole on its own in the task or in what the run saw — is no value given or found.
* **A value the task gives lands whole.** A compound value the task states that no text
  the run saw holds (new information, not a file's old value) must stand whole in a file
  the run wrote or in an existing file the task names ("bump the version to 2.4.1": not
  done by running the file that holds the old one) — or all its parts must, in another
  shape (a date converted).
* **The task's own description is no part of the value.** "the colour #ccc9dc", "the line
  127.0.0.1 wiki.lan": a written line that starts with the noun that describes the value
  (``colour #ccc9dc``) glued the description on.
* **A template is filled whole.** ``Welcome, <that name>!``: the written text holds the
  template's own words around a filled-in value.
* **Tool chatter is no content.** The status text of a command (``Exit code 0.``,
  ``(no output)``, a tool's success or error message) is what a command said about itself,
  never an answer: a written line that only such text holds is refused, and so is one
  that names the agent's own commands (``write_file.txt``) where the task does not.
* **A redirect is the whole output.** ``report.py > out.txt``: the file holds every line
  the program printed.

No word lists: the shapes are typed token patterns, the description is found by position
(an article, a noun, then the value), the chatter is read off the run's own results.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable

from autonomo.agent.finishing_record import Reader, Record, norm
from autonomo.agent.strategies import twostep

#: values of several parts that count only whole
COMPOUND = re.compile(
    r"(?<![\w.#@:/-])(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an e-mail address
    r"|#[0-9A-Fa-f]{3,8}\b"  # a colour
    r"|\d{4}-\d\d-\d\d"  # a date
    r"|\d+(?:\.\d+){2,}"  # a version, an address
    r"|\d+(?::\d+)+"  # a time, a ratio, a score
    r")(?![\w#@:-]|\.\d)")
#: a placeholder in a template the task gives (``<that name>``)
_PLACEHOLDER = re.compile(r"(?P<left>\S*)\s*<[^<>\n]{1,40}>(?P<right>[^\s<]*)")
#: an article before a describing noun before a value ("the colour #ccc9dc")
_DESCRIBED = re.compile(r"\b(?:the|a|an)\s+(?P<noun>[A-Za-z]+)\s+(?P<value>\S+)",
                        re.IGNORECASE)
#: the commands whose whole output is the text of something (a file, a listing)
_CONTENT_OUTPUTS = {"read_file", "list_folder", "search_files"}
#: the commands whose output is a program's run: only what it printed is content
_RUN_OUTPUTS = {"execute_python_file", "execute_python_code", "execute_shell"}
_EDGE = ".,;:!?\"'()[]{}"


def spans(text: str) -> set[str]:
    """The compound values in ``text``."""
    return {m.group(0).rstrip(".") for m in COMPOUND.finditer(text)}


def fragments(value: str) -> set[str]:
    """The parts of a compound value that are not all of it (``16:42``: 16, 42)."""
    pieces = re.split(r"([^A-Za-z0-9]+)", value)
    found: set[str] = set()
    for i in range(0, len(pieces), 2):
        for j in range(i, len(pieces), 2):
            part = "".join(pieces[i:j + 1]).strip(_EDGE)
            if part and part != value and any(c.isalnum() for c in part):
                found.add(part)
    return found


def _parts(value: str) -> set[str]:
    return set(re.findall(r"[A-Za-z0-9]+", value))


def _tokens(text: str) -> set[str]:
    """The whitespace-separated tokens of ``text``, without their edge punctuation."""
    return {t.strip(_EDGE) for t in text.split()} - {""}


def _holds(text: str, value: str) -> bool:
    """Whether ``value`` stands whole in ``text`` (not as a part of a longer value)."""
    return re.search(rf"(?<![\w#@:.-]){re.escape(value)}(?![\w#@:-]|\.\w)", text) is not None


def new_lines(record: Record) -> list[tuple[str, str]]:
    """(file, line) for every line of text the run's standing writes put in a file."""
    return [(w.path, line.strip()) for path in sorted(record.written)
            for w in record.standing(path) for line in w.content.splitlines() if line.strip()]


def chatter(record: Record) -> set[str]:
    """The lines the run's commands said about themselves (status lines, "(no output)",
    success and error messages), as opposed to content they showed (a file's text, a
    listing, what a program printed)."""
    said: set[str] = set()
    content: set[str] = set()
    for e in record.episodes:
        if e.result is None:
            continue
        out = e.result.output
        if e.action.name in _CONTENT_OUTPUTS:
            content |= {line.strip() for line in out.splitlines()}
            continue
        if e.action.name in _RUN_OUTPUTS and "STDOUT:\n" in out:
            shown = out.split("STDOUT:\n", 1)[1].split("\nSTDERR:\n", 1)[0]
            content |= {line.strip() for line in shown.splitlines()}
        said |= {line.strip() for line in out.splitlines()}
    return said - content - {""}


def chatter_written(record: Record, task: str, commands: Iterable[str] = ()) -> str | None:
    """A written line that is a command's talk about itself, not content; or that names
    one of the agent's own commands (``write_file.txt``) where the task does not."""
    talk = chatter(record) - {line.strip() for line in task.splitlines()}
    own = {c for c in [*commands, *(e.action.name for e in record.episodes)]
           if "_" in c and c.lower() not in task.lower()}
    for path, line in new_lines(record):
        if line in talk:
            return (f"Refused: {path} holds {line!r}, which is what a command said about "
                    "itself, not an answer. Write what the task asks for, then finish.")
        if named := next((c for c in sorted(own)
                          if re.search(rf"(?<![A-Za-z]){re.escape(c)}(?![A-Za-z])", line)),
                         None):
            return (f"Refused: {path} holds {line!r}, the name of your command {named}, "
                    "not content. Write what the task asks for, then finish.")
    return None


#: ``report.py > out.txt``: a program's whole output sent to a file
#: (a name is tried from its start only: from every character of a long token it was O(n²))
#: (an arrow is no redirect: "the name of the heaviest hive -> best.txt")
_REDIRECT = re.compile(
    r"(?<![\w./-])(?P<program>[\w./-]+\.(?:py|sh|js))\b[^>\n]*?(?<![-=])>(?!=)\s*"
    r"(?P<out>[\w./-]+)")


def redirect_partial(task: str, record: Record, read: Reader) -> str | None:
    """A task that sends a program's output to a file (``report.py > out.txt``) where the
    file does not hold every line the program printed."""
    for m in _REDIRECT.finditer(task):
        program, out = norm(m.group("program")), norm(m.group("out").rstrip("."))
        printed = [p for p in record.outputs.get(program, []) if p]
        text = read(out)
        if not printed or text is None:
            continue
        lines = [line.strip() for line in printed[-1].splitlines() if line.strip()]
        have = {line.strip() for line in text.splitlines()}
        if left := [line for line in lines if line not in have]:
            return (f"Refused: the task sends what {program} prints to {out}, but {out} "
                    f"lacks {left[0]!r} ({len(left)} of its {len(lines)} lines). Put the "
                    "whole output there, then finish.")
    return None


def fragment_written(task: str, record: Record, observed: str) -> str | None:
    """A written token that is a part of a compound value of the task or of what the run
    saw (``42`` of ``16:42``), where that value is not written whole and the token stands
    nowhere on its own."""
    sources = f"{task}\n{observed}"
    whole = _tokens(sources)
    values = spans(sources)
    for path, line in new_lines(record):
        for token in _tokens(line):
            if token in whole or token in values:
                continue
            for value in sorted(values):
                if token in fragments(value) and not _holds(line, value):
                    return (f"Refused: {path} holds {token!r}, only a part of {value!r}. "
                            f"Write the whole value, then finish.")
    return None


def unlanded_whole(task: str, named: Iterable[str], record: Record, observed: str,
                   read: Reader, exists: Callable[[str], bool]) -> str | None:
    """A compound value the task gives (not one the run saw in a file) that stands whole
    in no file the run wrote and in no existing file the task names."""
    names = " ".join(named)
    given = [v for v in sorted(spans(task)) if not _holds(observed, v) and v not in names]
    if not given:
        return None
    places = sorted({*record.written, *(n for n in named if exists(n))})
    texts = [t for p in places if (t := read(p)) is not None]
    # a value given in one shape and written in another holds all its parts: it was
    # converted ("2024-05-01 as DD/MM/YYYY": 01/05/2024), not left out
    missing = [v for v in given if not any(
        _holds(t, v) or _parts(v) <= set(re.findall(r"[A-Za-z0-9]+", t)) for t in texts)]
    if not missing:
        return None
    return (f"Refused: the task gives {', '.join(repr(v) for v in missing[:3])}, but no "
            f"file you wrote or the task names holds {'it' if len(missing) == 1 else 'them'}"
            " whole. Put it where the task says, then finish.")


def described_written(task: str, record: Record) -> str | None:
    """A written line that starts with the noun the task describes its value by ("the
    colour #ccc9dc" written as ``colour #ccc9dc``)."""
    lines = new_lines(record)
    for m in _DESCRIBED.finditer(task):
        noun, value = m.group("noun"), m.group("value").strip(_EDGE)
        valued = bool(spans(value)) or any(c.isdigit() for c in value) or value[:1].isupper()
        if not valued or value.lower() == noun.lower():
            continue
        glued = f"{noun} {value}".lower()
        for path, line in lines:
            if line.lower().startswith(glued):
                return (f"Refused: {path} holds {line!r}: the word {noun!r} is the task's "
                        f"description of the value, not part of it. Write {value!r} as the "
                        "task gives it, then finish.")
    return None


_QUOTES = "'\"`‘’“”"


def template_unfilled(task: str, record: Record, read: Reader) -> str | None:
    """A template the task gives (``Welcome, <that name>!``) that no written file holds
    filled in whole: its own words, a value, its closing text."""
    texts = [t for p in sorted(record.written) if (t := read(norm(p))) is not None]
    if not texts:
        return None
    looked = any(e.action.name == "read_file" for e in record.episodes)
    for text in texts:
        # (the placeholder itself written, once a file was read or where it points at a
        # value, "<that total>": the value read goes in its place)
        if held := [h for h in twostep.holes(text) if twostep.unfilled(h, task) and (
                looked or re.match(r"[<{\[]\s*(?:that|this|the|its|their)\s", h, re.I))]:
            return (f"Refused: a file you wrote holds the task's placeholder {held[0]!r} as "
                    "written. Put the value it stands for in its place, then finish.")
    for m in _PLACEHOLDER.finditer(task):
        # (the quotes around a template are the task's, not its text: "'Hi, <name>!'")
        left = m.group("left").lstrip(_QUOTES)
        right = m.group("right").rstrip(".,;").rstrip(_QUOTES).rstrip(".,;") \
            if m.group("right").rstrip(".,;")[-1:] in _QUOTES else m.group("right").rstrip(".,;")
        opens = not task[:m.start()].strip() or task[:m.start()].rstrip()[-1] in ".!?"
        if not (left[-1:] in {",", ":", ";"} or (left[:1].isupper() and not opens)):
            left = ""
        if not left and not right:
            continue
        pattern = rf"{re.escape(left)}\s*\S[^\n]*?{re.escape(right)}" if right \
            else rf"{re.escape(left)}\s*\S"
        if not any(re.search(pattern, t) for t in texts):
            shape = f"{left} <…>{right}".strip()
            return (f"Refused: the task asks for {shape!r} filled in, but no file you wrote "
                    "holds it whole. Write the whole text, then finish.")
    return None


#: "the line 127.0.0.1 wiki.lan to hosts.txt": a described value and the file it goes to
_DESCRIBED_INTO = re.compile(
    r"\b(?:the|a|an)\s+(?P<noun>[A-Za-z]+)\s+(?P<value>(?:[^\s,;:!?]+\s+){0,5}?\S+?)\s+"
    r"(?:to|into|in|onto|at\s+the"
    r"\s+(?:end|bottom|top)\s+of)\s+(?P<file>[\w./~-]+\.\w+)", re.IGNORECASE)


def described_unlanded(task: str, named: Iterable[str], read: Reader) -> str | None:
    """A value the task describes and sends to a named file ("append the line 127.0.0.1
    wiki.lan to hosts.txt") that the file does not hold whole."""
    named = tuple(named)
    for m in _DESCRIBED_INTO.finditer(task):
        value, target = m.group("value").strip(_EDGE), norm(m.group("file").rstrip("."))
        words = value.split()
        if target not in named or value in named or not any(c.isdigit() for c in value) \
                or not all(re.search(r"[\d.,:#@/_-]|^[A-Z]", w) for w in words):
            continue  # a value is tokens of digits, symbols or names: "for 4" is words
        text = read(target)
        if text is not None and re.sub(r"\s", "", value.lower()) not in re.sub(
                r"\s", "", text.lower()):
            return (f"Refused: the task puts {value!r} in {target}, but {target} does not "
                    "hold it whole. Write it there as the task gives it, then finish.")
    return None


#: "which room …", "what gate …": the noun a question asks the value of
_ASKED = re.compile(r"\b(?:which|what)\s+(?P<noun>[a-z]{3,})\b", re.IGNORECASE)


def asked_value(task: str, named: Iterable[str], record: Record, said: Iterable[str],
                read: Reader) -> str | None:
    """A question for the value of a noun ("which room is Biscuit's appointment in") whose
    source line about the task's subject gives it right after the noun ("room 12B"),
    where no written file holds that value: the run wrote another value of the line."""
    named = tuple(named)
    words = task.split()
    subjects = {re.sub(r"['’]s$", "", w.strip(_EDGE)) for i, w in enumerate(words)
                if i and w[:1].isupper() and words[i - 1][-1] not in ".!?:"
                and not any(w.strip(_EDGE) in n for n in named)}
    subjects.discard("")
    texts = [t for p in sorted(record.written) if (t := read(p)) is not None]
    if not subjects or not texts:
        return None
    for m in _ASKED.finditer(task):
        noun = m.group("noun").lower()
        found = {v.group(1).strip(_EDGE) for text in said for line in text.splitlines()
                 if any(re.search(rf"\b{re.escape(s)}\b", line) for s in subjects)
                 for v in re.finditer(rf"\b{noun}s?:?\s+(\S+)", line, re.IGNORECASE)}
        found = {v for v in found if any(c.isdigit() for c in v)}
        if len(found) == 1 and not any(_holds(t, value := next(iter(found))) for t in texts):
            return (f"Refused: the task asks which {noun}; the line about "
                    f"{', '.join(sorted(subjects))} gives {noun} {value}, but no file you "
                    f"wrote holds {value!r}. Write that value, then finish.")
    return None


#: files whose text is code or markup the run composes (its words come from no source)
_COMPOSED = (".py", ".sh", ".js", ".html", ".md", ".toml", ".yaml", ".yml", ".ini", ".cfg")


def _calendar_names(text: str) -> set[str]:
    """The weekday and month names (lower case, English) of each ISO date (2024-03-16) in
    ``text``: a date read gives its weekday and its month, so they come from somewhere."""
    names: set[str] = set()
    for found in set(re.findall(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)", text)):
        try:
            day = datetime.date.fromisoformat(found)
        except ValueError:
            continue
        names |= {day.strftime("%A").lower(), day.strftime("%B").lower(),
                  day.strftime("%a").lower(), day.strftime("%b").lower()}
    return names


def ungrounded(task: str, record: Record, observed: str, sources: Iterable[str]) -> str | None:
    """For a task that takes its answer from files (``sources``: the named files that were
    there, with text), a short written text (a value, a name, a list) with a word that
    neither the task nor anything the run saw holds: it came from nowhere, so nothing
    verifies it. A task without a source (knowledge, a made-up example) is not judged, nor
    are code and composed documents (their words are the run's own)."""
    sources = set(sources)
    if not sources:
        return None
    known = {w.lower() for w in re.findall(r"[A-Za-z]+", f"{task}\n{observed}")}
    known |= _calendar_names(observed)
    for path in sorted(record.written):
        if path.lower().endswith(_COMPOSED) or path in sources:
            continue
        text = "\n".join(w.content for w in record.standing(path))
        found = re.findall(r"[A-Za-z]+", text)
        if not found or len(found) > 12:
            continue
        stray = [w for w in found if w.lower() not in known]
        if stray:
            return (f"Refused: {path} holds {stray[0]!r}, which is neither in the task nor "
                    "in anything you read or ran: nothing shows it is right. Write what the "
                    "task or its files give, then finish.")
    return None
