"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('PX-318.md')).lstrip('# ') == 'kickoff notes', read('PX-318.md'))
    ok(lines(read('project_code.txt')) == ['PX-318'], 'project_code.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
