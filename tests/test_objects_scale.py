"""``objects.objects`` made near-linear gives what the cubic one gave (kept word for word in
``benchmarks/objects_before.py``) on worded tasks, and its name tests no longer grow with the
names times the words. (The rewrite matched the old code on 6,000 generated tasks when it landed;
later changes to what an object is, e.g. a file-like token ending it, differ from the old code on
purpose, so that comparison is no longer a test.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from autonomo.agent.strategies import objects as adding

_SPEC = importlib.util.spec_from_file_location(
    "objects_before", Path(__file__).parent.parent / "benchmarks" / "objects_before.py")
assert _SPEC is not None and _SPEC.loader is not None
before = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(before)

@pytest.mark.parametrize(("task", "files"), [
    ("add f0.txt add f1.txt add f10.txt and then add the line 'x' to the end of f1.txt",
     ["f0.txt", "f1.txt", "f10.txt"]),
    ("Add Kalani Makoa <k@m.example> as a new line at the end of my notes.txt",
     ["my notes.txt", "notes.txt"]),
    ("add milk, bread and capers at the very bottom", []),
    ("insert 42 into data/list.md; append 'a b' to list.md", ["data/list.md", "list.md"]),
])
def test_worded_tasks_give_what_they_gave(task, files):
    assert adding.objects(task, files) == before.objects_before(task, files)


def test_a_task_naming_hundreds_of_files_asks_each_word_once(monkeypatch):
    """The names are looked up once for each word, not once for each verb before it: the
    words tested grow with the task, not with its square."""
    tested: list[str] = []
    held = adding._Names.held
    monkeypatch.setattr(adding._Names, "held",
                        lambda self, text: tested.append(text) or held(self, text))
    counts = {}
    for k in (50, 200):
        names = [f"f{i}.txt" for i in range(k)]
        tested.clear()
        assert adding.objects(" ".join(f"add {n}" for n in names), names) == []
        counts[k] = len(tested)
    assert counts[50] == 100 and counts[200] == 400  # (a word each: 2 words a name)


def test_a_name_is_found_across_the_spaces_of_the_object():
    names = adding._Names(["my notes.txt", "b"])
    assert names.held("copy my notes.txt now") and names.held("abc")
    assert not names.held("my notes") and not adding._Names([]).held("anything")
