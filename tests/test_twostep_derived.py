"""Two-step tasks whose text is derived from a value read: a placeholder the task defines in
its own words ("N being that value"), a key of a JSON object named in quotes, a number put
through the one operation the task states ("double it"), the subfolders of a folder. What
is offered is the derived text alone; right work ends FINISHED, wrong work (the value bare,
the template as written, the definition written out, a distractor value, the source
changed) never does. Wordings are this file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autonomo.agent.strategies import defined, scaled, twostep
from finish_fresh_cases import L, R, W
from test_finishing_precise import play
from test_twostep import _offered, _where

# -- a placeholder the task defines ---------------------------------------------------------

LIMITS = {"limits.toml": "[limits]\nmin_rate = 5\nmax_rate = 40\nburst = 9\n"}
GUEST = {"guest.txt": "Marisol Quint\n"}
DAY = {"day.txt": "2027-01-15\n"}
TAG = {"tag.txt": "4.1.7\n"}

DEFINED = [
    ("look up max_rate in limits.toml; then throttle.sh gets one command: throttle --rate R "
     "(R being that value)", LIMITS, "throttle.sh", "throttle --rate 40"),
    ("Find max_rate in limits.toml and write cap.sh holding the line: cap -n K, where K is "
     "that value.", LIMITS, "cap.sh", "cap -n 40"),
    ("card.txt should say: Welcome aboard, P - with P replaced by the name in guest.txt", GUEST,
     "card.txt", "Welcome aboard, Marisol Quint"),
    ("Write pin.txt containing: pinned at VER (VER = the version in tag.txt)", TAG, "pin.txt",
     "pinned at 4.1.7"),
    ("make due.txt saying: Hand in by [day] - use the actual day from day.txt", DAY, "due.txt",
     "Hand in by 2027-01-15"),
    ("note.txt needs the text: Ships on D, where D is the date in day.txt", DAY, "note.txt",
     "Ships on 2027-01-15"),
    ("make port.sh hold one line: serve --port P (P: the port in svc.env)",
     {"svc.env": "HOST=lab\nPORT=8443\n"}, "port.sh", "serve --port 8443"),
]


@pytest.mark.parametrize(("task", "files", "target", "want"), DEFINED)
def test_a_defined_placeholder_is_filled_from_the_file_read(
        tmp_path: Path, task: str, files: dict[str, str], target: str, want: str) -> None:
    offered = _offered(_where(tmp_path, task, files), target)
    assert offered[:1] == [want], offered


@pytest.mark.parametrize(("task", "files", "target", "want"), DEFINED)
def test_a_defined_placeholder_filled_ends_finished(
        tmp_path: Path, task: str, files: dict[str, str], target: str, want: str) -> None:
    assert play(tmp_path, task, files, [R(next(iter(files))), W(target, want + "\n")]) == (
        "ran", "finished")


@pytest.mark.parametrize(("task", "files", "target", "want"), DEFINED)
@pytest.mark.parametrize("wrong", ["bare", "token", "definition", "distractor", "source"])
def test_a_defined_placeholder_done_wrong_never_ends_finished(
        tmp_path: Path, task: str, files: dict[str, str], target: str, want: str,
        wrong: str) -> None:
    source = next(iter(files))
    value = {"limits.toml": "40", "guest.txt": "Marisol Quint", "day.txt": "2027-01-15",
             "tag.txt": "4.1.7", "svc.env": "8443"}[source]
    token = defined.tokens(task)[0] if defined.tokens(task) else "[day]"
    plan = {"bare": [W(target, value + "\n")],
            "token": [W(target, want.replace(value, token) + "\n")],
            "definition": [W(target, f"{want}, where {token} is {value}\n")],
            "distractor": [W(target, want.replace(value, "9" if value == "40" else "x") + "\n")],
            "source": [W(source, want + "\n")]}[wrong]
    assert play(tmp_path, task, files, plan)[1] != "finished"


def test_a_defined_token_is_no_text_to_write() -> None:
    task = "check burst in limits.toml, then write b.sh: burst --size S (S being that value)"
    assert defined.tokens(task) == ["S"]
    assert twostep.unfilled("burst --size S", task)
    assert not twostep.unfilled("burst --size 9", task)


def test_no_definition_no_placeholder() -> None:
    # (a capital the task does not define; an INI section in brackets)
    for task in ("Write 'Plan B is on' to plan.txt",
                 "add debug = 1 under [main] in app.ini; the main file is fine",
                 "copy N.txt to m.txt",
                 "write sq.py with a function sq(N) that returns N squared, where N is the input",
                 "Write '[INFO] started' to log.txt as the info line"):
        assert defined.named_again(defined.marked(task)) == task


# -- a key of a JSON object named in quotes -------------------------------------------------

CARD = '{"title": "Reef survey", "pages": 14}'
CARD_WIDE = '{\n    "title": "Reef survey",\n    "pages": 14\n}\n'
KEYED = [
    ("Take the editor from editor.txt and store it as \"editor\" in card.json",
     {"editor.txt": "Noor Haddad\n", "card.json": CARD}, "editor", "Noor Haddad"),
    ("put the language written in lang.txt into card.json under the key 'lang' "
     "(the rest stays as it is)", {"lang.txt": "pt-BR\n", "card.json": CARD_WIDE}, "lang",
     "pt-BR"),
    ("card.json needs a “region” entry - the region is in region.txt",
     {"region.txt": "Atlantic\n", "card.json": CARD}, "region", "Atlantic"),
    ("set 'title' in card.json to the title found in title.txt; leave the other keys alone",
     {"title.txt": "Kelp census\n", "card.json": CARD_WIDE}, "title", "Kelp census"),
    ("read isbn.txt and add its number to card.json as `isbn`",
     {"isbn.txt": "9780000000002\n", "card.json": CARD}, "isbn", "9780000000002"),
    # (unquoted, after the word for a key)
    ("add a field curator to card.json holding the name in curator.txt",
     {"curator.txt": "Ilse Brandt\n", "card.json": CARD_WIDE}, "curator", "Ilse Brandt"),
    ("card.json lacks the depth - it is in depth.txt; add it under the key depth",
     {"depth.txt": "42\n", "card.json": CARD}, "depth", "42"),
]


@pytest.mark.parametrize(("task", "files", "key", "value"), KEYED)
def test_a_quoted_key_is_set_from_the_file_read(tmp_path: Path, task: str,
                                                files: dict[str, str], key: str,
                                                value: str) -> None:
    offered = _offered(_where(tmp_path, task, files), "card.json")
    old = json.loads(files["card.json"])
    assert len(offered) == 1 and json.loads(offered[0]) in (
        {**old, key: value}, {**old, key: int(value) if value.isdigit() else value}), offered
    # (in the file's own layout)
    assert ("\n    " in offered[0]) == ("\n    " in files["card.json"])


@pytest.mark.parametrize(("task", "files", "key", "value"), KEYED)
@pytest.mark.parametrize("indent", [None, 4])  # (a key added after a line gives it a comma)
def test_a_quoted_key_set_ends_finished(tmp_path: Path, task: str, files: dict[str, str],
                                        key: str, value: str, indent: int | None) -> None:
    new = {**json.loads(files["card.json"]), key: value}
    source = next(n for n in files if n != "card.json")
    plan = [R(source), W("card.json", json.dumps(new, indent=indent))]
    assert play(tmp_path, task, files, plan) == ("ran", "finished")


@pytest.mark.parametrize(("task", "files", "key", "value"), KEYED)
@pytest.mark.parametrize("wrong", ["bare", "keys lost", "other value", "extra key", "source"])
def test_a_quoted_key_set_wrong_never_ends_finished(tmp_path: Path, task: str,
                                                    files: dict[str, str], key: str,
                                                    value: str, wrong: str) -> None:
    old = json.loads(files["card.json"])
    source = next(n for n in files if n != "card.json")
    plan = {"bare": [W("card.json", value)],
            "keys lost": [W("card.json", json.dumps({key: value}))],
            "other value": [W("card.json", json.dumps({**old, key: "Reef survey"}))],
            "extra key": [W("card.json", json.dumps({**old, key: value, "note": "x"}))],
            "source": [W(source, json.dumps({**old, key: value}))]}[wrong]
    assert play(tmp_path, task, files, plan)[1] != "finished"


@pytest.mark.parametrize("task", [
    "add \"lang\": \"en\" to card.json, as lang.txt says",  # (the value is stated)
    "set the key to the value in lang.txt",  # (no key named)
    "put 'lang' and 'region' into card.json from lang.txt",  # (two: which is not said)
])
def test_no_one_key_named_no_key(task: str) -> None:
    from autonomo.agent.strategies import json_keys
    assert json_keys.quoted_key(task, "card.json", CARD, ["card.json", "lang.txt"]) is None


def test_a_stated_value_is_no_quoted_key(tmp_path: Path) -> None:
    # (two quoted texts: the task states the value itself, an edit of its own)
    task = "add \"lang\": \"en\" to card.json, as lang.txt says"
    where = _where(tmp_path, task, {"lang.txt": "pt-BR\n", "card.json": CARD})
    assert not any("pt-BR" in t for t in _offered(where, "card.json"))


# -- a number read, changed by the operation the task states -------------------------------

FARES = {"fares.csv": "route,fare\nharbour,3.40\nairport,12.75\ncastle,2.10\n"}
STOCK = {"stock.txt": "item: lanterns\ncrates: 36\n"}
SCALED = [
    ("What is the airport fare in fares.csv? Double it and put the result in return.txt",
     FARES, "return.txt", "25.50", "12.75"),
    ("triple the harbour fare from fares.csv, then write it to group.txt", FARES,
     "group.txt", "10.20", "3.40"),
    ("Halve the crates in stock.txt and save the result to half.txt", STOCK, "half.txt", "18",
     "36"),
    ("take the crates from stock.txt, add 14 to it and write the new number in more.txt", STOCK,
     "more.txt", "50", "36"),
    ("subtract 6 from the crates in stock.txt - write the result into left.txt", STOCK,
     "left.txt", "30", "36"),
    ("write 25% of the crates in stock.txt to quarter.txt", STOCK, "quarter.txt", "9", "36"),
    ("take 20% off the harbour fare in fares.csv; the new fare goes in deal.txt", FARES,
     "deal.txt", "2.72", "3.40"),
]


@pytest.mark.parametrize(("task", "files", "target", "want", "read"), SCALED)
def test_the_result_of_the_operation_is_offered(tmp_path: Path, task: str,
                                                files: dict[str, str], target: str, want: str,
                                                read: str) -> None:
    offered = _offered(_where(tmp_path, task, files), target)
    assert offered[:1] == [want] and read not in offered, offered


@pytest.mark.parametrize(("task", "files", "target", "want", "read"), SCALED)
def test_the_result_of_the_operation_ends_finished(tmp_path: Path, task: str,
                                                   files: dict[str, str], target: str,
                                                   want: str, read: str) -> None:
    assert play(tmp_path, task, files, [R(next(iter(files))), W(target, want + "\n")]) == (
        "ran", "finished")


@pytest.mark.parametrize(("task", "files", "target", "want", "read"), SCALED)
@pytest.mark.parametrize("wrong", ["read", "other row", "off by one", "source"])
def test_a_wrong_result_never_ends_finished(tmp_path: Path, task: str, files: dict[str, str],
                                            target: str, want: str, read: str,
                                            wrong: str) -> None:
    source = next(iter(files))
    text = {"read": read, "other row": "4.20" if "fare" in task else "72",
            "off by one": str(float(want) + 1)}.get(wrong, want)
    plan = [W(source, want + "\n")] if wrong == "source" else [R(source), W(target, text + "\n")]
    assert play(tmp_path, task, files, plan)[1] != "finished"


@pytest.mark.parametrize("task", [
    "double-check the fare in fares.csv and write it to f.txt",  # (no operation)
    "add 3 lines to notes.txt",
    "double it and add 5 to the crates in stock.txt",  # (two: which first is not decided)
    "sort the rows of fares.csv by 2 columns",
    "write the price twice to p.txt",
])
def test_no_one_operation_no_result(task: str) -> None:
    assert scaled.operation(task) is None


def test_a_result_keeps_the_form_of_the_number() -> None:
    done = scaled.operation("double it")
    assert done is not None
    assert scaled.shown(done.apply(scaled.Decimal("4.25")), "4.25") == "8.50"
    half = scaled.operation("halve it")
    assert half is not None and scaled.shown(half.apply(scaled.Decimal("7")), "7") == "3.5"


# -- the subfolders of a folder -------------------------------------------------------------

SHELF = {"shelf/maps/a.txt": "a", "shelf/atlases/b.txt": "b", "shelf/globes/c.txt": "c",
         "shelf/readme.txt": "shelf notes"}
FOLDERS = [
    "List the subfolders of shelf in shelf_dirs.txt, one per line",
    "which folders are inside shelf? put just their names in shelf_dirs.txt",
    "shelf_dirs.txt: the directories in shelf, names only",
    "Write the names of the sub-folders of shelf/ into shelf_dirs.txt",
    "make a list of shelf's folders (names only) and save it as shelf_dirs.txt",
]


@pytest.mark.parametrize("task", FOLDERS)
def test_the_subfolders_are_offered(tmp_path: Path, task: str) -> None:
    for name, text in SHELF.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    from autonomo.agent.strategies.grounding import situation
    where = situation(tmp_path, task, existed=tuple(SHELF))
    assert list(where.texts)[:1] == ["maps\natlases\nglobes"] or sorted(
        next(iter(where.texts)).split("\n")) == ["atlases", "globes", "maps"], where.texts


@pytest.mark.parametrize("task", FOLDERS)
def test_the_subfolders_listed_end_finished(tmp_path: Path, task: str) -> None:
    assert play(tmp_path, task, SHELF, [L(), W("shelf_dirs.txt", "atlases\nglobes\nmaps\n")]
                ) == ("ran", "finished")


@pytest.mark.parametrize("task", FOLDERS)
@pytest.mark.parametrize("wrong", ["shelf\n", "atlases\nglobes\n", "readme.txt\n",
                                   "atlases\nglobes\nmaps\nreadme.txt\n", "a.txt\nb.txt\nc.txt\n"])
def test_wrong_subfolders_never_end_finished(tmp_path: Path, task: str, wrong: str) -> None:
    assert play(tmp_path, task, SHELF, [L(), W("shelf_dirs.txt", wrong)])[1] != "finished"


# -- a keyed value changed in place by the operation the task states ------------------------

APP = {"app.ini": "[main]\ntimeout = 30\nretries = 4\nlabel = blue\n"}


@pytest.mark.parametrize(("task", "piece", "new"), [
    ("Increase the timeout in app.ini by 5", "timeout = 30", "timeout = 35"),
    ("app.ini: double the retries", "retries = 4", "retries = 8"),
    ("please reduce the timeout of app.ini by 10%", "timeout = 30", "timeout = 27"),
    ("halve retries in app.ini", "retries = 4", "retries = 2"),
    ("in app.ini, add 12 to the timeout", "timeout = 30", "timeout = 42"),
])
def test_a_keyed_value_is_changed_by_the_operation(tmp_path: Path, task: str, piece: str,
                                                    new: str) -> None:
    where = _where(tmp_path, task, APP)
    assert where.edits == (("app.ini", ((piece, (new,)),)),), where.edits


def test_a_value_stated_is_set_not_operated(tmp_path: Path) -> None:
    where = _where(tmp_path, "set the timeout in app.ini to 5", APP)
    assert where.edits == (("app.ini", (("timeout = 30", ("timeout = 5",)),)),)
    # (the operation's clause names another key: this one is set as stated)
    where = _where(tmp_path, "in app.ini set retries to 7 and double the timeout", APP)
    assert ("retries = 4", ("retries = 8",)) not in where.edits[0][1], where.edits


@pytest.mark.parametrize(("task", "files", "target", "text"), [
    # (a part of the one value a file holds: the whole line is no answer)
    ("Write y.txt with the line Year: Y, where Y is the year in day.txt", DAY, "y.txt",
     "Year: 2027-01-15"),
    ("card.txt should say: Hi F - with F replaced by the first name in guest.txt", GUEST,
     "card.txt", "Hi Marisol Quint"),
    ("put the surname from guest.txt into card.json as 'surname'",
     {**GUEST, "card.json": CARD}, "card.json",
     json.dumps({**json.loads(CARD), "surname": "Marisol Quint"})),
])
def test_a_part_of_a_one_value_file_is_not_confirmed_whole(
        tmp_path: Path, task: str, files: dict[str, str], target: str, text: str) -> None:
    source = next(iter(files))
    assert play(tmp_path, task, files, [R(source), W(target, text + "\n")])[1] != "finished"


# -- a key set from another file is never set to a word of the description -----------------

VENUE = '{\n  "hall": "Pier 4",\n  "city": "TBD"\n}\n'


@pytest.mark.parametrize("task", [
    "set 'city' in venue.json to whatever city is written in host.txt",
    "change the city of venue.json to the one in host.txt",
    "venue.json: set city to whichever city host.txt names",
    "update \"city\" in venue.json so it matches what host.txt says",
    "make the city field in venue.json equal to the city in host.txt",
])
@pytest.mark.parametrize("wrong", ["whatever", "city", "the", "one", "whichever", "written"])
def test_a_word_of_the_description_is_never_the_value(tmp_path: Path, task: str,
                                                     wrong: str) -> None:
    files = {"host.txt": "Valparaiso\n", "venue.json": VENUE}
    plan = [R("host.txt"), W("venue.json", VENUE.replace("TBD", wrong))]
    assert play(tmp_path, task, files, plan)[1] != "finished"


@pytest.mark.parametrize("task", [
    "set 'city' in venue.json to whatever city is written in host.txt",
    "change the city of venue.json to the one in host.txt",
])
def test_the_value_read_is_the_edit_offered(tmp_path: Path, task: str) -> None:
    where = _where(tmp_path, task, {"host.txt": "Valparaiso\n", "venue.json": VENUE})
    assert where.edits == (("venue.json", (('  "city": "TBD"', ('  "city": "Valparaiso"',)),)),
                           ), where.edits


# -- a definition that changes the value read is no placeholder to fill --------------------

SVC = {"svc.env": "PORT=8443\nHOST=lab\n"}


@pytest.mark.parametrize(("task", "text"), [
    ("Write 'port=N' to p.txt, N being the port in svc.env plus one", "port=8443"),
    ("Write 'port=N' to p.txt, where N is the port in svc.env minus 2", "port=8443"),
    ("Write 'port=N' to p.txt (N: the port in svc.env + 1)", "port=8443"),
    ("Write 'port=N' to p.txt, N being the port in svc.env spelled out in words", "port=8443"),
    ("Write 'host=H' to p.txt, H being the host in svc.env in capitals", "host=lab"),
    ("Write 'port=N' to p.txt, where N is twice the port in svc.env", "port=8443"),
    ("Write 'host=H' to p.txt, H being the first letter of the host in svc.env", "host=lab"),
])
def test_a_changed_value_is_never_confirmed_as_read(tmp_path: Path, task: str,
                                                    text: str) -> None:
    assert not defined.definitions(task) or twostep.templates(task, ["svc.env", "p.txt"]) == []
    assert play(tmp_path, task, SVC, [R("svc.env"), W("p.txt", text + "\n")])[1] != "finished"
