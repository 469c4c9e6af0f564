"""The finish check's rules on the shape of what was written (``finishing_shapes``) and on
answers that give the question back (``finishing_answers``), each both ways: the plan is
played through the real ``Runner``, commands and sandbox (evidence on, as on a small local
model), then ``finish``."""

from __future__ import annotations

from pathlib import Path

import pytest

from finish_fresh_cases import PY, SH, A, D, L, R, Step, W, X
from test_finish_fresh import play

RT = "replace_text"


def T(path: str, old: str, new: str) -> Step:
    return (RT, {"path": path, "old": old, "new": new})


LOG = "2026-11-18 fern\n2026-11-20 cactus\n2026-11-21 fern\n"
SEATS = "passenger,seat\nGiulia,3A\nOmar,9F\nYuto,22B\n"
LAPS = "1:34.2\n1:31.8\n1:36.0\n1:32.5\n"
TOGGLES = '{"dark_mode": true, "beta_search": false, "new_checkout": true}'
BUS = "Line 14 to Harbour: 07:12, 07:42\nLine 3 to Airport: 07:05, 07:55\n"

#: (task, files at the start, plan, accepted?)
CASES: list[tuple[str, dict[str, str], list[Step], bool]] = [
    # an edit keeps the rest of the file
    ("watering.log: new entry at the bottom -> 2026-11-24 fern", {"watering.log": LOG},
     [W("watering.log", "2026-11-18 fern")], False),
    ("watering.log: new entry at the bottom -> 2026-11-24 fern", {"watering.log": LOG},
     [A("watering.log", "2026-11-24 fern\n")], True),
    ("watering.log: new entry at the bottom -> 2026-11-24 fern", {"watering.log": LOG},
     [R("watering.log"), W("watering.log", LOG + "2026-11-24 fern\n")], True),
    ("Write hello to notes.txt", {"notes.txt": "old\ntext\n"}, [W("notes.txt", "hello\n")],
     True),
    # an edit changes the row the task points at, not the header
    ("In seats.csv, Omar has moved to seat 14C. Update his row.", {"seats.csv": SEATS},
     [T("seats.csv", "seat", "14C")], False),
    ("In seats.csv, Omar has moved to seat 14C. Update his row.", {"seats.csv": SEATS},
     [T("seats.csv", "22B", "14C")], False),
    ("In seats.csv, Omar has moved to seat 14C. Update his row.", {"seats.csv": SEATS},
     [T("seats.csv", "9F", "14C")], True),
    # as many items as the task says; a table's columns
    ("Create shifts.csv with the columns day and nurse, and three rows: Mon Abebe, Tue Carla, "
     "Wed Abebe", {}, [A("shifts.csv", "Mon Abebe, Tue Carla, Wed Abebe")], False),
    ("Create shifts.csv with the columns day and nurse, and three rows: Mon Abebe, Tue Carla, "
     "Wed Abebe", {}, [W("shifts.csv", "day,nurse\nMon,Abebe\nTue,Carla\nWed,Abebe\n")], True),
    ("create requirements.txt listing two packages, requests and flask", {},
     [W("requirements.txt", "requests and flask")], False),
    ("create requirements.txt listing two packages, requests and flask", {},
     [W("requirements.txt", "requests\nflask\n")], True),
    ("Round 3.14159 to two decimals and save it in pi.txt", {}, [W("pi.txt", "3.14")], True),
    # a sorted or reversed list holds every item, in order
    ("Put the lap times from laps.txt in order, fastest first, into laps_sorted.txt",
     {"laps.txt": LAPS}, [A("laps_sorted.txt", "1:34.2")], False),
    ("Put the lap times from laps.txt in order, fastest first, into laps_sorted.txt",
     {"laps.txt": LAPS}, [W("laps_sorted.txt", LAPS)], False),
    ("Put the lap times from laps.txt in order, fastest first, into laps_sorted.txt",
     {"laps.txt": LAPS}, [W("laps_sorted.txt", "1:31.8\n1:32.5\n1:34.2\n1:36.0\n")], True),
    ("Write the lines of a.txt in reverse order to b.txt", {"a.txt": "x\nz\ny\n"},
     [W("b.txt", "x\ny\nz\n")], False),
    ("Write the lines of a.txt in reverse order to b.txt", {"a.txt": "x\nz\ny\n"},
     [R("a.txt"), W("b.txt", "y\nz\nx\n")], True),
    # the question given back as the answer
    ("timetable.txt -> when does the first line 3 bus leave? put the time in first_bus.txt",
     {"timetable.txt": BUS}, [W("first_bus.txt", "3")], False),
    ("timetable.txt -> when does the first line 3 bus leave? put the time in first_bus.txt",
     {"timetable.txt": BUS}, [R("timetable.txt"), W("first_bus.txt", "07:05")], True),
    ("Could you save the number 3.14 into pi.txt?", {}, [W("pi.txt", "3.14")], True),
    ("Which is larger, 7 or 12? Write it to big.txt", {}, [W("big.txt", "12")], True),
    # the task's description written instead of what it describes
    ("I'd like a script shout.py that prints its first command-line argument in capital "
     "letters.", {}, [A("shout.py", 'print("its first command-line argument in capital '
                                    'letters")\n')], False),
    ("I'd like a script shout.py that prints its first command-line argument in capital "
     "letters.", {}, [W("shout.py", "import sys\nprint(sys.argv[1].upper())\n")], True),
    ("Create todo.txt containing the line buy the milk and eggs", {},
     [W("todo.txt", "buy the milk and eggs\n")], True),
    # a pick by an on/off value takes one side
    ("Which features are switched on in toggles.json? List their names in enabled.txt",
     {"toggles.json": TOGGLES}, [W("enabled.txt", "dark_mode\nbeta_search\nnew_checkout\n")],
     False),
    ("Which features are switched on in toggles.json? List their names in enabled.txt",
     {"toggles.json": TOGGLES}, [W("enabled.txt", "dark_mode\nnew_checkout\n")], True),
    # a file picked by what it says is read before it is deleted
    ("One of the files in notes/ says DELETE ME. Remove that file and leave the others alone.",
     {"notes/a.txt": "call the plumber\n", "notes/b.txt": "DELETE ME\n"},
     [D("notes/a.txt")], False),
    ("One of the files in notes/ says DELETE ME. Remove that file and leave the others alone.",
     {"notes/a.txt": "call the plumber\n", "notes/b.txt": "DELETE ME\n"},
     [R("notes/a.txt"), R("notes/b.txt"), D("notes/b.txt")], True),
    # case, numbers, literals, functions, extremes, bounds, folders
    ("Write the text of word.txt in capital letters to caps.txt", {"word.txt": "river\n"},
     [R("word.txt"), W("caps.txt", "river")], False),
    ("How many lines does colors.txt have? Save the number in n.txt",
     {"colors.txt": "red\nblue\n"}, [R("colors.txt"), W("n.txt", "red")], False),
    ("How many lines does colors.txt have? Save the number in n.txt",
     {"colors.txt": "red\nblue\n"}, [R("colors.txt"), W("n.txt", "2")], True),
    ("Create greeting.txt containing Good evening", {}, [W("greeting.txt", "Good")], False),
    ("Create greeting.txt containing Good evening", {}, [W("greeting.txt", "Good evening")],
     True),
    ("Create mathx.py defining a function triple(n) that returns n times 3", {},
     [W("mathx.py", "def treble(n):\n    return n * 3\n")], False),
    ("Which is the largest number in nums.txt? Save it to max.txt", {"nums.txt": "4\n19\n7\n"},
     [R("nums.txt"), W("max.txt", "7")], False),
    ("Which is the largest number in nums.txt? Save it to max.txt", {"nums.txt": "4\n19\n7\n"},
     [R("nums.txt"), W("max.txt", "19")], True),
    ("Write 3 random whole numbers between 1 and 10 to r.txt, one per line", {},
     [W("r.txt", "2\n70\n9\n")], False),
    ("Erase every file in the tmp folder", {"tmp/a.dat": "1", "tmp/b.txt": "2"},
     [D("tmp/a.dat")], False),
    ("Erase every file in the tmp folder", {"tmp/a.dat": "1", "tmp/b.txt": "2"},
     [L("tmp"), D("tmp/a.dat"), D("tmp/b.txt")], True),
    ("Replace the contents of motto.txt with carpe diem", {"motto.txt": "old motto\n"},
     [A("motto.txt", "carpe diem\n")], False),
    ("Write every city from trips.csv to cities.txt, one per line",
     {"trips.csv": "city,days\nRome,3\nKyoto,5\n"}, [R("trips.csv"), W("cities.txt", "Rome\n")],
     False),
    ("a.txt and b.txt each hold a number. Write their product to product.txt",
     {"a.txt": "6\n", "b.txt": "7\n"}, [R("a.txt"), R("b.txt"), W("product.txt", "13")], False),
    ("a.txt and b.txt each hold a number. Write their sum to sum.txt",
     {"a.txt": "6\n", "b.txt": "7\n"}, [R("a.txt"), R("b.txt"), W("sum.txt", "13")], True),
    ("Write a little countdown.py: when run it should print 3, then 2, then 1, one number per "
     "line.", {}, [A("countdown.py", 'print("3, then 2, then 1, one number per line")\n')],
     False),
    ("Write a little countdown.py: when run it should print 3, then 2, then 1, one number per "
     "line.", {}, [W("countdown.py", "for n in (3, 2, 1):\n    print(n)\n")], True),
    ("The recipe in soup.txt says how long to simmer. Write the number of minutes to "
     "simmer.txt.", {"soup.txt": "Chop 3 leeks.\nAdd 1 litre of stock and simmer for 25 "
                                 "minutes.\n"}, [R("soup.txt"), W("simmer.txt", "1")], False),
    ("The recipe in soup.txt says how long to simmer. Write the number of minutes to "
     "simmer.txt.", {"soup.txt": "Chop 3 leeks.\nAdd 1 litre of stock and simmer for 25 "
                                 "minutes.\n"}, [R("soup.txt"), W("simmer.txt", "25")], True),
    ("Replace every Monday in schedule.txt with Tuesday",
     {"schedule.txt": "Monday 9:00 gym\nWednesday choir\n"},
     [W("schedule.txt", "00 gym"), A("schedule.txt", "Tuesday")], False),
    ("Replace every Monday in schedule.txt with Tuesday",
     {"schedule.txt": "Monday 9:00 gym\nWednesday choir\n"},
     [T("schedule.txt", "Monday", "Tuesday")], True),
    ("Swap the contents of left.txt and right.txt", {"left.txt": "north", "right.txt": "south"},
     [R("left.txt"), R("right.txt"), W("left.txt", "Swap the contents"),
      W("right.txt", "north")], False),
    ("Sign the guestbook (guestbook.txt) with a new line at the bottom: thanks for the lovely "
     "stay", {"guestbook.txt": "great place\n"},
     [A("guestbook.txt", "thanks for the lovely stay\n")], True),
    ("Is basil on my herb list (herbs.txt)? Write yes or no in has_basil.txt",
     {"herbs.txt": "mint\nbasil\n"}, [R("herbs.txt"), W("has_basil.txt", "basil on my herb")],
     False),
    ("Is basil on my herb list (herbs.txt)? Write yes or no in has_basil.txt",
     {"herbs.txt": "mint\nbasil\n"}, [R("herbs.txt"), W("has_basil.txt", "yes\n")], True),
    ("Rename Notes.txt to notes.txt", {"Notes.txt": "call Bob\n"},
     [A("notes.txt", "call"), D("Notes.txt")], False),
    ("Rename Notes.txt to notes.txt", {"Notes.txt": "call Bob\n"},
     [R("Notes.txt"), W("notes.txt", "call Bob\n"), D("Notes.txt")], True),
    # right work done another way stays accepted
    ("Write the value of timeout from settings.json to t.txt", {"settings.json": '{"timeout": 30}'},
     [R("settings.json"), W("t.txt", "30")], True),
    ("Write a sentence about the weather today to w.txt", {},
     [W("w.txt", "the weather today is sunny and warm")], True),
    ("Create notes.txt containing three lines", {}, [W("notes.txt", "a\nb\nc\n")], True),
    ("Remove all the empty files in docs/", {"docs/a.txt": "", "docs/b.txt": "text"},
     [L("docs"), D("docs/a.txt")], True),
    ("Write a name or a nickname for the cat to cat.txt", {}, [W("cat.txt", "Tom")], True),
    ("Sort the names in names.txt alphabetically and write them to sorted.txt",
     {"names.txt": "zoe\nadam\nmia\n"}, [SH("sort names.txt > sorted.txt")], True),
    ("Run count.py and store what it prints in out.txt", {"count.py": "print(7)\n"},
     [X("count.py"), W("out.txt", "7\n")], True),
    ("Delete b.txt", {"a.txt": "a", "b.txt": "b"},
     [PY("import os\nos.remove('b.txt')")], True),
]


@pytest.mark.parametrize(("n",), [(n,) for n in range(len(CASES))],
                         ids=[f"{n}-{'right' if c[3] else 'wrong'}" for n, c in enumerate(CASES)])
def test_shape_rule(tmp_path: Path, n: int) -> None:
    task, files, plan, right = CASES[n]
    runs: list = []
    _ws, accepted, why = play(tmp_path, task, files, plan, runs)
    if right:  # never refused (it may end not verified: ``agent/verifying``)
        last = runs[0].episodes[-1]
        assert last.action.name == "finish" and last.result.status == "success", \
            f"{task!r} {plan}: refused | {why}"
    else:  # never ends FINISHED
        assert not accepted, f"{task!r} {plan}: {why}"
