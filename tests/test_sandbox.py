"""The bubblewrap sandbox with real processes: each escape attempt is contained and reported."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
import uuid
from pathlib import Path

import pytest

from autonomo.config import SandboxConfig
from autonomo.errors import UserError, WorkspaceError
from autonomo.sandbox import bubblewrap, create_sandbox
from autonomo.sandbox.base import ExecResult
from autonomo.sandbox.bubblewrap import BubblewrapSandbox

pytestmark = pytest.mark.skipif(
    bubblewrap.unavailable_reason(SandboxConfig()) is not None,
    reason=f"bubblewrap unusable: {bubblewrap.unavailable_reason(SandboxConfig())}",
)


def make(tmp_path: Path, **overrides) -> BubblewrapSandbox:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    config = SandboxConfig(**{"timeout_s": 20, "output_cap": 4000, **overrides})
    return BubblewrapSandbox(ws, config)


def test_auto_selects_bubblewrap(tmp_path: Path) -> None:
    sandbox = create_sandbox(tmp_path, SandboxConfig())
    assert sandbox.name == "bubblewrap" and sandbox.isolating


def test_runs_in_the_workspace_as_nobody_with_a_clean_environment(tmp_path: Path) -> None:
    os.environ["AUTONOMO_TEST_SECRET"] = "hunter2"
    try:
        box = make(tmp_path)
        res = box.run("id -u; pwd; env; echo made > made.txt")
    finally:
        del os.environ["AUTONOMO_TEST_SECRET"]
    assert res.ok, res.describe()
    lines = res.stdout.splitlines()
    assert lines[0] == str(box.uid) and box.uid != 0
    assert lines[1] == "/workspace"
    assert "hunter2" not in res.stdout
    assert not any(line.startswith(("OPENAI", "AUTONOMO")) for line in lines)
    assert (box.workspace / "made.txt").read_text() == "made\n"


def test_writing_outside_the_workspace_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    box = make(tmp_path)
    res = box.run(
        f"echo x > {outside}; echo x > /etc/evil; echo x > /usr/evil; echo x > /tmp/ok; "
        "cat /tmp/ok"
    )
    assert not outside.exists()
    assert not Path("/etc/evil").exists() and not Path("/usr/evil").exists()
    assert "Read-only file system" in res.stderr or "No such file" in res.stderr
    assert res.stdout.strip() == "x"  # the private /tmp works
    assert not Path("/tmp/ok").exists() or Path("/tmp/ok").read_text() != "x\n"


def test_the_hosts_home_and_other_folders_are_not_visible(tmp_path: Path) -> None:
    home = Path.home()
    secret = home / f".autonomo-test-secret-{uuid.uuid4().hex}"
    secret.write_text("TOP SECRET")
    try:
        box = make(tmp_path)
        res = box.run(
            f"cat {secret}; ls {home}; ls {tmp_path}; ls /home; ls {Path.cwd()}"
        )
    finally:
        secret.unlink()
    assert "TOP SECRET" not in res.stdout
    assert secret.name not in res.stdout
    assert res.stdout.strip() == ""  # nothing from the host is listed
    assert "No such file or directory" in res.stderr


def test_no_network_even_to_the_hosts_loopback(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[object] = []

    def accept() -> None:
        server.settimeout(8)
        with contextlib.suppress(OSError):
            accepted.append(server.accept())

    thread = threading.Thread(target=accept)
    thread.start()
    box = make(tmp_path)
    code = (
        "import socket\n"
        "try:\n"
        f"    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n"
        "    print('CONNECTED')\n"
        "except OSError as e:\n"
        "    print('REFUSED', e)\n"
    )
    res = box.run([box.python, "-"], stdin=code)
    thread.join()
    server.close()
    assert "REFUSED" in res.stdout, res.describe()
    assert not accepted


def test_a_fork_bomb_is_stopped_by_the_process_limit(tmp_path: Path) -> None:
    box = make(tmp_path, max_processes=40, timeout_s=15)
    code = (
        "import os, time\n"
        "children = 0\n"
        "for _ in range(2000):\n"
        "    try:\n"
        "        pid = os.fork()\n"
        "    except OSError as e:\n"
        "        print('FORK FAILED after', children, e.strerror); break\n"
        "    if pid == 0:\n"
        "        time.sleep(30); os._exit(0)\n"
        "    children += 1\n"
        "else:\n"
        "    print('NO LIMIT', children)\n"
    )
    res = box.run([box.python, "-"], stdin=code, timeout=10)
    assert "FORK FAILED after" in res.stdout, res.describe()
    assert int(res.stdout.split("after")[1].split()[0]) < 40


def test_a_shell_fork_bomb_is_contained_and_reported(tmp_path: Path) -> None:
    box = make(tmp_path, max_processes=50)
    started = time.monotonic()
    res = box.run("bomb() { bomb | bomb & }; bomb; sleep 3; echo survived", timeout=6)
    assert time.monotonic() - started < 30
    # the limit makes the forks fail; the wall clock ends it if it keeps spinning
    assert res.timed_out or "Cannot fork" in res.stderr, res.describe()
    after = box.run("echo alive")
    assert after.stdout.strip() == "alive"


def test_a_memory_hog_hits_the_memory_limit(tmp_path: Path) -> None:
    box = make(tmp_path, memory_mb=200)
    res = box.run([box.python, "-c", "x = bytearray(600 * 1024 * 1024); print('ALLOCATED')"])
    assert "ALLOCATED" not in res.stdout
    assert res.exit_code != 0
    assert "MemoryError" in res.stderr
    assert "Exit code 1" in res.describe()


def test_a_cpu_hog_hits_the_cpu_limit(tmp_path: Path) -> None:
    box = make(tmp_path, cpu_seconds=1)
    res = box.run([box.python, "-c", "while True: pass"], timeout=20)
    assert not res.timed_out
    assert "CPU time limit reached" in res.describe(), res.describe()


def test_a_command_that_never_returns_is_killed_with_its_children(tmp_path: Path) -> None:
    box = make(tmp_path)
    marker = f"{time.time_ns() % 1000}.{os.getpid()}"
    started = time.monotonic()
    res = box.run(f"sleep 1{marker} & sleep 2{marker}; echo never", timeout=1.5)
    elapsed = time.monotonic() - started
    assert res.timed_out and elapsed < 10
    assert "Timed out" in res.describe(1.5)
    assert "never" not in res.stdout
    time.sleep(0.5)
    left = [
        p for p in Path("/proc").iterdir()
        if p.name.isdigit() and marker in _cmdline(p)
    ]
    assert left == []


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def test_output_is_capped_head_and_tail(tmp_path: Path) -> None:
    box = make(tmp_path, output_cap=1000)
    res = box.run("seq 1 100000")
    assert res.truncated
    assert res.stdout.startswith("1\n2\n")
    assert res.stdout.rstrip().endswith("100000")
    assert "bytes of output omitted" in res.stdout
    assert len(res.stdout) < 1200


def test_stdin_cwd_and_env(tmp_path: Path) -> None:
    box = make(tmp_path)
    (box.workspace / "sub").mkdir()
    res = box.run(["sh", "-c", "pwd; cat; echo $GREETING"], cwd="sub", stdin="from stdin\n",
                  env={"GREETING": "hello"})
    assert res.stdout.splitlines() == ["/workspace/sub", "from stdin", "hello"]


def test_cwd_outside_the_workspace_is_refused(tmp_path: Path) -> None:
    box = make(tmp_path)
    with pytest.raises(WorkspaceError):
        box.run("pwd", cwd="..")


def test_a_working_folder_through_thousands_of_links_is_refused_clearly(tmp_path: Path) -> None:
    """os.path.realpath recurses once per link: the check of the working folder raised
    RecursionError on a chain the sandboxed code made."""
    box = make(tmp_path)
    (box.workspace / "real").mkdir()
    for i in range(3000):
        os.symlink(f"l{i + 1}" if i < 2999 else "real", box.workspace / f"l{i}")
    with pytest.raises(WorkspaceError, match="too many symbolic links"):
        box.run("pwd", cwd="l0")


def test_network_can_be_allowed(tmp_path: Path) -> None:
    box = make(tmp_path, allow_network=True)
    res = box.run("cat /proc/net/dev | wc -l")
    assert res.ok
    closed = make(tmp_path).run("cat /proc/net/dev | wc -l")
    assert int(res.stdout) >= int(closed.stdout)


def test_background_job_read_and_kill(tmp_path: Path) -> None:
    box = make(tmp_path)
    job = box.start_background("echo started; sleep 600")
    deadline = time.monotonic() + 10
    while "started" not in box.read_job(job).output and time.monotonic() < deadline:
        time.sleep(0.1)
    status = box.read_job(job)
    assert status.running and "started" in status.output
    killed = box.kill(job)
    assert not killed.running and killed.exit_code is not None
    assert "terminated by SIGKILL" in killed.describe()
    finished = box.start_background("echo quick")
    deadline = time.monotonic() + 10
    while box.read_job(finished).running and time.monotonic() < deadline:
        time.sleep(0.1)
    assert box.read_job(finished).exit_code == 0
    assert [j.job_id for j in box.jobs()] == [job, finished]
    with pytest.raises(UserError, match="No background job"):
        box.read_job("job-99")
    box.close()


def test_background_jobs_are_killed_on_close(tmp_path: Path) -> None:
    box = make(tmp_path)
    job = box.start_background("sleep 600")
    box.close()
    assert not box.read_job(job).running


def test_exec_result_description() -> None:
    assert ExecResult(exit_code=0, stdout="hi\n").describe() == "Exit code 0.\nSTDOUT:\nhi"
    text = ExecResult(exit_code=-24).describe()
    assert "SIGXCPU" in text and "CPU time limit" in text
    assert "(no output)" in ExecResult(exit_code=3).describe()


as_root = pytest.mark.skipif(os.geteuid() != 0, reason="the uid mapping is used only as root")


@as_root
def test_the_workspace_keeps_its_owners(tmp_path: Path) -> None:
    """``--workspace DIR`` as root re-owned every file to the sandbox uid; now the sandbox
    writes the owner's files through an idmapped mount and nothing changes owner on disk."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "mine.txt").write_text("user's\n")
    (ws / "sub").mkdir()
    (ws / "root.txt").write_text("root's\n")
    for path in (ws, ws / "mine.txt", ws / "sub"):
        os.chown(path, 1000, 1000)
    box = BubblewrapSandbox(ws, SandboxConfig(timeout_s=20))
    res = box.run("id -u; echo more >> mine.txt; echo new > sub/new.txt; cat root.txt; "
                  "echo x >> root.txt")
    assert res.stdout.splitlines()[:2] == [str(box.uid), "root's"], res.describe()
    assert box.uid not in (0, 1000)
    assert (ws / "mine.txt").read_text() == "user's\nmore\n"
    owners = {p.name: (p.stat().st_uid, p.stat().st_gid)
              for p in (ws, ws / "mine.txt", ws / "sub", ws / "sub" / "new.txt")}
    assert set(owners.values()) == {(1000, 1000)}, owners
    assert (ws / "root.txt").stat().st_uid == 0
    assert (ws / "root.txt").read_text() == "root's\n"  # not the owner's: not writable


