"""An edit of a keyed data file (JSON, YAML, INI, TOML, .env) changes the value at the key the
task designates and nothing else; a key is never replaced by a value. Wordings and files are
fresh (none from a suite)."""

from __future__ import annotations

import pytest

from autonomo.agent.strategies import keyed
from autonomo.agent.strategies.edits import edits
from autonomo.agent.strategies.grounding import situation

NESTED_JSON = """{
  "editor": {
    "tab_size": 4,
    "wrap": false
  },
  "owner": "Kasia",
  "mail": "kasia@old-host.example"
}
"""
TOML = """[server]
host = "127.0.0.1"
port = 8000

[metrics]
port = 9100
"""
ENV = "API_BASE=http://127.0.0.1:8000\nTIMEOUT=30\nRETRIES=3\n"
YAML = """service:
  name: ledger
  logging:
    verbose: no
    level: info
"""


def _applied(text: str, task: str, names: list[str]) -> str:
    """The text after the first edit offered (what a model taking the first one does)."""
    found = edits(text, task, names)
    assert found, "no edit offered"
    old, news = found[0]
    return text.replace(old, news[0])


@pytest.mark.parametrize(("text", "task", "names", "before", "after"), [
    (NESTED_JSON, "prefs.json: make the editor's tab size 2", ["prefs.json"],
     '"tab_size": 4', '"tab_size": 2'),
    (NESTED_JSON, "in prefs.json the mail should now be kasia@new-host.example",
     ["prefs.json"], '"mail": "kasia@old-host.example"', '"mail": "kasia@new-host.example"'),
    (TOML, "move the metrics port in app.toml to 9200", ["app.toml"],
     "port = 9100", "port = 9200"),
    (TOML, "app.toml: the server should listen on port 8080", ["app.toml"],
     "port = 8000", "port = 8080"),
    (ENV, "raise TIMEOUT in .env to 45 seconds", [".env"], "TIMEOUT=30", "TIMEOUT=45"),
    (YAML, "switch verbose logging on in service.yaml", ["service.yaml"],
     "verbose: no", "verbose: yes"),
])
def test_the_value_at_the_designated_key_changes_and_nothing_else(text, task, names, before,
                                                                   after):
    changed = _applied(text, task, names)
    assert after in changed and before not in changed
    # every other line is byte-identical
    assert [line for line in changed.splitlines() if after not in line] == [
        line for line in text.splitlines() if before not in line]


def test_a_key_is_never_the_piece_replaced():
    for task in ("set the owner in team.json to Bartek", "team.json: owner is Bartek now"):
        for old, news in edits(NESTED_JSON, task, ["team.json"]):
            for new in news:
                assert '"owner"' in NESTED_JSON.replace(old, new)
        assert '"owner": "Bartek"' in _applied(NESTED_JSON, task, ["team.json"])


def test_a_section_the_task_names_decides_between_keys_of_one_name():
    text = "[primary]\nport = 5432\n\n[replica]\nport = 5432\n"
    changed = _applied(text, "db.conf: change the replica port to 6543", ["db.conf"])
    assert changed == "[primary]\nport = 5432\n\n[replica]\nport = 6543\n"


def test_a_one_line_json_object_is_edited_in_place():
    text = '{"volume": 7, "muted": false, "label": "den"}\n'
    assert _applied(text, "speaker.json: set muted to true",
                    ["speaker.json"]) == '{"volume": 7, "muted": true, "label": "den"}\n'
    assert _applied(text, "turn the volume in speaker.json down to 3",
                    ["speaker.json"]) == '{"volume": 3, "muted": false, "label": "den"}\n'


def test_a_file_name_inside_a_value_is_not_blanked():
    text = "user: hana\nemail: hana@old.example\n"
    task = "change my email in account.yaml to hana.sato@post.example"
    names = ["account.yaml", "hana.sato"]  # a name reader may take a part of an address
    assert _applied(text, task, names) == "user: hana\nemail: hana.sato@post.example\n"


def test_two_quoted_texts_state_the_edit():
    text = "Hello team,\nsee you soon\nRuth\n"
    assert edits(text, 'in memo.txt swap "see you soon" for "talk tomorrow"',
                 ["memo.txt"]) == (("see you soon", ("talk tomorrow",)),)


def test_prose_is_not_read_as_a_keyed_file():
    letter = "Dear Ana,\nThe plan: we meet at noon.\nBring boots, a map and water.\nBest, Jo\n"
    assert not keyed.is_keyed_text(letter)
    assert keyed.is_keyed_text(TOML) and keyed.is_keyed_text(ENV) and keyed.is_keyed_text(YAML)


def test_the_edit_is_what_the_grammar_offers(tmp_path):
    (tmp_path / "theme.json").write_text('{\n  "primary": "#112233",\n  "radius": 6\n}\n')
    where = situation(tmp_path, "theme.json: set the primary colour to #0a9396")
    assert where.edits == (("theme.json", (('  "primary": "#112233",',
                                            ('  "primary": "#0a9396",',)),)),)
