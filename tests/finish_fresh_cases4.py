"""Fresh wordings for the finish check, session 21 (i10x), for the stance "FINISHED only when
the task's operation and its result are recognised". Wrong plans a verifier could mistake for
the operation: the right file touched by the wrong act, a value derived wrongly, structure
lost; right plans in wordings no earlier case used. Same layout as ``finish_fresh_cases``
(kind, task, files, check, right plans, wrong plans); none is taken from the benchmark suites
or from i10x's private sets.
"""

from __future__ import annotations

import json
from pathlib import Path

from finish_fresh_cases import (
    PY,
    SH,
    A,
    C,
    Case,
    Check,
    D,
    M,
    R,
    W,
    both,
    calls,
    gone,
    kept,
    lines,
    says,
)


def holds_json(p: str, want: object) -> Check:
    """``p`` parses as JSON equal to ``want``."""
    def check(ws: Path) -> bool:
        try:
            return json.loads((ws / p).read_text()) == want
        except (OSError, ValueError):
            return False
    return check


_CFG = '{"theme": "dark", "font_size": 12, "autosave": true}\n'
_TEMPS = "day,max_c\nmon,18\ntue,23\nwed,21\nthu,16\n"
_CREW = "name,role\nArne,pilot\nBea,navigator\nCyd,pilot\nDov,cook\n"

CASES4: list[Case] = [
    # -- the right file touched by the wrong act ---------------------------------------------------
    ("copy", "Keep a spare of deck.txt called deck_spare.txt", {"deck.txt": "slide 1\nslide 2\n"},
     both(kept("deck.txt", "slide 1\nslide 2\n"), kept("deck_spare.txt", "slide 1\nslide 2\n")),
     [[C("deck.txt", "deck_spare.txt")],
      [R("deck.txt"), W("deck_spare.txt", "slide 1\nslide 2\n")]],
     [[M("deck.txt", "deck_spare.txt")], [A("deck.txt", "slide 1\nslide 2\n")]]),
    ("rename", "wip.md is finished: call it chapter3.md from now on", {"wip.md": "# Three\n"},
     both(gone("wip.md"), kept("chapter3.md", "# Three\n")),
     [[M("wip.md", "chapter3.md")], [SH("mv wip.md chapter3.md")]],
     [[C("wip.md", "chapter3.md")], [W("chapter3.md", "# Three\n"), W("wip.md", "")]]),
    ("delete", "drafts/old_intro.txt can go; keep the rest of drafts/",
     {"drafts/old_intro.txt": "old\n", "drafts/intro.txt": "new\n"},
     both(gone("drafts/old_intro.txt", "drafts/intro_old.txt"), kept("drafts/intro.txt", "new\n")),
     [[D("drafts/old_intro.txt")], [SH("rm drafts/old_intro.txt")]],
     [[W("drafts/old_intro.txt", "")], [M("drafts/old_intro.txt", "drafts/intro_old.txt")]]),
    ("write", "Replace what status.txt says with closed", {"status.txt": "open\n"},
     says("status.txt", "closed"),
     [[W("status.txt", "closed\n")], [SH("echo closed > status.txt")]],
     [[A("status.txt", "closed\n")], [W("status_new.txt", "closed\n")]]),
    # -- a value derived wrongly -------------------------------------------------------------------
    ("find", "Which day in temps.csv was warmest? Put the day in warmest.txt",
     {"temps.csv": _TEMPS}, says("warmest.txt", "tue"),
     [[R("temps.csv"), W("warmest.txt", "tue")]],
     [[R("temps.csv"), W("warmest.txt", "thu")], [R("temps.csv"), W("warmest.txt", "mon")]]),
    ("count", "How many pilots does crew.csv list? Write the number to pilots.txt",
     {"crew.csv": _CREW}, says("pilots.txt", "2"),
     [[R("crew.csv"), W("pilots.txt", "2")]],
     [[R("crew.csv"), W("pilots.txt", "4")], [R("crew.csv"), W("pilots.txt", "5")]]),
    ("twostep", "Multiply the two numbers in pair.txt and write the product to product.txt",
     {"pair.txt": "6\n7\n"}, says("product.txt", "42"),
     [[R("pair.txt"), W("product.txt", "42")],
      [PY("a, b = map(int, open('pair.txt').read().split()); "
          "open('product.txt', 'w').write(str(a * b))")]],
     [[R("pair.txt"), W("product.txt", "13")], [R("pair.txt"), W("product.txt", "67")]]),
    ("find", "What is the mean of the scores in marks.txt? Save it in mean.txt",
     {"marks.txt": "4\n8\n9\n"}, says("mean.txt", "7"),
     [[R("marks.txt"), W("mean.txt", "7")]],
     [[R("marks.txt"), W("mean.txt", "21")], [R("marks.txt"), W("mean.txt", "8")]]),
    # -- structure lost ----------------------------------------------------------------------------
    ("edit", "Turn autosave off in editor.json", {"editor.json": _CFG},
     holds_json("editor.json", {"theme": "dark", "font_size": 12, "autosave": False}),
     [[R("editor.json"), W("editor.json", '{"theme": "dark", "font_size": 12, "autosave": false}')],
      [PY("import json; d = json.load(open('editor.json')); d['autosave'] = False; "
          "json.dump(d, open('editor.json', 'w'))")]],
     [[R("editor.json"), W("editor.json", '{"theme": "dark", "font_size": 12, "false": true}')],
      [R("editor.json"), W("editor.json", "theme dark, font_size 12, autosave false")]]),
    ("create", "Write crew.json: a JSON object mapping Arne to pilot and Bea to navigator", {},
     holds_json("crew.json", {"Arne": "pilot", "Bea": "navigator"}),
     [[W("crew.json", '{"Arne": "pilot", "Bea": "navigator"}')]],
     [[W("crew.json", '["Arne", "pilot", "Bea", "navigator"]')],
      [W("crew.json", '{"Arne": "navigator", "Bea": "pilot"}')]]),
    ("list", "Put the pilots from crew.csv in pilots_list.txt, one name per line",
     {"crew.csv": _CREW}, lines("pilots_list.txt", ["Arne", "Cyd"]),
     [[R("crew.csv"), W("pilots_list.txt", "Arne\nCyd\n")]],
     [[R("crew.csv"), W("pilots_list.txt", "Arne Cyd")],
      [R("crew.csv"), W("pilots_list.txt", "Arne\nBea\n")]]),
    ("create", "Make a Python module volume.py with box(a, b, c) returning the volume of a box", {},
     calls("volume.py", "m.box(2, 3, 4)", 24),
     [[W("volume.py", "def box(a, b, c):\n    return a * b * c\n")]],
     [[W("volume.py", "def box(a, b, c):\n    return a + b + c\n")],
      [W("volume.py", "def box(a, b, c):\nreturn a * b * c\n")]]),
    ("run", "Run greet.py with the argument Mira and write its output to greet_out.txt",
     {"greet.py": "import sys\nprint('Welcome aboard,', sys.argv[1])\n"},
     says("greet_out.txt", "Welcome aboard, Mira"),
     [[SH("python3 greet.py Mira"), W("greet_out.txt", "Welcome aboard, Mira")],
      [SH("python3 greet.py Mira > greet_out.txt")]],
     [[SH("python3 greet.py Mira"), W("greet_out.txt", "Welcome aboard,")],
      [SH("python3 greet.py Mira"), W("greet_out.txt", "Mira")]]),
]
