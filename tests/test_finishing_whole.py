"""Values count whole and tool chatter is no content (``finishing_whole``): each rule both
ways, on wordings of its own."""

from __future__ import annotations

from pathlib import Path

from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import explain
from autonomo.agent.finishing_whole import fragments, spans
from autonomo.agent.state import AgentState
from autonomo.tools.registry import CommandResult

Step = tuple[str, dict, str]


def _rule(tmp: Path, task: str, before: dict[str, str], steps: list[Step],
          shown: dict[str, str] | None = None) -> str | None:
    """The rule that refuses a finish after ``steps`` (each with its output), the files of
    ``before`` written first and each written file then written as the step says."""
    for name, text in before.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    state = AgentState(tasks=[task], workspace=str(tmp))
    for number, (name, args, output) in enumerate(steps, 1):
        data = {}
        if name in ("write_file", "append_to_file"):
            path = tmp / args["path"]
            data = {"replaced": path.read_text() if path.exists() else None}
            old = path.read_text() if path.exists() and name == "append_to_file" else ""
            path.write_text(old + args["content"])
        state.episodes.append(Episode(number=number, action=Action(name=name, arguments=args),
                                      result=CommandResult.ok(output, **data)))
    found = explain(state, "done", shown=shown)
    return found.rule if found else None


def test_compound_values_and_their_parts() -> None:
    assert spans("at 08:55, mix 2:5, v3.10.2 on 10.0.0.7, #1a2b3c, 2025-01-31, a@b.io") == {
        "08:55", "2:5", "10.0.0.7", "#1a2b3c", "2025-01-31", "a@b.io"}
    assert fragments("08:55") == {"08", "55"}
    assert fragments("3.10.2") == {"3", "10", "2", "3.10", "10.2"}


def test_a_part_of_a_time_is_no_time(tmp_path: Path) -> None:
    task = "The ferry leaves at 08:55. Save that departure time in ferry.txt"
    assert _rule(tmp_path, task, {}, [("write_file", {"path": "ferry.txt", "content": "55"},
                                       "")]) == "fragment"
    assert _rule(tmp_path, task, {}, [("write_file", {"path": "ferry.txt",
                                                      "content": "08:55"}, "")]) is None


def test_a_part_of_a_value_the_run_read_is_no_value(tmp_path: Path) -> None:
    task = "Which gate does flight LX44 board at? Put the gate in gate.txt"
    shown = "LX44 boards at gate B7:2, departs 21:05"
    steps = [("read_file", {"path": "board.txt"}, shown),
             ("write_file", {"path": "gate.txt", "content": "05"}, "")]
    assert _rule(tmp_path, task, {"board.txt": shown}, steps) == "fragment"


def test_command_status_text_is_no_answer(tmp_path: Path) -> None:
    task = "Which classes does shapes.py define? Name them in classes.txt"
    source = "class Square:\n    pass\n\nclass Circle:\n    pass\n"
    run = ("execute_python_file", {"path": "shapes.py"}, "Exit code 0.\n(no output)")
    wrong = [run, ("write_file", {"path": "classes.txt", "content": "Exit code 0."}, "")]
    assert _rule(tmp_path, task, {"shapes.py": source}, wrong) == "chatter"
    right = [("read_file", {"path": "shapes.py"}, source),
             ("write_file", {"path": "classes.txt", "content": "Square\nCircle"}, "")]
    (tmp_path / "classes.txt").unlink()
    assert _rule(tmp_path, task, {}, right) is None


def test_what_a_program_printed_is_content(tmp_path: Path) -> None:
    task = "Run greet.py and save what it prints to greeting.txt"
    steps = [("execute_python_file", {"path": "greet.py"}, "Exit code 0.\nSTDOUT:\nhi there"),
             ("write_file", {"path": "greeting.txt", "content": "hi there"}, "")]
    assert _rule(tmp_path, task, {"greet.py": "print('hi there')\n"}, steps) is None


def test_the_tasks_description_is_no_part_of_the_value(tmp_path: Path) -> None:
    task = "swatches.txt: add the shade #1a2b3c on a line of its own at the end"
    before = {"swatches.txt": "#ffffff\n"}
    glued = [("append_to_file", {"path": "swatches.txt", "content": "shade #1a2b3c\n"}, "")]
    assert _rule(tmp_path, task, before, glued) == "described"
    right = [("append_to_file", {"path": "swatches.txt", "content": "#1a2b3c\n"}, "")]
    assert _rule(tmp_path, task, before, right) is None


def test_a_template_is_filled_whole(tmp_path: Path) -> None:
    task = "Take the last name in staff.txt and write Goodbye, <that name>! into bye.txt"
    before = {"staff.txt": "Ada\nNoor\n"}
    read = ("read_file", {"path": "staff.txt"}, "Ada\nNoor\n")
    bare = [read, ("write_file", {"path": "bye.txt", "content": "Noor"}, "")]
    assert _rule(tmp_path, task, before, bare) == "template"
    whole = [read, ("write_file", {"path": "bye.txt", "content": "Goodbye, Noor!"}, "")]
    assert _rule(tmp_path, task, before, whole) is None


