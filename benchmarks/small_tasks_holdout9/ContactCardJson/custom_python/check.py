"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok

try:
    got = jload('contact.json')
    ok(got == {'name': 'Ines Duarte', 'phone': '+351 912 000 417', 'vip': True}, got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
