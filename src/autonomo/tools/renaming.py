"""``renameat2(2)`` through the C library: a rename that never replaces (``NOREPLACE``) or
that swaps two names in one step (``EXCHANGE``), each relative to a folder's descriptor.

Python's ``os`` has no binding; the PyPI ``renameat2`` package had no wheel for CPython 3.12
(built from source there) and encoded names strictly as UTF-8. Here names go to the kernel as
the bytes the file system holds (``os.fsencode``), so a name that is not UTF-8 takes the same
way as any other. Where the C library lacks the call (glibc < 2.28) or the kernel or file
system lacks a flag (Linux < 3.15, some network and FUSE file systems), ``OSError`` carries
``ENOSYS`` or ``EINVAL`` with a message that says so: callers fall back (``atomic.move``).
"""

from __future__ import annotations

import ctypes
import errno
import os

NOREPLACE = 1  #: RENAME_NOREPLACE: fail with EEXIST rather than replace the new name
EXCHANGE = 2  #: RENAME_EXCHANGE: swap the two names; both must exist

_FLAG_NAMES = {NOREPLACE: "RENAME_NOREPLACE", EXCHANGE: "RENAME_EXCHANGE"}
#: the process's own C library (already loaded; no file looked up)
_CALL = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
if _CALL is not None:
    _CALL.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                      ctypes.c_uint)
    _CALL.restype = ctypes.c_int


def renameat2(src_dir: int, src: str | bytes, dst_dir: int, dst: str | bytes,
              flags: int) -> None:
    """Rename ``src`` in the folder ``src_dir`` to ``dst`` in ``dst_dir`` with ``flags``
    (``NOREPLACE`` or ``EXCHANGE``); ``OSError`` with the system's errno otherwise."""
    what = _FLAG_NAMES.get(flags, f"flags {flags}")
    if _CALL is None:
        raise OSError(errno.ENOSYS, f"renameat2 ({what}) is not in this system's C library")
    src, dst = os.fsencode(src), os.fsencode(dst)
    if b"\0" in src or b"\0" in dst:  # a C string would end there: another name
        raise ValueError("embedded null byte")
    if _CALL(src_dir, src, dst_dir, dst, flags) == 0:
        return
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS):
        raise OSError(code, f"{os.strerror(code)}: this kernel or file system does not take "
                            f"renameat2 with {what}")
    raise OSError(code, os.strerror(code))
