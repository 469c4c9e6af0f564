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
from finish_fresh_cases5 import CASES5
from finish_fresh_cases6 import CASES6
from finish_fresh_cases7 import CASES7
from finish_fresh_cases8 import CASES8

CASES = _CASES1 + CASES2 + CASES3 + CASES4 + CASES5 + CASES6 + CASES7 + CASES8

#: one plugin manager for every run (built-ins only; making one per run costs 0.1 s)
_PLUGINS = plugins()
_NO = "false refusal: "
_YES = "false FINISHED: "
#: (task, right?, plan number) the check gets wrong today, and why (main at 7afc05f, the
#: check asking for positive evidence). At a436f0d 19 right plans were refused too (values
#: the question is about, possessives, whole rewrites, '.bak' endings…); all fixed since.
#: Session 21: a wrong plan passes when its run does not end FINISHED (refused, or ended
#: "unverified" by the positive verifiers, ``agent/verifying``); the 48 "false accept" lines
#: that were here (10 of them finish_fresh_cases4's) all pass so, and went.
#: Session 22 (i10r, rules refuse only on proof): 13 false refusals fixed and gone: deletions
#: worded outside the removal verbs, a part of a keyed value, a list filtered by a value, a file
#: excepted from its kind, a file's stem read as a verb; of cases6 a filtered count, a unit
#: left out, a move without a listed verb.
KNOWN: dict[tuple[str, bool, int], str] = {
    # -- finish_fresh_cases2 (session 19), main at 79fa537 ---------------------------------------
    # false REFUSALS of right work (reported to i10v 05:38); strict, so a fix must delete them
    # added 06:08, main at 0f32940: deletions worded beyond the lexicon of removal verbs
    ('logo_v2.png took over from logo.png; the old logo should disappear', True, 0):
        _NO + "'should disappear' is no removal",
    # added 07:31, main at d544db3: deletions worded outside the removal lexicon
    ('old.txt has served its purpose; get it out of here', True, 0):
        _NO + "'get it out of here' is no removal",
    ('Retire v0.cfg, keep.txt stays', True, 0): _NO + "'retire' is no removal verb",

    # -- finish_fresh_cases3 (session 20, i10x), main at 3948f07: by failure class ---------------
    # -- finish_fresh_cases4 (session 21, i10x), main at 268c14d: the stance "FINISHED only when
    # the operation and its result are recognised"
    ('Replace what status.txt says with closed', True, 0):
        _NO + 'replacing a text worded without a lexicon verb counts as loss',
    # -- finish_fresh_cases5 (session 21, i10x), i10v at e67ad23: wrong work a positive verifier
    # could take for the operation it recognises
    # (the pointer file copied and the part-of-a-file copy, false FINISHED here at e67ad23, are
    # closed by i10v in session 22: the copy's object read after its verb)
    ('Of draft_a.txt and draft_b.txt, delete the one that is empty', True, 0):
        _NO + 'a file named to be judged, not changed, counts as never used',
    ('In paint.txt replace red with blue on every line except the first', True, 1):
        _NO + 'a whole rewrite of a file the task edits counts as loss',
    # -- finish_fresh_cases6 (session 22, i10x), main at de605d7: old rules refusing right work
    ('Remove the editor backup report.md~; report.md stays', True, 0):
        _NO + "a leftover's name read as the name of the file it shadows",
    ('In prefs.json mute the sound (sound.muted true)', True, 0):
        _NO + 'a dotted key path read as one key that does not exist',
    # -- finish_fresh_cases7 (session 22, i10x), main at 18f8979: a pronoun after a pointer file
    # (the two false FINISHED here, a pronoun for the file a pointer file names, closed by i10v
    # at 15:30: a file said to hold or name something else is not what a later "it" copies)
    ('The plan we chose is named in which.txt. Rename it to chosen.md', True, 0):
        _NO + 'the pointer file taken for the file to rename',
    # -- finish_fresh_cases8 (session 23, i10x): the eight other cases8 misses were closed by
    # i10v's branch (s23); left: a keep statement inside brackets after the removed name
    ('Remove old_notes.txt (notes.txt is to be kept)', True, 0):
        _NO + 'the removal object read past the clause: asks for the kept file to go',
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
    runs: list[AgentState] = []
    ws, accepted, why = play(tmp_path, task, files, plan, runs)
    assert check(ws) is right, "the plan's label is wrong: the case's check disagrees"
    if right:  # right work is never refused (it may end not verified: ``agent/verifying``)
        last = runs[0].episodes[-1] if runs[0].episodes else None
        refused = last is None or last.action.name != "finish" or last.result is None \
            or last.result.status != "success"
        assert not refused, f"{task!r} {plan}: refused | {why}"
    else:  # wrong work never ends FINISHED: refused, or not verified
        assert not accepted, f"{task!r} {plan}: FINISHED | {why}"


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
            row = totals.setdefault(kind, [0] * 10)
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
                    row[9] += not right and runs[0].status == "finished"
                    print(f"# {kind} {n}-{'right' if right else 'wrong'}{i} {task[:45]!r}: "
                          f"{'accepted' if accepted else 'refused'}{'  <--' if bad else ''}"
                          f"{'' if small == accepted else ' (small model: the opposite)'}"
                          f"{'' if accepted else ' | ' + why[:140]}", flush=True)
    names = ("right_plans", "right_refused", "wrong_plans", "wrong_accepted", "mislabelled",
             "small_right_refused", "small_wrong_accepted", "no_evidence_right_refused",
             "no_evidence_wrong_accepted", "wrong_ended_finished")
    for kind, row in totals.items():
        print(f"{kind}: " + ", ".join(f"{k} {v}" for k, v in zip(names, row, strict=True)))
    for j, name in enumerate(names):
        print(f"{name}: {sum(row[j] for row in totals.values())}")


if __name__ == "__main__":
    report()
