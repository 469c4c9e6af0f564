"""A contradiction rule refuses a finish only when the record proves the work wrong.

Since a finish no rule refuses ends FINISHED only when a positive verifier confirms it, a
rule's refusal of right work costs the run (the model goes on, loops, or overwrites the
answer), while a rule that lets wrong work through costs at most an honest "unverified".
Each case is played through the real ``Runner`` with a scripted model (wordings of this
file's own): right work must not be refused; wrong work the record contradicts must still
be refused; wrong work no rule can prove wrong must still not end FINISHED.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import plugins, reply, workbench
from autonomo import AgentProfile, ScriptedModel, Settings
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.finishing import explain
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState
from autonomo.tools.registry import CommandResult
from finish_fresh_cases import A, D, R, Step, W

_PLUGINS = plugins()


def play(tmp: Path, task: str, files: dict[str, str], plan: list[Step]) -> tuple[str, str]:
    """Run ``plan`` then ``finish`` as a small local model's run is judged: (what the
    finish got back — "refused: …" or "ran" —, the run's end status)."""
    ws = tmp / "ws"
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text)
    ws.mkdir(exist_ok=True)
    model = ScriptedModel([reply(n, **a) for n, a in plan] + [reply("finish", reason="done")])
    bench = workbench(Settings(data_dir=tmp / "data", agent={"finish_evidence": True}), model,
                      _PLUGINS)
    try:
        agent = bench.new_agent(task, workspace=ws, profile=AgentProfile(name="T", role="t"))
        Runner(agent).run(max_steps=len(plan) + 1)
        last = agent.state.episodes[-1]
        status = agent.state.status
    finally:
        bench.close()
    assert last.action.name == "finish" and last.result is not None
    got = "ran" if last.result.status == "success" else f"refused: {last.result.output}"
    return got, status


METER = "date,reading\n2025-11-30,3650\n2025-12-31,3912\n"
ORDERS = "id,method,total\n1,card,12\n2,cash,7\n3,card,30\n4,voucher,5\n"
RECIPES = ("Bread dough: flour to water 5:3\nPizza dough: flour to water 5:3.2\n"
           "Pasta dough: flour to egg 2:1\n")
MENU = "name,kind\nSoup,vegetarian\nSteak,meat\nSalad,vegetarian\n"
PRINTERS = "hp-laser: black only\ncanon-ink: colour\n"