@as_root
def test_files_and_folders_the_host_makes_stay_writable_by_the_sandbox(tmp_path: Path) -> None:
    """The file commands run in the host process, as root: a file or folder they made in a
    user's workspace was root's, so a program in the sandbox (the owner's uid, mapped) could
    not change it afterwards ("Permission denied" on ``echo more >> out.txt``)."""
    from tool_helpers import make_ctx, run

    ctx = make_ctx(tmp_path)
    ws = ctx.workspace
    os.chown(ws, 1000, 1000)
    (ws / "src.txt").write_text("s\n")
    os.chown(ws / "src.txt", 1000, 1000)
    for command, arguments in [("write_file", {"path": "out.txt", "content": "one\n"}),
                               ("write_file", {"path": "new/deep/a.txt", "content": "a\n"}),
                               ("append_to_file", {"path": "log.txt", "content": "l\n"}),
                               ("copy_file", {"source": "src.txt", "destination": "c.txt"})]:
        assert run(ctx, command, **arguments).status == "success"
    made = [ws / "out.txt", ws / "new", ws / "new" / "deep", ws / "new" / "deep" / "a.txt",
            ws / "log.txt", ws / "c.txt"]
    assert {(p.stat().st_uid, p.stat().st_gid) for p in made} == {(1000, 1000)}
    box = BubblewrapSandbox(ws, SandboxConfig(timeout_s=20))
    res = box.run("echo two >> out.txt && echo b > new/deep/b.txt && echo m >> log.txt "
                  "&& echo d >> c.txt")
    assert res.exit_code == 0, res.describe()
    assert (ws / "out.txt").read_text() == "one\ntwo\n"
    assert (ws / "c.txt").read_text() == "s\nd\n"


