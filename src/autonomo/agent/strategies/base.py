"""A prompt strategy turns agent state into messages and a model response into an action.

The messages are laid out prefix-stable and append-only, so the model's prefix cache is
reused from step to step::

    [system]              never changes during a run (cached per strategy instance)
    [task]                never changes
    [summaries]           changes only when a batch of episodes is compacted
    [episode messages]    appended, one or two messages per step
    [trigger]             per step: relevant memories, notes, the time, the instruction
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field, replace
from typing import Any

from autonomo import prompts
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.grounding import Situation, previews, situation
from autonomo.agent.strategies.looking import Reads
from autonomo.agent.strategies.offered import (
    moves_left,
    not_offered,
    objection_now,
    ungrounded,
)
from autonomo.agent.strategies.repair import failed_args, focused, unwritten
from autonomo.agent.strategies.schema import restoring
from autonomo.llm.types import Completion, Message, ToolSpec
from autonomo.tools.registry import CommandRegistry, CommandResult

#: workspace files listed in a small model's task message
LISTED_FILES = 30
#: commands whose successful output grounds a small model's text arguments
_SEEING = {"read_file", "execute_python_file", "execute_python_code", "execute_shell",
           "list_folder", "search_files"}


def seen_outputs(state: AgentState) -> tuple[tuple[str, str, str], ...]:
    """(command, the file it read or ran, its output) of the current task's successful
    steps."""
    current = len(state.tasks) - 1
    return tuple(
        (e.action.name, str(e.action.arguments.get("path") or ""), e.result.output[:2000])
        for e in state.episodes
        if e.task_index == current and e.action.name in _SEEING and e.result is not None
        and e.result.status == "success")


def done_edits(state: AgentState) -> tuple[tuple[str, str, str], ...]:
    """(file, old, new) of the current task's successful ``replace_text`` steps."""
    current = len(state.tasks) - 1
    return tuple(
        tuple(str(e.action.arguments.get(k) or "") for k in ("path", "old", "new"))  # type: ignore[misc]
        for e in state.episodes
        if e.task_index == current and e.action.name == "replace_text"
        and e.result is not None and e.result.status == "success")


@dataclass
class Turn:
    """What varies per step; it goes after the progress and is never kept in the history."""

    now: str
    memories: list[str] = field(default_factory=list)
    note: str = ""


@dataclass
class ModelRequest:
    """The options a strategy needs for the call, besides the messages."""

    schema: dict[str, Any] | None = None
    tools: list[ToolSpec] | None = None


