"""``Action``: what a role does in one act — a prompt template plus an output schema.

The prompt is package data (``prompts/<file>.yaml``, a Jinja2 template, like the agent's
strategies) or, for a user's own action, a template string. The output is free text, or a
pydantic model: decoded under its schema on grammar-constrained models, parsed / repaired /
re-asked elsewhere (``team.structured``). Subclasses override ``run`` to do more (run code,
run a whole single agent — see ``AgentAction``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import jinja2
from pydantic import BaseModel

from autonomo import prompts
from autonomo.team.message import Message

if TYPE_CHECKING:
    from autonomo.team.role import Role

_INLINE = jinja2.Environment(trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined, autoescape=False)


@dataclass
class ActionContext:
    """What an action sees when it runs."""

    role: Role
    #: the messages that triggered this turn
    news: list[Message]
    #: the role's memory: everything it observed and said so far
    history: list[Message]
    #: what to do now: a plan task's instruction, or the latest news
    instruction: str = ""
    values: dict[str, Any] = field(default_factory=dict)

    def prompt_values(self) -> dict[str, Any]:
        return {"role": self.role, "news": self.news, "history": self.history,
                "instruction": self.instruction, **self.values}


@dataclass
class ActionOutput:
    """What an action produced; the role turns it into a message."""

    content: str
    structured: BaseModel | None = None
    #: addresses for the message (default: the role's own ``send_to``)
    send_to: set[str] | None = None


class Action:
    """A named step of a role. Give ``template`` as ``"file:part"`` (package data) or
    ``text`` (a template string); ``output`` is the pydantic model of the answer, or None
    for free text."""

    name: str = ""
    template: str = ""
    text: str = ""
    output: type[BaseModel] | None = None
    max_tokens: int = 600
    #: re-asks after an invalid structured answer
    retries: int = 2

    def __init__(self, name: str | None = None, *, template: str | None = None,
                 text: str | None = None, output: type[BaseModel] | None = None,
                 max_tokens: int | None = None) -> None:
        self.name = name or self.name or type(self).__name__
        self.template = template if template is not None else self.template
        self.text = text if text is not None else self.text
        self.output = output if output is not None else self.output
        self.max_tokens = max_tokens or self.max_tokens

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def render(self, ctx: ActionContext) -> str:
        """The user message of this action."""
        values = ctx.prompt_values()
        if self.text:
            return _INLINE.from_string(self.text).render(**values).strip()
        if self.template:
            file, _, part = self.template.partition(":")
            return prompts.render(file, part or "user", **values)
        return prompts.render("team", "default_action", action=self.name, **values)

    def messages(self, ctx: ActionContext) -> list:
        from autonomo.llm.types import Message as ChatMessage

        return [ChatMessage.system(ctx.role.system_prompt()),
                ChatMessage.user(self.render(ctx))]

    def run(self, ctx: ActionContext) -> ActionOutput:
        """Ask the role's model; validate the answer against ``output`` if set."""
        messages = self.messages(ctx)
        if self.output is None:
            completion = ctx.role.ask(self.name, messages, max_tokens=self.max_tokens)
            return ActionOutput(completion.text.strip())
        answer = ctx.role.ask_structured(self.name, messages, self.output,
                                         retries=self.retries, max_tokens=self.max_tokens)
        return ActionOutput(self.describe(answer), structured=answer)

    def describe(self, answer: BaseModel) -> str:
        """The ``content`` of a structured answer (override for a friendlier text)."""
        return answer.model_dump_json(indent=1)
