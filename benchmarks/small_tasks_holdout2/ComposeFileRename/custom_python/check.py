"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('compose.yaml').rstrip() == 'services:\n  web:\n    image: tidechart:1.4\n    ports:\n      - "8000:8000"', read('compose.yaml'))
    ok(not exists('docker-compose.yml'), 'docker-compose.yml still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
