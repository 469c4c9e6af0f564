"""Structured files said in words: composed whole by construction (``fields``, ``markdown``,
``pyexample``), verified from the task alone (``verifying_created``), and never composed or
verified when a part of the task is not understood. Wordings of my own, in no set."""

from __future__ import annotations

import configparser
import json
import tomllib

import pytest
import yaml

from agent_helpers import recorded_state
from autonomo.agent.finishing import finish_objection
from autonomo.agent.strategies import fields, markdown, pyexample
from autonomo.agent.strategies.compose import contents
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take


def _made(task: str, path: str) -> list[str]:
    whole, _ = contents(path, task, [path], None)
    return list(whole)


# -- fields: keys, typed values, lists, tables ----------------------------------------------------
@pytest.mark.parametrize(("task", "path", "data"), [
    ('Make a file named pet.json: species = "tortoise", age = 42, indoor = false', "pet.json",
     {"species": "tortoise", "age": 42, "indoor": False}),
    ("I need a book.json where title is set to 'Small Gods', year is 1992 and lent is null",
     "book.json", {"title": "Small Gods", "year": 1992, "lent": None}),
    ('Create card.json with "owner" set to "Mae Jemison", "pin" set to "0042" and "locked" set '
     "to false", "card.json", {"owner": "Mae Jemison", "pin": "0042", "locked": False}),
    ("please create order.json -- customer: Mbeki, quantity: 3, items: nails, glue and tape",
     "order.json", {"customer": "Mbeki", "quantity": 3, "items": ["nails", "glue", "tape"]}),
    ("create profile.json with city: Oslo and floor: 3 (a number)", "profile.json",
     {"city": "Oslo", "floor": 3}),
    ("write zip.json where zip is 02134 (as a string) and town is Quincy", "zip.json",
     {"zip": "02134", "town": "Quincy"}),
    ('Create user.json containing the keys name ("Ana"), age (31) and admin (false)',
     "user.json", {"name": "Ana", "age": 31, "admin": False}),
    ("Create book.json: title -> Dune, author -> Frank Herbert, pages -> 412", "book.json",
     {"title": "Dune", "author": "Frank Herbert", "pages": 412}),
    ("make cfg.json with a timeout of 30 and retries of 3, then run check.py", "cfg.json",
     {"timeout": 30, "retries": 3}),
    ("Create mixer.json with two settings: volume 7 and muted false", "mixer.json",
     {"volume": 7, "muted": False}),
    ("Create alarm.json: time: 06:30, repeat: true", "alarm.json",
     {"time": "06:30", "repeat": True}),
    ('Make package.json with name "demo" and version "0.1.0"', "package.json",
     {"name": "demo", "version": "0.1.0"}),
    ('create proxy.json with host "0.0.0.0", port 8443 and tls turned on', "proxy.json",
     {"host": "0.0.0.0", "port": 8443, "tls": True}),
    ("Create cache.json where cache is off and ttl is 60", "cache.json",
     {"cache": False, "ttl": 60}),
    ("Create dog.json with name Rex, colour brown, age 4 (as a number)", "dog.json",
     {"name": "Rex", "colour": "brown", "age": 4}),
    ("make cat.json: name Tom, age 3 (a number), indoor true", "cat.json",
     {"name": "Tom", "age": 3, "indoor": True}),
    ("Create flags.json with dark_mode on and beta off", "flags.json",
     {"dark_mode": True, "beta": False}),
])
def test_json_fields_said_in_words_are_the_file_alone(task, path, data):
    made = _made(task, path)
    assert [json.loads(t) for t in made] == [data]


