"""A value is found by the words of its block, of its heading word and of its kind; a count
is of the things the task names (fresh wordings of mine, in no suite)."""

from __future__ import annotations

from autonomo.agent.strategies import affixes, cells
from autonomo.agent.strategies.blocks import block_texts, headed
from autonomo.agent.strategies.edits import edits
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.listing import listing_facts
from autonomo.agent.strategies.ranking import rank
from autonomo.agent.strategies.values import named_kinds
from autonomo.agent.strategies.wordforms import inflects


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


# -- edits of one cell, of a keyed file with lists, affixes -------------------------------------

KENNELS = "dog,run,walker\nRex,R2,Ines\nBiscuit,R2,Tom\nMoss,R5,Ines\n"


def test_one_cell_of_the_row_the_task_names_changes_and_then_nothing_else():
    task = "kennels.csv: dog Biscuit goes to run R5 - update it, keep the walker"
    found = edits(KENNELS, task, ["kennels.csv"])
    assert found == (("Biscuit,R2,Tom", ("Biscuit,R5,Tom",)),)
    done = KENNELS.replace("Biscuit,R2,Tom", "Biscuit,R5,Tom")
    assert cells.settled(done, task) and edits(done, task, ["kennels.csv"]) == ()


def test_a_repeated_value_of_a_column_marks_the_row():
    table = "ticket,owner,state\nT-7,Ada,open\nT-9,Bo,closed\nT-12,Cy,open\n"
    task = "mark ticket T-12 as closed in tickets.csv"
    assert cells.cell_edits(table, task) == [("T-12,Cy,open", ("T-12,Cy,closed",))]
    # (two rows named, or none: no cell)
    assert cells.cell_edits(table, "mark T-7 and T-12 as closed") == []
    assert cells.cell_edits(table, "mark every ticket as closed") == []


def test_a_json_file_with_a_list_is_still_keyed():
    text = '{\n  "max_guests": 8,\n  "rooms": [\n    "blue",\n    "red"\n  ],\n  "pets": false\n}\n'
    found = edits(text, "party.json: increase max_guests from 8 to 12", ["party.json"])
    assert found == (('  "max_guests": 8,', ('  "max_guests": 12,',)),)


def test_the_verbs_of_an_edit_offer_replace_text():
    from autonomo.config import Settings

    words = Settings().agent.small_model_command_words["replace_text"]
    assert {"raise", "lower", "increase", "decrease", "mark", "turn"} <= set(words)


def test_a_value_read_is_written_with_the_affix_the_task_states_or_shows():
    assert affixes.affixed("write the build number with a leading # to b.txt",
                           ["318", "build"])[0] == "#318"
    assert affixes.affixed("save the release as a tag (e.g. r2.5) in t.txt",
                           ["7.1", "r2.5"]) == ["r7.1"]  # (nor the example: no content)
    assert affixes.affixed("the rate followed by a percent sign into r.txt", ["12"])[0] == "12%"
    # no affix said: the texts as they are; a plain word after "leading" is no affix
    assert affixes.affixed("copy the leading one to a.txt", ["5", "x"]) == ["5", "x"]
    assert affixes.affixed("the version, e.g. 1.0, into v.txt", ["2.4.1"]) == ["2.4.1"]


def test_the_version_read_is_offered_with_its_prefix_first(tmp_path):
    texts = _offered(tmp_path, {"RELEASE": "3.8.2\n"},
                     "Read the RELEASE file and write its version with a leading v to tag.txt")
    assert texts[0] == "v3.8.2"


def test_a_kind_the_task_names_is_ranked_among_the_values_of_that_kind(tmp_path):
    info = "Shop: Bramble & Oak\nOwner: Tove Lind (tove.lind@bramble.example)\n" \
           "Orders: Pell Couriers, desk@pell.example\n"
    texts = _offered(tmp_path, {"shop.txt": info},
                     "I need to write to the owner - copy only her e-mail from shop.txt "
                     "into owner_mail.txt")
    assert texts == ("tove.lind@bramble.example",)
    # a list of them when the task asks for all; a part of one when it names the part
    listed = _offered(tmp_path, {"shop.txt": info},
                      "every email address in shop.txt into all.txt, one per line")
    assert listed[0] == "tove.lind@bramble.example\ndesk@pell.example"
    assert named_kinds("the owner's e-mail in shop.txt: write only its domain to d.txt") \
        == set()
    assert named_kinds("how long between the start time and the end time?") == set()


def test_a_word_replaces_a_word_only_where_the_task_links_them():
    note = "The kettle is blue.\nThe mug costs 4.10\n"
    # the price changes; "mug" is never replaced by "costs" or "now", before or after it
    task = "The mug costs 4.60 now. Update note.txt"
    assert edits(note, task, ["note.txt"]) == (("4.10", ("4.60",)),)
    assert edits(note.replace("4.10", "4.60"), task, ["note.txt"]) == ()
    found = edits(note, "in note.txt the kettle should be green, not blue", ["note.txt"])
    assert ("blue", ("green",)) in found and not any("not" in new for _, new in found)
    unit = "[Service]\nRestart=always\nUser=ops\n"
    assert edits(unit, "svc.service: set Restart=always to Restart=on-abort", ["svc.service"]) \
        == (("Restart=always", ("Restart=on-abort",)),)


def test_a_value_the_question_states_to_pick_a_record_is_not_its_answer(tmp_path):
    safe = "box 12 opens with 4-11-09\nbox 31 opens with 8-02-33\n"
    assert _offered(tmp_path, {"safe.txt": safe},
                    "In safe.txt, what opens box 31? Put it in code.txt") == ("8-02-33",)
    calls = "GET /a 200\nGET /b 500\nGET /c 500\nGET /d 200\n"
    assert _offered(tmp_path, {"calls.log": calls}, "how many calls in calls.log failed with "
                    "a 500? only the number into n.txt") == ("2",)


def test_an_affix_to_take_off_is_never_put_on():
    for task in ("write the code without the leading zero to c.txt",
                 "strip the trailing slash from the path in p.txt and save it to q.txt",
                 "drop the leading # from the tag in t.txt; write it to u.txt"):
        assert affixes.stated(task) == []
        assert affixes.affixed(task, ["0417", "a/b/"]) == ["0417", "a/b/"]


def test_a_letter_code_after_a_word_the_task_says_is_its_value(tmp_path):
    board = "Flight KX12 boards at 09:10 from gate C\nFlight KX40 boards at 11:30 from gate F\n"
    assert _offered(tmp_path, {"board.txt": board},
                    "Which gate does flight KX40 board from (board.txt)? gate.txt") == ("F",)
    assert block_texts("x") == [""]  # (one line, one block)
