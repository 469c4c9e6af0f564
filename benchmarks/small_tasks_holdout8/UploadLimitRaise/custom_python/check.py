"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, number, ok

try:
    d = jload('uploader/limits.json')
    ok(number(d.get('max_upload_mb')) == 100, d)
    ok({k: v for k, v in d.items() if k != 'max_upload_mb'} == {'allowed_types': ['jpg', 'png', 'pdf'], 'virus_scan': True}, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
