"""A Jupyter (IPython) kernel that runs inside the sandbox.

The kernel is started like any background command of the sandbox — under bubblewrap it has
the workspace as its only writable place and no network. ZeroMQ over TCP would need the host's
network namespace, so the kernel talks over the ``ipc`` transport: Unix sockets in a fresh
folder of the workspace (``.kernel-<id>/k-<port>``).

Those sockets live where the sandboxed code can rename and replace things, and ``connect`` has
no "do not follow symlinks" flag. So the host never connects to a workspace path: once the
kernel has bound its sockets, each one is hard-linked (the directory entry itself, never a
symlink's target) into a host-only folder beside the workspace and checked to be a socket
there; the client connects through that folder's descriptor (``/proc/self/fd/N/k-<port>``).
A socket swapped for a symlink is refused, and nothing is connected to outside the kernel.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from autonomo.errors import MissingDependencyError, UserError
from autonomo.sandbox.base import Sandbox
from autonomo.sandbox.kernel_io import MAX_MESSAGE_BYTES, Receiver, limit_messages
from autonomo.tools import fstree

#: how often a cell the kernel aborted unrun is sent again
_ABORTED_RETRIES = 5
_PORTS = {"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 5}
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: what the kernel process gets besides the sandbox's base environment
KERNEL_ENV = {
    "MPLBACKEND": "module://matplotlib_inline.backend_inline",
    "MPLCONFIGDIR": "/tmp/matplotlib",
    "IPYTHONDIR": "/tmp/ipython",
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "JUPYTER_PLATFORM_DIRS": "1",
}


#: characters of output one cell keeps (text, images as base64, errors): sandboxed code can
#: print without end until the cell's timeout, and everything kept lives in the host's memory
#: and in the saved notebook
MAX_OUTPUT_CHARS = 4_000_000


@dataclass
class CellResult:
    """What one cell did: nbformat outputs, and a text view of them for the model."""

    ok: bool
    outputs: list[Any] = field(default_factory=list)
    error: str = ""
    timed_out: bool = False
    duration_s: float = 0.0

    def text(self, limit: int = 4000) -> str:
        parts: list[str] = []
        for out in self.outputs:
            kind = out.get("output_type")
            if kind == "stream":
                parts.append(out.get("text", ""))
            elif kind in ("execute_result", "display_data"):
                data = out.get("data", {})
                if "image/png" in data:
                    parts.append("[an image was displayed]")
                elif "text/plain" in data:
                    parts.append(data["text/plain"])
        if self.error:
            parts.append(self.error)
        text = "\n".join(p.rstrip("\n") for p in parts if p).strip()
        return text if len(text) <= limit else text[: limit // 2] + "\n...\n" + text[-limit // 2:]


def _require() -> Any:
    try:
        import jupyter_client
        import nbformat  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError(
            "The Jupyter kernel needs the 'data' extra: pip install 'autonomo[data]' "
            "(jupyter_client, ipykernel, nbformat, matplotlib, pandas).") from exc
    return jupyter_client


class SandboxedKernel:
    """An IPython kernel in ``sandbox``; state persists between ``execute`` calls."""

    def __init__(self, sandbox: Sandbox, *, startup_timeout: float = 60.0) -> None:
        _require()
        self.sandbox = sandbox
        self.startup_timeout = startup_timeout
        self._job: str | None = None
        self._client: Any = None
        self._receiver: Receiver | None = None
        self._info: dict[str, Any] = {}
        self._private_fd: int | None = None
        self._private: str | None = None
        self._folder = f".kernel-{secrets.token_hex(4)}"

    # -- starting -----------------------------------------------------------------------------
    def start(self) -> SandboxedKernel:
        workspace = self.sandbox.workspace
        key = secrets.token_hex(16)
        os.mkdir(workspace / self._folder, 0o700)  # fails if anything is there already
        inside = f"{self.sandbox.workspace_mount or workspace.as_posix()}/{self._folder}"
        info = {**_PORTS, "transport": "ipc", "ip": f"{inside}/k", "key": key,
                "signature_scheme": "hmac-sha256", "kernel_name": "python3"}
        self._write_connection_file(json.dumps(info))
        self._job = self.sandbox.start_background(
            [self.sandbox.python, "-m", "ipykernel_launcher", "-f",
             f"{inside}/connection.json", "--HistoryManager.enabled=False"],
            env=KERNEL_ENV,
        )
        try:
            self._link_sockets()
            self._info = {**info, "ip": f"/proc/self/fd/{self._private_fd}/k"}
            self._connect()
        except BaseException:
            self.shutdown()
            raise
        return self

    def _connect(self) -> None:
        """A new client on the kernel's (linked) sockets, refusing huge messages."""
        import jupyter_client

        client = jupyter_client.BlockingKernelClient()
        client.load_connection_info(self._info)
        limit_messages(client)
        client.start_channels()
        self._client = client
        client.wait_for_ready(timeout=self.startup_timeout)
        self._receiver = Receiver(client)

    def _disconnect(self) -> None:
        if self._receiver is not None:
            self._receiver.close()
            self._receiver = None
        if self._client is not None:
            self._client.stop_channels()
            self._client = None

    def _write_connection_file(self, text: str) -> None:
        folder = os.open(self.sandbox.workspace / self._folder, _DIR_FLAGS)
        try:
            fd = os.open("connection.json", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o644, dir_fd=folder)
        finally:
            os.close(folder)
        with os.fdopen(fd, "w") as handle:
            handle.write(text)

    def _link_sockets(self) -> None:
        """Hard-link each socket the kernel bound into a host-only folder (see the module
        docstring); fail closed on anything that is not a socket."""
        workspace = self.sandbox.workspace
        self._private = tempfile.mkdtemp(prefix=".kernel-host-", dir=workspace.parent)
        self._private_fd = os.open(self._private, _DIR_FLAGS)
        names = [f"k-{port}" for port in _PORTS.values()]
        deadline = time.monotonic() + self.startup_timeout
        folder = os.open(workspace / self._folder, _DIR_FLAGS)
        try:
            pending = list(names)
            while pending:
                for name in list(pending):
                    if self._link_one(folder, name):
                        pending.remove(name)
                if not pending:
                    break
                self._check_alive()
                if time.monotonic() > deadline:
                    raise UserError(f"The kernel did not open its sockets within "
                                    f"{self.startup_timeout:g} s.")
                time.sleep(0.02)
        finally:
            os.close(folder)

    def _link_one(self, folder: int, name: str) -> bool:
        assert self._private_fd is not None
        try:
            st = os.stat(name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return False
        if not stat.S_ISSOCK(st.st_mode):
            raise UserError(f"Refused to connect to the kernel: {self._folder}/{name} in the "
                            "workspace is not a socket (it may have been replaced).")
        try:
            os.link(name, name, src_dir_fd=folder, dst_dir_fd=self._private_fd,
                    follow_symlinks=False)
        except OSError as exc:
            raise UserError(f"Cannot link the kernel's socket {name} next to the workspace "
                            f"({exc.strerror}); the kernel needs its workspace and the folder "
                            "above it on one file system.") from exc
        linked = os.stat(name, dir_fd=self._private_fd, follow_symlinks=False)
        if not stat.S_ISSOCK(linked.st_mode):
            raise UserError(f"Refused to connect to the kernel: {name} was swapped for "
                            "something that is not a socket.")
        return True

    def _check_alive(self) -> None:
        if self._job is None:
            return
        status = self.sandbox.read_job(self._job)
        if not status.running:
            raise UserError(f"The kernel stopped while starting: {status.describe()}")

    # -- running code ----------------------------------------------------------------------------
    def execute(self, code: str, *, timeout: float = 60.0) -> CellResult:
        """Run ``code`` as one cell; never raises for an error in the code."""
        import nbformat

        if self._client is None or self._receiver is None:
            raise UserError("The kernel is not running.")
        outputs: list[Any] = []
        kept, dropped = 0, 0

        def collect(msg: dict[str, Any]) -> None:
            nonlocal kept, dropped
            if msg["msg_type"] not in ("stream", "display_data", "execute_result", "error"):
                return
            size = len(json.dumps(msg["content"], default=str))
            if kept + size > MAX_OUTPUT_CHARS:  # the rest of a flood is not held in memory
                dropped += size
                return
            kept += size
            outputs.append(nbformat.v4.output_from_msg(msg))

        started = time.monotonic()
        for attempt in range(_ABORTED_RETRIES + 1):
            left = max(0.1, timeout - (time.monotonic() - started))
            answer = self._receiver.run(code, left, collect)
            reply = answer.reply
            # "aborted": the code never ran — ipykernel drops the requests that reach it while
            # it clears the queue behind a failed or interrupted cell; send it again
            if reply is None or reply["content"].get("status") != "aborted" \
                    or attempt == _ABORTED_RETRIES:
                break
            time.sleep(0.05 * (attempt + 1))
        if answer.timed_out:
            self.interrupt()
        if answer.dropped_connection:  # see kernel_io: connect afresh
            self._disconnect()
            self._connect()
        # what was not kept is said however the cell ended (a flood that ran into its
        # timeout too)
        if dropped:
            outputs.append(nbformat.v4.new_output(
                "stream", name="stderr", text=f"[{dropped} more characters of output not kept: "
                f"a cell keeps at most {MAX_OUTPUT_CHARS}]\n"))
        if answer.refused_outputs:
            outputs.append(nbformat.v4.new_output(
                "stream", name="stderr", text=f"[{answer.refused_outputs} output message(s) "
                f"over {MAX_MESSAGE_BYTES} bytes refused, not kept]\n"))
        if answer.timed_out:
            return CellResult(False, outputs, f"TimeoutError: the cell ran longer than "
                              f"{timeout:g} s and was interrupted.", True,
                              time.monotonic() - started)
        if reply is None:
            return CellResult(False, outputs, f"The kernel's reply to this cell was over "
                              f"{MAX_MESSAGE_BYTES} bytes (a huge error message?) and was "
                              "refused.", False, time.monotonic() - started)
        content = reply["content"]
        error = ""
        if content.get("status") == "aborted":
            error = ("The kernel aborted the cell before running it (it was still clearing "
                     "the requests queued behind a failed cell); run it again.")
        elif content.get("status") != "ok":
            trace = "\n".join(content.get("traceback", []))
            error = _ANSI.sub("", trace) or f"{content.get('ename')}: {content.get('evalue')}"
            if len(error) > MAX_OUTPUT_CHARS // 2:
                error = error[: MAX_OUTPUT_CHARS // 4] + "\n...\n" + error[-MAX_OUTPUT_CHARS // 4:]
        return CellResult(not error, outputs, error, False, time.monotonic() - started)

    def interrupt(self) -> None:
        """Ask the kernel (over its control channel) to stop the running cell."""
        if self._client is None:
            return
        message = self._client.session.msg("interrupt_request", {})
        self._client.control_channel.send(message)
        with contextlib.suppress(Exception):  # drain the interrupted cell's reply
            self._client.get_shell_msg(timeout=10)

    @property
    def alive(self) -> bool:
        return self._job is not None and self.sandbox.read_job(self._job).running

    # -- stopping ---------------------------------------------------------------------------------
    def shutdown(self) -> None:
        if self._client is not None:
            with contextlib.suppress(Exception):
                self._client.shutdown()
        self._disconnect()
        if self._job is not None:
            deadline = time.monotonic() + 3
            while self.sandbox.read_job(self._job).running and time.monotonic() < deadline:
                time.sleep(0.05)
            self.sandbox.kill(self._job)
            self._job = None
        if self._private_fd is not None:
            os.close(self._private_fd)
            self._private_fd = None
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)
            self._private = None
        with contextlib.suppress(OSError):
            folder = os.open(self.sandbox.workspace, _DIR_FLAGS)
            try:
                fstree.remove_tree(folder, self._folder)  # however deep the code nested it
            finally:
                os.close(folder)

    def __enter__(self) -> SandboxedKernel:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
