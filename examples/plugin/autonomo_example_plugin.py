"""An example autonomo plugin: one new command, a guard on another, and a response log.

Install it next to autonomo (``pip install -e examples/plugin``); autonomo finds it through
the ``autonomo`` entry-point group and calls the hooks it implements - only those.
"""

from __future__ import annotations

from autonomo.plugins.hookspecs import hookimpl
from autonomo.tools.context import CommandContext
from autonomo.tools.registry import command

#: file names the agent may never delete
PROTECTED = ("README.md", "LICENSE")


@command(category="files")
def word_count(ctx: CommandContext, path: str) -> str:
    """Count the words in a text file of the workspace.

    Args:
        path: file path relative to the workspace
    """
    text = (ctx.workspace / path).read_text(encoding="utf-8")
    return f"{path} has {len(text.split())} words."


class ExamplePlugin:
    def __init__(self) -> None:
        self.responses: list[str] = []

    @hookimpl
    def register_commands(self, register):
        register(word_count)

    @hookimpl
    def pre_command(self, agent, name, arguments):
        if name == "delete_file" and str(arguments.get("path", "")).endswith(PROTECTED):
            return f"{arguments['path']} is protected by the example plugin."
        return None

    @hookimpl
    def on_response(self, agent, completion):
        self.responses.append(completion.text)


plugin = ExamplePlugin()
