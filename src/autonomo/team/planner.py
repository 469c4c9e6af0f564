"""``plan_and_act``: a ``Planner`` writes a ``Plan`` of tasks with dependencies; the role works
through them in dependency order; each result is reviewed (automatically, by the model, or by
a human) and a failed or rejected task makes the planner re-plan (finished tasks are kept).
"""

from __future__ import annotations

from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from autonomo import prompts
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Message as ChatMessage
from autonomo.team.action import ActionOutput
from autonomo.team.message import NOBODY, Message

if TYPE_CHECKING:
    from autonomo.team.observer import TeamObserver
    from autonomo.team.role import Role

Review = Literal["auto", "model", "human"]
ACCEPT = {"", "y", "yes", "ok", "confirm", "lgtm"}


class Task(BaseModel):
    task_id: str
    dependent_task_ids: list[str] = Field(default_factory=list)
    instruction: str
    task_type: str = ""
    code: str = ""
    result: str = ""
    is_success: bool = False
    is_finished: bool = False


class Plan(BaseModel):
    goal: str
    context: str = ""
    tasks: list[Task] = Field(default_factory=list)
    replans: int = 0
    failed: str = ""

    @property
    def current_task(self) -> Task | None:
        if self.failed:
            return None
        return next((t for t in self.tasks if not t.is_finished), None)

    @property
    def finished(self) -> list[Task]:
        return [t for t in self.tasks if t.is_finished]

    def set_tasks(self, drafts: list[TaskDraft]) -> None:
        """Keep the finished tasks and put ``drafts`` after them, in dependency order;
        ``ModelResponseError`` names what is wrong with the graph."""
        kept = self.finished
        done = {t.task_id for t in kept}
        new = [d for d in drafts if d.task_id not in done]
        if not new:
            raise ModelResponseError("The plan has no task left to do.")
        ids = [d.task_id for d in new]
        if len(set(ids)) != len(ids):
            raise ModelResponseError(f"Task ids repeat: {ids}; give every task its own id.")
        graph: dict[str, set[str]] = {}
        for d in new:
            unknown = [x for x in d.dependent_task_ids if x not in done and x not in ids]
            if unknown:
                raise ModelResponseError(
                    f"Task {d.task_id} depends on unknown task(s) {unknown}.")
            graph[d.task_id] = {x for x in d.dependent_task_ids if x not in done}
        try:
            order = list(TopologicalSorter(graph).static_order())
        except CycleError as exc:
            raise ModelResponseError(f"The dependencies form a cycle: {exc.args[1]}.") from exc
        by_id = {d.task_id: d for d in new}
        self.tasks = kept + [Task(**by_id[i].model_dump()) for i in order]


class TaskDraft(BaseModel):
    task_id: str = Field(max_length=8)
    dependent_task_ids: list[str] = Field(default_factory=list, max_length=6)
    instruction: str = Field(max_length=300)
    task_type: str = Field(default="", max_length=30)


class PlanDraft(BaseModel):
    tasks: list[TaskDraft] = Field(min_length=1, max_length=8)


class ReviewAnswer(BaseModel):
    confirmed: bool
    feedback: str = Field(default="", max_length=300)


@dataclass
class TaskResult:
    result: str
    is_success: bool
    code: str = ""


