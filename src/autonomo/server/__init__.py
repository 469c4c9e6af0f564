"""``autonomo serve``: the Agent Protocol v1 server, many tasks at once, and a web page.

``create_app(settings)`` (``autonomo.server.app``) builds the FastAPI app; ``serve(settings)``
(``autonomo.server.run``) runs it with uvicorn. FastAPI and uvicorn are the ``server`` extra,
imported only here.
"""
