"""The finish check's rules on what the run did and where its text came from
(``finishing_changes``, ``finishing_sources``): each refused when the record contradicts
the task, and accepted when the work is right, whatever the order of the steps."""

from __future__ import annotations

import pytest

from agent_helpers import plugins, recorded_state, reply
from autonomo import AgentProfile, ScriptedModel, Settings, Workbench
from autonomo.agent.finishing import finish_objection
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState

R = "read_file"
W = "write_file"
A = "append_to_file"
D = "delete_file"
X = "execute_python_file"
L = "list_folder"
M = "rename_file"


def _state(tmp_path, task: str, steps) -> AgentState:
    """A state whose record is ``steps``: (command, arguments, output) or with a status."""
    return recorded_state(tmp_path, task, [(name, args, status[0] if status else "success", output)
                                           for name, args, output, *status in steps])


def _ran(path: str, printed: str) -> tuple[str, dict, str]:
    return (X, {"path": path}, f"Exit code 0.\nSTDOUT:\n{printed}")


CASES = [
    # -- a program the task says to run, and what it printed ------------------------------------
    ("Run tool.py and write its output to out.txt", {"tool.py": "print(7)", "out.txt": "7\n"},
     [_ran("tool.py", "7"), (W, {"path": "out.txt", "content": "7\n"}, "")], False),
    ("Run tool.py and write its output to out.txt", {"tool.py": "print(7)", "out.txt": "output"},
     [_ran("tool.py", "7"), (W, {"path": "out.txt", "content": "output"}, "")], True),
    ("Run tool.py and write its output to out.txt", {"tool.py": "print(7)", "out.txt": "7"},
     [(W, {"path": "out.txt", "content": "7"}, "")], True),           # never ran it
    ("run tool.py, put the result in out.txt", {"tool.py": "print(7)", "out.txt": "7"},
     [("execute_shell", {"command": "python3 tool.py > out.txt"}, "Exit code 0.\n(no output)")],
     False),                                                          # ran another way
    ("Please execute show.py and save what it prints to o.txt",
     {"show.py": "", "o.txt": "== OK =="},
     [(W, {"path": "o.txt", "content": "== OK =="}, ""), _ran("show.py", "== OK ==")], False),
    # -- files deleted by kind, files not asked for -----------------------------------------------
    ("Delete every .bak file in the workspace", {"b.bak": "x", "a.txt": "y"},
     [(D, {"path": "a.bak"}, "Deleted a.bak.")], True),
    ("Delete every .bak file in the workspace", {"a.txt": "y"},
     [(D, {"path": "a.bak"}, ""), (D, {"path": "b.bak"}, "")], False),
    ("Delete every .bak file in the workspace", {"a.txt": "y"},
     [(D, {"path": "a.bak"}, ""), (D, {"path": "a.txt"}, ""), (D, {"path": "b.bak"}, "")], True),
    ("Remove all the .tmp files from the cache folder", {"cache/x.txt": "", "keep.tmp": ""},
     [(D, {"path": "cache/a.tmp"}, "")], False),                       # only that folder
    ("Remove the file scratch.txt", {"plan.txt": "p"},
     [(D, {"path": "scratch.txt"}, ""), (D, {"path": "notes.txt"}, "")], True),
    ("ptr.txt names a file. Delete that file.", {"ptr.txt": "old.txt"},
     [(R, {"path": "ptr.txt"}, "old.txt"), (D, {"path": "old.txt"}, "")], False),
    ("ptr.txt names a file. Delete that file.", {"ptr.txt": "old.txt"},
     [(D, {"path": "old.txt"}, "")], False),       # shown up front: the file it names went
    ("ptr.txt names a file. Delete that file.", {"old.txt": "x"},
     [(D, {"path": "ptr.txt"}, "")], True),                           # deleted the pointer
    ("Get rid of cache.tmp, it is no longer needed", {}, [(D, {"path": "cache.tmp"}, "")],
     False),
    ("Move s.txt into the archive folder", {"archive/index.txt": "s"},
     [(M, {"source": "s.txt", "destination": "archive/index.txt"}, "")], True),
    ("Move s.txt into the archive folder", {"archive/s.txt": "s"},
     [(M, {"source": "s.txt", "destination": "archive/s.txt"}, "")], False),
    ("put s.txt in old/", {"old/s.txt": "s"},
     [("execute_shell", {"command": "mv s.txt old/"}, "")], False),
    # -- files to keep ----------------------------------------------------------------------------
    ("delete b.md but keep a.md", {"a.md": "new"},
     [(D, {"path": "a.md"}, ""), (D, {"path": "b.md"}, ""), (W, {"path": "a.md", "content":
                                                                 "new"}, "")], True),
    ("delete b.md but keep a.md", {"a.md": "# A"}, [(D, {"path": "b.md"}, "")], False),
    ("Remove b.md, do not touch a.md", {"a.md": "x"},
     [(D, {"path": "b.md"}, ""), (A, {"path": "a.md", "content": "y"}, "")], True),
    # -- the same text twice, a line glued to the last one, an empty file -------------------------
    ("Create m.txt containing the phrase slow and steady",
     {"m.txt": "slow and steadyslow and steady"},
     [(W, {"path": "m.txt", "content": "slow and steady"}, ""),
      (A, {"path": "m.txt", "content": "slow and steady"}, "")], True),
    ("Write the word hi twice to m.txt", {"m.txt": "hi\nhi\n"},
     [(W, {"path": "m.txt", "content": "hi\n"}, ""), (A, {"path": "m.txt", "content": "hi\n"},
                                                      "")], False),
    ("Add 17 as a new last line of t.txt", {"t.txt": "4\n917"},
     [(A, {"path": "t.txt", "content": "17"}, "")], True),
    ("Add 17 as a new last line of t.txt", {"t.txt": "4\n9\n17"},
     [(A, {"path": "t.txt", "content": "17"}, "")], False),
    ("Write the word hi to h.txt", {"h.txt": "  \n"}, [(W, {"path": "h.txt", "content": "  \n"},
                                                         "")], True),
    # -- a value the task points at a file for ----------------------------------------------------
    ("Read first.txt and last.txt and write the full name to full.txt",
     {"first.txt": "Ines", "last.txt": "Moreau", "full.txt": "full name"},
     [(W, {"path": "full.txt", "content": "full name"}, "")], True),
    ("Read first.txt and last.txt and write the full name to full.txt",
     {"first.txt": "Ines", "last.txt": "Moreau", "full.txt": "Ines Moreau"},
     [(R, {"path": "first.txt"}, "Ines"), (W, {"path": "full.txt", "content": "Ines Moreau"},
                                           "")], False),
    ("o.txt holds a name. Create l.txt containing: Property of <that name>",
     {"o.txt": "Marta", "l.txt": "Property of <that name>"},
     [(W, {"path": "l.txt", "content": "Property of <that name>"}, "")], True),
    ("o.txt holds a name. Create l.txt containing: Property of <that name>",
     {"o.txt": "Marta", "l.txt": "Property of Marta"},
     [(W, {"path": "l.txt", "content": "Property of Marta"}, "")], False),
    ("Multiply the number in p.txt by the number in q.txt and write the result to c.txt",
     {"p.txt": "4", "q.txt": "6", "c.txt": "result"},
     [(A, {"path": "c.txt", "content": "result"}, "")], True),
    ("Multiply the number in p.txt by the number in q.txt and write the result to c.txt",
     {"p.txt": "4", "q.txt": "6", "c.txt": "24"}, [(R, {"path": "p.txt"}, "4"),
                                                   (R, {"path": "q.txt"}, "6"),
                                                   (W, {"path": "c.txt", "content": "24"}, "")],
     False),
    ("Multiply the number in p.txt by the number in q.txt and write the result to c.txt",
     {"p.txt": "4", "q.txt": "6", "c.txt": "24"}, [(W, {"path": "c.txt", "content": "24"}, "")],
     False),                         # not read, but 24 is their product: evidence they were
    ("Is the word pear in f.txt? Write yes or no to a.txt", {"f.txt": "pear", "a.txt": "yes"},
     [(R, {"path": "f.txt"}, "pear"), (W, {"path": "a.txt", "content": "yes"}, "")],
     False),                                                          # one of the task's options
    ("Write the first line of l.txt to f.txt", {"l.txt": "first line\nsecond", "f.txt":
                                                "first line"},
     [(W, {"path": "f.txt", "content": "first line"}, "")], False),   # a line of the file
    # -- values the task states -------------------------------------------------------------------
    ("Add the row bob,7 to s.csv", {"s.csv": "name,score\nann,5\nname,score"},
     [(A, {"path": "s.csv", "content": "name,score"}, "")], True),
    ("Add the row bob,7 to s.csv", {"s.csv": "name,score\nann,5\nbob, 7\n"},
     [(A, {"path": "s.csv", "content": "bob, 7\n"}, "")], False),
    ("Make a CSV file p.csv with the header name,species and one row Rex,dog",
     {"p.csv": "name,species\n"}, [(W, {"path": "p.csv", "content": "name,species\n"}, "")],
     True),
    ("Write the words apple and pear to a file called f.txt", {"f.txt": "apple"},
     [(A, {"path": "f.txt", "content": "apple"}, "")], True),
    ("Write the words apple and pear to a file called f.txt", {"f.txt": "Pear\napple\n"},
     [(W, {"path": "f.txt", "content": "Pear\napple\n"}, "")], False),
    ("Append the line walk the dog to todo.txt", {"todo.txt": "milk\ndog"},
     [(A, {"path": "todo.txt", "content": "dog"}, "")], True),
    ("Could you save the number 3.14 into pi.txt?", {"pi.txt": "3.14\n"},
     [(W, {"path": "pi.txt", "content": "3.14\n"}, "")], False),
    ("Could you save the number 3.14 into pi.txt?", {"pi.txt": "3.141592"},
     [(W, {"path": "pi.txt", "content": "3.141592"}, "")], True),
    ("Write 5 lines of hello to h.txt", {"h.txt": "hello\n" * 5},
     [(W, {"path": "h.txt", "content": "hello\n" * 5}, "")], False),   # a count, not a value
    ("Add 2 and 3 and write the sum to s.txt", {"s.txt": "5"},
     [(W, {"path": "s.txt", "content": "5"}, "")], False),             # operands
    ("Write a Python file d.py defining double(x) that returns x times 2",
     {"d.py": "def double(x):\n    return x + x\n"},
     [(W, {"path": "d.py", "content": "def double(x):\n    return x + x\n"}, "")], False),
    ("In c.json, change debug to true", {"c.json": "1"},
     [(A, {"path": "c.json", "content": "1"}, ""), (W, {"path": "c.json", "content": "1"}, "")],
     True),
    ("In c.json, change debug to true", {"c.json": '{"debug": true, "level": 1}'},
     [(R, {"path": "c.json"}, '{"debug": false, "level": 1}'),
      (W, {"path": "c.json", "content": '{"debug": true, "level": 1}'}, "")], False),
    ("Create p.json containing a JSON object with name set to Ada and age set to 36",
     {"p.json": '{"name": "Ada"}'}, [(W, {"path": "p.json", "content": '{"name": "Ada"}'}, "")],
     True),
    ("Replace the word cat with dog in a.txt", {"a.txt": "a dog"},
     [(W, {"path": "a.txt", "content": "a dog"}, "")], False),
    # -- the value under the key the task names, counts, lists -----------------------------------
    ("Save the department of the employee in e.json to d.txt",
     {"e.json": '{"name": "Rosa Diaz", "department": "Finance"}', "d.txt": "Rosa Diaz"},
     [(W, {"path": "d.txt", "content": "Rosa Diaz"}, "")], True),
    ("Save the department of the employee in e.json to d.txt",
     {"e.json": '{"name": "Rosa Diaz", "department": "Finance"}', "d.txt": "finance\n"},
     [(W, {"path": "d.txt", "content": "finance\n"}, "")], False),
    ("Write the temperature from w.json to t.txt", {"w.json": '{"temperature": -3}',
                                                    "t.txt": "3"},
     [(W, {"path": "t.txt", "content": "3"}, "")], True),
    ("Write the temperature from w.json to t.txt", {"w.json": '{"temperature": -3}',
                                                    "t.txt": "-3.0"},
     [(W, {"path": "t.txt", "content": "-3.0"}, "")], False),
    ("Write the price of cheese from p.csv to c.txt",
     {"p.csv": "item,price\napple,3\ncheese,7\n", "c.txt": "3"},
     [(W, {"path": "c.txt", "content": "3"}, "")], True),
    ("Write the price of cheese from p.csv to c.txt",
     {"p.csv": "item,price\napple,3\ncheese,7\n", "c.txt": "7"},
     [(W, {"path": "c.txt", "content": "7"}, "")], False),
    ("When is the deadline in p.txt? Save the date in d.txt",
     {"p.txt": "Project: X\nDeadline: 2025-03-14\n", "d.txt": "2025-03-15"},
     [(W, {"path": "d.txt", "content": "2025-03-15"}, "")], True),
    ("Count the entries in the list in t.json and write the number to n.txt",
     {"t.json": '[{"a": 1}, {"a": 2}]', "n.txt": "18"},
     [(W, {"path": "n.txt", "content": "18"}, "")], True),
    ("Count the entries in the list in t.json and write the number to n.txt",
     {"t.json": '[{"a": 1}, {"a": 2}]', "n.txt": "2\n"},
     [(W, {"path": "n.txt", "content": "2\n"}, "")], False),
    ("How many lines does s.txt have? Put the number in n.txt",
     {"s.txt": "a\nb\nc\n", "n.txt": "6"}, [(W, {"path": "n.txt", "content": "6"}, "")], True),
    ("How many .csv files are in the workspace? Write the answer to n.txt",
     {"a.csv": "", "b.csv": "", "c.txt": "", "n.txt": "2"},
     [(L, {"path": "."}, "a.csv\nb.csv\nc.txt\nn.txt"),
      (W, {"path": "n.txt", "content": "2"}, "")], False),
    ("How many .csv files are in the workspace? Write the answer to n.txt",
     {"a.csv": "", "b.csv": "", "c.txt": "", "n.txt": "3"},
     [(W, {"path": "n.txt", "content": "3"}, "")], True),
    ("Write the keys of p.json to k.txt, one per line",
     {"p.json": '{"user": "kp", "theme": "light"}', "k.txt": "kp\nlight\n"},
     [(W, {"path": "k.txt", "content": "kp\nlight\n"}, "")], True),
    ("Write the keys of p.json to k.txt, one per line",
     {"p.json": '{"user": "kp", "theme": "light"}', "k.txt": "- theme\n- user\n"},
     [(W, {"path": "k.txt", "content": "- theme\n- user\n"}, "")], False),
    ("List the values of the product column of o.csv in p.txt, one per line",
     {"o.csv": "id,product\n1,lamp\n2,desk\n", "p.txt": "1\n2\n"},
     [(W, {"path": "p.txt", "content": "1\n2\n"}, "")], True),
    ("List the values of the product column of o.csv in p.txt, one per line",
     {"o.csv": "id,product\n1,lamp\n2,desk\n", "p.txt": "Lamp\nDesk"},
     [(W, {"path": "p.txt", "content": "Lamp\nDesk"}, "")], False),
    ("Add up the numbers in the value column of n.csv and write the total to t.txt",
     {"n.csv": "value\n2\n3\n", "t.txt": "5"}, [(W, {"path": "t.txt", "content": "5"}, "")],
     False),
    ("Write the names of the .md files in the workspace to m.txt, one per line",
     {"a.md": "", "b.md": "", "c.yaml": "", "m.txt": "a.md\nb.md\nc.yaml\n"},
     [(W, {"path": "m.txt", "content": "a.md\nb.md\nc.yaml\n"}, "")], True),
    ("Write the names of the .md files in the workspace to m.txt, one per line",
     {"a.md": "", "b.md": "", "c.yaml": "", "m.txt": "./b.md\n./a.md\n"},
     [(W, {"path": "m.txt", "content": "./b.md\n./a.md\n"}, "")], False),
    ("Put the names of the files in the docs folder into i.txt, one per line",
     {"t.md": "", "docs/f.txt": "", "docs/g.txt": "", "i.txt": "t.md\ndocs/f.txt"},
     [(W, {"path": "i.txt", "content": "t.md\ndocs/f.txt"}, "")], True),
    ("Put the names of the files in the docs folder into i.txt, one per line",
     {"t.md": "", "docs/f.txt": "", "docs/g.txt": "", "i.txt": "docs/g.txt\ndocs/f.txt"},
     [(W, {"path": "i.txt", "content": "docs/g.txt\ndocs/f.txt"}, "")], False),
    ("List the Python files in the workspace in a file named p.txt",
     {"x.py": "", "y.py": "", "z.md": "", "p.txt": "x.py\ny.py\nz.md"},
     [(A, {"path": "p.txt", "content": "x.py\ny.py\nz.md"}, "")], True),
    # -- exactly the word or line asked for, values joined from several files, instructions ----
    ("Put the word tulip in a file named f.txt", {"f.txt": "A tulip is a flower."},
     [(W, {"path": "f.txt", "content": "A tulip is a flower."}, "")], True),
    ("Put the word tulip in a file named f.txt", {"f.txt": "  Tulip  "},
     [(W, {"path": "f.txt", "content": "  Tulip  "}, "")], False),
    ("Please add a line saying lunch with the team to the end of a.txt",
     {"a.txt": "9:00 standup\nsaying lunch with the team"},
     [(A, {"path": "a.txt", "content": "saying lunch with the team"}, "")], True),
    ("Please add a line saying lunch with the team to the end of a.txt",
     {"a.txt": "9:00 standup\nLunch with the team.\n"},
     [(R, {"path": "a.txt"}, "9:00 standup\n"),
      (W, {"path": "a.txt", "content": "9:00 standup\nLunch with the team.\n"}, "")], False),
    ("Append the name Carol to n.txt", {"n.txt": "- Alice\n- Carol\n"},
     [(A, {"path": "n.txt", "content": "- Carol\n"}, "")], False),
    ("Read f.txt and l.txt and write the full name to n.txt",
     {"f.txt": "Ines", "l.txt": "Moreau", "n.txt": "Ines"},
     [(W, {"path": "n.txt", "content": "Ines"}, "")], True),
    ("Create g.py that prints Good night", {"g.py": "print('Hello')"},
     [(W, {"path": "g.py", "content": "print('Hello')"}, "")], True),
    ("Create g.py that prints Good night", {"g.py": 'print("Good night")'},
     [(W, {"path": "g.py", "content": 'print("Good night")'}, "")], False),
    ("Follow the instruction in m.txt", {"m.txt": "Please write the word saffron to s.txt.",
                                         "saffron.txt": "spice"},
     [(W, {"path": "saffron.txt", "content": "spice"}, "")], True),
    ("Follow the instruction in m.txt", {"m.txt": "Please write the word saffron to s.txt.",
                                         "s.txt": "saffron is a spice"},
     [(W, {"path": "s.txt", "content": "saffron is a spice"}, "")], True),
    ("Follow the instruction in m.txt", {"m.txt": "Please write the word saffron to s.txt.",
                                         "s.txt": "Saffron\n"},
     [(R, {"path": "m.txt"}, "Please write the word saffron to s.txt."),
      (W, {"path": "s.txt", "content": "Saffron\n"}, "")], False),
    # -- phrasings the rules must not misread (accepted) ------------------------------------------
    ("Write the text Hello, World! to h.txt", {"h.txt": "Hello, World!"},
     [(W, {"path": "h.txt", "content": "Hello, World!"}, "")], False),
    ("Is there a .py file here? Write the word yes or no to a.txt", {"a.txt": "no"},
     [(L, {"path": "."}, "a.txt"), (W, {"path": "a.txt", "content": "no"}, "")], False),
    ("Add the number 5 to the number in c.txt and write the result to c.txt", {"c.txt": "12"},
     [(R, {"path": "c.txt"}, "7"), (W, {"path": "c.txt", "content": "12"}, "")], False),
    ("Count the lines that contain error in log.txt and write the number to n.txt",
     {"log.txt": "error a\nok\nerror b\n", "n.txt": "2"},
     [(W, {"path": "n.txt", "content": "2"}, "")], False),
    ("Count how many times the word cat appears in a.txt; write it to n.txt",
     {"a.txt": "cat dog cat", "n.txt": "2"}, [(W, {"path": "n.txt", "content": "2"}, "")],
     False),                                       # 2 is a count of a.txt: it was used
    ("Read a.txt, then delete it", {}, [(R, {"path": "a.txt"}, "x"),
                                        (D, {"path": "a.txt"}, "")], False),
    ("Append the line bob,7 to s.csv", {"s.csv": "name,score\nbob, 7\n"},
     [(A, {"path": "s.csv", "content": "bob, 7\n"}, "")], False),
    ("Write yes to a.txt if d.txt contains the word apple, otherwise write no",
     {"d.txt": "pear", "a.txt": "no"}, [(R, {"path": "d.txt"}, "pear"),
                                        (W, {"path": "a.txt", "content": "no"}, "")], False),
    ("Write a Python script g.py that prints Hello World", {"g.py": "print('hi')"},
     [(W, {"path": "g.py", "content": "print('hi')"}, "")], True),
    ("Write a Python script g.py that prints Hello World", {"g.py": "print('Hello World')"},
     [(W, {"path": "g.py", "content": "print('Hello World')"}, "")], False),
    ("Follow the instructions in todo.txt", {"todo.txt": "done"},
     [(W, {"path": "todo.txt", "content": "done"}, "")], True),   # wrote over the instructions
    ("Save the first line of s.txt to o.txt", {"s.txt": "Once upon a time\nthe end\n",
                                                "o.txt": "the end"},
     [(W, {"path": "o.txt", "content": "the end"}, "")], True),
    ("Save the first line of s.txt to o.txt", {"s.txt": "\nOnce upon a time\nthe end\n",
                                                "o.txt": "Once upon a time"},
     [(W, {"path": "o.txt", "content": "Once upon a time"}, "")], False),
    ("Write the last line of s.txt to l.txt", {"s.txt": "mix\nbake\nserve\n", "l.txt": "serve"},
     [(W, {"path": "l.txt", "content": "serve"}, "")], False),
    ("Clear the contents of log.txt", {"log.txt": ""},
     [(W, {"path": "log.txt", "content": ""}, "")], False),
    ("Append the text ' world' to the first line of a.txt", {"a.txt": "hello world"},
     [(A, {"path": "a.txt", "content": " world"}, "")], False),
    ("Write the destination from trip.json to d.txt", {"trip.json": '{"to": "Rome"}',
                                                        "d.txt": "Rome"},
     [(W, {"path": "d.txt", "content": "Rome"}, "")], False),
    ("Look up how many moons Mars has in p.csv and write that number to m.txt",
     {"p.csv": "planet,moons\nEarth,1\nMars,2\nJupiter,95\n", "m.txt": "Mars 2, Jupiter 95"},
     [(W, {"path": "m.txt", "content": "Mars 2, Jupiter 95"}, "")], True),   # more than asked
    ("Look up how many moons Mars has in p.csv and write that number to m.txt",
     {"p.csv": "planet,moons\nEarth,1\nMars,2\nJupiter,95\n", "m.txt": "2\n"},
     [(W, {"path": "m.txt", "content": "2\n"}, "")], False),
    ("Multiply the number in p.txt by the number in q.txt and write the result to c.txt",
     {"p.txt": "4", "q.txt": "6", "c.txt": "10"}, [(W, {"path": "c.txt", "content": "10"}, "")],
     True),
    ("Multiply the number in p.txt by the number in q.txt and write the result to c.txt",
     {"p.txt": "4", "q.txt": "6", "c.txt": "24.0"},
     [(R, {"path": "p.txt"}, "4"), (R, {"path": "q.txt"}, "6"),
      (W, {"path": "c.txt", "content": "24.0"}, "")], False),
    ("Add up the numbers in the amount column of s.csv and write the total to t.txt",
     {"s.csv": "id,amount\n101,5\n102,7\n", "t.txt": "12"},
     [(W, {"path": "t.txt", "content": "12"}, "")], False),            # not the id column
    ("Add up the numbers in the amount column of s.csv and write the total to t.txt",
     {"s.csv": "id,amount\n101,5\n102,7\n", "t.txt": "215"},
     [(W, {"path": "t.txt", "content": "215"}, "")], True),
    ("Write the average of the numbers in n.txt to a.txt", {"n.txt": "2\n4\n9\n", "a.txt": "5"},
     [(W, {"path": "a.txt", "content": "5"}, "")], False),
    ("Write the reverse of the word stressed to r.txt", {"r.txt": "desserts"},
     [(W, {"path": "r.txt", "content": "desserts"}, "")], False),
    ("Write the length of the word banana to n.txt", {"n.txt": "6"},
     [(W, {"path": "n.txt", "content": "6"}, "")], False),
    ("Put the sentence I like tea. into t.txt", {"t.txt": "I like tea."},
     [(W, {"path": "t.txt", "content": "I like tea."}, "")], False),
    ("Create note.txt with the text see you at noon", {"note.txt": "see you at noon"},
     [(W, {"path": "note.txt", "content": "see you at noon"}, "")], False),
    ("Delete tmp1.txt and tmp2.txt", {"tmp2.txt": "x"}, [(D, {"path": "tmp1.txt"}, "")], True),
    ("Delete tmp1.txt and tmp2.txt", {}, [(D, {"path": "tmp1.txt"}, ""),
                                          (D, {"path": "tmp2.txt"}, "")], False),
    ("Write the column names of d.csv to c.txt, one per line",
     {"d.csv": "id,name,score\n1,a,2\n", "c.txt": "id\nname\nscore\n"},
     [(W, {"path": "c.txt", "content": "id\nname\nscore\n"}, "")], False),
    ("Write the column names of d.csv to c.txt, one per line",
     {"d.csv": "id,name,score\n1,a,2\n", "c.txt": "a\n"},
     [(W, {"path": "c.txt", "content": "a\n"}, "")], True),
    # -- JSON of the kind asked for ---------------------------------------------------------------
    ("Create s.json holding a JSON list of the strings a, b and c", {"s.json": '"a, b, c"'},
     [(W, {"path": "s.json", "content": '"a, b, c"'}, "")], True),
    ("Create s.json holding a JSON list of the strings a, b and c", {"s.json": '["a","b","c"]'},
     [(W, {"path": "s.json", "content": '["a","b","c"]'}, "")], False),
    # -- a backup is a copy ------------------------------------------------------------------------
    ("I need a backup of s.json. Please copy it to s_old.json.",
     {"s.json": '{"a": 1, "b": 2}', "s_old.json": '{"a": 1}'},
     [(W, {"path": "s_old.json", "content": '{"a": 1}'}, "")], True),
]


