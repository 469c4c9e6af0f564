"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('digest.txt')) == '04db64195367b713', read('digest.txt'))
    ok(lines(read('digest_tool.py')) == ['import hashlib', 'print(hashlib.sha256(b"bluefin-7").hexdigest()[:16])'], 'digest_tool.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
