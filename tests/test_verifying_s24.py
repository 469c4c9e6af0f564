"""The positive verifiers (``agent/verifying*.py``), session 24: classes of right work that
ended "unverified" on the seen sets, now confirmed from the task and the start workspace
alone, each with wrong twins that stay unverified. Every wording here is this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo import Settings
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_rerun import rerunner
from autonomo.agent.verifying_snapshot import take
from test_verifying import _judge, _put, _rm
from test_verifying_s23 import _add

TERMS = ("# Terms\n\nBlue Fin Ltd supplies the boats.\nPayment to Blue Fin Ltd is due monthly.\n"
         "Harbour Ltd stays as it is.\n")
GUESTS = {"picnic/guests.txt": "Maren\nOsvaldo\n"}
BIRDS = {"birds.txt": "wren\nheron\nKestrel\nbittern\n"}
PLAIN = {"birds.txt": "Wren\nHeron\nKestrel\nBittern\n"}
SHELF = {"shelf/a_guide.pdf": "1", "shelf/b_notes.md": "2", "shelf/c_map.pdf": "3"}
TOOLS = {"tools/fmt.py": "print(1)\n", "tools/deploy.py": "print(2)\n",
         "tools/run.sh": "echo\n", "tools/README": "r\n"}
FARES = {"bus_fares.csv": "route,fare\n12,2.40\n7,1.85\n31,3.10\n"}
PANTRY = {"kitchen/pantry.txt": "lentils\nrice\noats\nbarley\nquinoa\n"}
MOTD = {"motd.py": "import sys\nprint('Welcome to node ' + str(6 * 7))\n"}
LABELLED = {"motd.py": "print('Total: ' + str(6 * 7))\n"}
SVC = {"logs/svc.log": "09:00 INFO up\n09:01 FATAL disk\n09:02 INFO retry\n09:03 FATAL net\n"}
JOB = {"job.py": "# FIXME: config\nimport os\n\ndef run():\n    pass  # FIXME retries\n"}
JOB_STR = {"job.py": "# FIXME: config\nMSG = 'FIXME later'\n"}
ANIMALS = {"animals.csv": "pet,kind\nRex,dog\nTom,cat\nFido,dog\n"}
TRIPS = {"trips.txt": "Lisbon to Porto\nFaro\nPorto to Lisbon and back to Lisbon\nLisbonne\n"}
APP = {"cfg/app.json": '{"name": "x", "port": 8080, "db": {"host": "h", "user": "u"}}'}
WC = {"wc.py": "import sys\nif len(sys.argv) < 2:\n    print('usage: wc.py FILE')\n"
               "    sys.exit(2)\nprint(len(open(sys.argv[1]).read().split()), 'words')\n",
      "in/poem.txt": "so much depends\nupon\n", "in/other.txt": "a b\n"}


def _new(name: str, text: str):
    def act(ws: Path) -> None:
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text)
    return act


def _swap_all(path: str, old: str, new: str, count: int = -1):
    def act(ws: Path) -> None:
        p = ws / path
        p.write_text(p.read_text().replace(old, new, count))
    return act


#: (task, start files, what the run did, verified)
CASES = [
    # a kind removed in the folder its own clause names; another clause's folder keeps its
    # files of that kind (rv1 21:05: both deleted ended FINISHED)
    pytest.param("Remove the .bak files in old/; the .bak files in live/ are still used",
                 {"old/a.bak": "a", "live/b.bak": "b", "old/n.txt": "n"}, _rm("old/a.bak"),
                 True, id="kind-in-its-clause-folder"),
    pytest.param("Remove the .bak files in old/; the .bak files in live/ are still used",
                 {"old/a.bak": "a", "live/b.bak": "b", "old/n.txt": "n"},
                 _rm("old/a.bak", "live/b.bak"), False, id="kind-in-another-clause-folder"),
    pytest.param("Remove the .bak files. The ones in live/ must stay",
                 {"old/a.bak": "a", "live/b.bak": "b"}, _rm("old/a.bak", "live/b.bak"), False,
                 id="kind-everywhere-but-a-folder-said-apart"),
    # a quoted pair, every occurrence: the quote ends the new text ("'B' in f.md")
    pytest.param("Replace all 'Blue Fin Ltd' with 'Blue Fin plc' in terms.md",
                 {"terms.md": TERMS}, _swap_all("terms.md", "Blue Fin Ltd", "Blue Fin plc"),
                 True, id="edit-quoted-pair-everywhere"),
    pytest.param("Replace all 'Blue Fin Ltd' with 'Blue Fin plc' in terms.md",
                 {"terms.md": TERMS},
                 _swap_all("terms.md", "Blue Fin Ltd", "Blue Fin plc", 1), False,
                 id="edit-only-the-first-of-two"),
    pytest.param("Replace all 'Blue Fin Ltd' with 'Blue Fin plc' in terms.md",
                 {"terms.md": TERMS},
                 _swap_all("terms.md", "Ltd", "plc"), False, id="edit-a-neighbour-too"),
    # a pair with a place of its own after it, or before it, is not the whole edit
    pytest.param("Replace all 'Blue Fin Ltd' with 'Blue Fin plc' in terms.md, except in the "
                 "payment line", {"terms.md": TERMS},
                 _swap_all("terms.md", "Blue Fin Ltd", "Blue Fin plc"), False,
                 id="edit-a-pair-with-an-exception"),
    pytest.param("Under the heading, replace Blue with Red in terms.md", {"terms.md": TERMS},
                 _swap_all("terms.md", "Blue", "Red"), False, id="edit-a-pair-with-a-place"),
    # a pointer with a noun of its own, to the one number of the clause before
    pytest.param("The freezer read -18 °C at noon. Note that reading in cold/log.txt please",
                 {}, _new("cold/log.txt", "-18"), True, id="pointer-with-its-own-noun"),
    pytest.param("The freezer read -18 °C at noon. Note that reading in cold/log.txt please",
                 {}, _new("cold/log.txt", "18"), False, id="pointer-sign-lost"),
    pytest.param("The freezer read -18 °C at 12:00. Note that reading in cold/log.txt",
                 {}, _new("cold/log.txt", "-18"), False, id="pointer-two-numbers-in-doubt"),
    # "It's X." then a pointer: the one token it is
    pytest.param("What's the guest Wi-Fi password? It's kiwi-Harbor-9. Save it in wifi.txt",
                 {}, _put("wifi.txt", "kiwi-Harbor-9"), True, id="pointer-to-its-token"),
    pytest.param("What's the guest Wi-Fi password? It's kiwi-Harbor-9. Save it in wifi.txt",
                 {}, _put("wifi.txt", "kiwi-Harbor"), False, id="pointer-to-its-token-cut"),
    pytest.param("What's the colour? It's in notes.md. Put it in colour.txt",
                 {"notes.md": "teal\n"}, _put("colour.txt", "in notes.md"), False,
                 id="pointer-to-a-place-is-no-value"),
    # a value in apposition to the noun of its kind
    pytest.param("gate.txt - put the new door code, 4471#, and nothing else", {},
                 _put("gate.txt", "4471#"), True, id="apposition-value"),
    pytest.param("gate.txt - put the new door code, 4471#, and nothing else", {},
                 _put("gate.txt", "4471"), False, id="apposition-value-cut"),
    # an append of a stated list, one item a line
    pytest.param("Please add Ilse and Joaquim to the end of picnic/guests.txt, each on its "
                 "own line", GUESTS, _add("picnic/guests.txt", "Ilse\nJoaquim\n"), True,
                 id="append-two-items-a-line-each"),
    pytest.param("Please add Ilse and Joaquim to the end of picnic/guests.txt, each on its "
                 "own line", GUESTS, _add("picnic/guests.txt", "Ilse and Joaquim\n"), False,
                 id="append-two-items-on-one-line"),
    pytest.param("Please add Ilse and Joaquim to the end of picnic/guests.txt, each on its "
                 "own line", GUESTS, _add("picnic/guests.txt", "Ilse\n"), False,
                 id="append-one-item-left-out"),
    # a plain list's lines, sorted
    pytest.param("Put the names from birds.txt into sorted_birds.txt in alphabetical order",
                 PLAIN, _put("sorted_birds.txt", "Bittern\nHeron\nKestrel\nWren\n"), True,
                 id="lines-sorted"),
    pytest.param("Put the names from birds.txt into sorted_birds.txt in alphabetical order",
                 PLAIN, _put("sorted_birds.txt", "Wren\nHeron\nKestrel\nBittern\n"), False,
                 id="lines-not-sorted"),
    pytest.param("Put the names from birds.txt into sorted_birds.txt in alphabetical order",
                 BIRDS, _put("sorted_birds.txt", "bittern\nheron\nKestrel\nwren\n"), False,
                 id="lines-where-case-decides-the-order"),
    # the files of a kind in a folder, written with or without the folder
    pytest.param("Which .py files does tools/ hold? one per line in tool_scripts.txt", TOOLS,
                 _put("tool_scripts.txt", "tools/deploy.py\ntools/fmt.py\n"), True,
                 id="listing-with-the-folder"),
    pytest.param("Which .py files does tools/ hold? one per line in tool_scripts.txt", TOOLS,
                 _put("tool_scripts.txt", "fmt.py\ndeploy.py\n"), True,
                 id="listing-bare-names"),
    pytest.param("Which .py files does tools/ hold? one per line in tool_scripts.txt", TOOLS,
                 _put("tool_scripts.txt", "fmt.py\ndeploy.py\nrun.sh\n"), False,
                 id="listing-another-kind-too"),
    pytest.param("Which .py files does tools/ hold? one per line in tool_scripts.txt", TOOLS,
                 _put("tool_scripts.txt", "tools/fmt.py\ndeploy.py\n"), False,
                 id="listing-folder-on-some"),
    pytest.param("what files does shelf/ contain? make a shelf_index.txt listing them, one a line",
                 SHELF, _put("shelf_index.txt", "a_guide.pdf\nb_notes.md\nc_map.pdf\n"), True,
                 id="listing-inside-a-folder"),
    # a sum of the column the task names in the plural, the source's name explained
    pytest.param("Total of the fares in bus_fares.csv? write it to fares_total.txt", FARES,
                 _put("fares_total.txt", "7.35"), True, id="sum-of-a-plural-column"),
    pytest.param("Total of the fares in bus_fares.csv? write it to fares_total.txt", FARES,
                 _put("fares_total.txt", "7.3"), False, id="sum-wrong"),
    # a count of a one-item-a-line list described by a clause of its own
    pytest.param("kitchen/pantry.txt has our dry-goods stock. how many grains are listed? "
                 "put the number in grain_count.txt", PANTRY,
                 _put("grain_count.txt", "5"), True, id="count-items-of-a-list"),
    pytest.param("kitchen/pantry.txt has our dry-goods stock. how many grains are listed? "
                 "put the number in grain_count.txt", PANTRY,
                 _put("grain_count.txt", "4"), False, id="count-items-wrong"),
    # one column of the rows another column picks by the value the task names
    pytest.param("Which pets in animals.csv are of the kind dog? write them to dogs.txt, one "
                 "per line", ANIMALS, _put("dogs.txt", "Fido\nRex\n"), True,
                 id="filtered-column"),
    pytest.param("Which pets in animals.csv are of the kind dog? write them to dogs.txt, one "
                 "per line", ANIMALS, _put("dogs.txt", "Rex\nTom\nFido\n"), False,
                 id="filtered-column-with-another-row"),
    pytest.param("Which pets in animals.csv are not of the kind dog? write them to others.txt",
                 ANIMALS, _put("others.txt", "Tom\n"), False, id="filtered-negation-unread"),
    # the lines that hold the one word the task names
    pytest.param("How many lines in trips.txt contain Lisbon? Write the count to "
                 "lisbon_count.txt", TRIPS, _put("lisbon_count.txt", "2"), True,
                 id="count-lines-holding-a-word"),
    pytest.param("How many lines in trips.txt contain Lisbon? Write the count to "
                 "lisbon_count.txt", TRIPS, _put("lisbon_count.txt", "3"), False,
                 id="count-occurrences-not-lines"),
    pytest.param("How many lines in trips.txt contain Lisbon twice? Write the count to "
                 "lisbon_count.txt", TRIPS, _put("lisbon_count.txt", "2"), False,
                 id="count-lines-with-a-condition-unread"),
    # how many keys a JSON object has at its top (nested keys say "top-level")
    pytest.param("How many top-level keys are in cfg/app.json? Write the number to top_keys.txt",
                 APP, _put("top_keys.txt", "3"), True, id="count-top-level-keys"),
    pytest.param("How many top-level keys are in cfg/app.json? Write the number to top_keys.txt",
                 APP, _put("top_keys.txt", "4"), False, id="count-keys-wrong"),
    pytest.param("How many keys are in cfg/app.json? Write the number to top_keys.txt",
                 APP, _put("top_keys.txt", "3"), False, id="count-keys-nested-in-doubt"),
    # lines marked by the one word in capitals the task names
    pytest.param("logs/svc.log - how many FATAL entries? the count goes in fatal_count.txt",
                 SVC, _put("fatal_count.txt", "2"), True, id="count-marked-lines"),
    pytest.param("logs/svc.log - how many FATAL entries? the count goes in fatal_count.txt",
                 SVC, _put("fatal_count.txt", "4"), False, id="count-all-lines"),
    pytest.param("Count the FIXME comments in job.py; fixme_total.txt gets the number", JOB,
                 _put("fixme_total.txt", "2"), True, id="count-marked-comments"),
    pytest.param("Count the FIXME comments in job.py; fixme_total.txt gets the number",
                 JOB_STR, _put("fixme_total.txt", "2"), False,
                 id="count-a-mark-outside-a-comment-in-doubt"),
    # what a program prints, named by a noun
    pytest.param("run motd.py and save the banner it prints into motd.txt", MOTD,
                 _put("motd.txt", "Welcome to node 42"), True, id="printed-named-by-a-noun"),
    pytest.param("run motd.py and save the banner it prints into motd.txt", MOTD,
                 _put("motd.txt", "Welcome to node"), False, id="printed-cut"),
    # a program given a data file as its argument: run again with it
    pytest.param("run wc.py with in/poem.txt as its argument and save the output to wc.txt",
                 WC, _put("wc.txt", "4 words\n"), True, id="printed-with-a-file-argument"),
    pytest.param("run wc.py with in/poem.txt as its argument and save the output to wc.txt",
                 WC, _put("wc.txt", "2 words\n"), False, id="printed-for-another-file"),
    pytest.param("run wc.py with in/poem.txt as its argument and save the output to wc.txt",
                 WC, _put("wc.txt", "usage: wc.py FILE\n"), False, id="printed-bare-run"),
    pytest.param("run motd.py and save the total it prints into motd.txt", LABELLED,
                 _put("motd.txt", "Total: 42"), False, id="printed-part-named"),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), CASES)
def test_recall_with_wrong_twins(tmp_path: Path, task: str, files: dict[str, str], act,
                                 verified: bool) -> None:
    ws = tmp_path / "ws"
    for name, text in files.items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text)
    ws.mkdir(exist_ok=True)
    start = take(ws)
    act(ws)
    # (a program the task names is run again on the start, in the sandbox, as a finish is)
    verdict = verify(task, start, take(ws), (), rerunner(start, Settings().sandbox))
    assert verdict.verified is verified, verdict.why


#: a count in a log: the thing counted is a word of some lines, so all lines are no count
def test_a_count_of_some_lines_is_not_all_lines(tmp_path: Path) -> None:
    log = {"app.log": "ok start\nerror disk\nok tick\nerror net\n"}
    ok, why = _judge(tmp_path, "how many errors are in app.log? put it in errors.txt", log,
                     _put("errors.txt", "4"))
    assert not ok, why
