"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import norm, ok, read

try:
    ok(norm(read('vet_contact.txt')) == 'dr. amara quist, 555-0142', read('vet_contact.txt'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
