"""Positive evidence for a finish (``finishing_evidence``): each rule refuses a record that
lacks it and accepts right work, by a large model in its own order or by a small model that
was shown the files up front."""

from __future__ import annotations

import pytest

from agent_helpers import recorded_state
from autonomo.agent.finishing import finish_objection
from autonomo.agent.finishing_evidence import derived_numbers, stated_values

R = "read_file"
W = "write_file"
A = "append_to_file"
D = "delete_file"
X = "execute_python_file"
M = "rename_file"
C = "copy_file"
SH = "execute_shell"


def _ran(path: str, printed: str) -> tuple[str, dict, str]:
    return (X, {"path": path}, f"Exit code 0.\nSTDOUT:\n{printed}")


# (task, files at the start, steps (command, arguments, output), files at the end (changed
# ones), shown up front?, refused?)
CASES = [
    # -- every input the task names was used -----------------------------------------------------
    ("Put each name from guests.json on its own line in names.txt",
     {"guests.json": '{"guests": ["Ana", "Bo"]}'},
     [(A, {"path": "names.txt", "content": "12\n7"}, "")], {"names.txt": "12\n7"}, True, True),
    ("Put each name from guests.json on its own line in names.txt",
     {"guests.json": '{"guests": ["Ana", "Bo"]}'},
     [(W, {"path": "names.txt", "content": "Ana\nBo\n"}, "")], {"names.txt": "Ana\nBo\n"},
     True, False),                                   # a small model, from what it was shown
    ("Put each name from guests.json on its own line in names.txt",
     {"guests.json": '{"guests": ["Ana", "Bo"]}'},
     [(W, {"path": "names.txt", "content": "Ana\nBo\n"}, ""),
      (R, {"path": "guests.json"}, '{"guests": ["Ana", "Bo"]}')],
     {"names.txt": "Ana\nBo\n"}, False, False),      # a large model, write first, then check
    ("Which file holds the bigger number, a.txt or b.txt? Write that file's name to big.txt",
     {"a.txt": "3", "b.txt": "9"}, [(W, {"path": "big.txt", "content": "file's"}, "")],
     {"big.txt": "file's"}, True, True),
    ("Which file holds the bigger number, a.txt or b.txt? Write that file's name to big.txt",
     {"a.txt": "3", "b.txt": "9"},
     [(R, {"path": "a.txt"}, "3"), (R, {"path": "b.txt"}, "9"),
      (W, {"path": "big.txt", "content": "b.txt"}, "")], {"big.txt": "b.txt"}, False, False),
    ("tip.py prints a tip. Save it to tip.txt", {"tip.py": "print('drink water')\n"},
     [(W, {"path": "tip.txt", "content": "prints a tip"}, "")], {"tip.txt": "prints a tip"},
     True, True),
    ("tip.py prints a tip. Save it to tip.txt", {"tip.py": "print('drink water')\n"},
     [(R, {"path": "tip.py"}, "print('drink water')\n"),
      (W, {"path": "tip.txt", "content": "drink water"}, "")], {"tip.txt": "drink water"},
     False, True),                                   # read, not run: its output is not seen
    ("tip.py prints a tip. Save it to tip.txt", {"tip.py": "print('drink water')\n"},
     [_ran("tip.py", "drink water\n"), (W, {"path": "tip.txt", "content": "drink water\n"}, "")],
     {"tip.txt": "drink water\n"}, True, False),
    ("tip.py prints a tip. Save it to tip.txt", {"tip.py": "print('drink water')\n"},
     [(SH, {"command": "python3 tip.py > tip.txt"}, "Exit code 0.\n(no output)")],
     {"tip.txt": "drink water\n"}, False, False),
    ("Give m_01.txt a clearer name: meeting_january.txt", {"m_01.txt": "notes"},
     [(W, {"path": "meeting_january.txt", "content": "clearer"}, "")],
     {"meeting_january.txt": "clearer"}, True, True),
    ("Give m_01.txt a clearer name: meeting_january.txt", {"m_01.txt": "notes"},
     [(M, {"source": "m_01.txt", "destination": "meeting_january.txt"}, "")],
     {"m_01.txt": None, "meeting_january.txt": "notes"}, True, False),
    ("Swap the contents of l.txt and r.txt", {"l.txt": "left side", "r.txt": "right side"},
     [(A, {"path": "l.txt", "content": "Swap the contents"}, "")],
     {"l.txt": "left sideSwap the contents"}, True, True),
    ("Swap the contents of l.txt and r.txt", {"l.txt": "left side", "r.txt": "right side"},
     [(R, {"path": "r.txt"}, "right side"), (R, {"path": "l.txt"}, "left side"),
      (W, {"path": "l.txt", "content": "right side"}, ""),
      (W, {"path": "r.txt", "content": "left side"}, "")],
     {"l.txt": "right side", "r.txt": "left side"}, False, False),
    ("Delete a.txt but keep b.txt", {"a.txt": "x", "b.txt": "y"},
     [(D, {"path": "a.txt"}, "")], {"a.txt": None}, False, False),   # a kept file is not used
    # -- the values the task states land ---------------------------------------------------------
    ("spot.txt - write B-14 in it, nothing else", {"spot.txt": ""},
     [(W, {"path": "spot.txt", "content": "nothing else"}, "")], {"spot.txt": "nothing else"},
     True, True),
    ("spot.txt - write B-14 in it, nothing else", {"spot.txt": ""},
     [(W, {"path": "spot.txt", "content": "B-14"}, "")], {"spot.txt": "B-14"}, True, False),
    ("Replace every Monday in plan.txt with Tuesday",
     {"plan.txt": "Monday 7:00 gym\nFriday swim\nMonday yoga\n"},
     [(A, {"path": "plan.txt", "content": "00 gym"}, "")],
     {"plan.txt": "Monday 7:00 gym\nFriday swim\nMonday yoga\n00 gym"}, True, True),
    ("Replace every Monday in plan.txt with Tuesday",
     {"plan.txt": "Monday 7:00 gym\nFriday swim\nMonday yoga\n"},
     [(R, {"path": "plan.txt"}, "Monday 7:00 gym\nFriday swim\nMonday yoga\n"),
      (W, {"path": "plan.txt", "content": "Tuesday 7:00 gym\nFriday swim\nTuesday yoga\n"}, "")],
     {"plan.txt": "Tuesday 7:00 gym\nFriday swim\nTuesday yoga\n"}, False, False),
    ("Change the price of pears in p.csv to 2.40", {"p.csv": "fruit,price\npears,1.20\n"},
     [(A, {"path": "p.csv", "content": "1.20"}, "")], {"p.csv": "fruit,price\npears,1.20\n1.20"},
     True, True),
    ("Change the price of pears in p.csv to 2.40", {"p.csv": "fruit,price\npears,1.20\n"},
     [(SH, {"command": "sed -i s/1.20/2.40/ p.csv"}, "Exit code 0.\n(no output)")],
     {"p.csv": "fruit,price\npears,2.40\n"}, False, False),        # by a shell line
    ("app.env is missing TIMEOUT=30; add it below the other settings.", {"app.env": "A=1\n"},
     [(A, {"path": "app.env", "content": "30"}, "")], {"app.env": "A=1\n30"}, True, True),
    ("app.env is missing TIMEOUT=30; add it below the other settings.", {"app.env": "A=1\n"},
     [(A, {"path": "app.env", "content": "TIMEOUT = 30\n"}, "")],
     {"app.env": "A=1\nTIMEOUT = 30\n"}, True, False),
    ("Set up a .gitignore that ignores __pycache__/ and *.log", {},
     [(A, {"path": "ignore.txt", "content": "gitignore that"}, "")],
     {"ignore.txt": "gitignore that"}, False, True),
    ("Set up a .gitignore that ignores __pycache__/ and *.log", {},
     [(W, {"path": ".gitignore", "content": "__pycache__/\n*.log\n"}, "")],
     {".gitignore": "__pycache__/\n*.log\n"}, False, False),
    ("How many of the values in r.txt are over 100? Write the count to n.txt",
     {"r.txt": "50\n150\n200\n"},
     [(R, {"path": "r.txt"}, "50\n150\n200\n"), (W, {"path": "n.txt", "content": "2"}, "")],
     {"n.txt": "2"}, False, False),                  # 100 is a bound, not a value to write
    ("Write 'see you soon' to note.txt", {},
     [(W, {"path": "note.txt", "content": "see you"}, "")], {"note.txt": "see you"}, False, True),
    ("Write 'see you soon' to note.txt", {},
     [(W, {"path": "note.txt", "content": "See you  soon\n"}, "")], {"note.txt": "See you  soon\n"},
     False, False),
    ("Write d.py defining double(x) that returns x times 2", {},
     [(W, {"path": "d.py", "content": "def double(x):\n    return x + x\n"}, "")],
     {"d.py": "def double(x):\n    return x + x\n"}, False, False),   # a program computes
    ("Add 2 and 3 and write the sum to s.txt", {},
     [(W, {"path": "s.txt", "content": "5"}, "")], {"s.txt": "5"}, False, False),
    ("Write the capital of France to c.txt", {},   # France names what to work out
     [(W, {"path": "c.txt", "content": "Paris"}, "")], {"c.txt": "Paris"}, False, False),
    ("year.txt should contain 1969", {}, [(W, {"path": "year.txt", "content": "1970"}, "")],
     {"year.txt": "1970"}, False, True),
    ("year.txt should contain 1969", {}, [(W, {"path": "year.txt", "content": "1969\n"}, "")],
     {"year.txt": "1969\n"}, False, False),
    ("Round 3.14159 to two decimals and save it in pi.txt", {},
     [(W, {"path": "pi.txt", "content": "3.14"}, "")], {"pi.txt": "3.14"}, False, False),
    ("Save 2+2 to math.txt", {}, [(W, {"path": "math.txt", "content": "4"}, "")],
     {"math.txt": "4"}, False, False),               # a sum to work out, not a value to copy
    ("Write the number of days in a week to days.txt", {},
     [(W, {"path": "days.txt", "content": "7"}, "")], {"days.txt": "7"}, False, False),
    ("How many .csv files are there? Write the answer to n.txt", {"a.csv": "", "b.csv": ""},
     [(W, {"path": "n.txt", "content": "2"}, "")], {"n.txt": "2"}, False, True),  # a guess
    ("How many .csv files are there? Write the answer to n.txt", {"a.csv": "", "b.csv": ""},
     [(W, {"path": "n.txt", "content": "2"}, "")], {"n.txt": "2"}, True, False),  # listed
    ("How many .csv files are there? Write the answer to n.txt", {"a.csv": "", "b.csv": ""},
     [(W, {"path": "n.txt", "content": "7"}, "")], {"n.txt": "7"}, True, True),
    ("How many of the values in r.txt are over 100? Write the count to n.txt",
     {"r.txt": "50\n150\n100\n"},
     [(W, {"path": "n.txt", "content": "100"}, "")], {"n.txt": "100"}, True, True),  # the bound
    ("r.csv has times per runner. Write the name of the fastest runner to w.txt",
     {"r.csv": "runner,minutes\nHale,41\nKim,39\n"},
     [(W, {"path": "w.txt", "content": "41\n39"}, "")], {"w.txt": "41\n39"}, True, True),
    ("r.csv has times per runner. Write the name of the fastest runner to w.txt",
     {"r.csv": "runner,minutes\nHale,41\nKim,39\n"},
     [(W, {"path": "w.txt", "content": "Kim"}, "")], {"w.txt": "Kim"}, True, False),
    ("Which folders are there? Write their names to f.txt (files don't count).",
     {"docs/a.md": "", "src/b.py": ""}, [(W, {"path": "f.txt", "content": "1"}, "")],
     {"f.txt": "1"}, True, True),
    ("Count the names in n.txt and write the count to c.txt", {"n.txt": "Ann\nBo\nCy\n"},
     [(W, {"path": "c.txt", "content": "3"}, "")], {"c.txt": "3"}, True, False),
    ("Look up Maria's phone number in p.csv and save it to m.txt",
     {"p.csv": "name,phone\nMaria,555-1234\n"},
     [(R, {"path": "p.csv"}, "name,phone\nMaria,555-1234\n"),
      (W, {"path": "m.txt", "content": "555-1234"}, "")], {"m.txt": "555-1234"}, False, False),
    ("Write the word done to backup_status.txt", {},
     [(W, {"path": "backup_status.txt", "content": "done"}, "")], {"backup_status.txt": "done"},
     False, False),                                  # "backup" of a file name is no copy
    ("Append the line see setup.py to README.md", {"setup.py": "", "README.md": "# x\n"},
     [(A, {"path": "README.md", "content": "see setup.py\n"}, "")],
     {"README.md": "# x\nsee setup.py\n"}, False, False),   # a name to write, no input
    ("Remove the files ending in .bak", {"a.bak": "", "b.txt": "x"},
     [(D, {"path": "a.bak"}, "")], {"a.bak": None}, False, False),
    ("Remove the files ending in .bak", {"a.bak": "", "b.bak": "", "c.txt": "x"},
     [(D, {"path": "a.bak"}, "")], {"a.bak": None}, False, True),   # b.bak is left
    ("Clear out the cache folder", {"cache/a.tmp": "x"},
     [(D, {"path": "cache/a.tmp"}, "")], {"cache/a.tmp": None}, False, False),
    ("Put each name from a.json on its own line in n.txt",
     {"a.json": '[{"name": "Sun", "room": 3}]'},
     [(A, {"path": "n.txt", "content": "3"}, ""), (W, {"path": "n.txt", "content": "3"}, "")],
     {"n.txt": "3"}, True, True),                    # the same text written over it again
    ("Some files are empty. Delete those and leave the rest.", {"a.txt": "x", "b.txt": ""},
     [(D, {"path": "a.txt"}, "")], {"a.txt": None}, True, True),
    ("Fix the typo in w.txt: recieve should be receive", {"w.txt": "You will recieve a key.\n"},
     [(R, {"path": "w.txt"}, "You will recieve a key.\n"),
      (W, {"path": "w.txt", "content": "You will receive a key.\n"}, "")],
     {"w.txt": "You will receive a key.\n"}, False, False),
    ("spot.txt - write B-14 in it, nothing else", {"spot.txt": "A-3\n"},
     [(W, {"path": "spot.txt", "content": "B-14"}, "")], {"spot.txt": "B-14"}, True, False),
    # -- a copy holds the text of a file that was there ------------------------------------------
    ("I'd like run.sh copied to run_test.sh", {"run.sh": "make all\n"},
     [(A, {"path": "run_test.sh", "content": "run_test.log"}, "")],
     {"run_test.sh": "run_test.log"}, True, True),
    ("I'd like run.sh copied to run_test.sh", {"run.sh": "make all\n"},
     [(C, {"source": "run.sh", "destination": "run_test.sh"}, "")],
     {"run_test.sh": "make all\n"}, True, False),
    ("I'd like run.sh copied to run_test.sh", {"run.sh": "make all\n"},
     [(R, {"path": "run.sh"}, "make all\n"), (W, {"path": "run_test.sh", "content": "make all\n"},
                                              "")],
     {"run_test.sh": "make all\n"}, False, False),
]