#: (task, files at the start, a right plan, the file and text the right plan leaves)
RIGHT = [
    pytest.param("Add January's meter reading to home/meter.csv: 2026-01-31, 4210 kWh",
                 {"home/meter.csv": METER}, [A("home/meter.csv", "2026-01-31,4210\n")],
                 id="a-unit-after-a-number-need-not-be-written"),
    pytest.param("Put 418 in oven/rack2.txt: the grill heat for rack 2, in °F", {},
                 [W("oven/rack2.txt", "418")], id="a-number-that-says-which-file"),
    pytest.param("Since March the bus pass costs 46. Put the new price in pass.txt", {},
                 [W("pass.txt", "46")], id="a-plain-word-of-the-task-need-not-be-written"),
    pytest.param("List the names of the vegetarian dishes from menu.csv in veg.txt, one per line",
                 {"menu.csv": MENU}, [R("menu.csv"), W("veg.txt", "Soup\nSalad\n")],
                 id="a-list-of-some-rows-picked-by-a-value-of-another-column"),
    pytest.param("Create tax.py with a function gross(amount) that adds 7% sales tax to it",
                 {}, [W("tax.py", "def gross(amount):\n    return amount * 1.07\n")],
                 id="a-percentage-a-program-computes"),
    pytest.param("Write a module quota.py that sets MAX_FILES = 40", {},
                 [W("quota.py", "MAX_FILES=40\n")], id="a-spec-token-written-another-way"),
    pytest.param("Which of the 2 printers in printers.txt prints colour? Write its name to "
                 "colour.txt", {"printers.txt": PRINTERS}, [W("colour.txt", "canon-ink")],
                 id="a-number-of-the-question-is-no-value-to-write"),
    pytest.param("what's the flour-to-water ratio for the pizza dough in recipes.txt? save it "
                 "to ratio.txt", {"recipes.txt": RECIPES}, [W("ratio.txt", "5:3.2")],
                 id="a-part-of-the-keyed-value-may-be-the-answer"),
    pytest.param("docs/.report.odt.tmp is junk from a crashed save. Delete it, not report.odt",
                 {"docs/.report.odt.tmp": "~lock", "docs/report.odt": "text"},
                 [D("docs/.report.odt.tmp")], id="a-file-after-not-is-protected-not-the-object"),
    pytest.param("Remove every .log file except today.log",
                 {"mon.log": "a", "tue.log": "b", "today.log": "c"}, [D("mon.log"), D("tue.log")],
                 id="a-file-excepted-from-its-kind"),
    pytest.param("Put the last line of nightly_run.log in result.txt",
                 {"nightly_run.log": "start\nok\ndone in 3s\n"},
                 [R("nightly_run.log"), W("result.txt", "done in 3s")],
                 id="a-verb-inside-a-file-name-is-no-verb"),
    pytest.param("the pool opens at 06:45 on weekends now, note that in pool.txt", {},
                 [W("pool.txt", "06:45 on weekends")], id="a-part-of-a-time-is-no-count"),
    pytest.param("How many different products does basket.json hold? Put the count in "
                 "n_products.txt", {"basket.json": '{"items": [{"sku": "A-7", "n": 3}, '
                                                   '{"sku": "B-2", "n": 4}]}'},
                 [R("basket.json"), W("n_products.txt", "2")],
                 id="products-counted-are-no-multiplication"),
    pytest.param("Look up the port in net.json and write it to server.cfg as a line "
                 "port=<the port>", {"net.json": '{"port": 8081, "host": "box"}'},
                 [R("net.json"), W("server.cfg", "port=8081\n")],
                 id="a-template-s-placeholder-is-no-value"),
    pytest.param("There is a file named notes with no ending. It is markdown: add .md to its "
                 "name", {"notes": "# todo\n"},
                 [("rename_file", {"source": "notes", "destination": "notes.md"})],
                 id="a-new-ending-for-a-name-without-one"),
    pytest.param("move jan.csv into archive/2025/",
                 {"jan.csv": "a,b\n", "archive/2025/dec.csv": "a,b\n"},
                 [("rename_file", {"source": "jan.csv", "destination": "archive/2025/jan.csv"})],
                 id="a-move-into-a-nested-folder"),
    pytest.param("Slip invoice.pdf into paid/", {"invoice.pdf": "%PDF", "paid/a.pdf": "%PDF"},
                 [("rename_file", {"source": "invoice.pdf", "destination": "paid/invoice.pdf"})],
                 id="a-move-into-the-folder-said-without-a-listed-verb"),
    pytest.param("art/logo_new.svg is the version we keep. Take it out of art and call it "
                 "logo.svg", {"art/logo_new.svg": "<svg/>", "art/logo_old.svg": "<svg/>"},
                 [("rename_file", {"source": "art/logo_new.svg", "destination": "logo.svg"})],
                 id="a-relation-noun-asks-no-copy"),
    pytest.param("How many orders in orders.csv came to more than 10? Write the count to "
                 "big_orders.txt", {"orders.csv": ORDERS},
                 [R("orders.csv"), W("big_orders.txt", "2")], id="a-filtered-count-is-not-refused"),
    pytest.param("Count the files kept in the holiday folder and put the number in "
                 "photo_count.txt", {"holiday/a.jpg": "1", "holiday/b.jpg": "2",
                                     "holiday/c.jpg": "3", "notes.txt": "x", "todo.txt": "y"},
                 [("list_folder", {"path": "holiday"}), W("photo_count.txt", "3")],
                 id="a-count-of-a-folder-said-in-words"),
]


@pytest.mark.parametrize(("task", "files", "plan"), RIGHT)
def test_right_work_is_not_refused(tmp_path: Path, task: str, files: dict[str, str],
                                   plan: list[Step]) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got == "ran", got


