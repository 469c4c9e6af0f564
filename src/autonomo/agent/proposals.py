"""The proposal policy: ask the model for the next action, and deal with what comes back —
an invalid reply is shown to the model and asked again (up to a limit); a repeat of the last
command gets one re-think (with the smart model); a repeat that survives it is refused, and
two refusals in a row end the run. Plugins may edit the prompt and replace the proposal."""

from __future__ import annotations

import time
from dataclasses import dataclass

from autonomo import prompts
from autonomo.agent.agent import Agent
from autonomo.agent.calls import ModelCalls, implemented
from autonomo.agent.context import build_messages, first_full
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import agent_objection
from autonomo.agent.observer import RunObserver
from autonomo.agent.parsing import require_text
from autonomo.agent.recovery import shorten
from autonomo.agent.strategies import Turn
from autonomo.agent.strategies.offered import unneeded
from autonomo.errors import BudgetExceededError, ModelResponseError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion, Message
from autonomo.tools.registry import CommandResult


@dataclass
class Stop:
    """The run must end: with this status, for this reason."""

    status: str
    reason: str


class Proposer:
    def __init__(self, agent: Agent, calls: ModelCalls, observer: RunObserver) -> None:
        self.agent, self.calls, self.observer = agent, calls, observer
        #: the instruction of the proposal being made (kept with the action it produces)
        self._trigger = ""

    def next(self) -> Action | Episode | Stop:
        """The next action, a refused repeat to record, or why the run must stop."""
        max_invalid = self.agent.settings.agent.max_invalid_responses
        note, invalid, model, rethought = "", 0, self.agent.model, False
        exclude = self._unneeded_commands() if model.enforces_schema else frozenset()
        if model.enforces_schema and self._finish_refused():
            exclude = exclude | {"finish"}  # do something about the refusal first
        while True:
            try:
                completion = self._call_proposal(model, note, exclude)
            except BudgetExceededError as exc:
                return Stop("stopped", f"Budget reached: {exc}")
            try:
                action = self._plugin_filter_proposal(self.agent.strategy.parse(completion))
                require_text(action.arguments, action.thoughts)
                action.prompt = self._trigger
            except ModelResponseError as exc:
                invalid += 1
                self.observer.on_invalid_response(self.agent.state, str(exc), invalid)
                if invalid >= max_invalid:
                    return Stop("failed", f"The model gave {invalid} invalid responses in a "
                                          f"row; the last: {exc}")
                note = f"Your last reply was invalid: {exc} Reply again, in the format given."
                continue
            if not self._is_repeat(action):
                return action
            if rethought:
                return self._refuse_repeat(action)
            rethought, model = True, self.agent.smart_model or self.agent.model
            note = self._repeat_note(action)
            if model.enforces_schema and action.name != "finish":
                # a grammar-constrained model cannot even propose the same command again
                exclude = exclude | {action.name}
            smart = self.agent.smart_model not in (None, self.agent.model)
            self.observer.on_note(
                self.agent.state,
                f"Repeat of {shorten(action.describe())} caught; re-thinking"
                + (" with the smart model." if smart else "."))

    def _call_proposal(self, model: ChatModel, note: str,
                       exclude: frozenset[str] = frozenset()) -> Completion:
        state, agent = self.agent.state, self.agent
        if not note and agent.strategy.compact and self._may_finish():
            note = prompts.render("finishing", "may_finish")
        # local time, as datetime.now() gives it (time.strftime: a fifth of the cost)
        turn = Turn(now=time.strftime("%Y-%m-%d %H:%M"), note=note,
                    memories=self._relevant_memories())
        messages = self._plugin_edit_prompt(
            build_messages(state, agent.strategy, turn, agent.limits))
        self._trigger = messages[-1].content
        request = agent.strategy.request(exclude, state)
        return self.calls.call(model, "propose", messages, schema=request.schema,
                               tools=request.tools)

    def _is_repeat(self, action: Action) -> bool:
        """The same call as one of the agent's last three steps (an A-B-A loop counts)."""
        if action.name == "finish":
            return False
        recent = 0
        for episode in reversed(self.agent.state.episodes):  # the latest three, not them all
            if episode.source == "agent":
                if action.same_call(episode.action):
                    return True
                recent += 1
                if recent == 3:
                    break
        return False

    def _unneeded_commands(self) -> frozenset[str]:
        """Commands a small model is offered only when the task's words call for them."""
        state, strategy = self.agent.state, self.agent.strategy
        # (the task's files as the step's situation reads them: looked up once a step)
        look = getattr(strategy, "step_situation", None)
        named = look(state).said_files if look is not None and getattr(
            strategy, "compact", False) and state.workspace else None
        return unneeded(state.task, self.agent.settings.agent.small_model_command_words,
                        str(state.workspace) if state.workspace else None, named)

    def _finish_refused(self) -> bool:
        episodes = self.agent.state.episodes
        return bool(episodes) and episodes[-1].action.name == "finish" and (
            episodes[-1].result is not None and episodes[-1].result.status == "error")

    def _may_finish(self) -> bool:
        """The last step worked and the record would let a finish through."""
        episodes = self.agent.state.episodes
        last = episodes[-1] if episodes else None
        return (last is not None and last.result is not None and last.source == "agent"
                and last.result.status == "success" and last.action.name != "finish"
                and agent_objection(self.agent, "") is None)

    def _repeat_note(self, action: Action) -> str:
        agent_steps = [e for e in self.agent.state.episodes if e.source == "agent"]
        when = ("the previous step" if agent_steps and action.same_call(agent_steps[-1].action)
                else "a recent step")
        return (f"You chose {action.describe()} again, exactly as in {when}, whose "
                "result is shown above. Running it again would change nothing. Choose a "
                "different command; if the task is complete, use finish.")

    def _refuse_repeat(self, action: Action) -> Episode | Stop:
        """A repeat that survived the re-think: refuse it; two refusals in a row end the run."""
        episodes = self.agent.state.episodes
        if episodes and episodes[-1].result and episodes[-1].result.data.get("repeat_refused"):
            return Stop("failed", f"The agent kept repeating {action.describe()}; stopped to "
                                  "avoid a loop.")
        episode = Episode(number=len(episodes) + 1, action=action,
                          task_index=len(self.agent.state.tasks) - 1)
        episode.result = CommandResult(
            status="error",
            output="Refused: this is identical to the previous command. "
                   + self._repeat_note(action),
            data={"repeat_refused": True},
        )
        return episode

    def _relevant_memories(self) -> list[str]:
        memory = self.agent.memory
        if memory is None or not self.agent.state.episodes:
            return []
        recent = self.agent.state.episodes[-3:]
        query = "\n".join(
            [self.agent.state.task] + [e.action.describe() for e in recent]
            + [(e.result.output[:300] if e.result else "") for e in recent]
        )
        budget = self.agent.settings.memory.relevant_budget
        state = self.agent.state
        shown = {memory_text(e) for e in state.episodes[first_full(state):]}
        return memory.relevant(query, budget, self.agent.model.count_tokens, exclude=shown)

    def _plugin_edit_prompt(self, messages: list[Message]) -> list[Message]:
        on_planning = implemented(self.agent.plugins, "on_planning")
        if on_planning is not None:
            on_planning(agent=self.agent, messages=messages)
        post_prompt = implemented(self.agent.plugins, "post_prompt")
        for edited in post_prompt(agent=self.agent, messages=messages) if post_prompt else ():
            if edited is not None:
                messages = edited
        return messages

    def _plugin_filter_proposal(self, action: Action) -> Action:
        post_planning = implemented(self.agent.plugins, "post_planning")
        if post_planning is None:
            return action
        for replacement in post_planning(agent=self.agent, proposal=action):
            if isinstance(replacement, Action):
                action = replacement
        return action


def memory_text(episode: Episode) -> str:
    """What long-term memory keeps of a step: the reply, the command and its full result."""
    reply = " ".join(str(v) for v in episode.action.thoughts.values())
    status = episode.result.status if episode.result else "interrupted"
    output = episode.result.output[:4000] if episode.result else ""
    return (f"Step {episode.number}: {episode.action.describe()}\n{reply}\n"
            f"Result ({status}): {output}")