@pytest.mark.parametrize(("task", "start", "steps", "end", "shown", "refused"), CASES,
                         ids=[f"{i}-{c[0][:30]}" for i, c in enumerate(CASES)])
def test_evidence(tmp_path, task, start, steps, end, shown, refused):
    for name, text in start.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    for name, text in end.items():
        if text is None:
            (tmp_path / name).unlink()
        else:
            (tmp_path / name).write_text(text)
    state = recorded_state(tmp_path, task, [(n, a, "success", o) for n, a, o in steps])
    for episode, (name, _args, _out) in zip(state.episodes, steps, strict=True):
        if name == W and (old := start.get(_args["path"])) is not None:
            episode.result.data["replaced"] = old  # as write_file records it
    for episode, (name, args, _out) in zip(state.episodes, steps, strict=True):
        if name == D:  # as delete_file records it
            episode.result.data["size"] = len(start.get(args["path"], ""))
    if shown:  # a small model's first look: the listing and the files' texts
        shown = {".": "\n".join(sorted(start)), **start}
    objection = finish_objection(state, "done", shown=shown or {})
    assert (objection is not None) == refused, objection


def test_without_evidence_only_contradictions_refuse(tmp_path):
    """``agent.finish_evidence: false``: the B-14 the task gives need not be written."""
    (tmp_path / "spot.txt").write_text("nothing else")
    state = recorded_state(tmp_path, "spot.txt - write B-14 in it, nothing else",
                           [(W, {"path": "spot.txt", "content": "nothing else"}, "success", "")])
    assert finish_objection(state, "done") is not None
    assert finish_objection(state, "done", evidence=False) is None


