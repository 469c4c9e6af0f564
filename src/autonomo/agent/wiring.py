"""Kept for older imports: ``Workbench`` lives in ``autonomo.agent.workbench``."""

from autonomo.agent.workbench import Workbench

__all__ = ["Workbench"]
