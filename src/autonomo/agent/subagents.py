"""Sub-agents: real agents with their own state, started by a parent and paid from its budget.

The parent's commands (``start_agent``, ``message_agent`` …, in ``tools/subagents.py``) reach
this through ``ctx.services["subagents"]``. A sub-agent runs in continuous mode, within a step
limit, in a workspace of its own in the data directory.

The child's workspace is never a folder *inside* the parent's workspace: code in the parent's
sandbox can put a symlink there (``agents/NAME -> /any/host/folder``) and the child — its
host-side commands and its sandbox's bind mount — would then work in that host folder. Instead
files are exchanged through descriptors, never following a symlink: the parent's
``agents/NAME/`` is copied into the child's workspace when it starts, and the child's files are
copied back there after every run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

from autonomo.agent.agent import Agent
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner, RunResult
from autonomo.agent.state import AgentState
from autonomo.errors import WorkspaceError
from autonomo.tools import fstree
from autonomo.tools.registry import Command
from autonomo.tools.workspace import Workspace

#: most steps a sub-agent takes per task or message
SUBAGENT_STEPS = 15

NewAgent = Callable[..., Agent]
LoadAgent = Callable[..., Agent]
#: the commands a sub-agent does not get (no recursion)
SUBAGENT_COMMANDS = ("start_agent", "message_agent", "list_agents", "delete_agent")


class SubAgentManager:
    def __init__(self, parent: Agent, new_agent: NewAgent, load_agent: LoadAgent) -> None:
        self.parent = parent
        self._new_agent = new_agent
        self._load_agent = load_agent

    def start(self, name: str, task: str, prompt: str | None = None) -> str:
        role = prompt or f"a helper of {self.parent.state.name} that completes one sub-task"
        child = self._new_agent(
            task,
            profile=AgentProfile(name=name.replace(" ", "") or "Helper", role=role),
            parent_id=self.parent.state.id,
            budget=self._remaining_budget(),
            tools=self._child_tools(),
        )
        self._copy_in(child)
        self._run(child)
        return child.state.id

    def message(self, agent_id: str, text: str) -> str:
        child = self._load_agent(self._child_state(agent_id), tools=self._child_tools())
        remaining = self._remaining_budget()
        # the child's own budget counts its whole history; the parent's usage already has
        # what the child spent before, so the child may spend its past plus what is left
        child.state.budget = None if remaining is None else child.state.usage.cost + remaining
        child.follow_up(text)
        result = self._run(child)
        return f"{child.state.name} ({result.status}): {result.reason}"

    def list(self) -> list[dict[str, Any]]:
        return [
            {"id": s.id, "name": s.name, "task": s.task, "status": s.status,
             "result": s.stop_reason}
            for s in self.parent.store.list()
            if s.parent_id == self.parent.state.id
        ]

    def delete(self, agent_id: str) -> None:
        state = self._child_state(agent_id)
        self.parent.store.delete(state.id)

    # ---------------------------------------------------------------------------------------
    def _run(self, child: Agent) -> RunResult:
        before = child.state.usage
        try:
            result = Runner(child, AutoApproval()).run(max_steps=SUBAGENT_STEPS)
            self._copy_out(child)
            return result
        finally:  # the parent pays even when the child's run raised
            self.parent.state.usage = self.parent.state.usage + (child.state.usage - before)

    def _remaining_budget(self) -> float | None:
        budget = self.parent.state.budget
        return None if budget is None else max(0.0, budget - self.parent.state.usage.cost)

    def _child_tools(self) -> list[Command]:
        """The parent's commands (its own functions included), less the sub-agent ones."""
        return [c for c in self.parent.commands if c.name not in SUBAGENT_COMMANDS]

    def _child_state(self, agent_id: str) -> AgentState:
        for state in self.parent.store.list():
            if state.parent_id == self.parent.state.id and agent_id in (state.id, state.name):
                return self.parent.store.load(state.id)
        raise KeyError(f"No sub-agent {agent_id!r}.")

    def _copy_in(self, child: Agent) -> None:
        """What the parent put in ``agents/NAME/`` becomes the child's starting files."""
        parent = Workspace(self.parent.workspace)
        try:
            source = parent.open_folder(("agents", shared_folder(child.state.name)))
        except (FileNotFoundError, NotADirectoryError, WorkspaceError):
            return  # nothing prepared (a symlink there is ignored, never followed)
        try:
            _copy(source, child.workspace)
        finally:
            os.close(source)

    def _copy_out(self, child: Agent) -> None:
        """The child's files, copied to ``agents/NAME/`` in the parent's workspace."""
        folder = ("agents", shared_folder(child.state.name))
        target = Workspace(self.parent.workspace).open_folder(folder, create=True)
        try:
            source = os.open(child.workspace, fstree.DIR_FLAGS)
            try:
                fstree.copy_tree(source, target)
            finally:
                os.close(source)
        except OSError as exc:
            raise WorkspaceError(
                f"The files of sub-agent {child.state.name!r} could not be copied to "
                f"{'/'.join(folder)}: {exc.strerror or exc}."
            ) from exc
        finally:
            os.close(target)


def shared_folder(name: str) -> str:
    """The folder name in the parent's ``agents/`` for a sub-agent called ``name``."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name).lstrip(".") or "helper"


def _copy(source: int, workspace: os.PathLike[str]) -> None:
    target = os.open(workspace, fstree.DIR_FLAGS)
    try:
        fstree.copy_tree(source, target)
    finally:
        os.close(target)