def test_the_refusal_names_the_missing_piece(tmp_path):
    (tmp_path / "tip.py").write_text("print('drink water')\n")
    (tmp_path / "tip.txt").write_text("30")
    state = recorded_state(tmp_path, "Call tip.py with 30 as its argument; tip.txt gets its "
                           "output", [(A, {"path": "tip.txt", "content": "30"}, "success", "")])
    assert "tip.py was never run" in finish_objection(state, "done")
    (tmp_path / "spot.txt").write_text("nothing else")
    state = recorded_state(tmp_path, "spot.txt - write B-14 in it, nothing else",
                           [(W, {"path": "spot.txt", "content": "nothing else"}, "success", "")])
    assert "'B-14'" in finish_objection(state, "done")


def test_stated_values_are_the_task_s_new_information():
    assert stated_values("Replace every Monday in plan.txt with Tuesday", ["plan.txt"]) == [
        "Monday", "Tuesday"]
    assert stated_values("I need a Python module is_even.py: is_even(n) returns True",
                         ["is_even.py"]) == ["is_even(n"]
    assert stated_values("Which files are over 100 KB? Write the 2nd name to a.txt",
                         ["a.txt"]) == ["KB"]
    assert stated_values("Write 'see you soon' to note.txt", ["note.txt"]) == ["see you soon"]


