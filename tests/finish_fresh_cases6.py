"""Fresh cases for the verifiers and the contradiction rules (session 22, i10x): wrong work a
verifier could take for the value or the operation it recognises, and right work an old rule
could refuse. Wrong: a filter not applied (the filter said in a column, or as an exception),
a value derived the wrong way (a sum for a mean, a whole file for its first row), a value
typed wrongly (a number or a boolean as text), a unit kept where the task asks for the value
alone, a transformation not applied (the source copied as is), an edit at the wrong depth or
in more places than asked, a program run without its argument. Right: a value whose unit is
rightly left out, an editor leftover deleted, a move worded without a listed verb, counts and
totals, a row in the file's own layout. Same layout as ``finish_fresh_cases`` (kind, task,
files, check, right plans, wrong plans).
"""

from __future__ import annotations

from finish_fresh_cases import PY, SH, A, C, Case, D, M, R, W, both, gone, js, kept, lines, says

_MEET = "title,month\nbudget review,June\nroof survey,July\nsummer fair,June\nAGM,September\n"
_SCORES = "6\n9\n7\n8\n"
_MOTTO = "Measure Twice, Cut Once\n"
_SCHED = "Monday 09:00\nTuesday 09:00\nFriday 14:00\n"
_PREFS = '{"muted": false, "sound": {"muted": false, "volume": 4}}\n'
_MUTED = '{"muted": false, "sound": {"muted": true, "volume": 4}}\n'
_TOP = '{"muted": true, "sound": {"muted": false, "volume": 4}}\n'
_HARVEST = "fruit,kg\napples,12\npears,5\n"
_SQUARE = ("import sys\n\nif len(sys.argv) < 2:\n    print('usage: square.py N')\nelse:\n"
           "    print(int(sys.argv[1]) ** 2)\n")
_DATA = "id,name,score\n1,Ana,7\n2,Bo,9\n"

