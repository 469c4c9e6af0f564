"""The positive verifiers (``agent/verifying*.py``), session 22: right work they now confirm
(recall) and the false-FINISHED classes they now close. Every wording here is this file's
own; each case names the class it stands for."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.verifying import verify
from autonomo.agent.verifying_rerun import rerunner
from autonomo.agent.verifying_snapshot import take
from autonomo.config import Settings
from test_verifying import _cp, _judge, _mv, _put, _rm

RECEIPTS = {"photos/2025-07-01_beach.jpg": "a", "photos/2025-07-19_lake.jpg": "b",
            "photos/2025-08-02_park.jpg": "c"}
POINTER = {"current.txt": "dark.css\n", "dark.css": "body{background:#000}\n",
           "light.css": "body{background:#fff}\n"}
TOML = {"app.toml": "[app]\nversion = \"2.4.1\"\nname = \"kite\"\n"}
TODO = {"todo.txt": "buy milk (done)\ncall Ana\n", "notes.txt": "x\n"}
TEMP = {"a.tmp": "1", "b.tmp": "2", "c.txt": "3", "old/notes_old.txt": "n",
        "old/notes.txt": "m"}

CASES = [
    # -- false FINISHED closed: a filter said only in the answer file's name is no filter
    # applied (every file name of the folder written)
    ("Which photos in photos/ were taken in July? Put their file names in july_photos.txt,"
     " one per line", RECEIPTS,
     _put("july_photos.txt", "2025-07-01_beach.jpg\n2025-07-19_lake.jpg\n"
                             "2025-08-02_park.jpg\n"), False),
    ("List the file names in photos/ in summer_photos.txt", RECEIPTS,
     _put("summer_photos.txt", "2025-07-01_beach.jpg\n2025-07-19_lake.jpg\n"
                               "2025-08-02_park.jpg\n"), False),
    ("List the file names in photos/ in photos.txt", RECEIPTS,   # no filter: confirmed
     _put("photos.txt", "2025-07-01_beach.jpg\n2025-07-19_lake.jpg\n2025-08-02_park.jpg\n"),
     True),
    # -- false FINISHED closed: a pointer file (it names the source) copied in its place
    ("current.txt says which theme is active. Copy that theme to active.css", POINTER,
     _cp("current.txt", "active.css"), False),
    # -- false FINISHED closed: the file named before the verb, a part of it asked for
    ("In app.toml, copy the version number into version.txt", TOML,
     _cp("app.toml", "version.txt"), False),
    ("From todo.txt, delete the finished items", TODO, _rm("todo.txt"), False),
    ("todo.txt: remove everything marked done", TODO, _rm("todo.txt"), False),
    ("Copy the name in app.toml to name.txt", TOML, _cp("app.toml", "name.txt"), False),
    ("delete app.toml's last line", TOML, _rm("app.toml"), False),
    # … or a file that names another, then "it" (which may be the named one)
    ("current.txt names the theme in use. Copy it to active.css", POINTER,
     _cp("current.txt", "active.css"), False),
    ("The theme in use is named in current.txt. Copy it to active.css", POINTER,
     _cp("current.txt", "active.css"), False),
    # … but a file that holds no other file's name is what "it" stands for
    ("I need a backup of app.toml. Please copy it to app_old.toml", TOML,
     _cp("app.toml", "app_old.toml"), True),
    ("The file todo.txt holds our errands; give it a proper name: errands.txt", TODO,
     _mv("todo.txt", "errands.txt"), True),
    # the file named before its verb, and the verb's object is the file itself
    ("app.toml is out of date - delete it", TOML, _rm("app.toml"), True),
    ("app.toml belongs in backup/ - move it there", TOML, _mv("app.toml", "backup/app.toml"),
     True),
    ("I want the settings (app.toml) in backup/ as well. Copy it there with the same name.",
     TOML, _cp("app.toml", "backup/app.toml"), True),
    ("app.toml: please copy it to backup/app.toml", TOML,
     _cp("app.toml", "backup/app.toml"), True),
    # -- recall: a plain description of the file between the verb and its name
    ("get rid of the stale backup old/notes_old.txt, keep old/notes.txt", TEMP,
     _rm("old/notes_old.txt"), True),
    ("Delete both scratch files (a.tmp and b.tmp) but keep c.txt.", TEMP,
     _rm("a.tmp", "b.tmp"), True),
    ("remove the half-finished upload b.tmp -- keep a.tmp", TEMP, _rm("b.tmp"), True),
    ("remove the half-finished upload b.tmp -- keep a.tmp", TEMP, _rm("a.tmp"), False),
]


KIOSK = {"booth.ini": "[screen]\nbrightness = 80\n[sound]\nvolume = 3\n",
         "prefs.json": '{"theme": "dark", "font": {"size": 12}, "lang": "pt"}',
         "chores.json": '{"chores": [{"who": "Ana", "state": "done"}, '
                        '{"who": "Rui", "state": "open"}, {"who": "Eva", "state": "done"}]}',
         "shop.md": "- eggs\n- rice\n", "steps.md": "1. boil\n2. drain\n"}
CASES += [
    # -- recall: a value stated in one clause and pointed at from the next
    ("the bakery opens at 07:15 on Sundays, could you note that down in bakery.txt", {},
     _put("bakery.txt", "07:15"), True),
    ("the bakery opens at 07:15 on Sundays, could you note that down in bakery.txt", {},
     _put("bakery.txt", "07:16"), False),
    ("Our wifi channel should be 11 from now on. Please store it in channel.txt", {},
     _put("channel.txt", "11\n"), True),
    ("The parcel weighs 2.5 kg. Put that in parcel.txt", {}, _put("parcel.txt", "2.5 kg"),
     True),
    # … alone when the task asks for it alone; nothing when the task goes on after the file
    # (a condition on the form: a unit left out, another unit)
    ("The parcel weighs 2.5 kg. Put that in parcel.txt, nothing else in the file", {},
     _put("parcel.txt", "2.5 kg"), False),
    ("The parcel weighs 2.5 kg. Put that in parcel.txt, nothing else in the file", {},
     _put("parcel.txt", "2.5"), True),
    ("The parcel weighs 2.5 kg. Put that in parcel.txt, just the number", {},
     _put("parcel.txt", "2.5 kg"), False),
    ("The parcel weighs 2.5 kg. Put that in parcel.txt, leaving off the kg", {},
     _put("parcel.txt", "2.5 kg"), False),
    ("The parcel weighs 2.5 kg. Put that in parcel.txt in grams", {},
     _put("parcel.txt", "2.5"), False),
    ("The answer to the quiz: a lighthouse. Write that to quiz.txt", {},
     _put("quiz.txt", "a lighthouse"), True),
    # … not when another number stands elsewhere, the clause before asks, or another verb
    # works on the value first
    ("Room 4 has 12 chairs. Put that in chairs.txt", {}, _put("chairs.txt", "12"), False),
    ("How many minutes are in 3 hours? Put that in minutes.txt", {},
     _put("minutes.txt", "3"), False),
    ("The side is 6. Square it and store it in area.txt", {}, _put("area.txt", "6"), False),
    # -- recall: a list's marker on an appended item
    ("add 'oil' as the last item of shop.md", KIOSK, _put("shop.md", "- eggs\n- rice\n- oil\n"),
     True),
    ("add 'serve' as the last step of steps.md", KIOSK,
     _put("steps.md", "1. boil\n2. drain\n3. serve\n"), True),
    ("add 'serve' as the last step of steps.md", KIOSK,
     _put("steps.md", "1. boil\n2. drain\n4. serve\n"), False),
    # -- recall: a created CSV or JSON judged parsed
    ("Create birds.csv with the header bird,count and the rows wren,4 and kite,1", {},
     _put("birds.csv", "bird,count\nwren,4\nkite,1\n"), True),
    ("Create birds.csv with the header bird,count and the rows wren,4 and kite,1", {},
     _put("birds.csv", "bird,count\nwren,4\n"), False),
    ("Create birds.csv with the header bird,count and the rows wren,4 and kite,1, sorted by "
     "count", {}, _put("birds.csv", "bird,count\nwren,4\nkite,1\n"), False),
    ("Make a CSV called birds.csv with columns bird,count and rows Wren 4, Kite 1", {},
     _put("birds.csv", "bird,count\n"), False),           # rows not comma-joined: not all
    ("make lamp.json with a JSON object where colour is amber and watts is 40", {},
     _put("lamp.json", '{"colour": "amber", "watts": 40}'), True),
    ("make lamp.json with a JSON object where colour is amber and watts is 40", {},
     _put("lamp.json", '{"watts": 40}'), False),
    ("make lamp.json with a JSON object where colour is amber and watts is 40", {},
     _put("lamp.json", '{"colour": "amber", "watts": "40"}'), False),
    ("make flags.json with a JSON object where debug is true and level is 2", {},
     _put("flags.json", '{"debug": true, "level": 2}'), True),
    ("make flags.json with a JSON object where debug is true and level is 2", {},
     _put("flags.json", '{"debug": "true", "level": 2}'), False),   # a string, not a boolean
    ("save a JSON list of the primes 2, 3 and 5 in primes.json", {},
     _put("primes.json", "[2, 3, 5]"), True),
    ("make flags.json with a JSON object where debug is true and level is 2", {},
     _put("flags.json", '{"debug": true, "level": 2}'), True),
    ("make flags.json with a JSON object where debug is true and level is 2", {},
     _put("flags.json", '{"debug": "true", "level": 2}'), False),   # a string, not a boolean
    ("save a JSON list of the primes 2, 3 and 5 in primes.json", {},
     _put("primes.json", "[3, 5]"), False),
    # -- recall: the sections of an INI file, the top-level keys, rows of a wrapped list
    ("Which sections does booth.ini have? List them in booth_sections.txt", KIOSK,
     _put("booth_sections.txt", "screen\nsound\n"), True),
    ("What are the top-level keys in prefs.json? List them in pref_keys.txt", KIOSK,
     _put("pref_keys.txt", "theme\nfont\nlang\n"), True),
    ("What are the top-level keys in prefs.json? List them in pref_keys.txt", KIOSK,
     _put("pref_keys.txt", "theme\nsize\nlang\n"), False),
    ("chores.json: how many chores have state done? -> chores_done.txt", KIOSK,
     _put("chores_done.txt", "2"), True),
    ("chores.json: how many chores have state done? -> chores_done.txt", KIOSK,
     _put("chores_done.txt", "3"), False),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), CASES,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(CASES)])
def test_verifiers(tmp_path: Path, task: str, files: dict[str, str], act,
                   verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


PANTRY = {"pantry.csv": "item,unit,price\nrye flour,kg,2.10\nspelt flour,kg,3.40\n",
          "lamp.json": '{\n  "dim": true,\n  "level": 3\n}\n',
          "harbour/berths.txt": "berth 4: Ada Lovelace\nberth 9: Tern\nberth 14: Puffin\n",
          "games.json": '{"games": [{"team": "A", "result": "won"}, '
                        '{"team": "B", "result": "lost"}, {"team": "C", "result": "won"}]}',
          "fuel.csv": "day,litres\nMon,12.5\nTue,7\n",
          "animals.csv": "animal,legs\nant,6\nspider,8\nsnake,0\n",
          "trip.txt": "Trip: Azores\nGuide: Rui Medeiros\nDeparture: 2026-05-02\n",
          "club.csv": "name,email,tier\nAda,ada@club.test,gold\nBo,bo@club.test,tin\n",
          "trains.csv": "train,platform,track\nIC512,Porto,4\nAP130,Faro,7\n"}
CASES_2 = [
    # -- recall: a CSV edit judged parsed (one cell, the row the task names, the value it
    # states)
    ("the spelt flour in pantry.csv should cost 3.65, not 3.40 - fix it", PANTRY,
     _put("pantry.csv", "item,unit,price\nrye flour,kg,2.10\nspelt flour,kg,3.65\n"), True),
    ("the spelt flour in pantry.csv should cost 3.65, not 3.40 - fix it", PANTRY,
     _put("pantry.csv", "item,unit,price\nrye flour,kg,3.65\nspelt flour,kg,3.40\n"), False),
    ("the spelt flour in pantry.csv should cost 3.65, not 3.40 - fix it", PANTRY,
     _put("pantry.csv", "item,unit,price\nrye flour,kg,2.10\nspelt flour,3.65,3.40\n"), False),
    # -- recall: a JSON edit stated in brackets
    ("switch off dimming in lamp.json (set \"dim\" to false), leave the rest as is", PANTRY,
     _put("lamp.json", '{\n  "dim": false,\n  "level": 3\n}\n'), True),
    ("switch off dimming in lamp.json (set \"dim\" to false), leave the rest as is", PANTRY,
     _put("lamp.json", '{\n  "dim": false,\n  "level": 4\n}\n'), False),
    # -- recall: the pointed value with the words of its clause
    ("the ferry leaves at 06:40 on Mondays, could you note that down in ferry.txt", {},
     _put("ferry.txt", "ferry leaves at 06:40"), True),
    ("the ferry leaves at 06:40 on Mondays, could you note that down in ferry.txt", {},
     _put("ferry.txt", "ferry leaves at 06:45"), False),
    # -- recall: a key written out whole, the value named before it
    ("In harbour/berths.txt, who is the owner of berth 9? Put it in owner.txt", PANTRY,
     _put("owner.txt", "Tern"), True),
    ("In harbour/berths.txt, who is the owner of berth 9? Put it in owner.txt", PANTRY,
     _put("owner.txt", "Puffin"), False),
    ("In harbour/berths.txt, who is the former owner of berth 9? Put it in owner.txt", PANTRY,
     _put("owner.txt", "Tern"), False),                # a word that may change the answer
    # -- recall: the counted things named after "how many"; a sum worded "altogether"
    ("games.json: how many games have result won? -> won_count.txt", PANTRY,
     _put("won_count.txt", "2"), True),
    ("games.json: how many games have result won? -> won_count.txt", PANTRY,
     _put("won_count.txt", "3"), False),
    # "how many" before a field's name: a value looked up, not rows counted
    ("Look up how many legs a spider has in animals.csv and write that number to legs.txt",
     PANTRY, _put("legs.txt", "8"), True),
    ("Look up how many legs a spider has in animals.csv and write that number to legs.txt",
     PANTRY, _put("legs.txt", "3"), False),
    # a question word the value's own form answers ("when": a date), a plural's singular,
    # the asked column not the one naming the row
    ("When is the departure in trip.txt? Save the date in departure.txt", PANTRY,
     _put("departure.txt", "2026-05-02"), True),
    ("When is the departure in trip.txt? Save the guide in departure.txt", PANTRY,
     _put("departure.txt", "2026-05-02"), False),
    ("I want every email address from club.csv in mails.txt, one address per line", PANTRY,
     _put("mails.txt", "ada@club.test\nbo@club.test\n"), True),
    ("I want every email address from club.csv in mails.txt, one address per line", PANTRY,
     _put("mails.txt", "ada@club.test\n"), False),
    ("In trains.csv, which track has train IC512? Save the track to track.txt", PANTRY,
     _put("track.txt", "4"), True),
    ("In trains.csv, which track has train IC512? Save the track to track.txt", PANTRY,
     _put("track.txt", "7"), False),
    ("How many litres in fuel.csv altogether? Save the sum in litres_total.txt", PANTRY,
     _put("litres_total.txt", "19.5"), True),
    ("How many litres in fuel.csv on Mon altogether? Save the sum in litres_total.txt", PANTRY,
     _put("litres_total.txt", "19.5"), False),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), CASES_2,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(CASES_2)])
def test_more_verifiers(tmp_path: Path, task: str, files: dict[str, str], act,
                        verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


TALLY = ("from collections import Counter\n"
         "votes = Counter(open('votes.txt').read().split())\n"
         "for name, n in sorted(votes.items()):\n    print(f'{name}: {n}')\n")


@pytest.mark.parametrize(("task", "files", "written", "verified"), [
    # the program run again on the start, in the sandbox: all it prints, pointed at whole
    ("tally.py counts the votes in votes.txt. Run it and keep what it shows in result.txt.",
     {"tally.py": TALLY, "votes.txt": "wren kite wren\n"}, "kite: 1\nwren: 2\n", True),
    ("tally.py counts the votes in votes.txt. Run it and keep what it shows in result.txt.",
     {"tally.py": TALLY, "votes.txt": "wren kite wren\n"}, "kite: 1\nwren: 3\n", False),
    # the same numbers, one a line or on one line
    ("primes.py prints some numbers. I'd like them in result.txt.",
     {"primes.py": "for p in (2, 3, 5, 7):\n    print(p)\n"}, "2 3 5 7", True),
    # a part of several lines asked for: not judged
    ("Run tally.py and put the largest count it prints in result.txt",
     {"tally.py": "print(3)\nprint(5)\n"}, "3\n5\n", False),
    # run with the task's number
    ("km.py takes a distance in miles. Run it with 26.2 and write its output to result.txt",
     {"km.py": "import sys\nprint(f'{float(sys.argv[1]) * 1.609344:.2f} km')\n"}, "42.16 km",
     True),
    # what differs between two runs derives nothing
    ("dice.py rolls a die. Run it and keep what it shows in result.txt.",
     {"dice.py": "import random\nprint(random.randint(1, 10**9))\n"}, "5", False),
])
def test_a_program_is_run_again_on_the_start(tmp_path: Path, task: str,
                                             files: dict[str, str], written: str,
                                             verified: bool) -> None:
    """No run of the agent's is recorded here: the verifier runs the program itself."""
    ws = tmp_path / "ws"
    for name, text in files.items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text)
    start = take(ws)
    (ws / "result.txt").write_text(written)
    verdict = verify(task, start, take(ws), (), rerunner(start, Settings().sandbox))
    assert verdict.verified is verified, verdict.why
