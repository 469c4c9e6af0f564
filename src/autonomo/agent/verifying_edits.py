"""Positive verifier of an edit of one named file: "X → Y" changed exactly there.

Two ways an edit is derived from the task, each independent of what the agent wrote:

* a stated pair ("replace X with Y", "change X to Y", "from X to Y", "X should be Y",
  "Y instead of X"): the expected text is the start text with X replaced by Y — every
  occurrence when the task says "every"/"all", else the one occurrence X has (X standing
  more than once: not verified);
* a keyed value ("set max_players to 6 in game.json", "change the database port to 5544"):
  in a JSON file, the parsed data differs in exactly one value, whose key's words the task
  uses and whose new value is one the task states, of the old value's type; in a text of
  ``key = value`` / ``key: value`` lines (INI, YAML, TOML, Python, .env), exactly one line
  differs, its key stands once in the file, its words are the task's, and only its value
  changed, to one the task states.

Nothing else in the workspace may have changed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from autonomo.agent.strategies import line_removals
from autonomo.agent.strategies.keyed import DESCRIBING
from autonomo.agent.verifying_marks import by_mark, by_renamed_key
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_sources import flatten, table, words
from autonomo.agent.verifying_task import files_named, quoted, verbs
from autonomo.agent.verifying_verdict import Verdict


def _wordset(text: str) -> set[str]:
    return set(words(text))


_TOKEN = r"(?:\"[^\"\n]+\"|'[^'\n]+'|[^\s,;!?]+(?<![.:]))"
#: one or two words, or one quoted text ("'Acme Group' in a.md": the quote ends it); a
#: word of place is no second word ("bar in a.md")
_PHRASE = (r"(?:\"[^\"\n]+\"|'[^'\n]+'|[^\s,;!?'\"]+(?<![.:])(?:\s+(?!(?:in|inside|into|on|"
           r"of|throughout|across|within|everywhere)\b)[^\s,;!?'\"]+(?<![.:]))?)")
#: a stated pair: (pattern, whether it replaces every occurrence whatever the task says)
_PAIRS = [
    rf"\breplace\s+(?:every\s+|all\s+|each\s+)?(?:the\s+)?(?P<x>{_PHRASE})\s+"
    rf"(?:with|by)\s+(?P<y>{_PHRASE})",
    rf"\bchange\s+(?P<x>{_TOKEN})\s+to\s+(?P<y>{_TOKEN})",
    # "change the link colour #1a73e8 to #0b57d0": plain words that say what X is, then X
    # (its one occurrence in the file is what changes, so they single out nothing else)
    rf"\bchange\s+the\s+(?:[A-Za-z-]+\s+){{1,3}}(?P<x>{_TOKEN})\s+to\s+(?P<y>{_TOKEN})",
    rf"\bfrom\s+(?P<x>{_TOKEN})\s+to\s+(?P<y>{_TOKEN})",
    rf"(?P<x>{_TOKEN})\s+should\s+(?:be|read|say)\s+(?P<y>{_TOKEN})",
    rf"(?P<y>{_TOKEN})\s+(?:now\s+)?instead\s+of\s+(?P<x>{_TOKEN})",
    # "swap the oat milk line for soy milk"
    rf"\bswap\s+(?:the\s+)?(?P<x>{_PHRASE})\s+(?:(?:line|entry|item)\s+)?(?:for|with)\s+"
    rf"(?P<y>{_PHRASE})",
]
#: a stated new value: "to 6", "is B2", "be 45", "= 8"
_NEW = re.compile(rf"(?:\bto|\bis|\bbe|=|:)\s+(?P<y>{_TOKEN})", re.IGNORECASE)
_LINE = re.compile(r"^(?P<head>\s*(?P<key>[A-Za-z_][\w.-]*)\s*[:=]\s*)(?P<q>[\"']?)"
                   r"(?P<value>[^\"'#\n]*?)(?P=q)(?P<tail>\s*(?:#.*)?)$")


def _unquote(text: str) -> str:
    text = text.strip()
    if "(" not in text:  # "(set x to false)": the bracket closes the aside, not the value
        text = text.rstrip(")")
    if len(text) >= 2 and ((text[0] == text[-1] and text[0] in "'\"") or (
            text[0], text[-1]) in (("\u201c", "\u201d"), ("\u2018", "\u2019"))):
        return text[1:-1]
    return text.rstrip(".,;:!?")


#: all that may follow a "replace X with Y" in its sentence: where, or "everywhere"
_PLACE_ONLY = re.compile(r"\s*(?:(?:in|inside|throughout|across|within)\s+(?:the\s+)?"
                         r"(?:file\s+)?[\w./-]+|everywhere|please)?\s*(?:[.!;]\s|[.!;]?\s*$)",
                         re.IGNORECASE)


#: … and all that may lead to it: where, or politeness ("On line 2, replace …" picks a place)
_LEAD_ONLY = re.compile(r"\s*(?:(?:please|now|then|also|and|kindly|could\s+you|can\s+you)\s+|"
                        r"in\s+(?:the\s+)?(?:file\s+)?[\w./-]+\s*,?\s+)*", re.IGNORECASE)


def _stated_pairs(task: str) -> set[tuple[str, str]]:
    pairs = {(_unquote(m.group("x")), _unquote(m.group("y")))
             for p in _PAIRS for m in re.finditer(p, task, re.IGNORECASE)
             # ("replace red with blue on every line except the first": a place of its own)
             # (a heading or a description before a colon is no place: "f.txt: replace …",
             # "the password is wrong: replace …")
             if p is not _PAIRS[0] or (_PLACE_ONLY.match(task, m.end()) and _LEAD_ONLY.fullmatch(
                 re.split(r"[.!?;:]\s|\s-{1,2}\s", task[:m.start()])[-1]))}
    return {(x, y) for x, y in pairs if x and y and x != y}


def _by_pair(task: str, before: str, after: str) -> Verdict | None:
    """The start text with a stated pair replaced, against the text now."""
    every = bool(re.search(r"\b(?:every|all|each|everywhere)\b", task, re.IGNORECASE))
    expected: set[str] = set()
    for x, y in _stated_pairs(task):
        if re.search(rf"(?<!\w){re.escape(x)}\s*[:=]", before):
            continue  # a key, not a value: "the title should be Z" changes the title's value
        count = len(re.findall(rf"(?<!\w){re.escape(x)}(?!\w)", before))
        if count == 1 or (count and every):
            expected.add(re.sub(rf"(?<!\w){re.escape(x)}(?!\w)", lambda _m, y=y: y, before))
    if not expected:
        return None
    if len(expected) > 1:
        return Verdict.no("edit", "the task's words give more than one edit")
    if after not in expected:
        return Verdict.no("edit", "the file is not its start text with the stated change")
    return Verdict.yes("edit", "exactly the stated text changed")


def _new_values(task: str, key: str = "") -> set[str]:
    """The values the task states for a key (not a word that begins a description of one,
    nor the key's own name quoted: "set 'city' in v.json to …")."""
    found = {_unquote(m.group("y")) for m in _NEW.finditer(task)} | set(quoted(task))
    return {v for v in found if v.lower() not in DESCRIBING and v != key}


def _same_type(old: Any, new: Any) -> bool:
    number = (int, float)
    if isinstance(old, bool) or isinstance(new, bool):
        return type(old) is type(new)
    return (isinstance(old, number) and isinstance(new, number)) or type(old) is type(new)


def _by_json(task: str, before: str, after: str) -> Verdict | None:
    try:
        old, new = json.loads(before), json.loads(after)
    except ValueError:
        return Verdict.no("edit", "the file does not parse as JSON")
    old_leaves, new_leaves = flatten(old), flatten(new)
    if set(old_leaves) != set(new_leaves):
        return Verdict.no("edit", "the file's keys changed, not only a value")
    differ = [k for k in old_leaves if old_leaves[k] != new_leaves[k]
              or type(old_leaves[k]) is not type(new_leaves[k])]
    if len(differ) != 1:
        return Verdict.no("edit", f"{len(differ)} values changed, not one")
    (key,) = differ
    named = next((k for k in reversed(key) if not k.isdigit()), "")
    if not named or not _wordset(named) <= _wordset(task):
        return Verdict.no("edit", f"the value changed is {'/'.join(key)}, which the task "
                                  "does not name")
    # another value the task's words point at more closely ("the music volume": not the
    # top-level volume)
    task_words = _wordset(task)

    def score(path: tuple[str, ...]) -> int:
        return len(set().union(*(_wordset(k) for k in path)) & task_words)
    if any(score(other) > score(key) for other in old_leaves
           if other != key and _wordset(other[-1]) & task_words) or any(
            score(other) >= score(key) for other in old_leaves
            if other != key and other[-1] == key[-1]):  # the same name elsewhere: a tie
        return Verdict.no("edit", f"the task's words point at another value than "
                                  f"{'/'.join(key)}")
    value = new_leaves[key]
    if not _same_type(old_leaves[key], value) or not any(
            _equal(value, stated) for stated in _new_values(task, named)):
        return Verdict.no("edit", f"{'/'.join(key)} is now {value!r}, not a value the task "
                                  "states")
    return Verdict.yes("edit", f"{'/'.join(key)} is now {value!r}; nothing else changed")


def _equal(value: Any, stated: str) -> bool:
    if isinstance(value, bool):
        return str(value).lower() == stated.lower()
    if isinstance(value, (int, float)):
        try:
            return float(stated) == value
        except ValueError:
            return False
    return isinstance(value, str) and value == stated


def _by_line(task: str, before: str, after: str) -> Verdict | None:
    old_lines, new_lines = before.split("\n"), after.split("\n")
    if len(old_lines) != len(new_lines):
        return None
    differ = [i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=True)) if a != b]
    if len(differ) != 1:
        return None
    old, new = _LINE.match(old_lines[differ[0]]), _LINE.match(new_lines[differ[0]])
    if old is None or new is None:
        return None
    key = old.group("key")
    if (old.group("head"), old.group("q"), old.group("tail")) != \
            (new.group("head"), new.group("q"), new.group("tail")):
        return Verdict.no("edit", f"more than the value of {key} changed on its line")
    if sum(1 for line in old_lines if (m := _LINE.match(line)) and m.group("key") == key) != 1:
        return Verdict.no("edit", f"{key} stands more than once in the file")
    if not _wordset(key) <= _wordset(task):
        return Verdict.no("edit", f"the value changed is {key}'s, which the task does not "
                                  "name")
    if new.group("value") not in _new_values(task, key):
        return Verdict.no("edit", f"{key} is now {new.group('value')!r}, not a value the "
                                  "task states")
    return Verdict.yes("edit", f"{key} is now {new.group('value')!r}; nothing else changed")


