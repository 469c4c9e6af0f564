"""Receiving one cell's messages from the sandboxed kernel, each of bounded size.

ZeroMQ hands over a message only once it has all of it: sandboxed code can make the kernel
send a single message of a gigabyte (``print('x' * 10**9)``, a huge return value or error),
and the host would hold it whole before any cap on a cell's output applies. So the client's
sockets refuse messages bigger than ``MAX_MESSAGE_BYTES`` (ZeroMQ's ``MAXMSGSIZE``: the
connection is dropped before the message is read). A refused message is lost — possibly
the kernel's "idle" status or the cell's reply — so a socket monitor watches for those
drops: a cell's wait then neither hangs until its timeout for a message that will never
come, nor hides that output went missing. The kernel's side may still hold the dropped
connection when ZeroMQ makes it again, so after a drop the caller connects a new client.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from queue import Empty
from typing import Any

import zmq
from zmq.utils.monitor import recv_monitor_message

#: the biggest single message the host takes from the kernel; a cell keeps at most
#: ``kernel.MAX_OUTPUT_CHARS`` of output, so nothing bigger would be kept anyway
MAX_MESSAGE_BYTES = 8_000_000
#: how long a cell whose output was refused waits after its reply for its "idle" status
_GRACE_S = 1.0


def limit_messages(client: Any) -> None:
    """Before ``client.start_channels()``: its sockets (all made from its own context)
    refuse messages bigger than ``MAX_MESSAGE_BYTES``."""
    client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)


@dataclass
class CellReply:
    """The kernel's reply to a cell (None: it was refused, too big) and how many of the
    cell's output messages were refused."""

    reply: dict[str, Any] | None
    refused_outputs: int = 0


class Receiver:
    """Waits for cells' messages on a started client, noticing refused ones."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._iopub = client.iopub_channel.socket
        self._shell = client.shell_channel.socket
        self._watch = {self._iopub: self._iopub.get_monitor_socket(zmq.EVENT_DISCONNECTED),
                       self._shell: self._shell.get_monitor_socket(zmq.EVENT_DISCONNECTED)}

    def close(self) -> None:
        for socket, monitor in self._watch.items():
            with contextlib.suppress(zmq.ZMQError):
                socket.disable_monitor()
            monitor.close(linger=0)

    def run(self, code: str, timeout: float,
            collect: Callable[[dict[str, Any]], None]) -> CellReply:
        """Send ``code`` as a cell, pass each of its output messages to ``collect`` and
        return its reply. Raises ``TimeoutError`` when the reply did not come in time."""
        poller = zmq.Poller()
        for socket, monitor in self._watch.items():
            _drops(monitor)  # drops before this cell are not this cell's
            poller.register(socket, zmq.POLLIN)
            poller.register(monitor, zmq.POLLIN)
        msg_id = self.client.execute(code, allow_stdin=False, stop_on_error=True)
        deadline = time.monotonic() + timeout
        reply: dict[str, Any] | None = None
        idle, refused = False, 0
        while reply is None or not idle:
            if reply is not None and refused:  # the "idle" status may have been refused too
                deadline = min(deadline, time.monotonic() + _GRACE_S)
            left = deadline - time.monotonic()
            if left <= 0:
                if reply is None:
                    raise TimeoutError("no reply from the kernel in time")
                break
            events = dict(poller.poll(max(1, int(left * 1000))))
            refused += _drops(self._watch[self._iopub]) if self._watch[self._iopub] in events \
                else 0
            if self._watch[self._shell] in events and _drops(self._watch[self._shell]):
                return CellReply(None, refused)
            if self._iopub in events:
                msg = _take(self.client.iopub_channel)
                if msg is not None and msg["parent_header"].get("msg_id") == msg_id:
                    if msg["msg_type"] == "status":
                        idle = idle or msg["content"].get("execution_state") == "idle"
                    else:
                        collect(msg)
            if self._shell in events:
                msg = _take(self.client.shell_channel)
                if msg is not None and msg["parent_header"].get("msg_id") == msg_id:
                    reply = msg
        return CellReply(reply, refused)


def _take(channel: Any) -> dict[str, Any] | None:
    try:
        return channel.get_msg(timeout=0)
    except Empty:
        return None


def _drops(monitor: zmq.Socket) -> int:
    """How many connection drops ``monitor`` has reported since it was last asked."""
    count = 0
    while True:
        try:
            event = recv_monitor_message(monitor, zmq.NOBLOCK)
        except zmq.Again:
            return count
        count += event["event"] == zmq.EVENT_DISCONNECTED
