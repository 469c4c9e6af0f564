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
#: how long a cell whose output was refused waits, once it has its reply and nothing more
#: arrives, for an "idle" status that may have been lost with the dropped connection
_GRACE_S = 1.0


def limit_messages(client: Any) -> None:
    """Before ``client.start_channels()``: its sockets (all made from its own context)
    refuse messages bigger than ``MAX_MESSAGE_BYTES``."""
    client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)


@dataclass
class CellReply:
    """The kernel's reply to a cell (None: refused, too big, or not come in time), how many
    of the cell's output messages were refused, and whether the reply timed out."""

    reply: dict[str, Any] | None
    refused_outputs: int = 0
    timed_out: bool = False

    @property
    def dropped_connection(self) -> bool:
        """A message was refused: the client must connect afresh (see the module)."""
        return bool(self.refused_outputs) or (self.reply is None and not self.timed_out)


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
        return its reply.

        The cell is over once its reply is in (or was refused) and its "idle" status came:
        the kernel sends that status after all of the cell's output, so every output sent
        before it is read, however slowly this host reads. Only when an output message was
        refused may the status itself have been lost with the dropped connection; then the
        wait ends once nothing more has arrived for ``_GRACE_S``. A reply not come by
        ``timeout`` is a timed-out ``CellReply``, with what was counted so far."""
        poller = zmq.Poller()
        for socket, monitor in self._watch.items():
            _drops(monitor)  # drops before this cell are not this cell's
            poller.register(socket, zmq.POLLIN)
            poller.register(monitor, zmq.POLLIN)
        msg_id = self.client.execute(code, allow_stdin=False, stop_on_error=True)
        deadline = time.monotonic() + timeout
        reply: dict[str, Any] | None = None
        replied, idle, refused = False, False, 0
        heard = time.monotonic()  # when anything last arrived
        while not (replied and idle):
            now = time.monotonic()
            left = deadline - now
            if replied and refused:
                left = min(left, heard + _GRACE_S - now)
            if left <= 0:
                break
            events = dict(poller.poll(max(1, int(left * 1000))))
            heard = time.monotonic() if events else heard
            refused += _drops(self._watch[self._iopub]) if self._watch[self._iopub] in events \
                else 0
            if self._watch[self._shell] in events and _drops(self._watch[self._shell]):
                replied = True  # the reply was refused; the cell's output still comes
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
                    reply, replied = msg, True
        return CellReply(reply, refused, timed_out=not replied)


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