@pytest.mark.parametrize(("task", "files", "steps", "refused"), CASES,
                         ids=[f"{i}-{c[0][:30]}" for i, c in enumerate(CASES)])
def test_rule(tmp_path, task, files, steps, refused):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    objection = finish_objection(_state(tmp_path, task, steps), "done")
    assert (objection is not None) == refused, objection


def _run(tmp_path, task: str, files: dict[str, str], replies: list[str], **sandbox):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    for name, text in files.items():
        (workspace / name).write_text(text)
    model = ScriptedModel(replies)
    settings = Settings(data_dir=tmp_path / "data", sandbox=sandbox)
    bench = Workbench.open(settings, plugins=plugins(), models=(model, model, model))
    bench.memory = False
    agent = bench.new_agent(task, workspace=workspace,
                            profile=AgentProfile(name="T", role="a test agent"))
    result = Runner(agent).run(max_steps=len(replies))
    bench.close()
    return result, agent.state.episodes, workspace


def test_a_program_to_run_the_model_skipped_is_refused_then_accepted_once_run(tmp_path):
    result, episodes, workspace = _run(
        tmp_path, "Run banner.py and write its output into banner.txt",
        {"banner.py": "print('=' * 3, 'READY', '=' * 3)\n"},
        [reply(W, path="banner.txt", content="READY"),
         reply("finish", reason="banner.txt written"),              # never ran it
         reply(X, path="banner.py"),
         reply("finish", reason="banner.txt written"),              # not what it printed
         reply(W, path="banner.txt", content="=== READY ===\n"),
         reply("finish", reason="banner.txt written")])
    finishes = [e.result for e in episodes if e.action.name == "finish"]
    assert [r.status for r in finishes] == ["error", "error", "success"]
    assert "no command of yours ran it" in finishes[0].output
    assert "'=== READY ==='" in finishes[1].output
    assert result.status == "finished"
    assert (workspace / "banner.txt").read_text() == "=== READY ===\n"


