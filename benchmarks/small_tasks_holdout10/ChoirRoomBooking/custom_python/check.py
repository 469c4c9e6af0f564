"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('choir_room.txt')) == 'room 14b, second floor', read('choir_room.txt'))
    ok(lines(read('choir_members.txt')) == ['Alto: June', 'Tenor: Ravi'], 'choir_members.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
