"""Positive verifier of a two-step task: a value read from one file, put into another.

Two operations, each judged against the start workspace, never the agent's words:

* a template the task gives ("add a line 'Total paid: <that total>' to e.txt", "write
  c.sh containing the command git checkout <that branch>") filled with the one value its
  placeholder's words label in the files the task names ("TOTAL 18.95", ``"default_branch":
  "trunk"``): the new file holds exactly the filled template, or the existing one holds its
  old text and the filled template as one more line;
* a field of a keyed file set from another file ("copy the email from s.txt into the email
  field of p.json"): the file parses to what it held with that one key's value replaced by
  the value the same key labels in the source.

Every content word of the task must be accounted for (the placeholder's, the key's, the
words of reading and writing): a word it cannot place ("in capitals", "the first name") may
change what is asked, and the finish is then not verified. The sources are never changed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from autonomo.agent.strategies import derived, json_keys, twostep
from autonomo.agent.verifying_expected import COUNTING
from autonomo.agent.verifying_snapshot import Changes, Snapshot
from autonomo.agent.verifying_sources import content_words, flatten, keyed, words
from autonomo.agent.verifying_task import files_named, new_names
from autonomo.agent.verifying_verdict import Verdict

#: the task's words a two-step task may hold besides the placeholder's and the key's
_ACTS = frozenset(re.findall(r"\S+", """
add append check command copy create field fill filled insert key last look lookup make end
bottom entry paste property put reading read take then update using with writing line
containing find get open see script shell run the more another extra through scan taking
taken took grab grabbing copied reading using fetch exactly holding hold holds saying says
real actual single need needs needed text found written stored given
"""))
#: the words that keep a file's other keys as they were (the check compares them all)
_KEEPING = frozenset(re.findall(r"\S+", """
keep keeping leave leaving other others rest alone unchanged intact untouched whatever
written every all json object is as under stays stay lacks lacking missing
"""))
#: words a placeholder may add to its label's words: the kind of the value ("due date" of
#: "Due: 2026-12-03")
_KINDS = frozenset({"date", "number", "code", "address", "value", "name", "time", "id",
                    "amount", "figure", "string"})
_POINTING = frozenset({"that", "this", "the", "its", "their", "his", "her", "your", "my",
                       "our", "a", "an"})
_LABELLED = re.compile(r"^\s*(?P<label>[A-Za-z][A-Za-z '_-]{0,40}?)\s*(?:[:=]\s*|\s+)"
                       r"(?P<value>\S(?:.*\S)?)\s*$")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") \
        else word


def _labelled(text: str, name: str, wanted: set[str], said: set[str]
              ) -> list[tuple[str, frozenset[str]]]:
    """(value, its label's words) of each value ``text`` labels with ``wanted``'s words
    (those not of a kind: "due" of "due date"), and only words of ``said`` (the task's):
    keyed leaves by their last key, else lines "Label: value" / "LABEL value"."""
    def fits(label: str) -> frozenset[str] | None:
        got = frozenset(_singular(w) for w in words(label.replace("_", " ")))
        return got if got and wanted - _KINDS <= got <= wanted | said else None
    leaves = keyed(name, text)
    if leaves:
        return [(str(v), got) for path, v in leaves.items() if path
                and (got := fits(path[-1])) is not None and not isinstance(v, (dict, list))]
    return [(m.group("value"), got) for line in text.splitlines()
            if (m := _LABELLED.match(line)) and (got := fits(m.group("label"))) is not None]


#: the shape of a bare value of a kind a placeholder names ("<the date>", "<the number>")
_SHAPES = {"date": r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}",
           "number": r"-?\d+(?:[.,]\d+)*", "amount": r"-?\d+(?:[.,]\d+)?",
           "time": r"\d{1,2}:\d{2}(?::\d{2})?", "name": r"[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}",
           "code": r"[\w-]{2,40}", "id": r"[\w-]{1,40}"}


def _of_kind(line: str, wanted: set[str]) -> bool:
    """Whether ``line`` is, whole, a value of the one kind ``wanted`` names (its words all
    of kinds): the file of one line holds just the value asked for."""
    kinds = [k for k in wanted if k in _SHAPES]
    return len(kinds) == 1 and wanted <= _KINDS and (
        re.fullmatch(_SHAPES[kinds[0]], line) is not None)


def _value(start: Snapshot, sources: list[str], wanted: set[str], said: set[str]
           ) -> tuple[str, frozenset[str]] | None:
    """The one value the sources label with ``wanted`` (``_labelled``), or None."""
    found: list[tuple[str, frozenset[str]]] = []
    for source in sources:
        text = start.files[source].text
        if text is None:
            return None
        found += _labelled(text, source, wanted, said)
        # (a file of one line named after the value: VERSION.txt for "<version>")
        stem = frozenset(_singular(w) for w in words(source.rsplit("/", 1)[-1].rsplit(".", 1)[0]))
        lines = [x.strip() for x in text.splitlines() if x.strip()]
        if stem == wanted and len(lines) == 1:
            found.append((lines[0], stem))
        elif len(set(sources)) == 1 and len(lines) == 1 and (
                _of_kind(lines[0], wanted) or twostep.one_value(source, text, wanted)):
            found.append((lines[0], frozenset()))  # (the one value of the one file read)
    return found[0] if len({v for v, _ in found}) == 1 else None


def _unplaced(task: str, names: list[str], *placed: set[str] | frozenset[str]) -> set[str]:
    """The task's content words no word of ``placed`` (nor a word of acting) accounts for."""
    known = set().union(_ACTS, _KINDS, *placed)
    return {w for w in content_words(task, names) if w not in known and _singular(w) not in known}


def _filled(task: str, start: Snapshot, now: Snapshot, target: str,
            sources: list[str], names: list[str]) -> Verdict | None:
    found = twostep.templates(task, names)
    if len(found) != 1 or len(twostep.holes(found[0])) != 1:
        return None
    template = found[0]
    hole = twostep.holes(template)[0]
    wanted = {_singular(w) for w in words(hole)} - _POINTING
    rest = twostep.pointed_back(task).replace(template, " ")
    # (a label's words may be any the task says, in a file's name too: "the branch code
    # from branch_info.txt" labels "branch code: HB-552")
    said = {_singular(w) for w in words(rest)}
    found_value = _value(start, sources, wanted, said) if wanted else None
    if found_value is None:
        return None
    value, label = found_value
    if _unplaced(rest, names, wanted, label):
        return None  # (a word that may change the value: "in capitals", "the first")
    line = template.replace(hole, value, 1).strip()
    text = now.files[target].text
    before = start.files[target].text if target in start.files else ""
    if text is None or before is None:
        return None
    lines = [x for x in text.splitlines() if x.strip() and not x.startswith("#!")]
    old = [x for x in before.splitlines() if x.strip()]
    if lines == [*old, line] and text.startswith(before.rstrip("\n")):
        return Verdict.yes("template", f"{target} holds {line!r} (the value of {hole} "
                                       f"in {', '.join(sources)})")
    return Verdict.no("template", f"{target} does not hold {line!r} as its last line")


def _field(task: str, start: Snapshot, now: Snapshot, target: str,
           sources: list[str], names: list[str]) -> Verdict | None:
    before, after = start.files[target].text, now.files[target].text
    if before is None or after is None or not target.lower().endswith(".json"):
        return None
    try:
        old: Any = json.loads(before)
        new: Any = json.loads(after)
    except ValueError:
        return None
    if not isinstance(old, dict) or not isinstance(new, dict):
        return None
    seen = {n: t for n in sources if (t := start.files[n].text) is not None}
    quoted = json_keys.quoted_key(task, target, before, names)
    key = twostep.fields(task, names, {**seen, target: before}).get(target) or quoted
    # (a key the task quotes may be added: "add it as \"owner\" to card.json")
    if key is None or set(new) != set(old) | {key} or (key not in old and not quoted):
        return None
    wanted = {_singular(w) for w in words(key.replace("_", " "))}
    found_value = _value(start, sources, wanted, set())
    if found_value is None or isinstance(old.get(key), (dict, list)):
        return None
    value, label = found_value
    # (a word the key shortens: "lang" of "the language")
    longer = {w for w in content_words(task, names) if any(
        len(k) > 2 and w.startswith(k) for k in wanted)}
    if _unplaced(task, names, wanted, label, _KEEPING, longer):
        return None
    wants = [{**old, key: value}, {**old, key: json_keys.typed(value, old.get(key))}]
    if any(flatten(new) == flatten(want) for want in wants):
        return Verdict.yes("field", f"{target} holds {value!r} at {key}, from "
                                    f"{', '.join(sources)}; its other keys as they were")
    return Verdict.no("field", f"{target} does not hold just {value!r} at {key}")


#: the words a list of items past a bound may be asked with (its items, what they cost,
#: weigh or last, and the comparison)
_BOUNDED = frozenset(re.findall(r"\S+", """
item items name names thing things product products entry entries ones cost costs price
priced prices weigh weighs weight weighing last lasts long length list less more fewer
greater than under over above below cheaper dearer shorter longer heavier lighter higher
lower at least most which what ones them one per line go only just
"""))


#: a count asked, not a list
#: the items asked with their amounts ("with their prices"): a bare name is not what it asks
_WITH_AMOUNTS = re.compile(r"\b(?:with|and|plus|including|along\s+with)\s+(?:their|its|the)\s+"
                           r"(?:prices?|costs?|amounts?|weights?|lengths?|values?|figures?|"
                           r"numbers?)\b", re.IGNORECASE)


def _bounded(task: str, start: Snapshot, now: Snapshot, target: str,
             sources: list[str], names: list[str]) -> Verdict | None:
    """The items of a list of one amount a line ("milk 1.15") whose amount is past the one
    bound the task states, written one a line (an amount may follow each)."""
    found = derived.bounds(task)
    text = now.files[target].text
    if len(found) != 1 or len(sources) != 1 or target in start.files or text is None \
            or COUNTING.search(task):  # ("how many cost more than 3": a count, no list)
        return None
    source = start.files[sources[0]].text or ""
    rows = [derived.item_amount(line) for line in source.splitlines() if line.strip()]
    if len(rows) < 2 or any(r is None for r in rows):
        return None
    test, bound = found[0]
    unit = re.search(rf"\b{re.escape(bound)}\s*([A-Za-z€$£%]+)", task)
    left = _unplaced(task, names, _BOUNDED, {unit.group(1).lower()} if unit else set(),
                     set(words(sources[0].rsplit(".", 1)[0])))
    if left:
        return None
    want = sorted(item.lower() for item, amount in rows if test(amount, float(bound)))  # type: ignore[misc]
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    got = sorted((m[0] if (m := derived.item_amount(line)) else line).lower() for line in lines)
    if _WITH_AMOUNTS.search(task):  # each item with its amount, as the source gives it
        want = sorted(line.strip().lower() for line in source.splitlines() if line.strip()
                      and (m := derived.item_amount(line)) and m[0].lower() in want)
        got = sorted(" ".join(line.lower().split()) for line in lines)
    if want and got == want:
        return Verdict.yes("filter", f"{target} lists the items of {sources[0]} past {bound}")
    return Verdict.no("filter", f"{target} does not list just the items of {sources[0]} "
                                f"past {bound}")


def copying_a_value(task: str, start: Snapshot, now: Snapshot,
                    changes: Changes) -> Verdict | None:
    """A template filled, or a field set, with a value read from the task's other files;
    one file changed or added, nothing removed."""
    touched = changes.added | changes.changed
    if changes.removed or len(touched) != 1:
        return None
    (target,) = touched
    named = [m.path for m in files_named(task, start.files)]
    names = [*named, *new_names(task, start.files)]
    sources = [n for n in named if n != target]
    if target not in names or not sources:
        return None
    if target in start.files:
        return _field(task, start, now, target, sources, names) or _filled(
            task, start, now, target, sources, names)
    return _filled(task, start, now, target, sources, names) or _bounded(
        task, start, now, target, sources, names)
