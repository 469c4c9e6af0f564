"""The text a task states whole: where it starts and ends, offered alone, the act that fits
(write or append), and the verifier that confirms it (i11w; holdout9's write/append class).

Every wording here is new: none is a task of the seen sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.strategies.grounding import situation
from autonomo.agent.strategies.stated_text import offered_first, stated
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take
from test_offered_fresh import _offered

W, A = "write_file", "append_to_file"


@pytest.mark.parametrize(("task", "files", "whole"), [
    # after a colon a word points on from ("the text:", "that says:", "this line:")
    ("start memo.txt with the text: oven cleaned, 2 racks soaked", ["memo.txt"],
     "oven cleaned, 2 racks soaked"),
    ("a file gate_note.txt that says: Gate 4C, boards 09:05", ["gate_note.txt"],
     "Gate 4C, boards 09:05"),
    ("Fill log.txt with this one line: Boiler serviced, pressure 1.4 bar", ["log.txt"],
     "Boiler serviced, pressure 1.4 bar"),
    ("put the following into fence.txt: posts 12, rails 24", ["fence.txt"],
     "posts 12, rails 24"),
    ("new note desk.txt, the words: back at 13:30", ["desk.txt"], "back at 13:30"),
    # after an introducing phrase, up to the clause that places it
    ("Make sign.txt which reads Mind the step please", ["sign.txt"], "Mind the step"),
    ("create shelf.txt saying Tins on the left into the cupboard", ["shelf.txt"],
     "Tins on the left into the cupboard"),
    ("Please make door.txt containing the phrase knock twice", ["door.txt"], "knock twice"),
    ("set up code.txt holding only the alarm code 8812-Q", ["code.txt"], "8812-Q"),
    ("write bike.txt with just the lock combination 0419", ["bike.txt"], "0419"),
    # after the verb that writes it
    ("write Gutters cleared on 3/10 into house.txt", ["house.txt"], "Gutters cleared on 3/10"),
    ("save the bin day Thursday to bins.txt and nothing else", ["bins.txt"], "Thursday"),
    ("jot down Ravioli for Friday in meals.txt", ["meals.txt"], "Ravioli for Friday"),
    ("add Oregano at the very end of spices.txt", ["spices.txt"], "Oregano"),
    ("Could you append Quince to fruit.txt on a line of its own?", ["fruit.txt"], "Quince"),
    ("Note down Tram 9 leaves at 06:52 in tram.txt", ["tram.txt"], "Tram 9 leaves at 06:52"),
    ("change sign.txt so it reads only: Open 8-14, closed Sundays", ["sign.txt"],
     "Open 8-14, closed Sundays"),
    ("toast.txt should contain: Cheers to forty years!", ["toast.txt"],
     "Cheers to forty years!"),
    # between a verb of having and a participle of writing
    ("pens.txt needs Fineliner added at the bottom", ["pens.txt"], "Fineliner"),
    ("cups.txt should get Espresso cup appended, on its own line", ["cups.txt"],
     "Espresso cup"),
    ("I want Lentils added to pulses.txt", ["pulses.txt"], "Lentils"),
    # a dash after a word pointing on
    ("append this entry to hall.log - 17:20 window shut, heating low", ["hall.log"],
     "17:20 window shut, heating low"),
    ("Clear pad.txt and put only this in it \u2014 Q7-Lark", ["pad.txt"], "Q7-Lark"),
    # an arrow likewise; after any of them the text runs on over a dash or colon of its own
    ("sales.log: new entry at the bottom -> Tue 14 units", ["sales.log"], "Tue 14 units"),
    ("one more line for jobs.txt => fix gate - Sat 10:00", ["jobs.txt"], "fix gate - Sat 10:00"),
    ("desk.txt, new line at the end \u2192 call Ann back: urgent", ["desk.txt"],
     "call Ann back: urgent"),
    ("add this line to the end of van.log - 08:10 tyres - front left low", ["van.log"],
     "08:10 tyres - front left low"),
    ("log.txt: one more entry at the end, day 9: 12 pages", ["log.txt"], "12 pages"),
    # quotes of every kind, backticks too, with colons inside
    ("tack `Sat: market` on after the last line of week.txt", ["week.txt"], "Sat: market"),
    ("add the line 'beans - 2 tins' at the end of shop.txt", ["shop.txt"], "beans - 2 tins"),
    ("Could you put \"Dr. K. Mensah, room 3\" at the bottom of staff.txt?", ["staff.txt"],
     "Dr. K. Mensah, room 3"),
])
def test_a_stated_text_is_read_whole_from_its_introducer_to_its_end(task, files, whole):
    assert stated(task, files)[0] == whole


@pytest.mark.parametrize(("task", "files"), [
    # what points, places or describes is no stated text
    ("write the total of the amounts in bills.txt to total.txt", ["bills.txt", "total.txt"]),
    ("copy the line starting with 'Net' into net.txt", ["net.txt"]),
    ("Heard a wren today - add it at the end of birds.txt", ["birds.txt"]),
    ("Mo is joining the team - add him to the bottom of team.txt", ["team.txt"]),
    ("write the first line of a.txt to b.txt", ["a.txt", "b.txt"]),
    ("write the word that appears most often in poem.txt to w.txt", ["poem.txt", "w.txt"]),
    ("Put the oven temperature for the cake, 180, in oven.txt", ["oven.txt"]),
    ("list the files in the folder and write the count to n.txt", ["n.txt"]),
    ("log.txt: one more entry at the end", ["log.txt"]),
    ("Greet the user: write Hello <name> to hi.txt", ["hi.txt"]),
])
def test_what_points_places_or_describes_is_no_stated_text(task, files):
    assert stated(task, files) == []


def test_the_whole_is_offered_alone_or_as_the_lines_or_bullet_asked():
    task = "put 'Mon: gym' at the end of plan.md"
    assert offered_first(("Mon", "- Mon: gym", "Mon: gym' at the end", "3"), ["Mon: gym"],
                         task) == ("- Mon: gym", "Mon: gym")
    task = "Create a.txt with three lines: tea, milk, oat bread"
    assert offered_first(("tea\nmilk\noat bread", "tea", "1\n2"),
                         ["tea, milk, oat bread"], task) == ("tea\nmilk\noat bread",)
    task = "add tea and oat bread at the bottom of a.md, one per line"
    assert offered_first(("- tea and oat bread", "tea\noat bread"), ["tea and oat bread"],
                         task, ["- tea and oat bread"]) == ("tea\noat bread",)
    task = "Create a.txt with two lines: 'tea' and 'oat bread'"
    assert offered_first(("tea\noat bread", "tea"), ["tea", "oat bread"], task) == (
        "tea\noat bread",)


@pytest.mark.parametrize(("task", "files", "expected"), [
    ("In notes.txt, overwrite everything with: Shed locked, key at No. 4",
     {"notes.txt": "Shed open\n3 keys out\n"}, ("Shed locked, key at No. 4",)),
    ("make hello.txt that says: Doors 19:30, show 20:00", {"other.txt": "Doors 18:00\n"},
     ("Doors 19:30, show 20:00",)),
    ("Please create pin.txt containing just the locker pin 5521-Q",
     {"old_pin.txt": "4410-Z\n"}, ("5521-Q",)),
    ("chores.txt needs Hoover stairs added at the bottom, on its own line",
     {"chores.txt": "Bins\nDishes (x2)\n"}, ("Hoover stairs",)),
    ("Replace what is in tank.txt with this single line: Level 91%, no alarms",
     {"tank.txt": "Level 40%\nalarm 3\n"}, ("Level 91%, no alarms",)),
])
def test_the_situation_offers_the_stated_text_alone(tmp_path, task, files, expected):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    where = situation(tmp_path, task, existed=tuple(files))
    assert where.texts == expected


LINES = {"log.txt": "Mon: 5 km\nWed: 8 km\n"}


@pytest.mark.parametrize(("task", "kept", "gone"), [
    # the whole text replaced: written, never appended
    ("Replace everything in log.txt with this single line: rest week", W, A),
    ("overwrite log.txt with: rest week", W, A),
    ("log.txt should hold only the line rest week", W, A),
    ("write rest week in log.txt, nothing else", W, A),
    ("Wipe log.txt and write rest week into it", W, A),
    ("clear whatever is in log.txt so it only holds rest week", W, A),
    ("delete everything in log.txt and put rest week there", W, A),
    # a text placed after the lines: appended, never written over them
    ("put 'Fri: 3 km' on a new line after the last line of log.txt", A, W),
    ("log.txt needs Fri: 3 km added below the other lines", A, W),
    ("Could you tack 'Fri: 3 km' onto log.txt?", A, W),
    ("write 'Fri: 3 km' in log.txt as its own line", A, W),
    ("put 'Fri: 3 km' under the existing entries of log.txt", A, W),
])
def test_the_act_follows_the_words(tmp_path, task, kept, gone):
    offered = _offered(tmp_path, task, LINES)
    assert kept in offered and gone not in offered


def _verified(tmp_path: Path, task: str, files: dict[str, str], name: str, text: str,
              append: bool = False) -> bool:
    tmp_path.mkdir(parents=True, exist_ok=True)
    for path, body in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(body)
    start = take(tmp_path)
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    with (tmp_path / name).open("a" if append else "w") as fh:
        fh.write(text)
    return verify(task, start, take(tmp_path)).verified


@pytest.mark.parametrize(("task", "name", "right", "wrong"), [
    ("Set up sign.txt which reads Wet paint until Friday", "sign.txt",
     "Wet paint until Friday", "Wet paint"),
    ("new file tip.txt, the words: soak the beans overnight", "tip.txt",
     "soak the beans overnight", "soak"),
    ("store the wifi code Lark-771 in wifi.txt", "wifi.txt", "Lark-771", "wifi code Lark-771"),
    ("make bike.txt containing just the lock code 3391", "bike.txt", "3391",
     "just the lock code 3391"),
    ("overwrite tank.txt with: Level 82%, no leaks", "tank.txt", "Level 82%, no leaks",
     "82%"),
])
def test_a_write_of_the_stated_text_is_verified_and_a_part_is_not(tmp_path, task, name, right,
                                                                  wrong):
    files = {"tank.txt": "Level 10%\n", "other.txt": "x\n"}
    assert _verified(tmp_path / "a", task, files, name, right)
    assert not _verified(tmp_path / "b", task, files, name, wrong)


@pytest.mark.parametrize(("task", "right", "wrong"), [
    ("cups.txt needs Mug added at the bottom", "Mug\n", "added\n"),
    ("cups.txt should get Mug appended at the end", "Mug\n", "Mug appended\n"),
    ("add this line to the end of cups.txt - Mug, blue", "Mug, blue\n", "Mug\n"),
])
def test_an_append_of_the_stated_text_is_verified_and_another_is_not(tmp_path, task, right,
                                                                    wrong):
    files = {"cups.txt": "Cup\nBeaker\n"}
    assert _verified(tmp_path / "a", task, files, "cups.txt", right, append=True)
    assert not _verified(tmp_path / "b", task, files, "cups.txt", wrong, append=True)


@pytest.mark.parametrize("task", [
    "In the garden folder, add a file bed.txt with the text: sown 4 rows",
    "Inside garden/, create bed.txt that says: sown 4 rows",
])
def test_a_new_file_outside_the_folder_the_task_names_is_not_verified(tmp_path, task):
    files = {"garden/plan.csv": "bed,rows\n"}
    assert not _verified(tmp_path / "a", task, files, "bed.txt", "sown 4 rows")
    assert _verified(tmp_path / "b", task, files, "garden/bed.txt", "sown 4 rows")
    (tmp_path / "c" / "garden").mkdir(parents=True)
    (tmp_path / "c" / "garden" / "plan.csv").write_text("bed,rows\n")
    assert situation(tmp_path / "c", task).values("file") == ["garden/bed.txt"]


CHECKLIST = "# Packing\n- [x] passport\n- [ ] charger\n"


@pytest.mark.parametrize(("task", "line"), [
    ("add an unchecked item to pack.md: sun cream", "- [ ] sun cream"),
    ("pack.md needs sun cream added at the bottom", "- [ ] sun cream"),
    ("add 'sun cream' to pack.md, still to do", "- [ ] sun cream"),
    ("add 'sun cream' to pack.md - already done", "- [x] sun cream"),
    ("put sun cream at the end of pack.md, ticked", "- [x] sun cream"),
])
def test_a_new_checklist_item_is_open_unless_the_task_says_done(tmp_path, task, line):
    (tmp_path / "pack.md").write_text(CHECKLIST)
    texts = situation(tmp_path, task).texts
    assert texts[0] == line and not {"- [ ] sun cream", "- [x] sun cream"} - {line} & set(texts)


@pytest.mark.parametrize(("task", "name", "right", "wrong"), [
    # a polite ending is no part of the value
    ("could you make mix.txt containing the ratio 2:5, please?", "mix.txt", "2:5", "2:5, please"),
    ("write the word heron into bird.txt, thanks", "bird.txt", "heron", "heron, thanks"),
    # typographic quotes quote as plain ones do
    ("Please write \u201cDoors at 7, bar till 11\u201d into event.txt", "event.txt",
     "Doors at 7, bar till 11", "\u201cDoors at 7, bar till 11\u201d"),
    # a kind's noun with up to three words before it ("the new guest wifi password X")
    ("save the new shed door pin 4471 in pin.txt", "pin.txt", "4471", "new shed door pin 4471"),
    ("store the printer serial PX-88-Q in serial.txt", "serial.txt", "PX-88-Q", "PX-88"),
    # the instruction after a file's name is not its value; an address is no placeholder
    ("hosts.txt: add 10.0.0.7 nas.lan as a new last line", "hosts.txt", "10.0.0.7 nas.lan",
     "add 10.0.0.7 nas.lan"),
    ("Add Ana Ruiz <ana@ruiz.example> as a new line at the end of people.txt", "people.txt",
     "Ana Ruiz <ana@ruiz.example>", "Ana Ruiz"),
    # what the speaker says of a value is not it ("the build we're shipping (X)")
    ("write the build we're shipping (b-2291) into build.txt", "build.txt", "b-2291",
     "we're shipping (b-2291)"),
])
def test_the_verifier_reads_the_value_whole_and_only_it(tmp_path, task, name, right, wrong):
    files = {"hosts.txt": "127.0.0.1 localhost\n", "people.txt": "Bo Lind <bo@lind.example>\n"}
    appended = name in files
    text = (lambda t: t + "\n") if appended else (lambda t: t)
    assert _verified(tmp_path / "a", task, files, name, text(right), append=appended)
    assert not _verified(tmp_path / "b", task, files, name, text(wrong), append=appended)


@pytest.mark.parametrize("task", [
    "In pets.txt, replace 'cat' with 'dog'",
    "change the word 'amber' in pets.txt to 'teal'",
    "pets.txt: swap 'Mon' for 'Tue'",
    "fix the typo in pets.txt: recieve should be receive",
    "Correct pets.txt so it says 'Rex' instead of 'Rax'",
])
def test_an_edit_s_pieces_are_no_whole_text(task):
    from autonomo.agent.strategies.stated_text import whole_texts

    assert whole_texts(task, ["pets.txt"]) == []


@pytest.mark.parametrize(("task", "whole"), [
    # a colon after a writing verb or a verb of holding points on too
    ("Create hi.txt and write in it: See you at 8, Ola", "See you at 8, Ola"),
    ("hi.txt should have: fix the bike chain", "fix the bike chain"),
    ("I want hi.txt to hold this: back Monday", "back Monday"),
    # a file's name heading the task heads what it holds, up to what is said of it
    ("hi.txt: Part 2 - The Return", "Part 2 - The Return"),
    ("hi.txt: MODE=quiet should be added", "MODE=quiet"),
    # "needs to say", "to read"
    ("hi.txt needs to say Closed today", "Closed today"),
    ("I'd like hi.txt to read Gone fishing", "Gone fishing"),
])
def test_more_introducers_of_a_whole_text(task, whole):
    assert stated(task, ["hi.txt"])[0] == whole


@pytest.mark.parametrize(("task", "name", "right", "wrong"), [
    ("Low tide at Wells tomorrow evening is at 19:12. Please note that time in tide.txt.",
     "tide.txt", "19:12", "tomorrow evening is at 19:12"),
    ("The last bus from Ely tonight leaves at 23:05. Put that time in bus.txt.", "bus.txt",
     "The last bus from Ely tonight leaves at 23:05", "tonight leaves at 23:05"),
    ("Our boiler pressure should be 1.5 bar. Jot that down in boiler.txt", "boiler.txt",
     "1.5 bar", "should be 1.5 bar"),
    ("The pool closes at 21:30 on Fridays, could you note that down in pool.txt", "pool.txt",
     "pool closes at 21:30", "at 21:30 on Fridays"),
    ("The gate code at the allotment is 4417. Save that in gate.txt.", "gate.txt", "4417",
     "allotment is 4417"),
])
def test_a_pointed_value_is_verified_alone_or_with_its_clause_from_its_subject(
        tmp_path, task, name, right, wrong):
    assert _verified(tmp_path / "a", task, {}, name, right)
    assert not _verified(tmp_path / "b", task, {}, name, wrong)


@pytest.mark.parametrize("task", [
    "Wipe pad.txt and put only this in it - Q7-Lark",
    "clear pad.txt, then write Q7-Lark into it",
    "Erase pad.txt and type Q7-Lark in it",
    "empty pad.txt and then save Q7-Lark to pad.txt",
    "wipe the file pad.txt and write Q7-Lark into it",
])
def test_a_file_cleared_to_be_written_again_is_no_removal(tmp_path, task):
    files = {"pad.txt": "old code\nused 3 times\n"}
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "pad.txt").write_text(files["pad.txt"])
    where = situation(tmp_path / "w", task)
    assert where.values("file") == ["pad.txt"] and not where.objects
    assert _verified(tmp_path / "a", task, files, "pad.txt", "Q7-Lark")
    assert not _verified(tmp_path / "b", task, files, "pad.txt", "Q7")


@pytest.mark.parametrize(("task", "right", "wrongs"), [
    ("At the end of pack.md, add a new unchecked item: sun cream", "- [ ] sun cream",
     ("- sun cream", "- [x] sun cream", "sun cream")),
    ("pack.md: new entry at the bottom -> sun cream", "- [ ] sun cream",
     ("- sun cream", "sun cream")),
    ("append 'sun cream' to pack.md, already done", "- [x] sun cream",
     ("- [ ] sun cream", "- sun cream")),
])
def test_a_checklist_item_is_verified_in_its_box(tmp_path, task, right, wrongs):
    files = {"pack.md": CHECKLIST}
    assert _verified(tmp_path / "a", task, files, "pack.md", right + "\n", append=True)
    for n, wrong in enumerate(wrongs):
        assert not _verified(tmp_path / f"b{n}", task, files, "pack.md", wrong + "\n",
                             append=True)
