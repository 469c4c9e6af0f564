"""Honest finishing: ``finish`` is refused while the agent's own record contradicts it.

Checked against what the run itself shows, whatever the strategy or model:

* nothing was done yet (no command succeeded) for a task that names files to work on;
* the finish reason names a file that does not exist (and that the agent did not delete);
* the reason says a file holds a word or a quoted text that the file does not hold;
* the task names a file that does not exist and that no command of the run wrote or deleted;
* a JSON or Python file the run wrote does not parse (or, Python, uses undefined names);
* the task's plain words about its files do not hold: ``keep X``, ``rename X``, ``copy X``
  (see ``finishing_files``), ``delete every .bak file`` (``finishing_changes``);
* what the run did to a file contradicts the task: a file to keep it changed, a text it
  appended twice, a line it glued to the last one, a file it wrote empty
  (``finishing_changes``);
* the text it wrote did not come from where the task says: a program to run that no command
  ran or whose output is not where it should go; a value from a file written as the task's
  own words; a value the task states that no written file holds (``finishing_sources``).

The objection is returned as the finish command's error result: the model reads why, and the
run goes on; a run that never finishes honestly ends stopped or failed, never finished.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from autonomo.agent.episodes import Episode
from autonomo.agent.finishing_answers import (
    echoed_description,
    echoed_operand,
    function_missing,
    literal_missing,
    mixed_pick,
    no_number,
    not_an_option,
    not_extreme,
    unit_value,
    unseen_pick,
    wrong_case,
)
from autonomo.agent.finishing_changes import (
    deleted_unasked,
    empty_written,
    folder_kept,
    folders,
    glued_line,
    kept_changed,
    kept_files,
    kind_left,
    kind_unplaced,
    kinds,
    moved_into,
    named_left,
    overwritten,
    twice,
)
from autonomo.agent.finishing_counts import count_verified, list_incomplete
from autonomo.agent.finishing_evidence import (
    COPY_WORDS,
    made_up_number,
    not_a_copy,
    start_texts,
    unasked_delete,
    unused_input,
    wrong_kind,
)
from autonomo.agent.finishing_evidence import stated_values as given_values
from autonomo.agent.finishing_files import broken_file, json_kind, not_a_file, word_claims
from autonomo.agent.finishing_landed import unlanded_value
from autonomo.agent.finishing_mandate import stray_files, unmandated
from autonomo.agent.finishing_record import Reader, Record, files_below, norm, real_folder
from autonomo.agent.finishing_shapes import (
    column_values,
    kept_old,
    lost_lines,
    missing_columns,
    more_than_a_line,
    out_of_bounds,
    unordered,
    wrong_count,
    wrong_line,
)
from autonomo.agent.finishing_sources import (
    exact_line,
    from_each,
    made_up,
    program_output,
    source_removed,
    stated_values,
    value_files,
)
from autonomo.agent.finishing_targets import (
    asks_removal,
    folder_left,
    objects_left,
    removal_objects,
    rename_lost,
    roles,
)
from autonomo.agent.finishing_values import (
    computed,
    files_listed,
    keyed_value,
    listed,
    nth_line,
)
from autonomo.agent.finishing_whole import (
    asked_value,
    chatter_written,
    described_unlanded,
    described_written,
    fragment_written,
    redirect_partial,
    template_unfilled,
    ungrounded,
    unlanded_whole,
)
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import mentioned_files
from autonomo.errors import AutonomoError
from autonomo.tools.files import read_text
from autonomo.tools.workspace import Workspace

if TYPE_CHECKING:
    from autonomo.agent.agent import Agent

#: commands that change nothing and show nothing: they do not count as work done
_NO_WORK = {"finish", "think", "do_nothing", "ask_user"}
#: "<file> holds X", "<file> contains 'X'"
_CLAIM = re.compile(
    r"(?P<file>[\w./-]+\.[A-Za-z]\w{0,7})\s+(?:now\s+)?(?:holds|contains|has|says|reads)\s+"
    r"(?:the\s+(?:word|text|number|value|line)s?\s+)?(?P<what>'[^']+'|\"[^\"]+\"|[^\s,;.]+)"
    r"(?P<rest>[^,;]*)",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"'([^']{1,200})'|\"([^\"]{1,200})\"")


def _episodes_of_task(state: AgentState) -> list[Episode]:
    current = len(state.tasks) - 1
    return [e for e in state.episodes if e.task_index == current and e.result is not None]


#: commands that only look: they do not do a task that asks for a change
_LOOKING = {"list_folder", "read_file", "search_files", "recall"}
#: words of a task that asks for a change in the workspace
_CHANGING = {"write", "append", "add", "copy", "rename", "delete", "remove", "create", "save",
             "change", "make", "duplicate", "update", "put", "set", "move", "erase", "rid",
             "discard", "purge", "wipe", "store", "backup"}


def _touched(episodes: list[Episode], name: str) -> bool:
    """Whether a successful command of the task named the file (wrote, deleted or handed it
    to a sub-agent …)."""
    return any(
        (norm(value) == name and key not in _BODIES) or (key in _DELEGATING and name in value)
        for e in episodes if e.result is not None and e.result.status == "success"
        for key, value in e.action.arguments.items() if isinstance(value, str)
    )


def _renamed_to(record: Record, name: str, named: tuple[str, ...]) -> bool:
    """Whether the run renamed ``name`` to another file the task names ("give a.txt a
    clearer name: b.txt")."""
    return record.renamed.get(name) in named


#: arguments that carry text to write, not a file to act on
_BODIES = {"content", "code", "text", "body", "reason"}
#: arguments that hand work to someone else (a sub-agent's task or message) or that are code
#: naming the files it works on (a shell line, a Python snippet)
_DELEGATING = {"task", "message", "command", "code"}


def _read(workspace: Workspace, name: str, *, whole: bool = False) -> str | None:
    """The file's text through the workspace's descriptor-based reader (a name swapped for a
    symlink by sandboxed code is refused, never followed), or None when it can't be read
    (``whole``: or was too big to read whole)."""
    try:
        text, _shown, partial_of = read_text(workspace, name)
    except (AutonomoError, OSError):
        return None
    return None if whole and partial_of is not None else text


def _exists(workspace: Path, name: str) -> bool:
    """Whether ``name`` is an entry of the workspace, looked up through folder descriptors
    (a link out of it is not one, a name the system refuses neither)."""
    return Workspace(workspace).exists(name)


def _below(workspace: Path, name: str) -> bool:
    """Whether ``name`` is a file in some folder of the workspace ("everything in drafts/
    except final.txt" names ``drafts/final.txt``)."""
    return "/" not in name and any(p.endswith("/" + name) for p in files_below(workspace))


def whole_names(task: str, named: tuple[str, ...], files: Iterable[str]) -> tuple[str, ...]:
    """``named`` with the names of ``files`` (the workspace's, the run's removed ones, the
    listing shown) that stand whole in ``task`` though the name parse cuts them, having
    spaces, brackets or symbols ('minutes (copy).md', ``.~lock.rota.ods#``); a cut part
    that is no file itself goes."""
    found = [p for p in dict.fromkeys(files)
             if re.search(r"[^\w./-]", base := p.rsplit("/", 1)[-1])
             and re.search(rf"(?<![\w.-]){re.escape(p if p in task else base)}(?![\w-])", task)]
    if not found:
        return named
    known = set(files)
    return tuple(dict.fromkeys([*(n for n in named if n in known or not any(
        n in p.rsplit("/", 1)[-1] for p in found)), *found]))


def agent_objection(agent: Agent, reason: str) -> str | None:
    """``finish_objection`` for ``agent``: its commands, the file texts its strategy showed
    the model up front, and whether its settings ask for positive evidence."""
    found = agent_missing(agent, reason)
    return found.text if found else None


def agent_missing(agent: Agent, reason: str = "") -> Missing | None:
    """``explain`` for ``agent`` (see ``agent_objection``): what a finish now would lack,
    as values (``Missing``) — for a strategy to direct the next step."""
    strategy = agent.strategy
    shown = getattr(strategy, "shown", None)  # a plugin's strategy may not have it
    return explain(agent.state, reason, agent.commands.names(),
                   shown=shown(agent.state) if shown else None,
                   evidence=getattr(strategy, "finish_evidence", True))


#: the reason of a stop the user asked for (not the run's own end: nothing to verify)
USER_STOP = "Stopped by the user."


def not_verified(agent: Agent, reason: str) -> str:
    """``reason`` for a run that ended without an accepted finish, led by why its work is
    not verified (the finish check's objection now), when the check has one."""
    if not agent.state.tasks or reason.startswith(USER_STOP):
        return reason
    objection = agent_objection(agent, "")
    if objection is None:
        return reason
    why = objection.removeprefix("Refused: ").split(". ")[0].rstrip(".")
    return f"Not verified: {why}. {reason}"


@dataclass(frozen=True)
class Missing:
    """Why the finish check refuses, as values a strategy can direct the next step by: the
    rule that objects, the files and the values its objection names, and the objection as
    the model reads it."""

    rule: str
    files: tuple[str, ...]
    values: tuple[str, ...]
    text: str


def _found(rule: str, text: str) -> Missing:
    values = tuple(dict.fromkeys(a or b for a, b in re.findall(r"'([^'\n]+)'|\"([^\"\n]+)\"",
                                                                 text)))
    files = tuple(n for n in mentioned_files(text) if n not in values or "." in n)
    return Missing(rule, files, values, text)


def finish_objection(state: AgentState, reason: str, commands: Collection[str] = (), *,
                     shown: Mapping[str, str] | None = None,
                     evidence: bool = True) -> str | None:
    """Why finishing now contradicts the agent's record, or lacks the evidence the record
    should hold (``evidence``: ``finishing_evidence``), or None (``explain``'s text)."""
    found = explain(state, reason, commands, shown=shown, evidence=evidence)
    return found.text if found else None


def explain(state: AgentState, reason: str, commands: Collection[str] = (), *,
            shown: Mapping[str, str] | None = None, evidence: bool = True) -> Missing | None:
    """Why finishing now contradicts the agent's record, or lacks the evidence the record
    should hold (``evidence``: ``finishing_evidence``), or None: the first of
    ``objections``.

    ``commands``: the agent's command names; an agent that can only look is not asked for a
    change. ``shown``: file -> the text the model was shown up front (a small model's first
    look)."""
    return next(objections(state, reason, commands, shown=shown, evidence=evidence), None)


def objections(state: AgentState, reason: str, commands: Collection[str] = (), *,
               shown: Mapping[str, str] | None = None,
               evidence: bool = True) -> Iterator[Missing]:
    """Every rule's objection to finishing now, in the order the check asks them (lazily:
    ``explain`` takes the first; ``benchmarks/finish_rules.py`` measures each rule)."""
    episodes = _episodes_of_task(state)
    named = mentioned_files(state.task)
    task_words = set(re.findall(r"[a-z]+", state.task.lower()))
    can_change = not commands or any(c not in _NO_WORK | _LOOKING for c in commands)
    idle = _NO_WORK | (_LOOKING if task_words & _CHANGING and can_change else set())
    if named and not any(e.action.name not in idle and e.result
                         and e.result.status == "success" for e in episodes):
        yield _found("nothing_done",
                      "Refused: nothing has been done for this task yet. Use the commands to do "
                      "the task first, then finish.")
    workspace = Path(state.workspace)
    files_ws = Workspace(workspace)
    record = Record.of(episodes)
    named = whole_names(state.task, named, [*files_below(workspace), *record.removed,
                                            *(shown or {}).get(".", "").splitlines()])
    said = {**(shown or {}), **{norm(str(e.action.arguments.get("path", ""))): e.result.output
                                for e in record.episodes if e.action.name == "read_file"
                                and e.result is not None}}
    if lost := unmandated(state.task, record, workspace, said, lambda n: _read(files_ws, n)):
        yield _found("no_mandate", lost)
    for name in mentioned_files(reason):
        if not _exists(workspace, name) and not _touched(episodes, name) \
                and not record.globbed(name):
            yield _found("reason_names_missing",
                          f"Refused: your reason names {name}, but {name} does not exist in the "
                          "workspace. Do the task first, then finish.")
    for claim in _CLAIM.finditer(reason):
        text = _read(files_ws, claim.group("file"))
        what = claim.group("what").strip("'\"")
        single = not claim.group("rest").strip() or claim.group("what")[0] in "'\""
        if text is not None and single and what.lower() not in text.lower():
            yield _found("reason_claim",
                          f"Refused: your reason says {claim.group('file')} holds {what!r}, but it "
                          f"does not. Its text is: {text[:200]!r}. Fix the file, then finish.")
    files: list[str] | None = None
    for quoted in _QUOTED.finditer(reason):
        words = quoted.group(1) or quoted.group(2)
        if files is None:
            files = [t for n in mentioned_files(reason) if (t := _read(files_ws, n)) is not None]
        if files and not any(words.lower() in t.lower() for t in files):
            yield _found("reason_quote",
                          f"Refused: no file your reason names holds {words!r}. Fix the file, then "
                          "finish.")
    written = record.written

    # each file is read once per check (dozens of rules read the written files; nothing
    # changes the workspace while it is judged)
    @functools.cache
    def read(name: str) -> str | None:
        return _read(files_ws, name)

    @functools.cache
    def whole(name: str) -> str | None:
        """(a file cut at the reader's limit would not parse: only whole files are judged)"""
        return _read(files_ws, name, whole=True)
    if broken := not_a_file(named, written, files_ws.kind) \
            or broken_file(sorted(written), whole) or json_kind(state.task, written, whole):
        yield _found("broken_file", broken)
    if claim := word_claims(state.task, named, written, lambda n: _exists(workspace, n),
                            read):
        yield _found("word_claims", claim)
    if left := objects_left(state.task, named, written, lambda n: _exists(workspace, n)):
        yield _found("objects_left", left)
    parts = roles(state.task, named)
    removing = asks_removal(state.task)
    for name in named:
        if _exists(workspace, name):
            continue
        unasked = name in parts.protected or (not removing and name not in parts.objects)
        # a removal worded outside the parse's verbs ("zap a.log") is no proof: only a file
        # the task protects, the source of a copy, or a file the run wrote must stay
        needed = name in parts.protected or (unasked and (
            bool(task_words & COPY_WORDS) or any(w.path == name for w in record.writes)))
        if name in record.removed and needed and not (
                _renamed_to(record, name, named) and not task_words & COPY_WORDS):
            yield _found("removed_named",
                          f"Refused: you removed {name}, but the task does not ask for that: it "
                          f"needs {name} to stay. Recreate it, then do the task.")
            continue
        if name in written and unasked:  # a shell command or a program removed it
            yield _found("written_removed",
                          f"Refused: you wrote {name}, but it no longer exists in the workspace: "
                          "something removed it after the write. Write it again, then finish.")
            continue
        # a name the run wrote into a file is content (a host name), not a file
        if not _touched(episodes, name) and not _below(workspace, name) \
                and not any(
                p.endswith("/" + name) for p in [*record.removed, *record.written]) \
                and not any(name in (read(p) or "") for p in sorted(written)):
            yield _found("named_missing",
                          f"Refused: the task names {name}, which does not exist, and no command "
                          f"wrote it. Do that first, then finish.")
    for rule, objection in _record_objections(state.task, named, record, workspace, read):
        yield _found(rule, objection)
    if evidence:
        for rule, objection in _missing_evidence(state.task, named, record, read, shown or {},
                                                 workspace, commands):
            yield _found(rule, objection)


def _missing_evidence(task: str, named: tuple[str, ...], record: Record, read: Reader,
                      shown: Mapping[str, str], workspace: Path,
                      commands: Collection[str] = ()) -> Iterator[tuple[str, str]]:
    """What positive evidence the record lacks (``finishing_evidence``, ``finishing_shapes``,
    ``finishing_answers``, ``finishing_targets``): each rule's name and its objection."""
    starts = start_texts(named, record, read, shown)
    observed = "\n".join([record.seen(), *starts.values(), *shown.values(),
                          *(w.replaced or "" for w in record.writes),
                          *(record.original(p) or "" for p in sorted(record.written))])
    # what files said (not listings): a file named there is one the task points at
    said = "\n".join([*starts.values(), *(t for n, t in shown.items() if n != "."),
                      *(e.result.output for e in record.episodes if e.result is not None
                        and e.action.name in {"read_file", "execute_python_file"})])

    def finals() -> str:
        return "\n".join(read(p) or "" for p in sorted(record.written))

    def others() -> list[str]:
        return [*shown.values(), record.seen()]

    # what a count or total may be taken from: the files' texts, listings, the task itself
    inputs = [*starts.values(), *shown.values(),
              *(e.result.output for e in record.episodes if e.result is not None
                and e.action.name in {"read_file", "list_folder"})]
    # a removal's other named files are references ("a duplicate of contacts.vcf"): a run
    # that only removes need not use them
    objects = removal_objects(task, named)
    reference = set(named) - objects if objects and not record.writes else set()
    values = given_values(task, named)
    spared = kept_files(task, named) | reference

    def listing(folder: str) -> list[str]:
        return files_below(workspace, folder) if real_folder(workspace, folder) else []

    checks: list[tuple[str, Callable[[], str | None]]] = [
        ("chatter", lambda: chatter_written(record, task, commands)),
        ("stray_file", lambda: stray_files(task, record, {**starts, **shown})),
        ("redirect", lambda: redirect_partial(task, record, read)),
        ("fragment", lambda: fragment_written(task, record, observed)),
        ("unlanded_whole", lambda: unlanded_whole(task, named, record, observed, read,
                                                  lambda n: _exists(workspace, n))),
        ("described", lambda: described_written(task, record)),
        ("template", lambda: template_unfilled(task, record, read)),
        ("ungrounded", lambda: ungrounded(task, record, observed,
                                          [n for n, t in starts.items() if t.strip()])),
        ("described_unlanded", lambda: described_unlanded(task, named, read)),
        ("list_incomplete", lambda: list_incomplete(task, named, record, read, starts)),
        ("asked_value", lambda: asked_value(task, named, record, [said, observed], read)),
        ("unused_input", lambda: unused_input(task, named, spared, record, starts)),
        ("unasked_delete",
         lambda: unasked_delete(task, named, record, folders(task), kinds(task), said)),
        ("unseen_pick", lambda: unseen_pick(task, named, values, record)),
        ("unlanded_value",
         lambda: unlanded_value(task, named, record, observed, finals, bool(starts))),
        ("made_up_number",
         lambda: made_up_number(task, record, observed, inputs, any(starts.values()))),
        ("wrong_kind", lambda: wrong_kind(task, record, read)),
        ("not_a_copy", lambda: not_a_copy(task, named, record, starts, read, others)),
        ("echoed_operand", lambda: echoed_operand(task, values, record, read)),
        ("echoed_description", lambda: echoed_description(task, named, record, read)),
        ("lost_lines", lambda: lost_lines(task, named, record, read, starts)),
        ("wrong_line", lambda: wrong_line(task, named, record, read)),
        ("wrong_count", lambda: wrong_count(task, named, record, starts, read)),
        ("missing_columns", lambda: missing_columns(task, named, record, read)),
        ("unordered", lambda: unordered(task, named, record, starts, read)),
        ("mixed_pick", lambda: mixed_pick(starts, record, read)),
        ("wrong_case", lambda: wrong_case(task, record, read)),
        ("no_number", lambda: no_number(task, record, read)),
        ("literal_missing", lambda: literal_missing(task, record, read)),
        ("function_missing", lambda: function_missing(task, record, read)),
        ("kept_old", lambda: kept_old(task, named, record, starts, read)),
        ("column_values", lambda: column_values(task, named, record, starts, read)),
        ("out_of_bounds", lambda: out_of_bounds(task, record, read)),
        ("not_extreme", lambda: not_extreme(task, starts, record, read)),
        ("unit_value", lambda: unit_value(task, starts, record, read)),
        ("not_an_option", lambda: not_an_option(task, named, record, read)),
        ("folder_left", lambda: folder_left(task, named, listing)),
        ("rename_lost", lambda: rename_lost(task, named, record, starts, read)),
        ("more_than_a_line", lambda: more_than_a_line(task, named, record, read)),
    ]
    if count_verified(task, named, record, read, starts):
        # a count verified against its source: the guesses about numbers give way
        checks = [(r, c) for r, c in checks if r not in _NUMBER_GUESSES]
    return ((rule, found) for rule, check in checks if (found := check()))


#: evidence rules that guess whether a number or a stated value belongs in the answer
_NUMBER_GUESSES = {"made_up_number", "unlanded_value", "unit_value", "echoed_operand"}


#: words of a task that hands the real task to a file ("follow the instruction in memo.txt")
_INSTRUCTED = {"instruction", "instructions", "follow", "says", "tells"}


def _record_objections(task: str, named: tuple[str, ...], record: Record, workspace: Path,
                       read: Callable[[str], str | None],
                       inner: bool = False) -> Iterator[tuple[str, str]]:
    """What the run's own steps say against the finish (``finishing_changes``,
    ``finishing_sources``, ``finishing_values``): each rule's name and objection; for a task
    that hands the work to a file of instructions, the same checks against that file's
    text (once: instructions inside instructions are not followed further)."""
    def exists(name: str) -> bool:
        return _exists(workspace, name)

    kept = kept_files(task, named)
    sources = value_files(task, named, record, exists)
    checks: list[tuple[str, Callable[[], str | None]]] = [
        # (a file to keep said apart from its folder, "not report.odt", is there below it)
        ("kept_changed", lambda: kept_changed(kept, record,
                                              lambda n: exists(n) or _below(workspace, n))),
        ("kind_left", lambda: kind_left(task, workspace, kept)),
        ("folder_kept", lambda: folder_kept(task, workspace)),
        ("kind_unplaced", lambda: kind_unplaced(task, workspace, kept)),
        ("named_left", lambda: named_left(task, named, kept, exists)),
        ("moved_into", lambda: moved_into(task, exists)),
        ("deleted_unasked", lambda: deleted_unasked(task, named, record, read)),
        ("source_removed", lambda: source_removed(task, named, record)),
        ("program_output", lambda: program_output(task, named, record, read)),
        ("empty_written", lambda: empty_written(task, record, read)),
        ("twice", lambda: twice(task, record, read)),
        ("overwritten", lambda: overwritten(task, named, record, read)),
        ("glued_line", lambda: glued_line(task, record, read)),
        ("made_up", lambda: made_up(task, sources, record, read) if sources
         else stated_values(task, named, record, read)),
        ("exact_line", lambda: None if sources else exact_line(task, named, record, read)),
        ("from_each", lambda: from_each(task, sources, record, read)),
        ("keyed_value", lambda: keyed_value(task, named, sources, record, read)),
        ("nth_line", lambda: nth_line(task, sources, record, read)),
        ("computed", lambda: computed(task, named, sources, record, read)),
        ("listed", lambda: listed(task, named, sources, record, read)),
        ("files_listed", lambda: files_listed(task, record, workspace, read)),
    ]
    yield from ((rule, found) for rule, check in checks if (found := check()))
    if inner or not set(re.findall(r"[a-z]+", task.lower())) & _INSTRUCTED:
        return
    for source in sources:
        text = read(source) or ""
        asked = mentioned_files(text)
        if stray := sorted(p for p in record.written if p not in asked and p not in named):
            yield ("instructed_stray",
                   f"Refused: you wrote {', '.join(stray)}, but neither the task nor the "
                   f"instructions in {source} name {'it' if len(stray) == 1 else 'them'}. "
                   f"Do what {source} says, then finish.")
        if asked:
            yield from ((f"instructed_{rule}", objection) for rule, objection in
                        _record_objections(text, asked, record, workspace, read, inner=True))
