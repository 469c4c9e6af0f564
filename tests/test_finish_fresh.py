"""The finish check on fresh wordings (``finish_fresh_cases``): right work is accepted, wrong
work is refused, each plan played through the real ``Runner``, commands and sandbox.

    PYTHONPATH=src python3 tests/test_finish_fresh.py     # the per-kind report

The labels are verified: each case's own check on the workspace must agree with them. Known
misses stay listed below as strict expected failures, so a fix shows up (and must be moved).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from agent_helpers import plugins, reply, workbench
from autonomo import AgentProfile, ScriptedModel, Settings
from autonomo.agent.finishing import finish_objection
from autonomo.agent.runner import Runner
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.base import LISTED_FILES
from autonomo.agent.strategies.grounding import previews, situation
from finish_fresh_cases import CASES as _CASES1
from finish_fresh_cases import Step
from finish_fresh_cases2 import CASES2
from finish_fresh_cases3 import CASES3
from finish_fresh_cases4 import CASES4

CASES = _CASES1 + CASES2 + CASES3 + CASES4

#: one plugin manager for every run (built-ins only; making one per run costs 0.1 s)
_PLUGINS = plugins()
_MISS = "false accept: "
_NO = "false refusal: "
#: (task, right?, plan number) the check gets wrong today, and why (main at 7afc05f, the
#: check asking for positive evidence). At a436f0d 19 right plans were refused too (values
#: the question is about, possessives, whole rewrites, '.bak' endings…); all fixed since.
KNOWN: dict[tuple[str, bool, int], str] = {
    ('Add cherry as a new last line of fruits.txt', False, 1):
        _MISS + 'a lower-case word the task gives is no stated value',
    ('Write the number of words in title.txt to n_words.txt', False, 1):
        _MISS + 'a count task answered with a word from the file',
    ('List the .py files in src, one per line, in modules.txt', False, 0):
        _MISS + "'List the .py files in src' (no 'folder') misses the folder",
    ('List the .py files in src, one per line, in modules.txt', False, 1):
        _MISS + "'List the .py files in src' (no 'folder') misses the folder",
    ('Write a Python file shout.py that prints HELLO in capitals', False, 0):
        _MISS + 'values are compared without case',
    ('Create mathx.py defining a function triple(n) that returns n times 3', False, 0):
        _MISS + 'what a function returns is not checked',
    ('hello.py prints Hi. Make it print Welcome instead', False, 0):
        _MISS + 'the program prints more than asked',
    ('If flag.txt says on, write enabled to status.txt, otherwise write disabled', False, 0):
        _MISS + 'the wrong branch of a condition',
    ('Write the capital of France to capital.txt', False, 1):
        _MISS + 'a wrong capital (a value the record cannot judge)',
    ('Replace the contents of motto.txt with carpe diem', False, 1):
        _MISS + 'half of the text the task gives',
    # -- finish_fresh_cases2 (session 19), main at 79fa537 ---------------------------------------
    ('Tea ran out too - put it on groceries.md', False, 0): _MISS + 'the list written over',
    ('Tea ran out too - put it on groceries.md', False, 1): _MISS + "the task's chatter appended",
    ('Lena scored 88; record her in results.csv like the others', False, 0):
        _MISS + 'a sentence appended to a CSV',
    ('Lena scored 88; record her in results.csv like the others', False, 2):
        _MISS + 'the CSV written over',
    ('Make stock.csv with columns item and qty: hammers 4, nails 250', False, 0):
        _MISS + 'two rows written as one line',
    ('limits.json: a JSON object with max_mb 25 and guests false', False, 1):
        _MISS + 'a key the task gives missing',
    ('Start requirements.txt with django 5.0 and pillow 10.3, pinned', False, 0):
        _MISS + 'one prose line, no pins',
    ('tally.py should print the sum of 1 to 10 when run', False, 0):
        _MISS + 'what the program prints is not checked',
    ('tally.py should print the sum of 1 to 10 when run', False, 1):
        _MISS + 'what the program prints is not checked',
    ("draft_FINAL2.txt is a silly name; I'd like it to be called essay.txt", False, 0):
        _MISS + "renaming worded without 'rename': a copy",
    ("draft_FINAL2.txt is a silly name; I'd like it to be called essay.txt", False, 1):
        _MISS + "renaming worded without 'rename': a write",
    ('Combine part1.txt and part2.txt into whole.txt, part1 first', False, 0):
        _MISS + 'the file names written for their texts',
    ('Who is older according to ages.csv, Noor or Sven? Write the name to older.txt', False,
     0): _MISS + 'the other name of the two',
    # false REFUSALS of right work (reported to i10v 05:38); strict, so a fix must delete them
    # added 06:08, main at 0f32940: deletions worded beyond the lexicon of removal verbs
    ('logo_v2.png took over from logo.png; the old logo should disappear', True, 0):
        _NO + "'should disappear' is no removal",
    # added 06:55, main at 7145639: analogues of the fresh set's false finishes (i10x)
    ('Which framework does app.md say the service uses? Put it in framework.txt', False, 1):
        _MISS + 'another word of the file written as the value found',
    ('audit.log has one line starting with DENIED. Save the user named on it to denied.txt',
     False, 0): _MISS + 'the whole log copied for one value',
    ('audit.log has one line starting with DENIED. Save the user named on it to denied.txt',
     False, 1): _MISS + 'lines of the log written for one value',
    ('Write the odd numbers from vals.txt, one per line, to odds.txt', False, 0):
        _MISS + 'a number absent from the input written as the list',
    ('Write the odd numbers from vals.txt, one per line, to odds.txt', False, 1):
        _MISS + 'the even numbers for the odd ones',
    ('evens.py should print the even numbers from 2 to 8, one per line', False, 0):
        _MISS + 'what the program prints is not checked',
    ('evens.py should print the even numbers from 2 to 8, one per line', False, 1):
        _MISS + 'what the program prints is not checked',

    # added 07:31, main at d544db3: deletions worded outside the removal lexicon
    ('Zap build.log', True, 0): _NO + "'zap' is no removal verb",
    ('old.txt has served its purpose; get it out of here', True, 0):
        _NO + "'get it out of here' is no removal",
    ('There is no use for legacy.ini any more', True, 0): _NO + "'no use for' is no removal",
    ('Retire v0.cfg, keep.txt stays', True, 0): _NO + "'retire' is no removal verb",
    ('Kill off scratch.md', True, 0): _NO + "'kill off' is no removal",

    # -- finish_fresh_cases3 (session 20, i10x), main at 3948f07: by failure class ---------------
    ('Add a line bye at the end of session.log', False, 0):
        _MISS + 'a shell redirection overwrote the file the task appends to',
    ('Add a line bye at the end of session.log', False, 1):
        _MISS + "a shell edit removed the file's first line after the append",
    ('Clone theme.css as theme_dark.css', False, 1):
        _MISS + "the source's name written for its text",
    ('What date is the meeting in invite.txt? Write it to when.txt', True, 0):
        _NO + "the date alone is refused: the check wants the whole field, time included",
    ('Which numpy version does requirements.txt pin? Write it to np.txt', True, 0):
        _NO + "the version is read as '=1.26.4' (half of the '==' kept)",
    ('Do away with scratch_2.txt', True, 0): _NO + "'do away with' is no removal",
    # added 10:05, main at 0f68a43 (same on i10v's 710fd76)
    ('Write the word blue to shade.txt', False, 0):
        _MISS + 'a file the task never names emptied by a shell command',
    ('Write the word blue to shade.txt', False, 1):
        _MISS + 'a file the task never names overwritten by a shell copy',
    ('Delete trace.out', False, 1): _MISS + 'files the task never names deleted by a shell search',
    ('Copy the postcode from address.txt into postcode.txt', False, 0):
        _MISS + 'a part of a value of two words written for the value',
    ('Copy the postcode from address.txt into postcode.txt', False, 1):
        _MISS + 'a part of a value of two words written for the value',
    ("What is the ticket's price in fare.txt? Save it to price.txt", True, 1):
        _NO + 'the amount without its currency word is refused',
    # -- finish_fresh_cases4 (session 21, i10x), main at 268c14d: the stance "FINISHED only when
    # the operation and its result are recognised"
    ('Keep a spare of deck.txt called deck_spare.txt', False, 0):
        _MISS + 'a move where a copy is asked: the source is gone',
    ('wip.md is finished: call it chapter3.md from now on', False, 0):
        _MISS + 'a copy where a move is asked: the old name stays',
    ('drafts/old_intro.txt can go; keep the rest of drafts/', False, 1):
        _MISS + 'a removal answered by a rename: the file lives on under another name',
    ('Replace what status.txt says with closed', True, 0):
        _NO + 'replacing a text worded without a lexicon verb counts as loss',
    ('Which day in temps.csv was warmest? Put the day in warmest.txt', False, 0):
        _MISS + 'an extreme of a column not derived: the coolest day written',
    ('Which day in temps.csv was warmest? Put the day in warmest.txt', False, 1):
        _MISS + 'an extreme of a column not derived: another day written',
    ('How many pilots does crew.csv list? Write the number to pilots.txt', False, 0):
        _MISS + 'a filtered count answered with all the rows',
    ('Write crew.json: a JSON object mapping Arne to pilot and Bea to navigator', False, 1):
        _MISS + 'a mapping the task gives written with its values swapped',
    ('Put the pilots from crew.csv in pilots_list.txt, one name per line', True, 0):
        _NO + 'a filtered list refused as an incomplete list of every name',
    ('Make a Python module volume.py with box(a, b, c) returning the volume of a box', False,
     0): _MISS + 'what a function returns is not checked',
    ('Run greet.py with the argument Mira and write its output to greet_out.txt', False, 0):
        _MISS + 'the output of a run with an argument written in part',
    ('Run greet.py with the argument Mira and write its output to greet_out.txt', False, 1):
        _MISS + 'the argument written for the output of a run',
}


def _workspace(tmp: Path, files: dict[str, str]) -> Path:
    ws = tmp / "ws"
    ws.mkdir(parents=True)
    for path, text in files.items():
        (ws / path).parent.mkdir(parents=True, exist_ok=True)
        (ws / path).write_text(text)
    return ws


def play(tmp: Path, task: str, files: dict[str, str], plan: list[Step],
         runs: list[AgentState] | None = None, *, evidence: bool = True
         ) -> tuple[Path, bool, str]:
    """Run ``plan`` then ``finish`` in a fresh workspace: (workspace, accepted, reply); the
    run's state is added to ``runs``. ``evidence``: the check asks for positive evidence (as
    on a small local model, where it is on by default) or only for no contradiction."""
    ws = _workspace(tmp, files)
    model = ScriptedModel([reply(n, **a) for n, a in plan] + [reply("finish", reason="done")])
    bench = workbench(Settings(data_dir=tmp / "data", sandbox={"allow_shell": True},
                                agent={"finish_evidence": evidence}), model,
                      _PLUGINS)
    try:
        agent = bench.new_agent(task, workspace=ws,
                                profile=AgentProfile(name="T", role="a test agent"))
        Runner(agent).run(max_steps=len(plan) + 1)
        last = agent.state.episodes[-1] if agent.state.episodes else None
        ended = agent.state.status
        if runs is not None:
            runs.append(agent.state)
    finally:
        bench.close()
    if last is None or last.action.name != "finish" or last.result is None:
        return ws, False, "no finish"
    # accepted = the run ended FINISHED (a refused finish goes on; a finish nothing verifies
    # ends with another status)
    return ws, ended == "finished", f"[{ended}] {last.result.output}"


def _plans() -> list:
    out = []
    for n, (kind, task, _files, _check, rights, wrongs) in enumerate(CASES):
        for right, plans in ((True, rights), (False, wrongs)):
            for i in range(len(plans)):
                known = KNOWN.get((task, right, i))
                marks = [pytest.mark.xfail(strict=True, reason=known)] if known else []
                out.append(pytest.param(n, right, i, marks=marks,
                                        id=f"{n}-{kind}-{'right' if right else 'wrong'}{i}"))
    return out


@pytest.mark.parametrize(("n", "right", "i"), _plans())
def test_fresh_wording(tmp_path: Path, n: int, right: bool, i: int) -> None:
    _kind, task, files, check, rights, wrongs = CASES[n]
    plan = (rights if right else wrongs)[i]
    ws, accepted, why = play(tmp_path, task, files, plan)
    assert check(ws) is right, "the plan's label is wrong: the case's check disagrees"
    assert accepted is right, f"{task!r} {plan}: {'refused' if right else 'accepted'} | {why}"


def first_look(tmp: Path, task: str, files: dict[str, str]) -> dict[str, str]:
    """What a small model is shown up front for ``task`` (the listing, short files' texts)."""
    ws = _workspace(tmp / "look", files)
    return {".": "\n".join(situation(ws, task).files[:LISTED_FILES]),
            **{p.name: p.text for p in previews(ws, task)}}


def report() -> None:
    """Print, per kind, right work refused and wrong work accepted (``name: value`` lines),
    the check asking for positive evidence; ``small_*``: the same records judged as a small
    model's, shown the files up front; ``no_evidence_*``: by the contradiction check alone
    (the default for a model that is not a small local one)."""
    totals: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as t:
        for n, (kind, task, files, check, rights, wrongs) in enumerate(CASES):
            row = totals.setdefault(kind, [0] * 9)
            for right, plans in ((True, rights), (False, wrongs)):
                for i, plan in enumerate(plans):
                    tmp = Path(t) / f"{n}-{right}-{i}"
                    tmp.mkdir()
                    runs: list[AgentState] = []
                    ws, accepted, why = play(tmp, task, files, plan, runs)
                    if check(ws) is not right:
                        row[4] += 1
                        print(f"# MISLABELLED {n}-{right}-{i}", flush=True)
                        continue
                    runs[0].episodes = [e for e in runs[0].episodes
                                        if e.action.name != "finish"]
                    small = finish_objection(runs[0], "done",
                                             shown=first_look(tmp, task, files)) is None
                    plain = finish_objection(runs[0], "done", evidence=False) is None
                    row[0 if right else 2] += 1
                    bad = accepted is not right
                    row[1 if right else 3] += bad
                    row[5 if right else 6] += small is not right
                    row[7 if right else 8] += plain is not right
                    print(f"# {kind} {n}-{'right' if right else 'wrong'}{i} {task[:45]!r}: "
                          f"{'accepted' if accepted else 'refused'}{'  <--' if bad else ''}"
                          f"{'' if small == accepted else ' (small model: the opposite)'}"
                          f"{'' if accepted else ' | ' + why[:140]}", flush=True)
    names = ("right_plans", "right_refused", "wrong_plans", "wrong_accepted", "mislabelled",
             "small_right_refused", "small_wrong_accepted", "no_evidence_right_refused",
             "no_evidence_wrong_accepted")
    for kind, row in totals.items():
        print(f"{kind}: " + ", ".join(f"{k} {v}" for k, v in zip(names, row, strict=True)))
    for j, name in enumerate(names):
        print(f"{name}: {sum(row[j] for row in totals.values())}")


if __name__ == "__main__":
    report()
