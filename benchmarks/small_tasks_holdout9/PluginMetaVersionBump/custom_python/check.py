"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    got = jload('plugin_meta.json')
    ok(got == {'name': 'quick-crop', 'version': '2.4.1', 'engine': '>=1.8', 'authors': ['Noor']}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
