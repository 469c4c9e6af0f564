"""autonomo's own SOP file: schema, errors that name file, line and field, and the engine's
speakers, transitions and cycles."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from autonomo.llm.scripted import ScriptedModel
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.team.sop.source import SopError
from sop_helpers import Recorder

GOOD = """\
sop: 1
name: poem
variables:
  audience: children
roles:
  Writer:
    prompt: "You write short poems for {audience}. The task: {task}"
  Editor:
    prompt: "You edit poems."
  Judge:
    prompt: "You decide."
start: draft
states:
  draft:
    roles: [Writer, Editor]
    opening: {role: Editor, text: "Write the poem about {task}."}
    max_turns: 4
    conclusion: "<INFO>"
    set: {poem: conclusion}
    next:
      - {to: polish, marker: "<INFO> needs work"}
      - {to: decide, when: {variable: poem, not_empty: true}}
  polish:
    cycle: [critique, revise]
    cycles: 3
    break_when: [{variable: verdict, contains: "good"}]
    next: [{to: decide}]
  critique:
    roles: [Editor]
    max_turns: 1
    set: {verdict: conclusion}
  revise:
    roles: [Writer]
    max_turns: 1
    set: {poem: conclusion}
  decide:
    roles: [Judge, Writer, Editor]
    speakers:
      rule:
        - {if: {variable: last_speaker, equals: Judge}, speaker: Editor}
    max_turns: 2
    next:
      - {to: end, decided_by: model}
      - {to: draft, decided_by: model}
"""




def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sop.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_marker_transition_cycle_and_model_choice(tmp_path: Path):
    model = ScriptedModel([
        "A poem.\n<INFO> needs work",  # Writer concludes with a marker -> polish
        "The rhyme is weak.",  # critique, cycle 1
        "A better poem.",  # revise
        "This is good now.",  # critique, cycle 2 -> break
        "I approve.",  # decide: first in order is Judge
        "Fine by me.",  # rule: after the Judge, the Editor
        "<next>end</next>",  # the model picks the transition
    ])
    recorder = Recorder()
    result = SopRun(load_sop(write(tmp_path, GOOD)), "the sea", model=model,
                    workspace=tmp_path / "ws", observer=recorder).run()
    assert result.status == "finished", result.reason
    model.assert_all_used()
    assert model.calls[0]["messages"][0].content.startswith("You write short poems for children")
    assert model.calls[0]["messages"][1].content == "Write the poem about the sea."
    assert result.variables["poem"] == "A better poem."
    moves = [(t["frm"], t["to"], t["why"]) for t in recorder.of("transition")]
    assert moves == [("draft", "polish", "the conclusion says <INFO> needs work"),
                     ("polish", "decide", "the next stage"),
                     ("decide", "end", "the model chose end")]
    assert [s["why"] for s in recorder.of("speaker") if s["state"] == "decide"] == [
        "first in order", "rule: last_speaker equals 'Judge'"]
    assert recorder.of("cycle")[-1]["ended"] == "break: verdict contains 'good'"


def test_human_transition_and_human_role(tmp_path: Path):
    text = GOOD.replace("decided_by: model", "decided_by: human").replace(
        "  Judge:\n    prompt: \"You decide.\"", "  Judge:\n    human: true")
    model = ScriptedModel(["Done.\n<INFO> ok", "Nice."])
    answers = iter(["Ship it.", "end"])
    asked = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    result = SopRun(load_sop(write(tmp_path, text)), "x", model=model, workspace=tmp_path / "w",
                    ask_human=ask).run()
    assert result.status == "finished", result.reason
    assert asked[0].startswith("Judge") and "end / draft" in asked[1]


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ("roles: [Writer, Editor]", "roles: [Writer, Editr]", "/states/draft/roles/1",
     ["unknown role 'Editr'", "declare it under `roles`"]),
    ("{to: decide, when", "{to: decision, when", "/states/draft/next/1/to",
     ["unknown state 'decision'", "polish"]),
    ("for {audience}", "for {readers}", "/roles/Writer/prompt",
     ["{readers} has no value", "declare it under `variables`"]),
    ("max_turns: 4", "max_turns: four", "/states/draft/max_turns",
     ["wrong type", "whole number"]),
    ("cycles: 3", "cycles: 0", "/states/polish/cycles", ["minimum"]),
    ('prompt: "You edit poems."', 'prompt: "You edit poems."\n    commands: [read_file, fly]',
     "/roles/Editor/commands/1", ["unknown command 'fly'", "write_file"]),
    ("  draft:\n    roles", "  draft:\n    speakers: loudest\n    roles", "/states/draft/speakers",
     ["order, random, model"]),
])
def test_bad_file_names_file_line_and_field(tmp_path: Path, old, new, field, words):
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(SopError) as error:
        load_sop(path)
    problem = next((p for p in error.value.problems if p.field == field), None)
    assert problem is not None, error.value.problems
    for word in words:
        assert word in problem.message
    line = path.read_text().splitlines()[problem.line - 1]
    assert field.rsplit("/", 1)[-1] in line or new.split(":")[0].strip() in line or (
        new.split()[-1].strip("]}") in line)
    assert f"{path}:{problem.line}" in str(error.value)


def test_nothing_runs_when_invalid(tmp_path: Path):
    model = ScriptedModel([])
    with pytest.raises(SopError):
        SopRun(load_sop(write(tmp_path, GOOD.replace("Editor]", "Nobody]"))), "x", model=model,
               workspace=tmp_path / "w").run()
    assert model.calls == []
    assert not (tmp_path / "w").exists()
