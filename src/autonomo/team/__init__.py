"""Teams of agents (MetaGPT's model): messages, environment, roles, actions, planner, team.

    from autonomo.team import Action, Role, Team, TeamStore

Roles publish ``Message``s into an ``Environment`` that routes them by cause and by address;
each role reacts in one of three modes (``react``, ``by_order``, ``plan_and_act``); a ``Team``
runs rounds within a budget and keeps every message and model call in its store.
"""

from autonomo.team.action import Action, ActionContext, ActionOutput
from autonomo.team.environment import Environment
from autonomo.team.human import HumanModel
from autonomo.team.memory import Memory
from autonomo.team.message import EVERYONE, NOBODY, SELF, USER_REQUIREMENT, Message
from autonomo.team.observer import TeamObserver
from autonomo.team.planner import Plan, Planner, Task, TaskResult
from autonomo.team.role import Role
from autonomo.team.store import TeamState, TeamStore
from autonomo.team.team import Team, TeamResult

__all__ = [
    "EVERYONE", "NOBODY", "SELF", "USER_REQUIREMENT", "Action", "ActionContext",
    "ActionOutput", "Environment", "HumanModel", "Memory", "Message", "Plan", "Planner",
    "Role", "Task", "TaskResult", "Team", "TeamObserver", "TeamResult", "TeamState",
    "TeamStore",
]
