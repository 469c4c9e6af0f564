"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('enabled.txt')))
    ok(got == ['dark_mode', 'new_checkout'], got)
    ok(lines(read('toggles.json')) == ['{"dark_mode": true, "beta_search": false, "new_checkout": true, "chat_widget": false}'], 'toggles.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