def test_derived_numbers_are_fair_readings():
    csv = "id,amount\n101,5\n102,7\n"
    assert {"12", "215"} <= derived_numbers(csv, "the total of the amount column")
    assert "3" not in derived_numbers(csv, "the total of the amount column")
    assert {"3", "2"} <= derived_numbers(csv, "how many lines or rows")
    assert "4" in derived_numbers("cat dog cat cat\ncat", "how often is the word cat there")


def test_a_small_model_is_offered_finish_only_once_the_record_supports_it(tmp_path):
    """The strategy's side of the contract: while the check would refuse, a grammar-bound
    model cannot even propose ``finish``; once the value the task gives is written, it can."""
    from agent_helpers import constrained_agent, reply
    from autonomo.agent.runner import Runner

    agent, model = constrained_agent(tmp_path, [
        reply("write_note", path="spot.txt", text="nothing else"),
        reply("write_note", path="spot.txt", text="B-14"),
        reply("finish", reason="spot.txt holds B-14"),
    ], task="spot.txt - write B-14 in it, nothing else")
    assert Runner(agent).run(max_steps=3).status == "finished"
    offered = [{o["properties"]["name"]["const"]
                for o in call["schema"]["properties"]["command"]["anyOf"]}
               for call in model.calls]
    assert "finish" not in offered[0] | offered[1] and "finish" in offered[2]


def test_deleting_the_empty_files_is_supported(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    state = recorded_state(tmp_path, "Some files are empty. Delete those and leave the rest.",
                           [(D, {"path": "b.txt"}, "success", "Deleted b.txt.")])
    state.episodes[0].result.data["size"] = 0
    assert finish_objection(state, "done") is None
