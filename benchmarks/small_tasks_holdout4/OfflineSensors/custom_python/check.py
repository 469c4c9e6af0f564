"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('offline.txt'), 'sensors') == 2, read('offline.txt'))
    ok(lines(read('sensors.json')) == ['[', '{', '"id": "s1"', '"room": "attic"', '"status": "online"', '}', '{', '"id": "s2"', '"room": "cellar"', '"status": "offline"', '}', '{', '"id": "s3"', '"room": "kitchen"', '"status": "online"', '}', '{', '"id": "s4"', '"room": "garage"', '"status": "online"', '}', '{', '"id": "s5"', '"room": "porch"', '"status": "offline"', '}', '{', '"id": "s6"', '"room": "study"', '"status": "online"', '}', ']'], 'sensors.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
