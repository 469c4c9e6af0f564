"""The newer layers (server artifacts, SOP runs, bench runs) as an attacker would meet them:
a FIFO planted in the workspace by sandboxed code must not hang the host, and a name read
from a file (challenge, SOP) must not place a folder outside the one it belongs in."""

from __future__ import annotations

import json
import os
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from autonomo.bench import load_suite
from autonomo.bench.execute import run_challenge
from autonomo.cli.main import main
from autonomo.errors import WorkspaceError
from autonomo.llm.scripted import ScriptedModel
from autonomo.server import artifacts
from autonomo.team.sop.engine import SopRun
from autonomo.team.sop.load import load_sop
from autonomo.tools.workspace import Workspace, folder_name
from bench_helpers import write_challenge
from sop_helpers import Recorder
from test_bench_runner import spec_for, write

SOP = """\
sop: 1
name: {name}
roles:
  Writer:
    prompt: "You write."
start: only
states:
  only:
    roles: [Writer]
    max_turns: 1
"""


def finishes(call: Callable[[], object], fifo: Path, *, writer: bool) -> tuple[bool, object]:
    """Run ``call`` in a thread; (did it return within 10 s, its result or exception). A call
    stuck opening ``fifo`` is released afterwards by opening the other end."""
    box: list[object] = []

    def target() -> None:
        try:
            box.append(call())
        except Exception as exc:
            box.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(10)
    done = not thread.is_alive()
    if not done:  # release the stuck open so the thread ends
        fd = os.open(fifo, (os.O_RDONLY if writer else os.O_WRONLY) | os.O_NONBLOCK)
        thread.join(10)
        os.close(fd)
    return done, box[0] if box else None