class PromptStrategy(ABC):
    """Base of the strategies; subclasses set ``name`` and ``template``."""

    name: str = ""
    template: str = ""
    #: the finish check asks for positive evidence too (``agent.finish_evidence``)
    finish_evidence: bool = True

    def __init__(self, commands: CommandRegistry, *, compact: bool = False) -> None:
        self.commands = commands
        #: small models: tighter schema (short thoughts, string length caps)
        self.compact = compact
        self._requests: dict[tuple[frozenset[str], Situation | None], ModelRequest] = {}
        #: episode number -> (the result object rendered, chars, its messages); episodes are
        #: immutable once they have a result, so each is rendered once
        self._episodes: dict[int, tuple[CommandResult | None, int, list[Message]]] = {}
        #: episode number -> (the result object, chars, tokens of those messages)
        self._episode_tokens: dict[int, tuple[CommandResult | None, int, int]] = {}
        #: the latest rendering of each per-step part, by what it was rendered from: the
        #: same inputs give the same message (or text) without rendering it again
        self._rendered: dict[str, tuple[Any, Any]] = {}
        self._look: tuple[str, dict[str, Any]] | None = None
        #: (state id, step, task) and the situation the trigger message was built on
        self._handed: tuple[tuple[int, int, str], Situation] | None = None
        #: the latest trigger message: the episode answering it shows this one in the
        #: history (``prompt_messages``) instead of a copy
        self._sent_trigger: Message | None = None

    def once(self, part: str, key: Any, make: Callable[[], Any], *, copy: bool = False) -> Any:
        """``make()``, unless ``part`` was last made from an equal ``key`` (kept as a deep
        copy with ``copy``, for keys that may change in place)."""
        cached = self._rendered.get(part)
        if cached is None or cached[0] != key:
            cached = (deepcopy(key) if copy else key, make())
            self._rendered[part] = cached
        return cached[1]

    # -- the stable part ---------------------------------------------------------------------
    def system_message(self, state: AgentState) -> Message:
        """Rendered again only when the profile or directives changed (compared with copies
        of the ones it was rendered from)."""
        return self.once("system", (state.profile, state.directives), lambda: (
            Message.system(self.render_system(state))), copy=True)

    @abstractmethod
    def render_system(self, state: AgentState) -> str: ...

    def task_message(self, state: AgentState, index: int) -> Message:
        if index == 0:
            goals, look = list(state.profile.goals), self._first_look(state)
            return self.once("task", (state.tasks[0], goals, look), lambda: Message.user(
                prompts.render(self.template, "task", task=state.tasks[0], goals=goals, **look)))
        return self.once(f"follow_up{index}", state.tasks[index], lambda: Message.user(
            prompts.render(self.template, "follow_up", task=state.tasks[index])))

    def _first_look(self, state: AgentState, reads: Reads | None = None) -> dict[str, Any]:
        """On a small model: the workspace's files and the text of the files the task
        names, taken once when the run starts (a 135M model spends its first steps listing
        and reading otherwise, or writes without reading); ``reads``: the files as the
        step's look reads them."""
        if not self.compact or not state.workspace:
            return {}
        if self._look is None or self._look[0] != state.tasks[0]:
            reads = reads or Reads(state.workspace)
            where = situation(state.workspace, state.tasks[0], reads=reads)
            self._look = (state.tasks[0], {
                "existed": where.files,
                "marks": where.marks,
                "files": where.files[:LISTED_FILES],
                "more_files": max(0, len(where.files) - LISTED_FILES),
                "previews": previews(state.workspace, state.tasks[0], where.said_files,
                                     reads)})
        return self._look[1]

    def shown(self, state: AgentState) -> dict[str, str]:
        """File -> the text the model was shown up front (the first look; none on a large
        model), and "." -> the listing of the workspace it was shown: the finish check
        counts them as seen."""
        look = self._first_look(state)
        if not look:
            return {}
        return {".": "\n".join(look["files"]), **{p.name: p.text for p in look["previews"]}}

    def summaries_message(self, lines: list[str]) -> Message:
        return self.once("summaries", list(lines), lambda: Message.user(
            prompts.render(self.template, "summaries", lines=lines)))

    # -- the appended part --------------------------------------------------------------------
    def cached_episode_messages(self, episode: Episode, result_chars: int) -> list[Message]:
        result = episode.result
        cached = self._episodes.get(episode.number)
        if cached is not None and cached[0] is result and cached[1] == result_chars \
                and result is not None:
            return cached[2]
        cached = (result, result_chars, self.episode_messages(episode, result_chars))
        self._episodes[episode.number] = cached
        self._episode_tokens.pop(episode.number, None)
        return cached[2]

    def episode_tokens(
        self, episode: Episode, result_chars: int, count_tokens: Callable[[str], int]
    ) -> int:
        """Tokens of the episode's messages, counted once per rendering (the compaction check
        asks for every episode shown in full, every step)."""
        result = episode.result
        cached = self._episode_tokens.get(episode.number)
        if cached is not None and cached[0] is result and cached[1] == result_chars \
                and result is not None:
            return cached[2]
        messages = self.cached_episode_messages(episode, result_chars)
        tokens = sum(count_tokens(m.content) for m in messages)
        self._episode_tokens[episode.number] = (result, result_chars, tokens)
        return tokens

    def episode_messages(self, episode: Episode, result_chars: int) -> list[Message]:
        """The instruction the model answered, its reply, then the result, as the model
        will see them from now on."""
        return [
            *self.prompt_messages(episode),
            Message.assistant(episode.action.raw or self.render_action(episode.action)),
            Message.user(self.render_result(episode, result_chars)),
        ]

    def prompt_messages(self, episode: Episode) -> list[Message]:
        """The instruction the episode's action answered: the trigger message sent, when it
        is that one (not rebuilt), else one made from the text kept with the action."""
        prompt, sent = episode.action.prompt, self._sent_trigger
        if not prompt:
            return []
        return [sent if sent is not None and sent.content == prompt else Message.user(prompt)]

    def render_action(self, action: Action) -> str:
        return action.describe()

    def render_result(self, episode: Episode, result_chars: int) -> str:
        result = episode.result
        output = result.output if result else ""
        if len(output) > result_chars:
            output = (
                output[:result_chars]
                + f"\n[… {len(output) - result_chars} more characters not shown]"
            )
        return prompts.render(
            self.template,
            "result",
            number=episode.number,
            command=episode.action.name,  # its arguments are in the reply just above
            status=result.status if result else "interrupted",
            output=output or "(no output)",
            source=episode.source,
        )

    def trigger_message(self, state: AgentState, turn: Turn) -> Message:
        """A new message each step (plugins may edit it); its text is rendered again only
        when what it shows changed."""
        hints: tuple[str, ...] = ()
        if self.compact and state.workspace:
            hints = self.step_situation(state).hints
        key = (turn.now, list(turn.memories), turn.note, state.task, self.compact, hints)
        self._sent_trigger = Message.user(self.once("trigger", key, lambda: prompts.render(
            self.template, "trigger", now=turn.now, memories=turn.memories, note=turn.note,
            task=state.task, small=self.compact, hints=[json.dumps(h) for h in hints])))
        return self._sent_trigger

    # -- the call and its response --------------------------------------------------------------
    def request(self, exclude: frozenset[str] = frozenset(),
                state: AgentState | None = None) -> ModelRequest:
        """Schema or tools for the call, without the commands in ``exclude``; on a compact
        (grammar-constrained) model, with grounded parameters narrowed to ``state``'s
        situation. Each variant is built once."""
        where = (self._step_situation(state)
                 if self.compact and state is not None and state.workspace else None)
        if where is not None and state is not None:
            names = frozenset(self.commands.names())
            objection = objection_now(state, names, self._first_look(state),
                                      self.finish_evidence)
            where = unwritten(failed_args(focused(where, state, objection), state), state)
            if "delete_file" in exclude and (left := moves_left(state, where)):
                # a move made as a copy: removing the original completes it (only that)
                where, exclude = replace(where, focus=left), exclude - {"delete_file"}
            if where.restores:  # a copy over a damaged file from its kept twin, whatever
                exclude -= {c.name for c in self.commands  # the words (its one variant)
                            if restoring(c.parameters_schema())}
            exclude = exclude | not_offered(state, where, names, exclude,
                                            self._first_look(state), seen_outputs(state),
                                            objection)
            exclude = self._grounded_only(exclude, where)
        key = (exclude, where)
        if key not in self._requests:
            if len(self._requests) > 32:  # the workspace keeps changing: keep the latest few
                self._requests.clear()
            self._requests[key] = self.build_request(self.commands.without(exclude), where)
        return self._requests[key]

    def _grounded_only(self, exclude: frozenset[str], where: Situation) -> frozenset[str]:
        """``exclude`` and the commands ``where`` has no file for (``offered.ungrounded``);
        when that leaves none, the looks, else ``finish``, come back (a grammar of no
        command cannot be built; a free path is never the way out)."""
        names = set(self.commands.names())
        # (of every command: one that comes back must not bring a free path with it)
        drop = ungrounded(self.commands, where)
        for back in (frozenset(), frozenset({"list_folder", "read_file"}),
                     frozenset({"list_folder", "read_file", "finish"})):
            if names - ((exclude - back) | drop):
                return (exclude - back) | drop
        return exclude | drop

    def situation(self, state: AgentState) -> Situation:
        """What a small model's grounded arguments may hold this step (each file read once,
        for the first look too when this step takes it)."""
        reads = Reads(state.workspace)
        look = self._first_look(state, reads)
        first = len(state.tasks) == 1
        return situation(state.workspace, state.task, seen_outputs(state),
                         look.get("existed") if first else None, done_edits(state),
                         look.get("marks") if first else None, reads=reads)

    def step_situation(self, state: AgentState) -> Situation:
        """This step's situation, looked at once for the commands' word gates, the trigger
        message and the request (no command runs in between)."""
        key = (id(state), len(state.episodes), state.task)
        if self._handed is None or self._handed[0] != key:
            self._handed = (key, self.situation(state))
        return self._handed[1]

    def _step_situation(self, state: AgentState) -> Situation:
        """The situation the trigger message was just built on, if it was built for this
        state and step (a step builds its messages, then its request, with no command run
        in between: looking at the workspace again would see the same); else a new look."""
        handed, self._handed = self._handed, None
        if handed is not None and handed[0] == (id(state), len(state.episodes), state.task):
            return handed[1]
        return self.situation(state)

    @abstractmethod
    def build_request(self, commands: CommandRegistry,
                      where: Situation | None = None) -> ModelRequest: ...

    @abstractmethod
    def parse(self, completion: Completion) -> Action:
        """The action in the completion; raises ``ModelResponseError`` if there is none."""

    def command_views(self) -> list[dict[str, str]]:
        return [
            {"name": c.name, "signature": self._signature(c), "description": c.description}
            for c in self.commands
        ]

    def _signature(self, cmd: Any) -> str:
        """A small model is shown (and may fill) only the required parameters."""
        if not self.compact:
            return cmd.signature()
        params = ", ".join(f'"{n}"' for n in cmd.parameters_schema().get("required", []))
        return f"{cmd.name}({params})"
