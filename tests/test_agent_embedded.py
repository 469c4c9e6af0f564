"""An agent on the real embedded model (SmolLM2-135M through llama.cpp), end to end."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")
jsonschema = pytest.importorskip("jsonschema")

from autonomo import Workbench  # noqa: E402
from autonomo.agent.approval import AutoApproval  # noqa: E402
from autonomo.agent.runner import Runner  # noqa: E402
from autonomo.config import Settings  # noqa: E402
from autonomo.llm.local import LlamaCppModel  # noqa: E402

pytestmark = pytest.mark.embedded


def test_washington_task_in_continuous_mode(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    model = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    summaries = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    bench = Workbench.open(settings, models=(model, model, summaries))
    agent = bench.new_agent("Write the word Washington to a file called output.txt",
                            workspace=tmp_path / "ws")
    result = Runner(agent, AutoApproval()).run(max_steps=6)

    schema = agent.strategy.request().schema
    proposals = [c for c in bench.store.calls(agent.state.id) if c["purpose"] == "propose"]
    assert proposals
    for call in proposals:  # constrained decoding: every reply is valid by construction
        jsonschema.validate(json.loads(call["response"]["text"]), schema)
    assert result.status in ("finished", "stopped", "failed"), result.reason
    assert "washington" in (tmp_path / "ws" / "output.txt").read_text().lower()
    # from the second step on, the prompt's prefix comes from the KV cache
    later = [c["response"]["usage"] for c in proposals[1:]]
    assert all(u["cached_prompt_tokens"] > 0.5 * u["prompt_tokens"] for u in later)
    bench.close()
