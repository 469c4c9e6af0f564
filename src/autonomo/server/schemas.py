"""The Agent Protocol v1 bodies (``shared/formats/agent_protocol/openapi.yml``) as models."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from autonomo.agent.parsing import unpaired_surrogate


class Pagination(BaseModel):
    total_items: int
    total_pages: int
    current_page: int
    page_size: int


class Artifact(BaseModel):
    artifact_id: str
    agent_created: bool
    file_name: str
    relative_path: str | None = None


def _plain(value: Any) -> Any:
    if isinstance(value, str) and (where := unpaired_surrogate(value)) is not None:
        raise ValueError(f"{where}; send UTF-8 text")
    return value


#: a string of a request body that must be text: JSON may carry half a character
#: (``"\\ud800"``), a 500 when it was saved or recorded; now a 422 naming the field (checked
#: before pydantic's own, which refuses some of them with a less telling message)
Text = Annotated[str, BeforeValidator(_plain)]


class _TextBody(BaseModel):
    """A request body whose strings must be text: JSON may carry an unpaired surrogate
    (``"\\ud800"``), which no record can hold (it was a 500 Internal server error)."""

    @model_validator(mode="after")
    def _plain_text(self) -> _TextBody:
        # (the request's own fields only: a Task the server builds inherits this check)
        body = {"input": getattr(self, "input", None),
                "additional_input": getattr(self, "additional_input", None)}
        if (where := unpaired_surrogate(body)) is not None:
            raise ValueError(f"the body holds {where}; send UTF-8 text")
        return self


class TaskRequestBody(_TextBody):
    input: str | None = None
    additional_input: dict[str, Any] | None = None


class Task(TaskRequestBody):
    task_id: str
    artifacts: list[Artifact] = Field(default_factory=list)


class StepRequestBody(_TextBody):
    input: str | None = None
    additional_input: dict[str, Any] | None = None


class Step(StepRequestBody):
    task_id: str
    step_id: str
    name: str | None = None
    status: str  # created | running | completed
    output: str | None = None
    additional_output: dict[str, Any] | None = None
    artifacts: list[Artifact] = Field(default_factory=list)
    is_last: bool = False


class TaskListResponse(BaseModel):
    tasks: list[Task]
    pagination: Pagination


class TaskStepsListResponse(BaseModel):
    steps: list[Step]
    pagination: Pagination


class TaskArtifactsListResponse(BaseModel):
    artifacts: list[Artifact]
    pagination: Pagination


def page(total: int, current_page: int, page_size: int) -> Pagination:
    return Pagination(total_items=total, total_pages=-(-total // page_size),
                      current_page=current_page, page_size=page_size)
