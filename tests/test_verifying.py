"""FINISHED only when verified: the positive verifiers (``agent/verifying*.py``) and the
``unverified`` end status they give a run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from agent_helpers import constrained_agent, make_agent, reply
from autonomo.agent.runner import Runner
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import MAX_FILES, changes, take


def _workspace(tmp_path: Path, files: dict[str, str]) -> Path:
    ws = tmp_path / "ws"
    for name, text in files.items():
        (ws / name).parent.mkdir(parents=True, exist_ok=True)
        (ws / name).write_text(text)
    ws.mkdir(exist_ok=True)
    return ws


def _judge(tmp_path: Path, task: str, files: dict[str, str], act) -> tuple[bool, str]:
    """Verify ``task`` after ``act(workspace)`` changed the start workspace ``files``."""
    ws = _workspace(tmp_path, files)
    start = take(ws)
    act(ws)
    verdict = verify(task, start, take(ws))
    return verdict.verified, verdict.why


def _rm(*names: str):
    return lambda ws: [(ws / n).unlink() for n in names]


def _cp(source: str, target: str, text: str | None = None):
    def act(ws: Path) -> None:
        (ws / target).parent.mkdir(parents=True, exist_ok=True)
        (ws / target).write_bytes((ws / source).read_bytes() if text is None
                                  else text.encode())
    return act


def _mv(source: str, target: str):
    def act(ws: Path) -> None:
        (ws / target).parent.mkdir(parents=True, exist_ok=True)
        os.rename(ws / source, ws / target)
    return act


def _put(name: str, text: str):
    return lambda ws: (ws / name).write_text(text)


FILES = {"a.txt": "alpha\n", "b.txt": "beta\n", "keep.md": "# keep\n", ".env.example": "K=1\n",
         "cleanup": "#!/usr/bin/env python3\nprint('x')\n", "logs/x.bak": "1", "y.bak": "2",
         "docs/readme.txt": "read me\n", "notes.txt": "one\ntwo\n",
         "game.json": json.dumps({"max_players": 4, "name": "Go"}),
         "db.ini": "[database]\nport = 5432\nhost = db\n", "bio.txt": "I live in Leipzig.\n",
         "t.txt": "title: Old\n",
         "player.json": json.dumps({"volume": 10, "music": {"volume": 5}}),
         "make_slug.py": "import sys\nprint(sys.argv[1].lower())\n"}

CASES = [
    # (task, act, verified)
    ("Delete a.txt", _rm("a.txt"), True),
    ("Delete a.txt", _rm("b.txt"), False),                      # the wrong file
    ("Delete a.txt", _rm("a.txt", "b.txt"), False),             # one more than asked
    ("delete a.txt but keep b.txt", _rm("a.txt"), True),
    ("Delete a.txt and b.txt", _rm("a.txt"), False),            # one of two
    ("Delete a.txt and b.txt", _rm("a.txt", "b.txt"), True),
    ("Get rid of the duplicate b.txt (keep a.txt).", _rm("b.txt"), True),
    ("Delete every .bak file", _rm("logs/x.bak", "y.bak"), True),
    ("Delete every .bak file", _rm("y.bak"), False),            # one left
    ("Delete the .bak files in logs/", _rm("logs/x.bak"), True),
    ("delete .env.example", _rm(".env.example"), True),         # a dotfile
    ("Delete the oldest file", _rm("a.txt"), False),            # not derivable: not verified
    ("Delete a.txt", lambda ws: (_rm("a.txt")(ws), _put("b.txt", "x")(ws)), False),
    # copies
    ("Copy a.txt to a_copy.txt", _cp("a.txt", "a_copy.txt"), True),
    ("Copy a.txt to a_copy.txt", _cp("a.txt", "a_copy.txt", "alpha"), False),  # not identical
    ("Copy a.txt to a_copy.txt", _cp("a.txt", "other.txt"), False),   # the wrong name
    ("Copy a.txt to a_copy.txt", _mv("a.txt", "a_copy.txt"), False),  # a move, not a copy
    ("a.txt -> a.bak.txt (a copy, not a move)", _cp("a.txt", "a.bak.txt"), True),
    ("Put a copy of a.txt in the docs folder", _cp("a.txt", "docs/a.txt"), True),
    ("Put a copy of a.txt in the docs folder", _cp("a.txt", "a.txt.copy"), False),
    (".env.example -> .env (keep the example file)", _cp(".env.example", ".env"), True),
    ("copy docs/readme.txt to read.txt, in the same folder", _cp("docs/readme.txt",
                                                                 "docs/read.txt"), True),
    ("copy docs/readme.txt to read.txt, in the same folder", _cp("docs/readme.txt",
                                                                 "read.txt"), False),
    ("Copy a.txt to a2.txt, but don't copy b.txt", _cp("a.txt", "a2.txt"), False),  # not known
    # moves and renames
    ("Rename a.txt to c.txt", _mv("a.txt", "c.txt"), True),
    ("Rename a.txt to c.txt", _cp("a.txt", "c.txt"), False),          # a copy, not a move
    ("Rename a.txt to c.txt", _mv("a.txt", "d.txt"), False),
    ("Move a.txt into old/2026/", _mv("a.txt", "old/2026/a.txt"), True),  # a nested folder
    ("The file called cleanup has no extension. Give it the .py one.",
     _mv("cleanup", "cleanup.py"), True),
    ("The file called cleanup has no extension. Give it the .py one.",
     lambda ws: (ws / "cleanup").write_text("junk"), False),
    # writes and appends
    ("Write the word Berlin to a file called capital.txt", _put("capital.txt", "Berlin\n"),
     True),
    ("Write the word Berlin to a file called capital.txt", _put("capital.txt", "Paris"), False),
    ("Write the word Berlin to a file called capital.txt", _put("file.txt", "Berlin"), False),
    ("parking.txt - write B-14 in it, nothing else", _put("parking.txt", "B-14"), True),
    ("shelf.txt should say: Spices & Teas", _put("shelf.txt", "Spices & Teas\n"), True),
    ("please save my locker code, 4471, in locker.txt", _put("locker.txt", "4471"), True),
    ("Write this to a.txt: gamma", _put("a.txt", "gamma\n"), True),   # an existing file
    ("Solved the riddle: it's an echo. Put that in riddle.txt", _put("riddle.txt", "echo"),
     False),                                                          # not stated: unverified
    ("Append the line three to notes.txt", _put("notes.txt", "one\ntwo\nthree\n"), True),
    ("Append the line three to notes.txt", _put("notes.txt", "three\n"), False),
    ("Append the line three to notes.txt", _put("notes.txt", "one\ntwo\nthree\nthree\n"),
     False),
    ("Put three at the end of notes.txt", _put("notes.txt", "three\n"), False),  # overwritten
    ("Add 'three' as a new line at the end of notes.txt", _put("notes.txt", "one\ntwo\nthree"),
     True),
    # edits
    ("In bio.txt, change Leipzig to Valencia.", _put("bio.txt", "I live in Valencia.\n"), True),
    ("In bio.txt, change Leipzig to Valencia.", _put("bio.txt", "Valencia\n"), False),
    ("set max_players to 6 in game.json",
     _put("game.json", json.dumps({"max_players": 6, "name": "Go"})), True),
    ("set max_players to 6 in game.json",
     _put("game.json", json.dumps({"max_players": "6", "name": "Go"})), False),   # a string
    ("set max_players to 6 in game.json",
     _put("game.json", json.dumps({"6": 4, "name": "Go"})), False),   # the key replaced
    ("db.ini: change the database port to 5544", _put("db.ini",
                                                      "[database]\nport = 5544\nhost = db\n"),
     True),
    ("db.ini: change the database port to 5544", _put("db.ini",
                                                      "[database]\nport = 5544\nhost = 5544\n"),
     False),
    ("set the music volume to 30 in player.json", _put("player.json", json.dumps(
        {"volume": 30, "music": {"volume": 5}})), False),    # the other volume
    ("set the music volume to 30 in player.json", _put("player.json", json.dumps(
        {"volume": 10, "music": {"volume": 30}})), True),
    # the same key at two depths, the task naming no parent: either may be meant
    ("set volume to 30 in player.json", _put("player.json", json.dumps(
        {"volume": 10, "music": {"volume": 30}})), False),
    ("set volume to 30 in player.json", _put("player.json", json.dumps(
        {"volume": 30, "music": {"volume": 5}})), False),
    # a part of a file is the object, not the file
    ("Copy the first line of notes.txt to n2.txt", _cp("notes.txt", "n2.txt"), False),
    ("Delete the first line of notes.txt", _rm("notes.txt"), False),
    ("Move the last line of notes.txt into c.txt", _mv("notes.txt", "c.txt"), False),
    # a word of the task changes what is written
    ("Write the word hello in uppercase to out.txt", _put("out.txt", "hello"), False),
    ("Write the number 7 three times to out.txt", _put("out.txt", "7"), False),
    # a key, not a value: "the title should be New"
    ("In t.txt the title should be New", _put("t.txt", "New: Old\n"), False),
    ("In t.txt the title should be New", _put("t.txt", "title: New\n"), True),
    # a program's command line, not a value to write (the quote is its argument)
    ("python3 make_slug.py 'Weekend Trip' > slug.txt", _put("slug.txt", "Weekend Trip\n"),
     False),
]


@pytest.mark.parametrize(("task", "act", "verified"), CASES,
                         ids=[f"{i}-{c[0][:30]}" for i, c in enumerate(CASES)])
def test_verifiers(tmp_path: Path, task: str, act, verified: bool) -> None:
    assert _judge(tmp_path, task, FILES, act)[0] is verified


def test_nothing_changed_is_not_verified(tmp_path: Path) -> None:
    ok, why = _judge(tmp_path, "Delete a.txt", FILES, lambda ws: None)
    assert not ok and "nothing in the workspace changed" in why


def test_a_symlink_swapped_in_is_a_change_never_followed(tmp_path: Path) -> None:
    """A file replaced by a link to a host file is recorded as a link: never read through,
    and a change."""
    secret = tmp_path / "secret"
    secret.write_text("alpha\n")  # the same bytes as a.txt

    def swap(ws: Path) -> None:
        (ws / "a.txt").unlink()
        (ws / "a.txt").symlink_to(secret)
        (ws / "c.txt").symlink_to(secret)
    ws = _workspace(tmp_path, FILES)
    start = take(ws)
    swap(ws)
    now = take(ws)
    assert now.files["a.txt"].kind == "link" and now.files["a.txt"].text is None
    assert "a.txt" in changes(start, now).changed
    assert not verify("Copy a.txt to c.txt", start, now).verified


def test_a_workspace_too_big_to_snapshot_is_not_verified(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, {f"f{i}.txt": "" for i in range(MAX_FILES + 1)})
    start = take(ws)
    assert not start.complete
    (ws / "f1.txt").unlink()
    verdict = verify("Delete f1.txt", start, take(ws))
    assert not verdict.verified and "too big" in verdict.why


def test_an_unverified_finish_ends_the_run_with_its_own_status(tmp_path: Path) -> None:
    """Small-model mode: a finish no rule refuses, that no verifier confirms, ends the run
    ``unverified`` at once (no further step), saying what could not be confirmed."""
    agent, _ = constrained_agent(tmp_path, [
        reply("write_note", path="riddle.txt", text="echo"),
        reply("finish", reason="riddle.txt holds the answer"),
        reply("write_note", path="riddle.txt", text="never reached"),
    ], task="Solved the riddle: it's an echo. Put that in riddle.txt")
    result = Runner(agent).run(max_steps=5)
    assert result.status == "unverified" and result.steps == 2
    assert "does not hold exactly" in result.reason and "riddle.txt holds" in result.reason
    assert agent.store.load(agent.state.id).status == "unverified"
    assert (agent.workspace / "riddle.txt").read_text() == "echo"


def test_a_verified_finish_ends_finished(tmp_path: Path) -> None:
    agent, _ = constrained_agent(tmp_path, [
        reply("write_note", path="capital.txt", text="Berlin"),
        reply("finish", reason="capital.txt holds Berlin"),
    ], task="Write the word Berlin to a file called capital.txt")
    (agent.workspace / "other.txt").write_text("y")
    result = Runner(agent).run(max_steps=5)
    assert result.status == "finished", result.reason


def test_the_start_is_kept_for_a_resumed_run(tmp_path: Path) -> None:
    """The start workspace is recorded before the first step, kept in the agent's folder
    and read back when the run resumes: the write of the first run is judged against the
    workspace without it (taken again, nothing would have changed)."""
    agent, _ = constrained_agent(tmp_path, [
        reply("write_note", path="capital.txt", text="Berlin"),
        reply("finish", reason="capital.txt holds Berlin"),
    ], task="Write the word Berlin to a file called capital.txt")
    Runner(agent).run(max_steps=1)
    assert agent.state.status == "stopped"
    kept = agent.store.intents.path(agent.state.id).parent / "start-0.json"
    assert kept.exists() and b"capital.txt" not in kept.read_bytes()
    result = Runner(agent).run(max_steps=2)
    assert result.status == "finished", result.reason


def test_large_models_keep_finished(tmp_path: Path) -> None:
    """Without the small-model mode nothing is verified: an accepted finish is finished."""
    agent, _, _ = make_agent(tmp_path, [
        reply("write_note", path="riddle.txt", text="echo"),
        reply("finish", reason="riddle.txt written"),
    ], task="Solved the riddle: it's an echo. Put that in riddle.txt")
    assert Runner(agent).run(max_steps=3).status == "finished"


SOURCES = {"person.txt": "Name: Maria\nCity: Lisbon\nAge: 31\n",
           "animals.txt": "cat\ndog\nemu\n", "gaps.txt": "cat\n\ndog\n",
           "people.csv": "name,age\nann,30\nbob,25\ncid,41\n",
           "invoices.csv": "id,status\n1,paid\n2,unpaid\n3,unpaid\n",
           "settings.json": json.dumps({"theme": "dark", "volume": 7}),
           "quotes.txt": "one\ntwo\nthree\n", "prices.csv": "item,price\napple,3\ncheese,7\n",
           "sync.ini": "[upload]\nretries = 5\n\n[download]\nretries = 2\n",
           "docs/a.md": "", "docs/b.md": "", "script.py": "print(6 * 7)\n",
           "accounts.json": json.dumps([{"login": "a", "role": "admin"},
                                        {"login": "b", "role": "viewer"},
                                        {"login": "c", "role": "admin"}])}

DERIVED = [
    ("Find the city in person.txt and write it to city.txt", "city.txt", "Lisbon\n", True),
    ("Find the city in person.txt and write it to city.txt", "city.txt", "Maria", False),
    ("Find the city in person.txt and write it to city.txt", "city.txt", "City: Lisbon", False),
    ("Count the lines in animals.txt and write the number to n.txt", "n.txt", "3", True),
    ("Count the lines in animals.txt and write the number to n.txt", "n.txt", "4", False),
    # a blank line: whether it counts is not said, so nothing is verified
    ("Count the lines in gaps.txt and write the number to n.txt", "n.txt", "2", False),
    ("How many people are listed in people.csv, not counting the header? Write it to n.txt",
     "n.txt", "3", True),
    ("How many people are listed in people.csv, not counting the header? Write it to n.txt",
     "n.txt", "4", False),
    ("Looking at invoices.csv, how many are still unpaid? Answer in n.txt", "n.txt", "2", True),
    ("Looking at invoices.csv, how many are still unpaid? Answer in n.txt", "n.txt", "3", False),
    # a condition no plain count covers: not verified, even when right
    ("How many people in people.csv are older than 28? Answer in n.txt", "n.txt", "2", False),
    # the condition said only in the answer file's name: the count is of it, not of all rows
    ("invoices.csv: how many? Answer in unpaid.txt", "unpaid.txt", "2", True),
    ("invoices.csv: how many? Answer in unpaid.txt", "unpaid.txt", "3", False),
    ("accounts.json: how many accounts have the admin role? admin_count.txt", "admin_count.txt",
     "2", True),
    ("accounts.json: how many accounts have the admin role? admin_count.txt", "admin_count.txt",
     "3", False),
    ("Count the entries in the list in accounts.json and write the number to n.txt", "n.txt",
     "3", True),
    ("Add up the numbers in the price column of prices.csv and write the total to t.txt",
     "t.txt", "10.0", True),
    ("Add up the numbers in the price column of prices.csv and write the total to t.txt",
     "t.txt", "10", True),
    ("Add up the numbers in the price column of prices.csv and write the total to t.txt",
     "t.txt", "7", False),
    ("Write the keys of settings.json to keys.txt, one per line", "keys.txt", "volume\ntheme\n",
     True),
    ("Write the keys of settings.json to keys.txt, one per line", "keys.txt", "theme\n", False),
    ("Write the third line of quotes.txt to q.txt", "q.txt", "three", True),
    ("Write the third line of quotes.txt to q.txt", "q.txt", "two", False),
    ("Write the price of cheese from prices.csv to cheese.txt", "cheese.txt", "7", True),
    ("Write the price of cheese from prices.csv to cheese.txt", "cheese.txt", "3", False),
    ("How many retries does the [download] section of sync.ini allow? write it into r.txt",
     "r.txt", "2", True),
    ("How many retries does the [download] section of sync.ini allow? write it into r.txt",
     "r.txt", "5", False),
    ("Write the names of the .md files in the docs folder to md.txt, one per line", "md.txt",
     "a.md\nb.md\n", True),
    ("Write the names of the .md files in the docs folder to md.txt, one per line", "md.txt",
     "a.md\n", False),
]


@pytest.mark.parametrize(("task", "answer", "text", "verified"), DERIVED,
                         ids=[f"{i}-{c[0][:30]}" for i, c in enumerate(DERIVED)])
def test_derived_values(tmp_path: Path, task: str, answer: str, text: str,
                        verified: bool) -> None:
    assert _judge(tmp_path, task, SOURCES, _put(answer, text))[0] is verified


@pytest.mark.parametrize(("printed", "args", "written", "verified"), [
    ("42\n", (), "42", True),
    ("42\n", (), "6 * 7", False),           # not what the program printed
    (None, (), "42", False),                # the record does not show all it printed
    ("42\n", ("7",), "42", False),          # run with a number the task does not give
])
def test_a_programs_output_is_judged_by_the_runs_record(tmp_path: Path, printed, args,
                                                        written, verified) -> None:
    from autonomo.agent.verifying import Run

    ws = _workspace(tmp_path, SOURCES)
    start = take(ws)
    (ws / "result.txt").write_text(written)
    verdict = verify("Run script.py and write its output to result.txt", start, take(ws),
                     [Run("script.py", args, printed)])
    assert verdict.verified is verified, verdict.why


def test_a_file_name_that_is_not_utf8_is_kept_and_read_back(tmp_path: Path) -> None:
    from autonomo.agent.verifying_snapshot import load, save

    ws = _workspace(tmp_path, {"a.txt": "alpha\n"})
    os.close(os.open(os.path.join(os.fsencode(ws), b"caf\xe9.txt"), os.O_CREAT | os.O_WRONLY))
    start = take(ws)
    save(start, tmp_path / "start.json")
    assert load(tmp_path / "start.json") == start
    (ws / "a.txt").unlink()
    assert verify("Delete a.txt", load(tmp_path / "start.json"), take(ws)).verified


@pytest.mark.parametrize(("task", "act", "verified"), [
    ("Please get rid of the duplicate 'a copy.txt' (keep a.txt).", _rm("a copy.txt"), True),
    ("Give a.txt a clearer name: alpha.txt", _mv("a.txt", "alpha.txt"), True),
    ("Add the row cid,9 to s.csv", _put("s.csv", "name,n\nbob,7\ncid,9\n"), True),
    ("Add the row cid,9 to s.csv", _put("s.csv", "name,n\nbob,7\ncid,9,x\n"), False),
    ("Add the row cid, 9 to s.csv", _put("s.csv", "name,n\nbob,7\ncid, 9\n"), False),
])
def test_more_wordings(tmp_path: Path, task: str, act, verified: bool) -> None:
    files = {**FILES, "a copy.txt": "alpha\n", "s.csv": "name,n\nbob,7\n"}
    assert _judge(tmp_path, task, files, act)[0] is verified


def test_a_start_that_cannot_be_kept_leaves_the_run_unverified_not_broken(
        tmp_path: Path, monkeypatch) -> None:
    """Keeping the start fails (a full disk): the run goes on, and its finish, with no start
    to judge it against, ends not verified."""
    from autonomo.agent import verifying_snapshot

    def full(*_args) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(verifying_snapshot, "save", full)
    agent, _ = constrained_agent(tmp_path, [
        reply("write_note", path="capital.txt", text="Berlin"),
        reply("finish", reason="capital.txt holds Berlin"),
    ], task="Write the word Berlin to a file called capital.txt")
    result = Runner(agent).run(max_steps=3)
    assert result.status == "unverified" and "no record of the workspace" in result.reason
