"""Every built-in command, registered through the same pluggy hook a plugin uses.

The ``autonomo`` entry point ``builtin_commands`` points here. Commands that need permission
(shell, downloads, cloning, code execution without a sandbox) carry an ``enabled`` check on
the settings, so ``CommandRegistry.select(settings=…)`` offers exactly what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable

from autonomo.plugins.hookspecs import hookimpl
from autonomo.tools import (
    code_review,
    control,
    execution,
    file_ops,
    files,
    folder_ops,
    search,
    subagents,
    text_edit,
    web,
)
from autonomo.tools.registry import Command, CommandRegistry

BUILTIN_COMMANDS: tuple[Command, ...] = (
    # files
    files.read_file,
    files.write_file,
    files.append_to_file,
    files.delete_file,
    files.list_folder,
    file_ops.copy_file,
    file_ops.rename_file,
    folder_ops.delete_folder,
    folder_ops.rename_folder,
    text_edit.replace_text,
    search.search_files,
    # code and shell
    execution.execute_python_code,
    execution.execute_python_file,
    execution.execute_shell,
    execution.check_job,
    execution.kill_job,
    execution.list_jobs,
    # web
    web.web_search,
    web.read_webpage,
    web.download_file,
    web.clone_repository,
    # control, memory, code helpers
    control.finish,
    control.ask_user,
    control.think,
    control.do_nothing,
    control.recall,
    code_review.analyze_code,
    code_review.improve_code,
    code_review.write_tests,
    # sub-agents
    subagents.start_agent,
    subagents.message_agent,
    subagents.list_agents,
    subagents.delete_agent,
)


@hookimpl
def register_commands(register: Callable[[Command], None]) -> None:
    for cmd in BUILTIN_COMMANDS:
        register(cmd)


def builtin_registry() -> CommandRegistry:
    """A registry with every built-in command (enabled or not; use ``select`` to filter)."""
    registry = CommandRegistry()
    for cmd in BUILTIN_COMMANDS:
        registry.register(cmd)
    return registry
