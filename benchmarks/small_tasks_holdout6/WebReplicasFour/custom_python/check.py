"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, ok, read

try:
    got = lines(read('k8s_web/scale.yaml'))
    ok(len(got) == 3 and got[0] == 'service: web-frontend' and got[2] == 'image: registry.local/web:1.14.2', got)
    ok(re.fullmatch(r"replicas: *(['\"]?)4\1", got[1]), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
