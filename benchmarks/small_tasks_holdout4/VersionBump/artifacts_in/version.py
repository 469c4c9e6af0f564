"""Package version."""
__version__ = "2.3.9"
RELEASE_NAME = "heron"
