"""Edits that flip one line's mark: a checklist item ticked or unticked ("tick off 'write
release notes'", "mark sunscreen as packed", "un-tick the stairs"), a line commented out
or back in ("enable the backup job again", "comment out the debug line").

The line is the file's own: of its lines that carry the mark (a ``[ ]``/``[x]`` box, or a
leading ``#``, ``//`` or ``;``), the one that shares the most words with the task, alone;
the new line is the same line with the mark flipped, and only when the task asks for the
state it does not have yet. A 135M model, offered no such edit, appended "- [x] write
release notes" as a new line under the unticked one.
"""

from __future__ import annotations

import re

from autonomo.agent.strategies.facts import stem

#: a checklist line: its bullet and opening bracket, the box's mark, the rest
_BOX = re.compile(r"^(\s*(?:[-*+]|\d+[.)])?\s*\[)([ xX])(\].*)$")
#: a commented line: its indentation and marker (with one space after it), the rest
_COMMENT = re.compile(r"^(\s*)(#|//|;)( ?)(\S.*)$")
#: a task that asks to tick an item, or to take a tick away
_TICK = re.compile(r"\b(?:tick|check|cross|mark|done|complete|completed|finished)\b"
                   r"|\[[xX]\]", re.IGNORECASE)
_UNTICK = re.compile(r"\bun-?(?:tick|check|mark)\w*|\bnot\s+(?:yet\s+)?(?:done|finished|"
                     r"complete)|\bundone\b|\breopen\w*|\bto\s+\[\s\]", re.IGNORECASE)
#: a task that asks to put a line back in force, or to take it out of force
_ENABLE = re.compile(r"\bun-?comment\w*|\b(?:re-?)?enabl\w+|\b(?:re-?)?activat\w+|"
                     r"\b(?:turn|switch)\w*\s+(?:[\w'-]+\s+){0,3}?on\b|"
                     r"\b(?:remov|drop|delet|strip)\w*\s+(?:[\w'-]+\s+){0,3}?(?:['\"`\u2018\u201c]?"
                     r"(?:#|//|;)|comment)", re.IGNORECASE)
_DISABLE = re.compile(r"\bcomment\w*\s+(?:\w+\s+){0,4}?out\b|\bdisabl\w+|\bdeactivat\w+",
                      re.IGNORECASE)
#: a task that speaks of comments ("uncomment", "commented out", "remove the #")
_COMMENTS = re.compile(r"comment|(?<![\w#])(?:#|//)(?![\w#])", re.IGNORECASE)
#: words too common to choose a line by
_COMMON = {"the", "a", "an", "it", "its", "and", "or", "of", "in", "on", "to", "is", "as",
           "off", "box", "item", "line", "again", "please", "that", "this", "be", "should",
           "tick", "check", "mark", "done", "untick", "uncheck", "comment", "uncomment",
           "enable", "disable", "out", "job", "entry", "after", "all"}


def _words(text: str) -> set[str]:
    return {stem(w) for part in re.findall(r"[^\W\d_]+", text.lower())
            for w in part.split("_") if w} - _COMMON


def _line(lines: list[str], said: set[str]) -> int | None:
    """Of ``lines`` (index, text of the line's item), the one sharing most words with
    the task, if it alone does."""
    scored = [(len(_words(text) & said), i) for i, text in enumerate(lines)]
    best = max((n for n, _ in scored), default=0)
    chosen = [i for n, i in scored if n == best]
    return chosen[0] if best > 0 and len(chosen) == 1 else None


