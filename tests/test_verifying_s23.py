"""The positive verifiers (``agent/verifying*.py``), session 23: do no harm (a file of the
start the task does not designate, deleted or changed, is never verified, and the verdict
says which), and right work they now confirm, each with a wrong twin that stays unverified.
Every wording here is this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_verifying import _cp, _judge, _mv, _put, _rm


def _add(name: str, text: str):
    def act(ws: Path) -> None:
        with (ws / name).open("a") as f:
            f.write(text)
    return act


def _both(*acts):
    def act(ws: Path) -> None:
        for one in acts:
            one(ws)
    return act


LETTERS = {"letters/offer_harbor.docx": "offer", "letters/cv_2025.pdf": "cv",
           "contract.pdf": "c"}
SHOP = {"shopping.txt": "bread\n", "pantry.txt": "rice\n"}
BAKS = {"x.bak": "1", "old/y.bak": "2", "z.txt": "3"}

#: (task, start files, what the run did, verified, a part of the verdict's reason)
HARM = [
    # a file the task does not designate, deleted: the reason names it
    ("The offer letter for Harbor is obsolete, delete it", LETTERS,
     _rm("letters/cv_2025.pdf"), False, "letters/cv_2025.pdf existed at the start and was "
                                        "deleted"),
    # … appended to, beside the right append
    ("Add the line eggs to shopping.txt", SHOP,
     _both(_add("shopping.txt", "eggs\n"), _add("pantry.txt", "eggs\n")), False,
     "pantry.txt existed at the start and was changed"),
    # … overwritten by a copy over it
    ("Copy shopping.txt to list_backup.txt", SHOP,
     _both(_cp("shopping.txt", "list_backup.txt"), _put("pantry.txt", "bread\n")), False,
     "pantry.txt existed at the start and was changed"),
    # files designated by their kind or by name are no harm
    ("Delete every .bak file", BAKS, _rm("x.bak", "old/y.bak"), True, "deleted"),
    ("Add the line eggs to shopping.txt", SHOP, _add("shopping.txt", "eggs\n"), True,
     "appended"),
    ("rename pantry.txt to larder.txt", SHOP, _mv("pantry.txt", "larder.txt"), True, "now"),
]


@pytest.mark.parametrize(("task", "files", "act", "verified", "why"), HARM,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(HARM)])
def test_do_no_harm(tmp_path: Path, task: str, files: dict[str, str], act, verified: bool,
                    why: str) -> None:
    ok, reason = _judge(tmp_path, task, files, act)
    assert ok is verified, reason
    assert why in reason


EXPORTS = {"dump_a.sql": "a", "dump_b.sql": "b", "dump_2026.sql": "c"}
#: (task, start files, what the run did, verified)
RECALL = [
    # a file said to stay, after its name, is no object of the deletion
    ("Throw away dump_a.sql and dump_b.sql; dump_2026.sql has to stay", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql"), True),
    ("Delete dump_a.sql, dump_2026.sql is to be kept", EXPORTS, _rm("dump_a.sql"), True),
    # … its wrong twins: the kept file gone too; a file said NOT to stay
    ("Throw away dump_a.sql and dump_b.sql; dump_2026.sql has to stay", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql", "dump_2026.sql"), False),
    ("dump_a.sql and dump_b.sql can't stay, remove them", EXPORTS, _rm("dump_a.sql"), False),
    ("Delete dump_a.sql; dump_b.sql must not remain either", EXPORTS, _rm("dump_a.sql"),
     False),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), RECALL,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(RECALL)])
def test_recall(tmp_path: Path, task: str, files: dict[str, str], act,
                verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


POINTED = [
    # the pointer names the value's kind ("that amount", "that time")
    ("The plumber's bill came to €81.40 - please write that amount into bills/plumber.txt",
     {"bills/gas.txt": "€30\n"}, _put("bills/plumber.txt", "€81.40"), True),
    ("The ferry leaves at 07:15. Note that time in ferry.txt", {}, _put("ferry.txt", "07:15"),
     True),
    # … wrong twins: another value; a word after "that" that is no kind of value
    ("The ferry leaves at 07:15. Note that time in ferry.txt", {}, _put("ferry.txt", "07:51"),
     False),
    ("The ferry leaves at 07:15. Note that doubled in ferry.txt", {},
     _put("ferry.txt", "07:15"), False),
    ("The plumber's bill came to €81.40 - write that amount in dollars into bills/p.txt",
     {"bills/gas.txt": "€30\n"}, _put("bills/p.txt", "€81.40"), False),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), POINTED,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(POINTED)])
def test_pointed_kind(tmp_path: Path, task: str, files: dict[str, str], act,
                      verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


def _swap(path: str, old: str, new: str):
    return lambda ws: (ws / path).write_text((ws / path).read_text().replace(old, new))


CSS = {"site/main.css": "a { color: #336699; }\nh1 { color: #222222; }\n"}
INVOICES = {"bills/2026/a-1.pdf": "x", "bills/2026/b-2.pdf": "y", "bills/2025/c.pdf": "z"}
CARGO = {"crates/x/Cargo.toml": '[package]\nname = "x"\nversion = "0.1.0"\n\n[dependencies]\n'
                                'rand = { version = "0.8.5", features = ["small"] }\n'
                                'log = "0.4.22"\n'}
WATCH = {"films/watchlist.md": "# Watchlist\n\n- Alien\n- The Thing\n"}
TOAST = {"toast.txt": "Friends, tonight we sail. Tonight the harbour is ours.\n"
                      "And tonight, tomorrow can wait.\n"}
COUNT_TONIGHT = "How many times does the word tonight appear in toast.txt? Write the count " \
                "to tonight_count.txt"
SHED = "Write the door code for the shed, 58*2#, into a file named shed_code (no " \
       "extension) - only the code"
RENAME = "rename notes.md.bak to notes.md - my sync tool added the .bak by mistake"
ADD_FILM = "please add The Wicker Man to the bottom of my watchlist (films/watchlist.md)"

MORE = [
    # an edit "change the <what it is> X to Y": X's one occurrence changes
    ("site/main.css: change the anchor colour #336699 to #114477, nothing else", CSS,
     _swap("site/main.css", "#336699", "#114477"), True),
    ("site/main.css: change the anchor colour #336699 to #114477, nothing else", CSS,
     _swap("site/main.css", "#222222", "#114477"), False),
    # the names of the files of a nested folder
    ("What files are in bills/2026? List their names in files_2026.txt", INVOICES,
     _put("files_2026.txt", "a-1.pdf\nb-2.pdf\n"), True),
    ("What files are in bills/2026? List their names in files_2026.txt", INVOICES,
     _put("files_2026.txt", "a-1.pdf\nb-2.pdf\nc.pdf\n"), False),
    # a keyed value of a TOML table the task "asks for"
    ("which rand version does crates/x/Cargo.toml ask for? write it to rand_version.txt",
     CARGO, _put("rand_version.txt", "0.8.5"), True),
    ("which rand version does crates/x/Cargo.toml ask for? write it to rand_version.txt",
     CARGO, _put("rand_version.txt", "0.1.0"), False),
    # a new file whose name has no ending, said to be a file's
    (SHED, {"notes.txt": "x"}, _put("shed_code", "58*2#"), True),
    (SHED, {"notes.txt": "x"}, _put("shed_code", "58*2"), False),
    (SHED, {"notes.txt": "x"}, _put("shed_code.txt", "58*2#"), False),
    # what someone did is told, not asked: no second operation
    (RENAME, {"notes.md.bak": "n"}, _mv("notes.md.bak", "notes.md"), True),
    ("rename notes.md.bak to notes.md with the date added at the top", {"notes.md.bak": "n"},
     _mv("notes.md.bak", "notes.md"), False),
    # a title after the verb (a capital), appended in the list's form below its heading
    (ADD_FILM, WATCH, _add("films/watchlist.md", "- The Wicker Man\n"), True),
    (ADD_FILM, WATCH, _add("films/watchlist.md", "The Wicker Man\n"), True),
    (ADD_FILM, WATCH, _add("films/watchlist.md", "- The Wicker\n"), False),
    ("please add the film I liked most to the bottom of my watchlist (films/watchlist.md)",
     WATCH, _add("films/watchlist.md", "- the film I liked most\n"), False),
    # how many times a word stands in a file, whole, in any case
    (COUNT_TONIGHT, TOAST, _put("tonight_count.txt", "3"), True),
    (COUNT_TONIGHT, TOAST, _put("tonight_count.txt", "2"), False),
    (COUNT_TONIGHT, {"toast.txt": "tonight's the night, tonight\n"},
     _put("tonight_count.txt", "2"), False),
    ("How many times does the word tonight appear in the first line of toast.txt? Write the "
     "count to tonight_count.txt", TOAST, _put("tonight_count.txt", "3"), False),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), MORE,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(MORE)])
def test_more_recall(tmp_path: Path, task: str, files: dict[str, str], act,
                     verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


#: the objects of a removal are read by position: a name that starts a new clause is none
OBJECTS = [
    ("Delete dump_a.sql; dump_b.sql is still needed", EXPORTS, _rm("dump_a.sql"), True),
    ("Delete dump_a.sql; dump_b.sql is still needed", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql"), False),
    ("Please get rid of dump_a.sql, dump_b.sql holds the restore point", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql"), False),
    ("Remove dump_a.sql and dump_b.sql. dump_2026.sql we restore from", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql", "dump_2026.sql"), False),
    ("Remove dump_a.sql and dump_b.sql. dump_2026.sql we keep", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql"), True),
    # … a name the task says nothing plain of ("we restore from") is in doubt: not verified
    ("Remove dump_a.sql and dump_b.sql. dump_2026.sql we restore from", EXPORTS,
     _rm("dump_a.sql", "dump_b.sql"), False),
    ("Delete dump_a.sql; dump_b.sql can go as well", EXPORTS, _rm("dump_a.sql"), False),
    # a subject a later pronoun stands for is an object still
    ("dump_a.sql is broken, delete it", EXPORTS, _rm("dump_a.sql"), True),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), OBJECTS,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(OBJECTS)])
def test_removal_objects_by_position(tmp_path: Path, task: str, files: dict[str, str], act,
                                     verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why


def test_a_source_csv_is_parsed_once_per_verify(tmp_path: Path, monkeypatch) -> None:
    """Every derivation of one verify asks for the table: its text is parsed once."""
    from autonomo.agent import verifying_sources

    calls = []
    parse = verifying_sources.csv.reader

    def reader(*args, **kwargs):
        calls.append(1)
        return parse(*args, **kwargs)

    monkeypatch.setattr(verifying_sources.csv, "reader", reader)
    verifying_sources._table.cache_clear()
    files = {"crops.csv": "crop,kg\nleek,12\nkale,7\nbean,30\n"}
    ok, why = _judge(tmp_path, "How many kg of kale are in crops.csv? Write it to kale.txt",
                     files, _put("kale.txt", "7"))
    assert ok, why
    assert len(calls) == 1


#: the known hole: a number in an act ("Buy 2 apples") pointed at from the next clause
ACTS = [
    ("Buy 2 apples. Note that down in t.txt", {}, _put("t.txt", "2"), False),
    ("Call the vet at 18:00 tonight. Jot that down in vet.txt", {}, _put("vet.txt", "18:00"),
     False),
    # a clause with its subject still points at its number
    ("The vet opens at 08:15 on Saturdays. Jot that down in vet.txt", {},
     _put("vet.txt", "08:15"), True),
]


@pytest.mark.parametrize(("task", "files", "act", "verified"), ACTS,
                         ids=[f"{i}-{c[0][:40]}" for i, c in enumerate(ACTS)])
def test_a_number_in_an_act_is_not_pointed_at(tmp_path: Path, task: str,
                                              files: dict[str, str], act,
                                              verified: bool) -> None:
    ok, why = _judge(tmp_path, task, files, act)
    assert ok is verified, why
