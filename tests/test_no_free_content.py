"""A small model's write or append never holds free text: its content is one of the offered
candidates, and a command with none is not offered (``narrowing.contentless``)."""

from __future__ import annotations

from typing import Any

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.narrowing import contentless
from autonomo.tools.builtin import builtin_registry

WRITING = ("write_file", "append_to_file")
_COMMANDS = ("write_file", "append_to_file", "read_file", "list_folder", "finish")


def _contents(schema: Any) -> list[dict[str, Any]]:
    """Every ``content`` property of an arguments schema's variants."""
    if "anyOf" in schema:
        return [c for v in schema["anyOf"] for c in _contents(v)]
    return [schema["properties"]["content"]]


def _offered(tmp_path, task: str) -> dict[str, dict[str, Any]]:
    commands = builtin_registry().select(include=_COMMANDS)
    strategy = create_strategy("one_shot", commands, compact=True)
    request = strategy.request(state=AgentState(tasks=[task], workspace=str(tmp_path)))
    return {o["properties"]["name"]["const"]: o["properties"]["args"]
            for o in request.schema["properties"]["command"]["anyOf"]}


@pytest.mark.parametrize("task", [
    # code and data files whose text no phrase of the task composes
    "Create units.py with a function to_ticket(order) that books a seat for the order",
    "Write helpers.js exporting a debounce helper",
    "Start a style.css for the blog with a dark theme",
    "make queries.sql that lists overdue loans",
    "Set up deploy.sh that pushes the site to the server",
    "Create an empty-looking config.yaml for the crawler",
])
def test_no_write_is_offered_where_no_content_is_found(tmp_path, task):
    offered = _offered(tmp_path, task)
    assert not set(WRITING) & set(offered), offered


@pytest.mark.parametrize(("task", "files"), [
    ("Write ok to status.txt and a greeting function to greet.py", {}),
    ("Put 7 in count.txt", {}),
    ("Add a line saying ferns watered to log.md", {"log.md": "# Log\n\nroses pruned\n"}),
    ("Make colours.json: a JSON list of teal, rust and ochre", {}),
    ("Create tools.py with a function half(n) that returns n divided by 2", {}),
    ("append the row 12,glue to stock.csv", {"stock.csv": "qty,item\n3,tape\n"}),
])
def test_every_offered_content_is_a_listed_candidate_never_a_name(tmp_path, task, files):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    offered = _offered(tmp_path, task)
    assert set(WRITING) & set(offered)
    names = {*_COMMANDS, *(f"{c}.json" for c in _COMMANDS)}
    for command in WRITING:
        for content in _contents(offered.get(command, {"anyOf": []})):
            values = content.get("enum")
            assert values, content  # a closed list, never a free string
            assert not names & set(values)
            assert all(".json" not in v or "{" in v or "[" in v for v in values)


def test_a_markdown_document_takes_a_span_when_nothing_is_composed(tmp_path):
    offered = _offered(tmp_path, "please jot this in plans/today.md: call the plumber at 9")
    content = _contents(offered["write_file"])[0]
    assert content["enum"][0] == "call the plumber at 9"


def test_contentless_reads_every_variant(tmp_path):
    write = builtin_registry().get("write_file").parameters_schema()
    where = situation(tmp_path, "Create units.py with a function to_miles(km)")
    assert contentless(write, where)
    where = situation(tmp_path, "Create units.py with a function to_miles(km) and write ok "
                                "to done.txt")
    assert not contentless(write, where)
