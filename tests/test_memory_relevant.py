"""AgentMemory (remember / relevant / recall) and the Condenser, on real SQLite files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autonomo.config import Settings
from autonomo.errors import ModelResponseError, UserError
from autonomo.llm.scripted import ScriptedModel
from autonomo.memory import AgentMemory, Condenser, HashingEmbedder, open_memory
from autonomo.memory.agent_memory import split_text
from autonomo.memory.condense import ORIGINAL_KIND, parse_facts
from autonomo.memory.sqlite_store import SQLiteVectorStore


def words(text: str) -> int:
    return len(text.split())


@pytest.fixture
def memory(tmp_path: Path) -> AgentMemory:
    store = SQLiteVectorStore(tmp_path / "memory.sqlite")
    return AgentMemory(store, HashingEmbedder(512), "agent-1")


def test_recall_finds_the_matching_memory(memory: AgentMemory) -> None:
    memory.remember("Step 1: wrote the weather report to reports/weather.md", kind="result")
    memory.remember("Step 2: the user said to use Celsius, not Fahrenheit", kind="feedback")
    memory.remember("Step 3: searched the web for bakery opening hours", kind="result")
    assert memory.recall("which unit did the user want, celsius?", k=1) == [
        "Step 2: the user said to use Celsius, not Fahrenheit"
    ]
    assert memory.recall("weather report file", k=3)[0].startswith("Step 1")
    assert memory.recall("   ") == []
    assert memory.stats().by_kind == {"feedback": 1, "result": 2}


def test_relevant_keeps_the_best_prefix_that_fits(memory: AgentMemory) -> None:
    texts = [
        "alpha beta gamma delta",  # 4 words, shares 3 query words
        "alpha beta unrelated words here now",  # 6 words, shares 2
        "alpha something else entirely different and long",  # 7 words, shares 1
        "zebra",
    ]
    for text in texts:
        memory.remember(text)
    query = "alpha beta gamma"
    everything = memory.relevant(query, 1000, words, min_score=0.01)
    assert everything[:3] == texts[:3]
    assert memory.relevant(query, 10, words) == texts[:2]  # 4 + 6 fit, the 7 does not
    assert memory.relevant(query, 9, words) == texts[:1]  # least relevant dropped first
    assert memory.relevant(query, 3, words) == []
    assert memory.relevant(query, 0, words) == []
    assert memory.relevant(query, 1000, words, exclude={texts[0]})[:2] == texts[1:3]


def test_long_texts_are_split_so_every_part_is_searchable(tmp_path: Path) -> None:
    memory = AgentMemory(
        SQLiteVectorStore(tmp_path / "m.sqlite"), HashingEmbedder(512), "a", chunk_chars=200
    )
    filler = " ".join(["lorem ipsum dolor sit amet."] * 30)
    ids = memory.remember(f"{filler}\n\nThe deploy key is kept in vault slot 42.", meta={"step": 9})
    assert len(ids) > 1
    hit = memory.search("where is the deploy key kept?", k=1)[0]
    assert "vault slot 42" in hit.record.text
    assert hit.record.extra["step"] == 9 and hit.record.extra["chunks"] == len(ids)


def test_split_text_prefers_boundaries() -> None:
    text = "First paragraph here.\n\nSecond one is a bit longer. It has two sentences."
    assert split_text(text, 40) == [
        "First paragraph here.",
        "Second one is a bit longer.",
        "It has two sentences.",
    ]
    assert split_text("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    assert split_text("  \n ", 10) == []


def test_memory_is_per_agent_and_survives_restarts(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, memory={"embedder": "hashing"})
    first = open_memory(settings, "writer")
    first.remember("the manuscript lives in drafts/novel.txt")
    open_memory(settings, "reviewer").remember("review notes are in review.md")
    first.close()
    assert (tmp_path / "agents" / "writer" / "memory.sqlite").is_file()
    again = open_memory(settings, "writer")
    assert again.recall("where is the manuscript?", k=5) == [
        "the manuscript lives in drafts/novel.txt"
    ]
    assert (tmp_path / "embeddings.sqlite").is_file()
    with pytest.raises(UserError, match="not a valid agent id"):
        open_memory(settings, "../escape")


# -- condensation -------------------------------------------------------------------------------


def history(n: int) -> list[str]:
    return [f"Step {i}: ran tool number {i} and saw output value {i * 7}" for i in range(1, n + 1)]


def test_nothing_to_condense_under_the_threshold() -> None:
    model = ScriptedModel([])
    condenser = Condenser(model)
    assert condenser.condense(history(3), threshold=10_000, count_tokens=words) is None
    assert condenser.condense(history(1), threshold=1, count_tokens=words) is None
    assert model.calls == []


def test_condenser_summarises_the_oldest_part_and_stores_originals(memory: AgentMemory) -> None:
    facts = ["Tools 1-4 ran; output values 7, 14, 21, 28", "Step 3 saw value 21"]
    model = ScriptedModel([{"facts": facts}])
    condenser = Condenser(model, memory=memory, keep_fraction=0.5)
    items = history(8)  # 12 words each, 96 in all
    result = condenser.condense(items, threshold=80, count_tokens=words)
    assert result is not None
    # the rest must fit in half the threshold (40 words): the oldest 5 go
    assert result.count == 5
    assert result.facts == facts
    assert "Tools 1-4 ran" in result.summary and result.summary.startswith("Summary of 5")
    call = model.calls[0]
    assert call["schema"]["properties"]["facts"]["type"] == "array"
    prompt = call["messages"][1].content
    assert "Step 5:" in prompt and "Step 6:" not in prompt and "[1] Step 1:" in prompt
    # the originals went to the store, where recall finds them
    assert len(result.memory_ids) == 5
    originals = memory.list(kind=ORIGINAL_KIND)
    assert sorted(r.extra["position"] for r in originals) == [0, 1, 2, 3, 4]
    assert memory.recall("tool number 4 output value 28", k=1) == [items[3]]


def test_condenser_asks_again_after_an_unusable_answer() -> None:
    model = ScriptedModel(["I think the history is about tools.", {"facts": ["Ran tools 1-3"]}])
    result = Condenser(model).condense(history(4), threshold=20, count_tokens=words)
    assert result is not None and result.facts == ["Ran tools 1-3"]
    retry_prompt = model.calls[1]["messages"]
    assert retry_prompt[-2].content == "I think the history is about tools."
    assert "could not be used" in retry_prompt[-1].content


def test_condenser_gives_up_with_a_model_response_error() -> None:
    model = ScriptedModel(['{"facts": []}', "still not json"])
    with pytest.raises(ModelResponseError):
        Condenser(model, retries=1).condense(history(4), threshold=20, count_tokens=words)


def test_long_histories_are_condensed_in_batches_that_fit_the_model() -> None:
    model = ScriptedModel(
        [
            lambda messages: {"facts": [f"batch of {messages[1].content.count('[')} entries"]}
            for _ in range(10)
        ],
        context_window=600,
    )
    condenser = Condenser(model, max_tokens=100)
    entries = ["x" * 400 for _ in range(12)]  # ~100 tokens each by the 4-chars rule
    result = condenser.condense_entries(entries)
    assert len(model.calls) > 1
    assert sum(int(f.split()[2]) for f in result.facts) == 12
    for call in model.calls:
        assert model.count_message_tokens(call["messages"]) + 100 <= 600


def test_parse_facts_repairs_and_validates() -> None:
    assert parse_facts('{"facts": ["a", "b",]}') == ["a", "b"]
    assert parse_facts(json.dumps(["plain list"])) == ["plain list"]
    assert parse_facts('{"facts": ["' + "y" * 300 + '"]}', max_chars=10) == ["y" * 10]
    with pytest.raises(ModelResponseError):
        parse_facts('{"other": 1}')
