"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('new_id.txt'))
    ok(got == 'tkt-1928416d', got)
    ok(lines(read('helpdesk/make_id.py')) == ['"""Prints the id for the next support ticket."""', 'import hashlib', 'print("TKT-" + hashlib.sha1(b"ticket 3381").hexdigest()[:8].upper())'], 'helpdesk/make_id.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
