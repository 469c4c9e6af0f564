"""bubblewrap backend: fresh mount, network, pid, ipc and uts namespaces per command.

The sandbox sees a read-only system (``/usr``, ``/etc``, the Python installation), a private
``/tmp`` and the workspace at ``/workspace`` — the only writable place. The host's home, other
folders and environment are not there at all.

Who the process is:
* autonomo run by a normal user: bubblewrap adds a user namespace and the command runs as
  uid 65534 inside it.
* autonomo run as root: the kernel exempts root from ``RLIMIT_NPROC`` (a fork bomb would not
  be stopped), even inside a user namespace. So bubblewrap sets up the mounts as root and the
  command then drops to ``SandboxConfig.sandbox_uid`` — a real, otherwise unused host uid —
  with every capability removed and ``no_new_privs`` (util-linux ``setpriv``). The workspace
  is handed to that uid so it stays writable; root can still read and change everything in it.
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from autonomo.config import SandboxConfig
from autonomo.errors import MissingDependencyError
from autonomo.sandbox.base import Launch, ProcessSandbox

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
    else:
        argv = [bwrap, "--unshare-all", "--unshare-user", "--ro-bind", "/", "/", "true"]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=10, env={"PATH": "/usr/bin:/bin"})
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
    reason = _probe(bwrap, _as_root())
    if reason:
        return f"bwrap cannot create its sandbox here: {reason}"
    return None


def _hand_over(name: str, dirfd: int, uid: int, device: int) -> bool:
    """Give ``name`` in the folder ``dirfd`` to ``uid`` without following symlinks; False
    when it is gone or on another device (so a folder is not to be entered)."""
    try:
        st = os.stat(name, dir_fd=dirfd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    if st.st_dev != device:
        return False
    if st.st_uid == uid and st.st_gid == uid:
        return True
    if not stat.S_ISDIR(st.st_mode) and st.st_nlink > 1 and st.st_uid != uid:
        return True
    try:
        os.chown(name, uid, uid, dir_fd=dirfd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def _python_prefix() -> Path:
    return Path(os.path.realpath(sys.base_prefix))


class BubblewrapSandbox(ProcessSandbox):
    name = "bubblewrap"
    isolating = True

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

    @property
    def python(self) -> str:
        return os.path.realpath(sys.executable)

    @property
    def uid(self) -> int:
        """The uid the command runs as, as seen inside the sandbox."""
        return self.config.sandbox_uid if self._root else 65534

    def _prepare(self) -> None:
        """Running as root: give the workspace to the sandbox uid so it can write there.

        A sandboxed job may be renaming things in the workspace while this runs, so nothing
        here goes by path: every folder is opened relative to its parent's descriptor without
        following symlinks (``os.fwalk`` checks each opened folder is the one it listed), each
        entry is changed through that descriptor with ``follow_symlinks=False``, and mounts of
        other file systems are not entered. Files with other hard links that the sandbox uid
        does not already own are left alone: they may be shared with files outside.
        """
        if not self._root:
            return
        uid = self.config.sandbox_uid
        try:
            top = os.stat(self.workspace, follow_symlinks=False)
        except FileNotFoundError:
            return
        if not stat.S_ISDIR(top.st_mode):
            return
        if top.st_uid != uid or top.st_gid != uid:
            os.chown(self.workspace, uid, uid, follow_symlinks=False)
        for _root, dirs, files, dirfd in os.fwalk(self.workspace, follow_symlinks=False):
            for name in list(dirs):
                if not _hand_over(name, dirfd, uid, top.st_dev):
                    dirs.remove(name)  # another file system, or gone: do not enter
            for name in files:
                _hand_over(name, dirfd, uid, top.st_dev)

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
        if self._root:
            uid = str(self.config.sandbox_uid)
            args += [
                "setpriv", "--reuid", uid, "--regid", uid, "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
            ]
        return Launch(argv=[*args, *argv], env={"PATH": "/usr/bin:/bin"})
