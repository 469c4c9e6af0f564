"""Running code safely: the ``Sandbox`` interface, its backends and the fail-closed choice."""

from autonomo.sandbox.base import ExecResult, JobStatus, Sandbox
from autonomo.sandbox.select import backend_name, can_execute, create_sandbox

__all__ = ["ExecResult", "JobStatus", "Sandbox", "backend_name", "can_execute", "create_sandbox"]