@pytest.mark.parametrize(("task", "path", "data"), [
    ('Create app.toml with a [server] table where host is "10.1.2.3" and port is 7070 (a number)',
     "app.toml", {"server": {"host": "10.1.2.3", "port": 7070}}),
    ('Write db.toml containing a [database] section with user "admin" and port 6432', "db.toml",
     {"database": {"user": "admin", "port": 6432}}),
    ('Put a [logging] table in log.toml: level is "debug", rotate is true', "log.toml",
     {"logging": {"level": "debug", "rotate": True}}),
    ('Make dbs.toml with a [primary] table (host "10.0.0.1", port 5432) and a [replica] table '
     '(host "10.0.0.2", port 5433)', "dbs.toml",
     {"primary": {"host": "10.0.0.1", "port": 5432},
      "replica": {"host": "10.0.0.2", "port": 5433}}),
    ('Create a.toml with name = "x" and a [db] table with user = "root" and port = 5432',
     "a.toml", {"name": "x", "db": {"user": "root", "port": 5432}}),
])
def test_a_toml_table_the_task_names_holds_its_fields(task, path, data):
    made = _made(task, path)
    assert [tomllib.loads(t) for t in made] == [data]


@pytest.mark.parametrize(("task", "path", "data"), [
    ("Create keys.ini: section [input], layout = qwerty, repeat = 30", "keys.ini",
     {"input": {"layout": "qwerty", "repeat": "30"}}),
    ("Create prefs.ini with a section called display where width = 800 and height = 600",
     "prefs.ini", {"display": {"width": "800", "height": "600"}}),
    ("Create tool.cfg with a [paths] section where root is /srv/data", "tool.cfg",
     {"paths": {"root": "/srv/data"}}),
])
def test_an_ini_section_holds_its_fields(task, path, data):
    (made,) = _made(task, path)
    parser = configparser.ConfigParser()
    parser.read_string(made)
    assert {s: dict(parser[s]) for s in parser.sections()} == data


@pytest.mark.parametrize(("task", "path", "data"), [
    ("create team.yaml with lead: Rosa and members: Ana, Bo and Cy", "team.yaml",
     {"lead": "Rosa", "members": ["Ana", "Bo", "Cy"]}),
    ("settings for the bot go in bot.yml — name: Pip, retries: 5", "bot.yml",
     {"name": "Pip", "retries": 5}),
    ("create look.yaml with theme set to dark and font_size set to 14", "look.yaml",
     {"theme": "dark", "font_size": 14}),
])
def test_a_yaml_file_of_fields(task, path, data):
    assert [yaml.safe_load(t) for t in _made(task, path)] == [data]


@pytest.mark.parametrize("task", [
    "Create app.json with name set to Notes and also a short description of the app",
    "Create a.json with x = 1 and b.json with y = 2",                  # two files' fields
    "Write car.json with make Volvo, year 2019 and electric true",     # a field not linked
    "Create note.json where body is please call me back when you can",  # a sentence, no value
    "Create p.json with size = (large)",
    "create meta.json with version 2, 3 and 4",                        # a list after no link
    "Create calc.json with answer set to 6 times 7",                   # a value to work out
    "Create out.json with name set to the name in person.txt",
    "Create a.json with host is localhost and port is 5050 (a number) and x",  # no one-kind list
])
def test_fields_not_all_understood_are_no_reading(task):
    assert fields.sections(task, [w for w in task.split() if w.endswith(".json")]) is None


def test_a_named_table_whose_fields_are_not_read_gets_no_loose_pairs():
    task = "Create a.toml with a [server] table where host is localhost, port is 5050 and x"
    assert _made(task, "a.toml") == []


