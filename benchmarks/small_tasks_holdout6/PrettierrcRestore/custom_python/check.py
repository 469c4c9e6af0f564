"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import exists, ok, read

try:
    ok(not exists('.prettierrc.bak'), '.prettierrc.bak still there')
    ok(json.loads(read('.prettierrc')) == {'semi': False, 'singleQuote': True, 'printWidth': 100}, read('.prettierrc'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
