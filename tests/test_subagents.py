"""Sub-agents are real agents with their own state, paid from the parent's budget."""

from __future__ import annotations

from agent_helpers import TEST_TOOLS, reply
from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel
from autonomo.llm.types import Completion, Usage
from autonomo.plugins.manager import create_plugin_manager
from autonomo.tools import subagents

SUBAGENT_TOOLS = [subagents.start_agent, subagents.message_agent, subagents.list_agents,
                  subagents.delete_agent]


def priced(text: str, cost: float) -> Completion:
    return Completion(text=text, usage=Usage(prompt_tokens=10, cost=cost))


def test_parent_starts_messages_lists_and_deletes_a_sub_agent(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    pm = create_plugin_manager(load_entry_points=False)
    # one queue for parent and child, in the order the calls happen
    model = ScriptedModel([
        priced(reply("start_agent", name="writer", task="write b.txt"), 0.1),   # parent
        priced(reply("write_note", path="b.txt", text="from child"), 0.2),       # child
        priced(reply("finish", reason="b.txt written"), 0.2),                     # child
        priced(reply("list_agents"), 0.1),                                        # parent
        priced(reply("message_agent", agent_id="writer", message="count lines of b.txt"),
               0.1),                                                              # parent
        priced(reply("count_lines", path="b.txt"), 0.1),                         # child
        priced(reply("finish", reason="b.txt has 1 line"), 0.1),                 # child
        priced(reply("delete_agent", agent_id="writer"), 0.1),                    # parent
        priced(reply("finish", reason="delegated"), 0.1),                         # parent
    ])
    bench = Workbench.open(settings, plugins=pm, models=(model, model, model))
    parent = bench.new_agent("delegate writing b.txt", budget=5.0,
                             tools=[*TEST_TOOLS, *SUBAGENT_TOOLS],
                             profile=AgentProfile(name="Boss", role="a manager"))
    result = Runner(parent, AutoApproval()).run()
    assert result.status == "finished", result.reason
    outputs = [e.result.output for e in parent.state.episodes]
    assert outputs[0].startswith("Started agent 'writer' with id ")
    assert "writer [finished]" in outputs[1]
    assert "b.txt has 1 line" in outputs[2]
    assert (parent.workspace / "agents" / "writer" / "b.txt").read_text() == "from child"
    assert all(s.parent_id is None for s in bench.store.list())  # the child was deleted
    # the parent paid for its own five calls and the child's four
    assert abs(parent.state.usage.cost - 1.1) < 1e-9
    model.assert_all_used()
