"""A software team: product manager → architect → engineer → QA.

The engineer writes the module into the workspace; QA writes unit tests once, runs the code
and the tests in the sandbox, and sends failures back to the engineer, who fixes the code,
until the tests pass (then QA's report goes to nobody and the team falls idle) or the rounds
run out.

    autonomo team run autonomo.team.examples.software --idea "a calculator module" -n 8
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from autonomo.config import SandboxConfig
from autonomo.team import NOBODY, Action, ActionContext, ActionOutput, Message, Role
from autonomo.team.files import write_file

MODULE = r"^[a-z][a-z0-9_]{0,30}[.]py$"


class PRD(BaseModel):
    goal: str = Field(max_length=200)
    user_stories: list[str] = Field(min_length=1, max_length=4)
    requirements: list[str] = Field(min_length=1, max_length=5)


class FunctionSpec(BaseModel):
    name: str = Field(max_length=40)
    signature: str = Field(max_length=120)
    purpose: str = Field(max_length=160)


class Design(BaseModel):
    module: str = Field(pattern=MODULE)
    functions: list[FunctionSpec] = Field(min_length=1, max_length=5)


class SourceFile(BaseModel):
    path: str = Field(pattern=MODULE)
    content: str = Field(min_length=1, max_length=4000)


class Code(BaseModel):
    files: list[SourceFile] = Field(min_length=1, max_length=3)


class Tests(BaseModel):
    content: str = Field(min_length=1, max_length=4000)


def latest(ctx: ActionContext, cause: str, model: type[BaseModel]) -> BaseModel:
    """The newest ``cause`` message of the whole team, read as ``model``."""
    assert ctx.role.team is not None
    return ctx.role.team.env.history.get_by_action(cause)[-1].parse(model)


class WritePRD(Action):
    template = "team_software:write_prd"
    output = PRD


class WriteDesign(Action):
    template = "team_software:write_design"
    output = Design

    def render(self, ctx: ActionContext) -> str:
        ctx.values["prd"] = latest(ctx, "WritePRD", PRD)
        return super().render(ctx)


class WriteCode(Action):
    template = "team_software:write_code"
    output = Code
    max_tokens = 1200

    def render(self, ctx: ActionContext) -> str:
        ctx.values["design"] = latest(ctx, "WriteDesign", Design)
        failed = [m for m in ctx.news if m.cause_by == "RunTests"]
        ctx.values["failures"] = failed[-1].content if failed else ""
        return super().render(ctx)

    def run(self, ctx: ActionContext) -> ActionOutput:
        output = super().run(ctx)
        assert isinstance(output.structured, Code) and ctx.role.team is not None
        for file in output.structured.files:
            write_file(ctx.role.team.workspace, file.path, file.content.encode())
        output.content = "Wrote " + ", ".join(
            f"{f.path} ({len(f.content.splitlines())} lines)" for f in output.structured.files)
        return output


class WriteTests(Action):
    template = "team_software:write_tests"
    output = Tests
    max_tokens = 1200

    def run(self, ctx: ActionContext) -> ActionOutput:
        design = latest(ctx, "WriteDesign", Design)
        assert isinstance(design, Design) and ctx.role.team is not None
        ctx.values.update(design=design, test_file=test_file(design))
        output = super().run(ctx)
        assert isinstance(output.structured, Tests)
        write_file(ctx.role.team.workspace, test_file(design), output.structured.content.encode())
        output.content = f"Wrote {test_file(design)}"
        output.send_to = {NOBODY}
        return output


class RunTests(Action):
    """Run the tests in the sandbox; failures go back to the engineer."""

    timeout_s = 60.0

    def run(self, ctx: ActionContext) -> ActionOutput:
        from autonomo.sandbox import create_sandbox

        team = ctx.role.team
        assert team is not None
        config = team.services.get("sandbox_config")
        if config is None:
            settings = team.services.get("settings")
            config = settings.sandbox if settings is not None else SandboxConfig()
        with create_sandbox(team.workspace, config) as sandbox:
            result = sandbox.run([sandbox.python, "-m", "unittest", "discover", "-v", "-p",
                                  "test_*.py"], timeout=self.timeout_s)
        report = result.describe(self.timeout_s)
        if result.ok:
            return ActionOutput(f"All tests pass.\n{report}", send_to={NOBODY})
        return ActionOutput(f"The tests fail.\n{report}", send_to={"Engineer"})


def test_file(design: Design) -> str:
    return f"test_{design.module}"


class ProductManager(Role):
    name, profile = "Alice", "Product Manager"
    goal = "Turn the customer's idea into clear requirements."
    actions = [WritePRD()]  # noqa: RUF012


class Architect(Role):
    name, profile = "Bob", "Architect"
    goal = "Design a small, testable module."
    actions = [WriteDesign()]  # noqa: RUF012
    watch = ["WritePRD"]  # noqa: RUF012


class Engineer(Role):
    name, profile = "Carol", "Engineer"
    goal = "Write correct, simple Python code."
    actions = [WriteCode()]  # noqa: RUF012
    watch = ["WriteDesign"]  # noqa: RUF012


class QaEngineer(Role):
    name, profile = "Dan", "QA"
    goal = "Make sure the code works: write tests, run them, report failures."
    actions = [WriteTests(), RunTests()]  # noqa: RUF012
    watch = ["WriteCode"]  # noqa: RUF012

    def react(self, news: list[Message]) -> list[Message]:
        assert self.team is not None
        published = []
        if not any(m.cause_by == "WriteTests" for m in self.memory):
            published.append(self.act(self.actions[0], news))
        published.append(self.act(self.actions[1], news))
        return published


def roles() -> list[Role]:
    return [ProductManager(), Architect(), Engineer(), QaEngineer()]
