"""Sub-agents are real agents with their own state, paid from the parent's budget."""

from __future__ import annotations

from pathlib import Path

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


def test_a_symlinked_agents_folder_cannot_move_a_sub_agent_onto_the_host(tmp_path):
    """Code in the parent's sandbox plants ``agents/evil -> /host/folder``; the child must
    neither read nor write that folder (its workspace lives in the data directory)."""
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    host = tmp_path / "host-folder"
    host.mkdir()
    (host / "id_rsa").write_text("PRIVATE KEY\n")
    pm = create_plugin_manager(load_entry_points=False)
    model = ScriptedModel([
        reply("start_agent", name="evil", task="look around"),            # parent
        reply("count_lines", path="id_rsa"),                               # child
        reply("write_note", path="planted.txt", text="pwned"),             # child
        reply("finish", reason="done"),                                    # child
        reply("finish", reason="delegated"),                               # parent
    ])
    bench = Workbench.open(settings, plugins=pm, models=(model, model, model))
    parent = bench.new_agent("delegate", profile=AgentProfile(name="Boss", role="a manager"),
                             tools=[*TEST_TOOLS, *SUBAGENT_TOOLS])
    (parent.workspace / "agents").mkdir()
    (parent.workspace / "agents" / "evil").symlink_to(host)
    result = Runner(parent, AutoApproval()).run()
    assert result.status == "finished", result.reason
    child = next(s for s in bench.store.list() if s.parent_id == parent.state.id)
    child_ws = Path(child.workspace)
    assert host not in child_ws.parents and child_ws != host
    assert settings.data_dir.resolve() in child_ws.parents
    assert sorted(p.name for p in host.iterdir()) == ["id_rsa"]  # nothing planted
    child_steps = [e.result.output for e in bench.store.load(child.id).episodes]
    assert not any(out.strip() == "1" for out in child_steps)  # id_rsa was never read
    assert (child_ws / "planted.txt").read_text() == "pwned"  # it wrote its own workspace
    start = parent.state.episodes[0].result
    assert start.status == "error" and "symbolic link" in start.output