#: (task, files, a wrong plan, what the refusal must say)
REFUSED = [
    pytest.param("Add January's meter reading to home/meter.csv: 2026-01-31, 4210 kWh",
                 {"home/meter.csv": METER}, [A("home/meter.csv", "2026-01-31\n")],
                 "4210", id="the-number-itself-must-still-land"),
    pytest.param("docs/.report.odt.tmp is junk from a crashed save. Delete it, not report.odt",
                 {"docs/.report.odt.tmp": "~lock", "docs/report.odt": "text"},
                 [D("docs/report.odt")], "report.odt", id="the-protected-file-deleted"),
    pytest.param("what's the flour-to-water ratio for the pizza dough in recipes.txt? save it "
                 "to ratio.txt", {"recipes.txt": RECIPES}, [W("ratio.txt", "5:3")],
                 "5:3.2", id="another-key-s-value-is-no-part-of-this-one"),
    pytest.param("List every name from menu.csv in dishes.txt, one per line",
                 {"menu.csv": MENU}, [R("menu.csv"), W("dishes.txt", "Soup\nSteak\n")],
                 "Salad", id="a-whole-column-with-a-value-left-out"),
    pytest.param("Write a module quota.py that sets MAX_FILES = 40", {},
                 [W("quota.py", "LIMIT = 40\n")], "MAX_FILES",
                 id="the-name-a-program-must-define"),
    pytest.param("Remove every .log file except today.log",
                 {"mon.log": "a", "tue.log": "b", "today.log": "c"}, [D("mon.log")],
                 "tue.log", id="a-file-of-the-kind-left"),
    pytest.param("Multiply the two numbers in pair.txt and save the product in out.txt",
                 {"pair.txt": "6\n9\n"}, [R("pair.txt"), W("out.txt", "15")], "54",
                 id="a-product-computed-wrong"),
    pytest.param("There is a file named notes with no ending. It is markdown: add .md to its "
                 "name", {"notes": "# todo\n", "ideas": "- fly\n"},
                 [("rename_file", {"source": "ideas", "destination": "ideas.md"})], "ideas",
                 id="another-file-given-the-ending"),
    pytest.param("Put the word pending in state.txt", {}, [W("status.txt", "pending")],
                 "state.txt", id="the-named-file-never-written"),
]


@pytest.mark.parametrize(("task", "files", "plan", "says"), REFUSED)
def test_wrong_work_the_record_contradicts_is_refused(tmp_path: Path, task: str,
                                                      files: dict[str, str], plan: list[Step],
                                                      says: str) -> None:
    got, _status = play(tmp_path, task, files, plan)
    assert got.startswith("refused: ") and says in got, got


#: wrong work no rule proves wrong any more: it ends "unverified", never FINISHED
UNPROVEN = [
    pytest.param("How many orders in orders.csv came to more than 10? Write the count to "
                 "big_orders.txt", {"orders.csv": ORDERS},
                 [R("orders.csv"), W("big_orders.txt", "3")], id="a-wrong-filtered-count"),
    pytest.param("How many lines does orders.csv have? Write the count to n.txt",
                 {"orders.csv": ORDERS}, [R("orders.csv"), W("n.txt", "9")],
                 id="a-wrong-plain-count"),
    pytest.param("Which of the 2 printers in printers.txt prints colour? Write its name to "
                 "colour.txt", {"printers.txt": PRINTERS}, [W("colour.txt", "hp-laser")],
                 id="the-other-printer"),
]


@pytest.mark.parametrize(("task", "files", "plan"), UNPROVEN)
def test_wrong_work_no_rule_proves_wrong_never_ends_finished(
        tmp_path: Path, task: str, files: dict[str, str], plan: list[Step]) -> None:
    _got, status = play(tmp_path, task, files, plan)
    assert status != "finished"


def test_a_name_the_listing_shows_and_the_run_renamed_is_read_once(tmp_path: Path) -> None:
    """A small model is shown the listing up front: the renamed file stands there and among
    the run's losses, and is still one name the task says."""
    (tmp_path / "notes.md").write_text("# todo\n")
    task = "There is a file named notes with no ending. It is markdown: add .md to its name"
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    state.episodes.append(Episode(number=1, action=Action(
        name="rename_file", arguments={"source": "notes", "destination": "notes.md"}),
        result=CommandResult.ok("renamed")))
    assert explain(state, "done", shown={".": "notes\nideas"}) is None
