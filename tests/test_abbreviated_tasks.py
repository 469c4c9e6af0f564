"""A title's or an abbreviation's period ("Dr. Lin", "St. Mary's", "approx. 40") ends no
sentence: rules that cut the task there offered "Dr" as the text to write and the verifier
confirmed a file holding it (FINISHED while wrong). And a possessive description after a
verb ("save Lin's extension into lin.txt") names the value to look up: a file holding
those words is not confirmed. Wordings of this file's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_helpers import ConstrainedModel, reply
from autonomo import Settings, Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.agent.strategies.grounding import situation
from autonomo.agent.task_text import clauses, phrases, sentences
from autonomo.agent.verifying_values import stated

TREE = {"people.csv": "name,ext,room\nDr. Lin,4471,B12\nMr. Okafor,4480,C3\n"
                      "Prof. Adams,4402,E4\nSt. Mary's,4499,Hall\n"}
#: (task, the file it writes, the bare abbreviation a cut reading took for the value)
TITLED = [
    ("Write Mr. Okafor's room number to room.txt", "room.txt", "Mr"),
    ("Save Dr. Lin's extension into lin.txt", "lin.txt", "Dr"),
    ("Put St. Mary's extension in mary.txt", "mary.txt", "St"),
    ("jot down Prof. Adams' room in adams.txt", "adams.txt", "Prof"),
    ("Please record Dr. Lin's room into lin_room.txt", "lin_room.txt", "Dr"),
]
#: (task, the file it writes, its description of the value)
DESCRIBED = [
    ("Save Lin's extension into lin.txt", "lin.txt", "Lin's extension"),
    ("Store Okafor's room into okafor.txt", "okafor.txt", "Okafor's room"),
    ("write Adams' extension to adams.txt", "adams.txt", "Adams' extension"),
    ("Put Dr. Lin's room in room.txt", "room.txt", "Dr. Lin's room"),
    ("record Mary's extension into m.txt", "m.txt", "Mary's extension"),
]



#: (task, the file it writes, the text it states, with a time's "a.m."/"p.m." inside)
TIMED = [
    ("Create notes.md containing: Meeting at 3 p.m. sharp", "notes.md",
     "Meeting at 3 p.m. sharp"),
    ("put the meeting time, 10 a.m. on Friday, in time.txt", "time.txt", "10 a.m. on Friday"),
    ("sign.txt should say: Doors open at 7 p.m. sharp", "sign.txt",
     "Doors open at 7 p.m. sharp"),
    ("make reminder.txt saying: call Ana at 4 p.m. tomorrow", "reminder.txt",
     "call Ana at 4 p.m. tomorrow"),
    ("Create alarm.txt with the content: wake at 6 a.m. sharp", "alarm.txt",
     "wake at 6 a.m. sharp"),
]


def _run(tmp_path: Path, task: str, path: str, content: str) -> str:
    ws = tmp_path / "ws"
    ws.mkdir(parents=True)
    for name, text in TREE.items():
        (ws / name).write_text(text)
    model = ConstrainedModel([reply("read_file", path="people.csv"),
                          reply("write_file", path=path, content=content),
                          *[reply("finish", reason="done")] * 3])
    bench = Workbench.open(Settings(data_dir=tmp_path / "data"), models=(model, model, model))
    bench.memory = False
    try:
        agent = bench.new_agent(task, workspace=ws)
        return Runner(agent, AutoApproval()).run(max_steps=5).status
    finally:
        bench.close()


@pytest.mark.parametrize(("task", "path", "title"), TITLED)
def test_a_title_is_neither_offered_nor_confirmed_as_the_value(tmp_path: Path, task: str,
                                                                path: str, title: str) -> None:
    for name, text in TREE.items():
        (tmp_path / name).write_text(text)
    assert title not in situation(tmp_path, task).texts
    assert title not in stated(task, path)
    assert _run(tmp_path, task, path, title) != "finished"


@pytest.mark.parametrize(("task", "path", "described"), DESCRIBED)
def test_a_possessive_description_written_is_not_confirmed(tmp_path: Path, task: str,
                                                           path: str, described: str) -> None:
    assert stated(task, path) == set()
    assert _run(tmp_path, task, path, described) != "finished"


@pytest.mark.parametrize(("task", "path", "text"), TIMED)
def test_a_time_in_a_stated_text_is_offered_and_verified_whole(tmp_path: Path, task: str,
                                                               path: str, text: str) -> None:
    """(the text was cut at "p.m.", offered first and confirmed so: FINISHED while wrong)"""
    assert text in situation(tmp_path, task).texts
    assert stated(task, path) == {text}
    cut = text[:text.index(".m.") + 2]
    assert _run(tmp_path / "cut", task, path, cut) != "finished"
    assert _run(tmp_path / "whole", task, path, text) == "finished"


def test_a_real_stop_still_ends_a_sentence_and_a_stated_value() -> None:
    task = "Write hi to a.txt. Then ask Dr. Lin; approx. 4 left! St. Mary's too"
    assert sentences(task) == ["Write hi to a.txt", "Then ask Dr. Lin",
                               "approx. 4 left", "St. Mary's too"]
    assert phrases("Note: Mr. X - ok") == ["Note", "Mr. X", "ok"]
    assert sentences("Meet at 3 p.m. sharp. Then at 4 p.m. Bring tea") == [
        "Meet at 3 p.m. sharp", "Then at 4 p.m", "Bring tea"]
    assert clauses("Ask Dr. Lin. But not Mr. Ito") == ["Ask Dr. Lin", " not Mr. Ito"]
    # (an abbreviation is read in its own case: a unit or a word that looks like one ends
    # its sentence)
    assert clauses("the hall is 10 ft. then write 3 to a.txt") == [
        "the hall is 10 ft", "then write 3 to a.txt"]
    assert stated(task, "a.txt") == {"hi"}
    assert stated("Add the word Dr. Who's to a.txt.", "a.txt") == {"Dr. Who's"}
