"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('ledger_hash.txt')) == 'bafda4e0a651', read('ledger_hash.txt'))
    ok(lines(read('ledger_hash.py')) == ['import hashlib', 'data = "lighthouse-keeper-ledger".encode()', 'print(hashlib.sha1(data).hexdigest()[:12])'], 'ledger_hash.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