# -- markdown: a heading and a list --------------------------------------------------------------
@pytest.mark.parametrize(("task", "path", "text"), [
    ("new file packing.md: a heading “Camping trip” followed by bullets for tent, stove and "
     "lantern", "packing.md", "# Camping trip\n\n- tent\n- stove\n- lantern\n"),
    ("Create todo.md - title 'Weekend', then a bulleted list: laundry, call mum, fix bike",
     "todo.md", "# Weekend\n\n- laundry\n- call mum\n- fix bike\n"),
    ("make shopping.md with a numbered list of eggs, milk and bread under the heading Groceries",
     "shopping.md", "# Groceries\n\n1. eggs\n2. milk\n3. bread\n"),
    ("I'd like readme.md titled Setup notes with a checklist: install python, clone repo, run "
     "tests", "readme.md", "# Setup notes\n\n- [ ] install python\n- [ ] clone repo\n"
     "- [ ] run tests\n"),
    ("Create steps.md: a level-2 heading 'Tasks' followed by a numbered list: plan, build, ship",
     "steps.md", "## Tasks\n\n1. plan\n2. build\n3. ship\n"),
    ("Start a new markdown file called beach.md — title: Beach day; items: towel, sunscreen, "
     "hat, book", "beach.md", "# Beach day\n\n- towel\n- sunscreen\n- hat\n- book\n"),
])
def test_a_heading_and_a_list_make_the_document(task, path, text):
    assert _made(task, path) == [text]


@pytest.mark.parametrize("task", [
    "write plan.md with two bullet points: rest, read, swim",          # the count disagrees
    'Create README.md with a title "Weather bot" and a short paragraph saying: Fetches forecasts.',
    "Create story.md with a title and a short story about a cat",
    "Append a line to log.md",
])
def test_a_document_not_all_understood_is_not_composed(task):
    assert markdown.texts(task, [w for w in task.split() if w.endswith(".md")]) == []


# -- python: a body fitted to the example calls ---------------------------------------------------
@pytest.mark.parametrize(("task", "body"), [
    ("write tip_calc.py with a function tip(amount, percent) that returns the tip, e.g. "
     "tip(80, 15) gives 12.0", "amount * percent / 100"),
    ("Create speed.py with avg_speed(km, hours) returning the average speed; avg_speed(120, 2) "
     "should return 60", "km / hours"),
    ("create ages.py with a function years_left(age) - years until 65, e.g. years_left(40) = 25",
     "65 - age"),
    ("create sq.py with a function square(n); square(4) gives 16 and square(5) gives 25",
     "n * n"),
    ("make box.py with volume(a, b, c) -> volume(2, 3, 4) returns 24", "a * b * c"),
])
def test_an_example_call_pins_the_body(task, body):
    (made,) = pyexample.texts(task)
    assert made.endswith(f"    return {body}\n")


@pytest.mark.parametrize("task", [
    "create t.py with triple(x), e.g. triple(3) returns 9",            # x * 3 or x * x
    "create n.py with f(x) that doubles x plus one, f(3) returns 7",    # no two-term fit
    "create g.py with g(x) returning something",                       # no example
])
def test_an_example_that_does_not_pin_the_body_composes_none(task):
    assert pyexample.texts(task) == []


@pytest.mark.parametrize(("task", "body"), [
    ('Create greet.py with greet(name), e.g. greet("Ana") returns "Hello, Ana!"',
     "'Hello, ' + name + '!'"),
    ("write shout.py: shout(word) - shout('hi') gives 'HI!'", "word.upper() + '!'"),
    ("make rev.py with a function backwards(s); backwards('abc') should return 'cba'", "s[::-1]"),
    ("make tag.py with tag(x): tag('a') gives '<a>' and tag('bb') gives '<bb>'",
     "'<' + x + '>'"),
    ("lower.py: low(t), low('MiXeD') returns 'mixed'", "t.lower()"),
])
def test_a_text_example_pins_the_body(task, body):
    (made,) = pyexample.texts(task)
    assert made.endswith(f"):\n    return {body}\n")


def test_a_text_example_two_methods_fit_composes_none():
    assert pyexample.texts("make cap.py with cap(w), cap('ann') returns 'Ann'") == []  # title?


def test_a_body_composed_from_words_that_misses_the_example_is_dropped():
    assert pyexample.checked("f(x) gives 3, e.g. f(1) is 3", [
        "def f(x):\n    return x + 1\n", "def f(x):\n    return x + 2\n"]) == [
        "def f(x):\n    return x + 2\n"]


