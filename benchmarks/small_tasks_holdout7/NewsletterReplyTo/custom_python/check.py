"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import tomllib
import sys

from checks import ok, read

try:
    d = tomllib.loads(read('newsletter/config.toml'))
    ok(d == {'title': 'Saltmarsh Notes', 'sender': 'Saltmarsh Notes <post@saltmarsh-notes.example>', 'reply_to': 'letters@saltmarsh-notes.example', 'send_day': 'Thursday'}, d)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
