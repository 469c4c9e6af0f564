"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('fingerprint.txt')) == 'b29c74a24ad35311', read('fingerprint.txt'))
    ok(lines(read('fingerprint.py')) == ['import hashlib', 'print(hashlib.sha256(b"lighthouse-keeper-1897").hexdigest()[:16])'], 'fingerprint.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
