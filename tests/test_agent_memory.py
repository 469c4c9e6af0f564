"""Long-term memory in the loop: each step stored, relevant ones shown, recall finds them."""

from __future__ import annotations

from agent_helpers import reply
from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel


def test_steps_are_remembered_recalled_and_shown_when_relevant(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.embedder = "hashing"
    settings.agent.full_episodes = 1
    settings.agent.history_budget = 200  # compact early: the first notes leave the prompt
    notes = [f"note{i}.txt" for i in range(7)]
    facts = ["the vault code is 4417", "apples are red", "the sky is blue", "grass is green",
             "snow is white", "coal is black", "the sun is yellow"]
    model = ScriptedModel(
        [reply("write_file", path=n, content=f) for n, f in zip(notes, facts, strict=True)]
        + [reply("recall", query="vault code"), reply("finish", reason="done")]
    )
    summaries = ScriptedModel([lambda m: "wrote a note"] * 20)
    bench = Workbench.open(settings, models=(model, model, summaries))
    agent = bench.new_agent("Write notes, then find the vault code.",
                            profile=AgentProfile(name="NoteGPT", role="a note taker"),
                            commands=["write_file", "recall", "finish"])
    result = Runner(agent, AutoApproval()).run()
    assert result.status == "finished"
    assert agent.state.compacted_upto >= 5  # step 1 is out of the prompt, as a summary only
    recalled = agent.state.episodes[7].result.output
    assert "4417" in recalled
    # relevant memories go into the per-step instruction, never into the stable part
    triggers = [call["messages"][-1].content for call in model.calls]
    assert any("Things you remember" in t for t in triggers)
    stable = {(call["messages"][0].content, call["messages"][1].content) for call in model.calls}
    assert len(stable) == 1 and "Things you remember" not in str(stable)
    # memory survives a restart of the process
    bench.close()
    again = Workbench.open(settings, models=(model, model, summaries))
    memory = again.memory_factory()(agent.state)
    assert any("4417" in text for text in memory.recall("vault code", k=3))


_NO_SEARCH_RUN = """
import sys, pathlib
sys.path.insert(0, {tests!r})
from agent_helpers import reply
from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.profile import AgentProfile
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.scripted import ScriptedModel

settings = Settings(data_dir=pathlib.Path({data!r}))
assert settings.memory.enabled and settings.memory.embedder == "local"
model = ScriptedModel([reply("write_file", path="a.txt", content="hi"),
                       reply("finish", reason="a.txt holds hi")])
bench = Workbench.open(settings, models=(model, model, model))
agent = bench.new_agent("Write hi to a.txt", profile=AgentProfile(),
                        commands=["write_file", "finish"])
assert Runner(agent, AutoApproval()).run().status == "finished"
print(sorted(m for m in ("torch", "transformers") if m in sys.modules))
agent.memory.recall("what was written")  # the first search loads it
print(sorted(m for m in ("torch", "transformers") if m in sys.modules))
"""


def test_the_embedder_is_not_imported_on_a_run_that_never_searches(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    code = _NO_SEARCH_RUN.format(tests=str(Path(__file__).parent), data=str(tmp_path / "d"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    before, after = done.stdout.strip().splitlines()
    assert before == "[]"
    assert after == "['torch', 'transformers']"
