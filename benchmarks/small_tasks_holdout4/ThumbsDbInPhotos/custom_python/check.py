"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('photos/Thumbs.db'), 'photos/Thumbs.db still exists')
    ok(lines(read('photos/dunes_01.jpg')) == ['JPEG placeholder dunes 1'], 'photos/dunes_01.jpg changed or gone')
    ok(lines(read('photos/dunes_02.jpg')) == ['JPEG placeholder dunes 2'], 'photos/dunes_02.jpg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
