"""A four-role team used by the crash/resume tests (imported by a child process too)."""

from __future__ import annotations

import os
import signal
import sys

from autonomo.llm.scripted import ScriptedModel
from autonomo.team import Action, Role, Team, TeamStore

#: what the model answers, in the order the team asks
RESPONSES = ["a1: requirements", "a2: design", "b1: code", "c1: review", "d1: tests",
             "b1: code v2"]


def build_roles() -> list[Role]:
    return [
        Role("Alice", "Product Manager", react_mode="by_order",
             actions=[Action("A1"), Action("A2")]),
        Role("Bob", "Engineer", actions=[Action("B1")], watch=["A2", "D1"]),
        Role("Carol", "Reviewer", actions=[Action("C1")], watch=["A1"]),
        Role("Dan", "QA", actions=[Action("D1")], watch=["B1"], max_react_loop=1),
    ]


def run_until_killed(data_dir: str, kill_at: int) -> None:
    """Run the team; the ``kill_at``-th model call SIGKILLs this process."""

    def kill(_messages):
        os.kill(os.getpid(), signal.SIGKILL)

    model = ScriptedModel([*RESPONSES[: kill_at - 1], kill])
    team = Team(TeamStore(data_dir), model, roles=build_roles())
    team.run(n_round=4, idea="build a calculator")


if __name__ == "__main__":
    run_until_killed(sys.argv[1], int(sys.argv[2]))