def test_a_large_model_working_in_its_own_order_is_accepted(tmp_path):
    """Writes first, reads its input afterwards, runs the shell: still accepted."""
    result, episodes, _ = _run(
        tmp_path, "Delete every .bak file in the workspace, then write how many there were "
        "to n.txt", {"a.bak": "x", "b.bak": "y", "keep.txt": "z"},
        [reply(W, path="n.txt", content="2"),
         reply("execute_shell", command="rm *.bak"),
         reply("list_folder", path="."),
         reply("finish", reason="deleted a.bak and b.bak; n.txt holds 2")],
        allow_shell=True)
    assert [e.result.status for e in episodes] == ["success"] * 4, episodes[-1].result.output
    assert result.status == "finished"


def test_a_run_refused_to_the_end_says_so(tmp_path):
    result, episodes, _ = _run(
        tmp_path, "Delete every .bak file in the workspace", {"a.bak": "x", "b.bak": "y"},
        [reply(D, path="a.bak"), reply("finish", reason="done")])
    assert episodes[-1].result.status == "error"
    assert "b.bak" in episodes[-1].result.output
    assert result.status != "finished"


def test_hostile_files_are_refused_not_a_crash(tmp_path):
    """A JSON file nested deeper than the parser follows, a finish reason naming a file
    name longer than the system allows: refused, the run does not crash."""
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    state = _state(tmp_path, "Write a JSON list to deep.json",
                   [(W, {"path": "deep.json", "content": "[]"}, "")])
    assert "nested too deeply" in (finish_objection(state, "done") or "")
    (tmp_path / "deep.json").write_text("[]")
    long_name = "a" * 300 + ".txt"
    assert long_name in (finish_objection(state, f"wrote {long_name}") or "")
    assert finish_objection(_state(tmp_path, f"Delete {long_name}",
                                   [(D, {"path": long_name}, "")]), "done") is None


