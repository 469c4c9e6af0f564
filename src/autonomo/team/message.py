"""``Message``: what roles say to each other, and the addresses it can go to.

A message carries plain ``content`` and, optionally, ``structured`` content: the output of an
action whose schema is a pydantic model, kept as the validated data plus the model's name so
a reader can validate it back into the model (``message.parse(Model)``).
"""

from __future__ import annotations

import uuid
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from autonomo.errors import UserError

#: every role that watches the cause of the message receives it
EVERYONE = "<all>"
#: kept in the history and the store, delivered to no one
NOBODY = "<none>"
#: the sender itself (resolved to the sender's name when published)
SELF = "<self>"
#: ``cause_by`` of the requirement a team starts from
USER_REQUIREMENT = "UserRequirement"

M = TypeVar("M", bound=BaseModel)


class Message(BaseModel):
    """One message in a team's history."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    content: str = ""
    #: validated data of ``structured_type`` (an action's output schema), if any
    structured: dict[str, Any] | None = None
    structured_type: str = ""
    #: the sender's profile ("user" for the requirement)
    role: str = "user"
    #: the name of the action that produced it; roles watch causes
    cause_by: str = USER_REQUIREMENT
    sent_from: str = ""
    send_to: set[str] = Field(default_factory=lambda: {EVERYONE})
    #: the round it was published in (0: before the first round)
    round: int = 0

    @model_validator(mode="before")
    @classmethod
    def _structured_model(cls, data: Any) -> Any:
        """Accept a pydantic model instance as ``structured``: keep its data and its name."""
        if isinstance(data, dict) and isinstance(data.get("structured"), BaseModel):
            model = data["structured"]
            data = {**data, "structured": model.model_dump(mode="json"),
                    "structured_type": data.get("structured_type") or type(model).__name__}
        return data

    @field_validator("send_to", mode="before")
    @classmethod
    def _addresses(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {value}
        return value

    @model_validator(mode="after")
    def _check_addresses(self) -> Message:
        if not self.send_to:
            raise ValueError(f"message {self.id}: send_to is empty; use NOBODY ({NOBODY!r})")
        if NOBODY in self.send_to and len(self.send_to) > 1:
            raise ValueError(f"message {self.id}: {NOBODY!r} cannot be combined with others")
        return self

    def parse(self, model: type[M]) -> M:
        """The structured content validated as ``model``; ``UserError`` when it is not."""
        if self.structured is None:
            raise UserError(f"Message {self.id} from {self.sent_from or 'the user'} has no "
                            f"structured content to read as {model.__name__}.")
        try:
            return model.model_validate(self.structured)
        except ValidationError as exc:
            raise UserError(f"Message {self.id}: its structured content is not a valid "
                            f"{model.__name__}: {exc}") from exc

    def addressed_to(self, names: set[str]) -> bool:
        """Whether one of ``names`` is among the explicit addresses (not EVERYONE)."""
        return bool(self.send_to & names)

    def describe(self) -> str:
        """One line for prompts and the terminal: ``[Architect] WriteDesign: ...``."""
        return f"[{self.sent_from or self.role}] {self.cause_by}: {self.content}"
