"""The agent's situation: what a step sees of the task and the workspace.

Schemas are narrowed to it in ``narrowing`` (see ``tools.grounding``)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from autonomo.agent.finishing_targets import roles
from autonomo.agent.strategies import (
    affixes,
    compose,
    composed_files,
    datatypes,
    derived,
    edits,
    facts,
    placing,
    printing,
    ranking,
    scaled,
    shapes,
    spans,
    stated_text,
    transforms,
    twostep,
)
from autonomo.agent.strategies import objects as adding
from autonomo.agent.strategies.designation import (
    Designated,
    designated,
    removal_objects,
    restorable,
    written_to,
)
from autonomo.agent.strategies.folders import moved_folders, named_apart, removed_folders
from autonomo.agent.strategies.listing import listing_facts
from autonomo.agent.strategies.looking import (  # (re-exported: tests, benchmarks)
    MAX_DEPTH as MAX_DEPTH,
)
from autonomo.agent.strategies.looking import MAX_ENTRIES as MAX_ENTRIES
from autonomo.agent.strategies.looking import MAX_SCANNED as MAX_SCANNED
from autonomo.agent.strategies.looking import Reads, previews, workspace_entries
from autonomo.agent.strategies.names import (  # (re-exported: the finish check reads them)
    KIND_NAMED,
    given_names,
    kept_places,
    loose_names,
    named_folders,
    new_names,
    read_mentions,
    resolve,
    task_files,
)
from autonomo.agent.strategies.names import (
    mentioned_files as mentioned_files,
)
from autonomo.agent.strategies.naming import asks_new_name
from autonomo.agent.strategies.programs import (
    arguments_as,
    is_code,
    program_arguments,
    silent_programs,
    without_command_lines,
)
from autonomo.agent.strategies.programs import may_print as may_print  # (re-exported)
from autonomo.agent.strategies.situations import (  # (re-exported: callers, tests)
    CLOSED_KINDS as CLOSED_KINDS,
)
from autonomo.agent.strategies.situations import Situation
from autonomo.agent.task_text import analysed
from autonomo.tools.workspace import Workspace

MAX_HINTS = 3
#: stated values a program may be given as its arguments at most
MAX_ARGUMENTS = 4
#: files a task says must stay by their kind: "keep the .txt files"
_KEPT_KIND = re.compile(r"\b(?:keep|keeping|leave|leaving|except|not)\s+(?:the\s+|all\s+|any\s+)*"
                        r"\*?\.([A-Za-z][A-Za-z0-9]{0,7})\b", re.IGNORECASE)
#: a task that points at a file through another one ("x.txt names a file. Delete that file")
_POINTED = re.compile(r"\b(?:that|this|the named|the listed|the mentioned) file\b|"
                      r"\bfile (?:it|that it|which it) (?:names|mentions|lists)\b", re.I)
#: a file a task says must stay: "keep notes.txt", "but not b.txt", "except a.md"
_KEPT = re.compile(r"\b(?:keep|keeping|leave|leaving|except|but not|(?:do not|don't|dont|never)"
                   r"\s+(?:touch|change|modify|edit|delete|remove|move|rename|overwrite))"
                   r"\s+(?:the\s+)?(?:file\s+)?"
                   r"(\w[\w./-]*\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/-])", re.IGNORECASE)


def situation(workspace: Path | str, task: str,
              outputs: tuple[tuple[str, str, str], ...] = (),
              existed: tuple[str, ...] | None = None,
              edited: tuple[tuple[str, str, str], ...] = (),
              marks: Designated | None = None, reads: Reads | None = None) -> Situation:
    """The situation of an agent working on ``task`` in ``workspace`` (hidden entries
    skipped); ``outputs``: (command, file, text) the agent has seen, for text arguments;
    ``existed``: the files when the task started (a file the task names that was not there
    is the file to write, even after it has been written once); ``edited``: (file, old,
    new) of the replacements made (never undone); ``marks``: the designations read when
    the task started (``Situation.marks``: once the described file is deleted, no other
    fits in its place); ``reads``: the files' texts as this look read them (each once)."""
    # (a hostile task's 100 KB token stalled a step: ``task_text``; a NUL reads as a mark)
    task = analysed(task).replace("\x00", " ")
    reads = reads or Reads(workspace)
    files, folders = workspace_entries(workspace)
    named = said_files = task_files(task, workspace, [*files, *(  # (and once gone)
        f for f in existed or () if f not in files)])
    # (a hidden file the task names is one of the workspace's files: ".gitignore")
    files += [n for n in named if n not in files
              and Workspace(workspace).kind(n) == "a regular file"]
    # (and one the task spells in a folder it names: "the .DS_Store files in design/")
    files += [p for d in named_folders(task, folders) for t in re.findall(
        r"(?<![\w/.])\.[A-Za-z][\w.~#-]*\w", task) if (p := f"{d}/{t}") not in files
        and Workspace(workspace).kind(p) == "a regular file"]
    known: list[facts.Fact] = [*listing_facts(files, folders), *datatypes.dated_files(files)
                               ] if len(files) > 1 else []
    instructions = task
    texts: dict[str, str] = {}  # the files' texts seen, in the task's order
    pointers: tuple[str, ...] = ()
    for shown in previews(workspace, task, named, reads):
        if existed is not None and shown.name not in existed:
            continue  # a file the agent wrote: its own words, not the task's evidence
        known += facts.file_facts(shown.name, shown.text)
        known += derived.derived_facts(shown.name, shown.text, task)
        texts[shown.name] = shown.text
        if is_code(shown.name, shown.text):
            pass  # "glob.glob", "os.remove" in a program's text name no files
        elif more := read_mentions(shown.name, shown.text, files):  # "write yes to
            named += more  # answer.txt" in a file: instructions, words of the task
            instructions += "\n" + shown.text
            pointers += (shown.name,) if _POINTED.search(task) else ()
    # (and a name it gives a new file with no ending: "a file named room_b")
    places = named_folders(task, folders)
    # (of a file named apart from its folder too: "in a/ there's b.txt - fix its name")
    there = resolve(named, files, places)
    named = twostep.with_named_files(task, [*named, *new_names(  # ("<code>.md": PX-318.md)
        task, [*named, *there.values()], files), *given_names(task, files, folders)], texts)
    # (the task's own words decide the roles; the names are then the workspace's when the
    # task started: once the file is deleted, its name is not another file's)
    start = files if existed is None else existed
    removal, paths = roles(task, named), resolve(named, start, places)
    named_as_said = named
    named = tuple(dict.fromkeys(paths.get(n, n) for n in named))
    kept_kinds = {m.lower() for m in _KEPT_KIND.findall(task)}
    # (an ending inside a name the task spells out is no kind: "'a (copy).md'")
    unnamed = task
    for name in sorted(named, key=len, reverse=True):
        unnamed = unnamed.replace(name.rpartition("/")[2], " ") if " " in name else unnamed
    kinds = {m.lower() for m in KIND_NAMED.findall(unnamed)} - kept_kinds
    # (not in a folder the task keeps: "delete the .tmp files but leave keep/ alone")
    spared = kept_places(task, places)
    # (nor in a folder only a clause without the act names: "…, but the ones in src/ are
    # needed")
    apart = (*spared, *named_apart(task, places))
    # (and of the folders it takes them from: "the .tmp files in cache/" are not keep/'s; a
    # 135M model was offered keep/b.tmp to delete)
    matching = placing.of_kind(task, files, kinds, places, apart)
    kept = tuple(_KEPT.findall(task)) + tuple(
        f for f in files if "." in f and f.rsplit(".", 1)[1].lower() in kept_kinds)
    # (of the files there when the task started: a file the agent made or moved is not
    # moved again; a 135M model moved the file it had just moved out of drafts/ back in)
    marks = marks or designated(workspace, task, named, start, files, folders, places)
    # (a folder's files of the kind it names)
    by_kind = [f for f in matching if f in start and f not in kept]  # (not by folder)
    matching += tuple(placing.of_kinds([f for f in marks.inside if f in files], kinds, start))
    moved, placed_names = placing.placed(
        task, [n for n in named if n in files and n in start and n not in kept], by_kind,
        [n for n in named if n not in start], places)
    if found := placing.located(task, [n for n in named if n not in start], places):
        # (a new name given with its folder: "an empty __init__.py in pkg/")
        named = tuple(dict.fromkeys(found.get(n, n) for n in named))
        named_as_said = tuple(dict.fromkeys([*named_as_said, *found.values()]))
        paths.update(found)
    moved = tuple(m for m in moved if m not in files)
    outputs_seen: dict[str, str] = {}  # what commands printed (a JSON text to store)
    for command, source, text in outputs:
        if command == "read_file":
            known += facts.file_facts(source, text)
            known += derived.derived_facts(source, text, task)
            texts.setdefault(source, text)
        else:
            known += facts.output_facts(source or command, text)
            outputs_seen[source or command] = facts.printed(text)
    phrases = spans.task_spans(task, named) + spans.literals(task, named, placeholders=True)
    known += facts.combined_facts(list(texts.items()), task, phrases)
    known += datatypes.differences(texts.items())
    values = derived.not_listed_folder(derived.ranked_of_kind(known, task, named), folders,
                                       task)
    used = ranking.operands(known, values)
    # what the task states outright ("add 17 as a new line"), then a value the task points
    # at in what the agent has seen, or else words of the task
    # (not a value the task gives to compute with: "a stock of 0", "multiply by 3")
    # (a template the task gives filled whole with each value: "Welcome, <that name>!")
    # (from the file the task reads, not the one the line goes to: ``twostep``)
    twofold, read_from = twostep.filled(task, named, texts, written_to(task, named_as_said, paths))
    filled = twofold or spans.fill(twostep.templates(task, named), values)
    # (a command line the task gives is no text to write: ``without_command_lines``)
    literal = [*filled, *spans.literals(without_command_lines(task, named), named),
               *spans.complements(task, named),
               *adding.objects(task, named), *adding.announced(task, named)]  # (whole)
    stated = derived.kind_first(task, [t for t in literal if t not in used and not (
        facts.words(t) and facts.words(t) <= used)], values)  # ("before October 2026")
    # nothing the task's words point at: the values of the files it reads, nearest first,
    # when it reads one file to write another or asks a question (a file it adds to holds
    # what is there already, not what to add); before the task's own phrases when it asks
    # (a value computed from them only when a word of the task names it: not a count of
    # the lines of the file whose name it reads)
    asks = spans.questions(task)
    stated = [*(t for t in stated if t in twofold),  # (a template filled: no selector)
              *derived.without_selectors([t for t in stated if t not in twofold], values,
                                         texts, asks, folders)]
    near: list[str] = []
    if not values and texts and (asks or len(named) > 1):
        # (the values of facts keyed by a word of the task, ranked once for every candidate)
        keyed = set(ranking.rank([f for f in known if f.key & facts.words(task) - facts.STRUCTURE],
                               task, named, facts.NEAR))
        near = [v for v in ranking.rank(known, task, named, facts.NEAR)
                if any(v in text for text in texts.values()) or v in keyed]
    # the answers a task allows ("yes or no"), the one the files seen give first
    answers, ruled_out = derived.alternatives(task, texts,
                                              spans.INSTRUCTION_WORDS | facts.FILLER)
    shown, used = spans.told(task, [*values, *near], texts.values())  # ("", "v4.12.7")
    stated = answers + shown + stated
    if scaled.computed(known, values, task):  # ("double it": the result, not "booked" of
        stated = [t for t in stated if t in values]  # "the sessions booked" beside it)
    if not texts:  # nothing to read: a code the task writes out is stated too
        stated += derived.not_listed_folder(spans.codes(task, named), folders, task)
    # a line added to a file the task names, in the shape of its lines (not to a file it
    # reads for a new file it writes: "Invoice 881" is no shape for "paid 30")
    added = () if any(n not in start for n in named) else named
    shaped = [line for name, text in texts.items() if name in added
              for line in composed_files.shaped(text, task, named)]
    # a piece of the task shaped like a named file's lines is the line to add: the file's
    # own lines and the task's other phrases are not offered beside it (a 135M model took
    # the file's first line, "2026-11-18 fern", for "-> 2026-11-24 fern")
    exact = any(shapes.pieces(text, task, named, spans.INSTRUCTION_WORDS)
                for name, text in texts.items() if name in added)
    # (runs of the task's words shaped like the items of a short-item file it names: a
    # title, a word; only when nothing else is stated or pointed at)
    items = [item for name, text in texts.items() if name in named
             for item in shapes.items(text, task, spans.INSTRUCTION_WORDS, named)]
    # (and the items of an enumeration, one per line: "requests and flask")
    listed = compose.enumerated_lines(task, named)
    # a requirements file's text: a package a line (before what the task states: "5.0")
    packages = compose.requirement_lines(task, named) if any(
        compose.REQUIREMENTS.search(name) for name in named) else []
    # (pins by their shape, for a file of another name, as for a requirements file)
    pins = [] if packages else compose.pinned_lines(task, named)
    seen = {**texts, **outputs_seen}
    # what a program the task names printed, whole: what the task asks to keep of its run
    # ("run split.py with 96 and 4 and save its answer": not the 96 it was given)
    printed = tuple(dict.fromkeys(
        out for command, source, text in outputs
        if command == "execute_python_file" and "STDOUT:\n" in text
        and (out := text.split("STDOUT:\n", 1)[1].split("\nSTDERR:\n", 1)[0].strip())))
    ran = [t for command, source, t in outputs if command == "execute_python_file"
           and source in named] and printed
    # (a 135M model prefers the task's longer phrase to the item or the packages listed:
    # those found, the phrases are not offered)
    phrased = spans.task_spans(without_command_lines(instructions, named), named)
    # a file the task reads put whole through a general transformation, for a new plain
    # file it writes (then not its lines alone, nor the task's phrases or items: a 135M
    # model took one of them)
    reworked, lines = transforms.offered(texts, named, start, asks)
    if reworked:
        near, phrased, items = [v for v in near if v.strip() not in lines], [], []
    texts = spans.choose([*(ran or ()), *shaped, *packages, *pins,
                          *transforms.joined(reworked, texts),  # (files put together: asked whole)
                          *(() if packages or pins else stated),
                          # (a value filled into the task's template: not alone as well)
                          *(() if packages or pins or exact or filled else values or items or [
                              *listed, *reworked, *(near if asks else ()), *phrased,
                              *near])]
                         # nothing fits: the text of a one-line file the task names
                         or [t.strip() for t in texts.values() if t.strip().count("\n") == 0])
    # (a list the task states as lines, or pins: not its parts beside it, whose shorter
    # text a 135M model's likelihood prefers: "sugar 80 g" alone for two amounts)
    lists = [t for t in (*pins, *stated) if "\n" in t.strip()]
    texts = tuple(t for t in texts if t not in ruled_out and t not in used
                  and ("\n" in t.strip() or not any(t in whole and t != whole for whole in lists)))
    texts = adding.only_wholes(texts, [*twofold, *adding.wholes(task, named, stated)])
    # (a template is no text to write once a file is read: "<that total>")
    texts = tuple(t for t in texts if not (seen and twostep.not_content(t, task)))
    texts = tuple(affixes.affixed(task, texts))  # ("with a leading v": v4.12.7)
    if wholes := stated_text.whole_texts(task, named):  # ("the text: …", whole and alone)
        texts = stated_text.offered_first(texts, wholes, task, shaped)
    if ran and any("\n" in out for out in ran):
        # a program the task names printed several lines: what it printed, whole, is the
        # text; a part of it only when a word of the task keys it and the output says it
        # ("the mean it prints" of "mean: 4.5"; not a count of the program's own lines)
        # (a 135M model wrote the lines one by one, each over the last, to the step limit)
        said = facts.words(task) & facts.words("\n".join(ran)) - facts.STRUCTURE
        keyed = set(ranking.rank([f for f in known if f.key & said], task, named))
        texts = tuple(dict.fromkeys([*ran, *(t for t in texts if t in keyed)]))
    texts = printing.narrowed(ran or (), texts, task, named)  # (a part, or all it printed)
    sources = read_from or tuple(  # (a file the task takes from, else one whose text is offered)
        n for n in named if (whole := seen.get(n, "").strip()) and whole in texts)
    held = tuple((n, frozenset(line.strip() for line in seen[n].splitlines() if line.strip()))
                 for n in named if n in seen and n in start)
    hints = tuple((twofold or ([] if stated else values))[:MAX_HINTS])
    taken, protected = removal_objects(task, named, named_as_said, paths, removal, start,
                                     kept, places)
    renaming = asks_new_name(task)  # (once: the task's words, not a file's)
    where = Situation(tuple(files), tuple(folders), named, texts, hints,
                      existed, composed_files.composed(
                          reads, instructions, named,
                          files if existed is None else list(existed), seen), matching,
                      kept, moved, placed_names, pointers,
                      arguments=program_arguments(task, named, files, stated),
                      arguments_as=arguments_as(task, named, files),
                      shaped=tuple(shaped),
                      printed=printed, silent=silent_programs(workspace, named, reads),
                      places=places, sources=sources, held=held,
                      loose=tuple(n for n in loose_names(unnamed) if n not in folders),
                      objects=taken, protected=protected, described=marks.described,
                      # (a file the task asks a new name of is not written: a 135M model
                      # wrote the task's words over the file whose name was to be fixed)
                      copied=(*marks.copied, *(n for n in named if n in start and (
                          renaming))), marks=marks,
                      said_files=said_files,
                      written=written_to(task, named_as_said, paths),
                      asked_of=tuple(paths.get(n, n) for n in spans.asked_only(
                          task, named_as_said) if paths.get(n, n) in start),
                      # (what it takes out of the folder first is saved once a file is new)
                      gone_folders=removed_folders(task, folders, spared, saved=bool(
                          existed is not None and set(files) - set(existed))),
                      folder_moves=moved_folders(task, folders, files, spared),
                      top=bool(placing.TOP.search(task)))
    return replace(where, restores=restorable(workspace, named, start, places, where.changeable),
                   edits=_edits(reads, task, where, edited))


def _edits(reads: Reads, task: str, where: Situation,
           edited: tuple[tuple[str, str, str], ...]) -> tuple[tuple[str, Any], ...]:
    """The edits the task may ask of the files it names that were there when it started and
    that ``where`` lets a step change (``changeable``: only those are searched, a search of
    a few hundred lines costs tens of milliseconds a file); none that would undo a
    replacement made (``edited``)."""
    out = []
    # (the files a field's value may be copied from: ``twostep.field_edits``)
    seen = {n: t for n in where.sources if n in where.files
            and (t := reads.text(n)) is not None}
    for name in where.named:
        if name not in where.files or (where.existed is not None and name not in where.existed) \
                or not where.changeable(name, read=True):
            continue
        if (text := reads.text(name)) is None:
            continue
        made = [(old, new) for path, old, new in edited if path == name]
        found = tuple(
            (piece, kept) for piece, news in (twostep.field_edits(
                task, name, text, seen, where.named) or edits.edits(text, task, where.named, name))
            if not any(new and new in piece for _, new in made)
            and (kept := tuple(n for n in news if not any(old in n for old, _ in made))))
        if found:
            out.append((name, found))
    return tuple(out)
