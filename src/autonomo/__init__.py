"""autonomo: autonomous LLM agents and SOP-driven teams, offline by default."""

__version__ = "0.1.0"
