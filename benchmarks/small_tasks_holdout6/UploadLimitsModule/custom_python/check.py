"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('limits.py')
    ok(m.MAX_UPLOAD_MB == 25, m.MAX_UPLOAD_MB)
    ok(isinstance(m.ALLOWED_TYPES, (list, tuple)), m.ALLOWED_TYPES)
    ok(sorted(str(x).lower().lstrip('.') for x in m.ALLOWED_TYPES) == ['jpg', 'png', 'webp'], m.ALLOWED_TYPES)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
