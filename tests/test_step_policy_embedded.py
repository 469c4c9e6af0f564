"""The step policy on the real embedded model (SmolLM2-135M through llama.cpp): whatever the
model picks, a file the task does not designate is not destroyed (wordings of this file's
own)."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed (scripts/setup.sh)")

from autonomo import Workbench
from autonomo.agent.approval import AutoApproval
from autonomo.agent.runner import Runner
from autonomo.config import Settings
from autonomo.llm.local import LlamaCppModel

pytestmark = pytest.mark.embedded


@pytest.fixture(scope="module")
def model():
    settings = Settings()
    llm = LlamaCppModel(settings.llm.fast, seed=0, temperature=0.0)
    yield llm
    llm.close()


def _run(tmp_path, model, task: str) -> tuple[str, list[str]]:
    settings = Settings(data_dir=tmp_path / "data")
    settings.memory.enabled = False
    bench = Workbench.open(settings, models=(model, model, model))
    agent = bench.new_agent(task, workspace=tmp_path / "ws")
    result = Runner(agent, AutoApproval()).run(max_steps=4)
    steps = [e.action.describe() for e in agent.state.episodes]
    bench.close()
    return result.status, steps


def test_a_file_named_apart_from_its_folder_leaves_the_folder_s_other_files(tmp_path, model):
    music = tmp_path / "ws" / "music"
    music.mkdir(parents=True)
    for name in ("desktop.ini", "track_01.flac", "track_02.flac"):
        (music / name).write_text(f"{name}\n")
    status, steps = _run(tmp_path, model, "music/ still has a desktop.ini in it; delete that")

    assert (music / "track_01.flac").exists() and (music / "track_02.flac").exists(), steps
    assert not (music / "desktop.ini").exists(), (status, steps)


def test_a_twin_name_is_a_rename_and_the_text_survives(tmp_path, model):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "setup.cfg.txt").write_text("[metadata]\nname = demo\n")
    status, steps = _run(tmp_path, model, "setup.cfg.txt has the wrong name, it is setup.cfg")

    assert (ws / "setup.cfg").read_text() == "[metadata]\nname = demo\n", (status, steps)
    assert not (ws / "setup.cfg.txt").exists()


def test_a_dotfile_the_task_names_is_the_one_added_to(tmp_path, model):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / ".npmrc").write_text("registry=http://127.0.0.1:4873/\n")
    (ws / "package.json").write_text('{"name": "demo"}\n')
    status, steps = _run(tmp_path, model, ".npmrc - add save-exact=true at its end")

    assert (ws / ".npmrc").read_text().splitlines() == [
        "registry=http://127.0.0.1:4873/", "save-exact=true"], (status, steps)
    assert sorted(p.name for p in ws.iterdir()) == [".npmrc", "package.json"], steps


def test_a_version_of_a_file_with_no_verb_is_copied_and_the_original_stays(tmp_path, model):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "theme.toml").write_text('[colors]\nbackground = "#101010"\n')
    status, steps = _run(tmp_path, model, "theme_night.toml next to theme.toml, same text")

    assert (ws / "theme.toml").read_text() == '[colors]\nbackground = "#101010"\n', steps
    assert (ws / "theme_night.toml").read_text() == (ws / "theme.toml").read_text(), (
        status, steps)


def test_a_new_file_named_without_an_ending_is_written_under_that_name(tmp_path, model):
    (tmp_path / "ws").mkdir()
    status, steps = _run(tmp_path, model,
                         "Leave a note for the plumber in a file named for_plumber_mon "
                         "that says: key under the mat")

    ws = tmp_path / "ws"
    # (before: a free path, "/path/to/file.json", an error, then reads of it in a loop)
    assert [p.name for p in ws.iterdir()] == ["for_plumber_mon"], (status, steps)
    assert "key under the mat" in (ws / "for_plumber_mon").read_text(), (status, steps)


def test_a_rename_to_a_new_ending_said_alone_happens_once(tmp_path, model):
    ws = tmp_path / "ws"
    (ws / "notes").mkdir(parents=True)
    (ws / "notes" / "recipes.markdown").write_text("# Recipes\n")
    status, steps = _run(tmp_path, model,
                         "notes/recipes.markdown: please rename it so it ends in .md instead")

    # (before: no rename offered, reads until the loop guard; then, renamed back)
    assert (ws / "notes" / "recipes.md").read_text() == "# Recipes\n", (status, steps)
    assert not (ws / "notes" / "recipes.markdown").exists(), (status, steps)


def test_a_copy_named_with_brackets_is_deleted_and_its_original_kept(tmp_path, model):
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "plan.md").write_text("# plan\n- ship\n")
    (ws / "plan (old).md").write_text("# plan\n- ship\n")
    status, steps = _run(tmp_path, model, "'plan (old).md' is a stray duplicate; remove it")

    assert (ws / "plan.md").read_text() == "# plan\n- ship\n", (status, steps)
    assert not (ws / "plan (old).md").exists(), (status, steps)


def test_a_described_file_is_the_one_deleted_and_the_others_kept(tmp_path, model):
    mail = tmp_path / "ws" / "mail"
    mail.mkdir(parents=True)
    for name in ("reply_to_orla.txt", "reply_to_bram.txt", "signature.txt"):
        (mail / name).write_text(f"{name}\n")
    status, steps = _run(tmp_path, model, "Delete the reply to Bram in mail/, I sent it by phone")

    assert (mail / "reply_to_orla.txt").exists() and (mail / "signature.txt").exists(), steps
    assert not (mail / "reply_to_bram.txt").exists(), (status, steps)


def test_a_damaged_file_is_restored_from_its_kept_twin_and_the_twin_kept(tmp_path, model):
    ws = tmp_path / "ws"
    (ws / "spare").mkdir(parents=True)
    (ws / "prefs.json").write_text('{"theme": "dark",')
    (ws / "spare" / "prefs.json").write_text('{"theme": "dark", "font": 12}\n')
    status, steps = _run(tmp_path, model, "prefs.json got mangled - bring it back from spare/")

    assert (ws / "spare" / "prefs.json").read_text() == '{"theme": "dark", "font": 12}\n'
    assert (ws / "prefs.json").read_text() == '{"theme": "dark", "font": 12}\n', (status, steps)
