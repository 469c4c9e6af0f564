"""Positive verifier of a flipped mark in a named file: one checklist item ticked or
unticked ("tick off 'write release notes'"), or one line commented out or back in
("uncomment the nightly_backup line"); and of one key renamed, its value kept ("rename the
key colour to color").

Derived from the task and the start text alone: exactly one line differs; it differs only
by its box's mark, or by a leading comment marker; the item's text stands in the task
whole (a box), or a name of the line (a word of four letters or more: ``nightly_backup``)
stands in the task and on no other line (a comment); and the direction is the one the
task's words ask (unticked only when it says so; commented out only when it says so).
"""

from __future__ import annotations

import json
import re
from typing import Any

from autonomo.agent.verifying_verdict import Verdict

_BOX = re.compile(r"^(?P<head>\s*(?:[-*+]|\d+[.)])?\s*\[)(?P<mark>[ xX])\](?P<item>.*)$")
_COMMENTED = re.compile(r"^(?P<indent>\s*)(?:#|//|;)\s?(?P<rest>\S.*)$")
#: the task asks to take a tick away
_UNTICK = re.compile(r"\bun-?(?:tick|check|mark)|\bnot\s+(?:yet\s+)?(?:done|finished|"
                     r"complete)|\bundone\b|\breopen|\bto\s+\[\s\]", re.IGNORECASE)
#: the task asks to comment a line out
_OUT = re.compile(r"\bcomment\w*\s+(?:\w+\s+){0,4}?out\b|\bdisabl|\bdeactivat", re.IGNORECASE)
#: the task asks to put a commented line back in force
_IN = re.compile(r"\bun-?comment|\benabl|\bactivat|\b(?:remov|drop|delet|strip)\w*\s+"
                 r"[^.;]{0,20}?(?:#|//|;|comment)|\b(?:turn|switch)\w*\s+[^.;]{0,30}?\bon\b",
                 re.IGNORECASE)


def _box(task: str, a: re.Match[str], b: re.Match[str], lines: list[str]) -> Verdict | None:
    if a.group("head") != b.group("head") or a.group("item") != b.group("item") \
            or a.group("mark").lower() == b.group("mark").lower():
        return None
    item = a.group("item").strip().rstrip(".;,").lower()
    if not item or item not in task.lower():
        return Verdict.no("edit", "the task does not name the item whose box changed")
    if sum(item in line.lower() for line in lines if _BOX.match(line)) != 1:
        return Verdict.no("edit", "the item's words stand on more than one checklist line")
    if (b.group("mark") == " ") != bool(_UNTICK.search(task)):
        return Verdict.no("edit", "the box changed the other way than the task asks")
    return Verdict.yes("edit", f"the box of {item!r} is now "
                               f"{'unticked' if b.group('mark') == ' ' else 'ticked'}; "
                               "nothing else changed")


def _comment(task: str, was: str, now: str, lines: list[str]) -> Verdict | None:
    a, b = _COMMENTED.match(was), _COMMENTED.match(now)
    if a and not b and a.group("indent") + a.group("rest") == now:
        plain, wanted = now, _IN.search(task) and not _OUT.search(task)
    elif b and not a and b.group("indent") + b.group("rest") == was:
        plain, wanted = was, _OUT.search(task) and not _IN.search(task)
    else:
        return None
    if not wanted:
        return Verdict.no("edit", "the line was commented the other way than the task asks")
    said = task.lower()
    names = {w for w in re.findall(r"[A-Za-z_][\w-]{3,}", plain.lower()) if w in said
             and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", said)}
    if not names or any(w in line.lower() for line in lines if line not in (was, now)
                        for w in names):
        return Verdict.no("edit", "the task's words do not single out the changed line")
    return Verdict.yes("edit", "exactly the named line was commented "
                               f"{'in' if plain == now else 'out'}; nothing else changed")


def by_mark(task: str, before: str, after: str) -> Verdict | None:
    """One line's box flipped, or one line commented out or in, as the task asks."""
    old, new = before.splitlines(), after.splitlines()
    if len(old) != len(new) or before.endswith("\n") != after.endswith("\n"):
        return None
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    if len(changed) != 1:
        return None
    was, now = changed[0]
    a, b = _BOX.match(was), _BOX.match(now)
    if a and b:
        return _box(task, a, b, old)
    return _comment(task, was, now, old)


#: a task that renames a key ("rename", "should be called", "spelled")
_RENAMING = re.compile(r"\b(?:renam\w*|called|spell\w*|spelt)\b", re.IGNORECASE)


def _renamings(old: Any, new: Any) -> list[tuple[str, str]] | None:
    """The (old key, new key) pairs that make ``old`` into ``new``, values and order kept
    (None: they differ otherwise)."""
    if isinstance(old, dict) and isinstance(new, dict):
        if len(old) != len(new):
            return None
        found: list[tuple[str, str]] = []
        for (k, v), (n, w) in zip(old.items(), new.items(), strict=True):
            inner = _renamings(v, w)
            if inner is None:
                return None
            found += inner + ([(k, n)] if k != n else [])
        return found
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        pairs = [_renamings(a, b) for a, b in zip(old, new, strict=True)]
        return None if any(x is None for x in pairs) else [p for x in pairs for p in x or []]
    return [] if old == new and type(old) is type(new) else None


def _said_in_order(task: str, key: str, new: str) -> bool:
    at = [re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", task) for w in (key, new)]
    return bool(at[0] and at[1] and at[0].start() < at[1].start())


def by_renamed_key(task: str, before: str, after: str, is_json: bool) -> Verdict | None:
    """One key renamed to the name the task gives, after the key it names; values kept."""
    if not _RENAMING.search(task):
        return None
    if is_json:
        try:
            pairs = _renamings(json.loads(before), json.loads(after))
        except ValueError:
            return None
    else:
        old, new = before.splitlines(), after.splitlines()
        changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b] \
            if len(old) == len(new) else []
        pairs = None
        if len(changed) == 1:
            a = re.match(r"^(\s*)([A-Za-z_][\w.-]*)(\s*[:=].*)$", changed[0][0])
            b = re.match(r"^(\s*)([A-Za-z_][\w.-]*)(\s*[:=].*)$", changed[0][1])
            if a and b and (a.group(1), a.group(3)) == (b.group(1), b.group(3)) and sum(
                    re.match(rf"\s*{re.escape(a.group(2))}\s*[:=]", x) is not None
                    for x in old) == 1:
                pairs = [(a.group(2), b.group(2))]
    if not pairs or len(pairs) != 1:
        return None
    key, name = pairs[0]
    # (a file's name is no key's: "rename config.json to settings.json" renames a file)
    if not _said_in_order(re.sub(r"[\w-]*(?:[./][\w-]+)*\.[A-Za-z]\w*", " ", task), key, name):
        return Verdict.no("edit", f"the task does not rename {key!r} to {name!r}")
    return Verdict.yes("edit", f"the key {key!r} is now {name!r}, its value kept; nothing "
                               "else changed")