# -- verified from the task alone -----------------------------------------------------------------
def _verified(tmp_path, task: str, path: str, text: str) -> bool:
    ws = tmp_path / "ws"
    ws.mkdir()
    start = take(ws)
    (ws / path).write_text(text)
    return verify(task, start, take(ws)).verified


_TOML = 'Create app.toml with a [server] table where host is "10.1.2.3" and port is 7070 (a number)'
_MD = ("Create agenda.md with the heading 'Quarterly review' and three bullet points: sales, "
       "costs, new office")
_JSON = ('Create card.json with "owner" set to "Mae Jemison", "pin" set to "0042" and "vip" set '
         "to true")
_PY = ("write tip_calc.py with a function tip(amount, percent) that returns the tip, e.g. "
       "tip(80, 15) gives 12.0")
_LIST = "please create order.json -- customer: Mbeki, quantity: 3, items: nails, glue and tape"


_SWITCH = 'create proxy.json with host "0.0.0.0", port 8443 and tls turned on'
_GREET = 'Create greet.py with greet(name), e.g. greet("Ana") returns "Hello, Ana!"'
_TABLES = ('Make dbs.toml with a [primary] table (host "10.0.0.1", port 5432) and a [replica] '
           'table (host "10.0.0.2", port 5433)')
_KEYS = 'Create user.json containing the keys name ("Ana"), age (31) and admin (false)'


@pytest.mark.parametrize(("task", "path", "text", "right"), [
    (_TABLES, "dbs.toml", '[primary]\nhost = "10.0.0.1"\nport = 5432\n\n[replica]\n'
     'host = "10.0.0.2"\nport = 5433\n', True),
    (_TABLES, "dbs.toml", '[primary]\nhost = "10.0.0.2"\nport = 5433\n\n[replica]\n'
     'host = "10.0.0.1"\nport = 5432\n', False),                   # the tables' pairs swapped
    (_TABLES, "dbs.toml", '[primary]\nhost = "10.0.0.1"\nport = 5432\n', False),
    (_KEYS, "user.json", '{"name": "Ana", "age": 31, "admin": false}', True),
    (_SWITCH, "proxy.json", '{"host": "0.0.0.0", "port": 8443, "tls": true}', True),
    (_SWITCH, "proxy.json", '{"host": "0.0.0.0", "port": 8443, "tls": false}', False),
    (_SWITCH, "proxy.json", '{"host": "0.0.0.0", "port": 8443, "tls": "on"}', False),
    (_KEYS, "user.json", '{"name": "Ana", "age": "31", "admin": false}', False),
    ("Create keys.ini: section [input], layout = qwerty, repeat = 30", "keys.ini",
     "[input]\nlayout = qwerty\nrepeat = 30\n", True),
    ("Create keys.ini: section [input], layout = qwerty, repeat = 30", "keys.ini",
     "[input]\nlayout = azerty\nrepeat = 30\n", False),
    (_TOML, "app.toml", '[server]\nhost = "10.1.2.3"\nport = 7070\n', True),
    (_TOML, "app.toml", 'host = "10.1.2.3"\nport = 7070\n', False),             # no table
    (_TOML, "app.toml", '[server]\nhost = "10.1.2.3"\nport = "7070"\n', False),  # a string
    (_TOML, "app.toml", '[srv]\nhost = "10.1.2.3"\nport = 7070\n', False),
    (_TOML, "app.toml", '[server]\nhost = "10.1.2.3"\nport = 7070\ndebug = true\n', False),
    (_MD, "agenda.md", "# Quarterly review\n\n- sales\n- costs\n- new office\n", True),
    (_MD, "agenda.md", "# Quarterly review\n- sales\n- costs\n", False),
    (_MD, "agenda.md", "Quarterly review\n- sales\n- costs\n- new office\n", False),
    (_MD, "agenda.md", "# Quarterly review\n1. sales\n2. costs\n3. new office\n", False),
    (_MD, "agenda.md", "Quarterly review", False),                 # a fragment: no more FINISHED
    (_JSON, "card.json", '{"owner": "Mae Jemison", "pin": "0042", "vip": true}', True),
    (_JSON, "card.json", '{"owner": "Mae Jemison", "pin": "0042", "vip": "true"}', False),
    (_JSON, "card.json", '{"owner": "Mae Jemison", "vip": true}', False),
    (_PY, "tip_calc.py", "def tip(amount, percent):\n    return amount * percent / 100\n", True),
    (_PY, "tip_calc.py", "def tip(amount, percent):\n    return (amount + 100) / percent\n",
     False),                                                        # fits, but not the simplest
    (_PY, "tip_calc.py", "def tip(amount, percent):\n    return 12.0\n", False),
    (_PY, "tip_calc.py", "def tip(amount, percent):\n    return amount * 0.15\n", False),
    (_GREET, "greet.py", "def greet(name):\n    return 'Hello, ' + name + '!'\n", True),
    (_GREET, "greet.py", "def greet(name):\n    return 'Hello, Ana!'\n", False),
    (_GREET, "greet.py", "def greet(name):\n    return 'Hello, ' + name.title() + '!'\n", False),
    (_LIST, "order.json", '{"customer": "Mbeki", "quantity": 3, "items": ["nails", "glue", '
     '"tape"]}', True),
    (_LIST, "order.json", '{"customer": "Mbeki", "quantity": 3, "items": "nails, glue and tape"}',
     False),
    (_LIST, "order.json", '{"customer": "Mbeki", "quantity": 3, "items": ["nails", "glue"]}',
     False),
])
def test_a_created_file_is_verified_only_when_it_is_what_the_task_says(tmp_path, task, path,
                                                                       text, right):
    assert _verified(tmp_path, task, path, text) == right


