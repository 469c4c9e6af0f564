"""Texts and small documents stated in words (``stated_text``, ``markdown``) and their
verifiers (``verifying_values``, ``verifying_created``): the whole text offered, composed
from the parts the task lists, in order; a right file confirmed, a wrong one never (the
heading alone, a restriction glued on, a word of manner kept, a part of the text).
Wordings are this file's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autonomo.agent.strategies import markdown, stated_text
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take
from finish_fresh_cases import A, W
from test_finishing_precise import play


def _verified(tmp_path: Path, task: str, path: str, text: str,
              start: dict[str, str] | None = None) -> bool:
    ws = tmp_path / "ws"
    ws.mkdir(parents=True)
    for name, body in (start or {}).items():
        (ws / name).write_text(body)
    before = take(ws)
    (ws / path).write_text(text)
    return verify(task, before, take(ws)).verified


# -- a heading and a list whose count is said between the list's words and its items ---------
COUNTED = [
    ("Create crew.md: a heading 'Night shift' then a bullet list with two points, radio check "
     "and gate locked", "crew.md", "# Night shift\n\n- radio check\n- gate locked\n"),
    ("make garden.md with the title Seeds and a list of three things: basil, dill, chives",
     "garden.md", "# Seeds\n\n- basil\n- dill\n- chives\n"),
    ('new file gym.md - heading "Monday", then a numbered list with 2 items: squats, rows',
     "gym.md", "# Monday\n\n1. squats\n2. rows\n"),
    ("I need films.md: heading 'To watch' and a bulleted list with three entries, Heat, "
     "Ran, and Alien", "films.md", "# To watch\n\n- Heat\n- Ran\n- Alien\n"),
    ("put together chores.md with the heading Sunday followed by a checklist of two items: "
     "mop floor, water plants", "chores.md", "# Sunday\n\n- [ ] mop floor\n- [ ] water plants\n"),
    ('make camp.md with "Packing" as its title and three bullets: tent, mat, stove', "camp.md",
     "# Packing\n\n- tent\n- mat\n- stove\n"),
    ("menu.md needs a '## Drinks' heading and below it a list of two things: tea, lemonade",
     "menu.md", "## Drinks\n\n- tea\n- lemonade\n"),
]


@pytest.mark.parametrize(("task", "path", "text"), COUNTED)
def test_a_count_before_the_items_is_no_item(task, path, text):
    assert markdown.texts(task, [path]) == [text]


@pytest.mark.parametrize(("task", "path", "text"), COUNTED)
def test_the_counted_document_is_confirmed_whole_and_only_whole(tmp_path, task, path, text):
    assert _verified(tmp_path / "right", task, path, text)
    heading = text.split("\n")[0]
    assert not _verified(tmp_path / "heading", task, path, heading + "\n")
    assert not _verified(tmp_path / "short", task, path, text.rsplit("\n", 2)[0] + "\n")
    first = text.split("\n")[2]
    counted = re.sub(r"(?:\d\.|- \[ \]|-) ", "", first)
    assert not _verified(tmp_path / "count", task, path,
                         text.replace(first, first.replace(counted, "two points")))


def test_a_count_that_disagrees_composes_nothing_and_confirms_nothing(tmp_path):
    task = "Create crew.md: a heading 'Night shift' then a bullet list with three points, a, b"
    assert markdown.texts(task, ["crew.md"]) == []
    assert not _verified(tmp_path, task, "crew.md", "# Night shift\n\n- a\n- b\n")


# -- a heading and a line of text under it ---------------------------------------------------
LINED = [
    ("new markdown file boat.md: a heading '# Sailing log' followed by a line 'Wind: 12 kn'",
     "boat.md", "# Sailing log\nWind: 12 kn\n"),
    ('Create recipe.md with the title "Pancakes" and then the line "Serves 4"',
     "recipe.md", "# Pancakes\nServes 4\n"),
    ("draft lab.md: heading '## Results', then a line saying 'pH stable'",
     "lab.md", "## Results\npH stable\n"),
    ("make memo.md: a heading Closing, followed by the line: Lights off at 22:00",
     "memo.md", "# Closing\nLights off at 22:00\n"),
    ("Create trail.md - title 'Ridge walk', then a line 'Start: car park' and then a line "
     "'Finish: summit'", "trail.md", "# Ridge walk\nStart: car park\nFinish: summit\n"),
    # (the heading's text said before the word "heading")
    ("Create todo.md with '## Today' as the heading and a line 'call the bank'", "todo.md",
     "## Today\ncall the bank\n"),
    ('new file log.md: a "Week 48" heading followed by the line "Sprint review"', "log.md",
     "# Week 48\nSprint review\n"),
    # (a quoted heading known by its marks, the lines by their order)
    ("welcome.md: '# Hello' on the first line, then 'Doors at 9'", "welcome.md",
     "# Hello\nDoors at 9\n"),
    ("Write moves.md: first line '## Crates', second line 'books first'", "moves.md",
     "## Crates\nbooks first\n"),
    ("venue.md: '# Venue' then 'Hall 2' then 'Bring ID'", "venue.md",
     "# Venue\nHall 2\nBring ID\n"),
    # (the level said in words)
    ("Create shed.md with a second-level heading 'Tools' followed by a line 'Saw: hook 3'",
     "shed.md", "## Tools\nSaw: hook 3\n"),
]


@pytest.mark.parametrize(("task", "path", "text"), LINED)
def test_a_heading_and_its_lines_make_one_document(task, path, text):
    assert markdown.texts(task, [path]) == [text]


@pytest.mark.parametrize(("task", "path", "text"), LINED)
def test_the_lined_document_is_confirmed_whole_and_only_whole(tmp_path, task, path, text):
    lines = text.splitlines()
    assert _verified(tmp_path / "right", task, path, text)
    assert _verified(tmp_path / "blank", task, path, lines[0] + "\n\n" + "\n".join(lines[1:]))
    assert not _verified(tmp_path / "heading", task, path, lines[0] + "\n")
    assert not _verified(tmp_path / "lines", task, path, "\n".join(lines[1:]) + "\n")
    assert not _verified(tmp_path / "order", task, path, "\n".join([*lines[1:], lines[0]]))
    if "#" in task:  # (the marks the task writes are the heading's level)
        assert not _verified(tmp_path / "level", task, path, "#" + text)
    assert not _verified(tmp_path / "bullet", task, path, text.replace(lines[1], "- " + lines[1]))
    assert not _verified(tmp_path / "extra", task, path, text + "More notes\n")


@pytest.mark.parametrize("task", [
    "make a.md: a heading 'Lab' followed by a line about the weather",
    "make a.md: a heading 'Lab' followed by a line 'Bench 4' and a table of results",
    "make a.md: a heading 'Lab' and a short paragraph explaining the rules",
])
def test_a_line_described_not_stated_composes_nothing(task):
    assert markdown.texts(task, ["a.md"]) == []


def test_the_task_s_description_written_as_it_stands_is_never_confirmed(tmp_path):
    task, _, _ = COUNTED[0]
    said = task.split(": ", 1)[1]
    assert not _verified(tmp_path / "a", task, "crew.md", said)
    task, _, _ = LINED[3]
    assert not _verified(tmp_path / "b", task, "memo.md", task.split(": ", 1)[1])


# -- the text, not the restriction after it, nor a word of manner before it ---------------------
STATED = [
    # (a restriction after the text)
    ("gate.txt should say: Closed Sunday 08:00-12:00 -- nothing else in it.", "gate.txt",
     "Closed Sunday 08:00-12:00"),
    ("write sign.txt so it reads: Wet paint, and nothing more.", "sign.txt", "Wet paint"),
    ("room.txt must contain exactly Hall C 14:30 - no other text", "room.txt", "Hall C 14:30"),
    ("Create ps.txt; it should read Back in 5 minutes (nothing else).", "ps.txt",
     "Back in 5 minutes"),
    ("note.txt should hold: Keys at reception - nothing else", "note.txt", "Keys at reception"),
    ("home.txt: Flat 3B - that's all", "home.txt", "Flat 3B"),
    ("lunch.txt should contain nothing but Soup of the day", "lunch.txt", "Soup of the day"),
    # (a word of manner before the text)
    ("capital.txt should just say Ottawa. Create it.", "capital.txt", "Ottawa"),
    ("Make colour.txt that only says teal.", "colour.txt", "teal"),
    ("winner.txt must simply say Team Birch", "winner.txt", "Team Birch"),
    ("please make pet.txt which just reads Biscuit", "pet.txt", "Biscuit"),
    ("the file mode.txt should only contain dark", "mode.txt", "dark"),
    # (an arrow, the file named before the text, quoted or not)
    ('new file "locker.txt" -> text should be B12-ECHO', "locker.txt", "B12-ECHO"),
    ("create vault.txt => contents: 5521-KILO", "vault.txt", "5521-KILO"),
    ("new file tag.txt -> content should be R2-D9", "tag.txt", "R2-D9"),
    ("'ticket.txt' -> the text must be: Row 7 Seat 3", "ticket.txt", "Row 7 Seat 3"),
    ('make "pin.txt" => the contents should be 8804', "pin.txt", "8804"),
    ("berth.txt -> Pier 9", "berth.txt", "Pier 9"),
    ("berth2.txt → Pier 10, nothing else", "berth2.txt", "Pier 10"),
    # (the text by the file's one line, a parenthesis of manner after it)
    ("make a file wifi.txt whose only line is Harbour-5G", "wifi.txt", "Harbour-5G"),
    ("Save the text Back soon (exactly that) to door.txt", "door.txt", "Back soon"),
]


@pytest.mark.parametrize(("task", "path", "text"), STATED)
def test_the_stated_text_is_offered_alone(task, path, text):
    assert stated_text.whole_texts(task, [path]) == [text]


@pytest.mark.parametrize(("task", "path", "text"), STATED)
def test_the_stated_text_is_confirmed_and_its_neighbours_are_not(tmp_path, task, path, text):
    assert _verified(tmp_path / "right", task, path, text + "\n")
    tail = re.split(re.escape(text), task, maxsplit=1)[1].strip(" .")
    if tail:
        assert not _verified(tmp_path / "glued", task, path, f"{text} {tail}")
    head = re.split(re.escape(text), task, maxsplit=1)[0].split()[-1]
    assert not _verified(tmp_path / "manner", task, path, f"{head} {text}")
    assert not _verified(tmp_path / "part", task, path, text[: len(text) // 2])
    assert not _verified(tmp_path / "name", task, path, path)


@pytest.mark.parametrize("task", [
    "sign.txt should say: Free entry, no more than 2 per person.",
    "sign.txt should say: Nothing else matters",
    "sign.txt should say: No other way round",
])
def test_a_text_that_only_sounds_like_a_restriction_is_kept_whole(tmp_path, task):
    whole = task.split(": ", 1)[1].rstrip(".")
    assert stated_text.whole_texts(task, ["sign.txt"]) == [whole]
    assert _verified(tmp_path / "a", task, "sign.txt", whole)
    assert not _verified(tmp_path / "b", task, "sign.txt", whole.split(",")[0].split()[0])


# -- what a file lacks is appended -------------------------------------------------------------
LACKS = [
    ("shopping.txt is missing rye bread - put it on its own line after what's there",
     "shopping.txt", "rye bread"),
    ("the guest list guests.txt lacks a plus-one for Omar — add it at the end",
     "guests.txt", "plus-one for Omar"),
    ("tools.txt doesn't have a spirit level yet - add it as a new line at the bottom",
     "tools.txt", "spirit level"),
    ("hmm, kit.txt is still missing spare fuses; append it after everything",
     "kit.txt", "spare fuses"),
    ("contacts.txt does not have Lena Vogt - add her on a new last line", "contacts.txt",
     "Lena Vogt"),
    ("pins.txt doesn't have 4410 yet, add it on a new line", "pins.txt", "4410"),
]
#: a file said to want one more line, or to need a text at its end
MORE = [
    ("hosts.txt needs another entry: relay-2", "hosts.txt", "relay-2"),
    ("songs.txt needs one more line: Blue in Green", "songs.txt", "Blue in Green"),
    ("stock.txt needs bolts M6 on a new last line", "stock.txt", "bolts M6"),
    ("rooms.txt needs Studio 4 at the bottom", "rooms.txt", "Studio 4"),
    ("keys.env is missing MODE=dev; add it below the other settings.", "keys.env", "MODE=dev"),
    ("shelf.md: tack on one more line at the end, exactly 'Middlemarch'", "shelf.md",
     "Middlemarch"),
]
START = "line one\nline two\n"


@pytest.mark.parametrize(("task", "path", "text"), [*LACKS, *MORE[:2]])
def test_what_a_file_lacks_is_the_text(task, path, text):
    assert stated_text.whole_texts(task, [path]) == [text]


@pytest.mark.parametrize(("task", "path", "text"), [*LACKS, *MORE])
def test_what_a_file_lacks_appended_is_confirmed_and_nothing_less(tmp_path, task, path, text):
    start = {path: START}
    assert _verified(tmp_path / "right", task, path, START + text + "\n", start)
    assert not _verified(tmp_path / "part", task, path, START + text[: len(text) // 2] + "\n",
                         start)
    assert not _verified(tmp_path / "over", task, path, text + "\n", start)
    assert not _verified(tmp_path / "top", task, path, text + "\n" + START, start)


# -- the run ends FINISHED on the right work, never on the wrong ---------------------------------
TASK = {path: task for task, path, _ in STATED}


@pytest.mark.parametrize(("task", "files", "plan", "status"), [
    (LINED[0][0], {}, [W("boat.md", LINED[0][2])], "finished"),
    (LINED[0][0], {}, [W("boat.md", "# Sailing log\n")], "stopped"),
    (LINED[0][0], {}, [W("boat.md", "Wind: 12 kn\n"), W("boat.md", "# Sailing log\n")],
     "unverified"),
    (COUNTED[0][0], {}, [W("crew.md", COUNTED[0][2])], "finished"),
    (TASK["gate.txt"], {}, [W("gate.txt", "Closed Sunday 08:00-12:00")], "finished"),
    (TASK["gate.txt"], {}, [W("gate.txt", "Closed Sunday 08:00-12:00 --")], "unverified"),
    (TASK["capital.txt"], {}, [W("capital.txt", "Ottawa")], "finished"),
    (TASK["capital.txt"], {}, [W("capital.txt", "just say Ottawa")], "unverified"),
    (TASK["locker.txt"], {}, [W("locker.txt", "B12-ECHO")], "finished"),
    (LACKS[0][0], {"shopping.txt": START}, [A("shopping.txt", "rye bread\n")], "finished"),
    (LACKS[0][0], {"shopping.txt": START}, [A("shopping.txt", "rye\n")], "unverified"),
])
def test_a_run_is_finished_only_on_the_right_text(tmp_path, task, files, plan, status):
    assert play(tmp_path, task, files, plan)[1] == status


# -- lines the task counts, then lists ------------------------------------------------------------
@pytest.mark.parametrize(("task", "path", "lines"), [
    ("Create errands.txt with three lines: bank, post office, chemist", "errands.txt",
     ["bank", "post office", "chemist"]),
    ("packing.txt should have 2 lines - passport and charger", "packing.txt",
     ["passport", "charger"]),
    ("write tools.txt, four lines: hammer, saw, level, tape", "tools.txt",
     ["hammer", "saw", "level", "tape"]),
    ("make birds.txt containing two lines: blue tit and wren", "birds.txt", ["blue tit", "wren"]),
    ("new file days.txt with 3 lines: Mon, Wed, Fri", "days.txt", ["Mon", "Wed", "Fri"]),
])
def test_counted_lines_are_confirmed_as_lines_in_order_only(tmp_path, task, path, lines):
    assert _verified(tmp_path / "right", task, path, "\n".join(lines) + "\n")
    assert not _verified(tmp_path / "one", task, path, ", ".join(lines) + "\n")
    assert not _verified(tmp_path / "short", task, path, "\n".join(lines[:-1]) + "\n")
    assert not _verified(tmp_path / "order", task, path, "\n".join(lines[::-1]) + "\n")
    assert not _verified(tmp_path / "more", task, path, "\n".join([*lines, "extra"]) + "\n")


@pytest.mark.parametrize("task", [
    "make errands.txt in capitals with three lines: bank, post office, chemist",
    "Create errands.txt with four lines: bank, post office, chemist",
    "Create errands.txt with three lines: bank, post office and chemist, sorted by distance",
])
def test_counted_lines_with_more_said_are_not_confirmed(tmp_path, task):
    assert not _verified(tmp_path, task, "errands.txt", "bank\npost office\nchemist\n")


# -- items appended a line each to a list with markers ----------------------------------------
@pytest.mark.parametrize(("task", "path", "start", "added"), [
    ("could you add Noor and Tobias at the bottom of crew.md, one per line?", "crew.md",
     "# Crew\n\n- Ana\n- Bo\n", "- Noor\n- Tobias\n"),
    ("append oats and honey to pantry.md, each on its own line", "pantry.md",
     "- rice\n- beans\n", "- oats\n- honey\n"),
    ("steps.md: add sand and paint at the end, one per line", "steps.md",
     "1. measure\n2. cut\n", "3. sand\n4. paint\n"),
    ("todo.md - add call Kim and book vet at the bottom, one per line", "todo.md",
     "- [ ] shop\n- [ ] cook\n", "- [ ] call Kim\n- [ ] book vet\n"),
    ("please add Lyon and Graz to cities.md, one per line, at the end", "cities.md",
     "* Oslo\n* Bern\n", "* Lyon\n* Graz\n"),
])
def test_items_a_line_each_take_the_list_s_marker(tmp_path, task, path, start, added):
    where = situation(_ws(tmp_path / "offer", {path: start}), task, existed=(path,))
    assert where.composed_for(path, "added_text")[0] == added
    assert _verified(tmp_path / "right", task, path, start + added, {path: start})
    joined = added.splitlines()[0].rsplit(" ", 1)[0] + " " + " and ".join(
        line.split(" ", 1)[1].replace("[ ] ", "") for line in added.splitlines())
    assert not _verified(tmp_path / "joined", task, path, start + joined + "\n", {path: start})
    assert not _verified(tmp_path / "one", task, path, start + added.splitlines()[0] + "\n",
                         {path: start})
    reordered = "\n".join(added.splitlines()[::-1]) + "\n"
    assert not _verified(tmp_path / "order", task, path, start + reordered, {path: start})


def _ws(path: Path, files: dict[str, str]) -> Path:
    path.mkdir(parents=True)
    for name, text in files.items():
        (path / name).write_text(text)
    return path


@pytest.mark.parametrize(("task", "path", "text"), [
    ("notes.txt is out of date — it needs ferry at 6 at the end", "notes.txt", "ferry at 6"),
    ("birds.txt needs Red kite on a new last line", "birds.txt", "Red kite"),
    ("banner.txt must say Welcome back! and nothing else", "banner.txt", "Welcome back!"),
    ("banner2.txt should say: Sale ends today! Nothing else.", "banner2.txt",
     "Sale ends today!"),
    ("shout.txt: Go team! -- nothing more", "shout.txt", "Go team!"),
])
def test_a_text_s_own_mark_stays_and_a_needed_text_is_found(task, path, text):
    assert stated_text.whole_texts(task, [path]) == [text]


@pytest.mark.parametrize(("task", "path", "right", "wrong"), [
    ("Create steps.md: a level-2 heading 'Plan' followed by a numbered list: cut, sand, oil",
     "steps.md", "## Plan\n\n1. cut\n2. sand\n3. oil\n", "# Plan\n\n1. cut\n2. sand\n3. oil\n"),
    ("Create shed.md with a second-level heading 'Tools' followed by a line 'Saw: hook 3'",
     "shed.md", "## Tools\nSaw: hook 3\n", "# Tools\nSaw: hook 3\n"),
    ("make faq.md with an h3 heading 'Billing' and then the line 'Paid monthly'", "faq.md",
     "### Billing\nPaid monthly\n", "## Billing\nPaid monthly\n"),
    ("new top.md: a third-level heading Notes followed by bullets: a1, b2", "top.md",
     "### Notes\n\n- a1\n- b2\n", "# Notes\n\n- a1\n- b2\n"),
    ("Create lvl.md with a level 1 heading 'Start' then a line 'Go'", "lvl.md",
     "# Start\nGo\n", "## Start\nGo\n"),
])
def test_a_level_said_in_words_is_the_heading_s_level(tmp_path, task, path, right, wrong):
    assert markdown.texts(task, [path]) == [right]
    assert _verified(tmp_path / "right", task, path, right)
    assert not _verified(tmp_path / "wrong", task, path, wrong)
