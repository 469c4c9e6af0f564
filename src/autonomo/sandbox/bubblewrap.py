"""bubblewrap backend: fresh mount, network, pid, ipc and uts namespaces per command.

The sandbox sees a read-only system (``/usr``, ``/etc``, the Python installation), a private
``/tmp`` and the workspace at ``/workspace`` — the only writable place. The host's home, other
folders and environment are not there at all.

Who the process is:
* autonomo run by a normal user: bubblewrap adds a user namespace and the command runs as
  uid 65534 inside it (the user's own uid on the host).
* autonomo run as root: the kernel exempts root from ``RLIMIT_NPROC`` (a fork bomb would not
  be stopped), even inside a user namespace. So bubblewrap sets up the mounts as root and the
  command then drops to a host uid leased for this sandbox alone (``sandbox/uids.py``; agents
  do not share a process limit) with every capability removed and ``no_new_privs``
  (util-linux ``setpriv``). The workspace is not re-owned: ``_idmap_exec.py`` mounts it
  idmapped, so that its owner's files belong to the sandbox uid inside and new files are the
  owner's on disk. A root-owned workspace must sit behind a folder only root can enter, since
  a setuid file the sandbox leaves there would be root's.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.errors import MissingDependencyError, UserError
from autonomo.sandbox.base import Launch, ProcessSandbox
from autonomo.sandbox.uids import UidLease

_SYSTEM_LINKS = ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")
_TMP_BYTES = 256 * 1024 * 1024
_NAMESPACES = ("--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try")


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def _as_root() -> bool:
    return os.geteuid() == 0


@functools.lru_cache(maxsize=8)
def _probe(bwrap: str, as_root: bool) -> str | None:
    """None when bubblewrap can create its namespaces here, else the reason it cannot."""
    if as_root:
        if shutil.which("setpriv") is None:
            return "setpriv (util-linux) is needed to drop root inside the sandbox"
        argv = [bwrap, *_NAMESPACES, "--unshare-net", "--ro-bind", "/", "/", "true"]
        with tempfile.TemporaryDirectory() as folder:  # idmapped mounts work here
            reason = _run_probe([*_idmap_prefix(folder, 0, 0, 65533), *argv])
        return reason
    return _run_probe([bwrap, "--unshare-all", "--unshare-user", "--ro-bind", "/", "/", "true"])


def _run_probe(argv: list[str]) -> str | None:
    try:
        done = subprocess.run(argv, capture_output=True, timeout=10, env={"PATH": "/usr/bin:/bin"})
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    if done.returncode != 0:
        return done.stderr.decode(errors="replace").strip() or f"exit code {done.returncode}"
    return None


def _idmap_prefix(workspace: str, owner_uid: int, owner_gid: int, uid: int) -> list[str]:
    """Run what follows with ``workspace`` idmapped (owner -> ``uid``): see _idmap_exec.py."""
    helper = str(Path(__file__).with_name("_idmap_exec.py"))
    return [sys.executable, "-I", "-S", helper, workspace, str(owner_uid), str(owner_gid),
            str(uid), "--"]


def unavailable_reason(config: SandboxConfig) -> str | None:
    """Why bubblewrap cannot be used here (None: it can)."""
    bwrap = bwrap_path()
    if bwrap is None:
        return "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    reason = _probe(bwrap, _as_root())
    if reason:
        return f"bwrap cannot create its sandbox here: {reason}"
    return None


def _reachable_by_others(path: Path) -> bool:
    """Whether a user other than root can reach ``path`` (no folder on the way, itself
    included, is root's and closed to group and others)."""
    for folder in (path, *path.parents):
        st = os.stat(folder)
        if st.st_uid == 0 and not st.st_mode & 0o011:
            return False
    return True


def _python_prefix() -> Path:
    return Path(os.path.realpath(sys.base_prefix))


class BubblewrapSandbox(ProcessSandbox):
    name = "bubblewrap"
    isolating = True
    auto_order = 0
    unavailable_reason = staticmethod(unavailable_reason)

    def __init__(self, workspace: Path, config: SandboxConfig) -> None:
        super().__init__(workspace, config)
        bwrap = bwrap_path()
        if bwrap is None:
            raise MissingDependencyError(
                "bubblewrap is not installed: apt-get install bubblewrap (or choose another "
                "sandbox backend)."
            )
        self._bwrap = bwrap
        self._root = _as_root()
        self._lease: UidLease | None = None
        if self._root:
            owner = os.stat(self.workspace)
            if owner.st_uid == 0 and _reachable_by_others(self.workspace):
                raise UserError(
                    f"The workspace {self.workspace} belongs to root and other users can reach "
                    "it: a program run in the sandbox could leave a setuid-root file there. "
                    "Use a workspace inside a folder only root can enter (e.g. chmod 700 its "
                    "parent), give the folder to a normal user, or run autonomo as that user."
                )
            self._owner = (owner.st_uid, owner.st_gid)
            self._lease = UidLease(config.sandbox_uid, config.sandbox_uid_count)

    @property
    def python(self) -> str:
        return os.path.realpath(sys.executable)

    @property
    def uid(self) -> int:
        """The uid the command runs as, as seen inside the sandbox."""
        return self._lease.uid if self._lease is not None else 65534

    def close(self) -> None:
        super().close()
        if self._lease is not None:
            self._lease.release()

    def _launch(self, argv: list[str], cwd: str, env: dict[str, str], name: str) -> Launch:
        mount = self.workspace_mount
        args = [self._bwrap, *_NAMESPACES]
        if not self._root:
            args += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
        if not self.config.allow_network:
            args.append("--unshare-net")
        args += ["--hostname", "sandbox", "--die-with-parent", "--new-session", "--clearenv"]
        args += ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
        for link in _SYSTEM_LINKS:
            if os.path.islink(link):
                args += ["--symlink", os.readlink(link), link]
            elif os.path.isdir(link):
                args += ["--ro-bind", link, link]
        prefix = _python_prefix()
        if not str(prefix).startswith("/usr/"):
            for parent in reversed(prefix.parents[:-1]):  # bwrap would make them 0700
                args += ["--perms", "0755", "--dir", str(parent)]
            args += ["--ro-bind", str(prefix), str(prefix)]
        args += [
            "--proc", "/proc",
            "--dev", "/dev",
            "--perms", "1777", "--size", str(_TMP_BYTES), "--tmpfs", "/tmp",
            "--bind", str(self.workspace), mount,
            "--chdir", f"{mount}/{cwd}" if cwd != "." else mount,
        ]
        path = f"{prefix}/bin:{env.get('PATH', '/usr/bin:/bin')}"
        for key, value in {**env, "PATH": path}.items():
            args += ["--setenv", key, value]
        args.append("--")
        if self._lease is None:
            return Launch(argv=[*args, *argv], env={"PATH": "/usr/bin:/bin"})
        uid = str(self._lease.uid)
        args += [
            "setpriv", "--reuid", uid, "--regid", uid, "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
        ]
        idmap = _idmap_prefix(str(self.workspace), *self._owner, self._lease.uid)
        return Launch(argv=[*idmap, *args, *argv], env={"PATH": "/usr/bin:/bin"})