def toggles(text: str, task: str, said_task: str) -> tuple[tuple[str, tuple[str]], ...] | None:
    """(the line, (the line with its mark flipped,)) that ``task`` asks of ``text``; ()
    when the line already has the state asked (nothing to change); None when the task asks
    no such edit of this file. ``said_task``: the task without its file names."""
    said = _words(said_task)
    lines = text.splitlines()
    boxes = [(i, m) for i, line in enumerate(lines) if (m := _BOX.match(line))]
    if (boxes and _TICK.search(said_task)) or (boxes and _UNTICK.search(said_task)):
        # (the item's words, quoted or not; the bracket's state apart)
        at = _line([m.group(3)[1:] for _, m in boxes], said)
        if at is None:
            return None
        i, m = boxes[at]
        mark = " " if _UNTICK.search(said_task) else "x"
        if (m.group(2) == " ") == (mark == " "):
            return ()
        return ((lines[i], (f"{m.group(1)}{mark}{m.group(3)}",)),)
    enable, disable = _ENABLE.search(said_task), _DISABLE.search(said_task)
    if not enable and not disable:
        return None
    commented = [(i, m) for i, line in enumerate(lines) if (m := _COMMENT.match(line))]
    plain = [i for i, line in enumerate(lines) if line.strip() and not _COMMENT.match(line)]
    named = _COMMENTS.search(said_task)
    if enable:  # (a line put back in force: of the commented ones)
        at = _line([m.group(4) for _, m in commented], said)
        if at is None:
            return None
        i, m = commented[at]
        # (without a word of comments, "enable debug" of "debug = false" is a value's edit)
        if not named and len(_words(m.group(4)) & said) <= max(
                (len(_words(lines[j]) & said) for j in plain), default=0):
            return None
        return ((lines[i], (f"{m.group(1)}{m.group(4)}",)),)
    at = _line([lines[i] for i in plain], said)
    if at is None or not named:  # ("disable telemetry": set to false, not commented out)
        return None
    marker = next((m.group(2) for _, m in commented), "#")
    line = lines[plain[at]]
    indent = line[:len(line) - len(line.lstrip())]
    return ((line, (f"{indent}{marker} {line.lstrip()}",)),)


#: a task that switches a setting on, or off ("enable dark_mode", "autosave should be disabled")
_ON = re.compile(r"\b(?:(?:re-?)?enabl\w*|(?:re-?)?activat\w*|(?:turn|switch)\w*\s+"
                 r"(?:[\w'-]+\s+){0,3}?on)\b", re.IGNORECASE)
_OFF = re.compile(r"\b(?:disabl\w*|deactivat\w*|(?:turn|switch)\w*\s+(?:[\w'-]+\s+){0,3}?off)\b",
                  re.IGNORECASE)
#: a setting's line holding a switch: its key and the value's family (true/false, yes/no ...)
_SETTING = re.compile(r"^(?P<head>\s*[\"']?(?P<key>[A-Za-z_][\w.-]*)[\"']?\s*[:=]\s*)"
                      r"(?P<value>true|false|yes|no|on|off|enabled|disabled)(?P<tail>\W*)$",
                      re.IGNORECASE)
_PAIRS = {"true": "false", "yes": "no", "on": "off", "enabled": "disabled"}


def switched(text: str, said_task: str) -> tuple[tuple[str, tuple[str]], ...] | None:
    """The setting a task switches on or off ("enable dark_mode" of ``"dark_mode": false``):
    its line with the value of the same family flipped; () when it already holds that
    state; None when the task switches nothing of this text, or no line alone is named."""
    on, off = _ON.search(said_task), _OFF.search(said_task)
    if bool(on) == bool(off):
        return None
    lines = [(line, m) for line in text.splitlines() if (m := _SETTING.match(line))]
    at = _line([m.group("key").replace("_", " ") for _, m in lines], _words(said_task))
    if at is None:
        return None
    line, m = lines[at]
    value = m.group("value")
    low = value.lower()
    yes = low if low in _PAIRS else next(k for k, v in _PAIRS.items() if v == low)
    wanted = yes if on else _PAIRS[yes]
    if wanted == low:
        return ()
    wanted = wanted.upper() if value.isupper() else (
        wanted.capitalize() if value[0].isupper() else wanted)
    return ((line, (f"{m.group('head')}{wanted}{m.group('tail')}",)),)
