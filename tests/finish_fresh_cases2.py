"""More fresh wordings for the finish check (i10x, session 19), in the kinds the blind run of
session 18 found weak: deletions next to files that must survive, appends, file types to
create, renames worded without 'rename', two-step tasks. Same layout as ``finish_fresh_cases``
(kind, task, files, check, right plans, wrong plans); none is taken from the benchmark suites.
"""

from __future__ import annotations

from finish_fresh_cases import (
    PY,
    SH,
    A,
    C,
    Case,
    D,
    L,
    M,
    R,
    W,
    _json,
    _text,
    both,
    calls,
    gone,
    kept,
    lines,
    prints,
    says,
)


def rows(p: str, want: list[list[str]]):
    """``p`` is a CSV whose non-blank rows, cells stripped, are ``want``."""
    def check(ws) -> bool:
        got = _text(ws, p)
        return got is not None and [[c.strip() for c in x.split(",")] for x in got.splitlines()
                                    if x.strip()] == want
    return check


def js_eq(p: str, want: object):
    return lambda ws: _json(ws, p) == want


CASES2: list[Case] = [
    # -- delete: two named files both go; a named source survives ---------------------------------
    ("delete", "delete old.txt and new.txt", {"old.txt": "o\n", "new.txt": "n\n", "x.txt": "x\n"},
     both(gone("old.txt", "new.txt"), kept("x.txt", "x\n")),
     [[D("old.txt"), D("new.txt")], [D("new.txt"), D("old.txt")], [SH("rm old.txt new.txt")]],
     [[D("old.txt")], [D("old.txt"), D("new.txt"), D("x.txt")]]),
    ("delete", "report_copy.txt is only a copy of report.txt, so remove the copy",
     {"report.txt": "Q4 up\n", "report_copy.txt": "Q4 up\n"},
     both(gone("report_copy.txt"), kept("report.txt", "Q4 up\n")),
     [[D("report_copy.txt")], [L(), D("report_copy.txt")]],
     [[D("report_copy.txt"), D("report.txt")], [D("report.txt")], [R("report_copy.txt")]]),
    ("delete", "Now that v2.cfg exists, v1.cfg can go", {"v1.cfg": "a=1\n", "v2.cfg": "a=2\n"},
     both(gone("v1.cfg"), kept("v2.cfg", "a=2\n")),
     [[D("v1.cfg")], [R("v2.cfg"), D("v1.cfg")]],
     [[D("v2.cfg")], [D("v1.cfg"), D("v2.cfg")]]),
    ("delete", "Throw away both error.log and access.log",
     {"error.log": "e\n", "access.log": "a\n", "app.py": "print(1)\n"},
     both(gone("error.log", "access.log"), kept("app.py", "print(1)\n")),
     [[D("error.log"), D("access.log")], [SH("rm error.log access.log")]],
     [[D("access.log")], [W("error.log", ""), W("access.log", "")]]),
    ("delete", "Everything in drafts/ can go except final.txt",
     {"drafts/a.txt": "1", "drafts/b.txt": "2", "drafts/final.txt": "f"},
     both(gone("drafts/a.txt", "drafts/b.txt"), kept("drafts/final.txt", "f")),
     [[L("drafts"), D("drafts/a.txt"), D("drafts/b.txt")]],
     [[D("drafts/a.txt"), D("drafts/b.txt"), D("drafts/final.txt")], [D("drafts/final.txt")]]),
    # -- append: the value, not the chatter; the file kept ----------------------------------------
    ("append", "Tea ran out too - put it on groceries.md",
     {"groceries.md": "- milk\n- rice\n"},
     lambda ws: [x.strip().lstrip("- ").strip() for x in (_text(ws, "groceries.md") or "")
                 .splitlines() if x.strip()] == ["milk", "rice", "tea"],
     [[A("groceries.md", "- tea\n")], [R("groceries.md"), A("groceries.md", "- tea")]],
     [[W("groceries.md", "- tea\n")], [A("groceries.md", "- Tea ran out too\n")]]),
    ("append", "hosts.txt needs one more entry at the end: cache-3",
     {"hosts.txt": "cache-1\ncache-2\n"}, lines("hosts.txt", ["cache-1", "cache-2", "cache-3"]),
     [[A("hosts.txt", "cache-3\n")], [SH("echo cache-3 >> hosts.txt")]],
     [[A("hosts.txt", "cache-2\n")], [W("hosts.txt", "cache-3\n")],
      [A("hosts.txt", "one more entry at the end\n")]]),
    ("append", "Lena scored 88; record her in results.csv like the others",
     {"results.csv": "name,score\nAli,71\n"},
     rows("results.csv", [["name", "score"], ["Ali", "71"], ["Lena", "88"]]),
     [[A("results.csv", "Lena,88\n")], [R("results.csv"), A("results.csv", "Lena,88")]],
     [[A("results.csv", "Lena scored 88\n")], [A("results.csv", "Lena,71\n")],
      [W("results.csv", "Lena,88\n")]]),
    # -- create: CSV, JSON, requirements, Python ---------------------------------------------------
    ("create", "Make stock.csv with columns item and qty: hammers 4, nails 250", {},
     rows("stock.csv", [["item", "qty"], ["hammers", "4"], ["nails", "250"]]),
     [[W("stock.csv", "item,qty\nhammers,4\nnails,250\n")]],
     [[W("stock.csv", "item,qty\nhammers 4, nails 250\n")], [W("stock.csv", "item,qty\n")],
      [W("stock.csv", "columns item and qty: hammers 4, nails 250")]]),
    ("create", "limits.json: a JSON object with max_mb 25 and guests false", {},
     js_eq("limits.json", {"max_mb": 25, "guests": False}),
     [[W("limits.json", '{"max_mb": 25, "guests": false}')]],
     [[W("limits.json", "max_mb 25 and guests false")], [W("limits.json", '{"max_mb": 25}')],
      [W("limits.json", '{"max_mb": 52, "guests": false}')]]),
    ("create", "Start requirements.txt with django 5.0 and pillow 10.3, pinned", {},
     lines("requirements.txt", ["django==5.0", "pillow==10.3"]),
     [[W("requirements.txt", "django==5.0\npillow==10.3\n")]],
     [[W("requirements.txt", "django 5.0 and pillow 10.3\n")],
      [W("requirements.txt", "django==5.0\n")]]),
    ("create", "tally.py should print the sum of 1 to 10 when run", {}, prints("tally.py", "55"),
     [[W("tally.py", "print(sum(range(1, 11)))\n")], [W("tally.py", "print(55)\n")]],
     [[W("tally.py", "print(1)\nprint(10)\n")], [W("tally.py", "print('the sum of 1 to 10')\n")]]),
    ("create", "temps.py needs a function c_to_f(c) converting Celsius to Fahrenheit", {},
     calls("temps.py", "m.c_to_f(100)", 212.0),
     [[W("temps.py", "def c_to_f(c):\n    return c * 9 / 5 + 32\n")]],
     [[W("temps.py", "converting Celsius to Fahrenheit\n")],
      [W("temps.py", "def c_to_f(c):\n    return c\n")]]),
    # -- rename without the word -----------------------------------------------------------------
    ("rename", "draft_FINAL2.txt is a silly name; I'd like it to be called essay.txt",
     {"draft_FINAL2.txt": "bridges\n"},
     both(gone("draft_FINAL2.txt"), kept("essay.txt", "bridges\n")),
     [[M("draft_FINAL2.txt", "essay.txt")], [SH("mv draft_FINAL2.txt essay.txt")]],
     [[C("draft_FINAL2.txt", "essay.txt")], [W("essay.txt", "bridges\n")]]),
    ("rename", "Put invoice_7.txt into the invoices folder; it should not stay at the top",
     {"invoice_7.txt": "7\n", "invoices/invoice_6.txt": "6\n"},
     both(gone("invoice_7.txt"), kept("invoices/invoice_7.txt", "7\n"),
          kept("invoices/invoice_6.txt", "6\n")),
     [[M("invoice_7.txt", "invoices/invoice_7.txt")], [SH("mv invoice_7.txt invoices/")]],
     [[C("invoice_7.txt", "invoices/invoice_7.txt")]]),
    # -- two steps ---------------------------------------------------------------------------------
    ("twostep", "cart.txt has one price per line; write their total to total.txt",
     {"cart.txt": "3.50\n12.25\n4.25\n"}, lambda ws: (_text(ws, "total.txt") or "").strip()
     in ("20", "20.0", "20.00"),
     [[R("cart.txt"), W("total.txt", "20.00")],
      [PY("t = sum(float(x) for x in open('cart.txt'))\nopen('total.txt', 'w').write(str(t))")]],
     [[R("cart.txt"), W("total.txt", "3.50")], [R("cart.txt"), W("total.txt", "20.5")]]),
    ("twostep", "Combine part1.txt and part2.txt into whole.txt, part1 first",
     {"part1.txt": "alpha\n", "part2.txt": "beta\n"}, lines("whole.txt", ["alpha", "beta"]),
     [[R("part1.txt"), R("part2.txt"), W("whole.txt", "alpha\nbeta\n")],
      [SH("cat part1.txt part2.txt > whole.txt")]],
     [[W("whole.txt", "part1.txt part2.txt")], [R("part2.txt"), W("whole.txt", "beta\n")]]),
    ("twostep", "Who is older according to ages.csv, Noor or Sven? Write the name to older.txt",
     {"ages.csv": "name,age\nNoor,41\nSven,37\n"}, says("older.txt", "Noor"),
     [[R("ages.csv"), W("older.txt", "Noor")]],
     [[R("ages.csv"), W("older.txt", "Sven")], [R("ages.csv"), W("older.txt", "41")]]),
    # -- deletions worded beyond the usual verbs (added 06:08) ----------------------------------
    ("delete", "Tidy up by deleting the stale one, cache_old.db, and leave cache.db alone",
     {"cache_old.db": "1", "cache.db": "2"}, both(gone("cache_old.db"), kept("cache.db", "2")),
     [[D("cache_old.db")]], [[D("cache_old.db"), D("cache.db")], [D("cache.db")]]),
    ("delete", "Nuke build.out", {"build.out": "x", "src.c": "y"},
     both(gone("build.out"), kept("src.c", "y")),
     [[D("build.out")]], [[D("src.c")], [W("build.out", "")]]),
    ("delete", "I do not need notes_old.txt anymore", {"notes_old.txt": "o", "notes.txt": "n"},
     both(gone("notes_old.txt"), kept("notes.txt", "n")),
     [[D("notes_old.txt")]], [[D("notes.txt")], [D("notes_old.txt"), D("notes.txt")]]),
    ("delete", "Make sure junk.txt no longer exists", {"junk.txt": "j", "a.txt": "a"},
     both(gone("junk.txt"), kept("a.txt", "a")), [[D("junk.txt")]],
     [[D("a.txt")], [R("junk.txt")]]),
    ("delete", "main.txt has an extra copy, spare.txt. Remove the extra copy.",
     {"main.txt": "m", "spare.txt": "m"},
     both(gone("spare.txt"), kept("main.txt", "m")), [[D("spare.txt")]],
     [[D("main.txt")], [D("main.txt"), D("spare.txt")]]),
    ("delete", "logo_v2.png took over from logo.png; the old logo should disappear",
     {"logo.png": "1", "logo_v2.png": "2"}, both(gone("logo.png"), kept("logo_v2.png", "2")),
     [[D("logo.png")]], [[D("logo_v2.png")], [D("logo.png"), D("logo_v2.png")]]),
    ("delete", "Please clear away scratch.txt", {"scratch.txt": "s", "keep.md": "k"},
     both(gone("scratch.txt"), kept("keep.md", "k")), [[D("scratch.txt")]], [[D("keep.md")]]),
    ("delete", "The removed.txt file has been replaced by current.txt; delete removed.txt",
     {"removed.txt": "r", "current.txt": "c"}, both(gone("removed.txt"), kept("current.txt", "c")),
     [[D("removed.txt")]], [[D("removed.txt"), D("current.txt")]]),
]
