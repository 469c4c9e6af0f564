"""What a step's grounded parameters may name (``Situation``), and the values each grounding
kind allows in it; ``grounding.situation`` reads the task and the workspace into one."""

from __future__ import annotations

from dataclasses import dataclass

from autonomo.agent.strategies.designation import Designated
from autonomo.agent.strategies.names import related_names

#: grounding kinds whose values are paths (narrowed to the files in focus); all of them are
#: closed: with no value the situation allows, a command that requires one is not offered
#: (never a free path: a 135M model given one for a new file without an ending wrote
#: ``/path/to/file.json``; never any file for one it destroys, moves or creates; never a
#: folder not designated to remove or move)
_PATH_KINDS = ("file", "new_file", "existing_file", "named_file", "removed_file", "python_file")
CLOSED_KINDS = (*_PATH_KINDS, "removed_folder", "named_folder", "new_folder")


@dataclass(frozen=True)
class Situation:
    """What grounded parameters may name: the workspace's files and folders, the file
    names the task mentions, and the texts a text argument may hold (``spans``)."""

    files: tuple[str, ...] = ()
    folders: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    #: the values the task's words point at most (shown to the model)
    hints: tuple[str, ...] = ()
    #: the workspace's files when the task started (None: unknown)
    existed: tuple[str, ...] | None = None
    #: (code or data file, its whole texts, texts to add at its end) composed from the task
    composed: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    #: files the task names by kind (``.bak files``), and files it says to keep
    matching: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    #: new paths in the folders the task names, for the files it names ("move a.txt into
    #: the old folder": ``old/a.txt``)
    moved: tuple[str, ...] = ()
    #: bare new names the task gives that go into a folder it sends a file to ("to b/ and
    #: call it c.txt": ``moved`` holds ``b/c.txt``; ``c.txt`` alone is no path)
    placed: tuple[str, ...] = ()
    #: files the task points through at another file they name (never the one to destroy)
    pointers: tuple[str, ...] = ()
    #: values the task states that a program it names may be given as its argument
    arguments: tuple[str, ...] = ()
    #: "line": the arguments are a command line the task gives, that list only; "given":
    #: the task gives the program arguments, never none (``programs.arguments_as``)
    arguments_as: str = ""
    #: new lines in the shape of the lines of a file the task names (``shapes``)
    shaped: tuple[str, ...] = ()
    #: (file the task names, ((piece of its text, what may replace it), ...)) (``edits``)
    edits: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = ()
    #: the files the step is about (``repair``: those the finish check's objection names):
    #: a path parameter that may name one of them names only those
    focus: tuple[str, ...] = ()
    #: what the programs the agent ran printed, whole (a data file's text: "its output is
    #: JSON, store it in m.json")
    printed: tuple[str, ...] = ()
    #: the files the task's removal acts on, and those it needs to stay
    #: (``finishing_targets.roles``)
    objects: tuple[str, ...] = ()
    protected: tuple[str, ...] = ()
    #: the argument lists a run of a program failed with (``repair.failed_args``)
    failed_args: tuple[tuple[str, ...], ...] = ()
    #: the texts the current task already wrote to its one file to write (``repair``):
    #: not offered again while others are left
    tried: tuple[str, ...] = ()
    #: the files read whole since the workspace last changed: not offered to read again
    #: while others are left
    read: tuple[str, ...] = ()
    #: Python programs the task names whose code has no call that prints or writes
    #: (``may_print``): a run of one tells nothing; its text is what the task is about
    silent: tuple[str, ...] = ()
    #: the folders the task names (``names.named_folders``)
    places: tuple[str, ...] = ()
    #: files the task names whose whole text is one of ``texts`` (read from, not written to)
    sources: tuple[str, ...] = ()
    #: (file the task names that was there, its lines) as the agent has seen them
    held: tuple[tuple[str, frozenset[str]], ...] = ()
    #: names of the task no word marks as a file's (``names.loose_names``): a file to write
    #: when there is no other (an empty workspace, "set up a .gitignore")
    loose: tuple[str, ...] = ()
    #: the one file the task describes, naming none that is there (``names.described``)
    described: tuple[str, ...] = ()
    #: files the task names that are another name's source: a copy's, a move's or a new
    #: version's ("back up a.json into bak/", "a.jsn -> a.json", "summarise r.md in r_sum.md")
    copied: tuple[str, ...] = ()
    #: the files the task's words name (``task_files``, read once a step: ``unneeded`` too)
    said_files: tuple[str, ...] = ()
    #: (kept copy, damaged twin) a copy may overwrite (``designation.restorable``)
    restores: tuple[tuple[str, str], ...] = ()
    #: the designations read when the task started (``designation.designated``)
    marks: Designated | None = None
    #: the named files the task's text goes to ("to a.md"; ``designation.written_to``)
    written: tuple[str, ...] = ()
    #: files that were there the task names only in its questions while the rest of it
    #: points at another file for the answer (``asked_only``): read, never written
    asked_of: tuple[str, ...] = ()
    #: folders the task removes whole, and (folder, new path) of those it renames or moves
    #: (``folders``)
    gone_folders: tuple[str, ...] = ()
    folder_moves: tuple[tuple[str, str], ...] = ()
    top: bool = False  #: a file goes to the top of the workspace ("at the top level")

    def changeable(self, path: str, read: bool = False) -> bool:
        """Whether a write, an append or an edit may change ``path``: a file the agent made
        in this task, or one that was there that the task designates for a change of its
        text (names, by its kind, or describes); never one it keeps, points through,
        removes, or copies or moves elsewhere, nor a file merely there; nor one it reads
        from (``sources``) unless ``read`` (all it names are: "swap a.txt and b.txt")."""
        if path not in (self.existed if self.existed is not None else self.files):
            return True
        if self.written and path not in self.written:
            return False  # (the text goes elsewhere: "as in b.md, add x to a.md")
        if path in self.asked_of and not self.written:
            return False  # (asked about, the answer goes elsewhere: "what is in a.txt? …")
        return path in {*self.named, *self.matching, *self.described} and path not in {
            *self.kept, *self.pointers, *self.objects, *self.copied,
            *(() if read else self.sources)}

    def news(self, texts: tuple[str, ...] | list[str]) -> list[str]:
        """``texts`` but those every file to add to already holds line by line (appending
        them adds nothing: a 135M model appended a name the list had); all of them when
        none is new."""
        targets = [dict(self.held).get(path) for path in self.values("file")]
        if not targets or any(lines is None for lines in targets):
            return list(texts)
        new = [t for t in texts if not all(
            {line.strip() for line in t.splitlines()} <= lines for lines in targets if lines)]
        return new or list(texts)

    def composed_for(self, path: str, kind: str) -> tuple[str, ...]:
        """The composed texts of ``path`` for a text parameter of ``kind``."""
        for name, whole, added in self.composed:
            if name == path:
                return added if kind == "added_text" else whole
        return ()

    def values(self, kind: str) -> list[str]:
        """The allowed values for a grounding kind; empty when nothing fits; only the
        files in focus when some of them fit."""
        values = self._values(kind)
        if self.focus and kind in _PATH_KINDS:
            return [v for v in values if v in self.focus] or values
        return values

    def _beside(self) -> list[str]:
        """A new name the task gives without a folder, in the folder of the files it names
        there (all in one), a folder it does not name apart as a place (a move "out of
        drafts" leaves it; "a copy of t/a.html called b.html" is beside it)."""
        new = [n for n in self.named if "/" not in n and n not in (self.existed or self.files)
               and n not in self.placed]
        folders = {name.rpartition("/")[0] for name in self.named if name in self.files}
        if len(folders) != 1 or not (folder := folders.pop()) or folder in self.places or self.top:
            return []  # (files in more than one folder, at the top, or sent to the top)
        return [f"{folder}/{n}" for n in new]

    def edited(self) -> tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]:
        """``edits``, of the files in focus when some are edited."""
        return tuple(e for e in self.edits if e[0] in self.focus) or self.edits

    def _values(self, kind: str) -> list[str]:
        if kind == "existing_file":
            files = list(self.files or self.named)
            return [f for f in files if f not in self.read] or files
        if kind == "removed_file":
            # what the task's removal acts on (``finishing_targets.roles``), never a file it
            # needs to stay (the original of a duplicate, a file to keep): the finish check
            # reads the task the same way; never a file it does not designate (a 135M model
            # deleted the CV for "the cover letter for Acme", the spreadsheet it was to
            # keep): with none designated, nothing is offered (``CLOSED_KINDS``)
            objects = [n for n in self.objects if n in self.files]
            named = self._designated()
            if free := objects or [n for n in named if n not in self.protected]:
                return free
            # else a file the task gives a new name for (the same ending or stem: "temp.csv
            # holds our records; give it a proper name: herbarium.csv"): moved, not lost
            new = self._values("new_file")
            return [n for n in named if n in self.files
                    and any(related_names(n, m) for m in new)]
        if kind == "named_file":
            named = self._designated(gone=True)
            if not named:
                # a task that names no file to act on picks by what they hold ("delete the
                # empty files"): any file but those it keeps (none: the command is not
                # offered, ``CLOSED_KINDS``)
                return [f for f in self.files if f not in self.kept]
            return named
        if kind == "new_file":
            # a copy's or a move's destination: never a file that is there (it would be
            # lost: a 135M model copied a file, then moved the original over the copy);
            # in a folder the task names, made or not ("into old_games/"); a bare new name
            # there or beside the file in its folder ("a copy of t/a.html called b.html")
            beside = self._beside()
            bare = {v.rsplit("/", 1)[-1] for v in beside}
            # (nor one that was there when the task started: a 135M model renamed a.mdx to
            # a.md as asked, then a.md back to a.mdx)
            return [v for v in dict.fromkeys([*self.moved, *(
                v for v in self._values("file") if v not in bare), *beside])
                if v not in self.files and v not in (self.existed or ()) and v not in self.placed]
        if kind == "folder":
            return [".", *self.folders]
        if kind == "removed_folder":
            return [f for f in self.gone_folders if f in self.folders]
        if kind in ("named_folder", "new_folder"):
            return list(dict.fromkeys(pair[kind == "new_folder"] for pair in self.folder_moves
                                      if pair[0] in self.folders))
        if kind == "python_file":
            programs = [f for f in self.files if f.endswith(".py")]
            return [*[n for n in self.named if n in programs],
                    *[f for f in programs if f not in self.named]]
        if kind == "file":
            # a file the task names that does not exist yet is what it asks to write: a
            # small model otherwise overwrites the file it was to read
            new = [n for n in self.named if n not in (self.existed or self.files)
                   and n not in self.placed]
            # "into the old folder": there, not over a file it has (a folder the task
            # names that is not there is a place to copy or move to, not to write in:
            # ".gitignore - add node_modules/")
            if moved := [m for m in self.moved if m.rsplit("/", 1)[0] in self.folders]:
                return list(dict.fromkeys([*moved, *new]))
            # (not a file whose whole text is a text to write: its source, "the people in
            # a.txt to the end of b.txt": a 135M model appended them to a.txt; nor one that
            # was there that the task does not designate for a change, ``changeable``: a
            # 135M model appended junk to a copy's source and to a program merely there)
            named = (*self.named, *self.described)
            return new or [n for n in named if self.changeable(n)] or [
                n for n in named if self.changeable(n, read=True)] or [
                n for n in self.loose if self.changeable(n) and not named]
        return []

    def _designated(self, gone: bool = False) -> list[str]:
        """The files the task names, by name, kind or description, but those it keeps or
        points through; those the workspace has (``gone``: their names once all are gone,
        the command then fails harmlessly)."""
        # (not one in a folder the task removes or moves whole: it goes with the folder; a
        # 135M model moved a photo out of the folder it had just renamed)
        whole = (*self.gone_folders, *(old for old, new in self.folder_moves),
                 *(new for old, new in self.folder_moves))
        named = [n for n in dict.fromkeys((*self.named, *self.matching, *self.described))
                 if n not in self.kept and n not in self.pointers
                 and not any(n.startswith(f + "/") for f in whole)]
        there = [n for n in named if n in self.files]
        return there or (named if gone else [])
