"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    d = jload('editor_prefs.json')
    ok(d == {'font_size': 13, 'telemetry': False, 'tab_width': 4, 'recent': ['plan.md', 'budget.ods']}, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
