"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys
import tomllib

from checks import ok, read

try:
    ok(tomllib.loads(read('herb_bed.toml')) == {'bed': {'name': 'herb spiral', 'width_cm': 120}}, 'wrong TOML')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
