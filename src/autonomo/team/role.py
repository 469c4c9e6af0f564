"""``Role``: a team member — observe → think → act, in one of three react modes.

* ``react`` — the model picks the next action (or "done") each time, up to
  ``max_react_loop`` acts; a role with one action just runs it.
* ``by_order`` — the actions run in their order, once each.
* ``plan_and_act`` — a ``Planner`` writes a plan of tasks with dependencies, the role works
  through them in dependency order, each result is reviewed (by the model, or by a human),
  and a failed or rejected task makes it re-plan (``team.planner``).

A role's model calls go through the team (budget, usage, store, replay), so a role is a thin
layer over the single-agent model machinery; an action may even run a whole single agent
(``AgentAction``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, Field

from autonomo import prompts
from autonomo.errors import ModelResponseError
from autonomo.llm.base import ChatModel
from autonomo.llm.types import Completion
from autonomo.llm.types import Message as ChatMessage
from autonomo.team.action import Action, ActionContext, ActionOutput
from autonomo.team.memory import Memory
from autonomo.team.message import EVERYONE, USER_REQUIREMENT, Message
from autonomo.team.structured import ask_structured

if TYPE_CHECKING:
    from autonomo.team.planner import Planner, TaskResult
    from autonomo.team.team import Team

ReactMode = Literal["react", "by_order", "plan_and_act"]
M = TypeVar("M", bound=BaseModel)


class NextAction(BaseModel):
    """The ``react`` mode's choice."""

    thought: str = Field(max_length=300)
    next: str = Field(max_length=60)