def test_artifact_download_and_upload_refuse_a_planted_fifo(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    fifo = tmp_path / "report.txt"
    os.mkfifo(fifo)
    done, outcome = finishes(lambda: artifacts.open_file(ws, "", "report.txt"), fifo,
                             writer=False)
    assert done, "downloading a FIFO artifact hung the server thread"
    assert isinstance(outcome, WorkspaceError) and "not a regular file" in str(outcome)
    done, outcome = finishes(lambda: artifacts.write(ws, "", "report.txt", iter([b"x"])), fifo,
                             writer=True)
    assert done, "uploading over a FIFO hung the server thread"
    assert isinstance(outcome, WorkspaceError)


def test_sop_file_write_refuses_a_planted_fifo_and_links(tmp_path: Path) -> None:
    path = tmp_path / "sop.yaml"
    path.write_text(SOP.format(name="plain"))
    workspace = tmp_path / "ws"
    workspace.mkdir()
    recorder = Recorder()
    run = SopRun(load_sop(path), "x", model=ScriptedModel([]), workspace=workspace,
                 observer=recorder)
    fifo = workspace / "main.py"
    os.mkfifo(fifo)
    done, _ = finishes(lambda: run.write_bytes("main.py", b"print(1)\n", "Programmer"), fifo,
                       writer=True)
    assert done, "writing a code block over a FIFO hung the SOP run"
    (tmp_path / "host.txt").write_text("host")
    os.symlink(tmp_path / "host.txt", workspace / "inside.py")
    for name in ("../../escaped.py", "/etc/escaped.py", "inside.py"):
        run.write_bytes(name, b"bad", "Programmer")
    assert (tmp_path / "host.txt").read_text() == "host"
    assert not (tmp_path.parent / "escaped.py").exists()
    text = json.dumps([e.data for e in recorder.events], default=str)
    assert text.count("could not write") == 4


@pytest.mark.parametrize("name", ["../../../../escaped", "/tmp/escaped", "..", ".hidden/x"])
def test_folder_name_is_one_plain_component(name: str) -> None:
    made = folder_name(name)
    assert "/" not in made and not made.startswith(".") and made


def test_sop_name_cannot_place_the_workspace_outside_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    sop = tmp_path / "evil.yaml"
    sop.write_text(textwrap.dedent(SOP.format(name="../../escaped")))
    answers = tmp_path / "r.yaml"
    answers.write_text(yaml.safe_dump(["A line.", "Another line."]))
    main(["sop", "run", str(sop), "--task", "x", "--provider", "scripted",
          "--model", str(answers)])
    assert not (tmp_path / "escaped").exists()
    made = list((tmp_path / "data" / "sop_workspaces").iterdir())
    assert [p.name for p in made] == ["escaped"]


def test_challenge_name_cannot_place_the_workspace_outside_the_work_root(tmp_path):
    root = tmp_path / "suite"
    folder = write_challenge(root, "Evil", task="Write hi to out.txt")
    data = json.loads((folder / "data.json").read_text())
    data["name"] = "../../../../escaped"
    (folder / "data.json").write_text(json.dumps(data))
    challenge = next(iter(load_suite(root)))
    spec = spec_for(tmp_path, {"Write hi to out.txt": write("out.txt", "hi")})
    run_challenge(spec, challenge, "run-test", keep_workspace=True)
    assert not list(tmp_path.glob("escaped*"))
    kept = list((tmp_path / "data" / "bench" / "workspaces" / "run-test").iterdir())
    assert len(kept) == 1 and (kept[0] / "out.txt").read_text() == "hi"


def test_team_cli_output_carries_no_terminal_escapes(tmp_path, monkeypatch, capsys):
    from autonomo.team.store import TeamState, TeamStore

    monkeypatch.setenv("AUTONOMO_DATA_DIR", str(tmp_path / "data"))
    hostile = "\x1b]52;c;ZWNobyBoaQ==\x07\x1b[2J\x9b1A"
    store = TeamStore(tmp_path / "data")
    state = TeamState(name=f"crew{hostile}", idea=f"idea{hostile}", status="failed",
                      stop_reason=f"Coder could not go on: {hostile}")
    store.save(state)
    store.close()
    main(["team", "list"])
    main(["team", "show", state.id])
    out = capsys.readouterr().out
    assert "crew" in out and "could not go on" in out
    assert not any(ch in out for ch in "\x1b\x07\x9b"), repr(out)


def test_web_challenge_server_does_not_follow_links_out_of_its_folder(tmp_path):
    import httpx

    from autonomo.bench.webserver import serve_folder

    secret = tmp_path / "host-secret.txt"
    secret.write_text("host secret")
    web = tmp_path / "web"
    web.mkdir()
    (web / "page.html").write_text("<p>ok</p>")
    os.symlink(secret, web / "leak.html")
    os.symlink(tmp_path, web / "up")
    with serve_folder(web) as url:
        assert httpx.get(f"{url}/page.html").text == "<p>ok</p>"
        for path in ("leak.html", "up/host-secret.txt", "up/"):
            answer = httpx.get(f"{url}/{path}")
            assert answer.status_code == 404 and "host secret" not in answer.text, path


@pytest.mark.parametrize("kind", ["artifacts_in", "web", "custom_python"])
def test_challenge_folders_that_are_links_to_the_host_are_refused(tmp_path, kind):
    from autonomo.bench.challenge import ChallengeError, load_challenge, prepare_workspace

    host = tmp_path / "host"
    host.mkdir()
    (host / "id_rsa").write_text("host secret")
    folder = write_challenge(tmp_path / "suite", "Leaky")
    os.symlink(host, folder / kind)
    with pytest.raises(ChallengeError, match=f"{kind}: is a symbolic link"):
        load_challenge(folder)
    # a link made after loading is ignored, never followed
    os.unlink(folder / kind)
    challenge = load_challenge(folder)
    os.symlink(host, folder / kind)
    assert challenge.folder(kind) is None
    prepare_workspace(challenge, tmp_path / "ws")
    assert not list((tmp_path / "ws").iterdir())


def test_artifact_download_stops_at_the_announced_size(tmp_path: Path) -> None:
    (tmp_path / "log.txt").write_bytes(b"0123456789")
    fd, size = artifacts.open_file(Workspace(tmp_path), "", "log.txt")
    with open(tmp_path / "log.txt", "ab") as more:  # the agent appends while it downloads
        more.write(b"appended")
    assert size == 10 and b"".join(artifacts.read_chunks(fd, size)) == b"0123456789"
