"""Grounded parameters: a parameter declares which values make sense in the agent's situation.

A command marks a parameter in its JSON schema with ``"x-grounded": <kind>``; on a
grammar-constrained (small, local) model the strategy replaces that parameter's schema by the
values the situation allows, so the grammar cannot produce anything else. On other models the
mark is dropped and the parameter stays a plain string. Kinds:

``file``
    a file the workspace has, or a file name the task mentions (a new file the task asks for)
``new_file``
    a ``file`` the workspace does not have (a copy's or a move's destination: never one it
    would overwrite); with none, a small model is not offered the command
``existing_file``
    a file the workspace has
``folder``
    ``.`` or a folder the workspace has
``named_file``
    a file the task names (the existing ones first) or points at by its kind or folder:
    for commands that destroy or move a file; with none, a small model is not offered the
    command
``text``
    a span of the situation: words of the task, lines or values of the files the agent has
    seen, outputs of its commands; for a code or data file (the command's one path parameter)
    a whole text of the file's shape composed from the task, or free text when none is found
``added_text``
    the same, for text added at the end of a file (of a data file: the lines to add)
``removed_file``
    a file to delete or move away: what the task's removal acts on when its words say
    (``finishing_targets``), else a ``named_file`` the task does not need to stay (never the
    original of a duplicate, nor a file to keep)
``removed_folder``
    a folder the task designates for removal with everything in it ("delete the old_logs
    folder", "remove tmp/ entirely"); never the workspace itself
``named_folder`` and ``new_folder``
    a folder the task asks to rename or move, and the new path it gives for it
``python_file``
    a ``.py`` file the workspace has (one the task names first)
``program_arguments``
    a list of command-line arguments: none, or one value the task states outright (a
    number, a code, a quoted text); kept on a small model, whose optional parameters are
    otherwise dropped, only when there is such a value
``edited_file`` and ``file_text``
    a file whose text the task asks to change, and a piece of that file's own text (a word
    or value the task points at); with them a ``text`` parameter holds what takes the
    piece's place (``strategies.edits`` pairs them)

In Python, annotate the parameter (``path: FilePath``); a plugin or an MCP tool puts the key
in its JSON schema directly.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

GROUNDED_KEY = "x-grounded"
GroundKind = Literal["file", "new_file", "existing_file", "named_file", "removed_file",
                     "folder", "text", "added_text", "edited_file", "file_text", "python_file",
                     "program_arguments", "removed_folder", "named_folder", "new_folder"]
KINDS: tuple[str, ...] = ("file", "new_file", "existing_file", "named_file", "removed_file",
                          "folder", "text", "added_text", "edited_file", "file_text",
                          "python_file", "program_arguments", "removed_folder", "named_folder",
                          "new_folder")
TEXT_KINDS = ("text", "added_text")


def grounded(kind: GroundKind) -> dict[str, str]:
    """The schema mark for ``kind`` (for ``Field(json_schema_extra=...)``)."""
    if kind not in KINDS:
        raise ValueError(f"Unknown grounding kind {kind!r}; choose one of {', '.join(KINDS)}.")
    return {GROUNDED_KEY: kind}


#: a file to write: one the workspace has or one the task names
FilePath = Annotated[str, Field(json_schema_extra=grounded("file"))]
#: a new file beside the others: a copy's or a move's destination
NewFile = Annotated[str, Field(json_schema_extra=grounded("new_file"))]
#: a file to read, run or delete: one the workspace has
ExistingFile = Annotated[str, Field(json_schema_extra=grounded("existing_file"))]
#: a file to delete, move or copy: one the task names if it names any
NamedFile = Annotated[str, Field(json_schema_extra=grounded("named_file"))]
#: a file to delete or move away: one the task's removal acts on
RemovedFile = Annotated[str, Field(json_schema_extra=grounded("removed_file"))]
#: a folder of the workspace, ``.`` included
FolderPath = Annotated[str, Field(json_schema_extra=grounded("folder"))]
#: text to write: a span of what the agent has seen (see above)
GroundedText = Annotated[str, Field(json_schema_extra=grounded("text"))]
#: text to add at the end of a file
AddedText = Annotated[str, Field(json_schema_extra=grounded("added_text"))]
#: a file whose text is changed in place
EditedFile = Annotated[str, Field(json_schema_extra=grounded("edited_file"))]
#: a piece of the text of the command's file
FileText = Annotated[str, Field(json_schema_extra=grounded("file_text"))]
#: a Python program of the workspace, to run
PythonFile = Annotated[str, Field(json_schema_extra=grounded("python_file"))]
#: command-line arguments of a program
ProgramArguments = Annotated[list[str] | None,
                             Field(json_schema_extra=grounded("program_arguments"))]
#: a folder to delete with everything in it
RemovedFolder = Annotated[str, Field(json_schema_extra=grounded("removed_folder"))]
#: a folder to rename or move, and its new path
NamedFolder = Annotated[str, Field(json_schema_extra=grounded("named_folder"))]
NewFolder = Annotated[str, Field(json_schema_extra=grounded("new_folder"))]
