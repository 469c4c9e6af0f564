"""bubblewrap backend: a fresh mount, network, pid and user namespace per command.

The sandbox sees a read-only system (``/usr``, ``/etc``, the Python installation), a private
``/tmp`` and the workspace at ``/workspace`` — the only writable place. The host's home, other
folders and environment are not there at all. It runs as uid 65534 inside a user namespace;
when autonomo itself runs as root, bubblewrap is started as ``SandboxConfig.sandbox_uid`` on
the host, because the kernel exempts root from ``RLIMIT_NPROC`` (a fork bomb would otherwise
not be stopped), and the workspace is handed to that uid so it stays writable.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.sandbox.base import Launch, ProcessSandbox

log = logging.getLogger(__name__)

_SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")
_TMP_BYTES = 256 * 1024 * 1024


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def _host_ids(config: SandboxConfig) -> tuple[int, int] | None:
    """The uid/gid to start bubblewrap as, or None to keep ours."""
    if os.geteuid() == 0:
        return config.sandbox_uid, config.sandbox_uid
    return None


@functools.lru_cache(maxsize=8)
def _probe(bwrap: str, ids: tuple[int, int] | None) -> str | None:
    """None when bubblewrap can create its namespaces here, else the reason it cannot."""
    kwargs = {"user": ids[0], "group": ids[1], "extra_groups": []} if ids else {}
    try:
        done = subprocess.run(
            [bwrap, "--unshare-all", "--unshare-user", "--ro-bind", "/", "/", "true"],
            capture_output=True,
            timeout=10,
            env={"PATH": "/usr/bin:/bin"},
            **kwargs,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    if done.returncode != 0:
        return done.stderr.decode(errors="replace").strip() or f"exit code {done.returncode}"
    return None


def unavailable_reason(config: SandboxConfig) -> str | None:
    """Why bubblewrap cannot be used here (None: it can)."""
    bwrap = bwrap_path()
    if bwrap is None:
        return "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    reason = _probe(bwrap, _host_ids(config))
    if reason:
        return f"bwrap cannot create namespaces here: {reason}"
    return None


def _python_prefix() -> Path:
    return Path(os.path.realpath(sys.base_prefix))


class BubblewrapSandbox(ProcessSandbox):
    name = "bubblewrap"
    isolating = True

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        super().__init__(workspace, config)
        bwrap = bwrap_path()
        if bwrap is None:
            from autonomo.errors import MissingDependencyError

            raise MissingDependencyError(
                "bubblewrap is not installed: apt-get install bubblewrap (or choose another "
                "sandbox backend)."
            )
        self._bwrap = bwrap
        self._ids = _host_ids(config)

    @property
    def python(self) -> str:
        return os.path.realpath(sys.executable)

    def _prepare(self) -> None:
        """Running as root: give the workspace to the sandbox uid so it can write there."""
        if self._ids is None:
            return
        uid, gid = self._ids
        for path in [self.workspace, *self._walk()]:
            try:
                st = path.lstat()
                if st.st_uid != uid or st.st_gid != gid:
                    os.lchown(path, uid, gid)
            except FileNotFoundError:
                continue

    def _walk(self) -> list[Path]:
        found: list[Path] = []
        for root, dirs, files in os.walk(self.workspace):
            found.extend(Path(root, name) for name in dirs + files)
        return found

    def _launch(self, argv: list[str], cwd: str, env: dict[str, str], name: str) -> Launch:
        mount = self.workspace_mount
        args = [
            self._bwrap,
            "--unshare-all",
            "--unshare-user",
            "--uid", "65534",
            "--gid", "65534",
            "--hostname", "sandbox",
            "--die-with-parent",
            "--new-session",
            "--clearenv",
        ]
        if self.config.allow_network:
            args.append("--share-net")
        args += ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
        for link in _SYSTEM_LINKS:
            if os.path.islink(link):
                args += ["--symlink", os.readlink(link), link]
            elif os.path.isdir(link):
                args += ["--ro-bind", link, link]
        prefix = _python_prefix()
        if not str(prefix).startswith("/usr/"):
            args += ["--ro-bind", str(prefix), str(prefix)]
        args += [
            "--proc", "/proc",
            "--dev", "/dev",
            "--size", str(_TMP_BYTES), "--tmpfs", "/tmp",
            "--bind", str(self.workspace), mount,
            "--chdir", f"{mount}/{cwd}" if cwd != "." else mount,
        ]
        path = f"{prefix}/bin:{env.get('PATH', '/usr/bin:/bin')}"
        for key, value in {**env, "PATH": path}.items():
            args += ["--setenv", key, value]
        popen: dict[str, object] = {}
        if self._ids:
            popen = {"user": self._ids[0], "group": self._ids[1], "extra_groups": []}
        return Launch(argv=[*args, "--", *argv], env={"PATH": "/usr/bin:/bin"}, popen=popen)
