"""A checklist item ticked or unticked, a line commented out or back in: the edit offered
is the named line with its mark flipped, nothing else, and only when it is not in that
state yet; replace_text is offered for it, by construction."""

from __future__ import annotations

import pytest

from autonomo.agent.state import AgentState
from autonomo.agent.strategies.edits import edits
from test_repair import _offer, _strategy

_LIST = "# Trip\n- [x] book ferry\n- [ ] renew passport\n- [ ] buy adapter plug\n"
_CONF = ("# server settings\nport = 8080\n# log_level = debug\n#cache = on\n"
         "workers = 4\n")


@pytest.mark.parametrize(("task", "old", "new"), [
    ("in trip.md tick off 'renew passport'", "- [ ] renew passport", "- [x] renew passport"),
    ("trip.md: the adapter plug is bought, check it off", "- [ ] buy adapter plug",
     "- [x] buy adapter plug"),
    ("Mark renew passport as done in trip.md", "- [ ] renew passport",
     "- [x] renew passport"),
    ("please put an [x] in the box of the adapter plug item (trip.md)",
     "- [ ] buy adapter plug", "- [x] buy adapter plug"),
    ("the ferry isn't booked after all - untick it in trip.md", "- [x] book ferry",
     "- [ ] book ferry"),
    ("trip.md: un-check 'book ferry', it is not done yet", "- [x] book ferry",
     "- [ ] book ferry"),
])
def test_a_checklist_item_is_ticked_or_unticked(task, old, new):
    assert edits(_LIST, task, ["trip.md"]) == ((old, (new,)),)


@pytest.mark.parametrize("task", [
    "tick off 'book ferry' in trip.md",            # (already ticked: nothing to change)
    "in trip.md untick 'renew passport'",          # (already open)
])
def test_an_item_already_in_the_state_asked_is_left(task):
    assert edits(_LIST, task, ["trip.md"]) == ()


@pytest.mark.parametrize(("task", "old", "new"), [
    ("uncomment log_level in app.conf", "# log_level = debug", "log_level = debug"),
    ("app.conf: turn the cache back on by removing its #", "#cache = on", "cache = on"),
    ("In app.conf, re-enable the log_level line (it is commented out)",
     "# log_level = debug", "log_level = debug"),
    ("comment out the workers line in app.conf", "workers = 4", "# workers = 4"),
    ("app.conf - please comment the port setting out", "port = 8080", "# port = 8080"),
])
def test_a_line_is_commented_out_or_back_in(task, old, new):
    assert edits(_CONF, task, ["app.conf"]) == ((old, (new,)),)


def test_disabling_a_setting_without_a_word_of_comments_is_no_comment():
    # ("disable the cache" of "cache = true" sets a value; it comments nothing out)
    found = edits("cache = true\n# cache size\n", "disable the cache in app.conf",
                  ["app.conf"])
    assert all(not new.startswith("#") for _, news in found for new in news)


def test_the_tick_is_the_edit_offered_before_any_write(tmp_path):
    (tmp_path / "trip.md").write_text(_LIST)
    (tmp_path / "trip_2025.md").write_text("- [ ] renew passport\n")
    state = AgentState(tasks=["trip.md: tick 'renew passport'"], workspace=str(tmp_path))
    offered = _offer(_strategy(), state)
    assert "append_to_file" not in offered and "write_file" not in offered
    edit = offered["replace_text"]["properties"]
    assert edit["path"]["enum"] == ["trip.md"]
    assert edit["old"]["enum"] == ["- [ ] renew passport"]
    assert edit["new"]["enum"] == ["- [x] renew passport"]


_SHOP = "bread\noat milk\nfree range eggs\ncoffee beans\n"


@pytest.mark.parametrize(("task", "old", "new"), [
    ("shop.txt: swap the oat milk line for soy milk", "oat milk", "soy milk"),
    ("in shop.txt replace free range eggs with duck eggs please", "free range eggs",
     "duck eggs"),
    ("shop.txt - coffee beans should be ground coffee", "coffee beans", "ground coffee"),
    ("Change oat milk to rice milk in shop.txt", "oat milk", "rice milk"),
    ("shop.txt: coffee beans -> green tea", "coffee beans", "green tea"),
])
def test_a_text_of_several_words_linked_to_its_replacement(task, old, new):
    assert edits(_SHOP, task, ["shop.txt"])[0] == (old, (new,))


_JSON = '{\n  "colour": "teal",\n  "size": 3\n}\n'
_INI = "[ui]\ncolour = teal\nsize = 3\n"