class Role:
    """A team member. Subclass and set the class attributes, or pass them as arguments."""

    name: str = ""
    profile: str = ""
    goal: str = ""
    constraints: str = ""
    actions: ClassVar[list[Action]] = []
    #: the causes (action names) whose messages this role receives
    watch: ClassVar[list[str]] = [USER_REQUIREMENT]
    react_mode: ReactMode = "react"
    max_react_loop: int = 1
    #: where the role's messages go unless an action says otherwise
    send_to: ClassVar[set[str]] = {EVERYONE}
    is_human: bool = False

    def __init__(self, name: str | None = None, profile: str | None = None, *,
                 goal: str | None = None, constraints: str | None = None,
                 actions: Iterable[Action] | None = None, watch: Iterable[str] | None = None,
                 react_mode: ReactMode | None = None, max_react_loop: int | None = None,
                 send_to: Iterable[str] | None = None, model: ChatModel | None = None) -> None:
        self.name = name or self.name or type(self).__name__
        self.profile = profile or self.profile or self.name
        self.goal = goal if goal is not None else self.goal
        self.constraints = constraints if constraints is not None else self.constraints
        self.actions = list(actions) if actions is not None else list(type(self).actions)
        self.watch = list(watch) if watch is not None else list(type(self).watch)
        self.react_mode = react_mode or self.react_mode
        if max_react_loop is not None:
            self.max_react_loop = max_react_loop
        elif self.react_mode == "by_order":
            self.max_react_loop = len(self.actions)
        self.send_to = set(send_to) if send_to is not None else set(type(self).send_to)
        self.model = model
        #: set when hired
        self.team: Team | None = None
        self.memory = Memory()
        #: messages to handle this round / that arrived for the next round
        self.inbox: list[Message] = []
        self.pending: list[Message] = []
        self.planner: Planner | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, {self.profile!r})"

    # -- addresses ---------------------------------------------------------------------------
    @property
    def addresses(self) -> set[str]:
        """Names a message can be sent to to reach this role."""
        return {self.name, self.profile, type(self).__name__}

    def wants(self, message: Message) -> bool:
        """Addressed by name, or sent to everyone with a cause this role watches. A role does
        not receive its own messages unless it addressed them to itself."""
        if message.addressed_to(self.addresses):
            return True
        return (EVERYONE in message.send_to and message.cause_by in self.watch
                and message.sent_from != self.name)

    # -- the model, through the team ----------------------------------------------------------
    @property
    def llm(self) -> ChatModel:
        if self.model is not None:
            return self.model
        if self.team is None:
            raise RuntimeError(f"{self.name} is not hired by a team yet")
        return self.team.human if self.is_human else self.team.model

    def ask(self, purpose: str, messages: list[ChatMessage], **options: Any) -> Completion:
        assert self.team is not None, f"{self.name} is not hired by a team yet"
        return self.team.calls.call(self.name, purpose, self.llm, messages, **options)

    def ask_structured(self, purpose: str, messages: list[ChatMessage], model: type[M], *,
                       retries: int = 2, max_tokens: int | None = None) -> M:
        def call(history: list[ChatMessage], **options: Any) -> Completion:
            return self.ask(purpose, history, **options)

        return ask_structured(call, messages, model, retries=retries, max_tokens=max_tokens)

    def system_prompt(self) -> str:
        """The role's system message (rendered once per profile: it heads every prompt,
        so it must stay byte-identical for the model's prefix cache)."""
        key = (self.name, self.profile, self.goal, self.constraints)
        if getattr(self, "_system", (None,))[0] != key:
            self._system = (key, prompts.render(
                "team", "role_system", who=self.name, profile=self.profile, goal=self.goal,
                constraints=self.constraints))
        return self._system[1]

    # -- one turn: observe → think → act ------------------------------------------------------
    def run_turn(self) -> list[Message]:
        """Handle this round's inbox; returns the messages published."""
        news = self.observe()
        if not news:
            return []
        if self.react_mode == "plan_and_act":
            from autonomo.team.planner import plan_and_act

            return plan_and_act(self, news)
        return self.react(news)

    def observe(self) -> list[Message]:
        news, self.inbox = self.inbox, []
        self.memory.add_batch(news)
        return news

    def react(self, news: list[Message]) -> list[Message]:
        published: list[Message] = []
        done: list[str] = []
        for _ in range(max(1, self.max_react_loop)):
            action = self.think(done)
            if action is None:
                break
            published.append(self.act(action, news))
            done.append(action.name)
        return published

    def think(self, done: list[str]) -> Action | None:
        """The next action, or None when the role has finished its turn."""
        if not self.actions:
            return None
        if self.react_mode == "by_order":
            return self.actions[len(done)] if len(done) < len(self.actions) else None
        if len(self.actions) == 1:
            return self.actions[0] if not done else None
        choices = [a.name for a in self.actions]
        messages = [ChatMessage.system(self.system_prompt()),
                    ChatMessage.user(prompts.render("team", "think", history=self.memory.get(),
                                                    done=done, choices=choices))]
        choice = self.ask_structured("think", messages, NextAction, max_tokens=200)
        self.team_observer().on_thought(self.name, choice.thought)
        return next((a for a in self.actions if a.name == choice.next), None)

    def act(self, action: Action, news: list[Message], instruction: str = "",
            **values: Any) -> Message:
        ctx = ActionContext(role=self, news=news, history=self.memory.get(),
                            instruction=instruction or (news[-1].content if news else ""),
                            values=values)
        return self.publish(action.name, action.run(ctx))

    def publish(self, cause_by: str, output: ActionOutput) -> Message:
        assert self.team is not None
        message = Message(content=output.content, structured=output.structured,
                          role=self.profile, cause_by=cause_by, sent_from=self.name,
                          send_to=output.send_to or self.send_to)
        self.memory.add(message)
        return self.team.env.publish(message, turn=self.name)

    def team_observer(self) -> Any:
        from autonomo.team.observer import TeamObserver

        return self.team.observer if self.team is not None else TeamObserver()

    # -- plan_and_act ---------------------------------------------------------------------------
    #: how plan_and_act reviews results: "auto" (a success is accepted), "model", "human"
    review: ClassVar[str] = "auto"
    max_replans: ClassVar[int] = 3

    def make_planner(self, plan: Any) -> Planner:
        from autonomo.team.planner import Planner

        return Planner(self, plan, review=self.review,  # type: ignore[arg-type]
                       max_replans=self.max_replans,
                       task_types=[a.name for a in self.actions] if len(self.actions) > 1
                       else None)

    def act_on_task(self, task: Any) -> TaskResult:
        """Do one plan task with the action named by its type (else the first action)."""
        from autonomo.team.planner import TaskResult

        if not self.actions:
            return TaskResult(f"{self.name} has no action to do tasks with.", False)
        action = next((a for a in self.actions if a.name == task.task_type), self.actions[0])
        assert self.planner is not None
        ctx = ActionContext(role=self, news=[], history=self.memory.get(),
                            instruction=task.instruction,
                            values={"plan": self.planner.plan, "task": task})
        try:
            output = action.run(ctx)
        except ModelResponseError as exc:
            return TaskResult(str(exc), False)
        return TaskResult(output.content, True)

    def close(self) -> None:
        """Release what the role holds (a kernel, a sandbox) when the team's run ends."""

    # -- what survives a restart --------------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """The role's state beyond its messages (saved with each finished turn)."""
        return {"plan": self.planner.plan.model_dump()} if self.planner is not None else {}

    def load_state(self, state: dict[str, Any]) -> None:
        if state.get("plan") is not None:
            from autonomo.team.planner import Plan

            self.planner = self.make_planner(Plan.model_validate(state["plan"]))
