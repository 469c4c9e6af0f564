"""Small files made from what a task states, in their shape: pins as ``name==version``
lines, a switch as true/false, a several-word name as one CSV cell, a counted list as one
item a line. Fresh wordings (none from a suite)."""

from __future__ import annotations

import json

import pytest

from autonomo.agent.strategies import compose, spans, tables


@pytest.mark.parametrize(("task", "lines"), [
    ("requirements.txt should pin httpx to 0.27.0 and rich to 13.7.1, please.",
     "httpx==0.27.0\nrich==13.7.1"),
    ("Make requirements.txt: black at 24.4.2 and isort at 5.13.2", "black==24.4.2\nisort==5.13.2"),
])
def test_pins_are_name_equals_version_lines(task, lines):
    assert compose.requirement_lines(task, ["requirements.txt"])[0] == lines


def test_a_switch_said_in_words_is_a_boolean():
    made = compose.json_texts("create flags.json with beta switched on, tracking turned off "
                              "and limit 20", ["flags.json"], None)
    assert {"beta": True, "tracking": False, "limit": 20} in [json.loads(t) for t in made]


def test_a_name_of_several_capitalised_words_is_one_cell():
    made = tables.new_table("make birds.csv with columns bird and count. Rows: Great Tit 4, "
                            "Eurasian Blue Tit 2, Robin 1")
    assert made == ["bird,count\nGreat Tit,4\nEurasian Blue Tit,2\nRobin,1\n"]
    # a lower-case word before the values is not part of a name
    assert tables.new_table("make t.csv with columns item and grams: then tent 2100, "
                            "then stove 400") == ["item,grams\ntent,2100\nstove,400\n"]


@pytest.mark.parametrize(("task", "text"), [
    ("Write todo.txt with four lines: call Ana, fix bike, buy stamps, water plants",
     "call Ana\nfix bike\nbuy stamps\nwater plants"),
    ("put these lines in pack.txt: torch, spare socks, map", "torch\nspare socks\nmap"),
    # a count that does not match, or no count and no lines: the phrase as it is
    ("write two lines to a.txt: red, green, blue", "red, green, blue"),
    ("note the colours in c.txt: red, green, blue", "red, green, blue"),
])
def test_a_counted_list_after_a_colon_is_one_item_a_line(task, text):
    names = [n.rstrip(":") for n in task.split() if n.rstrip(":").endswith(".txt")]
    assert text in spans.literals(task, names)


def test_a_text_in_the_first_person_is_offered_after_the_values(tmp_path):
    from autonomo.agent.strategies.grounding import situation
    assert "we are closed today" in situation(tmp_path, "Write we are closed today to sign.txt"
                                              ).texts
    where = situation(tmp_path, "our router's name - it's Birchwood5; save it in router.txt")
    assert where.texts[0] == "Birchwood5"


@pytest.mark.parametrize(("task", "body"), [
    ("Write conv.py with a function to_f(c): take c, * 1.8, then + 32", "(c * 1.8) + 32"),
    ("make speed.py defining to_kmh(ms) - ms × 3.6", "ms * 3.6"),
    ("make halves.py with a function half(n) that divides it by 2", "n / 2"),
    ("create boost.py with f(x) that multiplies the value by 2 and then adds 1", "(x * 2) + 1"),
])
def test_arithmetic_by_symbol_or_any_form_of_its_verb_is_applied_in_order(task, body):
    made = compose.python_texts(task)
    assert made and made[0].endswith(f"    return {body}\n")


def test_a_title_that_starts_with_a_capitalised_article_is_offered_whole():
    from autonomo.agent.strategies.shapes import items
    playlist = "The Long Road\nA Quiet Morning\nBlue Hour\n"
    task = "we listened to The Salt Marsh yesterday, add it to playlist.txt"
    assert items(playlist, task, spans.INSTRUCTION_WORDS, ["playlist.txt"])[0] == \
        "The Salt Marsh"
