"""Start the server: check the address, build the app, run uvicorn."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from autonomo.config import Settings
from autonomo.errors import MissingDependencyError
from autonomo.server.security import check_bind


def serve(settings: Settings, *, on_ready: Callable[[str, int], None] | None = None,
          **app_options: Any) -> int:
    """Run until interrupted; refuses a non-loopback address without a token.

    ``on_ready(host, port)`` is called once listening (port 0 picks a free port)."""
    config = settings.server
    check_bind(config.host, config.token)
    try:
        import uvicorn

        from autonomo.server.app import create_app
    except ImportError as exc:
        raise MissingDependencyError(
            f"The server needs {exc.name}: pip install 'autonomo[server]'.") from exc
    class QuietServer(uvicorn.Server):
        """Ctrl-C stops it gracefully and quietly (uvicorn re-raises the signal afterwards,
        which printed a traceback from the app's shutdown)."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                yield
                self._captured_signals.clear()

    app = create_app(settings, **app_options)
    server = QuietServer(uvicorn.Config(app, host=config.host, port=config.port,
                                        log_level="warning", lifespan="on",
                                        timeout_keep_alive=30))
    if on_ready is not None:
        original = server.startup

        async def startup(sockets: Any = None) -> None:
            await original(sockets)
            if server.started:
                host, port = server.servers[0].sockets[0].getsockname()[:2]
                on_ready(host, port)

        server.startup = startup  # type: ignore[method-assign]
    server.run()
    return 0
