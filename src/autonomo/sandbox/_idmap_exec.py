"""Run a program with the workspace remounted so that its owner appears as the sandbox uid.

Usage (as root): ``python -I -S _idmap_exec.py WORKSPACE OWNER_UID OWNER_GID SANDBOX_UID --
bwrap ...``. This file is executed by path with the standard library only (no autonomo
import), in the child process just before bubblewrap:

1. a throw-away user namespace maps ``OWNER`` to ``SANDBOX_UID`` (uid and gid);
2. a private mount namespace is entered, so the host never sees what follows;
3. an idmapped copy of the workspace mount (Linux >= 5.12; ext4, xfs, btrfs, tmpfs >= 6.3)
   is put over the workspace path: through it, the owner's files belong to the sandbox uid and
   whatever the sandbox uid creates is stored on disk as the owner's;
4. bubblewrap is executed in that mount namespace and binds the workspace as usual.

So the sandboxed process is an unprivileged uid of its own, yet writes the user's files without
any ``chown``: ownership on disk never changes. Exit status 125 with a line starting
``autonomo-idmap:`` on stderr when the remount is impossible here.
"""

from __future__ import annotations

import ctypes
import os
import sys

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUSER = 0x10000000
_MS_REC, _MS_PRIVATE = 0x4000, 0x40000
_SYS_OPEN_TREE, _SYS_MOVE_MOUNT, _SYS_MOUNT_SETATTR = 428, 429, 442
_OPEN_TREE_CLONE, _OPEN_TREE_CLOEXEC = 1, 0o2000000
_AT_FDCWD, _AT_EMPTY_PATH = -100, 0x1000
_MOVE_MOUNT_F_EMPTY_PATH = 0x4
_MOUNT_ATTR_IDMAP, _MOUNT_ATTR_NOSUID, _MOUNT_ATTR_NODEV = 0x00100000, 0x2, 0x4

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class _MountAttr(ctypes.Structure):
    _fields_ = [("attr_set", ctypes.c_uint64), ("attr_clr", ctypes.c_uint64),
                ("propagation", ctypes.c_uint64), ("userns_fd", ctypes.c_uint64)]


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")
    return result


def _user_namespace(owner_uid: int, owner_gid: int, sandbox_uid: int) -> int:
    """A descriptor of a new user namespace mapping the owner to the sandbox uid."""
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child only holds the namespace while its maps are written
        os.close(ready_r)
        os.close(done_w)
        code = 0 if _libc.unshare(_CLONE_NEWUSER) == 0 else 1
        os.write(ready_w, b"x")
        os.read(done_r, 1)
        os._exit(code)
    os.close(ready_w)
    os.close(done_r)
    try:
        os.read(ready_r, 1)
        with open(f"/proc/{pid}/uid_map", "w") as handle:
            handle.write(f"{owner_uid} {sandbox_uid} 1\n")
        with open(f"/proc/{pid}/setgroups", "w") as handle:
            handle.write("deny")
        with open(f"/proc/{pid}/gid_map", "w") as handle:
            handle.write(f"{owner_gid} {sandbox_uid} 1\n")
        return os.open(f"/proc/{pid}/ns/user", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        os.close(done_w)
        os.waitpid(pid, 0)


def _remount(workspace: str, userns: int) -> None:
    _check(_libc.unshare(_CLONE_NEWNS), "unshare(CLONE_NEWNS)")
    _check(_libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None), "private mounts")
    path = workspace.encode()
    tree = _check(_libc.syscall(_SYS_OPEN_TREE, _AT_FDCWD, path,
                                _OPEN_TREE_CLONE | _OPEN_TREE_CLOEXEC), "open_tree")
    attr = _MountAttr(_MOUNT_ATTR_IDMAP | _MOUNT_ATTR_NOSUID | _MOUNT_ATTR_NODEV, 0, 0, userns)
    _check(_libc.syscall(_SYS_MOUNT_SETATTR, tree, b"", _AT_EMPTY_PATH, ctypes.byref(attr),
                         ctypes.sizeof(attr)), "idmapped mount")
    _check(_libc.syscall(_SYS_MOVE_MOUNT, tree, b"", _AT_FDCWD, path,
                         _MOVE_MOUNT_F_EMPTY_PATH), "move_mount")
    os.close(tree)


def main(argv: list[str]) -> None:
    workspace, owner_uid, owner_gid, sandbox_uid, separator, *program = argv
    if separator != "--" or not program:
        sys.exit("usage: _idmap_exec.py WORKSPACE OWNER_UID OWNER_GID SANDBOX_UID -- ARGV...")
    try:
        userns = _user_namespace(int(owner_uid), int(owner_gid), int(sandbox_uid))
        _remount(workspace, userns)
        os.close(userns)
    except OSError as exc:
        print(f"autonomo-idmap: cannot give the workspace {workspace} to the sandbox uid "
              f"without changing its owner: {exc}. This needs Linux 5.12 or newer and a file "
              "system with idmapped mounts (ext4, xfs, btrfs; tmpfs from Linux 6.3); run "
              "autonomo as a normal user otherwise.", file=sys.stderr)
        sys.exit(125)
    os.execv(program[0], program)


if __name__ == "__main__":
    main(sys.argv[1:])