CASES6: list[Case] = [
    # -- a filter said in a column, or as an exception ------------------------------------------
    ("list", "Which meetings in meetings.csv are in June? Their titles, one per line, in june.txt",
     {"meetings.csv": _MEET}, lines("june.txt", ["budget review", "summer fair"]),
     [[R("meetings.csv"), W("june.txt", "budget review\nsummer fair\n")]],
     [[R("meetings.csv"), W("june.txt", "budget review\nroof survey\nsummer fair\nAGM\n")]]),
    ("list", "Name every image in pics/ except the .gif ones in images.txt, one per line",
     {"pics/a.png": "p", "pics/b.jpg": "j", "pics/c.gif": "g"},
     lines("images.txt", ["a.png", "b.jpg"]),
     [[SH("ls pics"), W("images.txt", "a.png\nb.jpg\n")]],
     [[SH("ls pics"), W("images.txt", "a.png\nb.jpg\nc.gif\n")]]),
    ("count", "How many lines of visits.txt mention Porto? Write the number to porto.txt",
     {"visits.txt": "Lisbon, May\nPorto, June\nFaro, July\nPorto, August\n"},
     says("porto.txt", "2"),
     [[R("visits.txt"), W("porto.txt", "2\n")]],
     [[R("visits.txt"), W("porto.txt", "4\n")]]),
    # -- values derived the wrong way -----------------------------------------------------------
    ("derive", "What is the mean of the scores in scores.txt? Write it to mean.txt",
     {"scores.txt": _SCORES}, says("mean.txt", "7.5"),
     [[R("scores.txt"), W("mean.txt", "7.5\n")]],
     [[R("scores.txt"), W("mean.txt", "30\n")], [R("scores.txt"), W("mean.txt", "9\n")]]),
    ("derive", "Add up the kg column of harvest.csv and write the total to total_kg.txt",
     {"harvest.csv": _HARVEST}, says("total_kg.txt", "17"),
     [[R("harvest.csv"), W("total_kg.txt", "17\n")]],
     [[R("harvest.csv"), W("total_kg.txt", "2\n")], [R("harvest.csv"), W("total_kg.txt", "12\n")]]),
    ("find", "Take the header row of data.csv and save it alone in header.csv",
     {"data.csv": _DATA}, says("header.csv", "id,name,score"),
     [[R("data.csv"), W("header.csv", "id,name,score\n")]],
     [[C("data.csv", "header.csv")]]),
    # -- a value whose unit is rightly left out; types ------------------------------------------
    ("find", "battery.txt gives the capacity. Write the mAh figure alone to mah.txt",
     {"battery.txt": "model: B-7\ncapacity: 4500 mAh\nvoltage: 3.7 V\n"},
     says("mah.txt", "4500"),
     [[R("battery.txt"), W("mah.txt", "4500\n")]],
     [[R("battery.txt"), W("mah.txt", "3.7\n")]]),
    ("create", "Create flags.json where beta is false and retries is 2",
     {}, js("flags.json", {"beta": False, "retries": 2}),
     [[W("flags.json", '{"beta": false, "retries": 2}\n')]],
     [[W("flags.json", '{"beta": "false", "retries": "2"}\n')]]),
    # -- a form the task asks for: the value alone, the type a JSON literal has -----------------
    ("write", "The pump runs at 3 bar: note it in pump.txt as a bare number", {},
     says("pump.txt", "3"),
     [[W("pump.txt", "3\n")]],
     [[W("pump.txt", "3 bar")]]),
    ("create", "Create gate.json where open is false and width is 4", {},
     js("gate.json", {"open": False, "width": 4}),
     [[W("gate.json", '{"open": false, "width": 4}')]],
     [[W("gate.json", '{"open": "false", "width": 4}')]]),
    # -- a transformation not applied -----------------------------------------------------------
    ("twostep", "Write the motto from motto.txt in lower case to motto_lower.txt",
     {"motto.txt": _MOTTO}, says("motto_lower.txt", "measure twice, cut once", exact_case=True),
     [[R("motto.txt"), W("motto_lower.txt", "measure twice, cut once\n")]],
     [[C("motto.txt", "motto_lower.txt")]]),
    # -- an editor leftover; a move worded without a listed verb ---------------------------------
    ("delete", "Remove the editor backup report.md~; report.md stays",
     {"report.md~": "# old\n", "report.md": "# Report\n"},
     both(gone("report.md~"), kept("report.md", "# Report\n")),
     [[D("report.md~")]],
     [[D("report.md")]]),
    ("move", "Tuck song.txt into lyrics/", {"song.txt": "la la\n", "lyrics/old.txt": "o\n"},
     both(gone("song.txt"), kept("lyrics/song.txt", "la la\n")),
     [[M("song.txt", "lyrics/song.txt")]],
     [[C("song.txt", "lyrics/song.txt")]]),
    # -- edits at one place, at one depth --------------------------------------------------------
    ("edit", "In schedule.txt change Monday's time to 10:00; the other days stay",
     {"schedule.txt": _SCHED}, kept("schedule.txt", "Monday 10:00\nTuesday 09:00\nFriday 14:00\n"),
     [[R("schedule.txt"), W("schedule.txt", "Monday 10:00\nTuesday 09:00\nFriday 14:00\n")]],
     [[R("schedule.txt"), W("schedule.txt", "Monday 10:00\nTuesday 10:00\nFriday 14:00\n")]]),
    ("edit", "In prefs.json mute the sound (sound.muted true)", {"prefs.json": _PREFS},
     js("prefs.json", {"muted": False, "sound": {"muted": True, "volume": 4}}),
     [[R("prefs.json"), W("prefs.json", _MUTED)]],
     [[R("prefs.json"), W("prefs.json", _TOP)]]),
    # -- a row in the file's own layout; a run's argument ----------------------------------------
    ("append", "Add plums, 3 kg, to harvest.csv", {"harvest.csv": _HARVEST},
     lines("harvest.csv", ["fruit,kg", "apples,12", "pears,5", "plums,3"]),
     [[R("harvest.csv"), A("harvest.csv", "plums,3\n")]],
     [[W("harvest.csv", "plums,3\n")]]),
    ("run", "Run square.py with 12 and save what it prints to sq.txt", {"square.py": _SQUARE},
     says("sq.txt", "144"),
     [[SH("python3 square.py 12 > sq.txt")],
      [PY("import subprocess, sys\nout = subprocess.run([sys.executable, 'square.py', '12'], "
          "capture_output=True, text=True).stdout\nopen('sq.txt', 'w').write(out)")]],
     [[SH("python3 square.py > sq.txt")]]),
]