def test_a_folder_swapped_for_a_link_to_the_host_is_not_listed(tmp_path):
    """Sandboxed code may put a link to a host folder where the task's folder was: the rules
    that list a folder do not enter it, so no host file name reaches the model."""
    host = tmp_path / "host"
    host.mkdir()
    (host / "secret-name.bak").write_text("x")
    (host / "other.txt").write_text("y")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "cache").symlink_to(host)
    state = _state(ws, "Delete every .bak file in the cache folder",
                   [(D, {"path": "cache/a.bak"}, "")])
    assert "secret-name" not in (finish_objection(state, "done") or "")
    (ws / "i.txt").write_text("x")
    state = _state(ws, "Put the names of the files in the cache folder into i.txt",
                   [(W, {"path": "i.txt", "content": "x"}, "")])
    assert "other.txt" not in (finish_objection(state, "done") or "")


@pytest.mark.parametrize(("task", "before", "write", "refused"), [
    # the file's lines are gone: the write replaced what the task asked to add to
    ("Append the item butter to g.txt", "milk\nbread\n", "butter\n", True),
    ("Add 17 as a new last line of t.txt", "4\n9\n12\n", "17\n", True),
    # the whole text written again with the addition: fine
    ("Append the item butter to g.txt", "milk\nbread\n", "milk\nbread\nbutter\n", False),
    # a JSON object rewritten with a new key keeps the old keys
    ("Add the key debug set to true in c.json", '{"level": 1}', '{"level": 1, "debug": true}',
     False),
    ("Add the key debug set to true in c.json", '{"level": 1}', '{"debug": true}', True),
    # a sum written over the number: the task rewrites it
    ("Add 5 to the number in c.txt and write the result to c.txt", "7", "12", False),
])
def test_a_write_over_a_file_the_task_adds_to(tmp_path, task, before, write, refused):
    """write_file records the text it replaced; an append task that lost it is refused."""
    from autonomo.agent.strategies.grounding import mentioned_files

    name = mentioned_files(task)[0]
    result, episodes, _ = _run(tmp_path, task, {name: before}, [
        reply(W, path=name, content=write), reply("finish", reason="done")])
    assert episodes[0].result.data["replaced"] == before
    assert (episodes[-1].result.status == "error") == refused, episodes[-1].result.output
    assert (result.status == "finished") != refused


@pytest.mark.parametrize("task, named, expected", [
    # a.py is named inside data.py: its own mention is after "in", not after "run"
    ("Run data.py and then put the notes of the report in a.py", ("data.py", "a.py"),
     ["data.py"]),
    ("Launch sum.py; then copy what it prints into m.py", ("sum.py", "m.py"), ["sum.py"]),
    ("run a.py and b.py", ("a.py", "b.py"), ["a.py", "b.py"]),
])
def test_the_programs_to_run_are_found_at_their_own_mention(task, named, expected):
    """A short name inside a longer one ("a.py" in "data.py") is no mention of it."""
    from autonomo.agent.finishing_sources import programs

    assert programs(task, named) == expected