@as_root
def test_a_root_owned_workspace_other_users_can_reach_is_refused(tmp_path: Path) -> None:
    import tempfile

    open_dir = Path(tempfile.mkdtemp(prefix="autonomo-test-"))
    try:
        open_dir.chmod(0o755)
        with pytest.raises(UserError, match="setuid-root"):
            BubblewrapSandbox(open_dir, SandboxConfig())
    finally:
        open_dir.rmdir()


def test_a_folder_1100_levels_deep_does_not_stop_commands(tmp_path: Path) -> None:
    from tool_helpers import make_deep_folder, remove_deep_folder

    box = make(tmp_path)
    make_deep_folder(box.workspace, 1100)
    try:
        res = box.run("echo alive")
        assert res.stdout == "alive\n", res.describe()
    finally:
        remove_deep_folder(box.workspace)


@as_root
def test_one_agents_jobs_cannot_use_up_another_agents_process_limit(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    config = SandboxConfig(timeout_s=20, max_processes=15)
    first, second = BubblewrapSandbox(tmp_path / "a", config), BubblewrapSandbox(tmp_path / "b",
                                                                                   config)
    assert first.uid != second.uid
    hog = (
        "import os, time\n"
        "while True:\n"
        "    try:\n"
        "        if os.fork() == 0:\n"
        "            time.sleep(60); os._exit(0)\n"
        "    except OSError:\n"
        "        print('FULL', flush=True); time.sleep(60)\n"
    )
    job = first.start_background([first.python, "-c", hog])
    try:
        deadline = time.monotonic() + 15
        while "FULL" not in first.read_job(job).output and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "FULL" in first.read_job(job).output
        res = second.run("(true); (true); sh -c 'echo forked'")
        assert res.stdout == "forked\n", res.describe()
    finally:
        first.close()
        second.close()


def test_file_size_and_disk_limits(tmp_path: Path) -> None:
    box = make(tmp_path, max_file_mb=1)
    res = box.run("head -c 3000000 /dev/zero > big; echo $?; fallocate -l 3G huge; echo $?")
    codes = res.stdout.split()
    assert codes[0] != "0" and codes[1] != "0", res.describe()
    assert (box.workspace / "big").stat().st_size <= 1024 * 1024
    assert not (box.workspace / "huge").exists() or (box.workspace / "huge").stat().st_size == 0
    filler = make(tmp_path, max_file_mb=8, max_write_mb=24)
    res = filler.run("for i in $(seq 1 40); do head -c 7000000 /dev/zero > f$i; sleep 0.1; "
                     "done; echo finished", timeout=30)
    assert "finished" not in res.stdout
    assert res.stopped and "disk limit" in res.describe(), res.describe()
    assert len(list(filler.workspace.glob("f*"))) < 15


@as_root
def test_without_an_idmapped_mount_nothing_runs_and_the_reason_is_given(tmp_path: Path) -> None:
    import subprocess

    prefix = bubblewrap._idmap_prefix(str(tmp_path / "missing"), 0, 0, 65533)
    done = subprocess.run([*prefix, "/bin/echo", "ran"], capture_output=True, text=True)
    assert done.returncode == 125 and "ran" not in done.stdout
    assert done.stderr.startswith("autonomo-idmap: cannot give the workspace")
