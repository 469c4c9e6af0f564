"""A role whose action is a whole single-agent run (tools in the team's workspace)."""

from __future__ import annotations

from agent_helpers import TEST_TOOLS, plugins, reply
from autonomo import Workbench
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.team import Role, Team, TeamStore
from autonomo.team.agent_action import AgentAction


class WriteNote(AgentAction):
    text = "Write the word {{ instruction }} to note.txt, then finish."
    max_steps = 5
    tools = TEST_TOOLS


def test_agent_action_runs_a_single_agent_in_the_team_workspace(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    model = ScriptedModel([reply("write_note", path="note.txt", text="hello"),
                           reply("finish", reason="wrote note.txt")])
    bench = Workbench.open(settings, plugins=plugins(), models=(model, model, model))
    writer = Role("Wren", "Writer", goal="Keep notes.", actions=[WriteNote()])
    team = Team(TeamStore(settings.data_dir), model, roles=[writer],
                services={"workbench": bench})
    result = team.run(idea="hello")
    model.assert_all_used()
    assert (team.workspace / "note.txt").read_text() == "hello"
    answer = result.history[-1]
    assert answer.sent_from == "Wren" and "finished after 2 step(s)" in answer.content
    assert "wrote note.txt" in answer.content
    assert result.usage["Wren"].calls == 2  # the agent's two model calls, counted for Wren
    (agent,) = bench.store.list()
    assert agent.workspace == str(team.workspace) and agent.profile.name == "Wren"
    assert "Write the word hello to note.txt" in agent.task
    bench.close()
