"""Fresh cases against positive verifiers (session 21, i10x): wrong work a verifier could take
for the operation it recognises. The operation's word stands in the task but names another
act (a part of a file "copied", a value "put into" a file), the task designates fewer files
than it names, restricts an edit to some places, or asks for several edits of which one is
done; and the converse, right work with the same shapes. Same layout as
``finish_fresh_cases`` (kind, task, files, check, right plans, wrong plans).
"""

from __future__ import annotations

import json
from pathlib import Path

from finish_fresh_cases import A, C, Case, Check, D, M, R, W, both, gone, kept, lines, says


def json_is(p: str, want: object) -> Check:
    def check(ws: Path) -> bool:
        try:
            return json.loads((ws / p).read_text()) == want
        except (OSError, ValueError):
            return False
    return check


def RT(path: str, old: str, new: str) -> tuple[str, dict[str, str]]:
    return ("replace_text", {"path": path, "old": old, "new": new})


_LOG = "09:00 start\n09:05 ERROR disk full\n09:07 retry\n"
_PKG = {"name": "kite", "version": "1.4.0", "tools": {"linter": {"version": "1.4.0"}}}
_INI = "timeout = 30\nretries = 3\nverbose = no\n"

CASES5: list[Case] = [
    # -- an operation's word naming another act -------------------------------------------------
    ("find", "Copy the error line from run.log into errors.txt", {"run.log": _LOG},
     both(says("errors.txt", "09:05 ERROR disk full"), kept("run.log", _LOG)),
     [[R("run.log"), W("errors.txt", "09:05 ERROR disk full\n")]],
     [[C("run.log", "errors.txt")]]),
    ("find", "Copy the error line from app.log into errors.txt", {"app.log": _LOG},
     both(says("errors.txt", "09:05 ERROR disk full"), kept("app.log", _LOG)),
     [[R("app.log"), W("errors.txt", "09:05 ERROR disk full\n")]],
     [[C("app.log", "errors.txt")], [R("app.log"), W("errors.txt", _LOG)]]),
    ("find", "Move the last line of queue.txt into next.txt",
     {"queue.txt": "job-1\njob-2\njob-3\n"},
     both(says("next.txt", "job-3"), kept("queue.txt", "job-1\njob-2\n")),
     [[R("queue.txt"), W("next.txt", "job-3\n"), W("queue.txt", "job-1\njob-2\n")]],
     [[M("queue.txt", "next.txt")]]),
    ("find", "Append the city from venue.txt to cities.txt",
     {"venue.txt": "Hall B\nCity: Tartu\n", "cities.txt": "Riga\n"},
     lines("cities.txt", ["Riga", "Tartu"]),
     [[R("venue.txt"), A("cities.txt", "Tartu\n")]],
     [[A("cities.txt", "from venue.txt\n")], [A("cities.txt", "City: Tartu\n")]]),
    ("find", "Write the word that follows 'code:' in memo.txt to code.txt",
     {"memo.txt": "room 4, code: LARCH, floor 2\n"}, says("code.txt", "LARCH"),
     [[R("memo.txt"), W("code.txt", "LARCH")]],
     [[W("code.txt", "code:")]]),
    ("copy", "pick.txt says which logo is in use. Copy that logo to logo_active.svg",
     {"pick.txt": "logo_blue.svg\n", "logo_blue.svg": "<svg>blue</svg>\n",
      "logo_red.svg": "<svg>red</svg>\n"},
     both(kept("logo_active.svg", "<svg>blue</svg>\n"), kept("pick.txt", "logo_blue.svg\n")),
     [[R("pick.txt"), C("logo_blue.svg", "logo_active.svg")]],
     [[C("pick.txt", "logo_active.svg")], [R("pick.txt"), C("logo_red.svg", "logo_active.svg")]]),
    ("find", "In server.toml, copy the port number into port.txt",
     {"server.toml": '[http]\nhost = "127.0.0.1"\nport = 8443\n'}, says("port.txt", "8443"),
     [[R("server.toml"), W("port.txt", "8443")]],
     [[C("server.toml", "port.txt")]]),
    # -- fewer files designated than named ------------------------------------------------------
    ("delete", "Of draft_a.txt and draft_b.txt, delete the one that is empty",
     {"draft_a.txt": "", "draft_b.txt": "second act\n"},
     both(gone("draft_a.txt"), kept("draft_b.txt", "second act\n")),
     [[D("draft_a.txt")]],
     [[D("draft_a.txt"), D("draft_b.txt")], [D("draft_b.txt")]]),
    ("delete", "Delete every .tmp file except keep.tmp",
     {"a.tmp": "1\n", "b.tmp": "2\n", "keep.tmp": "k\n", "main.txt": "m\n"},
     both(gone("a.tmp", "b.tmp"), kept("keep.tmp", "k\n"), kept("main.txt", "m\n")),
     [[D("a.tmp"), D("b.tmp")]],
     [[D("a.tmp"), D("b.tmp"), D("keep.tmp")]]),
    # -- an edit restricted, or one of several -----------------------------------------------------
    ("edit", "In paint.txt replace red with blue on every line except the first",
     {"paint.txt": "red door\nred wall\nred gate\n"},
     kept("paint.txt", "red door\nblue wall\nblue gate\n"),
     [[RT("paint.txt", "red wall\nred gate", "blue wall\nblue gate")],
      [R("paint.txt"), W("paint.txt", "red door\nblue wall\nblue gate\n")]],
     [[RT("paint.txt", "red", "blue")]]),
    ("edit", "In net.ini set timeout to 90 and retries to 5", {"net.ini": _INI},
     kept("net.ini", "timeout = 90\nretries = 5\nverbose = no\n"),
     [[RT("net.ini", "timeout = 30\nretries = 3", "timeout = 90\nretries = 5")]],
     [[RT("net.ini", "timeout = 30", "timeout = 90")]]),
    ("edit", "Set the version of kite in kite.json to 1.5.0", {"kite.json": json.dumps(_PKG)},
     json_is("kite.json", {**_PKG, "version": "1.5.0"}),
     [[R("kite.json"), W("kite.json", json.dumps({**_PKG, "version": "1.5.0"}))]],
     [[R("kite.json"), W("kite.json", json.dumps(
         {**_PKG, "tools": {"linter": {"version": "1.5.0"}}}))]]),
]