class Planner:
    def __init__(self, role: Role, plan: Plan, *, review: Review = "auto",
                 max_replans: int = 3, max_tasks: int = 6,
                 task_types: list[str] | None = None) -> None:
        self.role, self.plan = role, plan
        self.review_by, self.max_replans, self.max_tasks = review, max_replans, max_tasks
        self.task_types = task_types or []

    @property
    def observer(self) -> TeamObserver:
        return self.role.team_observer()

    def update_plan(self, feedback: str = "", attempts: int = 3) -> None:
        """Ask for a (new) plan until its task graph is valid."""
        error = ""
        for _ in range(attempts):
            text = prompts.render("team", "plan", goal=self.plan.goal, context=self.plan.context,
                                  done=self.plan.finished, feedback=feedback + error,
                                  max_tasks=self.max_tasks, task_types=self.task_types)
            messages = [ChatMessage.system(self.role.system_prompt()), ChatMessage.user(text)]
            draft = self.role.ask_structured("plan", messages, PlanDraft, max_tokens=700)
            try:
                self.plan.set_tasks(draft.tasks)
            except ModelResponseError as exc:
                error = f" The previous plan was invalid: {exc}"
                continue
            self.observer.on_plan(self.role.name, self.plan)
            if self.review_by == "human":
                answer = self._ask_human(prompts.render("team", "human_plan_review",
                                                        tasks=self.plan.tasks))
                if answer.strip().lower() not in ACCEPT:
                    feedback, error = answer.strip(), ""
                    continue
            return
        raise ModelResponseError(f"No usable plan after {attempts} tries.{error}")

    def process_task_result(self, task: Task, outcome: TaskResult) -> None:
        """Review the result; finish the task, or re-plan."""
        task.code, task.result, task.is_success = outcome.code, outcome.result, outcome.is_success
        confirmed, feedback = self.review(task, outcome)
        if confirmed:
            task.is_finished = True
            self.observer.on_task(self.role.name, task, "done")
            return
        self.observer.on_task(self.role.name, task, "failed")
        self.plan.replans += 1
        if self.plan.replans > self.max_replans:
            self.plan.failed = (f"gave up after {self.max_replans} re-plans; task "
                                f"{task.task_id} failed: {outcome.result[:300]}")
            return
        reason = feedback or f"task {task.task_id} failed: {outcome.result[:600]}"
        self.update_plan(feedback=reason)

    def review(self, task: Task, outcome: TaskResult) -> tuple[bool, str]:
        if self.review_by == "human":
            answer = self._ask_human(prompts.render(
                "team", "human_review", task=task, result=outcome.result,
                success=outcome.is_success)).strip()
            return answer.lower() in ACCEPT, answer
        if not outcome.is_success:
            return False, ""
        if self.review_by == "auto":
            return True, ""
        messages = [ChatMessage.system(self.role.system_prompt()), ChatMessage.user(
            prompts.render("team", "review", task=task, result=outcome.result, success=True))]
        verdict = self.role.ask_structured("review", messages, ReviewAnswer, max_tokens=200)
        self.observer.on_thought(self.role.name, f"review of task {task.task_id}: "
                                                 f"{'ok' if verdict.confirmed else 'change'} "
                                                 f"{verdict.feedback}".strip())
        return verdict.confirmed, verdict.feedback

    def _ask_human(self, question: str) -> str:
        assert self.role.team is not None
        team = self.role.team
        completion = team.calls.call(self.role.name, "human_review", team.human,
                                     [ChatMessage.user(question)])
        return completion.text

    def summary(self) -> str:
        text = prompts.render("team", "plan_summary", goal=self.plan.goal, tasks=self.plan.tasks)
        return text + (f"\nStopped: {self.plan.failed}" if self.plan.failed else "")


def plan_and_act(role: Role, news: list[Message]) -> list[Message]:
    """A role's turn in ``plan_and_act`` mode: plan, do each task, publish the outcome."""
    goal = news[-1].content
    if role.planner is None or role.planner.plan.goal != goal or role.planner.plan.failed:
        role.planner = role.make_planner(Plan(goal=goal))
    planner = role.planner
    if not planner.plan.tasks:
        planner.update_plan()
    published: list[Message] = []
    while (task := planner.plan.current_task) is not None:
        planner.observer.on_task(role.name, task, "running")
        outcome = role.act_on_task(task)
        published.append(role.publish(f"task:{task.task_type or 'task'}", ActionOutput(
            f"Task {task.task_id} ({'ok' if outcome.is_success else 'failed'}): "
            f"{outcome.result[:2000]}", send_to={NOBODY})))
        planner.process_task_result(task, outcome)
    cause = role.actions[0].name if role.actions else "Plan"
    published.append(role.publish(cause, ActionOutput(planner.summary())))
    return published
