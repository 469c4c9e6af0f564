"""Errors, split by who must act.

* ``UserError`` and subclasses: the user or developer must act (bad config, missing key,
  workspace escape). The message says how to fix it; the CLI prints it without a traceback.
* ``ModelResponseError``: the *model* must act (malformed output). The runner shows the error
  to the model and asks again; repeated failures end the run.
* ``ProviderError`` and subclasses: infrastructure. Transient ones are retried with backoff
  before they surface.
"""

from __future__ import annotations


class AutonomoError(Exception):
    """Base class of every error autonomo raises on purpose."""


class UserError(AutonomoError):
    """The user or developer must act; ``str(error)`` says how."""


class ConfigError(UserError):
    """The configuration is invalid or incomplete."""


class MissingDependencyError(UserError):
    """An optional component is not installed."""


class WorkspaceError(UserError):
    """A path would leave the agent's workspace, or is otherwise unusable."""


class AgentBusyError(UserError):
    """Another live process is running this agent (one driver per agent)."""


class BudgetExceededError(AutonomoError):
    """A call would take spending past the configured budget."""


class ModelResponseError(AutonomoError):
    """The model's response could not be used (invalid JSON, schema violation, unknown command)."""


class ProviderError(AutonomoError):
    """A model provider failed."""


class TransientProviderError(ProviderError):
    """A failure that may succeed when retried: rate limit, timeout, dropped connection, 5xx."""

    def __init__(self, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class RetriesExhaustedError(ProviderError):
    """A transient failure persisted through every retry."""
