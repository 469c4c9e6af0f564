"""A value is found by the words of its block, of its heading word and of its kind; a count
is of the things the task names (fresh wordings of mine, in no suite)."""

from __future__ import annotations

from autonomo.agent.strategies.blocks import block_texts, headed
from autonomo.agent.strategies.facts import inflects, rank
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.listing import listing_facts


def _offered(tmp_path, files: dict[str, str], task: str) -> tuple[str, ...]:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return situation(tmp_path, task, existed=tuple(files)).texts


RELAY = "# relay\nbind 7001\nrole primary\n\nbind 7002\nrole replica\nretry 3\n"


def test_a_value_is_told_apart_by_another_line_of_its_block(tmp_path):
    texts = _offered(tmp_path, {"relay.conf": RELAY},
                     "Which port does the replica bind in relay.conf? Put the number in p.txt")
    assert texts == ("7002",)


def test_blocks_end_at_blank_lines_sections_and_a_return_to_the_margin():
    assert block_texts("a 1\nb 2\n\nc 3\n") == ["b 2", "a 1", ""]
    assert block_texts("[x]\nk = 1\n[y]\nk = 2\n") == ["k = 1", "[x]", "k = 2", "[y]"]
    assert block_texts("Node n1\n  ip 1\nNode n2\n  ip 2\n")[1] == "Node n1"
    assert block_texts("one\ntwo\n") == ["", ""]  # one block: no context at all


def test_the_number_is_the_value_asked_for_not_a_count_of_lines(tmp_path):
    texts = _offered(tmp_path, {"relay.conf": RELAY},
                     "What does relay.conf retry? Write the number into r.txt")
    assert texts[0] == "3" and "2" not in texts  # (two "bind" lines, two "role" lines)


def test_a_verb_s_inflection_is_the_task_s_word():
    assert inflects("finished", "finish") and inflects("shipped", "ship")
    assert inflects("closing", "close") and not inflects("started", "end")
    assert not inflects("used", "us")  # (too short to say)

def test_the_time_of_the_line_whose_verb_the_task_says_and_only_a_time(tmp_path):
    log = "2026-03-02 06:58:10 sync started\n2026-03-02 07:41:55 sync completed\n" \
          "2026-03-02 08:00:00 cleanup started\n"
    texts = _offered(tmp_path, {"sync.log": log},
                     "sync.log: when did the sync complete? just the time in done.txt")
    assert texts == ("07:41:55",)


def test_what_follows_a_heading_word_is_listed_when_the_task_says_the_word(tmp_path):
    hosts = "Node alpha\n  addr 10.1.0.1\nNode beta-2\n  addr 10.1.0.2\n"
    texts = _offered(tmp_path, {"cluster.cfg": hosts},
                     "which Node names does cluster.cfg define? one per line into nodes.txt")
    assert texts[0] == "alpha\nbeta-2"
    assert headed(["import os", "import re", "from a import b"]) == {}  # (no label)
    assert headed(["x 1", "x 1"]) == {}  # (the same rest each time: no values)


def test_the_top_level_keys_are_counted_and_listed_by_what_the_task_asks(tmp_path):
    data = '{"port": 1, "paths": {"a": 1, "b": 2, "c": 3}, "debug": false}'
    counted = _offered(tmp_path, {"app.json": data},
                       "how many top-level keys are in app.json? answer in n.txt")
    assert counted == ("3",)
    listed = _offered(tmp_path, {"app.json": data},
                      "Write the top-level keys of app.json to k.txt, one per line")
    assert listed[0] == "port\npaths\ndebug"


def test_files_of_a_kind_are_counted_in_the_folder_the_task_names():
    facts = listing_facts(["pics/a.jpg", "pics/b.jpg", "pics/c.png", "old/d.jpg"])
    task = "How many JPGs are in pics/? just the number in jpgs.txt"
    assert rank(facts, task) == ["2"]
    assert rank(facts, "list the png files of pics/ in p.txt") == ["c.png"]
