"""A step's situation does no work whose result it drops: the edits of a file are searched
only when a step may change that file (``Situation.changeable``)."""

from __future__ import annotations

from autonomo.agent.strategies import edits, grounding


def _files(tmp_path, count: int) -> str:
    for i in range(count):
        (tmp_path / f"f{i}.txt").write_text("".join(f"item {j} costs {j * 3} euro\n"
                                                    for j in range(20)))
    return ", ".join(f"f{i}.txt" for i in range(count))


def _searched(monkeypatch) -> list[str]:
    searched: list[str] = []
    search = edits.edits
    monkeypatch.setattr(edits, "edits", lambda text, task, files=(), of="": searched.append(
        text) or search(text, task, files, of))
    return searched


def test_files_the_task_only_reads_are_not_searched_for_edits(tmp_path, monkeypatch):
    names = _files(tmp_path, 30)
    searched = _searched(monkeypatch)
    where = grounding.situation(tmp_path, f"Read {names} and write the largest cost to m.txt")
    assert searched == [] and where.edits == ()


def test_a_file_the_task_changes_is_still_searched(tmp_path, monkeypatch):
    names = _files(tmp_path, 3)
    searched = _searched(monkeypatch)
    where = grounding.situation(tmp_path, f"In {names}, replace euro with EUR")
    assert len(searched) == 3
    assert {name for name, _ in where.edits} == {"f0.txt", "f1.txt", "f2.txt"}


def test_twin_pairs_are_every_pair_of_twins_in_order():
    """``_twin_pairs`` finds by name what trying every pair found (a task naming 300 files
    tried 90,000 pairs a step)."""
    import random

    from autonomo.agent.strategies.designation import _twin_pairs, _twins

    rng = random.Random(7)
    bases = ["a.json", "a.json.bak", "a.json~", "a", "a.", "a.b.c", "a.b", "b.txt", "b.txt~~",
             ".env", ".env.bak", "x.y.z~"]
    for _ in range(2000):
        paths = [rng.choice(["", "bak/", "old/", "d/e/"]) + rng.choice(bases)
                 for _ in range(rng.randint(0, 9))]
        assert _twin_pairs(paths) == [(a, b) for a in paths for b in paths
                                      if _twins(a, b) or _twins(b, a)], paths