def test_a_new_value_must_land_in_the_file(tmp_path: Path) -> None:
    task = "release.txt still says 3.10.1; raise it to 3.10.2"
    before = {"release.txt": "3.10.1\n"}
    ran = [("read_file", {"path": "release.txt"}, "3.10.1\n")]
    assert _rule(tmp_path, task, before, ran) == "unlanded_whole"
    done = [*ran, ("write_file", {"path": "release.txt", "content": "3.10.2\n"}, "")]
    assert _rule(tmp_path, task, before, done) is None


def test_a_commands_own_name_is_no_content(tmp_path: Path) -> None:
    task = "setup.cfg.bak should be named setup.cfg again"
    junk = [("write_file", {"path": "setup.cfg", "content": "write_file.txt"}, "")]
    assert _rule(tmp_path, task, {"setup.cfg.bak": "[x]"}, junk) == "chatter"


def test_a_redirect_sends_the_whole_output(tmp_path: Path) -> None:
    task = "tally.py > tally.txt, please"
    run = ("execute_python_file", {"path": "tally.py"},
           "Exit code 0.\nSTDOUT:\npears 3\nplums 9\n")
    source = {"tally.py": "print('pears 3')\nprint('plums 9')\n"}
    part = [run, ("write_file", {"path": "tally.txt", "content": "pears 3"}, "")]
    assert _rule(tmp_path, task, source, part) == "redirect"
    whole = [run, ("write_file", {"path": "tally.txt", "content": "pears 3\nplums 9\n"}, "")]
    assert _rule(tmp_path, task, source, whole) is None


def test_a_described_value_lands_whole_in_its_file(tmp_path: Path) -> None:
    task = "Add the entry 10.1.1.9 printer.office to known_hosts.txt"
    before = {"known_hosts.txt": "10.1.1.2 router.office\n"}
    elsewhere = [("append_to_file", {"path": "printer.office", "content": "10.1.1.9"}, "")]
    assert _rule(tmp_path, task, before, elsewhere) == "described_unlanded"
    (tmp_path / "printer.office").unlink()
    right = [("append_to_file", {"path": "known_hosts.txt",
                                 "content": "10.1.1.9 printer.office\n"}, "")]
    assert _rule(tmp_path, task, before, right) is None


def test_the_asked_value_is_the_one_after_its_noun(tmp_path: Path) -> None:
    task = "Which seat does Ilse have on the trip (see tickets.txt)? Put only the seat in seat.txt"
    tickets = "Ilse: coach 3, seat 41C, departs 07:20\nBo: coach 2, seat 12A, departs 07:20\n"
    read = ("read_file", {"path": "tickets.txt"}, tickets)
    other = [read, ("write_file", {"path": "seat.txt", "content": "07:20"}, "")]
    assert _rule(tmp_path, task, {"tickets.txt": tickets}, other) == "asked_value"
    right = [read, ("write_file", {"path": "seat.txt", "content": "41C"}, "")]
    assert _rule(tmp_path, task, {"tickets.txt": tickets}, right) is None


def test_a_file_changed_by_code_keeps_the_text_it_was_shown_with(tmp_path: Path) -> None:
    task = "Add a line closed at the end of shifts.log"
    start = {"shifts.log": "opened 08:00\nbreak 12:00\n"}
    (tmp_path / "shifts.log").write_text("closed\n")  # "echo closed > shifts.log"
    over = [("execute_shell", {"command": "echo closed > shifts.log"}, "Exit code 0.")]
    assert _rule(tmp_path, task, {}, over, shown=start) == "lost_lines"
    (tmp_path / "shifts.log").write_text(start["shifts.log"] + "closed\n")
    added = [("execute_shell", {"command": "echo closed >> shifts.log"}, "Exit code 0.")]
    assert _rule(tmp_path, task, {}, added, shown=start) is None


def test_a_word_from_nowhere_is_no_value_found_in_a_file(tmp_path: Path) -> None:
    task = "Which editor does setup.md recommend? Put its name in editor.txt"
    setup = "Install git first.\nWe recommend Helix as the editor.\n"
    read = ("read_file", {"path": "setup.md"}, setup)
    placeholder = [read, ("write_file", {"path": "editor.txt", "content": "result"}, "")]
    assert _rule(tmp_path, task, {"setup.md": setup}, placeholder, shown=dict(
        {"setup.md": setup})) == "ungrounded"
    right = [read, ("write_file", {"path": "editor.txt", "content": "Helix"}, "")]
    assert _rule(tmp_path, task, {"setup.md": setup}, right, shown={"setup.md": setup}) is None
    # no source to take it from: knowledge is not judged by this rule
    assert _rule(tmp_path, "Write the capital of Peru to cap.txt", {},
                 [("write_file", {"path": "cap.txt", "content": "Lima"}, "")]) is None
