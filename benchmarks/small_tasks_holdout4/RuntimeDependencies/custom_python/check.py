"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(re.split(r'[<>=!~ ;\[]', norm(x))[0] for x in items(read('runtime_deps.txt')))
    ok(got == ['click', 'platformdirs', 'rich'], got)
    ok(lines(read('pyproject.toml')) == ['[project]', 'name = "tidy-notes"', 'version = "0.3.0"', 'dependencies = ["click>=8.1", "rich", "platformdirs"]', '[project.optional-dependencies]', 'dev = ["pytest", "ruff"]'], 'pyproject.toml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
