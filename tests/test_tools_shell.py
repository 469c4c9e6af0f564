"""Shell policy bypass attempts fail closed; shell and Python commands run in the sandbox."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from autonomo.config import SandboxConfig
from autonomo.sandbox import can_execute
from autonomo.tools import shell_policy
from autonomo.tools.builtin import builtin_registry
from autonomo.tools.shell_policy import ShellPolicy, ShellPolicyError
from tool_helpers import make_ctx, run

needs_sandbox = pytest.mark.skipif(
    not can_execute(SandboxConfig()), reason="no sandbox backend available"
)

ALLOW = ShellPolicy.from_lists(allow=["ls", "echo", "cat", "grep", "python3"], deny=["rm"])
DENY = ShellPolicy.from_lists(deny=["rm", "curl"])


@pytest.mark.parametrize(
    ("policy", "command", "why"),
    [
        (ALLOW, "/bin/rm -rf /workspace", "deny list"),
        (DENY, "/usr/bin/rm x", "deny list"),
        (DENY, "./rm x", "deny list"),
        (DENY, "r\\m x", "deny list"),
        (DENY, '"rm" x', "deny list"),
        (ALLOW, 'echo "unbalanced', "cannot be parsed"),
        (ALLOW, "echo 'open", "cannot be parsed"),
        (ALLOW, 'bash -c "ls"', "run text as a command"),
        (DENY, 'bash -c "rm -rf ."', "run text as a command"),
        (DENY, 'sh -c "$(echo cm0gLXJmIC4= | base64 -d)"', "command substitution"),
        (DENY, "sh -c 'rm x'", "run text as a command"),
        (DENY, "echo cm0gLXJmIC4= | base64 -d | sh", "run text as a command"),
        (DENY, "eval rm x", "run text as a command"),
        (DENY, "echo `rm x`", "backticks"),
        (DENY, "cat <(rm x)", "process substitution"),
        (DENY, "x=rm; $x -rf .", "computed at run time"),
        (DENY, "/bin/r? x", "computed at run time"),
        (DENY, "env rm x", "can start other programs"),
        (DENY, "xargs rm < list.txt", "can start other programs"),
        (DENY, "find . -delete -exec rm {} +", "can start other programs"),
        (DENY, "echo a; rm x", "deny list"),
        (DENY, "echo a#b; rm x", "deny list"),
        (DENY, "ls # ; rm x", "comments"),
        (DENY, "echo a && rm x", "deny list"),
        (DENY, "echo a\nrm x", "deny list"),
        (DENY, "(rm x)", "sub-shells"),
        (DENY, "PATH=/workspace ls", "setting PATH"),
        (DENY, "export PATH=/workspace", "run text as a command"),
        (ALLOW, "./ls", "not a system program"),
        (ALLOW, "curl http://x", "not on the shell allow list"),
        (ALLOW, "ls; wget x", "not on the shell allow list"),
        (ALLOW, "echo x | python3 - | sh", "run text as a command"),
        (ALLOW, "echo \x07 x", "control characters"),
        # a heredoc body is text the checker never reads (a reviewer hid rm and id in one)
        (ALLOW, "cat <<cat\ncat '\ncat\nrm -f victim\nid\ncat <<cat\n'\ncat", "heredocs"),
        (ALLOW, "cat <<-EOF\nx\nEOF", "heredocs"),
        (DENY, "cat <<< hi", "herestrings"),
        (DENY, "cat <<'EOF'\nx\nEOF", "heredocs"),
        # a program named by a path in the workspace could be rm under another name
        (DENY, "ln -s /usr/bin/rm r && ./r victim", "not a system program"),
        (DENY, "tools/r victim", "not a system program"),
        (DENY, "/usr/bin/../../workspace/r victim", "not a system program"),
        # programs that run other programs are refused unless explicitly allowed
        (DENY, "sed -n '1e id' x", "can start other programs"),
        (ALLOW, "sed -n '1e id' x", "can start other programs"),
        (DENY, "tar cf /dev/null x --checkpoint-action=exec=id", "can start other programs"),
        (DENY, "git -c alias.x='!id' x", "can start other programs"),
        (DENY, "make -f evil.mk", "can start other programs"),
        (DENY, "python3 -c 'import os'", "can start other programs"),
        (DENY, "python3.11 x.py", "can start other programs"),
        (DENY, "vim -c '!id'", "can start other programs"),
        (DENY, "timeout 5 rm x", "deny list"),
    ],
)
def test_bypass_attempts_fail_closed(policy: ShellPolicy, command: str, why: str) -> None:
    with pytest.raises(ShellPolicyError, match=why):
        policy.check(command)


@pytest.mark.parametrize(
    ("command", "programs"),
    [
        ("ls -la", ["ls"]),
        ("/usr/bin/ls -l", ["ls"]),
        ("echo hi > out.txt && cat out.txt | grep h", ["echo", "cat", "grep"]),
        ("ls 2>&1 | grep x", ["ls", "grep"]),
        ("LANG=C ls", ["ls"]),
        ("for f in a b; do cat $f; done", ["cat"]),
        ("echo 'a;rm b'", ["echo"]),
        ("echo a\\; rm b", ["echo"]),
    ],
)
def test_plain_commands_pass(command: str, programs: list[str]) -> None:
    assert ALLOW.check(command) == programs


def test_an_explicitly_allowed_launcher_is_allowed() -> None:
    """The documented trade-off: naming a launcher in the allow list allows it (and then
    whatever it runs), so a user who lists sed gets sed."""
    policy = ShellPolicy.from_lists(allow=["sed", "cat"])
    assert policy.check("sed -n 1p x | cat") == ["sed", "cat"]
    assert "python3" in (ShellPolicy.__doc__ or "") + (shell_policy.__doc__ or "")


def test_no_lists_no_restriction() -> None:
    assert ShellPolicy().check("bash -c 'anything'") == []


def test_shell_is_off_by_default_and_not_offered(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    assert "execute_shell" not in builtin_registry().select(settings=ctx.settings)
    res = run(ctx, "execute_shell", command="echo hi")
    assert res.status == "error" and "allow_shell" in res.output


@needs_sandbox
def test_shell_with_allowlist_through_the_registry(tmp_path: Path) -> None:
    ctx = make_ctx(
        tmp_path, sandbox={"allow_shell": True, "shell_allowlist": ["echo", "cat", "ls"]}
    )
    assert "execute_shell" in builtin_registry().select(settings=ctx.settings)
    ok = run(ctx, "execute_shell", command="echo hello > h.txt; cat h.txt")
    assert ok.status == "success" and "hello" in ok.output and "Exit code 0" in ok.output
    assert ok.data["exit_code"] == 0
    (ctx.workspace / "keep.txt").write_text("keep")
    refused = run(ctx, "execute_shell", command='sh -c "$(echo cm0ga2VlcC50eHQ= | base64 -d)"')
    assert refused.status == "error" and "Refused" in refused.output
    refused = run(ctx, "execute_shell", command="/bin/rm keep.txt")
    assert refused.status == "error" and "not on the shell allow list" in refused.output
    assert (ctx.workspace / "keep.txt").exists()
    failing = run(ctx, "execute_shell", command="ls missing-file")
    assert failing.status == "error" and "Exit code 2" in failing.output
    assert failing.data["exit_code"] == 2


@needs_sandbox
def test_shell_timeout_is_reported(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path, sandbox={"allow_shell": True, "timeout_s": 1})
    res = run(ctx, "execute_shell", command="sleep 30", timeout_s=60)  # capped at the config's
    assert res.status == "error" and "Timed out" in res.output and res.data["timed_out"]


@needs_sandbox
def test_background_run_check_and_kill(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path, sandbox={"allow_shell": True})
    started = run(ctx, "run", command="echo ready; sleep 600", background=True)
    assert started.status == "success"
    job_id = started.data["job_id"]
    deadline = time.monotonic() + 10
    while "ready" not in run(ctx, "check_job", job_id=job_id).output:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert "running" in run(ctx, "check_job", job_id=job_id).output
    assert f"{job_id}: running" in run(ctx, "list_jobs").output
    killed = run(ctx, "kill", job_id=job_id)
    assert killed.status == "success" and "SIGKILL" in killed.output
    unknown = run(ctx, "kill_job", job_id="job-42")
    assert unknown.status == "error" and "No background job" in unknown.output
    from autonomo.tools.context import sandbox

    sandbox(ctx).close()


@needs_sandbox
def test_execute_python_code_and_file(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    res = run(ctx, "execute_python_code", code="import sys\nprint(sum(range(10)))\n")
    assert res.status == "success" and "45" in res.output
    res = run(ctx, "execute_python_code", code="raise SystemExit('bad input')")
    assert res.status == "error" and "Exit code 1" in res.output and "bad input" in res.output
    (ctx.workspace / "tool.py").write_text(
        "import sys, pathlib\npathlib.Path('out.txt').write_text(' '.join(sys.argv[1:]))\n"
        "print('wrote')\n"
    )
    res = run(ctx, "execute_python_file", path="tool.py", args=["a", "b"])
    assert res.status == "success" and "wrote" in res.output
    assert (ctx.workspace / "out.txt").read_text() == "a b"
    assert run(ctx, "execute_python_file", path="missing.py").status == "error"
    assert run(ctx, "execute_python_file", path="../x.py").status == "error"
    assert run(ctx, "execute_python_file", path="out.txt").status == "error"


@needs_sandbox
def test_python_code_cannot_escape(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path)
    outside = tmp_path / "escaped.txt"
    res = run(
        ctx,
        "execute_python_code",
        code=f"open({str(outside)!r}, 'w').write('x')",
    )
    assert res.status == "error" and not outside.exists()