@pytest.mark.parametrize(("task", "text", "old", "new"), [
    ("In w.json rename the key colour to color", _JSON, '"colour"', '"color"'),
    ("rename the size key of w.json to width", _JSON, '"size"', '"width"'),
    ("w.ini: rename colour to color, keep the value", _INI, "colour = teal", "color = teal"),
    ("please rename setting size -> width in w.ini", _INI, "size = 3", "width = 3"),
    ("in w.json, colour should be spelled color", _JSON, '"colour"', '"color"'),
])
def test_a_key_renamed(task, text, old, new):
    name = "w.json" if text == _JSON else "w.ini"
    assert edits(text, task, [name])[0] == (old, (new,))


@pytest.mark.parametrize(("task", "text"), [
    ("w.json: set colour to navy", _JSON),
    ("set the name in w.ini to Rotor", "[ui]\nname = pump\n"),
])
def test_a_value_set_is_no_key_renamed(task, text):
    name = "w.json" if text == _JSON else "w.ini"
    assert all(":" in new or "=" in new for _, news in edits(text, task, [name])
               for new in news)


_PREFS = '{\n  "dark_mode": false,\n  "telemetry": true\n}\n'
_EDITOR = "[editor]\nautosave = True\nfont_size = 12\n"


@pytest.mark.parametrize(("task", "text", "old", "new"), [
    ("enable dark_mode in prefs.json", _PREFS, '  "dark_mode": false,', '  "dark_mode": true,'),
    ("prefs.json: please turn dark mode on", _PREFS, '  "dark_mode": false,',
     '  "dark_mode": true,'),
    ("disable telemetry in prefs.json", _PREFS, '  "telemetry": true', '  "telemetry": false'),
    ("editor.ini - autosave should be disabled", _EDITOR, "autosave = True",
     "autosave = False"),
    ("Could you switch autosave off in editor.ini?", _EDITOR, "autosave = True",
     "autosave = False"),
])
def test_a_setting_switched_on_or_off(task, text, old, new):
    name = "prefs.json" if text == _PREFS else "editor.ini"
    assert edits(text, task, [name]) == ((old, (new,)),)


def test_a_setting_already_switched_is_left():
    assert edits(_PREFS, "enable telemetry in prefs.json", ["prefs.json"]) == ()


_MEMO = "Meet at teh station.\nBring teh tickets and the map.\n"


@pytest.mark.parametrize("task", [
    "fix the misspelling 'teh' in memo.txt, it appears twice",
    "memo.txt has a typo: teh should be the",
    "correct the typo teh in memo.txt",
    "memo.txt misspells 'the' as 'teh' - please correct it",
    "Please fix the spelling of teh in memo.txt",
])
def test_a_misspelling_is_an_edit_and_never_a_write_over_the_file(tmp_path, task):
    (tmp_path / "memo.txt").write_text(_MEMO)
    (tmp_path / "other.txt").write_text("x\n")
    offered = _offer(_strategy(), AgentState(tasks=[task], workspace=str(tmp_path)))
    assert "write_file" not in offered and "append_to_file" not in offered
    edit = offered["replace_text"]["properties"]
    assert edit["old"]["enum"][0] == "teh" and edit["new"]["enum"][0] == "the"


@pytest.mark.parametrize("task", [
    "In card.txt the venue is wrong - it should say the Boathouse, not the Granary.",
    "card.txt has the wrong venue: the Boathouse, not the Granary",
    "the venue in card.txt is wrong, it's the Boathouse instead of the Granary",
])
def test_a_wrong_text_is_an_edit_not_a_write(tmp_path, task):
    (tmp_path / "card.txt").write_text("Party at the Granary, 8pm.\n")
    offered = _offer(_strategy(), AgentState(tasks=[task], workspace=str(tmp_path)))
    assert "write_file" not in offered and "append_to_file" not in offered
    edit = offered["replace_text"]["properties"]
    assert edit["old"]["enum"][0] == "Granary" and edit["new"]["enum"][0] == "Boathouse"


@pytest.mark.parametrize(("task", "deletable"), [
    ("In cron.txt enable the backup line again by removing the leading '# '", False),
    ("strip the # from the backup line of cron.txt", False),
    ("cron.txt: remove the word weekly from the backup line", False),
    ("please delete the comment marker before backup in cron.txt", False),
    ("remove cron.txt", True),
    ("delete the text file cron.txt", True),
])
def test_a_removal_of_text_is_no_deletion_of_the_file(tmp_path, task, deletable):
    (tmp_path / "cron.txt").write_text("# 0 3 * * * backup weekly\n0 1 * * * rotate\n")
    offered = _offer(_strategy(), AgentState(tasks=[task], workspace=str(tmp_path)))
    assert ("delete_file" in offered) is deletable
