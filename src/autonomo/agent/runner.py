"""The loop: propose → (approve) → execute → record → summarise, until done."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from autonomo.agent import summaries
from autonomo.agent.agent import Agent
from autonomo.agent.approval import Approval, AutoApproval, Decision
from autonomo.agent.calls import ModelCalls, implemented
from autonomo.agent.context import (
    episodes_to_compact,
    summaries_budget,
    summary_lines,
)
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import USER_STOP, agent_objection, not_verified
from autonomo.agent.observer import Observers, PluginEvents, RunObserver
from autonomo.agent.proposals import Proposer, Stop, memory_text
from autonomo.agent.recovery import restore_memories, resume_note
from autonomo.agent.state import ENDED, AgentState
from autonomo.agent.verifying import agent_unverified, record_start
from autonomo.errors import BudgetExceededError, ModelResponseError, ProviderError, UserError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion, Message
from autonomo.memory.condense import Condenser
from autonomo.tools.fstree import unsurrogated
from autonomo.tools.registry import CommandResult

INTERRUPTED_OUTPUT = (
    "The run stopped while this command was running; it may or may not have taken effect. "
    "Check before running it again."
)


@dataclass
class RunResult:
    status: str
    reason: str
    steps: int
    state: AgentState


class Runner:
    def __init__(
        self,
        agent: Agent,
        approval: Approval | None = None,
        observer: RunObserver | None = None,
    ) -> None:
        self.agent = agent
        self.approval = approval or AutoApproval()
        self.observer = observer or RunObserver()
        if agent.plugins is not None:  # plugins hear the same events, through their hooks
            self.observer = Observers(self.observer, PluginEvents(agent, agent.plugins))
        self.agent.services.setdefault("ask_user", self._ask_user)
        self._auto_runs = 0
        #: budget, usage, plugins and the trajectory of every model call
        self.calls = ModelCalls(agent.state, agent.plugins, self.observer)
        #: asks the model for the next action: invalid replies, repeats, re-thinks
        self.proposer = Proposer(agent, self.calls, self.observer)
        #: this run's claim on the agent (one driver per agent: ``AgentStore.acquire``)
        self._token = uuid.uuid4().hex
        #: inside ``run``, whose end reports the stop reason (drivers get it as a note)
        self._in_run = False

    # -- the loop ---------------------------------------------------------------------------
    def run(self, max_steps: int | None = None) -> RunResult:
        state = self.agent.state
        limit = max_steps if max_steps is not None else self.agent.settings.agent.max_steps
        steps = 0
        self._in_run = True
        try:
            self.begin()
            while state.status == "running":
                if steps >= limit:
                    self._stop("stopped", f"Reached the step limit ({limit}).")
                    break
                try:
                    self.step()
                except ProviderError as exc:  # retried already: the model cannot be reached
                    self._stop("failed", f"The model failed: {exc}")
                except BudgetExceededError as exc:  # e.g. while summarising old steps
                    self._stop("stopped", f"Budget reached: {exc}")
                except UserError as exc:  # e.g. a rejected key: saved, then shown to the user
                    self._stop("failed", str(exc))
                    raise
                steps += 1
            self._write([], durable=True)
            self.observer.on_run_end(state)
        finally:
            self._in_run = False
            self.release()
        return RunResult(state.status, state.stop_reason, steps, state)

    def begin(self) -> None:
        """Claim the agent (``AgentBusyError`` if another live process drives it), say where
        it resumes and why the last run ended, record a step left in flight by a crash as
        interrupted, restore the memories a crash lost, and mark the agent running.
        ``run`` calls it; so does a driver that calls ``propose``/``advance``."""
        state = self.agent.state
        dead_owner = self.agent.store.acquire(state, self._token)
        self.agent.store.adopt_intent(state)  # a step its last driver had in flight
        note = resume_note(state, dead_owner)
        self._recover_interrupted()
        record_start(self.agent)  # the workspace at the task's start, for the verifiers
        restore_memories(self.agent.memory, state.episodes, self._remember)
        state.status, state.stop_reason = "running", ""
        self.agent.store.save(state)
        if note:
            self.observer.on_resume(state, note)
        self.observer.on_run_start(state)

    def release(self) -> None:
        """Stop being the agent's driver (``run`` does it at its end; ``end`` too)."""
        self.agent.store.release(self.agent.state.id, self._token)

    def step(self) -> None:
        """One step; ends the run (status != running) when it must stop."""
        action = self._propose()
        if action is None:
            return
        self.advance(action, self._approve(action))

    def propose(self) -> Action | None:
        """The next action, not yet approved (for drivers that approve one step at a time,
        like the server); None when the run had to end instead."""
        action = self._propose()
        if action is not None:
            self.observer.on_proposal(self.agent.state, action)
        return action

    def advance(self, action: Action, decision: Decision) -> None:
        """Carry out a proposed ``action`` as ``decision`` says: run it, record the user's
        feedback instead, or stop."""
        if decision.kind == "stop":
            self._stop("stopped", USER_STOP)
            return
        episode = Episode(
            number=len(self.agent.state.episodes) + 1,
            action=action,
            task_index=len(self.agent.state.tasks) - 1,
        )
        if decision.kind == "feedback":
            episode.source = "human"
            episode.result = CommandResult(status="interrupted", output=decision.feedback)
        else:
            self._save_pending(episode)
            episode.result = self._execute(action)
        self._record(episode)

    def _propose(self) -> Action | None:
        """The next action; None when the proposal policy ended the step (a refused repeat,
        recorded) or the run (too many invalid replies, the budget)."""
        outcome = self.proposer.next()
        if isinstance(outcome, Stop):
            self._stop(outcome.status, outcome.reason)
            return None
        if isinstance(outcome, Episode):
            self._record(outcome)
            return None
        return outcome

    # -- approving and executing -----------------------------------------------------------------
    def _approve(self, action: Action) -> Decision:
        self.observer.on_proposal(self.agent.state, action)
        if self._auto_runs > 0:
            self._auto_runs -= 1
            return Decision(kind="run")
        decision = self.approval.decide(self.agent.state, action)
        if decision.kind == "run" and decision.count > 1:
            self._auto_runs = decision.count - 1
        return decision

    def _execute(self, action: Action) -> CommandResult:
        name, arguments = action.name, action.arguments
        if name == "finish":  # no false success, whatever the strategy or model
            objection = agent_objection(self.agent, str(arguments.get("reason", "")))
            if objection:
                return CommandResult.error(objection)
        pre_command = implemented(self.agent.plugins, "pre_command")
        if pre_command is not None:
            verdict = pre_command(agent=self.agent, name=name, arguments=arguments)
            if isinstance(verdict, str):
                return CommandResult.error(f"A plugin refused {name}: {verdict}")
            if isinstance(verdict, tuple):
                name, arguments = verdict
        result = self.agent.commands.execute(name, arguments, self.agent.command_context())
        post_command = implemented(self.agent.plugins, "post_command")
        if post_command is not None:
            for replacement in post_command(agent=self.agent, name=name, result=result):
                if isinstance(replacement, CommandResult):
                    result = replacement
        # FINISHED only when verified (small-model mode): else the run ends unverified (judged
        # once the finish has run: a plugin may have refused or replaced it)
        if result.finished and (unverified := agent_unverified(self.agent)):
            result.data["not_verified"] = unverified
        return result

    # -- recording ------------------------------------------------------------------------------
    def _save_pending(self, episode: Episode) -> None:
        """Before executing: a crash from here on is recovered as 'interrupted', not re-run.

        Written to the agent's intent file, not the database (``storage/intents.py``): it
        survives a crash of this process; the step's one transaction, after the command,
        writes it (and the result) to the database, durably with ``agent.fsync_steps``."""
        self.agent.state.episodes.append(episode)
        self.agent.store.write_intent(self.agent.state, episode, self.calls.take_unsaved())

    def _write(self, episodes: list[Episode], *, durable: bool, batch: bool = False) -> None:
        """``batch``: a step's end, which fast steps may share a transaction with
        (``AgentStore.write``); not with ``agent.fsync_steps``, which commits each step."""
        calls = self.calls.take_unsaved()
        durable = durable and self.agent.settings.agent.fsync_steps
        self.agent.store.write(self.agent.state, episodes=episodes, calls=calls,
                               durable=durable, batch=batch)

    def _record(self, episode: Episode) -> None:
        state = self.agent.state
        if not state.episodes or state.episodes[-1] is not episode:
            state.episodes.append(episode)
        if episode.result and episode.result.finished:
            why = episode.result.data.get("not_verified")
            state.status, state.stop_reason = (
                ("unverified", unsurrogated(f"{why}. The agent's reason: "
                                            f"{episode.result.output}"))
                if why else ("finished", episode.result.output))
        self._write([episode], durable=True, batch=True)
        if state.status in ENDED and not self._in_run:
            self.release()  # a step-by-step driver (the server) has no run end
        self._remember(episode)
        self.observer.on_episode(state, episode)
        self._compact()

    def _recover_interrupted(self) -> None:
        state = self.agent.state
        if state.episodes and state.episodes[-1].result is None:
            episode = state.episodes[-1]
            episode.result = CommandResult(status="interrupted", output=INTERRUPTED_OUTPUT)
            self.agent.store.save_episode(state, episode)

    def _compact(self) -> None:
        agent = self.agent
        model = agent.summary_model or agent.model
        # the budget is of the agent's prompt: count with its model (the summary model, a
        # separate instance, loads its weights only when a summary is due)
        due = episodes_to_compact(agent.state, agent.strategy, agent.limits,
                                  agent.model.count_tokens)
        if not due:
            return
        summaries.summarize(
            due, lambda messages: self.call_model(model, "summary", messages, max_tokens=80),
            parallel=model.parallel_calls)
        agent.state.compacted_upto = due[-1].number
        self._condense_summaries(model)
        self._write(due, durable=False)
        self.observer.on_note(agent.state, f"Summarised steps up to {due[-1].number}.")

    def _condense_summaries(self, model: ChatModel) -> None:
        """When the summary lines outgrow their budget, condense the oldest into facts
        (OpenDevin's condensed monologue). The originals stay in long-term memory."""
        state, limits = self.agent.state, self.agent.limits
        lines = summary_lines(state)
        condenser = Condenser(self.calls.model(model, "condense"), keep_fraction=0.5)
        count = condenser.oldest_part(lines, summaries_budget(limits), model.count_tokens)
        if count == 0:
            return
        try:
            condensation = condenser.condense_entries(lines[:count])
        except ModelResponseError as exc:
            self.observer.on_note(state, f"Could not condense old summaries: {exc}")
            return
        state.condensed.append(condensation.summary)
        state.condensed_upto += count  # episode numbers are consecutive

    def end(self, status: str, reason: str) -> None:
        """End the run from outside the loop (a driver's stop request, an error it caught);
        unsaved model calls are written with it."""
        self._stop(status, reason)

    def flush(self) -> None:
        """Write the model calls and usage not yet saved (a driver that stops after
        ``propose`` calls this; ``run`` does it at its end)."""
        self._write([], durable=True)

    def _stop(self, status: str, reason: str) -> None:
        state = self.agent.state
        if status not in ENDED:  # the run's end says why its work is not verified
            reason = not_verified(self.agent, reason)
        # (a reason naming a file whose name is not UTF-8 is shown with the byte escaped)
        state.status, state.stop_reason = status, unsurrogated(reason)  # type: ignore[assignment]
        self._write([], durable=True)
        if not self._in_run:  # run's end shows the reason (said once) and releases the agent
            self.observer.on_note(state, reason)
            self.release()

    def call_model(self, model: ChatModel, purpose: str, messages: list[Message],
                   **options: Any) -> Completion:
        """One model call through the agent's gate (budget, plugins, usage, trajectory)."""
        return self.calls.call(model, purpose, messages, **options)

    def _ask_user(self, question: str) -> str:
        """A plugin's ``user_input`` hook answers first; else the approval's user does."""
        if self.agent.plugins is not None:
            answer = self.agent.plugins.hook.user_input(prompt=question)
            if answer is not None:
                return answer
        return self.approval.ask(question)

    # -- memory and plugins ---------------------------------------------------------------------
    def _remember(self, episode: Episode) -> None:
        memory = self.agent.memory
        if memory is None or episode.result is None:
            return
        kind = "feedback" if episode.source == "human" else "result"
        memory.remember(memory_text(episode), kind=kind, meta={"step": episode.number})
