"""ChatDev's Default company, shortened to two phases, on the real embedded model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sop_helpers import chatdev_default

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo.config import Settings
from autonomo.llm.local import LlamaCppModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.store import SopStore

pytestmark = pytest.mark.embedded


def test_two_phases_run_on_the_embedded_model(tmp_path: Path):
    companies = tmp_path / "companies"
    shutil.copytree(chatdev_default(), companies / "Default")
    short = companies / "Short"
    short.mkdir()
    chain = json.loads((companies / "Default" / "ChatChainConfig.json").read_text())
    chain["chain"] = [dict(item, max_turn_step=1, need_reflect="False")
                      for item in chain["chain"][:2]]
    (short / "ChatChainConfig.json").write_text(json.dumps(chain))

    settings = Settings(data_dir=tmp_path / "data")
    settings.llm.fast.max_tokens = 96
    model = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    store = SopStore(settings.data_dir)
    result = SopRun(load_sop(short), "Make a to-do list program", model=model,
                    workspace=tmp_path / "ws", settings=settings, store=store).run()
    assert result.status == "finished", result.reason
    assert result.usage["Chief Product Officer"].calls == 1
    assert result.usage["Chief Technology Officer"].calls == 1
    # whatever the 135M model said, the phases' behaviour set the shared variables
    assert result.variables["modality"] and result.variables["language"]
    kinds = [e.kind for e in store.events(result.run_id)]
    assert kinds.count("message") == 4 and kinds[-1] == "run_finished"
