"""Acts on whole files and folders said in a user's own words: a folder that "can go", a
kind's files cleared out of a folder, a copy placed by a folder the sentence opens with or at
the top level, a backup as a copy. Each rule with wordings of this file's own, none from a
task set; and what must never be offered (a file the task does not designate)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from autonomo.agent.finishing_changes import folder_kept
from autonomo.agent.state import AgentState
from autonomo.agent.strategies import create_strategy
from autonomo.agent.strategies.folders import called_for, removed_folders
from autonomo.agent.strategies.offered import unneeded
from autonomo.agent.strategies.placing import in_scope, located, of_kind, of_kinds
from autonomo.agent.verifying import verify
from autonomo.agent.verifying_snapshot import take
from autonomo.config import Settings
from autonomo.tools.builtin import builtin_registry


def _tree(root: Path, *files: str) -> None:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{name}\n")


def _offered(task: str, root: Path) -> dict[str, Any]:
    """Each command offered at step 1 with its grounded arguments (enum values)."""
    agent = Settings().agent
    commands = builtin_registry().select(include=(
        *agent.small_model_commands,
        *(c for c in called_for(task, root) if c in agent.small_model_folder_commands)))
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(root))
    said = strategy.step_situation(state).said_files
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(root),
                                        said), state)
    out = {}
    for option in request.schema["properties"]["command"]["anyOf"]:
        args = option["properties"]["args"]
        variants = args.get("anyOf", [args])
        out[option["properties"]["name"]["const"]] = {
            key: sorted({v for variant in variants
                         for v in variant.get("properties", {}).get(key, {}).get("enum", [])})
            for key in ("path", "source", "destination")}
    return out


# -- a folder removed whole, said after it -----------------------------------------------------

_FOLDERS = ("old_scans", "scans", "tmp_renders", "build", "cache", "attic")


@pytest.mark.parametrize(("task", "gone"), [
    ("old_scans/ can go, the folder too", ("old_scans",)),
    ("The tmp_renders directory should be deleted completely.", ("tmp_renders",)),
    ("the attic folder has to go - everything in it is stale", ("attic",)),
    ("old_scans/ may be thrown away now", ("old_scans",)),
    ("Please wipe out the directory called tmp_renders.", ("tmp_renders",)),
    ("cache/ needs to be removed, keep scans/ though", ("cache",)),
])
def test_a_folder_said_to_go_is_removed_whole(task, gone):
    assert removed_folders(task, _FOLDERS) == gone


@pytest.mark.parametrize("task", [
    "old_scans/ can go into attic/",              # a move's place, not a removal
    "the .tmp files under cache/ can go",         # files of it
    "If cache/ is empty, it can go.",             # a condition
    "Can the attic folder be deleted?",           # a question
    "The build folder must not be removed.",      # a denial
    "purge build/ of its .o files",               # what is taken out of it
    "rid the cache folder of the .tmp files",
    "the attic folder can be renamed to loft",
])
def test_no_folder_is_removed_that_only_holds_the_objects_or_is_not_asked_gone(task):
    assert removed_folders(task, _FOLDERS) == ()


def test_a_folder_in_typographic_quotes_is_designated_as_in_plain_ones(tmp_path):
    _tree(tmp_path, "tmp_renders/a.png", "renders/b.png")
    assert called_for("Delete the \u201ctmp_renders\u201d folder, please", tmp_path) == (
        "delete_folder",)


@pytest.mark.parametrize("task", [
    "old_scans/ can go, the folder too",
    "The old_scans directory should be deleted completely.",
    "Please wipe out the directory called old_scans.",
    "old_scans/ has to go, folder and all",
    "get rid of the old_scans folder with everything inside",
])
def test_the_folder_said_to_go_is_offered_whole_and_nothing_else_removed(tmp_path, task):
    _tree(tmp_path, "old_scans/p1.png", "old_scans/p2.png", "scans/p3.png", "index.txt")
    offered = _offered(task, tmp_path)
    assert offered["delete_folder"]["path"] == ["old_scans"]
    assert "delete_file" not in offered
    assert "write_file" not in offered and "append_to_file" not in offered


def test_a_link_named_as_the_folder_to_remove_is_not_offered(tmp_path):
    outside = tmp_path / "host"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep\n")
    ws = tmp_path / "ws"
    _tree(ws, "scans/p3.png")
    os.symlink(outside, ws / "old_scans")
    assert called_for("old_scans/ can go, the folder too", ws) == ()
    assert "old_scans" not in take(ws).folders
    assert (outside / "precious.txt").exists()


# -- the folder removal's finish --------------------------------------------------------------

def test_a_folder_removal_is_verified_only_once_the_folder_is_gone(tmp_path):
    task = "The old_scans directory should be deleted completely."
    _tree(tmp_path, "old_scans/p1.png", "old_scans/deep/p2.png", "scans/p3.png")
    start = take(tmp_path)
    assert folder_kept(task, tmp_path) is not None  # nothing done yet
    for name in ("old_scans/p1.png", "old_scans/deep/p2.png"):
        (tmp_path / name).unlink()
    assert not verify(task, start, take(tmp_path)).verified  # the empty folders are left
    assert folder_kept(task, tmp_path) is not None
    (tmp_path / "old_scans/deep").rmdir()
    (tmp_path / "old_scans").rmdir()
    assert verify(task, start, take(tmp_path)).verified
    assert folder_kept(task, tmp_path) is None


def test_another_folder_removed_is_never_verified(tmp_path):
    task = "old_scans/ can go, the folder too"
    _tree(tmp_path, "old_scans/p1.png", "scans/p3.png")
    start = take(tmp_path)
    (tmp_path / "scans/p3.png").unlink()
    (tmp_path / "scans").rmdir()
    assert not verify(task, start, take(tmp_path)).verified
    assert folder_kept(task, tmp_path) is not None


# -- a kind's files in a folder ---------------------------------------------------------------

@pytest.mark.parametrize("task", [
    "Clean the ledger folder of its .tmp files (nothing else)",
    "clear out the .tmp files in ledger/ only",
    "The .tmp files under ledger/ can go",
    "purge ledger/ of all .tmp files",
    "get rid of each .tmp file inside the ledger directory",
    "wipe the .tmp files in ledger/, leave the rest",
])
def test_a_kind_cleared_from_a_folder_offers_its_files_there_and_no_other(tmp_path, task):
    _tree(tmp_path, "ledger/a.tmp", "ledger/b.tmp", "ledger/book.csv", "top.tmp",
          "other/c.tmp")
    offered = _offered(task, tmp_path)
    assert offered["delete_file"]["path"] == ["ledger/a.tmp", "ledger/b.tmp"]
    assert "delete_folder" not in offered


@pytest.mark.parametrize(("task", "sources"), [
    ("Move the .wav files from takes/ into mixes/", ["takes/a.wav", "takes/b.wav"]),
    ("every .wav in takes/ goes to mixes/ - move them", ["takes/a.wav", "takes/b.wav"]),
    ("Move the .wav files out of the takes folder and into mixes/", ["takes/a.wav",
                                                                      "takes/b.wav"]),
    ("Move takes/'s .wav files over to the mixes folder", ["takes/a.wav", "takes/b.wav"]),
    ("move all .wav files into mixes/", ["loose.wav", "stems/c.wav", "takes/a.wav",
                                         "takes/b.wav"]),
])
def test_a_kind_moved_from_a_folder_takes_only_that_folder_s_files(tmp_path, task, sources):
    _tree(tmp_path, "takes/a.wav", "takes/b.wav", "takes/notes.txt", "stems/c.wav",
          "loose.wav", "mixes/readme.txt")
    assert _offered(task, tmp_path)["rename_file"]["source"] == sources


def test_a_kind_is_narrowed_to_the_folders_that_hold_it():
    files = ("a/x.log", "b/y.log", "z.log", "a/k.tmp", "q.tmp")
    assert in_scope("delete the .log files in a/ and every .tmp", files, ("a",), ()) == (
        "a/x.log", "a/k.tmp")
    assert in_scope("delete the .log files and the .tmp in c/", files, ("c",), ()) == files
    assert in_scope("move the .log files into a/", files, ("a",), ()) == files
    assert of_kinds(["d/a.bak", "d/b.md"], {"bak"}, ["d/a.bak", "d/b.md"]) == ["d/a.bak"]
    assert of_kinds(["d/a.bak", "d/b.md"], {"log"}, ["d/a.bak", "d/b.md"]) == [
        "d/a.bak", "d/b.md"]
    # (once the kind's files are gone, the folder's others are still not its files)
    assert of_kinds(["d/b.md"], {"bak"}, ["d/a.bak", "d/b.md"]) == []


# -- where a copy, a move or a new file goes ---------------------------------------------------

@pytest.mark.parametrize(("task", "new"), [
    ("In the greenhouse folder, add a file basil.txt saying sow in May", "basil.txt"),
    ("Inside recipes/: make a copy of stew.md called stew_v2.md", "stew_v2.md"),
    ("Under the greenhouse directory, rename pots.txt to pot_list.txt", "pot_list.txt"),
    ("So, in recipes/ - duplicate stew.md as stew_old.md.", "stew_old.md"),
    ("Within the folder greenhouse, create labels.txt", "labels.txt"),
])
def test_a_sentence_that_opens_with_a_folder_places_its_new_names_there(task, new):
    places = ("greenhouse", "recipes", "archive")
    folder = "greenhouse" if "greenhouse" in task else "recipes"
    assert located(task, [new], places) == {new: f"{folder}/{new}"}


@pytest.mark.parametrize("task", [
    "In the greenhouse folder, copy pots.txt to archive/ as pots_old.txt",
    "In the greenhouse folder, copy pots.txt to pot_list.txt at the top level",
    "In the greenhouse folder there is pots.txt. Copy it to pot_list.txt.",
])
def test_a_folder_that_opens_a_sentence_does_not_hold_what_goes_elsewhere(task):
    assert located(task, ["pot_list.txt", "pots_old.txt"], ("greenhouse", "archive")) == {}


@pytest.mark.parametrize(("task", "command", "destination"), [
    ("put a copy of guides/setup.txt at the top level, named setup_copy.txt", "copy_file",
     ["setup_copy.txt"]),
    ("Copy guides/setup.txt up to the workspace root as start_here.txt", "copy_file",
     ["start_here.txt"]),
    ("move guides/setup.txt to the top-level folder", "rename_file", ["setup.txt"]),
    ("duplicate guides/setup.txt into the project root", "copy_file", ["setup.txt"]),
    ("Please copy guides/setup.txt to the top of the workspace and call it read_me.txt",
     "copy_file", ["read_me.txt"]),
])
def test_a_copy_or_move_to_the_top_level_goes_to_no_folder(tmp_path, task, command,
                                                          destination):
    _tree(tmp_path, "guides/setup.txt", "guides/faq.txt")
    assert _offered(task, tmp_path)[command]["destination"] == destination


# -- a backup is a copy -------------------------------------------------------------------------

@pytest.mark.parametrize(("task", "new"), [
    ("back up fstab.conf as fstab.conf.orig before I touch it", "fstab.conf.orig"),
    ("Could you back fstab.conf up to fstab.conf.bak? keep the original", "fstab.conf.bak"),
    ("make a backup of fstab.conf named fstab.conf.old", "fstab.conf.old"),
    ("I need a quick backup: fstab.conf -> fstab.conf.save", "fstab.conf.save"),
    ("Backing up fstab.conf as fstab.conf~ please", "fstab.conf~"),
])
def test_a_backup_is_offered_as_a_copy_and_nothing_is_written(tmp_path, task, new):
    _tree(tmp_path, "fstab.conf", "hosts.conf")
    offered = _offered(task, tmp_path)
    assert offered["copy_file"] == {"path": [], "source": ["fstab.conf"], "destination": [new]}
    assert not {"write_file", "append_to_file", "rename_file", "delete_file"} & set(offered)


# -- a copy's source before the copy is made ---------------------------------------------------

@pytest.mark.parametrize("task", [
    "Copy inbox/plan.md to plan.md, then remove the inbox folder.",
    "duplicate inbox/plan.md as plan.md and delete inbox/ afterwards",
    "copy inbox/plan.md to plan.md; once that's done the inbox folder can go",
    "First copy inbox/plan.md over to plan.md. Then get rid of the inbox directory.",
    "make a copy of inbox/plan.md called plan.md, after that remove inbox/",
])
def test_a_bare_name_beside_a_path_of_that_name_is_the_copy_s_new_file(tmp_path, task):
    _tree(tmp_path, "inbox/plan.md", "inbox/junk.md", "notes.txt")
    offered = _offered(task, tmp_path)
    assert offered["copy_file"]["source"] == ["inbox/plan.md"]
    assert offered["copy_file"]["destination"] == ["plan.md"]
    # (neither the source deleted before it is copied, nor its folder)
    assert "delete_file" not in offered and "delete_folder" not in offered


@pytest.mark.parametrize(("task", "new", "verified"), [
    ("Copy guides/setup.txt up to the workspace root and call it start.txt", "start.txt", True),
    ("put a copy of guides/setup.txt at the top level, named start.txt", "start.txt", True),
    ("back up guides/setup.txt as guides/setup.txt.orig", "guides/setup.txt.orig", True),
    ("Under guides/, duplicate setup.txt as start.txt", "guides/start.txt", True),
    ("make a backup of guides/setup.txt called guides/setup.bak", "guides/setup.bak", True),
    # a move said as well is more than a copy; a copy put elsewhere than said is not it
    ("copy guides/setup.txt to start.txt, then move it into old/", "start.txt", False),
    ("Copy guides/setup.txt up to the workspace root and call it start.txt",
     "guides/start.txt", False),
])
def test_a_copy_named_or_placed_in_the_task_s_words_is_verified(tmp_path, task, new, verified):
    _tree(tmp_path, "guides/setup.txt", "guides/faq.txt")
    start = take(tmp_path)
    (tmp_path / new).write_text((tmp_path / "guides/setup.txt").read_text())
    assert verify(task, start, take(tmp_path)).verified is verified


# -- a file that "takes" room is no replacement ---------------------------------------------------

@pytest.mark.parametrize("task", [
    "clip.mov takes up too much room, delete it",
    "dump.sql takes 3 GB - please remove it",
    "the old video clip.mov takes ages to sync; get rid of it",
    "clip.mov takes too much disk, delete it and keep notes.txt",
    "Honestly clip.mov takes a lot of space - erase it.",
])
def test_a_file_that_takes_room_is_the_removal_s_object(task):
    from autonomo.agent.finishing_targets import roles
    name = "dump.sql" if "dump.sql" in task else "clip.mov"
    found = roles(task, (name, "notes.txt"))
    assert name in found.objects and name not in found.protected


@pytest.mark.parametrize("task", [
    "new.txt takes over from old.txt, delete old.txt",
    "new.txt took its place, so remove old.txt",
])
def test_a_file_that_takes_another_s_place_stays(task):
    from autonomo.agent.finishing_targets import roles
    found = roles(task, ("new.txt", "old.txt"))
    assert found.objects == {"old.txt"} and "new.txt" in found.protected


def test_once_the_folder_is_gone_no_free_folder_path_is_offered(tmp_path):
    task = "old_scans/ can go, the folder too"
    _tree(tmp_path, "old_scans/p1.png", "scans/p3.png")
    agent = Settings().agent
    commands = builtin_registry().select(include=(*agent.small_model_commands,
                                                  *called_for(task, tmp_path)))
    (tmp_path / "old_scans/p1.png").unlink()
    (tmp_path / "old_scans").rmdir()
    strategy = create_strategy("one_shot", commands, compact=True)
    state = AgentState(tasks=[task], workspace=str(tmp_path))
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(tmp_path)),
                               state)
    names = {o["properties"]["name"]["const"]
             for o in request.schema["properties"]["command"]["anyOf"]}
    assert "delete_folder" not in names  # (its path would be free: scans/ could go)


@pytest.mark.parametrize(("task", "gone"), [
    ("Please delete the folder 'attic', it is not needed any more", ("attic",)),
    ("remove cache/, nothing in there is used", ("cache",)),
    ("delete the build folder, we never look at it", ("build",)),
    ("get rid of the attic directory, no one needs it", ("attic",)),
    ("erase old_scans/, it's not worth keeping", ("old_scans",)),
    # a condition past the comma still holds the removal back
    ("delete the build folder, unless it is empty", ()),
    ("remove cache/, but only if nothing in it is new", ()),
    ("delete old_scans/, once scans/ has a copy", ()),
])
def test_a_reason_after_a_comma_does_not_hold_a_folder_removal_back(task, gone):
    assert removed_folders(task, _FOLDERS) == gone


# -- a new file's place, as the verifier reads it -----------------------------------------------

@pytest.mark.parametrize(("task", "right"), [
    ("In the beds folder, add a file kale.txt with the text: sow in March", "beds/kale.txt"),
    ("Inside beds/, create kale.txt saying sow in March", "beds/kale.txt"),
    ("Under the beds directory - write sow in March to kale.txt", "beds/kale.txt"),
    ("In the folder beds, make kale.txt with the text: sow in March", "beds/kale.txt"),
    ("So, in beds/: save sow in March as kale.txt.", "beds/kale.txt"),
])
def test_a_new_file_the_task_places_in_a_folder_is_verified_there_only(tmp_path, task, right):
    _tree(tmp_path, "beds/chard.txt", "plan.txt")
    start = take(tmp_path)
    (tmp_path / "kale.txt").write_text("sow in March\n")
    assert not verify(task, start, take(tmp_path)).verified  # (at the top: a false finish)
    (tmp_path / "kale.txt").unlink()
    (tmp_path / right).write_text("sow in March\n")
    assert verify(task, start, take(tmp_path)).verified


@pytest.mark.parametrize("task", [
    "move guides/setup.txt up to the top level",
    "Copy guides/setup.txt to the workspace root.",
])
def test_a_file_sent_to_the_top_level_is_verified_there_only(tmp_path, task):
    _tree(tmp_path, "guides/setup.txt", "guides/faq.txt", "old/x.txt")
    start = take(tmp_path)
    op = os.replace if task.startswith("move") else lambda a, b: Path(b).write_bytes(
        Path(a).read_bytes())
    op(tmp_path / "guides/setup.txt", tmp_path / "setup.txt")
    assert verify(task, start, take(tmp_path)).verified


@pytest.mark.parametrize(("task", "files", "gone"), [
    ("Clean the ledger folder of its .log files (only those)",
     ("ledger/a.log", "ledger/log_notes.txt"), ["ledger/a.log"]),
    ("remove every .tmp in cache/", ("cache/x.tmp", "cache/tmp_readme.txt"), ["cache/x.tmp"]),
    ("the .bak files in docs/ can go", ("docs/a.bak", "docs/bak_policy.md"), ["docs/a.bak"]),
    ("delete all the .orig files under src/", ("src/m.orig", "src/orig_list.txt"),
     ["src/m.orig"]),
    ("get rid of *.swp in notes/", ("notes/.a.swp", "notes/b.swp", "notes/swp_howto.txt"),
     ["notes/b.swp"]),
])
def test_a_file_whose_name_has_the_kind_s_word_is_not_the_kind(tmp_path, task, files, gone):
    _tree(tmp_path, *files)
    assert _offered(task, tmp_path)["delete_file"]["path"] == gone


@pytest.mark.parametrize("task", [
    "I need the same text as ideas.md in a new file called ideas_v2.md",
    "make ideas_v2.md a new file with the same contents as ideas.md",
    "Create ideas_v2.md holding exactly what ideas.md holds",
    "ideas.md -> ideas_v2.md, the original stays",
    "ideas_v2.md: same content as ideas.md please",
])
def test_a_new_file_with_another_s_text_is_a_copy_never_a_move(tmp_path, task):
    _tree(tmp_path, "ideas.md", "todo.md")
    offered = _offered(task, tmp_path)
    assert offered["copy_file"]["source"] == ["ideas.md"]
    assert offered["copy_file"]["destination"] == ["ideas_v2.md"]
    assert "rename_file" not in offered and "delete_file" not in offered


def _names_after_deleting(tmp_path: Path, task: str, recorded: bool) -> set[str]:
    """The commands offered once ledger/'s two .log files are deleted, as a run's strategy
    (its first look kept) offers them; ``recorded``: the deletions are the run's own steps
    (else a new state, the files gone by another hand)."""
    from autonomo.agent.episodes import Action, Episode
    from autonomo.tools.registry import CommandResult
    _tree(tmp_path, "ledger/a.log", "ledger/b.log", "ledger/log_format.txt", "ledger/run.py")
    agent = Settings().agent
    strategy = create_strategy("one_shot", builtin_registry().select(
        include=agent.small_model_commands), compact=True)
    first = AgentState(tasks=[task], workspace=str(tmp_path))
    strategy.step_situation(first)  # (the start, as a run's first step sees it)
    state = first if recorded else AgentState(tasks=[task], workspace=str(tmp_path))
    for number, name in enumerate(("ledger/a.log", "ledger/b.log"), 1):
        (tmp_path / name).unlink()
        if recorded:
            state.episodes.append(Episode(number=number, action=Action(
                name="delete_file", arguments={"path": name}),
                result=CommandResult(status="success", output="done")))
    request = strategy.request(unneeded(task, agent.small_model_command_words, str(tmp_path)),
                               state)
    return {o["properties"]["name"]["const"]
            for o in request.schema["properties"]["command"]["anyOf"]}


_LEDGER_LOGS = [
    "Clean the ledger folder of its .log files (nothing else)",
    "clear out the .log files in ledger/ only",
    "The .log files under ledger/ can go",
    "purge ledger/ of all .log files",
    "get rid of each .log file inside the ledger directory",
]


@pytest.mark.parametrize("task", _LEDGER_LOGS)
def test_once_the_kind_s_files_are_gone_no_other_file_of_the_folder_is_offered(tmp_path, task):
    names = _names_after_deleting(tmp_path, task, recorded=False)
    assert not {"delete_file", "write_file", "append_to_file", "rename_file"} & names


@pytest.mark.parametrize("task", _LEDGER_LOGS)
def test_after_the_last_deletion_the_finish_is_offered_not_more_looking(tmp_path, task):
    assert _names_after_deleting(tmp_path, task, recorded=True) == {"finish"}


@pytest.mark.parametrize("task", _LEDGER_LOGS)
def test_a_kind_cleared_from_a_folder_is_verified_and_nothing_else_gone_is(tmp_path, task):
    _tree(tmp_path, "ledger/a.log", "ledger/b.log", "ledger/log_format.txt", "top.log")
    start = take(tmp_path)
    for name in ("ledger/a.log", "ledger/b.log"):
        (tmp_path / name).unlink()
    assert verify(task, start, take(tmp_path)).verified
    (tmp_path / "ledger/log_format.txt").unlink()
    assert not verify(task, start, take(tmp_path)).verified



@pytest.mark.parametrize(("task", "kinds", "found"), [
    # (a folder it locates them in: only its files, even when it holds none of the kind)
    ("remove the .bak files inside drafts/", {"bak"}, ()),
    ("Clear out every .log from cache/ please", {"log"}, ("cache/c.log",)),
    # (a folder it names without locating: each kind narrowed where the folder holds it)
    ("the .log files under cache/ can go, and the .bak ones", {"log", "bak"},
     ("cache/c.log", "top.bak")),
    # (a folder it keeps apart: none of its files)
    ("delete all .log files but leave keep/ alone", {"log"}, ("cache/c.log", "top.log")),
    # (a folder it sends them to is no scope)
    ("copy each .log file to logs/", {"log"}, ("cache/c.log", "keep/k.log", "top.log")),
])
def test_the_files_of_a_kind_are_read_with_their_folder_scope_in_one_place(task, kinds, found):
    files = ("cache/c.log", "keep/k.log", "top.log", "top.bak", "drafts/d.md")
    places = tuple(p for p in ("cache", "keep", "drafts", "logs") if f"{p}/" in task)
    apart = ("keep",) if "leave keep/" in task else ()
    assert of_kind(task, files, kinds, places, apart) == found


def test_pairs_read_each_destination_s_owners_once_with_the_same_answer():
    """``pairs`` asked each destination's owners anew for each source (a task naming 250
    files took minutes to build one step's grammar); its answer is the plain definition's."""
    import random
    from pathlib import PurePosixPath

    from autonomo.agent.strategies.placing import pairs

    def plain(sources, destinations, named):
        def owners(dest):
            return [s for s in dict.fromkeys([*sources, *named])
                    if PurePosixPath(s).name == PurePosixPath(dest).name
                    and PurePosixPath(s).parent != PurePosixPath(dest).parent]
        return {s: fits for s in sources
                if (fits := [d for d in destinations if s in owners(d) or not owners(d)])}

    rng = random.Random(26)
    names = ["a.txt", "b.txt", "c.md", "d.log"]
    folders = ["", "x/", "y/", "x/z/"]
    for _ in range(200):
        pick = lambda n: [rng.choice(folders) + rng.choice(names) for _ in range(n)]  # noqa: E731
        sources, destinations, named = pick(rng.randint(0, 5)), pick(rng.randint(0, 6)), \
            tuple(pick(rng.randint(0, 3)))
        assert pairs(sources, destinations, named) == plain(sources, destinations, named)
    many = [f"f{i}.txt" for i in range(250)]
    assert pairs(many, [f"backup/{n}" for n in many])["f7.txt"] == ["backup/f7.txt"]
