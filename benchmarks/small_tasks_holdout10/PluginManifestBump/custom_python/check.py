"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok, read

try:
    ok(jload('plugin_manifest.json') == {'name': 'csv-preview', 'version': '2.4.0', 'min_app': '2.3.1', 'author': 'R. Okafor'}, read('plugin_manifest.json'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
