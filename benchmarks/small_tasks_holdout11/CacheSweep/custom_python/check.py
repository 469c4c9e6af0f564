"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('thumbs.cache'), 'thumbs.cache still exists')
    ok(lines(read('thumbs_index.txt')) == ['3'], 'thumbs_index.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
