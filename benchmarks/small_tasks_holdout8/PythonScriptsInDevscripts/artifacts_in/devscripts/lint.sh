ruff check .
