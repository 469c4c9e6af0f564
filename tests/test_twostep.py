"""Two-step tasks: a value read from one file, then used in another (``strategies.twostep``
and the rules it shares). The text offered is the value read put where the task says: a
template filled, a field of a keyed file set, the items past a bound, a time on the 24-hour
clock, a value with its affix; never the template as written, never a value of the file it
goes to, never a write over the file read. Wordings are this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies import twostep
from autonomo.agent.strategies.grounding import Situation, situation
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take
from finish_fresh_cases import A, R, Step, W
from test_finishing_precise import play
from test_paths_placing import offer


def _where(tmp_path: Path, task: str, files: dict[str, str]) -> Situation:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return situation(tmp_path, task, existed=tuple(files))


def _offered(where: Situation, path: str) -> list[str]:
    """The texts a write of ``path`` may hold: the spans, or the texts composed for it."""
    composed = [*where.composed_for(path, "text"), *where.composed_for(path, "added_text")]
    return [t.strip() for t in composed] or list(where.texts)


LOG = "Shipped v1 on Monday\nShipped v2 on Friday\n"
ORDER = "Order 5521\nCarrier: Parcelnet\nTracking: PN-88172-X\nWeight: 2 kg\n"


# -- a template filled with the value read ------------------------------------------------

@pytest.mark.parametrize(("task", "target", "want"), [
    # (angle brackets, the target an existing file whose lines share the template's words)
    ("Look up the tracking code in order.txt, then add 'Shipped <the code>' at the end of "
     "log.txt", "log.txt", "Shipped PN-88172-X"),
    # (braces)
    ("order.txt has a tracking number. Create label.txt reading Track: {tracking number}",
     "label.txt", "Track: PN-88172-X"),
    # (square brackets of two words)
    ("Get the carrier out of order.txt and write \"Sent with [the carrier]\" to note.txt",
     "note.txt", "Sent with Parcelnet"),
    # (backquoted, the target named first)
    ("note.txt must read `Carrier <carrier>` - the carrier is in order.txt", "note.txt",
     "Carrier Parcelnet"),
    # (a phrase pointing back: "that weight" after "the weight")
    ("Find the weight in order.txt and add the line total weight = that weight to log.txt",
     "log.txt", "total weight = 2 kg"),
])
def test_a_template_is_filled_from_the_file_read(tmp_path: Path, task: str, target: str,
                                                  want: str) -> None:
    where = _where(tmp_path, task, {"order.txt": ORDER, "log.txt": LOG})
    offered = _offered(where, target)
    assert offered and offered[0] == want, offered
    assert not any(twostep.unfilled(t, task) for t in offered)
    assert "order.txt" not in where.values("file")  # (read, never written)


@pytest.mark.parametrize(("task", "files"), [
    # (nothing in the file read fits: no text at all, never the template)
    ("Read empty.txt and append 'Owner: <the owner>' to log.txt", {"empty.txt": "",
                                                                   "log.txt": LOG}),
    ("Add a line 'Shipped <that version>' to log.txt, the version is in ver.txt",
     {"ver.txt": "", "log.txt": LOG}),
    ("write 'Hi {name}' to hi.txt using names.txt", {"names.txt": "", "hi.txt": ""}),
    ("Check tag.txt and write `git tag <the tag>` into t.sh", {"tag.txt": ""}),
    ("Take the city from c.txt; create city.txt saying [the city name]", {"c.txt": ""}),
])
def test_a_template_is_never_offered_as_written(tmp_path: Path, task: str,
                                                files: dict[str, str]) -> None:
    where = _where(tmp_path, task, files)
    for path in where.values("file"):
        assert not any(twostep.unfilled(t, task) for t in _offered(where, path)), path


def test_the_value_comes_from_the_file_read_not_the_one_written(tmp_path: Path) -> None:
    """The target's lines share the template's words ("Total paid: 42.00"): its values are
    what is there, not what to add."""
    task = "Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt"
    where = _where(tmp_path, task, {"bill.txt": "Cafe Ostra\ncoffee 3.10\nTOTAL 9.40\n",
                                    "ledger.txt": "Paid: 12.00\nPaid: 3.50\n"})
    assert where.texts == ("Paid: 9.40",)
    assert where.values("file") == ["ledger.txt"]


def test_a_template_for_a_script_is_composed(tmp_path: Path) -> None:
    task = "Check which remote is the upstream in remotes.json, then write pull.sh with the "
    task += "command git pull <that remote>"
    where = _where(tmp_path, task, {"remotes.json": '{"upstream": "origin-eu", "other": '
                                                    '["fork-1.x", "mirror"]}'})
    assert where.values("file") == ["pull.sh"]  # ("fork-1.x" in the data is no file)
    assert [t.strip() for t in where.composed_for("pull.sh", "text")] == [
        "git pull origin-eu"]


# -- a field of a keyed file set from another file ---------------------------------------

CARD = "Name: Odile Brun\nMobile: +33 6 12 34 56 78\nEmail: o.brun@post.example\n"


@pytest.mark.parametrize(("task", "target", "text", "want"), [
    ("Copy the email from card.txt into the email field of user.json", "user.json",
     '{\n  "name": "Odile Brun",\n  "email": ""\n}\n',
     '{\n  "name": "Odile Brun",\n  "email": "o.brun@post.example"\n}\n'),
    ("put the mobile number from card.txt in user.json's mobile field", "user.json",
     '{"name": "Odile Brun", "mobile": null}',
     '{"name": "Odile Brun", "mobile": "+33 6 12 34 56 78"}'),
    ("user.yaml needs card.txt's email in its email field", "user.yaml",
     "name: Odile Brun\nemail: none\n", "name: Odile Brun\nemail: o.brun@post.example\n"),
    ("Fill the mobile entry of user.json with the mobile number written in card.txt",
     "user.json", '{\n  "mobile": "",\n  "city": "Lyon"\n}\n',
     '{\n  "mobile": "+33 6 12 34 56 78",\n  "city": "Lyon"\n}\n'),
    ("set the field email in user.ini to the email address from card.txt", "user.ini",
     "[user]\nname = Odile Brun\nemail = unknown\n",
     "[user]\nname = Odile Brun\nemail = o.brun@post.example\n"),
])
def test_a_field_is_set_from_the_file_read(tmp_path: Path, task: str, target: str, text: str,
                                           want: str) -> None:
    where = _where(tmp_path, task, {"card.txt": CARD, target: text})
    assert where.values("file") == [target]  # (never card.txt: it is read)
    assert where.composed_for(target, "text") == (want,)


@pytest.mark.parametrize("task", [
    "Copy the email from card.txt into user.json",  # (no field named)
    "Copy the email from card.txt into the email field or the name field of user.json",
    "the phone field of user.json gets the email from card.txt",  # (no such key)
])
def test_no_one_field_no_edit(task: str) -> None:
    text = '{"email": "", "name": ""}'
    assert twostep.field_edits(task, "user.json", text, {"card.txt": CARD},
                               ["card.txt", "user.json"]) == ()


# -- items past a bound ----------------------------------------------------------------------

STOCK = "nails 120\nscrews 45\nhinges 8\nbolts 300\n"


@pytest.mark.parametrize(("task", "want"), [
    ("From stock.txt, list the parts with fewer than 50 left in low.txt, one per line",
     "screws\nhinges"),
    ("which parts in stock.txt have more than 100? put them in many.txt", "nails\nbolts"),
    ("stock.txt: the parts above 200 go into big.txt", "bolts"),
    ("Write the parts from stock.txt with under 10 in stock into empty_soon.txt", "hinges"),
    ("parts of stock.txt with at least 120 -> top.txt", "nails\nbolts"),
])
def test_the_items_past_a_bound_are_offered(tmp_path: Path, task: str, want: str) -> None:
    where = _where(tmp_path, task, {"stock.txt": STOCK})
    assert where.texts[0] == want, where.texts


# -- a time on the 24-hour clock -------------------------------------------------------------

@pytest.mark.parametrize(("task", "text", "want"), [
    ("Read dentist.txt and write the appointment time as 24h into time.txt",
     "Appointment: 4:15 pm\n", "16:15"),
    ("What time does the ferry in ferry.txt sail? Answer in 24-hour format in sail.txt",
     "Ferry Aran II\nSails 9 PM from pier 2\n", "21:00"),
    ("convert the start in gig.txt to the 24 hour clock and save it to start.txt",
     "Doors 7:00 p.m.\n", "19:00"),
    ("gig.txt gives a time; put it in military time into start.txt", "Start: 12:05 AM\n",
     "00:05"),
    ("put the noon slot from slot.txt as 24-hr time in slot24.txt", "Slot: 12:30 pm\n",
     "12:30"),
])
def test_a_time_is_offered_on_the_24_hour_clock(tmp_path: Path, task: str, text: str,
                                                want: str) -> None:
    source = task.split(".txt")[0].split()[-1] + ".txt"
    where = _where(tmp_path, task, {source: text})
    assert where.texts[0] == want, where.texts


def test_no_24_hour_clock_asked_no_conversion(tmp_path: Path) -> None:
    where = _where(tmp_path, "Copy the time in gig.txt to time.txt", {"gig.txt": "At 7 pm\n"})
    assert "19:00" not in where.texts


# -- a value with its affix ------------------------------------------------------------------

@pytest.mark.parametrize(("task", "want"), [
    ("Take the order number from order.txt and write it with the prefix ORD- to id.txt",
     "ORD-5521"),
    ("order number from order.txt into id.txt, prefixed with #A-", "#A-5521"),
    ("Write the order number in order.txt followed by \" units\" into id.txt", "5521 units"),
    ("write the order number of order.txt into id.txt followed by ' pcs'", "5521 pcs"),
    ("Save the order number (order.txt) to id.txt with a trailing '-X'", "5521-X"),
])
def test_a_value_is_offered_with_its_affix(tmp_path: Path, task: str, want: str) -> None:
    where = _where(tmp_path, task, {"order.txt": "Order number: 5521\n"})
    assert where.texts[0] == want, where.texts


# -- the finish: right work verified, wrong work never ---------------------------------------

BILL = {"bill.txt": "Cafe Ostra\ncoffee 3.10\nTOTAL 9.40\n", "ledger.txt": "Paid: 12.00\n"}
PROFILE = '{\n  "name": "Odile Brun",\n  "email": "",\n  "vip": false\n}\n'
REPO = {"repo.json": '{"name": "kiln", "main_branch": "stable", "branches": ["stable", "dev"]}'}


@pytest.mark.parametrize(("task", "files", "plan"), [
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [R("bill.txt"), A("ledger.txt", "Paid: 9.40\n")]),
    ("ledger.txt gets one more line, `Paid: {total}`, with the total from bill.txt", BILL,
     [A("ledger.txt", "Paid: 9.40\n")]),
    ("Which branch is main in repo.json? Write co.sh containing the command git checkout "
     "<that branch>", REPO, [W("co.sh", "git checkout stable\n")]),
    ("Copy the email from card.txt into the email field of user.json",
     {"card.txt": CARD, "user.json": PROFILE},
     [W("user.json", PROFILE.replace('""', '"o.brun@post.example"'))]),
    ("put card.txt's email address in the email field of user.json",
     {"card.txt": CARD, "user.json": PROFILE},
     [W("user.json", '{"name": "Odile Brun", "email": "o.brun@post.example", "vip": false}')]),
])
def test_right_two_step_work_ends_finished(tmp_path: Path, task: str, files: dict[str, str],
                                           plan: list[Step]) -> None:
    assert play(tmp_path, task, files, plan) == ("ran", "finished")


@pytest.mark.parametrize(("task", "files", "plan"), [
    # (the template as written; the target's own value; the value alone; over the source)
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [R("bill.txt"), A("ledger.txt", "Paid: <that total>\n")]),
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [R("bill.txt"), A("ledger.txt", "Paid: 12.00\n")]),
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [R("bill.txt"), A("ledger.txt", "9.40\n")]),
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [A("bill.txt", "Paid: 9.40\n")]),
    # (the whole line replaced, not one more)
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     [W("ledger.txt", "Paid: 9.40\n")]),
    # (a word that changes the value: not verified)
    ("Read the total on bill.txt and add a line 'Paid: <that total>' rounded up to ledger.txt",
     BILL, [A("ledger.txt", "Paid: 9.40\n")]),
    ("Which branch is main in repo.json? Write co.sh containing the command git checkout "
     "<that branch>", REPO, [W("co.sh", "git checkout dev\n")]),
    ("Copy the email from card.txt into the email field of user.json",
     {"card.txt": CARD, "user.json": PROFILE}, [W("card.txt", "o.brun@post.example")]),
    ("Copy the email from card.txt into the email field of user.json",
     {"card.txt": CARD, "user.json": PROFILE},
     [W("user.json", '{"email": "o.brun@post.example"}')]),
    ("Copy the email from card.txt into the email field of user.json",
     {"card.txt": CARD, "user.json": PROFILE},
     [W("user.json", PROFILE.replace('""', '"Odile Brun"'))]),
])
def test_wrong_two_step_work_never_ends_finished(tmp_path: Path, task: str,
                                                 files: dict[str, str],
                                                 plan: list[Step]) -> None:
    _got, status = play(tmp_path, task, files, plan)
    assert status != "finished"


HOSTS = {"hosts.json": '{"build": "b1.lan", "cache": "c7.lan"}', "svc.env": "PORT=8443\n",
         "ver.txt": "4.0.2\n"}


@pytest.mark.parametrize(("task", "target", "want"), [
    ("hosts.json names the build host. Create deploy.sh that runs rsync -a out/ followed by "
     "that host", "deploy.sh", "rsync -a out/ b1.lan"),
    ("hosts.json has the cache host; write check.sh which runs nc -z followed by that host",
     "check.sh", "nc -z c7.lan"),
    ("Take the port from svc.env and create open.sh that runs ufw allow followed by that port",
     "open.sh", "ufw allow 8443"),
    ("ver.txt holds the version. make tag.sh that calls git tag followed by that version",
     "tag.sh", "git tag 4.0.2"),
    ("read the version in ver.txt; pin.sh should run pip install kiln== followed by that "
     "version", "pin.sh", "pip install kiln== 4.0.2"),
])
def test_a_command_followed_by_the_value_read(tmp_path: Path, task: str, target: str,
                                              want: str) -> None:
    where = _where(tmp_path, task, HOSTS)
    assert [t.strip() for t in where.composed_for(target, "text")][:1] == [want]


GUEST = {"guest.txt": "Guest: Ilse Berg\n", "city.txt": "City: Tromsø\n",
         "code.txt": "code 4471\n", "rooms.txt": "Room: B12\n"}


@pytest.mark.parametrize(("task", "target", "want"), [
    ("write 'Hello NAME' to hi.txt with the name filled in, the guest is in guest.txt",
     "hi.txt", "Hello Ilse Berg"),
    ("guest.txt holds a guest: put 'Dear NAME,' into letter.txt, NAME replaced by it",
     "letter.txt", "Dear Ilse Berg,"),
    ("Fill in CODE in 'Door code: CODE' from code.txt and save it as door.txt", "door.txt",
     "Door code: 4471"),
    ("replace CITY in the line 'Office: CITY' with the city from city.txt and write that line "
     "to office.txt", "office.txt", "Office: Tromsø"),
    ("in 'Room ROOM' substitute ROOM with the room in rooms.txt, into sign.txt", "sign.txt",
     "Room B12"),
])
def test_a_word_in_capitals_the_task_fills(tmp_path: Path, task: str, target: str,
                                           want: str) -> None:
    where = _where(tmp_path, task, GUEST)
    offered = _offered(where, target)
    assert offered[:1] == [want], offered


@pytest.mark.parametrize(("task", "files", "want"), [
    ("id.txt holds the ticket id. Create a file called <id>.txt containing: open",
     {"id.txt": "T-5521\n"}, "T-5521.txt"),
    ("Make {name}.md (the name is in who.txt) with the line hello", {"who.txt": "Name: mira\n"},
     "mira.md"),
    ("read slug.txt and save the draft into <that slug>.md: draft one",
     {"slug.txt": "spring-menu\n"}, "spring-menu.md"),
    ("The version is in VERSION.txt; write the notes to {version}.md: first release",
     {"VERSION.txt": "version 2.0.1\n"}, "2.0.1.md"),
    ("Look up the room in booking.txt and create <room>.txt saying: booked",
     {"booking.txt": "Guest: Ola\nRoom: K12\n"}, "K12.txt"),
])
def test_a_new_file_named_after_the_value_read(tmp_path: Path, task: str,
                                               files: dict[str, str], want: str) -> None:
    where = _where(tmp_path, task, files)
    assert where.values("file") == [want]


def test_a_placeholder_name_in_a_folder_is_not_taken_bare(tmp_path: Path) -> None:
    where = _where(tmp_path, "id.txt holds an id; create out/<id>.txt", {"id.txt": "T-5\n"})
    assert "T-5.txt" not in where.values("file")


@pytest.mark.parametrize(("task", "text", "want"), [
    ("Read the date in memo.txt and write it as YYYY-MM-DD to d.txt",
     "Meeting on 14 March 2026 at noon\n", "2026-03-14"),
    ("memo.txt has a deadline; put it in ISO format into d.txt", "Deadline: May 2, 2027\n",
     "2027-05-02"),
    ("the date in memo.txt -> d.txt, ISO 8601 please", "signed 3 Jan 2025\n", "2025-01-03"),
    ("Write the 12-hour form of the time in memo.txt to d.txt", "Shift starts 21:15\n",
     "9:15 PM"),
    ("memo.txt gives the start; write it with am/pm into d.txt", "Start: 00:40\n", "12:40 AM"),
])
def test_a_date_or_time_is_offered_in_the_form_asked(tmp_path: Path, task: str, text: str,
                                                     want: str) -> None:
    where = _where(tmp_path, task, {"memo.txt": text})
    assert where.texts[:1] == (want,), where.texts
    assert not any(t.strip() in ("YYYY-MM-DD", "12-hour", "am/pm") for t in where.texts)


@pytest.mark.parametrize(("task", "want"), [
    ("Put the lead from team.txt into lead.txt like this: Lead: <lead>", "Lead: Ana Ruiz"),
    ("From team.txt take the lead and write it as lead_<lead> into lead.txt",
     "lead_Ana Ruiz"),
    ("team.txt names the QA; write it like QA=<qa> to lead.txt", "QA=Bo Li"),
    ("Write to lead.txt as follows: Led by {the lead}. The lead is in team.txt",
     "Led by Ana Ruiz"),  # (the full stop ends the sentence)
    ("read team.txt; lead.txt gets this: owner <the lead>", "owner Ana Ruiz"),
])
def test_the_words_leading_to_a_template_are_not_its_text(tmp_path: Path, task: str,
                                                          want: str) -> None:
    where = _where(tmp_path, task, {"team.txt": "Lead: Ana Ruiz\nQA: Bo Li\n"})
    assert where.texts[:1] == (want,), where.texts


def test_the_field_of_the_file_the_task_names_with_it(tmp_path: Path) -> None:
    """Both files have the key: the one "the city field of" names is set, the other read."""
    task = "Copy the city in home.json into the city field of ship.json"
    where = _where(tmp_path, task, {"home.json": '{"city": "Turin"}',
                                    "ship.json": '{\n  "city": ""\n}\n'})
    assert where.values("file") == ["ship.json"]
    assert where.composed_for("ship.json", "text") == ('{\n  "city": "Turin"\n}\n',)


PARTS = {"stock.txt": "nails 120\nscrews 45\nhinges 8\nbolts 300\n"}


@pytest.mark.parametrize(("task", "text"), [
    ("From stock.txt, list the items with fewer than 50 in low.txt, one per line",
     "screws\nhinges\n"),
    ("which items in stock.txt have more than 100? put them in low.txt", "nails\nbolts"),
    ("stock.txt: the items above 200 go into low.txt", "bolts 300\n"),
    ("Write the items from stock.txt with under 10 in stock into low.txt", "hinges"),
    ("items of stock.txt with at least 120 -> low.txt, one per line", "bolts\nnails\n"),
])
def test_items_past_a_bound_end_finished(tmp_path: Path, task: str, text: str) -> None:
    assert play(tmp_path, task, PARTS, [W("low.txt", text)]) == ("ran", "finished")


@pytest.mark.parametrize(("task", "text"), [
    ("which items in stock.txt have more than 100? put them in low.txt", "nails"),
    ("which items in stock.txt have more than 100? put them in low.txt", "nails\nbolts\nscrews"),
    ("stock.txt: the items above 200 go into low.txt", "300"),
    ("Write the items from stock.txt with under 10 in stock into low.txt", "hinges\nscrews"),
    ("items of stock.txt with at least 120 -> low.txt, sorted by amount", "nails\nbolts"),
])
def test_wrong_items_past_a_bound_never_end_finished(tmp_path: Path, task: str,
                                                     text: str) -> None:
    _got, status = play(tmp_path, task, PARTS, [W("low.txt", text)])
    assert status != "finished"


@pytest.mark.parametrize(("task", "files", "target", "want"), [
    ("Set the port in app.env to the port from service.json",
     {"app.env": "HOST=0.0.0.0\nPORT=80\n", "service.json": '{"name": "api", "port": 8443}'},
     "app.env", "HOST=0.0.0.0\nPORT=8443\n"),
    ("update owner in meta.yaml with the owner named in OWNERS.txt",
     {"meta.yaml": "name: kiln\nowner: nobody\n", "OWNERS.txt": "owner: Dana Kim\n"},
     "meta.yaml", "name: kiln\nowner: Dana Kim\n"),
    ("config.ini's timeout should be the timeout from defaults.txt",
     {"config.ini": "[net]\ntimeout = 10\nretries = 3\n", "defaults.txt": "timeout: 45\n"},
     "config.ini", "[net]\ntimeout = 45\nretries = 3\n"),
    ("Take the version from VERSION.txt and put it in package.json's version",
     {"VERSION.txt": "3.2.0\n", "package.json": '{\n  "name": "x",\n  "version": "0.1.0"\n}\n'},
     "package.json", '{\n  "name": "x",\n  "version": "3.2.0"\n}\n'),
    ("Copy Ana's email from people.csv into the email field of ana.json",
     {"people.csv": "name,email\nAna,ana@x.example\nBo,bo@x.example\n",
      "ana.json": '{\n  "name": "Ana",\n  "email": ""\n}\n'},
     "ana.json", '{\n  "name": "Ana",\n  "email": "ana@x.example"\n}\n'),
])
def test_a_key_named_with_its_file_is_set_from_the_other(tmp_path: Path, task: str,
                                                         files: dict[str, str], target: str,
                                                         want: str) -> None:
    where = _where(tmp_path, task, files)
    assert where.values("file") == [target]
    (piece, news), = dict(where.edits)[target]
    assert files[target].replace(piece, news[0], 1) == want


def test_a_value_the_task_states_is_no_copy(tmp_path: Path) -> None:
    task = "Set the port in app.env to 9000, as service.json says"
    assert twostep.fields(task, ["app.env", "service.json"], {"app.env": "PORT=80\n"}) == {}


@pytest.mark.parametrize(("task", "files", "target", "written"), [
    ("Read the total on bill.txt and add a line 'Paid: <that total>' to ledger.txt", BILL,
     "ledger.txt", "Paid: 12.00\nPaid: <that total>\n"),
    ("bill.txt has a total; append \"Settled {total}\" to ledger.txt", BILL, "ledger.txt",
     "Paid: 12.00\nSettled {total}\n"),
    ("Add the line 'Cafe bill: [the total]' at the end of ledger.txt, total from bill.txt",
     BILL, "ledger.txt", "Paid: 12.00\nCafe bill: [the total]\n"),
    ("Write 'Due: <amount>' to due.txt using the amount in bill.txt", BILL, "due.txt",
     "Due: <amount>\n"),
    ("note.txt should say `Paid <the total>` - the total is in bill.txt", BILL, "note.txt",
     "Paid <the total>"),
])
def test_a_template_written_as_it_stands_is_never_verified(tmp_path: Path, task: str,
                                                           files: dict[str, str], target: str,
                                                           written: str) -> None:
    """Any verifier, not only the finish check: the template is not a stated value."""
    ws = tmp_path / "ws"
    ws.mkdir()
    for name, text in files.items():
        (ws / name).write_text(text)
    start = take(ws)
    (ws / target).write_text(written)
    assert not verify(task, start, take(ws)).verified


CONFIRM = {"confirm.txt": "Hotel Sol\nRef: QX-2291\nGuest: Ada Byron\nCheck-in: 3:30 PM\n"
                          "Booked: 2 June 2026\n"}


@pytest.mark.parametrize(("task", "want"), [
    # (an aside in brackets after the template is no part of it)
    ("trip.txt - append a line: Hotel ref = {ref}  (ref is in confirm.txt)",
     "Hotel ref = QX-2291"),
    ("write Stay <ref> (the ref from confirm.txt) to trip.txt", "Stay QX-2291"),
    # (a part of the name read: its first or last word)
    ("Make trip.txt that says 'Hi <first name>!' using the guest in confirm.txt", "Hi Ada!"),
    ("trip.txt: 'Dear Mx {surname},' - the guest is in confirm.txt", "Dear Mx Byron,"),
    ("from confirm.txt write `Guest: <last name>` into trip.txt", "Guest: Byron"),
])
def test_a_template_after_asides_and_name_parts(tmp_path: Path, task: str, want: str) -> None:
    where = _where(tmp_path, task, {**CONFIRM, "trip.txt": "Flight 9:10\n"})
    assert where.texts[:1] == (want,), where.texts


@pytest.mark.parametrize(("task", "want", "left"), [
    ("confirm.txt has a check-in time like 3:30 PM - I need it as 24h in t.txt", "15:30",
     "3:30 PM"),
    ("the check-in of confirm.txt (3:30 PM), on the 24-hour clock, into t.txt", "15:30",
     "3:30 PM"),
    ("Write the booking date of confirm.txt, 2 June 2026, as YYYY-MM-DD to t.txt",
     "2026-06-02", "2 June 2026"),
    ("booked 2 June 2026 per confirm.txt; put it in t.txt in ISO format", "2026-06-02",
     "2 June 2026"),
    ("Check-in (confirm.txt) in 24-hour form, not 3:30 PM, goes to t.txt", "15:30", "3:30 PM"),
])
def test_a_value_in_the_form_to_leave_is_not_offered(tmp_path: Path, task: str, want: str,
                                                     left: str) -> None:
    where = _where(tmp_path, task, CONFIRM)
    assert where.texts[:1] == (want,), where.texts
    assert left not in where.texts


@pytest.mark.parametrize(("task", "files", "target"), [
    ("take the phone number from card.txt and add it as the last line of phones.txt",
     {"card.txt": "Name: Ola\nPhone: 555-0101\n", "phones.txt": "555-0100\n"}, "phones.txt"),
    ("Grab the code out of box.txt and append it to codes.txt",
     {"box.txt": "code: ZX-9\n", "codes.txt": "AB-1\n"}, "codes.txt"),
    ("codes.txt needs one more line: the code from the file box.txt",
     {"box.txt": "code: ZX-9\n", "codes.txt": "AB-1\n"}, "codes.txt"),
    ("With the due date from bill.txt, add a reminder line at the bottom of todo.txt",
     {"bill.txt": "Due: 2026-04-01\n", "todo.txt": "call mum\n"}, "todo.txt"),
    ("fetch the owner's name from meta.txt; the end of owners.txt gets it",
     {"meta.txt": "owner: Bo Li\n", "owners.txt": "Ana Ruiz\n"}, "owners.txt"),
])
def test_the_file_a_value_is_taken_from_is_never_written(tmp_path: Path, task: str,
                                                          files: dict[str, str],
                                                          target: str) -> None:
    where = _where(tmp_path, task, files)
    assert where.values("file") == [target]


def test_a_file_something_is_removed_from_is_no_source() -> None:
    task = "Remove the line 'old' from notes.txt and put it in todo.txt"
    assert twostep.taken_from(task, ["notes.txt", "todo.txt"]) == ()


TRIPS = {"trips.txt": "Lyon 460\nOslo 1680\nBonn 510\n",
         "parcels.txt": "lamp 2.4\ndesk 18\nrug 7.5\n"}


@pytest.mark.parametrize(("task", "want"), [
    ("which city in trips.txt is farthest? its name into far.txt", "Oslo"),
    ("Write the name of the heaviest parcel in parcels.txt to heavy.txt", "desk"),
    ("parcels.txt: which parcel is the lightest? put it in light.txt", "lamp"),
    ("the nearest city of trips.txt -> near.txt", "Lyon"),
    ("Of the trips in trips.txt, save the longest one's city to long.txt", "Oslo"),
])
def test_the_item_with_the_largest_or_smallest_amount(tmp_path: Path, task: str,
                                                      want: str) -> None:
    where = _where(tmp_path, task, TRIPS)
    assert where.texts[:1] == (want,), where.texts


@pytest.mark.parametrize(("text", "status"), [
    ("Shipped 4.0.2\n", "finished"), ("Shipped 4.0.1\n", "unverified"),
    ("Shipped <version>\n", "stopped"), ("4.0.2\n", "unverified"),
    ("Shipped 4.0.2 today\n", "unverified"),
])
def test_a_template_filled_from_a_file_named_after_the_value(tmp_path: Path, text: str,
                                                            status: str) -> None:
    task = "Append Shipped <version> to log.txt, taking the version from VERSION.txt"
    files = {"VERSION.txt": "4.0.2\n", "log.txt": "Shipped 4.0.1\n"}
    _got, got = play(tmp_path, task, files, [A("log.txt", text)])
    assert got == status if status == "finished" else got != "finished"


TASKS_TXT = {"ops/tasks.txt": "URGENT renew cert\nupdate rota\nURGENT swap disk\n"}


@pytest.mark.parametrize("task", [
    "copy only the lines of ops/tasks.txt that start with URGENT into ops/urgent.txt",
    "Copy just the lines in ops/tasks.txt beginning with URGENT to ops/urgent.txt",
    "copy those lines of ops/tasks.txt starting URGENT into ops/urgent.txt",
    "please copy only the URGENT lines from ops/tasks.txt into ops/urgent.txt",
    "Copy the urgent lines (they start with URGENT) of ops/tasks.txt to ops/urgent.txt",
])
def test_copying_some_lines_is_no_copy_of_the_file(tmp_path: Path, task: str) -> None:
    ws = tmp_path / "ws"
    (ws / "ops").mkdir(parents=True)
    for name, text in TASKS_TXT.items():
        (ws / name).write_text(text)
    offered = offer(AgentState(tasks=[task], workspace=str(ws)))
    assert "copy_file" not in offered and "write_file" in offered, sorted(offered)


@pytest.mark.parametrize("task", ["copy ops/tasks.txt to ops/urgent.txt",
                                  "Copy the file ops/tasks.txt into ops/urgent.txt"])
def test_copying_a_whole_file_is_still_a_copy(tmp_path: Path, task: str) -> None:
    ws = tmp_path / "ws"
    (ws / "ops").mkdir(parents=True)
    for name, text in TASKS_TXT.items():
        (ws / name).write_text(text)
    assert "copy_file" in offer(AgentState(tasks=[task], workspace=str(ws)))


# -- a placeholder named like a markup tag ("<code>", "<title>") is a placeholder --------------

BADGE = {"badge_info.txt": "badge code: KX-31\nfloor: 4\n"}
BOOK = {"book.txt": "title: Salt Roads\nauthor: I. Mendes\n"}
TAGGED = [
    ("read the badge code from badge_info.txt and write a line 'badge=<code>' to gate.txt",
     BADGE, "gate.txt", "badge=KX-31"),
    ("Take the code in badge_info.txt; gate.txt gets one line: `pass <code>`", BADGE,
     "gate.txt", "pass KX-31"),
    ("look up the title in book.txt and create shelf.txt with the line 'Now reading: <title>'",
     BOOK, "shelf.txt", "Now reading: Salt Roads"),
    ("book.txt has the title. Write label.txt containing 'TITLE=<title>'", BOOK, "label.txt",
     "TITLE=Salt Roads"),
    ("Using the badge code from badge_info.txt, write door.txt with the text 'open <code>'",
     BADGE, "door.txt", "open KX-31"),
]


@pytest.mark.parametrize(("task", "files", "target", "line"), TAGGED)
def test_a_tag_named_placeholder_filled_ends_finished(tmp_path: Path, task: str,
                                                      files: dict[str, str], target: str,
                                                      line: str) -> None:
    assert play(tmp_path, task, files, [W(target, line + "\n")]) == ("ran", "finished")


@pytest.mark.parametrize(("task", "files", "target", "line"), TAGGED)
@pytest.mark.parametrize("wrong", ["bare", "as written"])
def test_a_tag_named_placeholder_bare_or_unfilled_never_ends_finished(
        tmp_path: Path, task: str, files: dict[str, str], target: str, line: str,
        wrong: str) -> None:
    value = {"badge_info.txt": "KX-31", "book.txt": "Salt Roads"}[next(iter(files))]
    text = value if wrong == "bare" else line.replace(value, "<" + (
        "code" if value == "KX-31" else "title") + ">")
    assert play(tmp_path, task, files, [W(target, text + "\n")])[1] != "finished"


def test_markup_a_text_closes_is_no_placeholder() -> None:
    assert twostep.holes("<code>ls</code>") == []
    assert twostep.holes("a<br>b") == []
    assert twostep.holes("id=<code>") == ["<code>"]