def test_an_example_call_and_a_linking_sign_are_no_values_to_land(tmp_path):
    task = ("write tip_calc.py with a function tip(amount, percent) that returns the tip, e.g. "
            "tip(80, 15) gives 12.0")
    body = "def tip(amount, percent):\n    return amount * percent / 100\n"
    (tmp_path / "tip_calc.py").write_text(body)
    state = recorded_state(tmp_path, task, [
        ("write_file", {"path": "tip_calc.py", "content": body}, "success", "")])
    assert finish_objection(state, "done") is None
    task = 'Create greet.py with greet(name), e.g. greet("Ana") returns "Hello, Ana!"'
    body = "def greet(name):\n    return 'Hello, ' + name + '!'\n"
    (tmp_path / "greet.py").write_text(body)
    state = recorded_state(tmp_path, task, [
        ("write_file", {"path": "greet.py", "content": body}, "success", "")])
    assert finish_objection(state, "done") is None
    task = 'Make a file named pet.json: species = "tortoise", age = 42'
    text = '{"species": "tortoise", "age": 42}'
    (tmp_path / "pet.json").write_text(text)
    state = recorded_state(tmp_path, task, [
        ("write_file", {"path": "pet.json", "content": text}, "success", "")])
    assert finish_objection(state, "done") is None


def test_a_count_of_tables_is_counted_in_table_headers(tmp_path):
    task = 'Create two tables in db.toml: [main] with host "a", and [replica] with host "b"'
    text = '[main]\nhost = "a"\n\n[replica]\nhost = "b"\n'
    (tmp_path / "db.toml").write_text(text)
    state = recorded_state(tmp_path, task, [
        ("write_file", {"path": "db.toml", "content": text}, "success", "")])
    assert finish_objection(state, "done") is None
    (tmp_path / "db.toml").write_text('[main]\nhost = "a"\n')
    state = recorded_state(tmp_path, task, [
        ("write_file", {"path": "db.toml", "content": '[main]\nhost = "a"\n'}, "success", "")])
    assert finish_objection(state, "done") is not None
