"""Chromium in bubblewrap: the browser sees no host files but the read-only system folders.

Playwright starts the browser from an executable path and talks to it over inherited pipes,
so the jail is a small launcher script that Playwright runs in place of Chromium. Inside it,
``/tmp`` (where Playwright's profile folder lives) and ``/dev/shm`` are empty tmpfs, the
host's home, ``/root``, ``/var``, ``/srv`` and every workspace are absent, ``/usr`` and
``/etc`` are read-only, the network namespace is its own (every request is intercepted and
fetched by autonomo anyway), and as root the browser runs as ``nobody`` without
capabilities, so root-only files such as ``/etc/shadow`` stay unreadable.
"""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

#: the uid/gid the browser runs as when autonomo runs as root
NOBODY = 65534


def available() -> bool:
    """bubblewrap is installed (and, as root, setpriv to drop to ``nobody``)."""
    if shutil.which("bwrap") is None:
        return False
    return os.geteuid() != 0 or shutil.which("setpriv") is not None


def jailed_argv(program: str) -> list[str]:
    """The argv that runs ``program`` in the jail (its own arguments follow)."""
    argv = ["bwrap", "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
    for link, target in (("/bin", "usr/bin"), ("/sbin", "usr/sbin"), ("/lib", "usr/lib"),
                         ("/lib64", "usr/lib64")):
        argv += ["--symlink", target, link]
    argv += ["--proc", "/proc", "--dev", "/dev",
             "--perms", "1777", "--tmpfs", "/dev/shm", "--perms", "1777", "--tmpfs", "/tmp",
             "--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-net",
             "--unshare-cgroup-try", "--die-with-parent", "--clearenv",
             "--setenv", "HOME", "/tmp", "--setenv", "PATH", "/usr/bin:/bin"]
    if os.geteuid() == 0:
        argv += ["--", "setpriv", "--reuid", str(NOBODY), "--regid", str(NOBODY),
                 "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]
    else:
        argv += ["--unshare-user"]
    return [*argv, "--", program]


def write_launcher(program: str, folder: Path) -> Path:
    """A launcher script in ``folder`` that runs ``program`` in the jail with its arguments."""
    launcher = folder / "chromium-in-bwrap"
    launcher.write_text("#!/bin/sh\nexec " + shlex.join(jailed_argv(program)) + ' "$@"\n')
    launcher.chmod(0o700)
    return launcher