def _whole_in(text: str, task: str) -> bool:
    return bool(text) and re.search(rf"(?<![\w.]){re.escape(text)}(?![\w]|\.\d)", task,
                                    re.IGNORECASE) is not None


def _by_table(task: str, path: str, before: str, after: str) -> Verdict | None:
    """A CSV with exactly one cell changed: to a value the task states, in the one row a
    cell of which the task names; every number of the task is the new or the old value."""
    old, new = table(path, before), table(path, after)
    if old is None or new is None:
        return None
    if old[0] != new[0] or len(old[1]) != len(new[1]):
        return Verdict.no("edit", "the table's header or rows changed, not one cell")
    cells = [(r, c) for r, (a, b) in enumerate(zip(old[1], new[1], strict=True))
             for c, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    if len(cells) != 1:
        return Verdict.no("edit", f"{len(cells)} cells changed, not one")
    (row, col), rows = cells[0], old[1]
    was, now = rows[row][col], new[1][row][col]
    keyed_rows = {r for r, cells_ in enumerate(rows)
                  for c, cell in enumerate(cells_) if c != col and not cell.replace(".", "")
                  .isdigit() and _whole_in(cell, task)}
    if keyed_rows != {row}:
        return Verdict.no("edit", "the task's words do not single out the changed row")
    numbers = set(re.findall(r"(?<![\w.])\d+(?:[.,:]\d+)*(?![\w]|\.\d)", task))
    if not _whole_in(now, task) or numbers - {was, now}:
        return Verdict.no("edit", f"{old[0][col]} is now {now!r}, not the one value the task "
                                  "states")
    numeric = [c for c, cell in enumerate(rows[row]) if re.fullmatch(r"-?\d+(?:\.\d+)?", cell)]
    if not (_wordset(old[0][col]) & _wordset(task) or _whole_in(was, task)
            or (re.fullmatch(r"-?\d+(?:\.\d+)?", now) and numeric == [col])):
        return Verdict.no("edit", f"the task's words do not single out the {old[0][col]} "
                                  "column")
    return Verdict.yes("edit", f"{old[0][col]} of that row is now {now!r}; nothing else "
                               "changed")


def editing(task: str, start: Snapshot, now: Snapshot, changes: Changes) -> Verdict | None:
    """One named existing file changed, nothing else: by a stated pair, or a keyed value."""
    if changes.removed or changes.added or len(changes.changed) != 1:
        return None
    (path,) = changes.changed
    if path not in {m.path for m in files_named(task, start.files)}:
        return None
    before, after = start.files[path].text, now.files[path].text
    lower = path.lower()
    # (a key renamed, the one file changed, no file moved: "rename" is no move of a file)
    if before is not None and after is not None and (renamed := by_renamed_key(
            task, before, after, lower.endswith(".json"))) is not None and renamed.verified:
        more = _more_asked(task, path, before, after)
        return Verdict.no("edit", more) if more else renamed
    if before is not None and after is not None and (
            lines := _by_removed_lines(task, path, before, after, start)) is not None:
        return lines
    ops = verbs(task)
    if ops & {"delete", "copy", "move"}:
        return Verdict.no("edit", "the task asks for more than an edit")
    if before is None or after is None:
        return Verdict.no("edit", f"{path} is too big or not text")
    verdicts = [by_mark(task, before, after), _by_pair(task, before, after),
                _by_json(task, before, after) if lower.endswith(".json")
                else _by_table(task.replace(path, " "), path, before, after)
                if lower.endswith((".csv", ".tsv")) else _by_line(task, before, after)]
    found = [v for v in verdicts if v is not None]
    verdict = next((v for v in found if v.verified), found[0] if found else None)
    if verdict is not None and verdict.verified and (also := _left_as_was(task, path, start)):
        return Verdict.no("edit", f"{also} holds the text the task changes too, and it did "
                                  "not change")
    if verdict is not None and verdict.verified and (
            more := _more_asked(task, path, before, after)):
        return Verdict.no("edit", more)
    return verdict


def _by_removed_lines(task: str, path: str, before: str, after: str, start: Snapshot
                      ) -> Verdict | None:
    """Lines the task removes from ``path`` (``line_removals``): its start text with
    exactly those lines gone, every other line as it was; None when it asks no line
    removal of ``path``."""
    named = files_named(task, start.files)
    said = tuple(dict.fromkeys(task[m.start:m.end] for m in named))
    of = next((task[m.start:m.end] for m in named if m.path == path), path)
    if not line_removals.selectors(task, said, of):
        return None
    gone = line_removals.removed(before, task, said, of)
    if not line_removals.whole_task(task, said):
        return Verdict.no("edit", "the task asks more than these lines removed")
    if not gone:
        return Verdict.no("edit", "the lines the task removes are not known for sure")
    if after.splitlines() != line_removals.without(before, gone).splitlines():
        return Verdict.no("edit", "the file is not its start text with exactly those lines "
                                  "removed")
    return Verdict.yes("edit", f"{len(gone)} line(s) removed; every other line as it was")


#: verbs of a change asked of a file (a closed list of English)
_CHANGING = re.compile(r"\b(?:add|append|insert|remove|delete|drop|put|write|set|change|replace|"
                       r"bump|update|rename|make|increase|decrease|raise|lower|switch|turn|fix|"
                       r"move|sort|swap|correct|edit|tick|mark|uncomment|comment)\b",
                       re.IGNORECASE)
#: a value the task sets something to ("to 8443", "should be beta")
_SET_TO = re.compile(rf"\b(?:to|be)\s+(?P<y>{_TOKEN})", re.IGNORECASE)
_NO_VALUE = {"the", "a", "an", "it", "its", "this", "that", "them", "his", "her", "their",
             "my", "our", "your", "me", "us", "read", "say", "changed", "set", "spelled",
             "spelt", "called", "named", "renamed", "updated", "replaced", "moved", "removed",
             "deleted", "added", "written", "shown", "kept", "left", "used"}


def _more_asked(task: str, path: str, before: str, after: str) -> str:
    """What the task asks besides the one change verified ("" if nothing): a second verb of
    changing outside an aside in brackets and outside quotes ("set port to 8443, and add a
    comment"), or a value it sets something to that the file does not hold now ("… and the
    host from alpha to beta"), or a text it quotes that stands in the file but on no line
    that changed ("tick off 'a' and 'b'": only 'a' ticked)."""
    bare = re.sub(r"\([^()]*\)", " ", task.replace(path, " "))
    for text in quoted(task):
        bare = bare.replace(text, " ")
    if len(found := _CHANGING.findall(bare)) > 1:
        return f"the task asks for more than one change ({', '.join(found)})"
    old_lines, new_lines = before.splitlines(), after.splitlines()
    changed = "\n".join({*old_lines} ^ {*new_lines})
    if left := next((q for q in quoted(task) if q in before and q not in changed), None):
        return f"the task names {left!r}, which the change did not touch"
    for m in _SET_TO.finditer(task.replace(path, " ")):
        value = _unquote(m.group("y"))
        if value and value.lower() not in _NO_VALUE and not re.search(
                rf"(?<![\w.-]){re.escape(value)}(?![\w-])", after):
            return f"the task sets a value the file does not hold: {value!r}"
    return ""


def _left_as_was(task: str, path: str, start: Snapshot) -> str:
    """Another file the task names (only ``path`` changed) whose start text holds the old
    side of a pair it states ("#336699 to #114477 in main.css and theme.css"); "" if none."""
    olds = {x for x, _ in _stated_pairs(task)}
    for other in dict.fromkeys(m.path for m in files_named(task, start.files)):
        text = start.files[other].text if other in start.files else None
        if other != path and text is not None and any(
                re.search(rf"(?<!\w){re.escape(x)}(?!\w)", text) for x in olds):
            return other
    return ""
